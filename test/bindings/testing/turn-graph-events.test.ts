// agent-turn/testing's walk alphabet and state keys on a real actor (a silent chat actor, tool
// runs answered by the test): what each reply piece parses to, which events each state offers,
// and the key that tells states apart without the growing text.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  DEFAULT_REPLY_MODEL,
  DRAIN_GRACE_EVENT,
  REPLY_PIECES,
  RETRY_EVENT,
  TURN_EVENTS,
  replyPiece,
  serializeTurnEvent,
  serializeTurnState,
  serializeTurnStateWithResults,
  turnEventsFor,
  turnTestInput,
  walkTurnPaths,
  type ExecuteToolInput,
  type ExecuteToolOutput,
  type TurnReplyModel,
  type TurnSnapshot,
} from '../../../bindings/testing/index.js';
import { agentTurnMachine } from '../../../machines/index.js';
import type { AgentTurnEvent } from '../../../machines/machine/agent-turn-types.js';
import { parseAssistantMessage } from '../../../src/parser/index.js';
import { isContextLengthError } from '../../../src/window/context-length-error.js';
import { TIMER_EVENTS } from '../../../bindings/testing/turn-graph-events.js';
import { persistAgentTurn } from '../../../machines/record/turn-record.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An actor whose chat is the test's events and whose tool runs the test settles. */
function turn(extra: Parameters<typeof turnTestInput>[0] = {}) {
  let pending:
    | { resolve: (v: { content: string; isError: boolean }) => void; reject: (e: unknown) => void }
    | undefined;
  const machine = agentTurnMachine.provide({
    actors: {
      chat: fromCallback(() => {}),
      executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(
        () => new Promise((resolve, reject) => (pending = { resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input: turnTestInput(extra) });
  actor.start();
  return {
    actor,
    snap: () => actor.getSnapshot() as TurnSnapshot,
    send: (...events: AgentTurnEvent[]) => {
      for (const e of events) actor.send(e);
    },
    async toolDone(content = 'out') {
      pending!.resolve({ content, isError: false });
      await tick();
    },
    async toolFails() {
      pending!.reject(new Error('crashed'));
      await tick();
    },
  };
}

const text = (piece: AgentTurnEvent) => {
  if (piece.type !== 'CHAT.CHUNKS') throw new Error('not a piece');
  return piece.events.map((e) => ('text' in e ? e.text : '')).join('');
};
const types = (events: AgentTurnEvent[]) =>
  events.map((e) => (e.type === 'CHAT.CHUNKS' ? `piece:${text(e).slice(0, 12)}` : e.type));

describe('the reply pieces and events', () => {
  it('makes a CHAT.CHUNKS event of stream events', () => {
    expect(replyPiece({ type: 'text', text: 'a' }, { type: 'finish', reason: 'stop' })).toEqual({
      type: 'CHAT.CHUNKS',
      events: [
        { type: 'text', text: 'a' },
        { type: 'finish', reason: 'stop' },
      ],
    });
  });

  it('gives pieces that parse to the blocks they are named for', () => {
    const blocks = (t: string) =>
      parseAssistantMessage(t).map((b) =>
        b.type === 'tool_use'
          ? { name: b.name, params: b.params, partial: b.partial }
          : { type: b.type, partial: b.partial },
      );
    expect(blocks(text(REPLY_PIECES.text))).toEqual([{ type: 'text', partial: true }]);
    expect(text(REPLY_PIECES.text).trim()).not.toBe('');
    expect(REPLY_PIECES.reasoning).toEqual(replyPiece({ type: 'reasoning', text: 'Let me think.' }));
    const read = [{ name: 'read_file', params: { path: 'a.ts' }, partial: false }];
    expect(blocks(text(REPLY_PIECES.read))).toEqual(read);
    expect(blocks(text(REPLY_PIECES.readOpen) + text(REPLY_PIECES.readClose))).toEqual(read);
    expect(blocks(text(REPLY_PIECES.readOpen))).toEqual([
      { name: 'read_file', params: { path: 'a.ts' }, partial: true },
    ]);
    expect(blocks(text(REPLY_PIECES.write))).toEqual([
      { name: 'write_to_file', params: { path: 'w.ts', content: 'x' }, partial: false },
    ]);
    expect(blocks(text(REPLY_PIECES.completion))).toEqual([
      { name: 'attempt_completion', params: { result: 'ok' }, partial: false },
    ]);
    expect(blocks(text(REPLY_PIECES.blankCompletion))).toEqual([
      { name: 'attempt_completion', params: { result: '' }, partial: false },
    ]);
    expect(REPLY_PIECES.finishLength).toEqual(replyPiece({ type: 'finish', reason: 'length' }));
    expect(REPLY_PIECES.nativeRead).toEqual(
      replyPiece({ type: 'tool-call', index: 0, id: 'native1', name: 'read_file', argumentsDelta: '{"path":"n.ts"}' }),
    );
  });

  it('gives the faults a provider shows, a tool’s answers and the person’s decisions', () => {
    const error = (e: AgentTurnEvent) => (e as { error: { code: string; retryable: boolean } }).error;
    expect(TURN_EVENTS.end).toEqual({ type: 'CHAT.END' });
    expect(error(TURN_EVENTS.retryableError)).toMatchObject({ code: 'http', retryable: true, message: '503' });
    expect(error(TURN_EVENTS.fatalError)).toMatchObject({ code: 'provider-error', retryable: false });
    expect(isContextLengthError(error(TURN_EVENTS.contextError))).toBe(true);
    // As an OpenAI-compatible provider reports it: an HTTP 400 with the code and the sentence.
    expect(error(TURN_EVENTS.contextError)).toMatchObject({
      code: 'http',
      message: 'HTTP 400: maximum context length',
      status: 400,
      providerCode: 'context_length_exceeded',
      providerMessage: "This model's maximum context length is 60 tokens.",
    });
    expect([...TIMER_EVENTS]).toEqual([RETRY_EVENT.type, DRAIN_GRACE_EVENT.type]);
    expect(isContextLengthError(error(TURN_EVENTS.retryableError))).toBe(false);
    expect(TURN_EVENTS.toolDone).toEqual({
      type: 'xstate.done.actor.executeTool',
      output: { content: 'tool output', isError: false },
    });
    expect(TURN_EVENTS.toolError.type).toBe('xstate.error.actor.executeTool');
    expect(String(TURN_EVENTS.toolError.error)).toBe('Error: tool crashed');
    expect([TURN_EVENTS.approve, TURN_EVENTS.reject, TURN_EVENTS.abort]).toEqual([
      { type: 'APPROVE' },
      { type: 'REJECT', feedback: 'no thanks' },
      { type: 'ABORT' },
    ]);
  });

  it('keys an event by its JSON, an error by its name and message', () => {
    expect(serializeTurnEvent(TURN_EVENTS.toolError)).toBe(
      '{"type":"xstate.error.actor.executeTool","error":"Error:tool crashed"}',
    );
    expect(serializeTurnEvent(TURN_EVENTS.fatalError)).toBe('{"type":"CHAT.ERROR","error":"ChatError:bad request"}');
    expect(serializeTurnEvent(TURN_EVENTS.reject)).toBe('{"type":"REJECT","feedback":"no thanks"}');
  });

  it('names the timers the machine really waits on (a walk through a retry and a drain)', () => {
    const model: TurnReplyModel = {
      pieces: [REPLY_PIECES.read],
      maxBlocks: 1,
      laterPieces: [REPLY_PIECES.completion],
      laterMaxBlocks: 1,
    };
    const steps = walkTurnPaths(turnTestInput(), model).flat();
    const statesAfter = (type: string) =>
      steps.filter((_, i) => steps[i - 1]?.event.type === type).map((s) => s.state.value);
    expect(statesAfter(RETRY_EVENT.type)).toContainEqual({ request: 'requesting' });
    expect(statesAfter(DRAIN_GRACE_EVENT.type).length).toBeGreaterThan(0);
    expect(statesAfter(DRAIN_GRACE_EVENT.type)).not.toContainEqual({ request: 'draining' });
  });
});

describe('turnEventsFor', () => {
  const model: TurnReplyModel = { ...DEFAULT_REPLY_MODEL, maxBlocks: 2 };
  const events = turnEventsFor(model);
  const errors = ['CHAT.END', 'CHAT.ERROR', 'CHAT.ERROR', 'CHAT.ERROR'];
  const firstPieces = types(DEFAULT_REPLY_MODEL.pieces as AgentTurnEvent[]);
  const laterPieces = types(DEFAULT_REPLY_MODEL.laterPieces as AgentTurnEvent[]);

  it('offers the first reply’s pieces until it has its blocks, then the stream’s end and faults', () => {
    const t = turn();
    expect(types(events(t.snap()))).toEqual(['ABORT', ...firstPieces, ...errors]);
    t.send(REPLY_PIECES.reasoning);
    expect(types(events(t.snap()))).toEqual(['ABORT', ...firstPieces, ...errors]);
    t.send(REPLY_PIECES.text);
    expect(types(events(t.snap()))).toEqual(['ABORT', ...errors]);
    expect(events(t.snap()).slice(1)).toEqual([
      TURN_EVENTS.end,
      TURN_EVENTS.retryableError,
      TURN_EVENTS.fatalError,
      TURN_EVENTS.contextError,
    ]);
  });

  it('offers a running tool’s done and error (only done when the tools are real), then the drain’s timer', async () => {
    const t = turn();
    t.send(REPLY_PIECES.read);
    expect(t.snap().value).toEqual({ request: 'executingTool' });
    expect(types(events(t.snap()))).toEqual([
      'ABORT',
      ...firstPieces,
      ...errors,
      'xstate.done.actor.executeTool',
      'xstate.error.actor.executeTool',
    ]);
    expect(types(turnEventsFor({ ...model, tools: 'real' })(t.snap()))).toEqual([
      'ABORT',
      ...firstPieces,
      ...errors,
      'xstate.done.actor.executeTool',
    ]);
    await t.toolDone();
    expect(t.snap().value).toEqual({ request: 'draining' });
    expect(types(events(t.snap()))).toEqual(['ABORT', ...firstPieces, ...errors, DRAIN_GRACE_EVENT.type]);
  });

  it('offers no reply pieces nor stream faults while a tool runs after the stream failed', () => {
    const t = turn();
    t.send(REPLY_PIECES.read, TURN_EVENTS.retryableError);
    expect(t.snap().value).toEqual({ request: 'executingTool' });
    expect(t.snap().context.streamEnded).toBe(false);
    expect(types(events(t.snap()))).toEqual([
      'ABORT',
      'xstate.done.actor.executeTool',
      'xstate.error.actor.executeTool',
    ]);
  });

  it('offers a restored turn’s tool run and approval their events', () => {
    const running = turn();
    running.send(REPLY_PIECES.read);
    const waiting = turn();
    waiting.send(REPLY_PIECES.write, TURN_EVENTS.end);
    const restore = (from: ReturnType<typeof turn>) =>
      turn({ resume: JSON.parse(JSON.stringify(persistAgentTurn(from.snap() as never))) });
    const resumedRun = restore(running);
    expect(resumedRun.snap().value).toEqual({ resumed: 'executingTool' });
    expect(types(events(resumedRun.snap()))).toEqual([
      'ABORT',
      'xstate.done.actor.executeTool',
      'xstate.error.actor.executeTool',
    ]);
    const resumedWait = restore(waiting);
    expect(resumedWait.snap().value).toEqual({ resumed: 'awaitingApproval' });
    expect(types(events(resumedWait.snap()))).toEqual(['ABORT', 'APPROVE', 'REJECT']);
  });

  it('offers approve and reject while a tool waits, and nothing once the stream ended', () => {
    const t = turn();
    t.send(REPLY_PIECES.write, TURN_EVENTS.end);
    expect(t.snap().value).toEqual({ request: 'awaitingApproval' });
    expect(types(events(t.snap()))).toEqual(['ABORT', 'APPROVE', 'REJECT']);
  });

  it('offers the later pieces to a later request and to a retry, up to their own block count', async () => {
    const t = turn();
    t.send(TURN_EVENTS.retryableError);
    expect(t.snap().value).toBe('retrying');
    expect(types(events(t.snap()))).toEqual(['ABORT', RETRY_EVENT.type]);
    await tick();
    expect(t.snap().context.attempt).toBe(1);
    expect(types(events(t.snap()))).toEqual(['ABORT', ...laterPieces, ...errors]);
    t.send(REPLY_PIECES.text);
    expect(types(events(t.snap()))).toEqual(['ABORT', ...errors]);

    const later = turn();
    later.send(REPLY_PIECES.read);
    await later.toolDone();
    later.send(TURN_EVENTS.end);
    await tick();
    expect(later.snap().context.requestCount).toBe(2);
    expect(later.snap().context.attempt).toBe(0);
    expect(types(events(later.snap()))).toEqual(['ABORT', ...laterPieces, ...errors]);
  });

  it('offers nothing once the turn is done, and goes on after a fault that follows a tool', async () => {
    const t = turn();
    t.send(TURN_EVENTS.fatalError);
    expect(t.snap().status).toBe('done');
    expect(events(t.snap())).toEqual([]);
    const failed = turn({ retry: { delaysMs: [0, 0] } });
    failed.send(REPLY_PIECES.read);
    await failed.toolDone();
    // A fault after the tool ran: the reply is kept and the next request begins, with the later pieces.
    failed.send(TURN_EVENTS.retryableError);
    expect(failed.snap().context.requestCount).toBe(2);
    expect(types(events(failed.snap()))).toEqual(['ABORT', ...laterPieces, ...errors]);
  });
});

describe('serializeTurnState', () => {
  it('keys the state by what decides what comes next, not by the text', async () => {
    const t = turn();
    expect(serializeTurnState(t.snap())).toBe(
      '[{"request":"requesting"},"",0,false,null,null,null,false,1,0,0,null,0,false,false,0,0,false,0,0]',
    );
    expect(serializeTurnStateWithResults(t.snap())).toBe(`${serializeTurnState(t.snap())}|`);
    t.send(REPLY_PIECES.reasoning, REPLY_PIECES.text);
    const key = serializeTurnState(t.snap());
    expect(key).toBe(
      '[{"request":"streaming"},"r,t~",1,false,null,null,null,false,1,0,0,null,0,false,false,0,0,false,0,0]',
    );
    t.send(replyPiece({ type: 'text', text: 'more words' }));
    expect(serializeTurnState(t.snap())).toBe(key);
    t.send(REPLY_PIECES.read);
    expect(serializeTurnState(t.snap())).toBe(
      '[{"request":"executingTool"},"r,t,read_file:running",2,false,null,null,"one-tool",false,1,0,0,null,0,false,false,0,0,false,0,0]',
    );
    await t.toolDone();
    // The write passes the drain's limit: reading stops, the write is skipped, the next request begins.
    t.send(REPLY_PIECES.write);
    expect(serializeTurnStateWithResults(t.snap())).toBe(
      '[{"request":"requesting"},"",0,false,null,null,null,false,2,0,0,null,1,false,false,0,0,false,0,0]|done,skipped',
    );
  });

  it('marks a partial tool use, a native call and a failed stream', () => {
    const t = turn();
    t.send(REPLY_PIECES.readOpen);
    expect(serializeTurnState(t.snap())).toContain('"read_file~:-"');
    const native = turn();
    native.send(REPLY_PIECES.nativeRead);
    expect(serializeTurnState(native.snap())).toContain('"native:read_file~:-"');
    const failed = turn();
    failed.send(TURN_EVENTS.retryableError);
    expect(JSON.parse(serializeTurnState(failed.snap()))).toEqual([
      'retrying',
      '',
      0,
      false,
      true,
      null,
      null,
      false,
      1,
      1,
      0,
      null,
      1,
      false,
      false,
      0,
      0,
      false,
      0,
      0,
    ]);
  });

  it('tells a reply kept after its stream failed while a tool ran', async () => {
    const t = turn();
    t.send(REPLY_PIECES.read);
    await t.toolDone();
    t.send(TURN_EVENTS.retryableError);
    expect(t.snap().context.requests[0]).toMatchObject({ status: 'complete' });
    expect(t.snap().context.requests[0]?.error).toBeDefined();
    expect(serializeTurnStateWithResults(t.snap())).toBe(
      '[{"request":"requesting"},"",0,false,null,null,null,false,2,0,0,null,1,true,false,0,0,false,0,0]|done',
    );
    // The same fault after the person rejected the tool is another state.
    const r = turn();
    r.send(REPLY_PIECES.write, TURN_EVENTS.reject, TURN_EVENTS.retryableError);
    const rejected = r.snap().context.requests[0];
    expect(rejected?.toolResults.map((x) => x.status)).toEqual(['rejected']);
    expect(rejected?.status).toBe('complete');
    expect(rejected?.error).toBeDefined();
    expect(JSON.parse(serializeTurnState(r.snap()))[13]).toBe(false);
    // Any rejected tool of such a reply makes it the other state.
    const real = t.snap();
    const mixed = Object.create(real, {
      context: {
        value: {
          ...real.context,
          requests: [
            {
              ...real.context.requests[0]!,
              toolResults: [
                { call_id: 'x', status: 'done' },
                { call_id: 'y', status: 'rejected' },
              ],
            },
          ],
        },
      },
    });
    expect(JSON.parse(serializeTurnState(mixed))[13]).toBe(false);
  });
});
