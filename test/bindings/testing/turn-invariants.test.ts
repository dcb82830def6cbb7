// agent-turn/testing's invariant check on hand-made snapshots: a correct snapshot passes, and each
// rule, broken on its own, throws a TurnInvariantError with its code and the sentence naming what
// broke. (A real machine never breaks them, so only made-up snapshots can show each rule works.)
import { describe, expect, it } from 'vitest';
import { TurnInvariantError, checkTurnInvariants, type TurnSnapshot } from '../../../bindings/testing/index.js';

type Value = string | Record<string, string>;
interface Fake {
  value?: Value;
  status?: 'active' | 'done';
  context?: Record<string, unknown>;
  output?: Record<string, unknown>;
}

const tool = (id: string, partial = false, name = 'read_file') => ({
  type: 'tool_use',
  name,
  params: {},
  partial,
  call_id: id,
});
const text = (partial = false) => ({ type: 'text', content: 'hi', partial });

function snapshot(fake: Fake): TurnSnapshot {
  const value = fake.value ?? { request: 'streaming' };
  return {
    value,
    status: fake.status ?? 'active',
    context: {
      blocks: [],
      toolOutcomes: {},
      requests: [],
      currentStreamingContentIndex: 0,
      stoppedBy: undefined,
      reason: undefined,
      ...fake.context,
    },
    output: fake.output,
    matches(v: Value) {
      if (typeof v === 'string') return typeof value === 'string' ? value === v : v in value;
      const [k, child] = Object.entries(v)[0]!;
      return typeof value !== 'string' && value[k] === child;
    },
  } as unknown as TurnSnapshot;
}

function broken(fake: Fake, executed: string[] = []): { code: string; message: string } | undefined {
  try {
    checkTurnInvariants(snapshot(fake), executed);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(TurnInvariantError);
    return { code: (error as TurnInvariantError).code, message: (error as Error).message };
  }
}

const rule = (code: string, message: string) => ({ code, message: `${code}: ${message}` });

describe('checkTurnInvariants', () => {
  it('passes a snapshot that keeps every rule', () => {
    expect(broken({})).toBeUndefined();
    expect(
      broken(
        {
          value: { request: 'executingTool' },
          context: {
            blocks: [text(), tool('a'), tool('b', true)],
            toolOutcomes: { a: { status: 'running' }, b: undefined },
            currentStreamingContentIndex: 1,
          },
        },
        ['x', 'a'],
      ),
    ).toBeUndefined();
  });

  it('catches a tool use handed to the tool actor twice', () => {
    expect(broken({}, ['a', 'b', 'a'])).toEqual(rule('tool-ran-twice', 'the tool use a ran twice'));
    expect(broken({}, ['a', 'b'])).toBeUndefined();
  });

  it('catches a partial tool use that ran, waits or has a result, and only those', () => {
    for (const status of ['running', 'done', 'error', 'awaiting-approval'])
      expect(broken({ context: { blocks: [tool('p', true)], toolOutcomes: { p: { status } } } })).toEqual(
        rule('partial-tool-ran', 'the partial tool use p (read_file) ran'),
      );
    for (const status of ['cut-off', 'skipped', 'rejected'])
      expect(broken({ context: { blocks: [tool('p', true)], toolOutcomes: { p: { status } } } })).toBeUndefined();
    // The same statuses on a complete tool use are fine.
    expect(
      broken({ context: { blocks: [tool('c'), text(true)], toolOutcomes: { c: { status: 'done' } } } }),
    ).toBeUndefined();
  });

  it('catches a request whose partial tool use ended other than cut off or skipped', () => {
    const request = (status: string, partial = true) => ({
      index: 0,
      status: 'complete',
      blocks: [text(), tool('q', partial)],
      toolResults: [{ call_id: 'q', status }],
    });
    expect(broken({ context: { requests: [request('done')] } })).toEqual(
      rule('partial-tool-ran', 'the partial tool use q ended done'),
    );
    expect(broken({ context: { requests: [request('cut-off')] } })).toBeUndefined();
    expect(broken({ context: { requests: [request('skipped')] } })).toBeUndefined();
    expect(broken({ context: { requests: [request('done', false)] } })).toBeUndefined();
    // Each result is matched with its own tool use, not with the first one.
    expect(
      broken({
        context: {
          requests: [
            {
              ...request('done'),
              blocks: [tool('a', true), tool('q')],
              toolResults: [{ call_id: 'q', status: 'done' }],
            },
          ],
        },
      }),
    ).toBeUndefined();
    // A result for a call that is no tool use of the request is not this rule's business.
    expect(
      broken({ context: { requests: [{ ...request('done'), blocks: [{ ...text(true), call_id: 'q' }] }] } }),
    ).toBeUndefined();
  });

  it('catches a partial block before the presentation index, and an index past the blocks', () => {
    expect(broken({ context: { blocks: [text(), text(true), text()], currentStreamingContentIndex: 2 } })).toEqual(
      rule('bad-presentation', 'block 1 before the presentation index is partial'),
    );
    expect(broken({ context: { blocks: [text(), text(true)], currentStreamingContentIndex: 1 } })).toBeUndefined();
    expect(broken({ context: { blocks: [text(), text()], currentStreamingContentIndex: 3 } })).toEqual(
      rule('bad-presentation', 'the presentation index is past the blocks'),
    );
    expect(broken({ context: { blocks: [text(), text()], currentStreamingContentIndex: 2 } })).toBeUndefined();
    // An index past the blocks is told as such even when a block is partial.
    expect(broken({ context: { blocks: [text(true)], currentStreamingContentIndex: 2 } })).toEqual(
      rule('bad-presentation', 'block 0 before the presentation index is partial'),
    );
  });

  for (const value of [{ request: 'executingTool' }, { resumed: 'executingTool' }] as Record<string, string>[]) {
    it(`catches a run of what is not the current complete tool use (${JSON.stringify(value)})`, () => {
      const at = (blocks: unknown[], toolOutcomes: Record<string, unknown>, executed: string[]) =>
        broken({ value, context: { blocks, toolOutcomes, currentStreamingContentIndex: 0 } }, executed);
      expect(at([tool('a')], { a: { status: 'running' } }, ['a'])).toBeUndefined();
      expect(at([text()], {}, ['a'])).toEqual(rule('bad-presentation', 'a tool runs that is not a complete tool use'));
      expect(at([], {}, [])).toEqual(rule('bad-presentation', 'a tool runs that is not a complete tool use'));
      expect(at([tool('a', true)], { a: { status: 'cut-off' } }, [])).toEqual(
        rule('bad-presentation', 'a tool runs that is not a complete tool use'),
      );
      expect(at([tool('a')], { a: { status: 'done' } }, ['a'])).toEqual(
        rule('bad-presentation', 'a runs but is not marked running'),
      );
      expect(at([tool('a')], {}, ['a'])).toEqual(rule('bad-presentation', 'a runs but is not marked running'));
      expect(at([tool('a')], { a: { status: 'running' } }, ['a', 'b'])).toEqual(
        rule('bad-presentation', 'a is marked running but was not the one started'),
      );
      expect(at([tool('a')], { a: { status: 'running' } }, [])).toEqual(
        rule('bad-presentation', 'a is marked running but was not the one started'),
      );
    });

    const waiting = { [Object.keys(value)[0]!]: 'awaitingApproval' };
    it(`catches a wait for the approval of no complete tool use (${JSON.stringify(waiting)})`, () => {
      const at = (blocks: unknown[], toolOutcomes: Record<string, unknown>) =>
        broken({ value: waiting, context: { blocks, toolOutcomes } });
      const message = rule('bad-presentation', 'the turn waits for an approval of no complete tool use');
      expect(at([tool('w')], { w: { status: 'awaiting-approval' } })).toBeUndefined();
      expect(at([text()], {})).toEqual(message);
      expect(at([], {})).toEqual(message);
      expect(at([tool('w', true)], { w: { status: 'awaiting-approval' } })).toEqual(
        rule('partial-tool-ran', 'the partial tool use w (read_file) ran'),
      );
      expect(at([tool('w')], { w: { status: 'running' } })).toEqual(message);
      expect(at([tool('w')], {})).toEqual(message);
    });
  }

  it('catches a drain without a reason, or with a tool running or waiting', () => {
    const value = { request: 'draining' };
    expect(broken({ value, context: { stoppedBy: 'tool' } })).toBeUndefined();
    expect(broken({ value, context: { stoppedBy: 'tool', toolOutcomes: { a: { status: 'done' } } } })).toBeUndefined();
    expect(broken({ value, context: {} })).toEqual(
      rule('bad-presentation', 'draining without a reason to stop presenting'),
    );
    for (const status of ['running', 'awaiting-approval'])
      expect(broken({ value, context: { stoppedBy: 'tool', toolOutcomes: { a: { status } } } })).toEqual(
        rule('bad-presentation', 'a tool runs or waits while draining'),
      );
    // Outside the drain neither matters.
    expect(broken({ context: { toolOutcomes: { a: { status: 'awaiting-approval' } } } })).toBeUndefined();
  });

  it('catches a retry after an attempt that did not fail', () => {
    const requests = (status: string) => [
      { index: 0, status: 'complete', blocks: [], toolResults: [] },
      { index: 1, status, blocks: [], toolResults: [] },
    ];
    expect(broken({ value: 'retrying', context: { requests: requests('failed') } })).toBeUndefined();
    // The last attempt counts, not the second.
    expect(
      broken({
        value: 'retrying',
        context: { requests: [...requests('complete'), { ...requests('failed')[1]!, index: 2 }] },
      }),
    ).toBeUndefined();
    expect(
      broken({
        value: 'retrying',
        context: { requests: [...requests('failed'), { ...requests('complete')[1]!, index: 2 }] },
      }),
    ).toEqual(rule('bad-end', 'retrying after an attempt that did not fail'));
    expect(broken({ value: 'retrying', context: { requests: requests('complete') } })).toEqual(
      rule('bad-end', 'retrying after an attempt that did not fail'),
    );
    expect(broken({ value: 'retrying', context: { requests: [] } })).toEqual(
      rule('bad-end', 'retrying after an attempt that did not fail'),
    );
    expect(broken({ value: 'finalizing', context: { requests: requests('complete') } })).toBeUndefined();
  });

  describe('a finished turn', () => {
    const request = (toolResults: { call_id: string; status: string }[], blocks: unknown[]) => ({
      index: 3,
      status: 'complete',
      blocks,
      toolResults,
    });
    const done = (output: Record<string, unknown>, value = 'done', reason = 'completed') =>
      broken({ value, status: 'done', context: { reason }, output: { reason, requests: [], ...output } });

    it('passes when the output agrees with the context and accounts for every tool use', () => {
      expect(
        done({ requests: [request([{ call_id: 'a', status: 'done' }], [text(), tool('a'), text()])] }),
      ).toBeUndefined();
      expect(done({ error: { code: 'http' } }, 'failed', 'failed')).toBeUndefined();
    });

    it("catches an output whose reason is not the context's", () => {
      expect(
        broken({
          value: 'done',
          status: 'done',
          context: { reason: 'completed' },
          output: { reason: 'aborted', requests: [] },
        }),
      ).toEqual(rule('bad-end', "the output's reason aborted is not the context's completed"));
    });

    it('catches a failed turn without an error, only in the failed state', () => {
      expect(done({}, 'failed', 'failed')).toEqual(rule('bad-end', 'a failed turn without an error'));
      expect(done({}, 'done', 'failed')).toBeUndefined();
    });

    it('catches a tool still running, and a tool use without an outcome', () => {
      expect(done({ requests: [request([{ call_id: 'a', status: 'running' }], [tool('a')])] })).toEqual(
        rule('bad-end', 'request 3 ended with a tool still running'),
      );
      expect(done({ requests: [request([], [tool('a'), text()])] })).toEqual(
        rule('bad-end', 'request 3 has a tool use without an outcome'),
      );
      expect(done({ requests: [request([{ call_id: 'a', status: 'done' }], [tool('a'), tool('b', true)])] })).toEqual(
        rule('bad-end', 'request 3 has a tool use without an outcome'),
      );
    });

    it('checks the output only once the turn is done', () => {
      expect(
        broken({ value: 'finalizing', context: { reason: 'completed' }, output: { reason: 'aborted', requests: [] } }),
      ).toBeUndefined();
    });
  });
});

describe('TurnInvariantError', () => {
  it('is an Error with its code, and the steps that led there after the message', () => {
    const plain = new TurnInvariantError('bad-end', 'it broke');
    expect(plain).toBeInstanceOf(Error);
    expect(plain.name).toBe('TurnInvariantError');
    expect(String(plain)).toBe('TurnInvariantError: bad-end: it broke');
    expect(plain.steps).toEqual([]);
    const after = new TurnInvariantError('tool-ran-twice', 'twice', ['CHAT.CHUNKS', 'APPROVE']);
    expect(after.message).toBe('tool-ran-twice: twice\n  after: CHAT.CHUNKS → APPROVE');
    expect(after.code).toBe('tool-ran-twice');
    expect(after.steps).toEqual(['CHAT.CHUNKS', 'APPROVE']);
  });
});
