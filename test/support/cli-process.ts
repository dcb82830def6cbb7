import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLI_NODE_ARGS } from './cli-command.js';

/** The repository root: the CLI runs from here so tsx and node_modules are found. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as NDJSON (with --json). */
  lines: Record<string, any>[];
  /** The machine's output: the `output` field of the last line. */
  output: Record<string, any> | undefined;
}

/**
 * Runs `node --import tsx app/cli.ts ...args` without a terminal. `interruptWhen` sends SIGINT the
 * first time it returns true for the stdout seen so far.
 */
export function runCliProcess(
  args: string[],
  options: { env?: Record<string, string>; interruptWhen?: (stdout: string) => boolean; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NO_COLOR: undefined,
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
      ANTHROPIC_BASE_URL: undefined,
      ANTHROPIC_API_KEY: undefined,
      ...options.env,
    };
    const child = spawn(process.execPath, [...CLI_NODE_ARGS, ...args], {
      cwd: REPO_ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI did not finish in time: ${args.join(' ')}\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 40_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!interrupted && options.interruptWhen?.(stdout)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      const last = lines.at(-1);
      resolve({ code, signal, stdout, stderr, lines, output: last?.type === 'output' ? last.output : undefined });
    });
  });
}

/** Every tool result of the turn, in order, with the tool use's params. */
export function toolResultsOf(
  output: Record<string, any>,
): { name: string; status: string; content: string; params: Record<string, string> }[] {
  const results: { name: string; status: string; content: string; params: Record<string, string> }[] = [];
  for (const request of output.requests) {
    for (const result of request.toolResults) {
      const block = request.blocks.find((b: any) => b.call_id === result.call_id);
      results.push({ name: result.name, status: result.status, content: result.content, params: block?.params ?? {} });
    }
  }
  return results;
}
