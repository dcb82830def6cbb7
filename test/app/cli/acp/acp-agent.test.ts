// `agent-turn --acp` driven by the real ACP client library: prompts that read, ask permission and
// write through the editor's files, a cancel mid-stream and one while a permission is open, a
// session loaded again, and commands in the editor's terminal.
import { afterAll, describe, expect, it } from 'vitest';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SessionNotification, ToolCallUpdate } from '@agentclientprotocol/sdk';
import { startScriptedServer } from '../../../../app/serve-scripted-model.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';
import { chunkText, withEditor } from './acp-client-harness.js';

const FILES = { 'README.md': '# Greeter\n\nA tiny project that greets people.\n' };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function workspace() {
  const s = await makeSandbox(FILES);
  cleanups.push(s.cleanup);
  return s.workspace;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Every update about one tool call, merged in order (what an editor shows at the end). */
function toolCalls(updates: readonly SessionNotification[]): Map<string, ToolCallUpdate & { title?: string }> {
  const calls = new Map<string, ToolCallUpdate & { title?: string }>();
  for (const { update } of updates) {
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') continue;
    const { sessionUpdate: _kind, ...fields } = update;
    const was = calls.get(update.toolCallId) ?? { toolCallId: update.toolCallId };
    calls.set(update.toolCallId, { ...was, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) });
  }
  return calls;
}

/** The two paces: 0, and a real pace whose bytes arrive cut at random places (over HTTP). */
const PACES = [
  { name: 'pace 0', args: async () => ['--pace', '0'] },
  {
    name: 'a real pace with random chunk boundaries',
    args: async () => {
      const server = await startScriptedServer({ port: 0, pace: 2, randomChunks: true, seed: 7 });
      cleanups.push(() => server.close());
      return ['--model', 'grok-4.3', '--base-url', server.url];
    },
  },
];

describe.concurrent('agent-turn --acp with the ACP client library', () => {
  for (const pace of PACES) {
    it(`reads, asks permission and writes through the editor's files (${pace.name})`, async () => {
      const root = await workspace();
      const readme = path.join(root, 'README.md');
      // An unsaved buffer: the agent must read this, not the disk.
      const buffers = new Map([[readme, '# Greeter (unsaved)\n\nGreets people loudly.\n']]);
      const args = await pace.args();
      await withEditor(args, { buffers }, async (ctx, record) => {
        const { sessionId } = await ctx.request('session/new', { cwd: root, mcpServers: [] });
        const answer = await ctx.request('session/prompt', {
          sessionId,
          prompt: [{ type: 'text', text: 'Read README.md and write notes.md with what it says' }],
        });
        expect(answer.stopReason).toBe('end_turn');
        expect(record.reads).toContain(readme);
        // The write went to the editor, never to the disk.
        const notes = path.join(root, 'notes.md');
        expect(record.writes.map((w) => w.path)).toEqual([notes]);
        expect(record.writes[0].content).toContain('It really ends here.');
        expect(await exists(notes)).toBe(false);
        expect(await readFile(readme, 'utf8')).toBe(FILES['README.md']);
        // One permission, for the write, with the three options.
        expect(record.permissions).toHaveLength(1);
        expect(record.permissions[0].toolCall).toMatchObject({ kind: 'edit', title: 'Write notes.md' });
        expect(record.permissions[0].options.map((o) => o.kind)).toEqual(['allow_once', 'allow_always', 'reject_once']);
        const calls = [...toolCalls(record.updates.filter((n) => n.sessionId === sessionId)).values()];
        const read = calls.find((c) => c.kind === 'read');
        expect(read).toMatchObject({ title: 'Read README.md', status: 'completed', locations: [{ path: readme }] });
        // What the model read is the editor's unsaved buffer.
        expect(JSON.stringify(read?.content)).toContain('Greets people loudly.');
        const write = calls.find((c) => c.kind === 'edit');
        expect(write?.status).toBe('completed');
        expect(write?.content).toEqual([
          { type: 'diff', path: notes, oldText: null, newText: record.writes[0].content },
        ]);
        expect(calls.find((c) => c.kind === 'search')?.title).toBe('List .');
        // Prose and thinking streamed as chunks; the completion's answer among the message chunks.
        expect(chunkText(record.updates, 'agent_message_chunk')).toContain('Now I\'ll read README.md.');
        expect(chunkText(record.updates, 'agent_thought_chunk')).toContain('Reading README.md next.');
        expect(chunkText(record.updates, 'agent_message_chunk')).toContain('Wrote notes.md');
      });
    }, 60_000);
  }
});
