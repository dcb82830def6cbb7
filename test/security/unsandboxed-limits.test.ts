// Attack (issue 28 §2, §3) with --no-sandbox: a `setsid` child escapes the command's process
// group and outlives the command (and the CLI), and nothing limits processes or memory. Where a
// cgroup can be made, the unsandboxed runner puts each command in one: the limits apply and
// whatever is left in it when the command ends is killed. Where none can be made, the child
// survives — said so in --help and docs/security.md — and this test pins that too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findCgroupParents,
  sweepStaleCgroups,
  type CgroupParents,
} from '../../app/tools/node/sandbox/command-cgroup.js';
import { createProcessGroupRunner } from '../../app/tools/node/sandbox/process-group-runner.js';
import { createExecuteCommandTool } from '../../app/tools/execute-command.js';
import { hostProcessesRunning, uniqueSleepSeconds } from '../support/host-processes.js';
import { makeSandbox, noSignal, toolUse, unwrap } from '../support/tool-fixtures.js';
import { setUpCommands } from '../../app/cli/turn/command-sandbox.js';
import { helpText } from '../../app/cli/options/help-text.js';
import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let sandbox: Awaited<ReturnType<typeof makeSandbox>>;
let cgroups: CgroupParents | undefined;
beforeAll(async () => {
  sandbox = await makeSandbox({ 'README.md': '# x\n' });
  cgroups = await findCgroupParents();
});
afterAll(() => sandbox.cleanup());
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('an unsandboxed command (--no-sandbox)', () => {
  it('leaves no setsid child behind where a cgroup holds it', async () => {
    const seconds = uniqueSleepSeconds();
    const setup = await setUpCommands({
      root: sandbox.workspace,
      cwd: sandbox.workspace,
      env: process.env,
      allowNetwork: false,
      noSandbox: true,
    });
    const tool = createExecuteCommandTool(setup.runner);
    const result = unwrap(
      await tool(
        toolUse('execute_command', { command: `setsid sleep ${seconds} >/dev/null 2>&1 < /dev/null & echo left` }),
        noSignal(),
      ),
    );
    expect(result.content).toContain('left');
    await pause(200);
    const alive = hostProcessesRunning(`sleep ${seconds}`);
    for (const pid of alive) process.kill(pid, 'SIGKILL');
    if (cgroups) expect(alive).toEqual([]);
    else expect(alive.length).toBe(1);
  });

  it('has the process limit where a cgroup holds it', async () => {
    const runner = createProcessGroupRunner({
      cwd: sandbox.workspace,
      limits: { processes: 32 },
      ...(cgroups ? { cgroups } : {}),
    });
    const result = unwrap(
      await createExecuteCommandTool(runner)(
        toolUse('execute_command', { command: 'for i in $(seq 100); do sleep 2 & done; wait; echo done-all' }),
        noSignal(),
      ),
    );
    if (cgroups) expect(result.content).toMatch(/process limit \(32 processes at once\)/);
    else expect(result.content).toContain('done-all');
  });

  it('a CLI that exits in the middle of a command (Ctrl-C) kills what is in its cgroup; the next start removes the cgroup', async () => {
    const runnerModule = fileURLToPath(
      new URL('../../app/tools/node/sandbox/process-group-runner.ts', import.meta.url),
    );
    const cgroupModule = fileURLToPath(new URL('../../app/tools/node/sandbox/command-cgroup.ts', import.meta.url));
    const seconds = uniqueSleepSeconds();
    const script = path.join(sandbox.base, 'exit-mid-command.mts');
    await writeFile(
      script,
      [
        `import { createProcessGroupRunner } from ${JSON.stringify(runnerModule)};`,
        `import { findCgroupParents } from ${JSON.stringify(cgroupModule)};`,
        'const cgroups = await findCgroupParents();',
        `const runner = createProcessGroupRunner({ cwd: ${JSON.stringify(sandbox.workspace)}, limits: {}, ...(cgroups ? { cgroups } : {}) });`,
        `void runner.run({ command: 'setsid sleep ${seconds} >/dev/null 2>&1 < /dev/null & sleep ${seconds}', timeoutMs: 60000, maxOutputBytes: 100, signal: new AbortController().signal });`,
        'setTimeout(() => process.exit(130), 500);',
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script], { stdio: 'ignore' });
    const pid = child.pid;
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(130);
    await pause(200);
    const alive = hostProcessesRunning(`sleep ${seconds}`);
    for (const p of alive) process.kill(p, 'SIGKILL');
    if (!cgroups) return expect(alive.length).toBeGreaterThan(0);
    expect(alive).toEqual([]);
    // Its processes were killed at exit; the emptied cgroup goes at the next start's sweep (a
    // dead child is not reaped while its parent runs its exit handlers, so it cannot go sooner).
    await sweepStaleCgroups(cgroups);
    const left = [...new Set([cgroups.pids, cgroups.memory])].flatMap(async (dir) =>
      (await readdir(dir)).filter((n) => n.startsWith(`agent-turn-${pid}-`)),
    );
    expect((await Promise.all(left)).flat()).toEqual([]);
  });

  it('is described truthfully in --help: the key erased from the launcher’s environment, your files readable, setsid children, loopback with --allow-network', () => {
    const help = helpText([], []);
    expect(help).toMatch(
      /--no-sandbox[\s\S]*erases it from its\s+launcher's\s+\/proc\/<pid>\/environ;\s+they\s+can\s+still\s+read\s+your\s+files/,
    );
    expect(help).toMatch(/setsid/);
    expect(help).toMatch(/--allow-network[\s\S]*loopback/);
  });
});
