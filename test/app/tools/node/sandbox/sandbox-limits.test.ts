// The limit values a person gives and how they reach the sandbox: sizes read and written back,
// the rlimit shell prelude, the CLI flags, and where a cgroup is found from /proc/self files.
import fc from 'fast-check';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkSandboxLimits,
  DEFAULT_SANDBOX_LIMITS,
  formatByteSize,
  limitedShellArgs,
  parseByteSize,
  rlimitPrelude,
} from '../../../../../app/tools/node/sandbox/sandbox-limits.js';
import {
  findCgroupParents,
  joinCgroupThenExec,
  sweepStaleCgroups,
} from '../../../../../app/tools/node/sandbox/command-cgroup.js';
import { readdir } from 'node:fs/promises';
import { parseCliArgs } from '../../../../../app/cli/options/parse-cli-args.js';

const MiB = 1024 * 1024;

describe('sizes', () => {
  it('read K, M and G as powers of 1024, and refuse anything else', () => {
    expect(parseByteSize('512M')).toBe(512 * MiB);
    expect(parseByteSize('4G')).toBe(4 * 1024 * MiB);
    expect(parseByteSize('64k')).toBe(64 * 1024);
    expect(parseByteSize('2GiB')).toBe(2 * 1024 * MiB);
    expect(parseByteSize('1000')).toBe(1000);
    for (const bad of ['', '0', '-1M', '1.5G', 'G', '4T', '1 0M', 'lots'])
      expect(parseByteSize(bad), bad).toBeUndefined();
  });

  it('written back and read again give the same number of bytes, for whole units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4096 }), fc.constantFrom(1024, MiB, 1024 * MiB), (n, unit) => {
        const text = formatByteSize(n * unit).replace(/ (K|M|G)iB$/, '$1');
        if (/\./.test(text)) return; // 1.5 GiB and the like are for people, not read back
        expect(parseByteSize(text)).toBe(n * unit);
      }),
    );
  });

  it('limits below what a sandbox needs, or not whole, are refused saying which', () => {
    expect(checkSandboxLimits(DEFAULT_SANDBOX_LIMITS)).toBeUndefined();
    expect(checkSandboxLimits({ processes: 2 })).toMatch(/processes must be at least 8/);
    expect(checkSandboxLimits({ memoryBytes: MiB })).toMatch(/memoryBytes must be at least 16 MiB/);
    expect(checkSandboxLimits({ tmpfsBytes: 1.5 })).toMatch(/tmpfsBytes must be a whole number/);
  });
});

describe('the rlimit prelude', () => {
  it('sets the process, data and file-size limits for dash and bash, and leaves memory to a cgroup when asked', () => {
    const limits = { ...DEFAULT_SANDBOX_LIMITS, processes: 100, memoryBytes: 256 * MiB, fileSizeBytes: MiB };
    expect(rlimitPrelude(limits)).toBe(
      'ulimit -u 100 2>/dev/null || ulimit -p 100 2>/dev/null; ulimit -d 262144 2>/dev/null; ulimit -f 2048 2>/dev/null',
    );
    expect(rlimitPrelude(limits, { memoryRlimit: false })).not.toContain('ulimit -d');
    const args = limitedShellArgs(limits, 'echo "$0" $1');
    expect(args.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(args.slice(-2)).toEqual(['sh', 'echo "$0" $1']);
  });

  it('passes any command through unchanged as one argument', () => {
    fc.assert(
      fc.property(fc.string(), (command) => {
        expect(limitedShellArgs(DEFAULT_SANDBOX_LIMITS, command).at(-1)).toBe(command);
      }),
    );
  });
});

describe('the CLI flags', () => {
  const parse = (...argv: string[]) => parseCliArgs([...argv, 'task'], {}, '/w');
  it('set each limit, and say what is wrong with a bad value', () => {
    const ok = parse(
      '--max-processes',
      '64',
      '--max-memory',
      '2G',
      '--max-tmp=128M',
      '--max-file-size',
      '10M',
      '--disk-warning',
      '5G',
    );
    expect(ok.ok && ok.options.limits).toEqual({
      processes: 64,
      memoryBytes: 2 * 1024 * MiB,
      tmpfsBytes: 128 * MiB,
      fileSizeBytes: 10 * MiB,
      diskWarningBytes: 5 * 1024 * MiB,
    });
    const bad = parse('--max-memory', 'lots');
    expect(!bad.ok && bad.error.message).toMatch(/--max-memory must be a size such as 512M or 4G \(got "lots"\)/);
    const few = parse('--max-processes', '3');
    expect(!few.ok && few.error.message).toMatch(/--max-processes: processes must be at least 8/);
    const git = parse('--allow-git-writes');
    expect(git.ok && git.options.allowGitWrites).toBe(true);
  });
});

describe('finding where cgroups can be made', () => {
  it('reads cgroup v1 hierarchies from /proc/self/cgroup and mountinfo (a fake /proc/self here)', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-cgroup-'));
    try {
      const proc = path.join(base, 'proc');
      await mkdir(path.join(base, 'pids', 'mine'), { recursive: true });
      // The memory hierarchy is mounted from its /outer: /outer/mine is the mount's mine/.
      await mkdir(path.join(base, 'memory', 'mine'), { recursive: true });
      await mkdir(proc);
      await writeFile(path.join(proc, 'cgroup'), '8:pids:/mine\n4:memory:/outer/mine\n0::/\n');
      await writeFile(
        path.join(proc, 'mountinfo'),
        [
          `30 25 0:26 / ${base}/pids rw,relatime - cgroup cgroup rw,pids`,
          `31 25 0:27 /outer ${base}/memory rw,relatime - cgroup cgroup rw,memory`,
        ].join('\n'),
      );
      expect(await findCgroupParents(proc)).toEqual({
        version: 1,
        pids: path.join(base, 'pids', 'mine'),
        memory: path.join(base, 'memory', 'mine'),
      });
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  it('finds none when nothing is mounted or readable', async () => {
    expect(await findCgroupParents('/nonexistent-proc-self')).toBeUndefined();
  });

  it('joins the cgroup by pid, then becomes the program with its arguments untouched', () => {
    const args = joinCgroupThenExec(['/cg/a/cgroup.procs', '/cg/b/cgroup.procs'], '/usr/bin/bwrap', ['--', 'x y']);
    expect(args.slice(2)).toEqual([
      'agent-turn-cgroup',
      '/cg/a/cgroup.procs',
      '/cg/b/cgroup.procs',
      '--',
      '/usr/bin/bwrap',
      '--',
      'x y',
    ]);
  });

  it('sweeps the cgroups of CLIs that are gone, never a live one’s nor a stranger’s', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-sweep-'));
    try {
      const dead = 2 ** 22 + 12345; // above pid_max's default: no such process
      for (const name of [
        `agent-turn-${dead}-0`,
        `agent-turn-${dead}-7`,
        `agent-turn-${process.pid}-0`,
        'agent-turn-1-0',
        'other',
      ])
        await mkdir(path.join(base, name));
      expect(await sweepStaleCgroups({ version: 2, pids: base, memory: base })).toBe(2);
      expect((await readdir(base)).sort()).toEqual([`agent-turn-${process.pid}-0`, 'agent-turn-1-0', 'other'].sort());
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
