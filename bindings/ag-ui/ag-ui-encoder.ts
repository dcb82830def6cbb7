// A turn's views as AG-UI events: one encoder per turn, fed every view (selectView of each
// snapshot) or only some of them — each call says what changed since the last. A turn that
// waits for an approval ends the run with an interrupt; the client's answer starts a new run of
// the same turn (`resume`), which goes on from where the last one stopped.
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import { createBlockChangeTracker, type BlockChange } from '../turn-stream/block-changes.js';
import type { AgUiEvent, AgUiInterrupt, AgUiTurnState } from './ag-ui-events.js';

/** What {@link createAgUiEncoder} takes. */
export interface AgUiEncoderOptions {
  threadId: string;
  /** The first run's id (the one the client's `RunAgentInput` named). */
  runId: string;
  /** The interrupt id of a tool use's approval (default `approval:${toolCallId}`); a server puts its per-turn secret in it. */
  interruptId?: (toolCallId: string) => string;
  /** Send `STATE_SNAPSHOT` / `STATE_DELTA` with the turn's phase, request and tokens. Default true. */
  state?: boolean;
}

/** Encodes one turn as AG-UI events (see {@link createAgUiEncoder}). */
export interface AgUiEncoder {
  /** The events that bring a client from the last view encoded to `view` (`RUN_STARTED` first, the run's end last). */
  encode(view: AgentTurnView): AgUiEvent[];
  /** Starts the next run of the same turn after an interrupt (`RUN_STARTED` with `runId`); the next `encode` goes on from there. */
  resume(runId: string): AgUiEvent[];
  /** Whether the current run has ended (finished, errored or interrupted). */
  readonly runEnded: boolean;
  /** The interrupts of the run that ended waiting for approvals (empty otherwise). */
  readonly interrupts: readonly AgUiInterrupt[];
}

function approvalInterrupt(id: string, change: Extract<BlockChange, { kind: 'tool-approval' }>): AgUiInterrupt {
  const target = change.params.path ?? change.params.command ?? '';
  return {
    id,
    reason: 'tool_approval',
    message: `Approve ${change.name}${target ? ` ${target}` : ''}?`,
    toolCallId: change.callId,
    responseSchema: {
      type: 'object',
      properties: { approved: { type: 'boolean' }, feedback: { type: 'string' } },
      required: ['approved'],
    },
  };
}

function proseEvents(change: BlockChange, id: string): AgUiEvent[] {
  const reasoning = 'prose' in change && change.prose === 'reasoning';
  switch (change.kind) {
    case 'prose-start':
      return reasoning
        ? [
            { type: 'REASONING_START', messageId: id },
            { type: 'REASONING_MESSAGE_START', messageId: id, role: 'reasoning' },
          ]
        : [{ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' }];
    case 'prose-delta':
      return [
        { type: reasoning ? 'REASONING_MESSAGE_CONTENT' : 'TEXT_MESSAGE_CONTENT', messageId: id, delta: change.delta },
      ];
    case 'prose-end':
      return reasoning
        ? [
            { type: 'REASONING_MESSAGE_END', messageId: id },
            { type: 'REASONING_END', messageId: id },
          ]
        : [{ type: 'TEXT_MESSAGE_END', messageId: id }];
    default:
      return [];
  }
}

function toolEvents(change: BlockChange): AgUiEvent[] {
  switch (change.kind) {
    case 'tool-start':
      return [{ type: 'TOOL_CALL_START', toolCallId: change.callId, toolCallName: change.name }];
    case 'tool-args':
      return [{ type: 'TOOL_CALL_ARGS', toolCallId: change.callId, delta: change.delta }];
    case 'tool-input':
      return [{ type: 'TOOL_CALL_END', toolCallId: change.callId }];
    case 'tool-result':
      return [
        {
          type: 'TOOL_CALL_RESULT',
          messageId: `result:${change.callId}`,
          toolCallId: change.callId,
          content: change.result,
          role: 'tool',
        },
      ];
    default:
      return [];
  }
}

function runEnd(view: AgentTurnView, threadId: string, runId: string): AgUiEvent {
  if (view.reason === 'failed')
    return {
      type: 'RUN_ERROR',
      message: view.error?.message ?? 'The turn failed.',
      code: view.error?.code ?? 'failed',
    };
  if (view.reason === 'aborted') return { type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'cancelled' } };
  return {
    type: 'RUN_FINISHED',
    threadId,
    runId,
    result: { reason: view.reason, ...(view.result !== undefined ? { answer: view.result } : {}) },
    outcome: { type: 'success' },
  };
}

/**
 * An AG-UI encoder for one turn. Message and tool-call ids come from the view's block keys and
 * call ids, so they stay the same however often the reply is re-parsed; text, reasoning and tool
 * arguments go out as what they gained (`TOOL_CALL_ARGS` carries only the new JSON text). A
 * tool use awaiting approval ends the run: `RUN_FINISHED` with an interrupt the client answers.
 *
 * @example
 * ```ts
 * import { selectView } from 'agent-turn';
 * import { createAgUiEncoder, agUiSse } from 'agent-turn/ag-ui';
 *
 * const encoder = createAgUiEncoder({ threadId: input.threadId, runId: input.runId });
 * actor.subscribe((snapshot) => {
 *   for (const event of encoder.encode(selectView(snapshot))) response.write(agUiSse(event));
 * });
 * ```
 */
export function createAgUiEncoder(options: AgUiEncoderOptions): AgUiEncoder {
  const { threadId } = options;
  const interruptId = options.interruptId ?? ((callId: string) => `approval:${callId}`);
  const withState = options.state ?? true;
  const tracker = createBlockChangeTracker();
  let runId = options.runId;
  let started = false;
  let ended = false;
  let interrupts: AgUiInterrupt[] = [];
  let lastState: AgUiTurnState | undefined;

  const stateEvents = (view: AgentTurnView): AgUiEvent[] => {
    if (!withState) return [];
    const now: AgUiTurnState = { phase: view.phase, request: view.request, tokens: view.tokens.total };
    const before = lastState;
    lastState = now;
    if (!before) return [{ type: 'STATE_SNAPSHOT', snapshot: now }];
    const delta = (Object.keys(now) as (keyof AgUiTurnState)[])
      .filter((field) => now[field] !== before[field])
      .map((field) => ({ op: 'replace' as const, path: `/${field}`, value: now[field] }));
    return delta.length > 0 ? [{ type: 'STATE_DELTA', delta }] : [];
  };

  return {
    get runEnded() {
      return ended;
    },
    get interrupts() {
      return interrupts;
    },
    encode(view) {
      if (ended) return [];
      const out: AgUiEvent[] = [];
      if (!started) {
        started = true;
        out.push({ type: 'RUN_STARTED', threadId, runId });
      }
      const pending: AgUiInterrupt[] = [];
      for (const change of tracker.changes(view)) {
        if (change.kind === 'tool-approval') pending.push(approvalInterrupt(interruptId(change.callId), change));
        out.push(...('prose' in change ? proseEvents(change, `msg:${change.key}`) : toolEvents(change)));
      }
      interrupts = [...interrupts, ...pending];
      out.push(...stateEvents(view));
      if (view.done) {
        out.push(runEnd(view, threadId, runId));
        ended = true;
      } else if (view.phase === 'awaiting-approval' && interrupts.length > 0) {
        out.push({ type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'interrupt', interrupts } });
        ended = true;
      }
      return out;
    },
    resume(nextRunId) {
      runId = nextRunId;
      ended = false;
      interrupts = [];
      // Each run opens with a whole STATE_SNAPSHOT (its client may hold no state yet).
      lastState = undefined;
      return [{ type: 'RUN_STARTED', threadId, runId }];
    },
  };
}

/** One event as a server-sent event: `data: {json}` and a blank line (what AG-UI's HTTP transport reads). */
export function agUiSse(event: AgUiEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}
