// A running command's output reaches a live view as it arrives, through the port's onOutput, in
// both Node runners (a plain process group, and bubblewrap's sandbox).
import { afterAll, describe, expect, it } from 'vitest';
import { createProcessGroupRunner } from '../../../app/tools/node/index.js';
import { createExecuteCommandTool } from '../../../app/tools/execute-command.js';
import type { CommandRunner } from '../../../app/tools/index.js';
import { makeSandboxedLayout } from '../../support/sandbox-fixtures.js';
import { makeSandbox, toolUse, unwrap } from '../../support/tool-fixtures.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

/** Runs a command that prints three lines 300 ms apart; records each piece of output with whether the command had ended by then. */
async function streamed(runner: CommandRunner) {
  const seen: { text: string; ended: boolean }[] = [];
  let ended = false;
  const tool = createExecuteCommandTool(runner, {
    onOutput: (text, use) => seen.push({ text: `${use.call_id}|${text}`, ended }),
  });
  const result = unwrap(
    await tool(
      toolUse('execute_command', { command: 'for i in 1 2 3; do echo "line $i é"; sleep 0.3; done; echo oops >&2' }),
      { signal: new AbortController().signal },
    ),
  );
  ended = true;
  return { seen, result };
}

describe.concurrent('execute_command streams its output to onOutput while it runs', () => {
  const check = ({ seen, result }: Awaited<ReturnType<typeof streamed>>) => {
    expect(seen.map((s) => s.text.slice(s.text.indexOf('|') + 1)).join('')).toBe(
      'line 1 é\nline 2 é\nline 3 é\noops\n',
    );
    expect(seen.every((s) => s.text.startsWith(`${toolUse('execute_command', {}).call_id}|`))).toBe(true);
    // Pieces arrived apart, before the command ended.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((s) => !s.ended)).toBe(true);
    expect(result.content).toBe('Command exited with code 0.\nOutput:\nline 1 é\nline 2 é\nline 3 é\noops');
  };

  it('in a process group', async () => {
    const sandbox = await makeSandbox();
    cleanups.push(sandbox.cleanup);
    check(await streamed(createProcessGroupRunner({ cwd: sandbox.workspace })));
  });

  it('in the bubblewrap sandbox', async () => {
    const seen: string[] = [];
    const layout = await makeSandboxedLayout({ executeCommand: { onOutput: (text) => void seen.push(text) } });
    cleanups.push(layout.cleanup);
    const result = await layout.run('for i in 1 2 3; do echo "line $i"; sleep 0.2; done');
    expect(seen.join('')).toBe('line 1\nline 2\nline 3\n');
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(result.content).toBe('Command exited with code 0.\nOutput:\nline 1\nline 2\nline 3');
  });

  it('a character split between two chunks arrives whole, and a throwing view harms nothing', async () => {
    const sandbox = await makeSandbox();
    cleanups.push(sandbox.cleanup);
    const runner = createProcessGroupRunner({ cwd: sandbox.workspace });
    const pieces: string[] = [];
    const outcome = await runner.run({
      command: "printf '\\303'; sleep 0.2; printf '\\251\\n'",
      timeoutMs: 5_000,
      maxOutputBytes: 1024,
      signal: new AbortController().signal,
      onOutput: (text) => {
        pieces.push(text);
        throw new Error('a broken view');
      },
    });
    expect(pieces.join('')).toBe('é\n');
    expect(outcome).toMatchObject({ kind: 'exited', code: 0, output: 'é\n' });
  });
});
