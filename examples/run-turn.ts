// One whole agent turn in memory: the scripted model (an OpenAI-compatible endpoint as a fetch
// function), a two-file workspace, and the machine. This is the README's machine quick start.
import { createChatClient, runAgentTurn, selectView, createAgentTurnActor } from '../machines/index.js';
import { createScriptedModel } from '../scripted/index.js';

const files = new Map([
  ['README.md', '# Pocket Ledger\nTrack small expenses.\n'],
  ['src/app.ts', 'export const app = 1;\n'],
]);

const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 0 }) });

const tools = {
  list_files: async () => [...files.keys()].join('\n'),
  read_file: async (use: { params: Record<string, string> }) =>
    files.get(use.params.path ?? '') ?? { content: `no such file: ${use.params.path}`, isError: true },
  write_to_file: async (use: { params: Record<string, string> }) => {
    files.set(use.params.path!, use.params.content ?? '');
    return `wrote ${use.params.path}`;
  },
};

const output = await runAgentTurn({
  client,
  model: 'scripted:grok-4.3',
  messages: [{ role: 'user', content: 'Read README.md and write notes.md with what you learn.' }],
  tools,
});
console.log(output.reason, '—', output.result);
console.log('requests:', output.requests.length, 'tokens:', output.usage.totalTokens);
console.log('notes.md:', JSON.stringify(files.get('notes.md')?.slice(0, 60)));

// The same turn as an actor a UI subscribes to (approval for writes, view model per snapshot).
const actor = createAgentTurnActor({
  client,
  model: 'scripted:qwen3.6-plus',
  messages: [{ role: 'user', content: 'Write hello.md saying hello.' }],
  tools,
  approval: ['write_to_file'],
});
actor.subscribe((snapshot) => {
  const view = selectView(snapshot);
  if (view.state.includes('awaitingApproval')) actor.send({ type: 'APPROVE' });
});
actor.start();
await new Promise<void>((resolve) => actor.subscribe({ complete: () => resolve() }));
console.log('second turn:', actor.getSnapshot().output?.reason, JSON.stringify(files.get('hello.md')?.slice(0, 40)));
