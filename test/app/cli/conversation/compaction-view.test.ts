// /summary: the one line a compaction shows, the whole summary with the messages it replaced,
// the bounds of what a session keeps, and a resumed session's text shown harmlessly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactionLine,
  keptMessages,
  MAX_KEPT_MESSAGE_CHARS,
  MAX_KEPT_MESSAGES,
  summaryText,
} from '../../../../app/cli/conversation/compaction-view.js';
import type { ConversationCompaction } from '../../../../app/cli/conversation/conversation-types.js';
import { parseConversationCommand } from '../../../../app/cli/conversation/slash-commands.js';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';

const plain = createStyle(false);
const compaction = (extra: Partial<ConversationCompaction> = {}): ConversationCompaction => ({
  replaced: 2,
  summary: 'The user asked for notes.\nThe agent wrote notes.md.',
  tokensBefore: 900,
  tokensAfter: 200,
  why: 'on-demand',
  messages: [
    { role: 'user', content: '<task>Write notes.md</task>' },
    { role: 'assistant', content: 'Done.' },
  ],
  ...extra,
});

describe('/summary', () => {
  it('parses /summary and /summary N; refuses other arguments; lists it among the commands', () => {
    expect(parseConversationCommand('/summary')).toEqual({ ok: true, command: { name: 'summary' } });
    expect(parseConversationCommand('/SUMMARY 2')).toEqual({ ok: true, command: { name: 'summary', index: 2 } });
    expect(parseConversationCommand('/summary 0')).toEqual({
      ok: false,
      message: '/summary takes the number of a summary, 1 for the first (got "0").',
    });
    expect(parseConversationCommand('/undo 2')).toEqual({ ok: true, command: { name: 'undo', steps: 2 } });
    const unknown = parseConversationCommand('/nope');
    expect(unknown.ok === false && unknown.message).toContain('/last, /summary [N], /plan, /help');
  });

  it('one line: how many messages, the tokens, the first words, and how to see it all', () => {
    expect(compactionLine(compaction(), 1)).toBe(
      '⋯ 2 earlier messages replaced by a summary (~900 → ~200 tokens): The user asked for notes. (/summary shows it)',
    );
    expect(compactionLine(compaction({ summary: 'x'.repeat(150) }), 3)).toBe(
      `⋯ 2 earlier messages replaced by a summary (~900 → ~200 tokens): ${'x'.repeat(100)}… (/summary shows it — /summary 3)`,
    );
  });

  it('the page: the summary, then each replaced message under its role; the Nth on request', () => {
    const second = compaction({
      summary: 'Second.',
      why: 'near-window',
      replaced: 1,
      messages: [{ role: 'tool', content: 'out' }],
    });
    expect(summaryText([compaction(), second], 1, plain)).toBe(
      [
        'Summary 1 of 2 (asked with /compact; 2 messages replaced)',
        '',
        'The user asked for notes.\nThe agent wrote notes.md.',
        '',
        'The 2 messages it replaced:',
        '',
        '── user ──',
        '<task>Write notes.md</task>',
        '',
        '── assistant ──',
        'Done.',
        '',
        '',
      ].join('\n'),
    );
    expect(summaryText([compaction(), second], undefined, plain)).toContain(
      'Summary 2 of 2 (the history neared the window; 1 messages replaced)',
    );
    expect(summaryText([compaction()], 2, plain)).toBeUndefined();
    expect(summaryText([compaction({ messages: undefined })], 1, plain)).toContain(
      '(The replaced messages were not kept in this session.)',
    );
  });

  it("a resumed session's text reaches the terminal with its control characters made visible", () => {
    const hostile = compaction({
      summary: 'ok\u001b]52;c;ZXZpbA==\u0007',
      messages: [{ role: 'user\u001b[2J', content: 'hi\u001b[31m' }, null as never, { role: 5, content: {} } as never],
    });
    const page = summaryText([hostile], 1, plain)!;
    expect(page).not.toContain('\u001b');
    expect(page).not.toContain('\u0007');
    expect(page).toContain('── ');
  });

  it('property: no text of a session reaches the terminal with a control character', () => {
    const hostile = fc.string({
      unit: fc.constantFrom('a', ' ', '\n', '\u001b', '\u0007', '\u009b', '\r', '[', '2', 'J', '\u202e'),
    });
    fc.assert(
      fc.property(hostile, hostile, hostile, (summary, role, content) => {
        const page = summaryText([compaction({ summary, messages: [{ role, content }] })], 1, plain)!;
        // Only the page's own line breaks; every other control character is shown as a label.
        expect(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/.test(page)).toBe(false);
        expect(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(compactionLine(compaction({ summary }), 1))).toBe(
          false,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each replaced message bounded, tool calls named, and at most the newest MAX_KEPT_MESSAGES', () => {
    const kept = keptMessages([
      { role: 'user', content: 'y'.repeat(MAX_KEPT_MESSAGE_CHARS + 5) },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: '1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }],
      },
    ]);
    expect(kept[0].content).toBe(`${'y'.repeat(MAX_KEPT_MESSAGE_CHARS)}\n… 5 more characters not kept`);
    expect(kept[1]).toEqual({ role: 'assistant', content: '[tool call read_file {"path":"a"}]' });
    const many = keptMessages(
      Array.from({ length: MAX_KEPT_MESSAGES + 3 }, (_, i) => ({ role: 'user' as const, content: `${i}` })),
    );
    expect(many).toHaveLength(MAX_KEPT_MESSAGES);
    expect(many[0].content).toBe('3');
  });
});
