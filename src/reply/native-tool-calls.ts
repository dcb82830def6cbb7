// Native tool calls (`tool_calls` deltas merged by index) as tool_use blocks that grow with
// their arguments. A call is complete only when the caller says the stream finished normally,
// never because its arguments happen to parse.
import type { ToolUse } from '../parser/blocks.js';
import { createPartialJsonObjectReader, type PartialJsonObjectReader } from './partial-json-object.js';
import type { ChatToolCall } from '../wire/types.js';
import { MAX_JSON_DEPTH, jsonTextDepth } from '../wire/json-depth.js';

const TOO_DEEP = `its arguments nest deeper than ${MAX_JSON_DEPTH} levels, more than this agent reads`;
import { repairToolArguments } from './repair-tool-arguments.js';

interface NativeCall {
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

export interface NativeToolCalls {
  /** Merges one `tool-call` event into the call with that index. */
  push(
    index: number,
    id: string | undefined,
    name: string | undefined,
    argumentsDelta: string,
    extraContent?: Record<string, unknown>,
  ): void;
  /** Marks every call complete (a normal end of the stream); its params come from the whole JSON. A call whose arguments are not a JSON object stays partial. */
  complete(): void;
  /** Current blocks in index order; complete ones keep their identity. */
  readonly blocks: readonly ToolUse[];
  readonly toolCalls: ChatToolCall[];
  readonly size: number;
}

/**
 * Final params from the whole arguments: string values as they are, other values JSON-encoded.
 * Undefined when the arguments are not a JSON object: such a call was cut off or garbled, and
 * must not run with half its arguments (a truncated file written is worse than none).
 */
function finalParams(text: string): Record<string, string> | undefined {
  if (text.trim() === '') return {}; // a call without arguments
  // Re-encoding a value nested thousands deep (JSON.stringify recurses) would overflow the stack.
  if (jsonTextDepth(text) > MAX_JSON_DEPTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = repairToolArguments(text);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

/** `idFallback(index)` names calls whose provider sent no id (the history needs one to answer them). */
export function createNativeToolCalls(idFallback: (index: number) => string): NativeToolCalls {
  const calls: NativeCall[] = []; // sorted by index
  /** The blocks answered last; rebuilt (once) when read after a change: a push costs O(delta), not O(calls). */
  let blocks: ToolUse[] = [];
  let blocksStale = false;
  /** Every call_id given so far: a new id is checked in O(1), not against every call. */
  const usedCallIds = new Set<string>();
  let completed = false;

  function create(index: number): NativeCall {
    const call: NativeCall = {
      index,
      id: undefined,
      callId: undefined,
      name: '',
      arguments: '',
      extraContent: undefined,
      reader: createPartialJsonObjectReader(),
      block: undefined as unknown as ToolUse,
    };
    // After every call with an index up to this one: a reused index keeps arrival order.
    let at = calls.length;
    while (at > 0 && calls[at - 1].index > index) at--;
    calls.splice(at, 0, call);
    latest.set(index, call);
    return call;
  }

  /** index -> the latest call with it: a new index is found absent in O(1), not by a scan of every call. */
  const latest = new Map<number, NativeCall>();

  /** The latest call with this index. */
  function find(index: number): NativeCall | undefined {
    return latest.get(index);
  }

  /**
   * Whether a delta starts a new call at an index already used: some servers number every call 0.
   * Only a different id with a name, after the earlier call's arguments closed, counts (servers
   * that invent a new id for every delta must not split one call into many).
   */
  function startsAnotherCall(call: NativeCall, id: string | undefined, name: string | undefined): boolean {
    return id !== undefined && call.id !== undefined && id !== call.id && name !== undefined && call.reader.closed;
  }

  /**
   * The provider's id, or a fallback when it sent none or "" — made unique within the reply: the
   * machine keys outcomes by call_id, and a second call under the same id would never run
   * (nor could the history answer both).
   */
  function callIdOf(call: NativeCall): string {
    if (call.callId !== undefined) return call.callId;
    const base = call.id !== undefined && call.id !== '' ? call.id : idFallback(call.index);
    let id = base;
    for (let n = 2; usedCallIds.has(id); n++) id = `${base}_${n}`;
    usedCallIds.add(id);
    return (call.callId = id);
  }

  function blockOf(call: NativeCall, partial: boolean, params: Record<string, string>): ToolUse {
    return {
      type: 'tool_use',
      name: call.name,
      params,
      partial,
      call_id: callIdOf(call),
      isNativeToolCall: true,
    };
  }

  /** Complete with its final params, or still partial when its arguments never became a JSON object. */
  function finalBlock(call: NativeCall): ToolUse {
    const params = finalParams(call.arguments);
    if (params !== undefined) return blockOf(call, false, params);
    const partial = blockOf(call, true, call.reader.params);
    return jsonTextDepth(call.arguments) > MAX_JSON_DEPTH ? { ...partial, argumentsProblem: TOO_DEEP } : partial;
  }

  return {
    push(index, id, name, argumentsDelta, extraContent) {
      let call = find(index);
      if (call === undefined || startsAnotherCall(call, id, name)) call = create(index);
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
      // A delta after the end (unusual) still shows, and the call stays as complete as it was.
      call.block = completed ? finalBlock(call) : blockOf(call, true, call.reader.params);
      blocksStale = true;
    },
    complete() {
      if (completed) return;
      completed = true;
      for (const call of calls) call.block = finalBlock(call);
      blocksStale = true;
    },
    get blocks() {
      if (blocksStale) {
        blocks = calls.map((c) => c.block);
        blocksStale = false;
      }
      return blocks;
    },
    get toolCalls() {
      return calls.map((c) => ({
        id: callIdOf(c),
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments },
        ...(c.extraContent !== undefined ? { extra_content: c.extraContent } : {}),
      }));
    },
    get size() {
      return calls.length;
    },
  };
}
