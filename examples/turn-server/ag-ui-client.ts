// A minimal AG-UI client of `agent-turn serve`: @ag-ui/client's HttpAgent runs one turn that
// reads, stops at the write's interrupt, and goes on once the interrupt is answered. Run it from
// a checkout with
//   TURN_SERVER="node --import tsx app/cli.ts serve --pace 0" node --import tsx examples/turn-server/ag-ui-client.ts
// or, with nothing set, it runs `npx -p agent-turn-cli agent-turn serve` (then give it a model: --model, --base-url).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AgentSubscriber, HttpAgent } from '@ag-ui/client';

const project = mkdtempSync(path.join(tmpdir(), 'turn-server-project-'));
writeFileSync(path.join(project, 'README.md'), '# Greeter\n\nA tiny project that greets people.\n');

// The server on a free port of 127.0.0.1, for this project; it prints its address first.
const [command, ...args] = (process.env.TURN_SERVER ?? 'npx -p agent-turn-cli agent-turn serve').split(' ');
const server = spawn(command, [...args, '--port', '0', '--workspace', project], {
  stdio: ['ignore', 'pipe', 'ignore'],
});
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    const match = /agent-turn serve: (http:\/\/\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
  server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
});

const agent = new HttpAgent({ url: `${url}/ag-ui` });
agent.addMessage({ id: 'user-1', role: 'user', content: 'Read README.md and write notes.md with what it says' });
const show: AgentSubscriber = {
  onToolCallStartEvent: ({ event }) => console.log(`tool call: ${event.toolCallName}`),
  onRunFinishedEvent: ({ event }) => console.log(`run finished: ${event.outcome?.type ?? 'success'}`),
};

// The first run ends at the write: its RUN_FINISHED carries the approval as an interrupt.
await agent.runAgent({}, show);
const asked = agent.pendingInterrupts;
for (const interrupt of asked) console.log(`interrupt: ${interrupt.message}`);

// The next run answers it (the interrupt id carries the turn's secret); the same turn goes on.
await agent.runAgent(
  { resume: asked.map((i) => ({ interruptId: i.id, status: 'resolved' as const, payload: { approved: true } })) },
  show,
);
console.log(`notes.md: ${readFileSync(path.join(project, 'notes.md'), 'utf8').split('\n')[0]}`);

server.kill('SIGINT');
rmSync(project, { recursive: true, force: true });
