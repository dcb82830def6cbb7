// A command aborted before its runner got to it (the signal fired while a cgroup was made or a
// sandbox probed, or before the call) is stopped: no 'abort' event comes for a signal already
// aborted, so the runner must look. Found by the turn server's cancel test (a client leaving at once).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProcessGroupRunner } from '../../../../app/tools/node/index.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const request = (signal: AbortSignal) => ({
  command: 'sleep 1 && echo done > done.txt',
  timeoutMs: 10_000,
  maxOutputBytes: 1024,
  signal,
});

describe.concurrent('a command aborted before it started', () => {
  for (const limited of [false, true]) {
    it(`is stopped and writes nothing (${limited ? 'with limits: the run starts after an await' : 'plain'})`, async () => {
      const cwd = await mkdtemp(path.join(tmpdir(), 'early-abort-'));
      dirs.push(cwd);
      const runner = createProcessGroupRunner({ cwd, ...(limited ? { limits: {} } : {}) });
      const controller = new AbortController();
      if (!limited) controller.abort();
      const outcome = runner.run(request(controller.signal));
      controller.abort();
      expect((await outcome).kind).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await readdir(cwd)).toEqual([]);
    });
  }
});
