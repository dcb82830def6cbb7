// agent-turn/testing's two checks of what a turn shows: the history rule (every native call
// answered before anything else, no answer without a call, no two assistant messages in a row) and
// the view watch (nothing taken back), each failing with the sentence that names where.
import { describe, expect, it } from 'vitest';
import { createViewWatch, historyProblem } from '../../../bindings/testing/index.js';
import type { ChatMessage } from '../../../src/wire/types.js';

const calls = (...ids: string[]) =>
  ({
    role: 'assistant',
    content: '',
    tool_calls: ids.map((id) => ({ id, type: 'function', function: { name: 'f', arguments: '{}' } })),
  }) as ChatMessage;
const result = (id?: string) => ({ role: 'tool', content: 'r', ...(id ? { tool_call_id: id } : {}) }) as ChatMessage;
const user = (content = 'u'): ChatMessage => ({ role: 'user', content });
const assistant = (content = 'a'): ChatMessage => ({ role: 'assistant', content });

describe('historyProblem', () => {
  it('passes calls answered in any order before the next message', () => {
    expect(historyProblem([user(), calls('a', 'b'), result('b'), result('a'), user(), assistant()])).toBeUndefined();
    expect(historyProblem([user(), calls('a'), result('a'), assistant()])).toBeUndefined();
    expect(historyProblem([])).toBeUndefined();
  });

  it('names an unanswered call, every one of them', () => {
    expect(historyProblem([user(), calls('a', 'b'), result('a'), user()])).toBe(
      'message 3: the tool calls b got no result before it',
    );
    expect(historyProblem([calls('a', 'b'), assistant()])).toBe(
      'message 1: the tool calls a, b got no result before it',
    );
  });

  it('names a result nobody asked for, or one given twice, or without an id', () => {
    expect(historyProblem([user(), result('zz')])).toBe('message 1: a tool result for zz that no call asked for');
    expect(historyProblem([calls('a'), result('a'), result('a')])).toBe(
      'message 2: a tool result for a that no call asked for',
    );
    expect(historyProblem([calls('a'), result()])).toBe('message 1: a tool result for no call that no call asked for');
  });

  it('names two assistant messages in a row, where the second stands', () => {
    expect(historyProblem([user(), assistant(), assistant()])).toBe('message 2: two assistant messages in a row');
    expect(historyProblem([assistant(), user(), assistant()])).toBeUndefined();
  });
});

describe('createViewWatch', () => {
  type Block = Record<string, unknown>;
  const view = (...requests: { status?: string; blocks: Block[] }[]) =>
    ({ requests: requests.map((r, index) => ({ index, status: r.status ?? 'streaming', blocks: r.blocks })) }) as never;
  const tool = (status: string, extra: Block = {}) => ({ type: 'tool_use', key: '0:t', status, ...extra });
  const thrown = (fn: () => void) => {
    try {
      fn();
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('lets prose and reasoning grow at their end', () => {
    const watch = createViewWatch();
    watch.see(
      view({
        blocks: [
          { type: 'text', key: 't', content: 'Hello' },
          { type: 'reasoning', key: 'r', reasoning: 'Hm' },
        ],
      }),
    );
    expect(
      thrown(() =>
        watch.see(
          view({
            blocks: [
              { type: 'text', key: 't', content: 'Hello world' },
              { type: 'reasoning', key: 'r', reasoning: 'Hm, yes' },
            ],
          }),
        ),
      ),
    ).toBeUndefined();
  });

  it('catches prose or reasoning that changed what it had shown', () => {
    const text = createViewWatch();
    text.see(view({ blocks: [{ type: 'text', key: '0:1', content: 'Hello' }] }));
    expect(thrown(() => text.see(view({ blocks: [{ type: 'text', key: '0:1', content: 'Say Hello' }] })))).toBe(
      'view-went-back: block 0:1 changed what it had shown',
    );
    const reasoning = createViewWatch();
    reasoning.see(view({ blocks: [{ type: 'reasoning', key: 'r', reasoning: 'Long thought' }] }));
    expect(thrown(() => reasoning.see(view({ blocks: [{ type: 'reasoning', key: 'r', reasoning: 'Long' }] })))).toBe(
      'view-went-back: block r changed what it had shown',
    );
  });

  it('catches a settled tool whose status or result changed, for every settled status', () => {
    for (const status of ['done', 'error', 'rejected', 'skipped', 'cut-off']) {
      const watch = createViewWatch();
      watch.see(view({ blocks: [tool(status, { result: 'r' })] }));
      watch.see(view({ blocks: [tool(status, { result: 'r' })] }));
      const other = status === 'done' ? 'error' : 'done';
      expect(thrown(() => watch.see(view({ blocks: [tool(other, { result: 'r' })] })))).toBe(
        `view-went-back: tool 0:t was ${status}, now ${other}`,
      );
    }
    const result = createViewWatch();
    result.see(view({ blocks: [tool('done', { result: 'x' })] }));
    expect(thrown(() => result.see(view({ blocks: [tool('done', { result: 'y' })] })))).toBe(
      'view-went-back: tool 0:t was done, now done',
    );
    const none = createViewWatch();
    none.see(view({ blocks: [tool('cut-off')] }));
    expect(thrown(() => none.see(view({ blocks: [tool('cut-off', { result: '' })] })))).toBeUndefined();
  });

  it('lets a tool move on until it settles', () => {
    const watch = createViewWatch();
    for (const status of ['pending', 'awaiting-approval', 'running', 'done'])
      expect(thrown(() => watch.see(view({ blocks: [tool(status, { result: 'r' })] })))).toBeUndefined();
  });

  it('catches lost requests and a finished request that streams again', () => {
    const watch = createViewWatch();
    watch.see(view({ status: 'complete', blocks: [] }, { blocks: [] }));
    expect(thrown(() => watch.see(view({ status: 'complete', blocks: [] })))).toBe(
      'view-went-back: the view lost requests (2 → 1)',
    );
    const again = createViewWatch();
    again.see(view({ status: 'failed', blocks: [] }));
    expect(thrown(() => again.see(view({ status: 'failed', blocks: [] }, { blocks: [] })))).toBeUndefined();
    expect(thrown(() => again.see(view({ blocks: [] }, { blocks: [] })))).toBe(
      'view-went-back: request 0 streams again after it ended',
    );
  });
});
