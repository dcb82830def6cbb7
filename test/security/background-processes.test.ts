// Attack: leave something running — `sleep 300 >/dev/null 2>&1 &`, `nohup … & disown`, `setsid …`
// — that outlives the command, its time-out or an abort. In the sandbox's PID namespace, when the
// command ends everything it started dies. Checked twice: from outside (no host process with the
// sleep's command line) and by marker files the background process would write a second later.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';
import { hostProcessesRunning, uniqueSleepSeconds } from '../support/host-processes.js';

let layout: SandboxedLayout;
beforeAll(async () => {
  layout = await makeSandboxedLayout();
});
afterAll(() => layout.cleanup());

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A command leaving behind: a plain background job, nohup + disown, setsid; each writes a marker after 1 s. */
function leaveBehind(seconds: string): string {
  return [
    `sleep ${seconds} >/dev/null 2>&1 &`,
    `(sleep 1; touch marker-bg) >/dev/null 2>&1 &`,
    `nohup sh -c 'sleep 1; touch marker-nohup' >/dev/null 2>&1 &`,
    `bash -c 'nohup sleep 1 >/dev/null 2>&1 & disown; (sleep 1; touch marker-disown) & disown' >/dev/null 2>&1`,
    `setsid sh -c 'sleep 1; touch marker-setsid' >/dev/null 2>&1 &`,
    `setsid sleep ${seconds} >/dev/null 2>&1 &`,
  ].join('\n');
}

async function expectAllDead(seconds: string) {
  expect(hostProcessesRunning(`sleep ${seconds}`)).toEqual([]);
  await pause(1_500);
  for (const marker of ['marker-bg', 'marker-nohup', 'marker-disown', 'marker-setsid'])
    expect(await exists(path.join(layout.workspace, marker)), marker).toBe(false);
  expect(hostProcessesRunning(`sleep ${seconds}`)).toEqual([]);
}

describe('processes a sandboxed command leaves behind', () => {
  it('all die when the command ends', async () => {
    const seconds = uniqueSleepSeconds();
    const result = await layout.run(`${leaveBehind(seconds)}\necho started`);
    expect(result.content).toContain('started');
    await expectAllDead(seconds);
  });

  it('all die at the time-out', async () => {
    const seconds = uniqueSleepSeconds();
    const result = await layout.run(`${leaveBehind(seconds)}\necho started; sleep 30`, { timeoutSeconds: 0.5 });
    expect(result.code).toBe('timeout');
    await expectAllDead(seconds);
  });

  it('all die on abort', async () => {
    const seconds = uniqueSleepSeconds();
    const controller = new AbortController();
    const pending = layout.run(`${leaveBehind(seconds)}\ntouch started; sleep 30`, { signal: controller.signal });
    await expect.poll(() => exists(path.join(layout.workspace, 'started')), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => hostProcessesRunning(`sleep ${seconds}`).length, { timeout: 5_000 }).toBe(2);
    controller.abort();
    expect((await pending).code).toBe('aborted');
    await expectAllDead(seconds);
  });
});
