// Bytes on the wire for a 1 MB write over ACP: `agent-turn --acp` (from sources, scripted model at
// pace 0) writes the scripted large file through an editor's fs; every line the agent sends is
// counted by what it is. Three requests (list, read, write): one write, whose history the scripted
// model's window would otherwise cut and start over. The goal (issue 36): the session updates carry the written text at most
// 1.2 times. The fs/write_text_file request carries it once more, by the protocol's design.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { client, ndJsonStream, PROTOCOL_VERSION } from '@agentclientprotocol/sdk';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Bytes of each kind of line the agent sent (a notification's `update` kind, a request's method). */
type Tally = Map<string, number>;

function counter(tally: Tally): Transform {
  let rest = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        const message = JSON.parse(line) as { method?: string; params?: { update?: { sessionUpdate?: string } } };
        const kind = message.params?.update?.sessionUpdate ?? message.method ?? 'response';
        tally.set(kind, (tally.get(kind) ?? 0) + Buffer.byteLength(line) + 1);
      }
      done(null, chunk);
    },
  });
}

export async function run(): Promise<void> {
  const project = mkdtempSync(path.join(tmpdir(), 'acp-wire-'));
  const sessions = mkdtempSync(path.join(tmpdir(), 'acp-wire-sessions-'));
  writeFileSync(path.join(project, 'README.md'), '# Bench\n');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'app/cli.ts', '--acp', '--pace', '0', '--yes', '--max-requests', '3'],
    {
      cwd: ROOT,
      env: { ...process.env, AGENT_TURN_SESSIONS_DIR: sessions, OPENAI_API_KEY: undefined } as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const tally: Tally = new Map();
  let written = 0;
  const editor = client({ name: 'bench' })
    .onNotification('session/update', () => undefined)
    .onRequest('session/request_permission', ({ params }) => ({
      outcome: { outcome: 'selected', optionId: params.options[0].optionId },
    }))
    .onRequest('fs/read_text_file', () => ({ content: '# Bench\n' }))
    .onRequest('fs/write_text_file', ({ params }) => {
      written += Buffer.byteLength(params.content);
      return {};
    });
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout.pipe(counter(tally))) as ReadableStream<Uint8Array>,
  );
  const started = performance.now();
  await editor.connectWith(stream, async (ctx) => {
    await ctx.request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } },
    });
    const { sessionId } = await ctx.request('session/new', { cwd: project, mcpServers: [] });
    await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Write a large file' }] });
  });
  const ms = performance.now() - started;
  child.stdin.end();
  await new Promise((resolve) => child.on('close', resolve));
  rmSync(project, { recursive: true, force: true });
  rmSync(sessions, { recursive: true, force: true });
  const updates = [...tally].filter(([k]) => !k.includes('/') && k !== 'response').reduce((s, [, n]) => s + n, 0);
  const fsWrite = tally.get('fs/write_text_file') ?? 0;
  const all = [...tally.values()].reduce((s, n) => s + n, 0);
  console.log(`written text: ${written} bytes; the turn took ${ms.toFixed(0)} ms (pace 0)`);
  for (const [kind, bytes] of [...tally].sort((a, b) => b[1] - a[1]))
    console.log(`  ${kind.padEnd(24)} ${String(bytes).padStart(9)} bytes`);
  console.log(`session/update total: ${updates} bytes = ${(updates / written).toFixed(3)}x the written text`);
  console.log(`fs/write_text_file:   ${fsWrite} bytes = ${(fsWrite / written).toFixed(3)}x`);
  console.log(`everything the agent sent: ${all} bytes = ${(all / written).toFixed(3)}x`);
}
