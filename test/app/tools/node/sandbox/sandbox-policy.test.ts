// What the sandbox hides and in which order bwrap mounts it: the pure argument builder, and the
// policy's choices about the CLI's folder and the workspace.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubblewrapArgs, type SandboxPolicy } from '../../../../../app/tools/node/sandbox/bubblewrap-args.js';
import { buildSandboxPolicy } from '../../../../../app/tools/node/sandbox/sandbox-policy.js';
import { sandboxEnvironment } from '../../../../../app/tools/node/sandbox/sandbox-environment.js';

const policy = (over: Partial<SandboxPolicy> = {}): SandboxPolicy => ({
  workspace: '/home/me/proj',
  allowNetwork: false,
  hiddenDirectories: ['/home', '/home/me/proj/secrets', '/tmp'],
  hiddenFiles: ['/etc/shadow'],
  keptPaths: ['/run/resolv.conf'],
  env: { PATH: '/usr/bin', HOME: '/home/me' },
  ...over,
});

describe('bubblewrapArgs', () => {
  it('mounts in order: root read-only, hidden folders, kept paths, the workspace, what is hidden inside it, hidden files', () => {
    const args = bubblewrapArgs(policy(), 'echo hi');
    const at = (...seq: string[]) => args.findIndex((_, i) => seq.every((s, j) => args[i + j] === s));
    expect(at('--ro-bind', '/', '/')).toBeGreaterThan(-1);
    expect(at('--ro-bind', '/', '/')).toBeLessThan(at('--tmpfs', '/home'));
    expect(at('--tmpfs', '/home')).toBeLessThan(at('--ro-bind', '/run/resolv.conf', '/run/resolv.conf'));
    expect(at('--ro-bind', '/run/resolv.conf', '/run/resolv.conf')).toBeLessThan(
      at('--bind', '/home/me/proj', '/home/me/proj'),
    );
    expect(at('--bind', '/home/me/proj', '/home/me/proj')).toBeLessThan(at('--tmpfs', '/home/me/proj/secrets'));
    expect(at('--tmpfs', '/home/me/proj/secrets')).toBeLessThan(at('--ro-bind', '/dev/null', '/etc/shadow'));
    // The command runs in a shell of its own, started by one that sets the rlimits first.
    expect(args.slice(-6, -3)).toEqual(['--', '/bin/sh', '-c']);
    expect(args.at(-3)).toMatch(/^ulimit -u \d+ .*; exec \/bin\/sh -c "\$1"$/);
    expect(args.slice(-2)).toEqual(['sh', 'echo hi']);
  });

  it('binds the workspace’s .git back read-only after the workspace, and caps every tmpfs', () => {
    const args = bubblewrapArgs(policy({ readOnlyInWorkspace: ['/home/me/proj/.git'] }), 'true');
    const at = (...seq: string[]) => args.findIndex((_, i) => seq.every((s, j) => args[i + j] === s));
    expect(at('--ro-bind', '/home/me/proj/.git', '/home/me/proj/.git')).toBeGreaterThan(
      at('--bind', '/home/me/proj', '/home/me/proj'),
    );
    for (const [i, a] of args.entries()) if (a === '--tmpfs') expect(args[i - 2]).toBe('--size');
    expect(at('--remount-ro', '/dev')).toBeGreaterThan(at('--tmpfs', '/dev/shm'));
  });

  it('always drops capabilities, unshares PID/user/IPC, clears the environment; the network only when not allowed', () => {
    const closed = bubblewrapArgs(policy(), 'true');
    for (const flag of [
      '--unshare-user',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-net',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
    ])
      expect(closed).toContain(flag);
    expect(closed.join(' ')).toContain('--cap-drop ALL');
    expect(closed.join(' ')).toContain('--setenv PATH /usr/bin --setenv HOME /home/me');
    expect(bubblewrapArgs(policy({ allowNetwork: true }), 'true')).not.toContain('--unshare-net');
    expect(bubblewrapArgs(policy(), 'true', { infoFd: 3 }).join(' ')).toContain('--info-fd 3 --');
  });
});

describe('sandboxEnvironment', () => {
  it('keeps the allow-list only, sets HOME and TMPDIR, and has a PATH', () => {
    expect(
      sandboxEnvironment(
        { PATH: '/bin', LANG: 'C', OPENAI_API_KEY: 'sk', AWS_SECRET_ACCESS_KEY: 'x', TERM: 'xterm', EMPTY: '' },
        '/h',
      ),
    ).toEqual({ PATH: '/bin', LANG: 'C', TERM: 'xterm', HOME: '/h', TMPDIR: '/tmp' });
    expect(sandboxEnvironment({}, '/h').PATH).toMatch(/\/usr\/bin/);
  });
});

describe('buildSandboxPolicy', () => {
  let base: string;
  beforeAll(async () => {
    // Not under /tmp, which the sandbox hides as a whole (a file there needs no hiding of its own).
    base = await mkdtemp(path.join(fileURLToPath(new URL('../../../', import.meta.url)), '.security-tmp-policy-'));
    await mkdir(path.join(base, 'cli', 'ws'), { recursive: true });
    await mkdir(path.join(base, 'elsewhere'), { recursive: true });
    await writeFile(path.join(base, 'token.txt'), 'x');
  });
  afterAll(() => rm(base, { recursive: true, force: true }));
  const build = (cwd: string, workspace = path.join(base, 'cli', 'ws'), env: Record<string, string> = {}) =>
    buildSandboxPolicy({
      workspace,
      allowNetwork: false,
      env: { HOME: '/nonexistent-home', ...env },
      cwd,
      runningAsRoot: false,
    });

  it('hides the CLI’s folder (even around the workspace), but not when it is the workspace or inside it, nor a system folder', async () => {
    expect((await build(path.join(base, 'elsewhere'))).hiddenDirectories).toContain(path.join(base, 'elsewhere'));
    expect((await build(path.join(base, 'cli'))).hiddenDirectories).toContain(path.join(base, 'cli'));
    expect((await build(path.join(base, 'cli', 'ws'))).hiddenDirectories).not.toContain(path.join(base, 'cli', 'ws'));
    for (const system of ['/', '/usr']) expect((await build(system)).hiddenDirectories).not.toContain(system);
  });

  it('hides files that secret-looking variables name, not others', async () => {
    const p = await build(path.join(base, 'cli', 'ws'), undefined, {
      MY_TOKEN_FILE: path.join(base, 'token.txt'),
      EDITOR_CONFIG: path.join(base, 'token.txt'),
    });
    // Hidden by a file of its own — or, when the checkout lies in a folder hidden whole (/tmp, a home), by that folder.
    const token = await realpath(path.join(base, 'token.txt'));
    const hiddenBy = (policy: SandboxPolicy) =>
      policy.hiddenFiles.includes(token) || policy.hiddenDirectories.some((d) => token.startsWith(`${d}/`));
    const inHiddenFolder = p.hiddenDirectories.some((d) => token.startsWith(`${d}/`));
    expect(p.hiddenFiles).toEqual(inHiddenFolder ? [] : [token]);
    expect(hiddenBy(p)).toBe(true);
    const q = await build(path.join(base, 'cli', 'ws'), undefined, { EDITOR_CONFIG: path.join(base, 'token.txt') });
    expect(q.hiddenFiles).toEqual([]);
  });

  it('refuses to sandbox the whole file system or a missing folder', async () => {
    await expect(build(base, '/')).rejects.toThrow(/cannot be sandboxed/);
    await expect(build(base, path.join(base, 'missing'))).rejects.toThrow(/cannot be sandboxed/);
  });
});
