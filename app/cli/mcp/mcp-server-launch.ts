// Where and how the CLI starts a stdio MCP server, so that a checked-out repository can never
// choose the program behind the user's own server (issue 32):
// - it runs in a folder of its own outside the workspace ($XDG_STATE_HOME/agent-turn/mcp-servers,
//   holding an empty package.json, so `npx` looks no further up for a project's node_modules);
// - its command is found on PATH by the CLI, skipping every relative entry (`.`, an empty one) and
//   every entry inside the workspace; a command given as a relative path is refused;
// - the PATH it gets is the same PATH without those entries (what it starts by name cannot come
//   from the workspace either), unless its entry sets PATH itself;
// - it gets a session of its own (`setsid`): a Ctrl-C at the terminal is the CLI's, not the
//   server's, and it still dies with the CLI (`setpriv --pdeathsig KILL`).
import { accessSync, constants, mkdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { isStdioServer, type McpServerConfig, type McpServersConfig } from 'agent-turn/mcp';
import { findSetpriv } from '../../tools/node/sandbox/host-death-launcher.js';

/** The servers that can be started, and a `failed: …` line for each that cannot. */
export interface LaunchableServers {
  config: McpServersConfig;
  failures: string[];
}

/** The folder the stdio servers run in: outside any workspace, private to the user (created). */
export function mcpServersFolder(env: Record<string, string | undefined>): string {
  const state = env.XDG_STATE_HOME || path.join(env.HOME || homedir(), '.local', 'state');
  const folder = path.join(state, 'agent-turn', 'mcp-servers');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // npm and npx take the nearest folder with a package.json as the project: this one, empty.
  writeFileSync(path.join(folder, 'package.json'), '{}\n');
  return folder;
}

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/** Whether `dir` is `root` or inside it (links followed). */
function isInside(dir: string, root: string): boolean {
  const relative = path.relative(real(root), real(dir));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The PATH entries a program the CLI starts may come from: absolute, and outside the workspace. */
export function trustedPathEntries(pathValue: string | undefined, root: string): string[] {
  return (pathValue ?? '').split(path.delimiter).filter((dir) => path.isAbsolute(dir) && !isInside(dir, root));
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The absolute program of a command, or why there is none. */
function resolveServerCommand(
  command: string,
  dirs: readonly string[],
): { ok: true; file: string } | { ok: false; message: string } {
  if (path.isAbsolute(command)) return { ok: true, file: command };
  if (command.includes('/') || command.includes(path.sep))
    return {
      ok: false,
      message: `the command "${command}" is a relative path; give it as an absolute path (a server never runs a program of the workspace)`,
    };
  for (const dir of dirs) {
    const file = path.join(dir, command);
    if (executable(file)) return { ok: true, file };
  }
  return {
    ok: false,
    message: `the command "${command}" was not found on PATH (relative entries and entries inside the workspace are not searched)`,
  };
}

/** The first of `names` in the system's own folders, or null. */
function systemProgram(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin']) if (executable(path.join(dir, name))) return path.join(dir, name);
  return null;
}

/** A resolved stdio entry wrapped to get its own session and to die with the CLI (Linux, util-linux present). */
function ownSessionDyingWithCli(command: string, args: readonly string[]): { command: string; args: string[] } {
  if (process.platform !== 'linux') return { command, args: [...args] };
  const setsid = systemProgram('setsid');
  const setpriv = findSetpriv();
  let wrapped = { command, args: [...args] };
  if (setsid !== null) wrapped = { command: setsid, args: ['--', wrapped.command, ...wrapped.args] };
  if (setpriv !== null)
    wrapped = { command: setpriv, args: ['--pdeathsig', 'KILL', '--', wrapped.command, ...wrapped.args] };
  return wrapped;
}

/** One entry as the CLI starts it, or why it cannot be. */
function launchable(
  entry: McpServerConfig,
  root: string,
  env: Record<string, string | undefined>,
): { ok: true; entry: McpServerConfig } | { ok: false; message: string } {
  if (!isStdioServer(entry)) return { ok: true, entry };
  const pathValue = entry.env?.PATH ?? env.PATH;
  const dirs = trustedPathEntries(pathValue, root);
  const resolved = resolveServerCommand(entry.command, dirs);
  if (!resolved.ok) return resolved;
  const wrapped = ownSessionDyingWithCli(resolved.file, entry.args ?? []);
  return {
    ok: true,
    entry: {
      ...entry,
      ...wrapped,
      env: { ...(entry.env?.PATH === undefined ? { PATH: dirs.join(path.delimiter) } : {}), ...entry.env },
    },
  };
}

/** The configured servers made safe to start from `root`'s CLI; the ones that cannot start, said. */
export function launchableServers(
  config: McpServersConfig,
  root: string,
  env: Record<string, string | undefined>,
): LaunchableServers {
  const out: Record<string, McpServerConfig> = {};
  const failures: string[] = [];
  for (const [name, entry] of Object.entries(config)) {
    if (entry.disabled === true) continue;
    const result = launchable(entry, root, env);
    if (result.ok) out[name] = result.entry;
    else failures.push(`${name}: failed: ${result.message}`);
  }
  return { config: out, failures };
}
