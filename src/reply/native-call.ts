// One native tool call as its `tool_calls` deltas build it: id, name, arguments text, the
// provider's extra data, and the partial reader that shows the arguments while they stream.
import type { ToolUse } from '../parser/blocks.js';
import { createPartialJsonObjectReader, type PartialJsonObjectReader } from './partial-json-object.js';

/** A native call so far. */
export interface NativeCall {
  index: number;
  id: string | undefined;
  /** The call_id, fixed at first use so it never changes between snapshots. */
  callId: string | undefined;
  name: string;
  arguments: string;
  /** The provider's opaque data on the call (Gemini's thought signature), as it came. */
  extraContent: Record<string, unknown> | undefined;
  reader: PartialJsonObjectReader;
  block: ToolUse;
}

/** A call at `index` before its first delta is merged (its block is set right after). */
export function newNativeCall(index: number): NativeCall {
  return {
    index,
    id: undefined,
    callId: undefined,
    name: '',
    arguments: '',
    extraContent: undefined,
    reader: createPartialJsonObjectReader(),
    block: undefined as unknown as ToolUse,
  };
}

/**
 * Whether a delta starts a new call at an index already used: some servers number every call 0.
 * Only a different id with a name, after the earlier call's arguments closed, counts (servers
 * that invent a new id for every delta must not split one call into many).
 */
export function startsAnotherCall(call: NativeCall, id: string | undefined, name: string | undefined): boolean {
  return id !== undefined && call.id !== undefined && id !== call.id && name !== undefined && call.reader.closed;
}

/** Merges one delta into `call` (its block is left for the caller to rebuild). */
export function mergeCallDelta(
  call: NativeCall,
  id: string | undefined,
  name: string | undefined,
  argumentsDelta: string,
  extraContent: Record<string, unknown> | undefined,
): void {
  if (id !== undefined && call.id === undefined) call.id = id;
  // Most providers send the name once; a few repeat it on every delta, a few split it.
  if (name !== undefined && name !== call.name)
    call.name = call.name !== '' && !name.startsWith(call.name) ? call.name + name : name;
  if (argumentsDelta !== '') {
    call.arguments += argumentsDelta;
    call.reader.push(argumentsDelta);
  }
  // Gemini sends it once, on the call's first delta; later keys add to it, none is rewritten.
  if (extraContent !== undefined) call.extraContent = { ...call.extraContent, ...extraContent };
}
