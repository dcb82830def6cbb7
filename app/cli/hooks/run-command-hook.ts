// Runs one command hook as the CLI's own program, never the workspace's: the system's /bin/sh runs
// the command, with a PATH that has no relative entry and no entry inside the workspace (as the
// MCP servers get: mcp-server-launch.ts), in a process group of its own that is killed whole at
// the time-out. The event goes in as JSON on stdin; stdout and stderr are kept up to a cap each.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { trustedPathEntries } from '../mcp/mcp-server-launch.js';

/** The most of stdout and of stderr kept from one hook (the rest is dropped, and said). */
export const HOOK_OUTPUT_CAP = 64 * 1024;
/** A hook's time-out when its entry gives none. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

/** What one hook run gave: its exit code (null when killed), its bounded output, and whether it timed out. */
export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Bytes of output dropped past the caps. */
  dropped: number;
  /** The command could not start. */
  error?: string;
}

/** Where and with what a hook runs. */
export interface HookRunOptions {
  /** The workspace: the hook's working folder, and what its PATH may not come from. */
  root: string;
  env: Record<string, string | undefined>;
  timeoutS?: number;
  cap?: number;
}

/** Runs `command` with `input` as its stdin JSON. Never rejects. */
export function runCommandHook(command: string, input: unknown, options: HookRunOptions): Promise<HookRun> {
  const cap = options.cap ?? HOOK_OUTPUT_CAP;
  const timeoutMs = (options.timeoutS ?? DEFAULT_HOOK_TIMEOUT_S) * 1000;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.env)) if (v !== undefined) env[k] = v;
  env.PATH = trustedPathEntries(options.env.PATH, options.root).join(path.delimiter);
  env.AGENT_TURN_PROJECT_DIR = options.root;
  env.CLAUDE_PROJECT_DIR = options.root;
  return new Promise((resolve) => {
    const out = { stdout: [] as Buffer[], stderr: [] as Buffer[], kept: { stdout: 0, stderr: 0 }, dropped: 0 };
    let timedOut = false;
    let settled = false;
    const child = spawn('/bin/sh', ['-c', command], { cwd: options.root, env, detached: true, stdio: 'pipe' });
    const keep = (which: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const room = cap - out.kept[which];
      if (room <= 0) return void (out.dropped += chunk.length);
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      out[which].push(part);
      out.kept[which] += part.length;
      out.dropped += chunk.length - part.length;
    };
    child.stdout.on('data', keep('stdout'));
    child.stderr.on('data', keep('stderr'));
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const finish = (code: number | null, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!timedOut) killGroup(); // nothing it started outlives it
      resolve({
        code,
        stdout: Buffer.concat(out.stdout).toString('utf8'),
        stderr: Buffer.concat(out.stderr).toString('utf8'),
        timedOut,
        dropped: out.dropped,
        ...(error !== undefined ? { error } : {}),
      });
    };
    child.on('error', (e) => finish(null, e.message));
    child.on('close', (code) => finish(code));
    child.stdin.on('error', () => {}); // a hook that never reads its stdin
    child.stdin.end(`${JSON.stringify(input)}\n`);
  });
}
