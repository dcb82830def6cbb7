// The settings' command hooks through the running CLI and the scripted model: a PreToolUse hook
// that refuses `rm` stops the command (the folder stays) and the model gets the hook's reason as
// the command's result; without the hook the same task removes the folder (the test can fail).
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliProcess } from '../../../support/cli-process.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function folders(hooks: unknown) {
  const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-hooks-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  const workspace = path.join(base, 'workspace');
  await mkdir(path.join(workspace, 'build'), { recursive: true });
  await writeFile(path.join(workspace, 'build', 'out.js'), 'x\n');
  await mkdir(path.join(base, 'config', 'agent-turn'), { recursive: true });
  await writeFile(path.join(base, 'config', 'agent-turn', 'settings.json'), JSON.stringify({ hooks }));
  return {
    base,
    workspace,
    env: { XDG_CONFIG_HOME: path.join(base, 'config'), XDG_STATE_HOME: path.join(base, 'state') },
  };
}

const BLOCK_RM = {
  PreToolUse: [
    {
      matcher: 'execute_command',
      hooks: [
        {
          type: 'command',
          command: `input=$(cat); case "$input" in *'"command":"rm '*) echo "rm is not allowed here: move files to trash/ instead" >&2; exit 2;; esac`,
        },
      ],
    },
  ],
};

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

function commandResults(output: Record<string, any> | undefined): string[] {
  return (output?.requests ?? []).flatMap((r: { toolResults: Array<{ name?: string; content?: string }> }) =>
    r.toolResults.map((t) => String(t.content ?? JSON.stringify(t))),
  );
}

describe('command hooks in the running CLI', () => {
  it('a PreToolUse hook that blocks rm stops the command, and the model is told why', async () => {
    const { workspace, env } = await folders(BLOCK_RM);
    const run = await runCliProcess(
      ['--pace', '0', '--json', '--yes', '--no-sandbox', '--workspace', workspace, 'Run `rm -rf build`'],
      { env },
    );
    expect(run.code).toBe(0);
    expect(await exists(path.join(workspace, 'build', 'out.js'))).toBe(true);
    const results = commandResults(run.output);
    expect(results.some((r) => r.includes('rm is not allowed here: move files to trash/ instead'))).toBe(true);
    // The model's next request carried it: its summary says the command failed.
    expect(String(run.output?.result)).toContain('`rm -rf build` failed');
  }, 60_000);

  it('without the hook the same task removes the folder', async () => {
    const { workspace, env } = await folders({});
    const run = await runCliProcess(
      ['--pace', '0', '--json', '--yes', '--no-sandbox', '--workspace', workspace, 'Run `rm -rf build`'],
      { env },
    );
    expect(run.code).toBe(0);
    expect(await exists(path.join(workspace, 'build'))).toBe(false);
    expect(String(run.output?.result)).toContain('Ran `rm -rf build`');
  }, 60_000);
});
