// Browser commands (vitest.config.ts registers them) that let a test page in Chromium use a turn
// server: start one at a pace for the page's origin, wait for a turn's end, read a file of its
// workspace, stop it. Each server is a child process (turn-server-process.ts); this file runs in
// Vitest's own process and imports nothing of the project, so the config can load it as it is.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./turn-server-process.ts', import.meta.url));

interface Served {
  child: ChildProcess;
  root: string;
  ends: { turnId: string; protocol: string; reason: string }[];
  wake: (() => void)[];
}

const servers = new Map<string, Served>();
let count = 0;
process.once('exit', () => {
  for (const s of servers.values()) s.child.kill('SIGKILL');
});

/** Starts a turn server (pace 0 = no waits, 1 = a real pace with random chunk boundaries) answering `origin`. */
async function startTurnServer(_: unknown, pace: number, origin: string): Promise<{ id: string; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, JSON.stringify({ pace, origin })], {
    cwd: REPO_ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const id = `server-${++count}`;
  const served: Served = { child, root: '', ends: [], wake: [] };
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (err += c));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('ready ')) {
          const ready = JSON.parse(line.slice(6)) as { url: string; root: string };
          served.root = ready.root;
          resolve(ready.url);
        } else if (line.startsWith('end ')) {
          served.ends.push(JSON.parse(line.slice(4)));
          for (const wake of served.wake.splice(0)) wake();
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the turn server exited (${code}): ${err}`)));
  });
  servers.set(id, served);
  return { id, url };
}

function server(id: string): Served {
  const served = servers.get(id);
  if (!served) throw new Error(`no turn server ${id}`);
  return served;
}

/** The `index`th turn end of server `id` (waits for it). */
async function turnEnded(_: unknown, id: string, index: number): Promise<{ protocol: string; reason: string }> {
  const served = server(id);
  while (served.ends.length <= index) await new Promise<void>((resolve) => served.wake.push(resolve));
  return served.ends[index];
}

/** The text of a file in server `id`'s workspace, or null when it is not there. */
async function workspaceFile(_: unknown, id: string, name: string): Promise<string | null> {
  return readFile(path.join(server(id).root, name), 'utf8').catch(() => null);
}

/** Stops server `id`. */
async function stopTurnServer(_: unknown, id: string): Promise<void> {
  const served = server(id);
  servers.delete(id);
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
}

/** The commands, as vitest.config.ts registers them. */
export const turnServerCommands = { startTurnServer, turnEnded, workspaceFile, stopTurnServer };
