// What changed in a turn since the last view, as protocol-neutral steps: a block opened, its text
// grew by this much, its tool input grew by this JSON, it asks for approval, its result came. The
// AG-UI and UI-message-stream encoders turn these steps into their own events; both read a turn's
// views (selectView), never the machine, so any sequence of views (live or replayed) encodes.
import type { AgentTurnView, BlockView, ToolBlockView } from '../../machines/view/turn-view-types.js';
import { newToolArgsJson, toolArgsJsonDelta, type ToolArgsJsonState } from './tool-args-json.js';

/** One step of a turn's stream, in the order a client should apply them. */
export type BlockChange =
  | { kind: 'prose-start'; key: string; prose: 'text' | 'reasoning' }
  | { kind: 'prose-delta'; key: string; prose: 'text' | 'reasoning'; delta: string }
  | { kind: 'prose-end'; key: string; prose: 'text' | 'reasoning' }
  | { kind: 'tool-start'; key: string; callId: string; name: string }
  | { kind: 'tool-args'; key: string; callId: string; delta: string }
  | { kind: 'tool-input'; key: string; callId: string; name: string; params: Record<string, string> }
  | { kind: 'tool-approval'; key: string; callId: string; name: string; params: Record<string, string> }
  | {
      kind: 'tool-result';
      key: string;
      callId: string;
      name: string;
      status: 'done' | 'error' | 'rejected' | 'skipped' | 'cut-off';
      result: string;
    };

interface ProseSent {
  kind: 'prose';
  chars: number;
  ended: boolean;
}

interface ToolSent {
  kind: 'tool';
  args: ToolArgsJsonState;
  approval: boolean;
  result: boolean;
}

/** Follows a turn's views and says, for each, what changed since the one before. */
export interface BlockChangeTracker {
  /** The steps that bring a client from the previous view to `view`. */
  changes(view: AgentTurnView): BlockChange[];
}

const SETTLED = new Set(['done', 'error', 'rejected', 'skipped', 'cut-off']);

function proseChanges(block: Exclude<BlockView, ToolBlockView>, sent: ProseSent | undefined, over: boolean) {
  const prose = block.type;
  const text = block.type === 'text' ? block.content : block.reasoning;
  const out: BlockChange[] = [];
  const state = sent ?? { kind: 'prose' as const, chars: 0, ended: false };
  if (state.ended) return { out, state };
  if (!sent) out.push({ kind: 'prose-start', key: block.key, prose });
  // Prose only grows (the parser holds back a tail that may still become a tag).
  if (text.length > state.chars) {
    out.push({ kind: 'prose-delta', key: block.key, prose, delta: text.slice(state.chars) });
    state.chars = text.length;
  }
  if (block.status === 'complete' || over) {
    out.push({ kind: 'prose-end', key: block.key, prose });
    state.ended = true;
  }
  return { out, state };
}

function toolChanges(block: ToolBlockView, sent: ToolSent | undefined, over: boolean) {
  const out: BlockChange[] = [];
  const state = sent ?? { kind: 'tool' as const, args: newToolArgsJson(), approval: false, result: false };
  const { key, call_id: callId, name } = block;
  if (!sent) out.push({ kind: 'tool-start', key, callId, name });
  if (!state.args.closed) {
    const complete = block.status !== 'streaming' || over;
    const delta = toolArgsJsonDelta(state.args, block.params, complete);
    if (delta !== '') out.push({ kind: 'tool-args', key, callId, delta });
    if (complete) out.push({ kind: 'tool-input', key, callId, name, params: block.params });
  }
  if (block.status === 'awaiting-approval' && !state.approval) {
    state.approval = true;
    out.push({ kind: 'tool-approval', key, callId, name, params: block.params });
  }
  if (SETTLED.has(block.status) && !state.result && 'result' in block) {
    state.result = true;
    out.push({ kind: 'tool-result', key, callId, name, status: block.status as never, result: block.result });
  }
  return { out, state };
}

/**
 * A tracker of one turn's views. Block keys (stable across re-parses) identify blocks; text goes
 * out as what it gained, tool input as JSON text that only grows ({@link toolArgsJsonDelta}).
 */
export function createBlockChangeTracker(): BlockChangeTracker {
  const sent = new Map<string, ProseSent | ToolSent>();
  return {
    changes(view) {
      const out: BlockChange[] = [];
      for (const request of view.requests) {
        const over = view.done || request.status !== 'streaming';
        for (const block of request.blocks) {
          const before = sent.get(block.key);
          const step =
            block.type === 'tool_use'
              ? toolChanges(block, before?.kind === 'tool' ? before : undefined, over)
              : proseChanges(block, before?.kind === 'prose' ? before : undefined, over);
          sent.set(block.key, step.state);
          out.push(...step.out);
        }
      }
      return out;
    },
  };
}
