import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createNodeTools, openWorkspace } from '../../../app/tools/node/index.js';
import { makeSandbox, noSignal, toolUse, unwrap } from '../../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setup(executeCommand: Parameters<typeof createNodeTools>[0]['executeCommand'] = {}) {
  const sandbox = await makeSandbox({ 'a.txt': 'hello\n' });
  cleanup = sandbox.cleanup;
  const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace), executeCommand });
  return { ...sandbox, tools };
}

/** True while a process with this pid runs (a zombie waiting to be reaped has stopped running). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

describe('execute_command', () => {
  it('runs in the workspace with a shell and reports output and exit code', async () => {
    const { tools } = await setup();
    const result = unwrap(
      await tools.execute_command(
        toolUse('execute_command', { command: 'cat a.txt && echo err >&2; exit 3' }),
        noSignal(),
      ),
    );
    expect(result).toEqual({ content: 'Command exited with code 3.\nOutput:\nhello\nerr', isError: false });
  });

  it('caps the output, keeping its beginning and end', async () => {
    const { tools } = await setup({ maxOutputBytes: 100 });
    const result = unwrap(
      await tools.execute_command(
        toolUse('execute_command', { command: 'echo START; seq 1 2000; echo END' }),
        noSignal(),
      ),
    );
    expect(result.content).toContain('START');
    expect(result.content).toMatch(/END$/);
    expect(result.content).toMatch(/\[… \d+ bytes of output omitted …\]/);
    expect(result.content.length).toBeLessThan(300);
  });

  it('stops a command that runs past its time limit, with its whole process group', async () => {
    const { tools, workspace } = await setup({ timeoutMs: 300 });
    const result = unwrap(
      await tools.execute_command(
        toolUse('execute_command', { command: 'sleep 30 & echo $! > bg.pid; echo started; wait' }),
        noSignal(),
      ),
    );
    expect(result).toMatchObject({ isError: true, code: 'timeout' });
    expect(result.content).toContain('started');
    const bg = Number(await readFile(path.join(workspace, 'bg.pid'), 'utf8'));
    await expect.poll(() => alive(bg)).toBe(false);
  });

  it('stops the command when the signal aborts', async () => {
    const { tools, workspace } = await setup();
    const controller = new AbortController();
    const pending = tools.execute_command(
      toolUse('execute_command', { command: 'echo $$ > sh.pid; echo running; sleep 30' }),
      { signal: controller.signal },
    );
    const pidFile = path.join(workspace, 'sh.pid');
    await expect.poll(() => readFile(pidFile, 'utf8').then(Boolean, () => false)).toBe(true);
    controller.abort();
    const result = unwrap(await pending);
    expect(result).toMatchObject({ isError: true, code: 'aborted' });
    expect(result.content).toContain('running');
    await expect.poll(() => alive(Number(readFileSyncSafe(pidFile)))).toBe(false);
  });

  it('kills a background job with its output redirected once the command ends (no sandbox: setsid would escape)', async () => {
    const { tools, workspace } = await setup();
    const result = unwrap(
      await tools.execute_command(
        toolUse('execute_command', { command: 'sleep 30 >/dev/null 2>&1 & echo $! > bg.pid; echo started' }),
        noSignal(),
      ),
    );
    expect(result.content).toContain('started');
    const bg = Number(await readFile(path.join(workspace, 'bg.pid'), 'utf8'));
    expect(bg).toBeGreaterThan(0);
    await expect.poll(() => alive(bg), { timeout: 2_000 }).toBe(false);
  });

  it('does not start when already aborted, and needs a command', async () => {
    const { tools } = await setup();
    const controller = new AbortController();
    controller.abort();
    expect(
      unwrap(
        await tools.execute_command(toolUse('execute_command', { command: 'touch x' }), { signal: controller.signal }),
      ).code,
    ).toBe('aborted');
    expect(unwrap(await tools.execute_command(toolUse('execute_command', {}), noSignal())).code).toBe('missing-param');
    expect(
      unwrap(await tools.execute_command(toolUse('execute_command', { command: 'true', timeout: 'soon' }), noSignal()))
        .code,
    ).toBe('invalid-param');
  });
});

function readFileSyncSafe(file: string): string {
  return readFileSync(file, 'utf8').trim();
}
