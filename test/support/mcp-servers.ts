// MCP servers for tests, all from node_modules (no network): the official reference servers over
// stdio, server-everything over Streamable HTTP on 127.0.0.1, and the raw JSON-RPC fixture.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpStdioServerConfig } from '../../bindings/mcp/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, '..', '..', 'node_modules', '@modelcontextprotocol');
export const FIXTURE_SERVER = join(here, 'mcp-fixture-server.mjs');

/** A stdio entry that runs a reference server's bin with this Node. */
export function referenceServer(name: 'everything' | 'memory' | 'filesystem', ...args: string[]): McpStdioServerConfig {
  return { command: process.execPath, args: [join(modules, `server-${name}`, 'dist', 'index.js'), ...args] };
}

/** A stdio entry for the fixture in one of its modes; its received lines go to `log` when given. */
export function fixtureServer(mode: string, log?: string): McpStdioServerConfig {
  return { command: process.execPath, args: [FIXTURE_SERVER, mode], ...(log ? { env: { MCP_FIXTURE_LOG: log } } : {}) };
}

/** The JSON-RPC messages a fixture received (its log file). */
export function fixtureLog(log: string): Array<{ method?: string; params?: Record<string, unknown> }> {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { method?: string; params?: Record<string, unknown> });
}

/** A temporary folder, removed by the returned function. */
export function tempFolder(files: Record<string, string> = {}): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-turn-mcp-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** server-everything in its `streamableHttp` mode on a free port; resolves once it listens. */
export async function startEverythingOverHttp(): Promise<{
  url: string;
  stop: () => Promise<void>;
  child: ChildProcess;
}> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(modules, 'server-everything', 'dist', 'index.js'), 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything over HTTP did not start in 20 s')), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything over HTTP exited with ${code}`)));
  });
  child.stdout?.resume();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      }),
  };
}
