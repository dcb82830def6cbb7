// SessionStart, UserPromptSubmit and PreCompact hooks in the CLI's conversation, in a real
// terminal: each event's JSON reaches its hook when it should (start, every message, /compact,
// /clear, --continue), a refusing UserPromptSubmit keeps the message from the model, and the
// context the hooks give reaches the model.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCliInPty, type PtySession } from '../../../support/pty-session.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setUp() {
  const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-session-hooks-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  const workspace = path.join(base, 'workspace');
  await mkdir(workspace);
  await writeFile(path.join(workspace, 'README.md'), '# Demo project\n');
  const log = path.join(base, 'events.log');
  const logIt = `input=$(cat); printf '%s\\n' "$input" >> '${log}'`;
  const hook = (command: string) => [{ hooks: [{ type: 'command', command }] }];
  const hooks = {
    SessionStart: hook(`${logIt}; echo "branch: feature-x"`),
    UserPromptSubmit: hook(
      `${logIt}; case "$input" in *secret*) echo "no secrets in prompts" >&2; exit 2;; esac; echo "prompt-context-42"`,
    ),
    PreCompact: [{ matcher: 'manual', hooks: [{ type: 'command', command: logIt }] }],
  };
  await mkdir(path.join(base, 'config', 'agent-turn'), { recursive: true });
  await writeFile(path.join(base, 'config', 'agent-turn', 'settings.json'), JSON.stringify({ hooks }));
  const sessions = path.join(base, 'sessions');
  const env = {
    XDG_CONFIG_HOME: path.join(base, 'config'),
    XDG_STATE_HOME: path.join(base, 'state'),
    AGENT_TURN_SESSIONS_DIR: sessions,
  };
  const events = async () =>
    (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
  return { workspace, sessions, env, events };
}

function start(args: string[], env: Record<string, string>): PtySession {
  const cli = startCliInPty(['--model', 'scripted', '--pace', '0', ...args], { conversation: true, env });
  cleanups.push(() => cli.kill());
  return cli;
}

async function prompts(cli: PtySession, n: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (cli.text().split('›').length - 1 < n) {
    if (Date.now() > deadline) throw new Error(`no prompt ${n}:\n${cli.text().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('session hooks in the conversation', () => {
  it('SessionStart at start, /compact, /clear and --continue; UserPromptSubmit before each message; PreCompact before /compact', async () => {
    const { workspace, sessions, env, events } = await setUp();
    const cli = start(['--workspace', workspace, 'Read README.md'], env);
    await cli.waitFor('✓ completed', 30_000);
    await prompts(cli, 1);

    cli.type('tell me the secret\r');
    await cli.waitFor('not sent: a UserPromptSubmit hook refused it: no secrets in prompts');
    await prompts(cli, 2);
    cli.type('/compact\r');
    await cli.waitFor('earlier messages replaced by a summary');
    await prompts(cli, 3);
    cli.type('/clear\r');
    await cli.waitFor('The conversation is cleared');
    await prompts(cli, 4);
    cli.type('/exit\r');
    expect(await cli.exited).toBe(0);

    const seen = await events();
    expect(seen.map((e) => [e.hook_event_name, e.source ?? e.trigger ?? e.prompt])).toEqual([
      ['SessionStart', 'startup'],
      ['UserPromptSubmit', 'Read README.md'],
      ['UserPromptSubmit', 'tell me the secret'],
      ['PreCompact', 'manual'],
      ['SessionStart', 'compact'],
      ['SessionStart', 'clear'],
    ]);
    expect(seen[0]).toMatchObject({ cwd: workspace });
    expect(new Set(seen.map((e) => e.session_id)).size).toBe(1);

    // What the model got: the hooks' context with the first message; the refused one never sent.
    const [file] = (await readdir(sessions)).filter((f) => f.endsWith('.json'));
    const session = JSON.parse(await readFile(path.join(sessions, file), 'utf8'));
    const sent = JSON.stringify(session.turn.output.messages);
    expect(sent).toContain('branch: feature-x');
    expect(sent).toContain('prompt-context-42');
    expect(sent).not.toContain('tell me the secret');
    expect(session.conversation.turns.map((t: { task: string }) => t.task)).toEqual(['Read README.md']);

    const again = start(['--continue', '--workspace', workspace], env);
    await again.waitFor('Resumed');
    await prompts(again, 1);
    again.type('\x04');
    expect(await again.exited).toBe(0);
    expect((await events()).at(-1)).toMatchObject({ hook_event_name: 'SessionStart', source: 'resume' });
  }, 90_000);
});
