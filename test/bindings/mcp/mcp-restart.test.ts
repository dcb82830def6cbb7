// A stdio server that stops by itself (killed, crashed) is said once (onServerExit) and, with
// restartStoppedServers (the CLI's choice, issue 32 Medium 8), started again at its next call —
// at most three times; without it, each later call says which server stopped, and why.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServers, type McpServers } from '../../../bindings/mcp/index.js';
import { fixtureServer, tempFolder } from '../../support/mcp-servers.js';

const opened: McpServers[] = [];
const folders: Array<{ remove: () => void }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
  for (const f of folders.splice(0)) f.remove();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(test: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function killedServer(restart: boolean, mode = 'normal') {
  const folder = tempFolder();
  folders.push(folder);
  const pidFile = `${folder.dir}/pid`;
  const exits: string[] = [];
  const restarts: string[] = [];
  const mcp = await connectMcpServers(
    { fx: { ...fixtureServer(mode), env: { MCP_FIXTURE_PIDFILE: pidFile }, alwaysAllow: true } },
    {
      restartStoppedServers: restart,
      onServerExit: (name, message) => exits.push(`${name}: ${message}`),
      onServerRestart: (name) => restarts.push(name),
    },
  );
  opened.push(mcp);
  const [fx] = mcp.connections;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile);
  process.kill(pid, 'SIGKILL');
  await until(() => fx.status === 'closed');
  return { mcp, fx, pid, pidFile, exits, restarts };
}

describe('a stdio MCP server that stops by itself', () => {
  it('is said once, and started again at its next call (restartStoppedServers)', async () => {
    const { fx, pid, pidFile, exits, restarts } = await killedServer(true);
    expect(exits).toEqual(['fx: the server "fx" stopped']);
    const outcome = await fx.callTool('add', { a: 2, b: 3 });
    expect(outcome).toMatchObject({ ok: true, content: '5' });
    expect(restarts).toEqual(['fx']);
    expect(fx.status).toBe('connected');
    expect(existsSync(pidFile)).toBe(true);
    const again = Number(readFileSync(pidFile, 'utf8'));
    expect(again).not.toBe(pid);
    expect(fx.currentPid).toBe(again);
    expect(alive(again)).toBe(true);
  }, 30_000);

  it('without restartStoppedServers, each later call names the server that stopped', async () => {
    const { fx, restarts } = await killedServer(false);
    const outcome = await fx.callTool('add', { a: 2, b: 3 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('mcp-server-closed');
    expect(outcome.error.message).toContain('the server "fx" stopped');
    expect(restarts).toEqual([]);
  }, 30_000);

  it('one that keeps crashing is started again at most three times, then its calls say so', async () => {
    const { fx, restarts } = await killedServer(true, 'crash');
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await fx.callTool('echo', { message: `try ${i}` }));
    expect(outcomes.every((o) => !o.ok)).toBe(true);
    expect(restarts).toEqual(['fx', 'fx', 'fx']);
    const last = outcomes.at(-1);
    expect(last?.ok === false && last.error.message).toContain('stopped 4 times and is not started again');
  }, 30_000);

  it('one closed on purpose is not started again', async () => {
    const { mcp, fx, restarts } = await killedServer(true);
    await mcp.close();
    const outcome = await fx.callTool('add', { a: 1, b: 1 });
    expect(outcome.ok).toBe(false);
    expect(restarts).toEqual([]);
  }, 30_000);
});
