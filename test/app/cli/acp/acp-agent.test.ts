// `agent-turn --acp` driven by the real ACP client library: prompts that read, ask permission and
// write through the editor's files, a cancel mid-stream and one while a permission is open, a
// session loaded again, and commands in the editor's terminal.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionNotification, ToolCallUpdate } from '@agentclientprotocol/sdk';
import { startScriptedServer } from '../../../../app/serve/serve-scripted-model.js';
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
    calls.set(update.toolCallId, {
      ...was,
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    });
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
        expect(chunkText(record.updates, 'agent_message_chunk')).toContain("Now I'll read README.md.");
        expect(chunkText(record.updates, 'agent_thought_chunk')).toContain('Reading README.md next.');
        expect(chunkText(record.updates, 'agent_message_chunk')).toContain('Wrote notes.md');
      });
    }, 60_000);
  }

  for (const pace of PACES) {
    it(`answers an open permission request as cancelled on session/cancel; nothing is written (${pace.name})`, async () => {
      const root = await workspace();
      const args = await pace.args();
      let sessionId = '';
      await withEditor(
        args,
        {
          // The person cancels the prompt while the question is open; the editor answers it `cancelled`.
          onPermission: async (_request, agent) => {
            await agent.notify('session/cancel', { sessionId });
            return { outcome: { outcome: 'cancelled' } };
          },
        },
        async (ctx, record) => {
          sessionId = (await ctx.request('session/new', { cwd: root, mcpServers: [] })).sessionId;
          const answer = await ctx.request('session/prompt', {
            sessionId,
            prompt: [{ type: 'text', text: 'Write notes.md' }],
          });
          expect(answer.stopReason).toBe('cancelled');
          expect(record.permissions).toHaveLength(1);
          expect(record.writes).toEqual([]);
          expect(await exists(path.join(root, 'notes.md'))).toBe(false);
          const write = [...toolCalls(record.updates).values()].find((c) => c.kind === 'edit');
          expect(write?.status).toBe('failed');
          // The session goes on: the next prompt is a turn of its own.
          const again = await ctx.request('session/prompt', {
            sessionId,
            prompt: [{ type: 'text', text: 'Summarize this project' }],
          });
          expect(again.stopReason).toBe('end_turn');
        },
      );
    }, 60_000);
  }

  for (const pace of [
    { name: 'a real pace', args: async () => ['--pace', '25'] },
    { name: 'a real pace with random chunk boundaries', args: PACES[1].args },
  ]) {
    it(`stops a prompt cancelled mid-stream with stopReason cancelled (${pace.name})`, async () => {
      const root = await workspace();
      const args = await pace.args();
      let cancelled = false;
      let sessionId = '';
      await withEditor(
        args,
        {
          onUpdate: (notification, agent) => {
            if (cancelled || notification.update.sessionUpdate !== 'agent_thought_chunk') return;
            cancelled = true;
            void agent.notify('session/cancel', { sessionId });
          },
        },
        async (ctx, record) => {
          sessionId = (await ctx.request('session/new', { cwd: root, mcpServers: [] })).sessionId;
          const answer = await ctx.request('session/prompt', {
            sessionId,
            prompt: [{ type: 'text', text: 'Read README.md and write notes.md' }],
          });
          expect(cancelled).toBe(true);
          expect(answer.stopReason).toBe('cancelled');
          // It stopped in the first reply: no tool ran, nothing was asked or written.
          expect(record.permissions).toEqual([]);
          expect(record.reads).toEqual([]);
          expect(record.writes).toEqual([]);
          expect([...toolCalls(record.updates).values()].every((c) => c.status !== 'completed')).toBe(true);
        },
      );
    }, 60_000);
  }

  for (const pace of PACES) {
    it(`loads a session again: session/load replays its history and the next prompt continues it (${pace.name})`, async () => {
      const root = await workspace();
      const sessions = await mkdtemp(path.join(tmpdir(), 'acp-sessions-'));
      cleanups.push(() => import('node:fs/promises').then((fs) => fs.rm(sessions, { recursive: true, force: true })));
      const args = await pace.args();
      const first = await withEditor(args, { sessions }, async (ctx) => {
        const { sessionId } = await ctx.request('session/new', { cwd: root, mcpServers: [] });
        await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Read README.md' }] });
        return sessionId;
      });
      const file = path.join(sessions, `${first}.json`);
      const before = JSON.parse(await readFile(file, 'utf8'));
      expect(before.conversation.turns.map((t: { task: string }) => t.task)).toEqual(['Read README.md']);
      const result = before.conversation.turns[0].result as string;
      await withEditor(args, { sessions }, async (ctx, record) => {
        const loaded = await ctx.request('session/load', { sessionId: first, cwd: root, mcpServers: [] });
        expect(loaded).toEqual({});
        // The history came before the answer to session/load.
        expect(record.updates.map((n) => [n.sessionId, n.update.sessionUpdate])).toEqual([
          [first, 'user_message_chunk'],
          [first, 'agent_message_chunk'],
        ]);
        expect(chunkText(record.updates, 'user_message_chunk')).toBe('Read README.md');
        expect(chunkText(record.updates, 'agent_message_chunk')).toBe(result);
        const answer = await ctx.request('session/prompt', {
          sessionId: first,
          prompt: [{ type: 'text', text: 'Write notes.md' }],
        });
        expect(answer.stopReason).toBe('end_turn');
        expect(record.writes.map((w) => w.path)).toEqual([path.join(root, 'notes.md')]);
      });
      const after = JSON.parse(await readFile(file, 'utf8'));
      expect(after.conversation.turns.map((t: { task: string }) => t.task)).toEqual([
        'Read README.md',
        'Write notes.md',
      ]);
      // The second turn was sent the first one's history.
      expect(JSON.stringify(after.conversation.history)).toContain('Read README.md');
      // An id that is not a session's is refused, never read as a path.
      await withEditor(args, { sessions }, async (ctx) => {
        await expect(
          ctx.request('session/load', { sessionId: '../../etc/passwd', cwd: root, mcpServers: [] }),
        ).rejects.toThrow(/not a session id/);
        await expect(ctx.request('session/load', { sessionId: 'nope', cwd: root, mcpServers: [] })).rejects.toThrow();
      });
    }, 90_000);
  }

  it("runs a command in the editor's terminal, asked every time (it runs outside the sandbox)", async () => {
    const root = await workspace();
    await withEditor(['--pace', '0', '--yes'], { terminal: true }, async (ctx, record) => {
      const { sessionId } = await ctx.request('session/new', { cwd: root, mcpServers: [] });
      const answer = await ctx.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'Run `echo hello from the terminal > out.txt` please' }],
      });
      expect(answer.stopReason).toBe('end_turn');
      expect(record.terminals).toEqual([
        { command: '/bin/sh', args: ['-c', 'echo hello from the terminal > out.txt'], cwd: root },
      ]);
      // --yes does not cover a command the sandbox does not hold: it was asked, with no "always".
      expect(record.permissions.map((p) => p.toolCall.kind)).toEqual(['execute']);
      expect(record.permissions[0].options.map((o) => o.kind)).toEqual(['allow_once', 'reject_once']);
      expect(await readFile(path.join(root, 'out.txt'), 'utf8')).toBe('hello from the terminal\n');
      const run = [...toolCalls(record.updates).values()].find((c) => c.kind === 'execute');
      expect(run).toMatchObject({ status: 'completed', content: [{ type: 'terminal', terminalId: 'term-1' }] });
    });
  }, 60_000);

  it('starts no MCP server an editor passes, and says so', async () => {
    const root = await workspace();
    const marker = path.join(root, 'started.txt');
    await withEditor(['--pace', '0'], {}, async (ctx, record) => {
      const { sessionId } = await ctx.request('session/new', {
        cwd: root,
        mcpServers: [{ name: 'evil', command: '/bin/sh', args: ['-c', `touch ${marker}`], env: [] }],
      });
      await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Summarize this project' }] });
      expect(record.updates.find((n) => n.update.sessionUpdate === 'notice')?.update).toMatchObject({
        severity: 'warning',
        title: 'MCP servers not started',
      });
      expect(record.stderr()).toMatch(/1 MCP server\(s\) from the editor not started/);
      expect(await exists(marker)).toBe(false);
    });
  }, 60_000);

  it('refuses a session in a folder that does not exist, saying which', async () => {
    await withEditor(['--pace', '0'], {}, async (ctx) => {
      await expect(ctx.request('session/new', { cwd: '/no/such/folder', mcpServers: [] })).rejects.toThrow(
        /cwd must be the absolute path of an existing folder/,
      );
    });
  }, 30_000);

  it("keeps the user's permission rules: a deny rule refuses unasked, allow always holds for the session", async () => {
    const root = await workspace();
    const config = await mkdtemp(path.join(tmpdir(), 'acp-config-'));
    cleanups.push(() => import('node:fs/promises').then((fs) => fs.rm(config, { recursive: true, force: true })));
    await import('node:fs/promises').then(async (fs) => {
      await fs.mkdir(path.join(config, 'agent-turn'));
      await fs.writeFile(
        path.join(config, 'agent-turn', 'settings.json'),
        JSON.stringify({ permissions: { deny: ['write_to_file(secret.md)'] } }),
      );
    });
    await withEditor(
      ['--pace', '0'],
      {
        env: { XDG_CONFIG_HOME: config },
        onPermission: (request) => ({
          outcome: { outcome: 'selected', optionId: request.options.find((o) => o.kind === 'allow_always')!.optionId },
        }),
      },
      async (ctx, record) => {
        const { sessionId } = await ctx.request('session/new', { cwd: root, mcpServers: [] });
        const prompt = (text: string) => ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
        await prompt('Write notes.md');
        expect(record.permissions).toHaveLength(1);
        expect(record.writes.map((w) => path.basename(w.path))).toEqual(['notes.md']);
        // "Allow always" added write_to_file(notes.md) for the session: not asked again.
        await prompt('Write notes.md again');
        expect(record.permissions).toHaveLength(1);
        expect(record.writes.map((w) => path.basename(w.path))).toEqual(['notes.md', 'notes.md']);
        // The deny rule refuses without asking; nothing reaches the editor.
        const before = record.updates.length;
        await prompt('Write secret.md');
        expect(record.permissions).toHaveLength(1);
        expect(record.writes.map((w) => path.basename(w.path))).toEqual(['notes.md', 'notes.md']);
        const denied = [...toolCalls(record.updates.slice(before)).values()].find((c) => c.kind === 'edit');
        expect(denied?.status).toBe('failed');
        expect(JSON.stringify(denied?.content)).toContain('write_to_file(secret.md)');
      },
    );
  }, 60_000);
});
