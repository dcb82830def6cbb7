// Native tool calls (`tool_calls` deltas merged by index) as tool_use blocks that grow with
// their arguments. A call is complete only when the caller says the stream finished normally,
// never because its arguments happen to parse.
import type { ToolUse } from '../parser/blocks.js';
import type { ChatToolCall } from '../wire/types.js';
import { MAX_JSON_DEPTH, jsonTextDepth } from '../wire/json-depth.js';
import { finalParams } from './final-tool-params.js';
import { type NativeCall, mergeCallDelta, newNativeCall, startsAnotherCall } from './native-call.js';

/** The reason a call's arguments are refused for their depth (made when needed: a bundle that never reads native calls drops it). */
function tooDeep(): string {
  return `its arguments nest deeper than ${MAX_JSON_DEPTH} levels, more than this agent reads`;
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

/** `idFallback(index)` names calls whose provider sent no id (the history needs one to answer them). */
export function createNativeToolCalls(idFallback: (index: number) => string): NativeToolCalls {
  const calls: NativeCall[] = []; // sorted by index
  /** The blocks answered last; rebuilt (once) when read after a change: a push costs O(delta), not O(calls). */
  let blocks: ToolUse[] = [];
  let blocksStale = false;
  /** Every call_id given so far: a new id is checked in O(1), not against every call. */
  const usedCallIds = new Set<string>();
  let completed = false;

  /** index -> the latest call with it: a new index is found absent in O(1), not by a scan of every call. */
  const latest = new Map<number, NativeCall>();

  /** A new call at `index`, after every call with an index up to it: a reused index keeps arrival order. */
  function create(index: number): NativeCall {
    const call = newNativeCall(index);
    let at = calls.length;
    while (at > 0 && calls[at - 1].index > index) at--;
    calls.splice(at, 0, call);
    latest.set(index, call);
    return call;
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
    return jsonTextDepth(call.arguments) > MAX_JSON_DEPTH ? { ...partial, argumentsProblem: tooDeep() } : partial;
  }

  return {
    push(index, id, name, argumentsDelta, extraContent) {
      let call = latest.get(index);
      if (call === undefined || startsAnotherCall(call, id, name)) call = create(index);
      mergeCallDelta(call, id, name, argumentsDelta, extraContent);
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
