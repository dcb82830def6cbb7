// The CLI against an OpenAI-compatible server whose stream never ends: it must exit 1 with a
// clear message, its peak RSS staying under 500 MB. Prints the figures as JSON.
//   node --import tsx scripts/endless-stream-rss.ts
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface EndlessStreamRun {
  code: number | null;
  /** What the CLI printed (stdout and stderr). */
  output: string;
  /** Peak resident set size of the CLI process (VmHWM), in MB; null where /proc is missing. */
  peakRssMb: number | null;
  /** Bytes the server sent before the CLI hung up. */
  bytesSent: number;
  seconds: number;
}

/** An endless SSE stream of small text deltas, as fast as the client reads. */
function endlessServer(): { server: Server; sent: () => number } {
  let sent = 0;
  const line = `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'all work and no play ' }, finish_reason: null }] })}\n\n`;
  const block = Buffer.from(line.repeat(256));
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const pump = () => {
      while (!response.destroyed) {
        sent += block.length;
        if (!response.write(block)) return void response.once('drain', pump);
      }
    };
    response.on('close', () => response.destroy());
    pump();
  });
  return { server, sent: () => sent };
}

function vmHwmMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export async function runEndlessStream(timeoutMs = 120_000): Promise<EndlessStreamRun> {
  const { server, sent } = endlessServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const started = Date.now();
  try {
    return await new Promise<EndlessStreamRun>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'app/cli.ts',
          '--base-url',
          `http://127.0.0.1:${port}/v1`,
          '--model',
          'x',
          '--yes',
          'Write notes.md',
        ],
        {
          cwd: ROOT,
          env: { ...process.env, OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      let peak: number | null = null;
      // VmHWM is the process's own high-water mark: polling only has to outlive it.
      const poll = setInterval(() => {
        const now = vmHwmMb(child.pid!);
        if (now !== null) peak = Math.max(peak ?? 0, now);
      }, 50);
      const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        // Keep only the end: the reply itself is megabytes of text.
        output = (output + chunk).slice(-20_000);
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-20_000)));
      child.on('error', reject);
      child.on('exit', () => {
        const last = vmHwmMb(child.pid!);
        if (last !== null) peak = Math.max(peak ?? 0, last);
      });
      child.on('close', (code) => {
        clearInterval(poll);
        clearTimeout(killer);
        resolve({ code, output, peakRssMb: peak, bytesSent: sent(), seconds: (Date.now() - started) / 1000 });
      });
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const run = await runEndlessStream();
  const { output, ...figures } = run;
  console.log(
    JSON.stringify(
      {
        ...figures,
        peakRssMb: figures.peakRssMb === null ? null : Math.round(figures.peakRssMb),
        lastLine: output.trim().split('\n').at(-1)?.slice(0, 300),
      },
      null,
      2,
    ),
  );
  process.exitCode = run.code === 1 && run.peakRssMb !== null && run.peakRssMb < 500 ? 0 : 1;
}
