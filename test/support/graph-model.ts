// The machine as a graph for @xstate/graph: an event alphabet that builds blocks chunk by chunk,
// a state key that keeps only what matters, a replay of each path on a real actor (actors swapped
// with .provide()), the invariants every state must satisfy, and transition coverage.
import { createActor, fromCallback, fromPromise, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { agentTurnMachine } from '../../machines/agent-turn-machine.js';
import type { AgentTurnEvent, AgentTurnInput } from '../../machines/agent-turn-types.js';
import type { AgentTurnMachineInput } from '../../machines/agent-turn-machine-input.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/execute-tool-actor-types.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import { createScriptedClient } from './scripted-client.js';
import { persistAgentTurn } from '../../machines/turn-record.js';
import type { PersistedAgentTurn } from '../../machines/turn-record-types.js';

type Snap = SnapshotFrom<typeof agentTurnMachine>;

const chunk = (...events: ChatStreamEvent[]): AgentTurnEvent => ({ type: 'CHAT.CHUNKS', events });
const text = (t: string) => chunk({ type: 'text', text: t });

/** Chunks that build blocks: prose, reasoning, a tool split in two, a write (needs approval), completion. */
export const CHUNKS = {
  text: text('Looking around. '),
  reasoning: chunk({ type: 'reasoning', text: 'Let me think.' }),
  readOpen: text('<read_file>\n<path>a.ts</path>\n'),
  readClose: text('</read_file>'),
  write: text('<write_to_file>\n<path>w.ts</path>\n<content>\nx\n</content>\n</write_to_file>'),
  completion: text('<attempt_completion>\n<result>ok</result>\n</attempt_completion>'),
  finishLength: chunk({ type: 'finish', reason: 'length' }),
  /** A native call: complete only when the stream finishes normally. */
  nativeRead: chunk({
    type: 'tool-call',
    index: 0,
    id: 'native1',
    name: 'read_file',
    argumentsDelta: '{"path":"n.ts"}',
  }),
} satisfies Record<string, AgentTurnEvent>;

export const RETRY_EVENT = { type: 'xstate.after.retryDelay.agentTurn.retrying' } as unknown as AgentTurnEvent;
/** The drain's grace running out (the graph's input sets it to 0 ms, so the replay only waits a tick). */
export const DRAIN_GRACE_EVENT = {
  type: 'xstate.after.drainGrace.agentTurn.request.draining',
} as unknown as AgentTurnEvent;
const TIMER_EVENTS = new Set<string>([RETRY_EVENT.type, DRAIN_GRACE_EVENT.type]);

export const OTHER_EVENTS = {
  end: { type: 'CHAT.END' },
  retryableError: { type: 'CHAT.ERROR', error: new ChatError('http', '503', { status: 503 }) },
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
  approve: { type: 'APPROVE' },
  reject: { type: 'REJECT', feedback: 'no thanks' },
  abort: { type: 'ABORT' },
} satisfies Record<string, AgentTurnEvent>;

export interface ModelConfig {
  input: AgentTurnMachineInput;
  /** Chunks of the first attempt of the first request, and how many blocks it may grow to. */
  chunks: AgentTurnEvent[];
  maxBlocks: number;
  /** Chunks (and block limit) of every later request or attempt: they only need to end the turn somehow. */
  laterChunks: AgentTurnEvent[];
  laterMaxBlocks: number;
}

export function graphInput(extra: Partial<AgentTurnInput> = {}): AgentTurnInput {
  return {
    client: createScriptedClient([]),
    model: 'm',
    messages: [{ role: 'user', content: 'task' }],
    tools: {},
    approval: ['write_to_file'],
    maxRequests: 2,
    nudge: { maxConsecutiveMistakes: 2 },
    retry: { delaysMs: [0] },
    // A write after a tool passes the limit (the stream is cancelled); a shorter tail is read on.
    drain: { graceMs: 0, maxChars: 20 },
    ...extra,
  };
}

/** Events that can matter in this state: keeps the graph small without hiding any transition. */
export function eventsFor(config: ModelConfig) {
  return (s: Snap): AgentTurnEvent[] => {
    if (s.status !== 'active') return [];
    const c = s.context;
    const out: AgentTurnEvent[] = [OTHER_EVENTS.abort];
    if (s.matches('request')) {
      const open = !c.streamEnded && c.streamError === undefined && !c.readingStopped;
      const first = c.requestCount === 1 && c.attempt === 0;
      if (open && c.blocks.length < (first ? config.maxBlocks : config.laterMaxBlocks))
        out.push(...(first ? config.chunks : config.laterChunks));
      if (open)
        out.push(OTHER_EVENTS.end, OTHER_EVENTS.retryableError, OTHER_EVENTS.fatalError, OTHER_EVENTS.contextError);
    }
    if (s.matches({ request: 'executingTool' }) || s.matches({ resumed: 'executingTool' }))
      out.push(OTHER_EVENTS.toolDone, OTHER_EVENTS.toolError);
    if (s.matches({ request: 'awaitingApproval' }) || s.matches({ resumed: 'awaitingApproval' }))
      out.push(OTHER_EVENTS.approve, OTHER_EVENTS.reject);
    if (s.matches('retrying')) out.push(RETRY_EVENT);
    if (s.matches({ request: 'draining' })) out.push(DRAIN_GRACE_EVENT);
    return out;
  };
}

/** The state value plus the facts that decide what can happen next — never the growing text. */
export function serializeState(s: Snap): string {
  const c = s.context;
  const blocks = c.blocks
    .map((b) => {
      const kind =
        b.type === 'tool_use'
          ? `${b.isNativeToolCall ? 'native:' : ''}${b.name}${b.partial ? '~' : ''}:${c.toolOutcomes[b.call_id]?.status ?? '-'}`
          : `${b.type[0]}${b.partial ? '~' : ''}`;
      return kind;
    })
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
  ]);
}

/** serializeState plus the last request's tool statuses: tells a tool's error from its result after the reply closed. */
export function serializeStateWithResults(s: Snap): string {
  return `${serializeState(s)}|${
    s.context.requests
      .at(-1)
      ?.toolResults.map((t) => t.status)
      .join() ?? ''
  }`;
}

export function serializeEvent(e: AgentTurnEvent): string {
  return JSON.stringify(e, (_k, v) => (v instanceof Error ? `${v.name}:${v.message}` : v));
}

/** Every transition of the machine's definition, keyed as the replay's inspection reports them. */
export function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const defs of node.transitions.values()) for (const t of defs) keys.add(transitionKey(t));
    for (const t of node.always ?? []) keys.add(transitionKey(t));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return keys;
}

interface TransitionLike {
  source: { id: string };
  eventType: string;
  guard?: unknown;
  target?: readonly { id: string }[] | undefined;
}

export function transitionKey(t: TransitionLike): string {
  const guard =
    typeof t.guard === 'object' && t.guard !== null
      ? (t.guard as { type?: string }).type
      : typeof t.guard === 'string'
        ? t.guard
        : '';
  const target = t.target?.map((n) => n.id).join(',') ?? '(self)';
  return `${t.source.id} --${t.eventType || 'always'}${guard ? ` [${guard}]` : ''}--> ${target}`;
}

export interface ReplayLog {
  /** call_ids handed to executeTool, in order. */
  executed: string[];
  /** Replies whose reading the machine stopped (the drain's limit passed): it then leaves the request, which stops the chat actor. */
  stops: number;
  transitions: Set<string>;
  states: Set<string>;
}

/** Replays one path's events on a real actor; checks each reached state against the graph and the invariants. Answers the last snapshot's turn record. */
export async function replayPath(
  steps: readonly { event: AgentTurnEvent; state: Snap }[],
  input: AgentTurnMachineInput,
  log: ReplayLog,
): Promise<PersistedAgentTurn> {
  let pending: { resolve: (v: ExecuteToolOutput) => void; reject: (e: unknown) => void } | undefined;
  const executedHere: string[] = [];
  const machine = agentTurnMachine.provide({
    actors: {
      chat: fromCallback(() => {}),
      executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(({ input: i }) => {
        executedHere.push(i.toolUse.call_id);
        return new Promise((resolve, reject) => (pending = { resolve, reject }));
      }),
    },
  });
  let readingStopped = false;
  const actor = createActor(machine, {
    input,
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') {
        const micro = ev as unknown as { _transitions: TransitionLike[]; snapshot: Snap };
        if (micro.snapshot.context.readingStopped && !readingStopped) log.stops++;
        readingStopped = micro.snapshot.context.readingStopped;
        for (const t of micro._transitions) {
          log.transitions.add(transitionKey(t));
          log.states.add(t.source.id.replace(/^agentTurn\./, '')); // the initial state shows only as a source
        }
        log.states.add(stateId(micro.snapshot)); // transient states (finalizing, recursing) show only here
      }
    },
  });
  actor.start();
  checkInvariants(actor.getSnapshot(), executedHere);
  for (const step of steps) {
    const event = step.event;
    if ((event.type as string) === 'xstate.init') continue;
    if (event.type === 'xstate.done.actor.executeTool') {
      pending!.resolve(event.output);
      await settle();
    } else if (event.type === 'xstate.error.actor.executeTool') {
      pending!.reject(event.error);
      await settle();
    } else if (TIMER_EVENTS.has(event.type)) {
      await new Promise((r) => setTimeout(r, 0));
      await settle();
    } else {
      actor.send(event);
    }
    const snap = actor.getSnapshot();
    expect(serializeState(snap)).toBe(serializeState(step.state));
    log.states.add(stateId(snap));
    checkInvariants(snap, executedHere);
  }
  // A restored turn never runs again a tool whose result its record holds.
  const recorded = input.resume?.turn.reply?.toolOutcomes ?? {};
  for (const id of executedHere)
    expect(['done', 'error', 'rejected', 'skipped', 'cut-off']).not.toContain(recorded[id]?.status);
  const record = JSON.parse(JSON.stringify(persistAgentTurn(actor.getSnapshot()))) as PersistedAgentTurn;
  actor.stop();
  log.executed.push(...executedHere);
  return record;
}

async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function stateId(s: Snap): string {
  return typeof s.value === 'string'
    ? s.value
    : Object.entries(s.value)
        .map(([k, v]) => `${k}.${v as string}`)
        .join();
}

/** What must hold in each state. */
export function checkInvariants(s: Snap, executed: readonly string[]): void {
  const c = s.context;
  // Each tool ran at most once.
  expect(new Set(executed).size).toBe(executed.length);
  // A partial tool use never ran (not in this reply, not in any recorded one).
  for (const b of c.blocks) {
    if (b.type === 'tool_use' && b.partial)
      expect(['running', 'done', 'error', 'awaiting-approval']).not.toContain(c.toolOutcomes[b.call_id]?.status);
  }
  for (const r of c.requests) {
    for (const t of r.toolResults) {
      const block = r.blocks.find((b) => b.type === 'tool_use' && b.call_id === t.call_id);
      if (block?.partial) expect(['cut-off', 'skipped']).toContain(t.status);
    }
  }
  // Blocks before the presentation index are complete.
  for (let i = 0; i < Math.min(c.currentStreamingContentIndex, c.blocks.length); i++)
    expect(c.blocks[i].partial).toBe(false);
  expect(c.currentStreamingContentIndex).toBeLessThanOrEqual(c.blocks.length);
  if (s.matches({ request: 'executingTool' }) || s.matches({ resumed: 'executingTool' })) {
    const b = c.blocks[c.currentStreamingContentIndex];
    expect(b.type).toBe('tool_use');
    if (b.type !== 'tool_use') return;
    expect(b.partial).toBe(false);
    expect(c.toolOutcomes[b.call_id].status).toBe('running');
    expect(executed.at(-1)).toBe(b.call_id); // the one just handed to the actor, never an earlier one
  }
  if (s.matches({ request: 'awaitingApproval' }) || s.matches({ resumed: 'awaitingApproval' })) {
    const b = c.blocks[c.currentStreamingContentIndex];
    expect(b.type === 'tool_use' && !b.partial && c.toolOutcomes[b.call_id].status === 'awaiting-approval').toBe(true);
  }
  if (s.matches({ request: 'draining' })) {
    // The presentation stopped: nothing runs or waits, and the stream is still being read.
    expect(c.stoppedBy).toBeDefined();
    expect(Object.values(c.toolOutcomes).map((o) => o.status)).not.toContain('running');
    expect(Object.values(c.toolOutcomes).map((o) => o.status)).not.toContain('awaiting-approval');
    expect(c.streamEnded || c.streamError !== undefined || c.readingStopped).toBe(false);
  }
  if (s.matches('retrying')) expect(c.requests.at(-1)?.status).toBe('failed');
  if (s.status === 'done') {
    const out = s.output!;
    expect(out.reason).toBe(c.reason);
    if (s.matches('failed')) expect(out.error).toBeDefined();
    if (s.matches('aborted')) expect(out.reason).toBe('aborted');
    if (s.matches('done')) expect(['completed', 'max_requests', 'too_many_mistakes']).toContain(out.reason);
    // Nothing stays running, and every tool use of every request has an outcome.
    for (const r of out.requests) {
      expect(r.toolResults.map((t) => t.status)).not.toContain('running');
      expect(r.toolResults.length).toBe(r.blocks.filter((b) => b.type === 'tool_use').length);
    }
    if (out.reason === 'completed') expect(out.result).toBe('ok');
  }
}
