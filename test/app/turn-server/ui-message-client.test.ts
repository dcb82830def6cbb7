// `agent-turn serve`'s POST /api/chat read by the AI SDK's own client code: ai@6's
// DefaultChatTransport (what useChat sends and receives with) and readUIMessageStream (how it
// builds the message): a turn that reads, asks approval, and — answered as addToolApprovalResponse
// leaves the message — writes; a stream aborted while the approved command runs (the turn is
// cancelled). At pace 0 and at a real pace with random chunk boundaries.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { exists, PACES, SLOW_COMMAND_TASK, startTestTurnServer } from './turn-server-harness.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function serverAt(pace: (typeof PACES)[number]) {
  const served = await startTestTurnServer(await pace.args(cleanups));
  cleanups.push(served.close);
  return served;
}

const userMessage = (text: string): UIMessage => ({ id: 'user-1', role: 'user', parts: [{ type: 'text', text }] });

/** Sends the chat as useChat does and reads the reply into one message (continuing `message`, if given). */
async function send(url: string, messages: UIMessage[], message?: UIMessage, signal?: AbortSignal) {
  const transport = new DefaultChatTransport<UIMessage>({ api: `${url}/api/chat` });
  const stream = await transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'chat-1',
    messageId: undefined,
    messages,
    abortSignal: signal,
  });
  let last = message;
  for await (const snapshot of readUIMessageStream<UIMessage>({ stream, ...(message ? { message } : {}) }))
    last = snapshot;
  return last as UIMessage;
}

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;
const toolParts = (message: UIMessage) => message.parts.filter((p): p is ToolPart => 'toolCallId' in p);
const textOf = (message: UIMessage) => message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');

/** The message as addToolApprovalResponse leaves it: the waiting tool part answered. */
function approved(message: UIMessage, yes: boolean): UIMessage {
  return {
    ...message,
    parts: message.parts.map((p) =>
      'toolCallId' in p && p.state === 'approval-requested'
        ? ({ ...p, state: 'approval-responded', approval: { id: p.approval.id, approved: yes } } as unknown as typeof p)
        : p,
    ),
  };
}

describe.concurrent('agent-turn serve with the AI SDK UI message stream client', () => {
  for (const pace of PACES) {
    it(`reads, asks approval, and writes once it is approved (${pace.name})`, async () => {
      const served = await serverAt(pace);
      const user = userMessage('Read README.md and write notes.md with what it says');
      const asked = await send(served.server.url, [user]);
      expect(asked.role).toBe('assistant');
      const tools = toolParts(asked);
      expect(tools.map((p) => p.type)).toEqual(['tool-list_files', 'tool-read_file', 'tool-write_to_file']);
      expect(tools[1]).toMatchObject({ state: 'output-available', input: { path: 'README.md' } });
      expect(String((tools[1] as { output?: unknown }).output)).toContain('A tiny project that greets people.');
      expect(tools[2]).toMatchObject({ state: 'approval-requested', input: { path: 'notes.md' } });
      expect(asked.parts.some((p) => p.type === 'reasoning' && p.text.includes('Reading README.md next.'))).toBe(true);
      expect(await exists(path.join(served.root, 'notes.md'))).toBe(false);

      const answer = approved(asked, true);
      const done = await send(served.server.url, [user, answer], answer);
      // The same assistant message, continued: the write's output, then the answer.
      expect(done.id).toBe(asked.id);
      const write = toolParts(done).find((p) => p.type === 'tool-write_to_file');
      expect(write).toMatchObject({ state: 'output-available' });
      expect(textOf(done)).toContain("Now I'll read README.md.");
      expect(textOf(done)).toContain('notes.md');
      expect(await readFile(path.join(served.root, 'notes.md'), 'utf8')).toContain('It really ends here.');
      expect(await served.ended()).toMatchObject({ protocol: 'chat', reason: 'completed' });
    }, 60_000);
  }

  for (const pace of PACES) {
    it(`a rejected write is denied, and the turn goes on without it (${pace.name})`, async () => {
      const served = await serverAt(pace);
      const user = userMessage('Write notes.md');
      const asked = await send(served.server.url, [user]);
      const answer = approved(asked, false);
      const done = await send(served.server.url, [user, answer], answer);
      expect(toolParts(done).find((p) => p.type === 'tool-write_to_file')).toMatchObject({ state: 'output-denied' });
      expect(await exists(path.join(served.root, 'notes.md'))).toBe(false);
      expect((await served.ended()).reason).toBe('completed');
    }, 60_000);
  }

  for (const pace of PACES) {
    it(`aborting the stream cancels the turn: the approved command is killed (${pace.name})`, async () => {
      const served = await serverAt(pace);
      const user = userMessage(SLOW_COMMAND_TASK);
      const asked = await send(served.server.url, [user]);
      expect(toolParts(asked).at(-1)).toMatchObject({ type: 'tool-execute_command', state: 'approval-requested' });
      const answer = approved(asked, true);
      const transport = new DefaultChatTransport<UIMessage>({ api: `${served.server.url}/api/chat` });
      const controller = new AbortController();
      const stream = await transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'chat-1',
        messageId: undefined,
        messages: [user, answer],
        abortSignal: controller.signal,
      });
      // The stream has begun (the command runs): the person presses stop.
      const reader = stream.getReader();
      expect((await reader.read()).value).toMatchObject({ type: 'start', messageId: asked.id });
      controller.abort();
      await reader.read().catch(() => undefined);
      expect(await served.ended()).toMatchObject({ protocol: 'chat', reason: 'aborted' });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await exists(path.join(served.root, 'done.txt'))).toBe(false);
    }, 60_000);
  }
});
