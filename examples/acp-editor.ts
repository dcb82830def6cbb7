// A minimal ACP editor driving `agent-turn --acp`: one session in a scratch project, one prompt that
// reads, asks permission and writes through the editor's files. Run it from a checkout with
//   ACP_AGENT="node --import tsx app/cli.ts --acp --pace 0" node --import tsx examples/acp-editor.ts
// or, with agent-turn-cli installed, just `node --import tsx acp-editor.ts` (it runs `npx agent-turn --acp`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { client, ndJsonStream, PROTOCOL_VERSION } from '@agentclientprotocol/sdk';

const project = mkdtempSync(path.join(tmpdir(), 'acp-project-'));
writeFileSync(path.join(project, 'README.md'), '# Greeter\n\nA tiny project that greets people.\n');

// The agent, as an editor starts it: a command line, talking JSON-RPC on its stdin and stdout.
const [command, ...args] = (process.env.ACP_AGENT ?? 'npx agent-turn --acp').split(' ');
const agent = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

// The editor's open buffers: what the agent writes lands here, not on disk, until "saved".
const buffers = new Map<string, string>();

const editor = client({ name: 'example-editor' })
  .onNotification('session/update', ({ params }) => {
    const update = params.update;
    if (update.sessionUpdate === 'tool_call') console.log(`tool_call ${update.kind}: ${update.title}`);
    else if (update.sessionUpdate === 'tool_call_update' && update.status)
      console.log(`tool_call_update: ${update.status}`);
  })
  .onRequest('session/request_permission', ({ params }) => {
    console.log(`permission asked: ${params.toolCall.title} (${params.options.map((o) => o.kind).join(', ')})`);
    const allowOnce = params.options.find((o) => o.kind === 'allow_once');
    return { outcome: { outcome: 'selected', optionId: allowOnce?.optionId ?? params.options[0].optionId } };
  })
  .onRequest('fs/read_text_file', ({ params }) => ({
    content: buffers.get(params.path) ?? readFileSync(params.path, 'utf8'),
  }))
  .onRequest('fs/write_text_file', ({ params }) => {
    buffers.set(params.path, params.content);
    return {};
  });

const stream = ndJsonStream(
  Writable.toWeb(agent.stdin) as WritableStream<Uint8Array>,
  Readable.toWeb(agent.stdout) as ReadableStream<Uint8Array>,
);
await editor.connectWith(stream, async (ctx) => {
  const init = await ctx.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: false },
  });
  console.log(`agent: ${init.agentInfo?.name}, loadSession: ${init.agentCapabilities?.loadSession}`);
  const { sessionId } = await ctx.request('session/new', { cwd: project, mcpServers: [] });
  const { stopReason } = await ctx.request('session/prompt', {
    sessionId,
    prompt: [{ type: 'text', text: 'Read README.md and write notes.md' }],
  });
  console.log(`stopReason: ${stopReason}`);
});
agent.stdin.end();

const notes = buffers.get(path.join(project, 'notes.md'));
console.log(`notes.md in the editor's buffer: ${notes?.split('\n')[0]}`);
rmSync(project, { recursive: true, force: true });
