// The view's details, each stated on its own: native calls marked, keys of repeated call ids, a
// request's error, finish reason and reasoning counts, the cut summaries (one message or many,
// after the provider's complaint, large numbers grouped), the state path, the blocks of a turn
// between requests.
import { describe, expect, it } from 'vitest';
import { selectView, stateValueToPath } from '../../machines/view/select-view.js';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import type { ToolBlockView } from '../../machines/view/turn-view-types.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import { drivenTurn } from '../support/driven-turn.js';

const chunk = (...events: ChatStreamEvent[]): AgentTurnEvent => ({ type: 'CHAT.CHUNKS', events });
const call = (index: number, id: string, path: string): ChatStreamEvent => ({
  type: 'tool-call',
  index,
  id,
  name: 'read_file',
  argumentsDelta: JSON.stringify({ path }),
});
const tools = (blocks: readonly { type: string }[]) => blocks.filter((b): b is ToolBlockView => b.type === 'tool_use');

/**
 * The view of a finished request: `reasoning` shown (or none), a tool that ran, and the provider's
 * usage with `reasoningTokens` (or no usage at all).
 */
async function requestWith(reasoning: string | undefined, reasoningTokens: number | undefined) {
  const t = drivenTurn();
  const tool: ChatStreamEvent = { type: 'text', text: '<read_file>\n<path>a.ts</path>\n</read_file>' };
  t.send(chunk(...(reasoning !== undefined ? [{ type: 'reasoning', text: reasoning } as const] : []), tool));
  if (reasoningTokens !== undefined)
    t.send(
      chunk({ type: 'usage', usage: { promptTokens: 10, completionTokens: 50, totalTokens: 60, reasoningTokens } }),
    );
  t.send({ type: 'CHAT.END' });
  await t.finishTool();
  const request = t.view().requests[0];
  t.actor.stop();
  return request;
}

describe('tool blocks', () => {
  it('marks native calls as native and tag tools as not', () => {
    const t = drivenTurn({ toolsPerMessage: 'sequential' });
    t.send(chunk({ type: 'text', text: '<read_file>\n<path>a.ts</path>\n</read_file>' }, call(0, 'call_n', 'b.ts')));
    t.send(chunk({ type: 'finish', reason: 'tool_calls' }));
    expect(tools(t.view().blocks).map((b) => [b.call_id.startsWith('call_n'), b.isNativeToolCall])).toEqual([
      [false, false],
      [true, true],
    ]);
    t.actor.stop();
  });

  it('gives a call id the provider repeated a key of its own', () => {
    const t = drivenTurn({ toolsPerMessage: 'sequential' });
    t.send(chunk(call(0, 'dup', 'a.ts'), call(1, 'dup', 'b.ts'), { type: 'finish', reason: 'tool_calls' }));
    const keys = tools(t.view().blocks).map((b) => b.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(keys[0]).toBe('0:dup');
    t.actor.stop();
  });
});

describe('a recorded request', () => {
  it('carries its error with the HTTP status when there is one, and without a status key when not', () => {
    const withStatus = drivenTurn({ retry: { delaysMs: [] } });
    withStatus.send({
      type: 'CHAT.ERROR',
      error: new ChatError('http', 'bad request', { status: 400, retryable: false }),
    });
    const failed = selectView(withStatus.actor.getSnapshot());
    expect(failed.requests[0].error).toEqual({ code: 'http', message: 'bad request', status: 400 });
    expect(failed.requests[0].status).toBe('failed');
    expect('usage' in failed.requests[0]).toBe(false); // nothing arrived: no usage, not even an estimate
    // The turn's own error and reason; no result.
    expect(failed.error).toEqual({ code: 'http', message: 'bad request', status: 400 });
    expect(failed.reason).toBe('failed');
    expect('result' in failed).toBe(false);

    const without = drivenTurn({ retry: { delaysMs: [] } });
    without.send({ type: 'CHAT.ERROR', error: new ChatError('malformed-chunk', 'not JSON', { retryable: false }) });
    const error = selectView(without.actor.getSnapshot()).requests[0].error;
    expect(error).toEqual({ code: 'malformed-chunk', message: 'not JSON' });
    expect(error !== undefined && 'status' in error).toBe(false);
  });

  it('keeps its finish reason and usage, and has neither key when the provider sent none', async () => {
    const t = drivenTurn();
    t.send(chunk({ type: 'text', text: '<read_file>\n<path>a.ts</path>\n</read_file>' }));
    t.send(
      chunk(
        { type: 'finish', reason: 'stop' },
        { type: 'usage', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } },
      ),
    );
    t.send({ type: 'CHAT.END' });
    await t.finishTool();
    const first = t.view().requests[0];
    expect(first.finishReason).toBe('stop');
    expect(first.usage).toMatchObject({ promptTokens: 10, completionTokens: 5, estimated: false });
    expect('error' in first).toBe(false);
    // The next reply ends without a finish reason or usage.
    t.send(chunk({ type: 'text', text: '<read_file>\n<path>b.ts</path>\n</read_file>' }));
    t.send({ type: 'CHAT.END' });
    await t.finishTool();
    const second = t.view().requests[1];
    expect('finishReason' in second).toBe(false);
    expect(second.usage?.estimated).toBe(true);
    t.actor.stop();
  });

  it("reports the provider's reasoning count: on the reasoning block when it showed reasoning, as hidden when it did not", async () => {
    const shownRequest = await requestWith('think think', 40);
    expect(shownRequest.blocks[0]).toMatchObject({ type: 'reasoning', tokens: 40, estimated: false });
    expect('hiddenReasoningTokens' in shownRequest).toBe(false);

    expect((await requestWith(undefined, 40)).hiddenReasoningTokens).toBe(40);

    // A count of 0 is no reasoning: neither hidden tokens nor a reported count on a block.
    const zeroRequest = await requestWith('a thought of some length', 0);
    expect(zeroRequest.blocks[0]).toMatchObject({ type: 'reasoning', estimated: true });
    expect((zeroRequest.blocks[0] as { tokens: number }).tokens).toBeGreaterThan(0);

    // Nothing shown and a count of 0: no hidden tokens either.
    expect('hiddenReasoningTokens' in (await requestWith(undefined, 0))).toBe(false);

    // No usage from the provider: the reasoning block keeps its own estimate, marked as one.
    expect((await requestWith('a thought', undefined)).blocks[0]).toMatchObject({ type: 'reasoning', estimated: true });
  });

  it('once the turn is over, shows the blocks of its last request, its reason and result', async () => {
    const t = drivenTurn();
    for (const path of ['a.ts', 'b.ts']) {
      t.send(chunk({ type: 'text', text: `<read_file>\n<path>${path}</path>\n</read_file>` }));
      t.send({ type: 'CHAT.END' });
      await t.finishTool();
    }
    t.send(chunk({ type: 'text', text: 'Done.\n<attempt_completion>\n<result>fin</result>\n</attempt_completion>' }));
    t.send({ type: 'CHAT.END' });
    await t.settle();
    const done = t.view();
    expect(done.done).toBe(true);
    expect(done.requests).toHaveLength(3);
    expect(done.blocks).toBe(done.requests[2].blocks);
    expect(done.blocks.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(done.reason).toBe('completed');
    expect(done.result).toBe('fin');
    expect('error' in done).toBe(false);
  });

  it('keeps the totals exact while the open reply has shown nothing it could count', async () => {
    const t = drivenTurn();
    t.send(chunk({ type: 'text', text: '<read_file>\n<path>a.ts</path>\n</read_file>' }));
    t.send(chunk({ type: 'usage', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } }));
    t.send({ type: 'CHAT.END' });
    await t.finishTool();
    t.send(chunk({ type: 'text', text: '<read_file>' })); // a tool with no parameter yet
    const view = t.view();
    expect(view.requests.at(-1)?.status).toBe('streaming');
    expect(view.tokens).toMatchObject({ total: 15, estimated: false });
    t.actor.stop();
  });
});

describe('cut summaries', () => {
  const filler = (chars: number) => 'lorem ipsum '.repeat(Math.ceil(chars / 12)).slice(0, chars);

  it('says "1 earlier message was removed" for one, and groups large numbers by thousands', () => {
    const t = drivenTurn({
      contextWindow: 1_000_000,
      maxOutputTokens: 1000,
      messages: [
        { role: 'user', content: 'the task' },
        { role: 'user', content: filler(4_400_000) },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'go on' },
      ],
    });
    const [cut] = t.view().context.truncations;
    expect(cut.dropped).toBe(1);
    expect(cut.summary).toMatch(
      /^To fit the context window, 1 earlier message was removed \(about 1,1\d\d,\d\d\d → \d{1,3} tokens\)\.$/,
    );
    t.actor.stop();
  });

  it('says how many were removed, and that the model complained, after a context-length error', () => {
    const t = drivenTurn({
      contextWindow: 100_000,
      retry: { delaysMs: [] },
      messages: [
        { role: 'user', content: 'the task' },
        { role: 'assistant', content: filler(4000) },
        { role: 'user', content: filler(4000) },
        { role: 'assistant', content: filler(4000) },
        { role: 'user', content: filler(4000) },
        { role: 'assistant', content: 'latest' },
        { role: 'user', content: 'go on' },
      ],
    });
    expect(t.view().context.truncations).toEqual([]);
    t.send({
      type: 'CHAT.ERROR',
      error: new ChatError('http', "This model's maximum context length is 8192 tokens.", {
        status: 400,
        providerCode: 'context_length_exceeded',
      }),
    });
    const [cut] = t.view().context.truncations;
    expect(cut.afterError).toBe(true);
    expect(cut.dropped).toBeGreaterThan(1);
    expect(cut.request).toBe(1);
    expect(cut.summary).toMatch(
      new RegExp(
        `^The model said the prompt was too long, so ${cut.dropped} earlier messages were removed \\(about [\\d,]+ → [\\d,]+ tokens\\)\\.$`,
      ),
    );
    t.actor.stop();
  });
});

describe('a cut before a later request', () => {
  it('is placed at the number of the request it came before', async () => {
    const filler = 'lorem ipsum '.repeat(400);
    const t = drivenTurn({
      contextWindow: 4000,
      maxOutputTokens: 1000,
      messages: [
        { role: 'user', content: 'the task' },
        { role: 'assistant', content: filler },
        { role: 'user', content: filler },
        { role: 'assistant', content: 'latest' },
        { role: 'user', content: 'go on' },
      ],
    });
    expect(t.view().context.truncations).toEqual([]);
    t.send(chunk({ type: 'text', text: '<read_file>\n<path>a.ts</path>\n</read_file>' }));
    t.send({ type: 'CHAT.END' });
    await t.finishTool({ content: 'x'.repeat(8000), isError: false });
    const [cut] = t.view().context.truncations;
    expect(cut).toMatchObject({ request: 2, requestIndex: 1, afterError: false });
    expect(cut.dropped).toBe(2);
    t.actor.stop();
  });
});

describe('stateValueToPath', () => {
  it('writes a state value as dotted paths, parallel regions joined by commas', () => {
    expect(stateValueToPath('idle')).toBe('idle');
    expect(stateValueToPath({ request: 'streaming' })).toBe('request.streaming');
    expect(stateValueToPath({ request: { resumed: 'awaitingApproval' } })).toBe('request.resumed.awaitingApproval');
    expect(stateValueToPath({ a: 'x', b: { c: 'y' } })).toBe('a.x,b.c.y');
    expect(stateValueToPath(null)).toBe('null');
    expect(stateValueToPath(undefined)).toBe('undefined');
  });
});

describe('views that did not change are the same objects', () => {
  it('the context view while the reply streams, a new one once the next prompt is measured', async () => {
    const t = drivenTurn();
    t.send(chunk({ type: 'text', text: 'Reading ' }));
    const first = t.view().context;
    t.send(chunk({ type: 'text', text: 'the file.' }));
    expect(t.view().context).toBe(first);
    t.send(chunk({ type: 'text', text: '\n<read_file>\n<path>a.ts</path>\n</read_file>' }));
    t.send(chunk({ type: 'usage', usage: { promptTokens: 1234, completionTokens: 50, totalTokens: 1284 } }));
    t.send({ type: 'CHAT.END' });
    await t.finishTool();
    const after = t.view().context;
    expect(after).not.toBe(first);
    expect(after.tokens).not.toBe(first.tokens);
    t.actor.stop();
  });

  it('a state path is the same string for equal values, and not confused between states', () => {
    expect(stateValueToPath({ request: 'streaming' })).toBe(stateValueToPath({ request: 'streaming' }));
    expect(stateValueToPath({ request: 'draining' })).toBe('request.draining');
    expect(stateValueToPath({ resumed: 'streaming' })).toBe('resumed.streaming');
    expect(stateValueToPath({})).toBe('');
    // Only the value's own keys: nothing a prototype adds.
    const value = Object.assign(Object.create({ inherited: 'x' }) as Record<string, unknown>, { request: 'streaming' });
    expect(stateValueToPath(value)).toBe('request.streaming');
  });
});
