// The whole path, as an attacker drives it: the real CLI, with OPENAI_API_KEY in its environment,
// against a hostile model on 127.0.0.1 whose tool calls try every way to the key. The next request
// the model receives (the tool's output) must not hold the key.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executeCommandCall, startHostileModel, type HostileModel } from '../support/hostile-model-server.js';
import { startCliIn } from '../support/cli-in-folder.js';
import { API_KEY, makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The folders, and a hostile model whose replies may name them. */
async function setup(
  replies: (layout: SandboxedLayout) => string[],
): Promise<{ layout: SandboxedLayout; model: HostileModel }> {
  const layout = await makeSandboxedLayout();
  const model = await startHostileModel(replies(layout));
  cleanups.push(layout.cleanup, model.close);
  return { layout, model };
}

/** Every way to the key a command has, in one go. */
function stealKey(layout: SandboxedLayout): string {
  return [
    'env',
    `tr '\\0' '\\n' < /proc/$PPID/environ`,
    `for f in /proc/[0-9]*/environ /proc/[0-9]*/cmdline; do tr '\\0' '\\n' < $f; echo; done`,
    `cat $HOME/.bashrc ${layout.home}/.bashrc ${layout.cliFolder}/.env ${layout.credentials}`,
    'echo STOLEN-END',
  ].join('; ');
}

const cliEnv = (layout: SandboxedLayout, overrides: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  HOME: layout.home,
  OPENAI_API_KEY: API_KEY,
  GOOGLE_APPLICATION_CREDENTIALS: layout.credentials,
  ...overrides,
});

const cliArgs = (model: HostileModel, layout: SandboxedLayout, ...extra: string[]) => [
  '--json',
  '--base-url',
  model.url,
  '--model',
  'hostile',
  '--workspace',
  layout.workspace,
  ...extra,
  'Look around',
];

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('the CLI against a hostile model', () => {
  it('sends the key only in the Authorization header: the command’s output carries none of it', async () => {
    const { layout, model: hostile } = await setup((l) => [executeCommandCall(stealKey(l))]);
    const run = await startCliIn(layout.cliFolder, cliArgs(hostile, layout, '--yes'), cliEnv(layout)).exited;
    expect(run.code, run.stderr).toBe(0);
    expect(hostile.requests.length).toBeGreaterThanOrEqual(2);
    expect(hostile.requests[0].authorization).toBe(`Bearer ${API_KEY}`);
    expect(hostile.requests[0].body).toContain('Commands run in a sandbox');
    expect(hostile.requests[0].body).toContain('there is no network');
    const next = hostile.requests[1].body;
    expect(next).toContain('STOLEN-END');
    expect(next).toContain('PATH=');
    for (const request of hostile.requests) expect(request.body).not.toContain(API_KEY);
  });

  // Closed (issue 32, Low 11): the launcher erases the key from its own start-up environment
  // (app/cli/turn/startup-environ.ts) before it starts the CLI that does the work, so a command walking up
  // its parents finds it in no CLI process; before, the launcher's /proc/PID/environ held it.
  it('the same attack with --no-sandbox, walking up to the launching process’s /proc/PID/environ, gets no key', async () => {
    const { layout, model: hostile } = await setup(() => [
      executeCommandCall(
        `p=$PPID; while [ "$p" -gt 1 ]; do tr '\\0' '\\n' < /proc/$p/environ; p=$(awk '/^PPid:/ {print $2}' /proc/$p/status); done; echo STOLEN-END`,
      ),
    ]);
    const run = await startCliIn(layout.cliFolder, cliArgs(hostile, layout, '--yes', '--no-sandbox'), cliEnv(layout))
      .exited;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('--no-sandbox');
    expect(run.stderr).toContain(
      "the API key is in no CLI process's environment (the launcher erased it from its own)",
    );
    expect(hostile.requests[1].body).toContain('STOLEN-END');
    expect(hostile.requests[1].body).toContain('PATH=');
    expect(hostile.requests[1].body).not.toContain(API_KEY);
  });
});

describe('the CLI where no sandbox can be had', () => {
  it('says so at start, and --yes no longer covers commands: without a terminal each is refused', async () => {
    const { layout, model } = await setup(() => [executeCommandCall('/usr/bin/touch ran-unsandboxed')]);
    const run = await startCliIn(
      layout.cliFolder,
      cliArgs(model, layout, '--yes'),
      cliEnv(layout, { PATH: '/nonexistent' }),
    ).exited;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/no sandbox for commands — bubblewrap \(bwrap\) is not installed.*even with --yes/);
    expect(model.requests[0].body).toContain('each command runs only after the user approves it');
    expect(model.requests[0].body).not.toContain('Commands run in a sandbox');
    expect(model.requests[1].body).toContain('commands cannot be sandboxed on this machine');
    expect(await exists(path.join(layout.workspace, 'ran-unsandboxed'))).toBe(false);
  });

  it('runs them with an explicit --no-sandbox', async () => {
    const { layout, model } = await setup(() => [executeCommandCall('/usr/bin/touch ran-unsandboxed')]);
    const run = await startCliIn(
      layout.cliFolder,
      cliArgs(model, layout, '--yes', '--no-sandbox'),
      cliEnv(layout, { PATH: '/nonexistent' }),
    ).exited;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('commands run without a sandbox (--no-sandbox)');
    expect(await exists(path.join(layout.workspace, 'ran-unsandboxed'))).toBe(true);
  });
});
