// Bytes on the wire for a 1 MB write through `agent-turn serve` (from sources, scripted model at
// pace 0, --yes): the same turn once as AG-UI (POST /ag-ui) and once as the AI SDK UI message
// stream (POST /api/chat), every event or part counted by its type. Three requests (list, read,
// write), as bench/acp-wire.bench.ts. The goal (issue 36): each stream carries the written text at
// most 1.2 times. Then a small turn (read, write notes.md) for the events per block type.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Count and bytes of each event type (AG-UI `type`, UI part `type`) in one response. */
type Tally = Map<string, { count: number; bytes: number }>;

async function serve(workspace: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'app/cli.ts', 'serve', '--port', '0', '--pace', '0', '--yes', '--max-requests', '3'].concat(
      '--workspace',
      workspace,
    ),
    {
      cwd: ROOT,
      env: { ...process.env, OPENAI_API_KEY: undefined } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /agent-turn serve: (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/** Posts `body` and tallies the SSE response's `data:` lines by their JSON's `type`. */
async function post(url: string, body: unknown): Promise<{ tally: Tally; total: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const tally: Tally = new Map();
  for (const event of text.split('\n\n')) {
    if (event === '') continue;
    const data = event.startsWith('data: ') ? event.slice(6) : event;
    const type = data === '[DONE]' ? '[DONE]' : ((JSON.parse(data) as { type?: string }).type ?? '?');
    const entry = tally.get(type) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += Buffer.byteLength(event) + 2;
    tally.set(type, entry);
  }
  return { tally, total: Buffer.byteLength(text), ms };
}

const agUiInput = (task: string, threadId: string) => ({
  threadId,
  runId: `${threadId}-run`,
  messages: [{ id: 'u1', role: 'user', content: task }],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
});

const chatInput = (task: string, id: string) => ({
  id,
  messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: task }] }],
});

function print(name: string, result: { tally: Tally; total: number; ms: number }, written?: number) {
  const ratio = written ? ` = ${(result.total / written).toFixed(3)}x the written text` : '';
  console.log(`${name}: ${result.total} bytes in ${result.ms.toFixed(0)} ms${ratio}`);
  for (const [type, { count, bytes }] of [...result.tally].sort((a, b) => b[1].bytes - a[1].bytes))
    console.log(`  ${type.padEnd(28)} ${String(count).padStart(5)} × ${String(bytes).padStart(9)} bytes`);
}

export async function run(): Promise<void> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'turn-server-wire-'));
  writeFileSync(path.join(workspace, 'README.md'), '# Bench\n\nA tiny project that greets people.\n');
  const server = await serve(workspace);
  try {
    for (const [name, endpoint, input] of [
      ['AG-UI (POST /ag-ui)', '/ag-ui', agUiInput],
      ['UI message stream (POST /api/chat)', '/api/chat', chatInput],
    ] as const) {
      const big = await post(`${server.url}${endpoint}`, input('Write a large file', `big-${endpoint}`));
      const written = statSync(path.join(workspace, 'large-file.txt'), { throwIfNoEntry: false })?.size;
      print(`${name}, a 1 MB write`, big, written);
      const small = await post(
        `${server.url}${endpoint}`,
        input('Read README.md and write notes.md', `small-${endpoint}`),
      );
      print(`${name}, a read and a small write`, small);
    }
  } finally {
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}
