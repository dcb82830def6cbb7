// The contract between the tools' result sentences (app/tools/result-sentences.ts) and the
// scripted agent that reads them back: results built by that module, wrapped as the history
// wraps them, must be read as the kind and entries they are.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ToolUse } from '../../../src/parser/blocks.js';
import { toolResultMessages } from '../../../src/reply/history.js';
import { readConversation } from '../../../scripted/agent/scripted-conversation.js';
import { planAgentStep } from '../../../scripted/agent/scripted-agent.js';
import * as sentences from '../../../app/tools/result-sentences.js';
import type { ToolErrorCode, ToolResult } from '../../../app/tools/index.js';

const codes: ToolErrorCode[] = [
  'missing-param',
  'invalid-param',
  'outside-workspace',
  'not-found',
  'not-a-file',
  'not-a-directory',
  'binary-file',
  'bad-regex',
  'bad-diff',
  'search-not-found',
  'read-only',
  'timeout',
  'aborted',
  'too-large',
  'io-error',
];

function use(name: string, params: Record<string, string>, native = false): ToolUse {
  return {
    type: 'tool_use',
    name,
    params,
    partial: false,
    call_id: `call-${name}`,
    ...(native ? { isNativeToolCall: true } : {}),
  };
}

/** The conversation the scripted model sees after these results, in the tag protocol or as native calls. */
function conversationAfter(results: [ToolUse, ToolResult][], native = false) {
  const entries = results.map(([toolUse, result]) =>
    typeof result === 'string'
      ? { toolUse, content: result }
      : { toolUse, content: result.content, isError: result.isError },
  );
  const calls = results.map(([toolUse]) => ({
    id: toolUse.call_id,
    type: 'function',
    function: { name: toolUse.name, arguments: JSON.stringify(toolUse.params) },
  }));
  const assistant = native
    ? [{ role: 'assistant', content: null, tool_calls: calls }]
    : [{ role: 'assistant', content: 'working' }];
  return readConversation([
    { role: 'user', content: 'Look around and write notes.md' },
    ...assistant,
    ...toolResultMessages(entries),
  ]);
}

describe('result sentences as the scripted agent reads them', () => {
  it('reads every coded error as an error, in both protocols', () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.string(), fc.boolean(), (code, message, native) => {
        const [outcome] = conversationAfter(
          [[use('read_file', { path: 'a.md' }, native), sentences.toolError(code, message)]],
          native,
        ).outcomes;
        expect(outcome).toMatchObject({ tool: 'read_file', target: 'a.md', kind: 'error' });
      }),
    );
  });

  it('reads the success sentences as successes', () => {
    const ok: [string, Record<string, string>, string][] = [
      ['write_to_file', { path: 'n.md' }, sentences.fileWritten('n.md', 'a\nb\n', true)],
      ['replace_in_file', { path: 'n.md' }, sentences.editsApplied(2, 'n.md')],
      ['replace_in_file', { path: 'n.md' }, sentences.editChangedNothing('n.md')],
      [
        'search_files',
        { regex: 'x' },
        sentences.searchResults(1, [sentences.searchSection('a.ts', [{ line: 3, text: 'x' }])]),
      ],
      ['search_files', { regex: 'x' }, sentences.noSearchResults('x', undefined)],
      [
        'execute_command',
        { command: 'true' },
        sentences.commandResult({ kind: 'exited', code: 0, signal: null, output: '' }, 1000) as string,
      ],
      ['ask_followup_question', { question: 'Which?' }, sentences.NO_USER_NOTE],
      ['ask_followup_question', { question: 'Which?' }, sentences.demoUnanswered('Which?')],
      ['read_file', { path: 'big' }, sentences.readTruncated('text', 4, 10, 'big')],
    ];
    for (const [name, params, text] of ok) {
      expect(conversationAfter([[use(name, params), text]]).outcomes[0]).toMatchObject({ tool: name, kind: 'ok' });
    }
  });

  it('counts listed entries, not the notes, and finds a README among them', () => {
    const listing = [
      sentences.listEntry('README.md', 'file'),
      sentences.listEntry('link', 'symlink'),
      sentences.listEntry('src', 'directory'),
      sentences.moreEntriesNote(7, false),
      sentences.moreEntriesNote(10_000, true),
    ].join('\n');
    const afterList = conversationAfter([[use('list_files', { path: '.' }), listing]]);
    expect(planAgentStep(afterList).tool).toEqual({ name: 'read_file', params: [['path', 'README.md']] });
    const afterRead = conversationAfter([
      [use('list_files', { path: '.' }), listing],
      [use('read_file', { path: 'README.md' }), '# Pocket Ledger\n'],
    ]);
    const notes = planAgentStep(afterRead).tool!.params.find(([k]) => k === 'content')![1];
    expect(notes).toContain('Facts: 3 entries listed; read README.md.');
  });

  it('reads an empty folder as no entries and a failed listing as a failure', () => {
    const done = (result: ToolResult) =>
      planAgentStep(
        conversationAfter([[use('list_files', { path: '.' }), result]]),
        new Set(['list_files', 'attempt_completion']),
      );
    expect(done(sentences.emptyDirectory('.')).tool!.params).toEqual([['result', "Listed 0 entries in '.'."]]);
    expect(done(sentences.directoryNotFound('.')).tool!.params[0][1]).toMatch(/^Could not list '\.'/);
  });
});
