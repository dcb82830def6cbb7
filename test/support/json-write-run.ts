// Attack 6 of issue 9 as a harness: the CLI with --json --yes, driven by the hostile model
// server into a write_to_file of `bytes` bytes, its stdout read by a pipe reader that counts
// (and, with `verify`, parses and replays) the NDJSON. Measures the NDJSON size, the CLI's peak
// RSS (VmHWM from /proc/<pid>/status) and what was left in the workspace. Optional: a reader
// that stalls, a Ctrl-C after some output, a reader that hangs up (EPIPE).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNdjsonReplay } from '../../app/cli/ndjson/ndjson-replay.js';
import type { NdjsonLine } from '../../app/cli/ndjson/ndjson-lines.js';
import { completionReply, hugeWriteReply, startHostileModelServer } from './huge-reply-model.js';
import { CLI_NODE_ARGS } from './cli-command.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface JsonWriteOptions {
  /** Bytes of the file the model writes. */
  bytes: number;
  /** Characters per SSE event from the server. Default 64 KiB. */
  chunkChars?: number;
  /** Stop reading stdout for this long once the first line came (a stalled reader). */
  stallMs?: number;
  /** Send SIGINT once this many NDJSON bytes came (a Ctrl-C mid-stream). */
  interruptAfterBytes?: number;
  /** Send SIGINT as soon as the write's temp file shows up in the workspace (a Ctrl-C mid-write). */
  interruptMidWrite?: boolean;
  /** Hang up stdout once this many NDJSON bytes came (the reader goes away: EPIPE). */
  hangUpAfterBytes?: number;
  /** Parse every line and rebuild the blocks from the block and delta lines. */
  verify?: boolean;
  timeoutMs?: number;
}

export interface JsonWriteRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  ndjsonBytes: number;
  lineCount: number;
  /** ndjsonBytes / bytes. */
  ratio: number;
  /** Peak RSS of the CLI (VmHWM), MB; null where /proc is missing. */
  peakRssMb: number | null;
  seconds: number;
  /** The written file's size, if it exists. */
  writtenBytes: number | undefined;
  /** `.tmp` files anywhere in the workspace afterwards. */
  tempFiles: string[];
  /** With `interruptMidWrite`: whether the temp file was seen (and SIGINT sent) while the write ran. */
  interruptedMidWrite?: boolean;
  /** With `verify`: the line types seen, the rebuilt write_to_file content's length, whether every line parsed. */
  verified?: {
    types: Record<string, number>;
    rebuiltContentLength: number | undefined;
    outputReason: string | undefined;
  };
  stderrTail: string;
}

function vmHwmMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function tempFilesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.name.endsWith('.tmp'))
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)));
}

export async function runJsonWrite(options: JsonWriteOptions): Promise<JsonWriteRun> {
  const server = await startHostileModelServer({
    replies: [hugeWriteReply('big.txt', options.bytes), completionReply('done')],
    chunkChars: options.chunkChars,
  });
  const workspace = await mkdtemp(path.join(tmpdir(), 'agent-turn-json-'));
  const started = Date.now();
  try {
    const args = [
      ...CLI_NODE_ARGS,
      '--json',
      '--yes',
      '--workspace',
      workspace,
      '--base-url',
      server.baseURL,
      '--model',
      'hostile',
      '--max-reply-chars',
      String(options.bytes * 2 + 1_000_000),
      'Write big.txt',
    ];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let ndjsonBytes = 0;
    let lineCount = 0;
    let peak: number | null = null;
    let stderrTail = '';
    let interrupted = false;
    let hungUp = false;
    let stalled = false;
    const types: Record<string, number> = {};
    const replay = createNdjsonReplay();
    let outputReason: string | undefined;
    let partial: Buffer[] = [];
    const takeLine = (line: string) => {
      lineCount++;
      if (!options.verify) return;
      const parsed = JSON.parse(line) as NdjsonLine;
      types[parsed.type] = (types[parsed.type] ?? 0) + 1;
      replay.apply(parsed);
      if (parsed.type === 'output') outputReason = parsed.output.reason;
    };
    const poll = setInterval(() => {
      const now = vmHwmMb(child.pid!);
      if (now !== null) peak = Math.max(peak ?? 0, now);
    }, 50);
    let interruptedMidWrite = false;
    const watchWrite = options.interruptMidWrite
      ? setInterval(() => {
          if (interruptedMidWrite || !readdirSync(workspace).some((name) => name.endsWith('.tmp'))) return;
          interruptedMidWrite = true;
          child.kill('SIGINT');
        }, 2)
      : undefined;
    const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.stdout.on('data', (chunk: Buffer) => {
      ndjsonBytes += chunk.length;
      let start = 0;
      for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
        partial.push(chunk.subarray(start, nl));
        takeLine(Buffer.concat(partial).toString('utf8'));
        partial = [];
        start = nl + 1;
      }
      if (start < chunk.length) partial.push(chunk.subarray(start));
      if (options.stallMs && !stalled) {
        stalled = true;
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), options.stallMs);
      }
      if (options.interruptAfterBytes !== undefined && !interrupted && ndjsonBytes >= options.interruptAfterBytes) {
        interrupted = true;
        child.kill('SIGINT');
      }
      if (options.hangUpAfterBytes !== undefined && !hungUp && ndjsonBytes >= options.hangUpAfterBytes) {
        hungUp = true;
        child.stdout.destroy();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderrTail = (stderrTail + chunk).slice(-4_000)));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', () => {
        const last = vmHwmMb(child.pid!);
        if (last !== null) peak = Math.max(peak ?? 0, last);
      });
      child.on('close', (c, s) => resolve([c, s]));
    });
    clearInterval(poll);
    clearInterval(watchWrite);
    clearTimeout(killer);
    const tool = replay.blocks().find((b) => b.kind === 'tool' && b.name === 'write_to_file');
    return {
      code,
      signal,
      ndjsonBytes,
      lineCount,
      ratio: ndjsonBytes / options.bytes,
      peakRssMb: peak,
      seconds: (Date.now() - started) / 1000,
      writtenBytes: (await stat(path.join(workspace, 'big.txt')).catch(() => undefined))?.size,
      tempFiles: await tempFilesBelow(workspace),
      ...(options.interruptMidWrite ? { interruptedMidWrite } : {}),
      ...(options.verify
        ? {
            verified: {
              types,
              rebuiltContentLength: tool?.kind === 'tool' ? tool.params.content?.length : undefined,
              outputReason,
            },
          }
        : {}),
      stderrTail,
    };
  } finally {
    await server.close();
    await rm(workspace, { recursive: true, force: true });
  }
}
