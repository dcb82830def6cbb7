// agent-turn/testing's replay of one walked path, and the model around it, on small reply models:
// what a replay returns and logs, how a piece is cut, a path that does not reach the state the
// graph expects, a real tool that never ends, a rule broken by the agent's adapter (named with the
// steps so far), the keys of transitions, and what createTurnTestModel's paths and report hold.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { cutPiece } from '../../../bindings/testing/cut-piece.js';
import {
  DEFAULT_REPLY_MODEL,
  REPLY_PIECES,
  TURN_EVENTS,
  TurnInvariantError,
  createTurnTestModel,
  newTurnReplayLog,
  replayTurnPath,
  replyPiece,
  serializeTurnStateWithResults,
  transitionKey,
  turnTestInput,
  walkTurnPaths,
  type ExecuteToolInput,
  type ExecuteToolOutput,
  type TurnReplyModel,
} from '../../../bindings/testing/index.js';
import type { PersistedAgentTurn } from '../../../machines/record/turn-record-types.js';

const small: TurnReplyModel = {
  pieces: [REPLY_PIECES.read, REPLY_PIECES.write, REPLY_PIECES.completion],
  maxBlocks: 1,
  laterPieces: [REPLY_PIECES.completion],
  laterMaxBlocks: 1,
};
const readOnly = { ...small, pieces: [REPLY_PIECES.read], input: undefined };
const tiny = {
  pieces: [REPLY_PIECES.completion],
  maxBlocks: 1,
  laterPieces: [REPLY_PIECES.completion],
  laterMaxBlocks: 1,
};

function pathOf(description: string, options: Parameters<typeof createTurnTestModel>[0] = {}) {
  const path = createTurnTestModel({ replies: small, ...options })
    .paths()
    .find((p) => p.description === description);
  if (path === undefined) throw new Error(`no path ${description}`);
  return path;
}

async function failure(run: Promise<unknown>): Promise<TurnInvariantError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TurnInvariantError);
  return error as TurnInvariantError;
}

describe('cutPiece', () => {
  const piece = replyPiece(
    { type: 'text', text: 'abcdefghij' },
    { type: 'finish', reason: 'stop' },
    { type: 'reasoning', text: 'xy' },
    { type: 'text', text: 'z' },
  );
  const texts = (events: ReturnType<typeof cutPiece>) =>
    events.map((e) => (e.type === 'CHAT.CHUNKS' ? e.events.map((x) => ('text' in x ? x.text : `<${x.type}>`)) : []));

  it('cuts text and reasoning into pieces that add up to it, one stream event each, the rest whole', () => {
    for (const seed of [1, 2, 3, 99, 12345]) {
      const out = cutPiece(piece, seed);
      expect(out.every((e) => e.type === 'CHAT.CHUNKS' && e.events.length === 1)).toBe(true);
      const flat = texts(out).flat();
      expect(flat.join('')).toBe('abcdefghij<finish>xyz');
      expect(flat.every((t) => t.length > 0)).toBe(true);
      expect(flat.filter((t) => t === '<finish>')).toHaveLength(1);
      expect(flat.at(-1)).toBe('z');
      const out0 = out.map((e) => (e.type === 'CHAT.CHUNKS' ? e.events[0]!.type : ''));
      const finishAt = out0.indexOf('finish');
      expect(out0.slice(0, finishAt).every((t) => t === 'text')).toBe(true);
      expect(out0.slice(finishAt + 1, -1).every((t) => t === 'reasoning')).toBe(true);
      // At most four cuts: five pieces of the first text.
      expect(finishAt).toBeLessThanOrEqual(5);
    }
  });

  it('draws the cuts from the seed: the same seed cuts the same, others differently', () => {
    expect(cutPiece(piece, 7)).toEqual(cutPiece(piece, 7));
    const shapes = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => JSON.stringify(texts(cutPiece(piece, seed)))));
    expect(shapes.size).toBeGreaterThan(2);
    const cut = [1, 2, 3, 4, 5, 6, 7, 8].some((seed) => texts(cutPiece(piece, seed))[0]![0] !== 'abcdefghij');
    expect(cut).toBe(true);
    // Each stream event draws from its own seed: the reasoning is cut in some run, not always with the text.
    const reasoning = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => texts(cutPiece(piece, seed)).flat().includes('x'));
    expect(reasoning).toContain(true);
  });

  it('leaves other events alone', () => {
    expect(cutPiece(TURN_EVENTS.end, 1)).toEqual([TURN_EVENTS.end]);
    expect(cutPiece(REPLY_PIECES.nativeRead, 1)).toEqual([REPLY_PIECES.nativeRead]);
  });
});

describe('replayTurnPath', () => {
  it('returns the record, the tools run and the state; the log gathers them over replays', async () => {
    const log = newTurnReplayLog();
    const path = pathOf('CHAT.CHUNKS → done: executeTool');
    const first = await replayTurnPath(path.steps, turnTestInput(), { log });
    expect(first.finalState).toBe('request.draining');
    expect(first.executed).toHaveLength(1);
    expect(first.executed[0]).toMatch(/_0$/);
    expect(first.record.state).toBe('request.draining');
    expect(first.record.turn.reply?.toolOutcomes[first.executed[0]!]?.status).toBe('done');
    const second = await replayTurnPath(
      pathOf('CHAT.ERROR → xstate.after.retryDelay.agentTurn.retrying').steps,
      turnTestInput(),
      { log },
    );
    expect(second.finalState).toBe('request.requesting');
    expect(second.executed).toEqual([]);
    expect(log.executed).toEqual(first.executed);
    expect(log.states).toContain('request.draining');
    expect(log.states).toContain('retrying');
    expect(log.states).toContain('request.requesting');
    expect(log.states).toContain('request.executingTool');
    expect([...log.states].every((s) => !s.startsWith('agentTurn.'))).toBe(true);
    expect([...log.states].every((s) => /^[A-Za-z.,]+$/.test(s))).toBe(true);
    expect(log.states).toContain('request');
    const aborted = await replayTurnPath(pathOf('ABORT').steps, turnTestInput());
    expect(aborted.finalState).toBe('aborted');
    expect(log.transitions).toContain(
      'agentTurn.retrying --xstate.after.retryDelay.agentTurn.retrying--> agentTurn.fittingContext',
    );
    expect(log.transitions).toContain('agentTurn.request.streamFailed --always [shouldRetry]--> agentTurn.retrying');
    expect([...log.transitions].some((t) => t.includes('--always'))).toBe(true);
    expect(log.stops).toBe(0);
    // A log of its own when none is given.
    const alone = await replayTurnPath(path.steps, turnTestInput());
    expect(alone.executed).toHaveLength(1);
    expect(log.executed).toHaveLength(1);
  });

  it('counts a reply whose reading the machine stopped', async () => {
    const model = createTurnTestModel({
      input: { maxRequests: 1, retry: { delaysMs: [] } },
      replies: { pieces: [REPLY_PIECES.read, REPLY_PIECES.write], maxBlocks: 2, laterPieces: [], laterMaxBlocks: 0 },
    });
    const paths = model.paths();
    // The write after the running read passes the drain's limit: reading stops.
    const stopped = newTurnReplayLog();
    await replayTurnPath(paths.find((p) => p.description === 'CHAT.CHUNKS → CHAT.CHUNKS')!.steps, model.input, {
      log: stopped,
    });
    expect(stopped.stops).toBe(1);
    const read = newTurnReplayLog();
    await replayTurnPath(paths.find((p) => p.description === 'CHAT.CHUNKS → done: executeTool')!.steps, model.input, {
      log: read,
    });
    expect(read.stops).toBe(0);
  });

  it('runs the real tools with `real`, and answers the tool actor from the path otherwise', async () => {
    const calls: string[] = [];
    const input = turnTestInput({ tools: { read_file: async (use) => (calls.push(use.call_id), 'text') } });
    const path = walkTurnPaths(input, { ...small, tools: 'real' }).find(
      (p) => p.map((s) => s.event.type).join() === 'xstate.init,CHAT.CHUNKS,xstate.done.actor.executeTool',
    )!;
    const real = await replayTurnPath(path, input, { tools: 'real' });
    expect(calls).toEqual(real.executed);
    expect(real.record.turn.reply?.toolOutcomes[calls[0]!]).toMatchObject({ status: 'done', content: 'text' });
    const controlled = await replayTurnPath(path, input);
    expect(calls).toHaveLength(1);
    expect(controlled.record.turn.reply?.toolOutcomes[controlled.executed[0]!]).toMatchObject({
      status: 'done',
      content: 'tool output',
    });
  });

  it('fails a path that does not reach the state the graph expects, naming the steps', async () => {
    const path = pathOf('CHAT.CHUNKS → APPROVE');
    // Without approval the write runs at once: the graph's awaitingApproval never comes.
    const error = await failure(replayTurnPath(path.steps, turnTestInput({ approval: [] })));
    expect(error.code).toBe('unexpected-state');
    expect(error.steps).toEqual(['CHAT.CHUNKS']);
    expect(error.message).toMatch(
      /^unexpected-state: expected \[\{"request":"awaitingApproval"\}[^\n]*\n {2}got {6}\[\{"request":"executingTool"\}[^\n]*\n {2}after: CHAT\.CHUNKS$/,
    );
    expect(error.message).toContain('\n  after: CHAT.CHUNKS');
    // With real tools only the looser key counts: blocks, requests and the reason.
    const loose = await failure(
      replayTurnPath(path.steps, turnTestInput({ approval: [], maxRequests: 1 }), { tools: 'real' }),
    );
    expect(loose.code).toBe('unexpected-state');
    expect(loose.message).toContain('expected [{"request":"awaitingApproval"},1,1,0,0,null]');
  });

  it('gives up on a real tool that never ends', async () => {
    const input = turnTestInput({ tools: { read_file: () => new Promise<string>(() => {}) } });
    const path = walkTurnPaths(input, { ...small, tools: 'real' }).find(
      (p) => p.map((s) => s.event.type).join() === 'xstate.init,CHAT.CHUNKS,xstate.done.actor.executeTool',
    )!;
    const error = await failure(replayTurnPath(path, input, { tools: 'real', toolTimeoutMs: 20 }));
    expect(error.code).toBe('bad-end');
    expect(error.message).toBe(
      'bad-end: a tool ran longer than 20 ms\n  after: CHAT.CHUNKS → xstate.done.actor.executeTool',
    );
  });

  it('names a rule the agent’s adapter broke with the steps so far, once', async () => {
    const twice = fromPromise<ExecuteToolOutput, ExecuteToolInput>(async ({ input, signal }) => {
      const fn = input.tools[input.toolUse.name]!;
      await fn(input.toolUse, { signal });
      return { content: String(await fn(input.toolUse, { signal })), isError: false };
    });
    const model = createTurnTestModel({ tools: { read_file: async () => 'r' }, replies: tiny, executeTool: twice });
    expect(model.paths().every((p) => !p.description.includes('error: executeTool'))).toBe(true);
    const read = createTurnTestModel({ tools: { read_file: async () => 'r' }, replies: small, executeTool: twice })
      .paths()
      .find((p) => p.description === 'CHAT.CHUNKS → done: executeTool')!;
    const error = await failure(read.run());
    expect(error.code).toBe('tool-ran-twice');
    expect(error.message).toMatch(
      /^tool-ran-twice: read_file \(\S+_0\) was called twice\n {2}after: CHAT\.CHUNKS → xstate\.done\.actor\.executeTool$/,
    );
  });

  it('lets an approved tool run, and needs every tool approved with `approval: true`', async () => {
    const tools = { read_file: async () => 'r', write_to_file: async () => 'w' };
    const write = (options: Parameters<typeof createTurnTestModel>[0]) =>
      createTurnTestModel({ tools, replies: small, ...options })
        .paths()
        .find((p) => p.description === 'CHAT.CHUNKS → APPROVE → done: executeTool')!;
    await expect(write({}).run()).resolves.toMatchObject({ finalState: 'request.draining' });
    // An adapter that also runs a read of its own, under another call_id, on every approved write.
    const sneaky = fromPromise<ExecuteToolOutput, ExecuteToolInput>(async ({ input, signal }) => {
      await input.tools.read_file!({ ...input.toolUse, name: 'read_file', call_id: 'sneaky' } as never, { signal });
      return { content: String(await input.tools[input.toolUse.name]!(input.toolUse, { signal })), isError: false };
    });
    await expect(write({ executeTool: sneaky }).run()).resolves.toBeDefined();
    const error = await failure(write({ executeTool: sneaky, input: { approval: true } }).run());
    expect(error.code).toBe('unapproved-tool-ran');
    expect(error.message).toBe(
      'unapproved-tool-ran: read_file (sneaky) ran without APPROVE\n  after: CHAT.CHUNKS → APPROVE',
    );
  });
});

describe('a restored turn', () => {
  it('fails a tool run again though its record holds its outcome, and lets a running one run again', async () => {
    const model = createTurnTestModel({ replies: { ...readOnly }, input: { maxRequests: 1 } });
    const { record, executed } = await model
      .paths()
      .find((p) => p.description === 'CHAT.CHUNKS')!
      .run();
    expect(record.resume).toBe('running-tool');
    const id = executed[0]!;
    const replayFrom = async (status: string | undefined) => {
      const forged = JSON.parse(JSON.stringify(record));
      if (status !== undefined) forged.turn.reply.toolOutcomes[id] = { status, content: 'x' };
      const from = { ...model.input, resume: forged };
      const path = walkTurnPaths(from, { ...readOnly, tools: 'controlled' }).find(
        (p) => p.map((s) => s.event.type).join() === 'xstate.init,xstate.done.actor.executeTool',
      )!;
      return replayTurnPath(path, from);
    };
    await expect(replayFrom(undefined)).resolves.toMatchObject({ executed: [id] });
    for (const status of ['done', 'error', 'rejected', 'skipped', 'cut-off']) {
      const error = await failure(replayFrom(status));
      expect(error.code).toBe('recorded-tool-ran-again');
      expect(error.message).toBe(
        `recorded-tool-ran-again: ${id} ran again though the record holds its outcome (${status})\n  after: xstate.done.actor.executeTool`,
      );
    }
  });
});

describe('transitionKey', () => {
  const source = { id: 'agentTurn.a' };
  it('keys a transition by source, event, guard and targets', () => {
    expect(transitionKey({ source, eventType: 'GO', target: [{ id: 'agentTurn.b' }, { id: 'agentTurn.c' }] })).toBe(
      'agentTurn.a --GO--> agentTurn.b,agentTurn.c',
    );
    expect(transitionKey({ source, eventType: '', guard: 'isReady', target: undefined })).toBe(
      'agentTurn.a --always [isReady]--> (self)',
    );
    expect(transitionKey({ source, eventType: 'GO', guard: { type: 'hasTool' }, target: [] })).toBe(
      'agentTurn.a --GO [hasTool]--> ',
    );
    expect(transitionKey({ source, eventType: 'GO', guard: null })).toBe('agentTurn.a --GO--> (self)');
    expect(transitionKey({ source, eventType: 'GO', guard: () => true })).toBe('agentTurn.a --GO--> (self)');
  });
});

describe('createTurnTestModel', () => {
  it('describes each path by its events, the tool actor’s answers shortened', () => {
    const descriptions = createTurnTestModel({ replies: small })
      .paths()
      .map((p) => p.description);
    expect(descriptions).toContain('(start)');
    expect(descriptions).toContain('CHAT.CHUNKS → CHAT.END → done: executeTool');
    expect(descriptions).toContain('CHAT.CHUNKS → error: executeTool');
    expect(descriptions.every((d) => !d.includes('xstate.init') && !d.includes('xstate.done.actor'))).toBe(true);
  });

  it('starts from turnTestInput with the given input and tools', () => {
    const tools = { read_file: async () => 'r' };
    const model = createTurnTestModel({ tools, input: { maxRequests: 5 } });
    expect(model.input).toMatchObject({ model: 'm', maxRequests: 5, approval: ['write_to_file'], tools });
    expect(createTurnTestModel().input.tools).toEqual({});
    expect(createTurnTestModel({ input: { approval: [] } }).input.approval).toEqual([]);
    const input = turnTestInput();
    expect(input).toMatchObject({
      model: 'm',
      messages: [{ role: 'user', content: 'task' }],
      tools: {},
      approval: ['write_to_file'],
      maxRequests: 2,
      nudge: { maxConsecutiveMistakes: 2 },
      retry: { delaysMs: [0] },
      drain: { graceMs: 0, maxChars: 20 },
    });
    expect(turnTestInput({ model: 'x' }).model).toBe('x');
  });

  it('gives a client that refuses to be called (the walk sends the stream)', async () => {
    const client = turnTestInput().client;
    const stream = client.stream({ model: 'm', messages: [] } as never);
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toThrow('the test model sends the stream itself');
    await expect(client.complete({ model: 'm', messages: [] } as never)).rejects.toThrow(
      'the test model sends the stream itself',
    );
  });

  it('ships a default model with every kind of block first and one block later', () => {
    expect(DEFAULT_REPLY_MODEL).toEqual({
      pieces: [
        REPLY_PIECES.text,
        REPLY_PIECES.reasoning,
        REPLY_PIECES.readOpen,
        REPLY_PIECES.readClose,
        REPLY_PIECES.write,
        REPLY_PIECES.completion,
        REPLY_PIECES.finishLength,
      ],
      maxBlocks: 3,
      laterPieces: [REPLY_PIECES.text, REPLY_PIECES.readOpen, REPLY_PIECES.readClose, REPLY_PIECES.completion],
      laterMaxBlocks: 1,
    });
    // Without replies of its own a model walks the default.
    const descriptions = createTurnTestModel()
      .paths()
      .map((p) => p.description);
    expect(descriptions.length).toBeGreaterThan(createTurnTestModel({ replies: small }).paths().length);
  });

  it('walks every simple path when asked, more than the shortest ones', () => {
    const shortest = createTurnTestModel({ replies: tiny }).paths().length;
    const simple = createTurnTestModel({ replies: tiny, paths: 'simple' }).paths().length;
    expect(simple).toBeGreaterThan(shortest);
    expect(walkTurnPaths(turnTestInput(), tiny, 'simple')).toHaveLength(simple);
    expect(walkTurnPaths(turnTestInput(), tiny)).toHaveLength(shortest);
  });

  it('answers the tool actor itself without tools (done and error both), and calls only real tools with them', async () => {
    const controlled = createTurnTestModel({ replies: readOnly, input: { maxRequests: 1 } });
    expect(controlled.paths().some((p) => p.description.includes('error: executeTool'))).toBe(true);
    const report = await controlled.runAll();
    expect(report.paths).toBe(controlled.paths().length);
    expect(report.restoredRecords).toBe(0);
    expect(report.restoredPaths).toBe(0);
    expect(report.toolCalls).toBe(report.log.executed.length);
    expect(report.toolCalls).toBeGreaterThan(2);
    const calls: string[] = [];
    const real = createTurnTestModel({
      tools: { read_file: async (u) => (calls.push(u.call_id), 'r') },
      replies: small,
    });
    expect(real.paths().some((p) => p.description.includes('error: executeTool'))).toBe(false);
    const realReport = await real.runAll();
    // Each call reached the function once at most (a path may end before a started run calls it).
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls).size).toBe(calls.length);
    for (const id of calls) expect(realReport.log.executed).toContain(id);
  });

  it('restores each distinct record once and walks on from it', async () => {
    const report = await createTurnTestModel({ replies: tiny, resume: true, input: { maxRequests: 1 } }).runAll();
    expect(report.restoredRecords).toBeGreaterThan(1);
    expect(report.restoredPaths).toBeGreaterThanOrEqual(report.restoredRecords);
    const records = new Map<string, PersistedAgentTurn>();
    const model = createTurnTestModel({ replies: tiny, input: { maxRequests: 1 } });
    for (const path of model.paths()) {
      const { record } = await path.run();
      const key = `${record.resume}:${record.state}:${record.turn.reason ?? ''}:${JSON.stringify(record.turn.reply?.toolOutcomes ?? {})}`;
      if (!records.has(key)) records.set(key, record);
    }
    expect(report.restoredRecords).toBe(records.size);
    expect(report.restoredRecords).toBeLessThan(model.paths().length);
    // From each record: every shortest path (told apart by the tool results too), one completion later.
    let expected = 0;
    for (const record of records.values())
      expected += walkTurnPaths(
        { ...model.input, resume: record },
        { ...tiny, laterPieces: [REPLY_PIECES.completion], tools: 'controlled' },
        'shortest',
        serializeTurnStateWithResults as never,
      ).length;
    expect(report.restoredPaths).toBe(expected);
    expect(report.paths).toBe(model.paths().length);
  });

  it('passes the chunk seed and the history rule to every replay', async () => {
    const seen: number[] = [];
    const report = await createTurnTestModel({
      replies: tiny,
      chunkSeed: 5,
      checkHistory: (messages) => {
        seen.push(messages.length);
        return undefined;
      },
    }).runAll();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThanOrEqual(report.paths);
  });
});
