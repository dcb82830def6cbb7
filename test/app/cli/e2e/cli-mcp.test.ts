// The CLI with --mcp-config: a line per server at start, MCP tools in both shapes, approvals
// without a terminal (alwaysAllow runs, the rest is refused), only the entry's environment for a
// server, a bad file refused with exit code 2, and no server left behind after Ctrl-C or kill -9.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCliProcess } from '../../../support/cli-process.js';
import { fixtureLog, fixtureServer, referenceServer, tempFolder } from '../../../support/mcp-servers.js';
import { CLI_NODE_ARGS } from '../../../support/cli-command.js';

const folders: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const f of folders.splice(0)) f.remove();
});

function workspaceWith(config: unknown): { dir: string; config: string } {
  const folder = tempFolder({ 'a.txt': 'alpha\n' });
  folders.push(folder);
  const file = `${folder.dir}/mcp.json`;
  writeFileSync(file, JSON.stringify({ mcpServers: config }));
  return { dir: folder.dir, config: file };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(test: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return test();
}

describe('the CLI with --mcp-config', () => {
  for (const native of [false, true]) {
    it(`starts three servers, says how each went and calls their tools (${native ? 'native' : 'tag'} mode)`, async () => {
      const ws = workspaceWith({
        everything: { ...referenceServer('everything', 'stdio'), env: { SHOWN_TO_SERVER: 'yes' }, alwaysAllow: true },
        memory: { ...referenceServer('memory'), env: { MEMORY_FILE_PATH: 'MEMFILE' }, alwaysAllow: ['read_graph'] },
        fs: { ...referenceServer('filesystem', 'WS'), alwaysAllow: ['read_text_file'] },
      });
      const text = readFileSync(ws.config, 'utf8')
        .replace('MEMFILE', `${ws.dir}/memory.jsonl`)
        .replace('"WS"', JSON.stringify(ws.dir));
      writeFileSync(ws.config, text);
      const run = await runCliProcess(
        [
          '--model',
          native ? 'scripted:gpt-4.1-mini' : 'scripted',
          ...(native ? ['--native-tools'] : []),
          '--pace',
          '0',
          '--json',
          '--workspace',
          ws.dir,
          '--mcp-config',
          ws.config,
          [
            'Use the MCP tool `get-env` of server `everything`,',
            'the MCP tool `read_graph` of server `memory`,',
            `the MCP tool \`read_text_file\` of server \`fs\` with \`{"path":"${ws.dir}/a.txt"}\``,
            'and the MCP tool `create_entities` of server `memory` with `{"entities":[]}`.',
          ].join(' '),
        ],
        { env: { SECRET_OF_THE_CLI: 'hidden' }, timeoutMs: 60_000 },
      );
      expect(run.stderr).toMatch(/agent-turn: mcp everything: connected, \d+ tools/);
      expect(run.stderr).toMatch(/agent-turn: mcp memory: connected, \d+ tools/);
      expect(run.stderr).toMatch(/agent-turn: mcp fs: connected, \d+ tools/);
      expect(run.output?.reason).toBe('completed');
      const results = ((run.output?.requests ?? []) as Array<{ toolResults: Array<Record<string, unknown>> }>)
        .flatMap((r) => r.toolResults)
        .filter((r) => r.name !== 'attempt_completion');
      expect(results).toHaveLength(4);
      // Only the entry's environment (and the SDK's minimal set): the CLI's own variables stay out.
      expect(results[0].content).toContain('SHOWN_TO_SERVER');
      expect(results[0].content).not.toContain('SECRET_OF_THE_CLI');
      expect(results[1]).toMatchObject({ status: 'done', isError: false });
      expect(results[2]).toMatchObject({ status: 'done', content: 'alpha\n' });
      // Not in alwaysAllow, no terminal to ask, no --yes: refused.
      expect(results[3]).toMatchObject({ status: 'rejected' });
    }, 90_000);
  }

  it('refuses a file that is not the mcpServers shape, saying where, with exit code 2', async () => {
    const ws = workspaceWith({ broken: { command: 'node', args: 'not a list' } });
    const run = await runCliProcess([
      '--model',
      'scripted',
      '--pace',
      '0',
      '--workspace',
      ws.dir,
      '--mcp-config',
      ws.config,
      'hi',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mcpServers.broken.args: expected an array of strings');
  }, 30_000);

  it('a server that cannot start is one "failed" line; the turn runs with the others', async () => {
    const ws = workspaceWith({
      gone: { command: '/nonexistent/server' },
      fx: { ...fixtureServer('normal'), alwaysAllow: true },
    });
    const run = await runCliProcess([
      '--model',
      'scripted',
      '--pace',
      '0',
      '--json',
      '--workspace',
      ws.dir,
      '--mcp-config',
      ws.config,
      'Use the MCP tool `add` of server `fx` with `{"a":1,"b":2}`.',
    ]);
    expect(run.stderr).toMatch(/agent-turn: mcp gone: failed: .*(ENOENT|No such file)/);
    expect(run.stderr).toMatch(/agent-turn: mcp fx: connected, 2 tools/);
    expect(run.output?.result).toContain('MCP fx/add: 3');
  }, 30_000);

  for (const signal of ['SIGINT', 'SIGKILL'] as const) {
    it(`leaves no server process behind after ${signal} during a call`, async () => {
      const folder = tempFolder();
      folders.push(folder);
      const pidFile = `${folder.dir}/server.pid`;
      const log = `${folder.dir}/received.jsonl`;
      const ws = workspaceWith({
        hang: {
          ...fixtureServer('hang', log),
          env: { MCP_FIXTURE_LOG: log, MCP_FIXTURE_PIDFILE: pidFile },
          alwaysAllow: true,
        },
      });
      const child = spawn(
        process.execPath,
        [
          ...CLI_NODE_ARGS,
          '--model',
          'scripted',
          '--pace',
          '0',
          '--workspace',
          ws.dir,
          '--mcp-config',
          ws.config,
          'Use the MCP tool `echo` of server `hang` with `{"message":"wait"}`.',
        ],
        { cwd: REPO_ROOT, stdio: 'ignore' },
      );
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      expect(await waitFor(() => fixtureLog(log).some((m) => m.method === 'tools/call'), 30_000)).toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      expect(alive(pid)).toBe(true);
      child.kill(signal);
      await exited;
      expect(await waitFor(() => !alive(pid), 5000)).toBe(true);
      expect(existsSync(pidFile)).toBe(true);
    }, 60_000);
  }
});
