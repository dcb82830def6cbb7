// The turn machine as a graph to walk: an event alphabet that builds a reply chunk by chunk (from
// the reply pieces a test gives), the faults a provider shows (retryable, fatal, context length,
// a cut-off `length` finish), approvals, rejections and ABORT in every state; and a state key that
// keeps only what decides what can happen next, never the growing text (else no walk would end).
import type { SnapshotFrom } from 'xstate';
import type { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

/** A snapshot of the agent-turn machine. */
export type TurnSnapshot = SnapshotFrom<typeof agentTurnMachine>;

/** One piece of a reply as the chat actor reports it: a `CHAT.CHUNKS` event. */
export function replyPiece(...events: ChatStreamEvent[]): AgentTurnEvent {
  return { type: 'CHAT.CHUNKS', events };
}

const text = (t: string) => replyPiece({ type: 'text', text: t });

/** Reply pieces that build every kind of block: prose, reasoning, a tool use split in two, a write, the completion (and a blank one), a cut-off finish, a native call. */
export const REPLY_PIECES = {
  text: text('Looking around. '),
  reasoning: replyPiece({ type: 'reasoning', text: 'Let me think.' }),
  readOpen: text('<read_file>\n<path>a.ts</path>\n'),
  readClose: text('</read_file>'),
  /** The same read in one piece (a walk with one block per reply can still run it). */
  read: text('<read_file>\n<path>a.ts</path>\n</read_file>'),
  write: text('<write_to_file>\n<path>w.ts</path>\n<content>\nx\n</content>\n</write_to_file>'),
  completion: text('<attempt_completion>\n<result>ok</result>\n</attempt_completion>'),
  /** A completion whose result is blank: a missing parameter, never the end of the turn. */
  blankCompletion: text('<attempt_completion>\n<result> </result>\n</attempt_completion>'),
  finishLength: replyPiece({ type: 'finish', reason: 'length' }),
  /** A native call: complete only when the stream finishes normally. */
  nativeRead: replyPiece({
    type: 'tool-call',
    index: 0,
    id: 'native1',
    name: 'read_file',
    argumentsDelta: '{"path":"n.ts"}',
  }),
} satisfies Record<string, AgentTurnEvent>;

/** The retry's delay running out (a walk treats timers as events). */
export const RETRY_EVENT = { type: 'xstate.after.retryDelay.agentTurn.retrying' } as unknown as AgentTurnEvent;
/** The drain's grace running out (give `drain: { graceMs: 0 }` so a replay only waits a tick). */
export const DRAIN_GRACE_EVENT = {
  type: 'xstate.after.drainGrace.agentTurn.request.draining',
} as unknown as AgentTurnEvent;
/** The timer events of the walk: a replay waits for them instead of sending them. */
export const TIMER_EVENTS: ReadonlySet<string> = new Set([RETRY_EVENT.type, DRAIN_GRACE_EVENT.type]);

/** The events besides reply pieces: the stream's end, its faults, a tool's result, the person's decisions, ABORT. */
export const TURN_EVENTS = {
  end: { type: 'CHAT.END' },
  retryableError: { type: 'CHAT.ERROR', error: new ChatError('http', '503', { status: 503 }) },
  // Stryker disable next-line ObjectLiteral: a provider error is not retryable by default either; this says so where it is read
  fatalError: { type: 'CHAT.ERROR', error: new ChatError('provider-error', 'bad request', { retryable: false }) },
  contextError: {
    type: 'CHAT.ERROR',
    error: new ChatError('http', 'HTTP 400: maximum context length', {
      status: 400,
      providerCode: 'context_length_exceeded',
      providerMessage: "This model's maximum context length is 60 tokens.",
    }),
  },
  toolDone: { type: 'xstate.done.actor.executeTool', output: { content: 'tool output', isError: false } },
  toolError: { type: 'xstate.error.actor.executeTool', error: new Error('tool crashed') },
  /** The beforeTool hook's answers: refuse, run unasked, ask, no decision (with a rewritten input and context), a failure. */
  checkDeny: { type: 'xstate.done.actor.checkTool', output: { decision: 'deny', reason: 'not here' } },
  checkAllow: { type: 'xstate.done.actor.checkTool', output: { decision: 'allow' } },
  checkAsk: { type: 'xstate.done.actor.checkTool', output: { decision: 'ask' } },
  checkPass: {
    type: 'xstate.done.actor.checkTool',
    output: { updatedInput: { path: 'b.ts' }, additionalContext: 'checked' },
  },
  checkError: { type: 'xstate.error.actor.checkTool', error: new Error('hook crashed') },
  /** The afterTool hook's answers: context added, the result withheld, a failure. */
  reviewContext: { type: 'xstate.done.actor.reviewTool', output: { additionalContext: 'reviewed' } },
  reviewBlock: { type: 'xstate.done.actor.reviewTool', output: { decision: 'block', reason: 'withheld' } },
  reviewError: { type: 'xstate.error.actor.reviewTool', error: new Error('hook crashed') },
  /** The beforeStop hook's answers: keep going, let it end, a failure. */
  stopBlock: { type: 'xstate.done.actor.checkStop', output: { decision: 'block', reason: 'tests fail' } },
  stopPass: { type: 'xstate.done.actor.checkStop', output: {} },
  stopError: { type: 'xstate.error.actor.checkStop', error: new Error('hook crashed') },
  approve: { type: 'APPROVE' },
  reject: { type: 'REJECT', feedback: 'no thanks' },
  abort: { type: 'ABORT' },
} satisfies Record<string, AgentTurnEvent>;

/** What the walk may send: the pieces of the first reply and of every later one, and how many blocks each may grow to. */
export interface TurnReplyModel {
  /** Pieces of the first attempt of the first request. */
  pieces: readonly AgentTurnEvent[];
  /** Blocks the first reply may grow to. */
  maxBlocks: number;
  /** Pieces of every later request or attempt (they need only end the turn somehow). */
  laterPieces: readonly AgentTurnEvent[];
  laterMaxBlocks: number;
  /** Send tool results as events (`'controlled'`, a tool's done and error both walked) or run the real tools (`'real'`). Default `'controlled'`. */
  tools?: 'controlled' | 'real';
}

/** The events that can matter in a snapshot: keeps the graph small without hiding a transition. */
export function turnEventsFor(model: TurnReplyModel): (s: TurnSnapshot) => AgentTurnEvent[] {
  return (s) => {
    if (s.status !== 'active') return [];
    const c = s.context;
    const out: AgentTurnEvent[] = [TURN_EVENTS.abort];
    // Stryker disable next-line ConditionalExpression: outside `request` no stream is open in a settled snapshot (it ended, failed or has not begun)
    if (s.matches('request')) {
      const open = !c.streamEnded && c.streamError === undefined && !c.readingStopped;
      const first = c.requestCount === 1 && c.attempt === 0;
      if (open && c.blocks.length < (first ? model.maxBlocks : model.laterMaxBlocks))
        out.push(...(first ? model.pieces : model.laterPieces));
      if (open) out.push(TURN_EVENTS.end, TURN_EVENTS.retryableError, TURN_EVENTS.fatalError, TURN_EVENTS.contextError);
    }
    if (s.matches({ request: 'executingTool' }) || s.matches({ resumed: 'executingTool' }))
      out.push(TURN_EVENTS.toolDone, ...(model.tools === 'real' ? [] : [TURN_EVENTS.toolError]));
    if (s.matches({ request: 'awaitingApproval' }) || s.matches({ resumed: 'awaitingApproval' }))
      out.push(TURN_EVENTS.approve, TURN_EVENTS.reject);
    if (s.matches({ request: 'checkingTool' }))
      out.push(
        TURN_EVENTS.checkDeny,
        TURN_EVENTS.checkAllow,
        TURN_EVENTS.checkAsk,
        TURN_EVENTS.checkPass,
        TURN_EVENTS.checkError,
      );
    if (s.matches({ request: 'reviewingTool' }))
      out.push(TURN_EVENTS.reviewContext, TURN_EVENTS.reviewBlock, TURN_EVENTS.reviewError);
    if (s.matches('checkingStop')) out.push(TURN_EVENTS.stopBlock, TURN_EVENTS.stopPass, TURN_EVENTS.stopError);
    if (s.matches('retrying')) out.push(RETRY_EVENT);
    if (s.matches({ request: 'draining' })) out.push(DRAIN_GRACE_EVENT);
    return out;
  };
}

/** The state value plus the facts that decide what can happen next — never the growing text. */
export function serializeTurnState(s: TurnSnapshot): string {
  const c = s.context;
  const blocks = c.blocks
    .map((b) =>
      b.type === 'tool_use'
        ? `${b.isNativeToolCall ? 'native:' : ''}${b.name}${b.partial ? '~' : ''}:${c.toolOutcomes[b.call_id]?.status ?? '-'}`
        : `${b.type[0]}${b.partial ? '~' : ''}`,
    )
    .join(',');
  return JSON.stringify([
    s.value,
    blocks,
    c.currentStreamingContentIndex,
    c.streamEnded,
    c.streamError?.retryable,
    c.finishReason,
    c.stoppedBy,
    c.readingStopped,
    c.requestCount,
    c.attempt,
    c.consecutiveMistakes,
    c.reason,
    c.requests.length,
    // A reply kept after its stream failed while tools ran differs from one whose drain failed after a rejection.
    c.requests.some(
      (r) => r.status === 'complete' && r.error !== undefined && r.toolResults.every((t) => t.status !== 'rejected'),
    ),
    c.contextRetried,
    c.truncations.length,
    c.droppedMessages,
    c.stopHookActive,
    c.hookFailures,
    Object.keys(c.toolInputs).length,
  ]);
}

/** serializeTurnState plus the last request's tool statuses: tells a tool's error from its result after the reply closed. */
export function serializeTurnStateWithResults(s: TurnSnapshot): string {
  return `${serializeTurnState(s)}|${
    s.context.requests
      .at(-1)
      ?.toolResults.map((t) => t.status)
      .join() ?? ''
  }`;
}

/** An event as a key (errors by name and message). */
export function serializeTurnEvent(e: AgentTurnEvent): string {
  // `this[key]` is the value before its toJSON (a ChatError has one): an error is keyed by name and message.
  return JSON.stringify(e, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Error ? `${raw.name}:${raw.message}` : value;
  });
}
