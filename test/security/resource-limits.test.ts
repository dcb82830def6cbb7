// Attack: take the machine down from inside the sandbox — a fork bomb, a memory bomb, filling the
// RAM-backed /tmp and /dev/shm, one huge file, or the disk. Each ends with a tool result that
// says which limit it hit, and the next command runs as before (the CLI stays responsive).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';
import { DEFAULT_SANDBOX_LIMITS } from '../../app/tools/node/sandbox/sandbox-limits.js';
import { bubblewrapArgs } from '../../app/tools/node/sandbox/bubblewrap-args.js';

const MiB = 1024 * 1024;
let layout: SandboxedLayout;
beforeAll(async () => {
  layout = await makeSandboxedLayout({
    limits: {
      processes: 64,
      memoryBytes: 128 * MiB,
      tmpfsBytes: 16 * MiB,
      fileSizeBytes: 32 * MiB,
      diskWarningBytes: 4 * MiB,
    },
  });
});
afterAll(async () => {
  await layout.cleanup();
});

/** A fork bomb with a bottom: each level starts two of the next, 2^depth leaves that sleep a while. */
const boundedForkBomb = (depth: number) =>
  `b() { if [ "$1" -ge ${depth} ]; then sleep 3; return; fi; b $(($1 + 1)) & b $(($1 + 1)) & wait; }; b 0; echo bomb-done`;

describe('the process limit', () => {
  it('stops a fork bomb (2,000 processes asked for, 64 allowed) with a result that names the limit', async () => {
    const result = await layout.run(boundedForkBomb(10), { timeoutSeconds: 20 });
    if (layout.cgroupLimits) expect(result.content).toMatch(/hit the sandbox's process limit \(64 processes at once\)/);
    else expect(result.content).toMatch(/[Cc]annot fork|Resource temporarily unavailable/);
    const after = await layout.run('echo still-responsive');
    expect(after.content).toContain('still-responsive');
  });

  it('counts what one command runs at once: 40 at a time is fine', async () => {
    const result = await layout.run('for i in $(seq 40); do sleep 1 & done; wait; echo all-forty');
    expect(result.content).toContain('all-forty');
    expect(result.content).not.toMatch(/process limit/);
  });
});

describe('the memory limit', () => {
  it('ends a 512 MiB allocation under a 128 MiB limit, and says so', async () => {
    const result = await layout.run(
      `node -e "const a = []; for (let i = 0; i < 32; i++) a.push(Buffer.alloc(16 * 1024 * 1024, 1)); console.log('allocated-all')"`,
      { timeoutSeconds: 30 },
    );
    expect(result.content).not.toContain('allocated-all');
    if (layout.cgroupLimits) expect(result.content).toMatch(/over the sandbox's memory limit \(128 MiB\)/);
    const after = await layout.run('echo still-responsive');
    expect(after.content).toContain('still-responsive');
  });
});

describe('the tmpfs mounts', () => {
  it('/tmp and /dev/shm hold at most their size (16 MiB here); /dev takes no files', async () => {
    const result = await layout.run(
      'head -c 64M /dev/zero > /tmp/fill; echo tmp=$?; head -c 64M /dev/zero > /dev/shm/fill; echo shm=$?; du -k /tmp/fill /dev/shm/fill; echo x > /dev/planted; echo dev=$?',
    );
    expect(result.content).toContain('No space left on device');
    expect(result.content).toMatch(/tmp=1/);
    expect(result.content).toMatch(/shm=1/);
    const sizes = [...result.content.matchAll(/^(\d+)\s+\/(?:tmp|dev\/shm)\/fill$/gm)].map((m) => Number(m[1]));
    expect(sizes).toHaveLength(2);
    for (const kib of sizes) expect(kib).toBeLessThanOrEqual(16 * 1024);
    // stderr and stdout interleave in any order.
    expect(result.content).toContain('cannot create /dev/planted: Read-only file system');
    expect(result.content).toMatch(/dev=[12]/);
  });

  it('each tmpfs of the command line has a --size, by default 512 MiB', () => {
    const args = bubblewrapArgs({ ...layout.policy, limits: undefined }, 'true');
    const tmpfs = args.flatMap((a, i) => (a === '--tmpfs' ? [i] : []));
    expect(tmpfs.length).toBeGreaterThan(1);
    for (const i of tmpfs) expect(args.slice(i - 2, i)).toEqual(['--size', String(DEFAULT_SANDBOX_LIMITS.tmpfsBytes)]);
    expect(args).toContain('/dev/shm');
  });
});

describe('the workspace', () => {
  it('takes no file larger than the file-size cap (32 MiB here): the write stops there', async () => {
    const result = await layout.run('head -c 64M /dev/zero > big.bin; echo status=$?');
    expect(result.content).toMatch(/status=15[0-9]|File size limit exceeded/);
    expect((await stat(path.join(layout.workspace, 'big.bin'))).size).toBeLessThanOrEqual(32 * MiB);
  });

  it('a command that uses more disk than the warning threshold gets a warning in its result', async () => {
    const result = await layout.run(
      'for i in 1 2 3 4 5; do head -c 2M /dev/urandom > part$i.bin; done; sync; echo wrote',
    );
    expect(result.content).toContain('wrote');
    expect(result.content).toMatch(/Warning: the file system of the workspace lost \d/);
    expect((await readFile(path.join(layout.workspace, 'part5.bin'))).length).toBe(2 * MiB);
  });
});

describe('the real CLI under a fork bomb from a hostile model', () => {
  it('--max-processes holds: the model reads which limit ended its command, and the turn goes on to the end', async () => {
    const { startHostileModel, executeCommandCall } = await import('../support/hostile-model-server.js');
    const { startCliIn } = await import('../support/cli-in-folder.js');
    const cli = await makeSandboxedLayout();
    const hostile = await startHostileModel([executeCommandCall(boundedForkBomb(10))]);
    try {
      const run = await startCliIn(
        cli.cliFolder,
        [
          '--json',
          '--base-url',
          hostile.url,
          '--model',
          'hostile',
          '--workspace',
          cli.workspace,
          '--yes',
          '--max-processes',
          '48',
          'Look around',
        ],
        { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: cli.home, OPENAI_API_KEY: 'sk-test' },
      ).exited;
      expect(run.code, run.stderr).toBe(0);
      const next = hostile.requests[1]?.body ?? '';
      if (cli.cgroupLimits) expect(next).toMatch(/process limit \(48 processes at once\)/);
      else expect(next).toMatch(/[Cc]annot fork|Resource temporarily unavailable/);
    } finally {
      await hostile.close();
      await cli.cleanup();
    }
  });
});

describe('a bubblewrap without --size (before 0.7.0, e.g. Ubuntu 22.04’s 0.6.1)', () => {
  it('still sandboxes, without the tmpfs caps, and the probe says so', async () => {
    const { mkdtemp, writeFile, chmod, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { findBubblewrap, probeBubblewrap } = await import('../../app/tools/node/sandbox/probe-bubblewrap.js');
    const real = await findBubblewrap(process.env.PATH);
    const dir = await mkdtemp(path.join(tmpdir(), 'agent-turn-old-bwrap-'));
    try {
      // A bwrap that refuses --size the way 0.6 does, and is the real one otherwise.
      await writeFile(
        path.join(dir, 'bwrap'),
        `#!/bin/sh\nfor a; do [ "$a" = --size ] && { echo "bwrap: Unknown option --size" >&2; exit 1; }; done\nexec ${real} "$@"\n`,
      );
      await chmod(path.join(dir, 'bwrap'), 0o755);
      const probe = await probeBubblewrap(layout.policy, dir);
      expect(probe).toMatchObject({ ok: true, tmpfsUncapped: true });
      expect(probe.ok && probe.notice).toMatch(/no --size .*not capped/);
      expect(bubblewrapArgs({ ...layout.policy, tmpfsUncapped: true }, 'true')).not.toContain('--size');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
