// A turn's views as AI SDK UI message stream parts: one encoder per turn, fed views (selectView
// of snapshots), each call giving the parts since the last. A tool use awaiting approval is a
// `tool-approval-request` and the stream's end; the client's answer (useChat's
// addToolApprovalResponse) comes back in the next request, whose stream goes on with the same
// encoder where this one stopped, as a continuation of the same assistant message.
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import { createBlockChangeTracker, type BlockChange } from '../turn-stream/block-changes.js';
import type { UiMessagePart } from './ui-message-parts.js';

/** What {@link createUiMessageEncoder} takes. */
export interface UiMessageEncoderOptions {
  /** The assistant message's id (the `start` part's `messageId`). */
  messageId: string;
  /** The approval id of a tool use (default `approval:${toolCallId}`); a server puts its per-turn secret in it. */
  approvalId?: (toolCallId: string) => string;
  /**
   * Characters of a tool use's input JSON streamed as `tool-input-delta` (default 65,536). Past
   * them a tool use gets no more deltas: its input arrives whole in `tool-input-available`, which
   * the protocol always sends. A 1 MB write so crosses the wire about once, not twice.
   */
  inputDeltaLimit?: number;
}

/** Encodes one turn as UI message stream parts (see {@link createUiMessageEncoder}). */
export interface UiMessageEncoder {
  /** The parts that bring a client from the last view encoded to `view` (`start` first, `finish` or `error` last). */
  encode(view: AgentTurnView): UiMessagePart[];
  /** Opens the next stream of the same turn after an approval was answered; the next `encode` goes on from there. */
  resume(): UiMessagePart[];
  /** Whether the current stream has ended (the turn ended, or it waits for an approval). */
  readonly streamEnded: boolean;
}

function proseParts(change: BlockChange): UiMessagePart[] {
  if (!('prose' in change)) return [];
  const id = change.key;
  const kind = change.prose === 'reasoning' ? 'reasoning' : 'text';
  if (change.kind === 'prose-start') return [{ type: `${kind}-start`, id }];
  if (change.kind === 'prose-delta') return [{ type: `${kind}-delta`, id, delta: change.delta }];
  return [{ type: `${kind}-end`, id }];
}

function toolParts(change: BlockChange, approvalId: (callId: string) => string): UiMessagePart[] {
  switch (change.kind) {
    case 'tool-start':
      return [{ type: 'tool-input-start', toolCallId: change.callId, toolName: change.name }];
    case 'tool-args':
      return [{ type: 'tool-input-delta', toolCallId: change.callId, inputTextDelta: change.delta }];
    case 'tool-input':
      return [{ type: 'tool-input-available', toolCallId: change.callId, toolName: change.name, input: change.params }];
    case 'tool-approval':
      return [{ type: 'tool-approval-request', approvalId: approvalId(change.callId), toolCallId: change.callId }];
    case 'tool-result':
      if (change.status === 'done')
        return [{ type: 'tool-output-available', toolCallId: change.callId, output: change.result }];
      if (change.status === 'rejected') return [{ type: 'tool-output-denied', toolCallId: change.callId }];
      return [{ type: 'tool-output-error', toolCallId: change.callId, errorText: change.result }];
    default:
      return [];
  }
}

function endParts(view: AgentTurnView): UiMessagePart[] {
  if (view.reason === 'failed') return [{ type: 'error', errorText: view.error?.message ?? 'The turn failed.' }];
  if (view.reason === 'aborted') return [{ type: 'abort', reason: 'The turn was aborted.' }];
  return [{ type: 'finish', finishReason: view.reason === 'completed' ? 'stop' : 'other' }];
}

/**
 * A UI message stream encoder for one turn. Part ids are the view's block keys and call ids
 * (stable however often the reply is re-parsed); text, reasoning and tool input go out as what
 * they gained (`tool-input-delta` carries only the new JSON text); each model request is a step.
 *
 * @example
 * ```ts
 * import { selectView } from 'agent-turn';
 * import { createUiMessageEncoder, uiMessageSse, UI_MESSAGE_STREAM_HEADERS } from 'agent-turn/ui-message-stream';
 *
 * const encoder = createUiMessageEncoder({ messageId: 'turn-1' });
 * response.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
 * actor.subscribe((snapshot) => {
 *   for (const part of encoder.encode(selectView(snapshot))) response.write(uiMessageSse(part));
 * });
 * ```
 */
export function createUiMessageEncoder(options: UiMessageEncoderOptions): UiMessageEncoder {
  const approvalId = options.approvalId ?? ((callId: string) => `approval:${callId}`);
  const tracker = createBlockChangeTracker();
  const steps = new Map<number, boolean>();
  const inputDeltaLimit = options.inputDeltaLimit ?? 65_536;
  const deltaChars = new Map<string, number>();
  /** Whether a tool-input-delta still goes out (its tool use has not streamed its limit yet). */
  const withinLimit = (change: BlockChange) => {
    if (change.kind !== 'tool-args') return true;
    const sent = deltaChars.get(change.callId) ?? 0;
    if (sent >= inputDeltaLimit) return false;
    deltaChars.set(change.callId, sent + change.delta.length);
    return true;
  };
  let started = false;
  let ended = false;

  const stepParts = (view: AgentTurnView, out: UiMessagePart[], from: number, to: number) => {
    for (const request of view.requests.slice(from, to)) {
      if (!steps.has(request.index)) {
        steps.set(request.index, false);
        out.push({ type: 'start-step' });
      }
    }
  };

  return {
    get streamEnded() {
      return ended;
    },
    encode(view) {
      if (ended) return [];
      const out: UiMessagePart[] = [];
      if (!started) {
        started = true;
        out.push({ type: 'start', messageId: options.messageId });
      }
      // A step per model request: opened before its first block, closed once the request is over.
      const changes = tracker.changes(view);
      const byKey = new Map(view.requests.flatMap((r) => r.blocks.map((b) => [b.key, r.index] as const)));
      for (const change of changes) {
        const index = byKey.get(change.key) ?? 0;
        stepParts(view, out, 0, index + 1);
        if (withinLimit(change)) out.push(...proseParts(change), ...toolParts(change, approvalId));
      }
      stepParts(view, out, 0, view.requests.length);
      for (const request of view.requests) {
        if (steps.get(request.index) === false && (request.status !== 'streaming' || view.done)) {
          steps.set(request.index, true);
          out.push({ type: 'finish-step' });
        }
      }
      if (view.done) {
        out.push(...endParts(view));
        ended = true;
      } else if (view.phase === 'awaiting-approval' && changes.some((c) => c.kind === 'tool-approval')) {
        out.push({ type: 'finish', finishReason: 'tool-calls' });
        ended = true;
      }
      return out;
    },
    resume() {
      ended = false;
      return [{ type: 'start', messageId: options.messageId }];
    },
  };
}

/** The response headers of a UI message stream: SSE, and the protocol's `x-vercel-ai-ui-message-stream: v1`. */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
});

/** One part as a server-sent event line: `data: {json}` and a blank line. */
export function uiMessageSse(part: UiMessagePart): string {
  return `data: ${JSON.stringify(part)}\n\n`;
}

/** The stream's last line, after the last part: `data: [DONE]`. */
export const UI_MESSAGE_STREAM_DONE = 'data: [DONE]\n\n';
