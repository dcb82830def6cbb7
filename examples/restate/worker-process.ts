// Starts turn-worker.ts as a child process; kill it (SIGKILL, as a crash) or stop it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface WorkerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Every line the worker printed (live text when started with --live). */
  lines: string[];
  /** SIGKILL, as a crash; resolves when it is gone. */
  kill(): Promise<void>;
  /** SIGTERM; resolves when it is gone. */
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./turn-worker.ts', import.meta.url));

export async function startWorker(options: {
  port: number;
  modelUrl: string;
  http1?: boolean;
  approval?: string[];
  live?: boolean;
  trace?: boolean;
  /** Waits this long before and after each write_to_file (a kill can land inside the write). */
  slowWritesMs?: number;
  onLine?: (line: string) => void;
}): Promise<WorkerProcess> {
  const args = ['--import', 'tsx', script, '--port', String(options.port), '--model-url', options.modelUrl];
  if (options.http1) args.push('--http1');
  if (options.approval?.length) args.push('--approval', options.approval.join(','));
  if (options.live) args.push('--live');
  if (options.trace) args.push('--trace');
  if (options.slowWritesMs) args.push('--slow-writes', String(options.slowWritesMs));
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RESTATE_LOGGING: 'ERROR' },
  });
  const lines: string[] = [];
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => process.off('exit', orphanGuard));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the worker exited (${code}) before listening: ${stderr}`));
    child.once('exit', onExit);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      options.onLine?.(line);
      if (line.startsWith('listening ')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    child,
    lines,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
