// selectView keeps the last view it made of each block and of each turn's context, and hands it
// back when what it was made from has not changed. Whatever those caches hold, the view must be
// the one a fresh computation gives: here every input a block's or the context's view reads is
// varied while the parser's block objects (and the truncations array) stay the same objects,
// and each view is compared with the view of the same snapshot made from copies (which no cache
// knows).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { AgentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import { selectView } from '../../machines/view/select-view.js';
import type { AgentTurnContext } from '../../machines/machine/turn-context-types.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import { drivenTurn } from '../support/driven-turn.js';

type Snapshot = SnapshotFrom<AgentTurnMachine>;
const chunk = (...events: ChatStreamEvent[]): AgentTurnEvent => ({ type: 'CHAT.CHUNKS', events });

/** A snapshot with `context` changed; the rest (value, tags, status) as it was. */
function variant(s: Snapshot, context: Partial<AgentTurnContext>): Snapshot {
  return { ...s, context: { ...s.context, ...context } } as Snapshot;
}

/** The same snapshot made of copies: new block objects and a new truncations array, unknown to every cache. */
function copied(s: Snapshot): Snapshot {
  return variant(s, {
    blocks: s.context.blocks.map((b) => ({ ...b })),
    truncations: [...s.context.truncations],
  });
}

/** A streaming reply (prose, a complete tool use, prose, a tool use still arriving), and a recorded request of another turn. */
async function material() {
  const t = drivenTurn({ toolsPerMessage: 'sequential' });
  t.send(
    chunk({
      type: 'text',
      text: 'Reading.\n<read_file>\n<path>a.ts</path>\n</read_file>\nThen writing.\n<write_to_file>\n<path>b.ts</path>\n<content>\nhal',
    }),
  );
  const streaming = t.actor.getSnapshot();
  t.actor.stop();

  const other = drivenTurn();
  other.send(
    chunk(
      { type: 'reasoning', text: 'Let me look.' },
      { type: 'text', text: '<list_files>\n<path>.</path>\n</list_files>' },
    ),
  );
  other.send(
    chunk({ type: 'usage', usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30, reasoningTokens: 7 } }),
  );
  other.send({ type: 'CHAT.END' });
  await other.finishTool();
  const recorded = other.actor.getSnapshot().context.requests[0];
  other.actor.stop();
  return { streaming, recorded };
}

const STOPS = [undefined, 'rejected', 'one-tool', 'completion', 'error', 'aborted'] as const;
const OUTCOMES = [
  undefined,
  { status: 'awaiting-approval' as const },
  { status: 'running' as const },
  { status: 'done' as const, content: 'ok' },
  { status: 'rejected' as const, content: 'no', isError: true },
];

describe('selectView caches', () => {
  it('property: views equal a fresh computation whatever the caches hold', async () => {
    const { streaming, recorded } = await material();
    const c = streaming.context;
    const toolIds = c.blocks.flatMap((b) => (b.type === 'tool_use' ? [b.call_id] : []));
    expect(toolIds).toHaveLength(2);
    const truncations = [
      { beforeRequest: 0, dropped: 2, tokensBefore: 9000, tokensAfter: 5000, afterError: false },
      { beforeRequest: 5, dropped: 1, tokensBefore: 5000, tokensAfter: 4000, afterError: true },
    ];
    const moreMessages = [...c.messages, { role: 'user' as const, content: 'and more' }];
    const wideOptions = { ...c.options, contextWindow: c.options.contextWindow * 2 };
    const step = fc.record({
      streamEnded: fc.boolean(),
      stoppedBy: fc.constantFrom(...STOPS),
      firstOutcome: fc.constantFrom(...OUTCOMES),
      secondOutcome: fc.constantFrom(...OUTCOMES),
      completionTool: fc.constantFrom('attempt_completion', 'read_file', 'write_to_file'),
      attempt: fc.constantFrom(0, 1),
      withRecorded: fc.boolean(),
      messages: fc.constantFrom(c.messages, moreMessages),
      promptMeasure: fc.constantFrom(undefined, { promptTokens: 1234, estimate: 1000 }),
      options: fc.constantFrom(c.options, wideOptions),
      requestOptions: fc.constantFrom(c.requestOptions, { max_tokens: 2048 }),
      droppedMessages: fc.constantFrom(0, 3),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        for (const s of steps) {
          const toolOutcomes: AgentTurnContext['toolOutcomes'] = {};
          if (s.firstOutcome !== undefined) toolOutcomes[toolIds[0]] = s.firstOutcome;
          if (s.secondOutcome !== undefined) toolOutcomes[toolIds[1]] = s.secondOutcome;
          const snapshot = variant(streaming, {
            streamEnded: s.streamEnded,
            stoppedBy: s.stoppedBy,
            toolOutcomes,
            options: { ...s.options, completionTool: s.completionTool },
            attempt: s.attempt,
            requests: s.withRecorded ? [recorded] : [],
            truncations, // the same array every time: the context view's cache key
            messages: s.messages,
            promptMeasure: s.promptMeasure,
            requestOptions: s.requestOptions,
            droppedMessages: s.droppedMessages,
          });
          expect(selectView(snapshot)).toEqual(selectView(copied(snapshot)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('each input on its own: a view made after one that differs only in it is the fresh one', async () => {
    const { streaming, recorded } = await material();
    const c = streaming.context;
    const writeId = c.blocks.flatMap((b) => (b.type === 'tool_use' ? [b.call_id] : []))[1];
    const retried = [{ ...recorded, attempt: 1 }];
    const once = [recorded]; // the same array in both halves of a pair: only the input named changes
    // One cut, placed at the request it came before (index 1) or, while there is none, at the current number.
    const truncations = [{ beforeRequest: 1, dropped: 2, tokensBefore: 9000, tokensAfter: 5000, afterError: false }];
    const base: Partial<AgentTurnContext> = { truncations, streamEnded: true, stoppedBy: 'rejected' };
    const pairs: [string, Partial<AgentTurnContext>, Partial<AgentTurnContext>][] = [
      ['stream ended', { streamEnded: false }, { streamEnded: true }],
      ['stop cause', { stoppedBy: 'rejected' }, { stoppedBy: 'one-tool' }],
      ['outcome', { toolOutcomes: {} }, { toolOutcomes: { [writeId]: { status: 'running' } } }],
      ['completion tool', {}, { options: { ...c.options, completionTool: 'write_to_file' } }],
      ['number', { requests: once, attempt: 0 }, { requests: once, attempt: 1 }],
      ['key', { requests: [] }, { requests: retried }],
      ['history', {}, { messages: [...c.messages, { role: 'user', content: 'more '.repeat(400) }] }],
      ['provider count', { promptMeasure: undefined }, { promptMeasure: { promptTokens: 5000, estimate: 100 } }],
      ['window', {}, { options: { ...c.options, contextWindow: c.options.contextWindow * 2 } }],
      ['reply room', { requestOptions: {} }, { requestOptions: { max_tokens: 100_000 } }],
      ['dropped', { droppedMessages: 0 }, { droppedMessages: 3 }],
      ['requests', { requests: [] }, { requests: once }],
      ['attempt', { requests: once, attempt: 0 }, { requests: once, attempt: 1 }],
      ['reply open', { requests: once, replyOpen: true }, { requests: once, replyOpen: false }],
    ];
    // A cut before a request not yet made is placed at the current number (2 here: two requests recorded).
    const two = variant(streaming, {
      truncations: [{ ...truncations[0], beforeRequest: 2 }],
      requests: [recorded, recorded],
      replyOpen: false,
    });
    expect(selectView(two).context.truncations[0].request).toBe(2);
    for (const [name, from, to] of pairs) {
      const a = variant(streaming, { ...base, ...from });
      const b = variant(streaming, { ...base, ...to });
      const fresh = selectView(copied(b));
      expect(fresh, name).not.toEqual(selectView(copied(a))); // the input shows
      // Each way round, so a cache that ignores the input fails whichever half it saw first.
      expect(selectView(a), name).toEqual(selectView(copied(a)));
      expect(selectView(b), name).toEqual(fresh);
      expect(selectView(a), name).toEqual(selectView(copied(a)));
    }
  });

  it("a reasoning block's count: estimated while the reply is open, the provider's once it is recorded", async () => {
    // (Sequential tools: nothing stops the presentation, so the open and the recorded reply differ in the count alone.)
    const t = drivenTurn({ toolsPerMessage: 'sequential' });
    t.send(chunk({ type: 'reasoning', text: 'Let me look at the files first.' }));
    t.send(chunk({ type: 'text', text: '<list_files>\n<path>.</path>\n</list_files>' }));
    t.send(
      chunk({ type: 'usage', usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30, reasoningTokens: 7 } }),
    );
    t.send({ type: 'CHAT.END' });
    // The stream is over, the tool runs: the reply is still open, its reasoning block the one it will record.
    const open = t.view().blocks.find((b) => b.type === 'reasoning');
    expect(open).toMatchObject({ estimated: true });
    await t.finishTool();
    const recorded = t.view().requests[0].blocks.find((b) => b.type === 'reasoning');
    expect(recorded).toMatchObject({ tokens: 7, estimated: false });
    t.actor.stop();
  });

  it('a view has no `reason`, `result` or `error` key while the turn has none', () => {
    const t = drivenTurn();
    t.send(chunk({ type: 'text', text: 'Hello' }));
    const view = t.view();
    expect(Object.keys(view)).not.toContain('reason');
    expect(Object.keys(view)).not.toContain('result');
    expect(Object.keys(view)).not.toContain('error');
    t.actor.stop();
  });
});
