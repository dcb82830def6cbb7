import { describe, expect, it } from 'vitest';
import { compactHistory, planCompaction } from '../../../src/window/index.js';
import { createChatClient } from '../../../src/wire/index.js';
import { createScriptedModel } from '../../../scripted/index.js';
import type { ChatClient, ChatMessage } from '../../../src/wire/index.js';
import { TEST_WIRE } from '../../support/test-wire.js';

const task = (text: string): ChatMessage => ({ role: 'user', content: `<task>\n${text}\n</task>` });
const history: ChatMessage[] = [
  { role: 'system', content: 'You are an agent.' },
  task('Summarize this project'),
  { role: 'assistant', content: '<list_files><path>.</path></list_files>' },
  { role: 'user', content: "[list_files for '.'] Result:\nREADME.md" },
  { role: 'assistant', content: '<attempt_completion><result>It is a demo.</result></attempt_completion>' },
  task('Write notes.md'),
  { role: 'assistant', content: '<write_to_file><path>notes.md</path><content>x</content></write_to_file>' },
  { role: 'user', content: "[write_to_file for 'notes.md'] Result:\nwritten" },
];

describe('summarising compaction', () => {
  it('plans head, replaced and kept: the latest task on is kept', () => {
    const plan = planCompaction(history);
    expect(plan.head).toEqual(history.slice(0, 2));
    expect(plan.replaced).toEqual(history.slice(2, 5));
    expect(plan.kept).toEqual(history.slice(5));
  });

  it('never starts the kept part with a native tool result', () => {
    const native: ChatMessage[] = [
      task('a'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'r' },
    ];
    const plan = planCompaction(native, 1);
    expect(plan.kept[0].role).toBe('assistant');
  });

  it('the scripted model writes the summary; the summary joins the first task and the newest exchange stays', async () => {
    const client = createChatClient({
      wire: TEST_WIRE,
      baseURL: 'http://scripted.invalid/v1',
      fetch: createScriptedModel({ pace: 0 }),
    });
    const result = await compactHistory({ client, model: 'scripted', messages: history });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.replaced).toBe(3);
    expect(result.summary).toBe("Work on the first task. Tools used: list_files '.'.");
    expect(result.messages[1].content).toContain('<conversation_summary>');
    expect(result.messages[2].role).toBe('assistant');
    expect(result.messages.slice(3)).toEqual(history.slice(5));
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore + 100);
  });

  it('a failed summary request is an error value (the caller falls back to the cut)', async () => {
    const failing: ChatClient = {
      stream: () => {
        throw new Error('no');
      },
      complete: async () => {
        throw new Error('HTTP 500');
      },
    };
    const result = await compactHistory({ client: failing, model: 'm', messages: history });
    expect(result).toEqual({
      ok: false,
      error: { code: 'summary-failed', message: 'the summary request failed: HTTP 500' },
    });
  });

  it('nothing to compact, and a part too long for the summary request, are said', async () => {
    const client = { stream: () => undefined, complete: async () => ({ content: 'S' }) } as unknown as ChatClient;
    expect((await compactHistory({ client, model: 'm', messages: history.slice(0, 2) })).ok).toBe(false);
    const tooLong = await compactHistory({ client, model: 'm', messages: history, maxRequestTokens: 10 });
    expect(!tooLong.ok && tooLong.error.code).toBe('does-not-fit');
  });
});
