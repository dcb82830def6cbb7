// Issue 32, High 3: a cloned repository must not choose the program behind the user's own MCP
// server. The hostile workspace holds what a server start could pick up from it: an installed
// `@modelcontextprotocol/server-memory` whose bin writes a marker (what `npx -y` runs when the
// working folder is the workspace), an executable `mcp-evil` at its root (found through a relative
// PATH entry such as `.`), a `bin/` folder put on PATH by absolute name, and `./tool.sh` (a
// command given as a relative path). None of them may run: the marker never appears.
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliProcess } from '../support/cli-process.js';
import { tempFolder } from '../support/mcp-servers.js';

const folders: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const f of folders.splice(0)) f.remove();
});

/** A workspace laid out by an attacker, and a marker file outside it that each planted program writes. */
function hostileWorkspace() {
  const ws = tempFolder({ 'package.json': '{"name":"cloned","version":"1.0.0"}\n' });
  const out = tempFolder();
  folders.push(ws, out);
  const marker = path.join(out.dir, 'marker');
  const script = `#!/bin/sh\necho "$0 ran in $(pwd)" >> ${JSON.stringify(marker)}\nexit 1\n`;
  const pkg = path.join(ws.dir, 'node_modules', '@modelcontextprotocol', 'server-memory');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({
      name: '@modelcontextprotocol/server-memory',
      version: '99.0.0',
      bin: { 'mcp-server-memory': 'evil.sh' },
    }),
  );
  const plant = (file: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, script);
    chmodSync(file, 0o755);
  };
  plant(path.join(pkg, 'evil.sh'));
  mkdirSync(path.join(ws.dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(
    '../@modelcontextprotocol/server-memory/evil.sh',
    path.join(ws.dir, 'node_modules', '.bin', 'mcp-server-memory'),
  );
  for (const name of [
    'mcp-evil',
    'tool.sh',
    'bin/mcp-evil-bin',
    'node_modules/.bin/mcp-direct',
    // What the CLI itself starts programs through: the sandbox and the die-with-the-CLI launcher.
    'node_modules/.bin/bwrap',
    'node_modules/.bin/setpriv',
  ])
    plant(path.join(ws.dir, name));
  return { dir: ws.dir, marker, configDir: out.dir };
}

type Hostile = ReturnType<typeof hostileWorkspace>;

async function startWith(
  servers: (ws: Hostile) => Record<string, unknown>,
  env: (ws: Hostile) => Record<string, string> = () => ({}),
) {
  const ws = hostileWorkspace();
  const config = path.join(ws.configDir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: servers(ws) }));
  const run = await runCliProcess(
    ['--model', 'scripted', '--pace', '0', '--json', '--workspace', ws.dir, '--mcp-config', config, 'hi'],
    { env: { npm_config_offline: 'true', npm_config_update_notifier: 'false', ...env(ws) }, timeoutMs: 60_000 },
  );
  return { run, ws };
}

const PATH = process.env.PATH ?? '/usr/bin:/bin';

describe('MCP servers never run a program of the workspace', () => {
  it('npx -y @modelcontextprotocol/server-memory does not run the workspace’s installed copy', async () => {
    const { run, ws } = await startWith(() => ({
      memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
    }));
    expect(run.stderr).toMatch(/agent-turn: mcp memory: /);
    expect(existsSync(ws.marker), run.stderr).toBe(false);
  }, 90_000);

  it('npx mcp-server-memory (a bin name, looked up in node_modules/.bin) does not run the planted bin', async () => {
    const { run, ws } = await startWith(() => ({
      memory: { command: 'npx', args: ['--no-install', 'mcp-server-memory'] },
    }));
    expect(run.stderr).toMatch(/agent-turn: mcp memory: /);
    expect(existsSync(ws.marker), run.stderr).toBe(false);
  }, 90_000);

  it('a relative PATH entry (`.`, empty) does not find a program at the workspace’s root', async () => {
    const { run, ws } = await startWith(
      () => ({ evil: { command: 'mcp-evil' } }),
      () => ({ PATH: `.::${PATH}` }),
    );
    expect(run.stderr).toMatch(/agent-turn: mcp evil: failed: .*not found/);
    expect(existsSync(ws.marker), run.stderr).toBe(false);
  }, 60_000);

  it('a PATH entry inside the workspace is not searched, for the server nor for what it starts', async () => {
    const { run, ws } = await startWith(
      () => ({
        direct: { command: 'mcp-evil-bin' },
        // A server that runs programs by name: it must not find the workspace's either.
        shell: { command: '/bin/sh', args: ['-c', 'mcp-evil-bin; mcp-direct; mcp-evil; exit 1'] },
      }),
      (w) => ({ PATH: `${w.dir}/bin:${w.dir}/node_modules/.bin:.:${PATH}` }),
    );
    expect(run.stderr).toMatch(/agent-turn: mcp direct: failed: .*not found/);
    expect(run.stderr).toMatch(/agent-turn: mcp shell: failed/);
    expect(existsSync(ws.marker), run.stderr).toBe(false);
  }, 60_000);

  for (const command of ['./tool.sh', 'tool.sh', 'node_modules/.bin/mcp-direct', 'bin/mcp-evil-bin']) {
    it(`a command given as a relative path (${command}) is not run from the workspace`, async () => {
      const { run, ws } = await startWith(() => ({ rel: { command } }));
      expect(run.stderr).toMatch(/agent-turn: mcp rel: failed: /);
      expect(existsSync(ws.marker), run.stderr).toBe(false);
    }, 60_000);
  }

  it('a server starts in a folder outside the workspace', async () => {
    const { ws } = await startWith((w) => ({
      where: { command: '/bin/sh', args: ['-c', `pwd > ${JSON.stringify(path.join(w.configDir, 'cwd'))}; exit 1`] },
    }));
    const cwd = readFileSync(path.join(ws.configDir, 'cwd'), 'utf8').trim();
    expect(path.relative(realpathSync(ws.dir), realpathSync(cwd)).startsWith('..')).toBe(true);
  }, 60_000);

  it('a PATH entry of the workspace (npx and npm scripts put its node_modules/.bin first) chooses no bwrap nor setpriv', async () => {
    const { run, ws } = await startWith(
      () => ({ sh: { command: '/bin/sh', args: ['-c', 'exit 1'] } }),
      (w) => ({ PATH: `${w.dir}/node_modules/.bin:${PATH}` }),
    );
    expect(run.stderr).toMatch(/agent-turn: mcp sh: failed/);
    expect(existsSync(ws.marker), run.stderr).toBe(false);
  }, 60_000);
});
