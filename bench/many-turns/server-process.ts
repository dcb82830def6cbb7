// Starts stamped-server.ts as a child process and returns its URL and a stop function.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./stamped-server.ts', import.meta.url));

/** `pace`: milliseconds per token, or 'realistic' (the scripted model's default, ~8 ms, 300 ms to the first). */
export async function startServerProcess(pace: number | 'realistic'): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(pace)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const probeScript = fileURLToPath(new URL('./delay-probe.ts', import.meta.url));

/** An idle process measuring its own event-loop delay; `stop()` gives its p99 and max (ms). */
export function startDelayProbe(): { stop(): Promise<{ p99Ms: number; maxMs: number }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', probeScript], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const figures = new Promise<{ p99Ms: number; maxMs: number }>((resolve) =>
    lines.once('line', (line) => resolve(JSON.parse(line))),
  );
  return {
    stop() {
      child.stdin.end();
      return figures;
    },
  };
}
