// Persisting a turn and restoring it: the machine's context as plain JSON (functions, the client,
// the parser's state left out; the reply as its stream events) plus where it goes on, and back.
// A restored turn starts the machine afresh from its `starting` state with this context: every
// entry action runs and every actor is invoked as in a fresh run (XState's own persisted
// snapshots cannot restore the invoked chat stream or a tool that was half done).
import { clineThinkProtocol } from '../../src/protocol/cline-protocol.js';
import { turnProtocol } from '../machine/turn-dialects.js';
import { ChatError } from '../../src/wire/errors.js';
import { AgentTurnError } from '../../src/errors/agent-turn-error.js';
import type { AgentTurnInput, AgentTurnOutput, TurnRequest } from '../machine/agent-turn-types.js';
import { absorbEvents, createReplyAssembly, endReply, replyEvents } from '../machine/reply-assembly.js';
import { DEFAULT_COMPLETION_TOOL, anyToolStarted, freshReply, resolveTurnOptions } from '../machine/turn-context.js';
import { protocolForTools, toolFunctionsOf } from '../machine/turn-tools.js';
import { streamEventProblem } from '../machine/event-check.js';
import type { AgentTurnContext, StopCause } from '../machine/turn-context-types.js';
import type {
  PersistedAgentTurn,
  PersistedReply,
  PersistedRequest,
  PersistedTurnOutput,
  PersistedTurnState,
  ResumePoint,
} from './turn-record-types.js';

export const TURN_RECORD_FORMAT = 'agent-turn/turn';
export const TURN_RECORD_VERSION = 1;

/** A persisted turn that cannot be restored (not a turn record, another version, a broken field). */
export class TurnRecordError extends AgentTurnError<'invalid-turn-record'> {
  static override readonly errorName: string = 'TurnRecordError';

  constructor(message: string) {
    super('invalid-turn-record', message);
  }
}

/** What persisting reads of a machine snapshot. */
export interface TurnSnapshotLike {
  status: string;
  value: unknown;
  context: AgentTurnContext;
  output?: AgentTurnOutput;
}

function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}.${statePath(v)}`)
      .join(',');
  }
  return String(value);
}

function plainRequest(r: TurnRequest): PersistedRequest {
  const { error, ...rest } = r;
  return error !== undefined ? { ...rest, error: error.toJSON() } : rest;
}

function plainOutput(o: AgentTurnOutput): PersistedTurnOutput {
  const { error, requests, ...rest } = o;
  return {
    ...rest,
    requests: requests.map(plainRequest),
    ...(error !== undefined ? { error: error.toJSON() } : {}),
  };
}

/** Where a turn in this snapshot would go on. */
export function resumePointOf(s: TurnSnapshotLike): ResumePoint {
  if (s.status === 'done') return 'finished';
  const path = statePath(s.value);
  if (path === 'retrying') return 'retrying';
  if (path.endsWith('.awaitingApproval')) return 'awaiting-approval';
  if (path.endsWith('.executingTool')) return 'running-tool';
  const c = s.context;
  if (c.replyOpen && anyToolStarted(c)) return 'interrupted';
  return 'request';
}

function persistedReply(c: AgentTurnContext): PersistedReply {
  return {
    idPrefix: c.idPrefix,
    events: replyEvents(c.replyAssembly, c.replyEventCount),
    streamEnded: c.streamEnded,
    currentStreamingContentIndex: c.currentStreamingContentIndex,
    toolOutcomes: c.toolOutcomes,
    ...(c.finishReason !== undefined ? { finishReason: c.finishReason } : {}),
    ...(c.stoppedBy !== undefined ? { stoppedBy: c.stoppedBy } : {}),
    charsAfterStop: c.charsAfterStop,
    readingStopped: c.readingStopped,
    ...(c.rejectionFeedback !== undefined ? { rejectionFeedback: c.rejectionFeedback } : {}),
    ...(c.streamError !== undefined ? { streamError: c.streamError.toJSON() } : {}),
    ...(Object.keys(c.toolInputs).length > 0 ? { toolInputs: c.toolInputs } : {}),
    ...(Object.keys(c.toolNotes).length > 0 ? { toolNotes: c.toolNotes } : {}),
  };
}

/**
 * A snapshot as a plain-JSON turn record. In a request with no tool started yet, the record is
 * the turn as it was before that request (the request will be made again, its partial reply
 * dropped); otherwise the reply in progress is kept as its stream events.
 */
export function persistAgentTurn(s: TurnSnapshotLike, now: number = Date.now()): PersistedAgentTurn {
  const c = s.context;
  const resume = resumePointOf(s);
  const { retryOn: _retryOn, newIdPrefix: _newIdPrefix, ...options } = c.options;
  const inReply = resume === 'awaiting-approval' || resume === 'running-tool' || resume === 'interrupted';
  // A request to make again counts once: startRequest counts it again when it is sent.
  const requestCount =
    resume === 'request' && c.replyOpen && c.attempt === 0 ? Math.max(0, c.requestCount - 1) : c.requestCount;
  const turn: PersistedTurnState = {
    model: c.model,
    options,
    ...(c.toolDefinitions !== undefined ? { toolDefinitions: c.toolDefinitions } : {}),
    requestOptions: c.requestOptions,
    messages: c.messages,
    requests: c.requests.map(plainRequest),
    requestCount,
    attempt: c.attempt,
    consecutiveMistakes: c.consecutiveMistakes,
    usage: c.usage,
    ...(c.promptMeasure !== undefined ? { promptMeasure: c.promptMeasure } : {}),
    droppedMessages: c.droppedMessages,
    truncations: c.truncations,
    ...(c.fitTarget !== undefined ? { fitTarget: c.fitTarget } : {}),
    contextRetried: c.contextRetried,
    ...(resume === 'retrying' && c.retryWait !== undefined ? { retryWait: c.retryWait } : {}),
    ...(inReply ? { reply: persistedReply(c) } : {}),
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
    ...(c.result !== undefined ? { result: c.result } : {}),
    ...(c.error !== undefined ? { error: c.error.toJSON() } : {}),
  };
  const base = {
    format: TURN_RECORD_FORMAT,
    version: TURN_RECORD_VERSION,
    savedAt: now,
    state: statePath(s.value),
    resume,
    turn,
  } as const;
  if (s.status === 'done' && s.output !== undefined)
    return { ...base, status: 'done', output: plainOutput(s.output), error: undefined };
  return { ...base, status: 'active', output: undefined, error: undefined };
}

const RESUME_POINTS: readonly ResumePoint[] = [
  'request',
  'retrying',
  'awaiting-approval',
  'running-tool',
  'interrupted',
  'finished',
];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value as a turn record, or a TurnRecordError saying what is wrong with it. */
export function checkTurnRecord(value: unknown): PersistedAgentTurn {
  const fail = (what: string) => new TurnRecordError(`Not a turn record this version can resume: ${what}.`);
  if (!isObject(value)) throw fail('expected an object');
  if (value.format !== TURN_RECORD_FORMAT)
    throw fail(`format is ${JSON.stringify(value.format)}, expected "${TURN_RECORD_FORMAT}"`);
  if (value.version !== TURN_RECORD_VERSION)
    throw fail(`version ${JSON.stringify(value.version)}, this package reads version ${TURN_RECORD_VERSION}`);
  if (!RESUME_POINTS.includes(value.resume as ResumePoint)) throw fail(`resume is ${JSON.stringify(value.resume)}`);
  const t = value.turn;
  if (!isObject(t)) throw fail('turn is missing');
  if (
    typeof t.model !== 'string' ||
    !Array.isArray(t.messages) ||
    !Array.isArray(t.requests) ||
    !isObject(t.options) ||
    !isObject(t.usage)
  ) {
    throw fail('turn needs model, messages, requests, options and usage');
  }
  const needsReply =
    value.resume === 'awaiting-approval' || value.resume === 'running-tool' || value.resume === 'interrupted';
  if (needsReply && (!isObject(t.reply) || !Array.isArray(t.reply.events) || !isObject(t.reply.toolOutcomes)))
    throw fail('the reply in progress is missing');
  // Every field the restore reads, checked here: a broken record says what is wrong, never a TypeError later.
  if (!t.messages.every((m) => isObject(m) && typeof m.role === 'string')) throw fail('every message needs a role');
  if (!t.requests.every(isObject)) throw fail('every request must be an object');
  for (const key of ['requestCount', 'attempt', 'consecutiveMistakes'] as const) {
    const n = t[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw fail(`turn.${key} must be a whole number`);
  }
  if (isObject(t.reply) && needsReply) {
    const r = t.reply;
    const events = r.events as unknown[];
    for (let i = 0; i < events.length; i++) {
      const problem = streamEventProblem(events[i], i);
      if (problem !== undefined) throw fail(`the reply's ${problem}`);
    }
    if (typeof r.idPrefix !== 'string') throw fail("the reply's idPrefix must be a string");
    if (typeof r.currentStreamingContentIndex !== 'number' || !Number.isInteger(r.currentStreamingContentIndex))
      throw fail("the reply's currentStreamingContentIndex must be a whole number");
    for (const [id, o] of Object.entries(r.toolOutcomes as Record<string, unknown>))
      if (!isObject(o) || typeof o.status !== 'string') throw fail(`the reply's outcome of ${id} needs a status`);
  }
  if (value.resume === 'finished' && typeof t.reason !== 'string') throw fail('a finished turn needs its reason');
  return value as unknown as PersistedAgentTurn;
}

const STOP_CAUSES: readonly string[] = ['one-tool', 'rejected', 'completion', 'error', 'aborted', 'resumed'];

/** The fields of the current reply. */
type ReplyFields = Pick<AgentTurnContext, keyof ReturnType<typeof freshReply>>;

const isPlainRecord = (v: unknown): v is Record<string, never> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function restoredReply(base: Pick<AgentTurnContext, 'protocol' | 'options'>, r: PersistedReply): ReplyFields {
  const assembly = createReplyAssembly({
    protocol: base.protocol,
    idPrefix: r.idPrefix,
    startInReasoning: base.options.startInReasoning,
  });
  let read = absorbEvents(assembly, 0, r.events);
  if (r.streamEnded) read = endReply(read.assembly, read.eventCount, false);
  const recorded =
    r.stoppedBy !== undefined && STOP_CAUSES.includes(r.stoppedBy) ? (r.stoppedBy as StopCause) : undefined;
  return {
    ...freshReply(base),
    idPrefix: r.idPrefix,
    replyAssembly: read.assembly,
    replyEventCount: read.eventCount,
    blocks: read.blocks,
    currentStreamingContentIndex: r.currentStreamingContentIndex,
    toolOutcomes: { ...r.toolOutcomes },
    toolInputs: isPlainRecord(r.toolInputs) ? { ...r.toolInputs } : {},
    toolNotes: isPlainRecord(r.toolNotes) ? { ...r.toolNotes } : {},
    responded: true,
    streamEnded: r.streamEnded,
    finishReason: r.finishReason,
    streamError: r.streamError !== undefined ? ChatError.fromJSON(r.streamError) : undefined,
    // The stream is gone: whatever it would have said next is lost, unless the machine had already stopped presenting.
    stoppedBy: recorded ?? 'resumed',
    charsAfterStop: r.charsAfterStop,
    readingStopped: true,
    rejectionFeedback: r.rejectionFeedback,
    replyOpen: true,
  };
}

/**
 * The machine's context for a restored turn. The record is data, never authority: it gives only
 * what happened (the history, the requests, the reply in progress and its tool outcomes, usage,
 * where the turn stood). Every policy — approval, idempotentTools, limits (maxRequests, retries,
 * mistakes, drain, window), the completion tool — comes from the caller's `input`, exactly as for
 * a new turn: an edited record can neither skip an approval nor re-run a tool the caller did not
 * call idempotent. The record's `turn.options` is kept for people and logs only.
 */
export function restoreTurnContext(record: PersistedAgentTurn, input: AgentTurnInput): AgentTurnContext {
  const t = record.turn;
  const options = resolveTurnOptions({ ...input, model: t.model });
  const base = {
    client: input.client,
    model: t.model,
    protocol: turnProtocol(
      protocolForTools(
        input.protocol ?? clineThinkProtocol,
        input.tools,
        input.completionTool ?? DEFAULT_COMPLETION_TOOL,
      ),
      t.model,
      t.messages ?? [],
    ),
    tools: toolFunctionsOf(input.tools),
    hooks: input.hooks ?? {},
    // What the model was offered and asked with: the caller's when given, else the record's (what was sent).
    toolDefinitions: input.toolDefinitions ?? t.toolDefinitions,
    requestOptions: input.requestOptions ?? t.requestOptions ?? {},
    options,
  };
  const reply =
    record.resume === 'awaiting-approval' || record.resume === 'running-tool' || record.resume === 'interrupted'
      ? restoredReply(base, t.reply as PersistedReply)
      : ({ ...freshReply(base), replyOpen: false } as ReplyFields);
  return {
    ...base,
    messages: t.messages,
    requests: t.requests.map((r) => {
      const { error, ...rest } = r;
      return error !== undefined ? { ...rest, error: ChatError.fromJSON(error) } : rest;
    }),
    requestCount: t.requestCount,
    attempt: t.attempt,
    consecutiveMistakes: t.consecutiveMistakes,
    usage: t.usage,
    promptMeasure: t.promptMeasure,
    sentEstimate: 0,
    droppedMessages: t.droppedMessages ?? 0,
    truncations: t.truncations ?? [],
    fitTarget: t.fitTarget,
    contextRetried: t.contextRetried === true,
    resumeAt: record.resume,
    stopHookActive: false,
    hookFailures: 0,
    ...reply,
    retryWait: t.retryWait,
    reason: t.reason,
    result: t.result,
    error: t.error !== undefined ? ChatError.fromJSON(t.error) : undefined,
  };
}
