// Issue 32, Medium 8: Ctrl-C in a conversation stopped the turn — and killed every stdio MCP
// server with it (they shared the terminal's process group), so each later call failed with
// `mcp-server-closed`. In a real pseudo-terminal: Ctrl-C during a turn leaves the server running
// (same process), and the next message's MCP call is answered. A server that dies anyway is
// started again at its next use (test/bindings/mcp/mcp-restart.test.ts); none outlives the CLI.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer, tempFolder } from '../support/mcp-servers.js';
import { startCliInPty, untilOnScreen as until } from '../support/pty-session.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('Ctrl-C in a conversation with a stdio MCP server', () => {
  it('stops the turn, not the server: the next message calls it and gets its answer', async () => {
    const folder = tempFolder({ 'README.md': '# project\n' });
    cleanups.push(folder.remove);
    const outside = tempFolder();
    cleanups.push(outside.remove);
    const pidFile = path.join(outside.dir, 'server.pid');
    const config = path.join(outside.dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { fx: { ...fixtureServer('normal'), env: { MCP_FIXTURE_PIDFILE: pidFile }, alwaysAllow: true } },
      }),
    );
    const cli = startCliInPty(
      ['--model', 'scripted', '--pace', '40', '--yes', '--workspace', folder.dir, '--mcp-config', config],
      {
        conversation: true,
        // A key in the environment: the CLI runs under its launcher (key-handover.ts), so this Ctrl-C reaches two
        // processes, and must still count once (the turn stops, the conversation goes on).
        env: { AGENT_TURN_SESSIONS_DIR: path.join(outside.dir, 'sessions'), OPENAI_API_KEY: 'sk-unused-by-scripted' },
      },
    );
    cleanups.push(() => cli.kill());
    await cli.waitFor('mcp fx: connected', 30_000);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the server start', cli);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await until(() => count(cli.text(), '›') >= 1, 'the first prompt', cli);

    cli.type('Read README.md and tell me about it in detail.\r');
    await until(() => /README/.test(cli.text().split('›').at(-1) ?? ''), 'the turn streaming', cli);
    cli.type('\x03');
    await cli.waitFor(/interrupted/i, 20_000);
    await until(() => count(cli.text(), '›') >= 2, 'the prompt after Ctrl-C', cli);
    // A moment for a signal to land.
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(pid), cli.text().slice(-2000)).toBe(true);

    cli.type('Use the MCP tool `add` of server `fx` with `{"a":2,"b":3}`.\r');
    await cli.waitFor('MCP fx/add: 5', 30_000);
    expect(cli.text()).not.toContain('mcp-server-closed');

    // A server that dies anyway (killed here) is said, and started again at its next use.
    await until(() => count(cli.text(), '›') >= 3, 'the prompt after the call', cli);
    process.kill(pid, 'SIGKILL');
    await cli.waitFor('mcp fx: the server "fx" stopped; it is started again when next used', 10_000);
    cli.type('Use the MCP tool `add` of server `fx` with `{"a":3,"b":4}`.\r');
    await cli.waitFor('MCP fx/add: 7', 30_000);
    expect(cli.text()).toContain('mcp fx: started again');
    const restarted = Number(readFileSync(pidFile, 'utf8'));
    expect(restarted).not.toBe(pid);
    cli.type('/exit\r');
    await cli.exited;
    await until(() => !alive(restarted), 'the server stopping with the CLI', cli, 5000);
  }, 90_000);
});
