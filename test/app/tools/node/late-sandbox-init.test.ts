// An abort that lands before bubblewrap has said which process is its sandbox's init (under load
// the report on fd 3 can come late): SIGTERM then reaches only bwrap's process group, and the
// sandbox, a session of its own, lives on. bwrap's children go at the stop, and an init reported
// after it goes then. Looked for after the use-chat Stop test failed under CI load (the stopped
// command wrote its file). Stood in for here by a shell that starts a child in a session of its
// own: one ignores SIGTERM and reports the child late, one dies on SIGTERM and never reports.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runInProcessGroup } from '../../../../app/tools/node/sandbox/run-in-process-group.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

// The "init": its own session (so the group's signals miss it), writes done.txt after 1.5 s.
const INIT = "setsid sh -c 'sleep 1.5; echo done > done.txt' &";
const STAND_INS = [
  // Ignores SIGTERM; its init is not its child (made after the stop, as far as a look at its
  // children can tell), written to a file, and reported 300 ms in.
  {
    name: 'reported after the stop',
    script: [
      "trap '' TERM",
      "(setsid sh -c 'echo $$ > init.pid; sleep 1.5; echo done > done.txt' &)",
      'sleep 0.3',
      'echo "{\\"child-pid\\": $(cat init.pid)}" >&3',
      'sleep 2',
    ],
  },
  // Dies on the stop's SIGTERM before it reports.
  { name: 'never reported', script: [INIT, 'sleep 5'] },
];

it.each(STAND_INS)(
  'an abort before the sandbox init is known kills the init ($name)',
  async ({ script }) => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'late-init-'));
    dirs.push(cwd);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const outcome = await runInProcessGroup(
      { file: '/bin/sh', args: ['-c', script.join('\n')], cwd, env: { PATH: process.env.PATH }, sandboxInfoFd: true },
      { command: '', timeoutMs: 10_000, maxOutputBytes: 1024, signal: controller.signal },
    );
    expect(outcome.kind).toBe('aborted');
    // Past the init's 1.5 s: it was killed, so it wrote nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(existsSync(path.join(cwd, 'done.txt'))).toBe(false);
  },
  20_000,
);
