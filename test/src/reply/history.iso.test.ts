import { describe, expect, it } from 'vitest';
import { describeToolUse } from '../../../src/reply/describe-tool-use.js';
import { assistantHistoryMessage, toolResultMessages } from '../../../src/reply/history.js';
import type { ToolUse } from '../../../src/parser/blocks.js';

const tool = (name: string, params: Record<string, string>, extra: Partial<ToolUse> = {}): ToolUse => ({
  type: 'tool_use',
  name,
  params,
  partial: false,
  call_id: `id_${name}`,
  ...extra,
});

describe('assistant history message', () => {
  it('carries content only, never reasoning', () => {
    const reply = { content: 'Reading.\n<read_file><path>a</path></read_file>', reasoning: 'secret thoughts' };
    expect(assistantHistoryMessage(reply)).toEqual({ role: 'assistant', content: reply.content });
  });

  it('leaves out a leading inline <think> section, which is reasoning too', () => {
    expect(assistantHistoryMessage({ content: '\n<think>plan it</think>\n\nThe answer.' }).content).toBe('The answer.');
    expect(
      assistantHistoryMessage({ content: 'template thoughts</think>Answer', startInReasoning: true }).content,
    ).toBe('Answer');
    expect(assistantHistoryMessage({ content: '<think>cut off while thinking' }).content).toBe('');
    // Only a leading section counts; other tags and later mentions stay.
    expect(assistantHistoryMessage({ content: 'Use `<think>` tags.<think>x</think>' }).content).toBe(
      'Use `<think>` tags.<think>x</think>',
    );
    expect(assistantHistoryMessage({ content: '<thinking>Cline style</thinking>ok' }).content).toBe(
      '<thinking>Cline style</thinking>ok',
    );
    expect(assistantHistoryMessage({ content: '<reason>r</reason>ok', reasoningTags: ['reason'] }).content).toBe('ok');
    expect(assistantHistoryMessage({ content: '<think>x</think>ok', reasoningTags: [] }).content).toBe(
      '<think>x</think>ok',
    );
  });

  it('carries native tool calls; empty content becomes null next to them', () => {
    const calls = [{ id: 'c1', type: 'function' as const, function: { name: 'read_file', arguments: '{"path":"a"}' } }];
    expect(assistantHistoryMessage({ content: '', toolCalls: calls })).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: calls,
    });
    expect(assistantHistoryMessage({ content: 'x', toolCalls: [] })).toEqual({ role: 'assistant', content: 'x' });
  });
});

describe('describeToolUse', () => {
  it("names a tool by its main parameter, Cline's way", () => {
    expect(describeToolUse(tool('read_file', { path: 'src/a.ts' }))).toBe("[read_file for 'src/a.ts']");
    expect(describeToolUse(tool('execute_command', { command: 'npm test', requires_approval: 'false' }))).toBe(
      "[execute_command for 'npm test']",
    );
    expect(describeToolUse(tool('search_files', { path: '.', regex: 'TODO', file_pattern: '*.ts' }))).toBe(
      "[search_files for 'TODO' in '*.ts']",
    );
    expect(describeToolUse(tool('search_files', { path: '.', regex: 'TODO' }))).toBe("[search_files for 'TODO']");
    expect(describeToolUse(tool('web_fetch', { url: 'https://x.dev' }))).toBe("[web_fetch for 'https://x.dev']");
    expect(describeToolUse(tool('ask_followup_question', { question: 'Which?' }))).toBe(
      "[ask_followup_question for 'Which?']",
    );
    expect(describeToolUse(tool('use_mcp_tool', { server_name: 'gh', tool_name: 'search' }))).toBe(
      "[use_mcp_tool for 'gh' (search)]",
    );
    expect(describeToolUse(tool('attempt_completion', { result: 'Done.' }))).toBe('[attempt_completion]');
    expect(describeToolUse(tool('custom', { path: '' }))).toBe('[custom]');
  });
});

describe('tool result messages', () => {
  it('tag protocol: one user message, each result introduced by its description, then notes', () => {
    const messages = toolResultMessages(
      [
        { toolUse: tool('read_file', { path: 'src/a.ts' }), content: 'export const a = 1;' },
        { toolUse: tool('execute_command', { command: 'false' }), content: 'exit code 1', isError: true },
        { toolUse: tool('list_files', { path: 'empty' }), content: '' },
      ],
      { notes: ['The message was cut off before it ended.'] },
    );
    expect(messages).toEqual([
      {
        role: 'user',
        content:
          "[read_file for 'src/a.ts'] Result:\nexport const a = 1;\n\n" +
          "[execute_command for 'false'] Result:\nThe tool execution failed with the following error:\n<error>\nexit code 1\n</error>\n\n" +
          "[list_files for 'empty'] Result:\n(tool did not return anything)\n\n" +
          'The message was cut off before it ended.',
      },
    ]);
  });

  it('native calls: role tool messages with tool_call_id, first; notes as a user message after them', () => {
    const messages = toolResultMessages(
      [
        { toolUse: tool('read_file', { path: 'a' }, { isNativeToolCall: true, call_id: 'call_1' }), content: 'A' },
        {
          toolUse: tool('list_files', { path: '.' }, { isNativeToolCall: true, call_id: 'call_2' }),
          content: 'boom',
          isError: true,
        },
      ],
      { notes: ['note'] },
    );
    expect(messages).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: 'A' },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content: 'The tool execution failed with the following error:\n<error>\nboom\n</error>',
      },
      { role: 'user', content: 'note' },
    ]);
  });

  it('notes alone make one user message; nothing makes no message', () => {
    expect(toolResultMessages([], { notes: ['only a note'] })).toEqual([{ role: 'user', content: 'only a note' }]);
    expect(toolResultMessages([])).toEqual([]);
  });
});
