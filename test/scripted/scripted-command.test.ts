// The scripted agent runs the command a task names in backticks (execute_command), after looking
// around and before the write, and reports it in its summary.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createScriptedModel } from '../../scripted/scripted-model.js';
import { readTaskIntent } from '../../scripted/agent/scripted-task.js';

function workspaceTools() {
  const files = new Map([['README.md', '# Demo\n']]);
  const calls: string[] = [];
  return {
    files,
    calls,
    tools: {
      list_files: () => [...files.keys()].join('\n'),
      read_file: (use: { params: Record<string, string> }) =>
        files.get(use.params.path!) ?? { content: 'missing', isError: true },
      execute_command: (use: { params: Record<string, string> }) => {
        calls.push(use.params.command!);
        files.set('log.txt', `${files.get('log.txt') ?? ''}run\n`);
        return 'Command executed.\nOutput:\n(no output)';
      },
      write_to_file: (use: { params: Record<string, string> }) => {
        files.set(use.params.path!, use.params.content ?? '');
        return `wrote ${use.params.path}`;
      },
    },
  };
}

describe('the scripted agent and a command in the task', () => {
  it('reads the commands in backticks of a task that asks to run something, and nothing else', () => {
    expect(readTaskIntent('Run `echo run >> log.txt`, then write notes.md').commands).toEqual(['echo run >> log.txt']);
    expect(readTaskIntent('Please execute `npm test` and report').commands).toEqual(['npm test']);
    expect(readTaskIntent('Run the tests and write notes.md').commands).toEqual([]);
    expect(readTaskIntent('Look at `src/a.ts`').commands).toEqual([]);
  });

  it('lists, reads the README, runs the command once, writes, and says so', async () => {
    const w = workspaceTools();
    const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 0 }) });
    const out = await runAgentTurn({
      client,
      model: 'scripted',
      messages: [{ role: 'user', content: 'Run `echo run >> log.txt`, then write notes.md' }],
      tools: w.tools,
    });
    expect(out.reason).toBe('completed');
    expect(out.requests.flatMap((r) => r.toolResults.map((t) => t.name))).toEqual([
      'list_files',
      'read_file',
      'execute_command',
      'write_to_file',
      'attempt_completion',
    ]);
    expect(w.calls).toEqual(['echo run >> log.txt']);
    expect(w.files.get('log.txt')).toBe('run\n');
    expect(w.files.get('notes.md')).toContain('# Notes for: Run `echo run >> log.txt`, then write notes.md');
    expect(out.result).toContain('Ran `echo run >> log.txt`');
  });
});
