// README's CLI commands as a newcomer types them, in a fresh `git clone` of this repository
// (node_modules linked from this checkout, so no install): each one exits 0, and the clone is
// as clean afterwards as before (`git status --porcelain` empty: no notes.md, no session file).
// The commands' /tmp/demo is made a folder of this test's own, so runs beside it do not meet.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/cli-process.js';
import { readmeBlocks } from '../support/readme-blocks.js';

const run = promisify(execFile);

/** The README's block of CLI commands (the one that starts with `npm start`), one command a line. */
function cliCommands(): string[] {
  const block = readmeBlocks(join(REPO_ROOT, 'README.md')).find(
    (b) => b.lang === 'sh' && b.code.startsWith('npm start '),
  );
  if (!block) throw new Error('README.md has no sh block starting with `npm start`');
  return block.code.split('\n').filter((l) => l.trim() !== '');
}

describe("README's commands on a fresh clone", () => {
  it('all work, and leave the checkout clean', async () => {
    const commands = cliCommands();
    expect(commands.length).toBeGreaterThanOrEqual(6);
    const base = mkdtempSync(join(tmpdir(), 'agent-turn-fresh-clone-'));
    try {
      const clone = join(base, 'clone');
      await run('git', ['clone', '--quiet', '--no-hardlinks', REPO_ROOT, clone]);
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(clone, 'node_modules'));
      // The link is this test's doing, not a file the commands left.
      appendFileSync(join(clone, '.git', 'info', 'exclude'), '/node_modules\n');
      expect((await run('git', ['status', '--porcelain'], { cwd: clone })).stdout).toBe('');
      const env = {
        ...process.env,
        OPENAI_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
        NO_COLOR: '1',
        AGENT_TURN_SESSIONS_DIR: join(base, 'sessions'),
      } as NodeJS.ProcessEnv;
      for (const command of commands) {
        const own = command.replaceAll('/tmp/demo', join(base, 'demo'));
        const result = await run('bash', ['-o', 'pipefail', '-c', own], {
          cwd: clone,
          env,
          timeout: 60_000,
          maxBuffer: 16 * 1024 * 1024,
        }).catch((error: { code: number; stdout: string; stderr: string }) => error);
        expect('code' in result ? result.code : 0, `${command}\n${result.stdout.slice(-1500)}\n${result.stderr}`).toBe(
          0,
        );
      }
      // What the commands were for: the agent wrote in the demo folder, the session was kept there.
      expect(readFileSync(join(base, 'demo', 'notes.md'), 'utf8')).toMatch(/^# Notes for: Write notes\.md/);
      expect(existsSync(join(base, 'demo-turn.json'))).toBe(true);
      // Nothing new, and nothing ignored either (a log, a dist/), but the link to node_modules.
      const left = (await run('git', ['status', '--porcelain', '--ignored'], { cwd: clone })).stdout;
      expect(left.split('\n').filter((l) => l !== '' && l !== '!! node_modules')).toEqual([]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 300_000);
});
