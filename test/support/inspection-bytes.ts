// What a turn sends an inspector, in bytes: Stately's inspector (`@statelyai/inspect`'s
// createInspector) on an adapter that JSON-serialises each event it would send, as its WebSocket
// and browser adapters do. Two turns: four requests (three tools, then the completion), and one
// that writes a 1 MB file in 16-character chunks. Shared by bench/inspection.bench.ts and
// test/machines/inspection-size.test.ts.
import { createInspector } from '@statelyai/inspect';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../machines/index.js';
import type { ChatClient, ChatStreamEvent } from '../../src/wire/types.js';

/** The bytes an inspector received over one turn, by event type, with the text the model streamed. */
export interface InspectionBytes {
  total: number;
  events: number;
  byType: Record<string, { count: number; bytes: number }>;
  /** Characters of text and reasoning the model streamed over the turn. */
  streamed: number;
}

function chunked(text: string, size: number): ChatStreamEvent[] {
  const out: ChatStreamEvent[] = [];
  for (let i = 0; i < text.length; i += size) out.push({ type: 'text', text: text.slice(i, i + size) });
  return out;
}

/** Plays the replies one per request, each chunk after a task of its own: every chunk is an event of the machine's. */
function chunkPerTaskClient(replies: readonly string[], size: number): ChatClient {
  let n = 0;
  return {
    async *stream() {
      const text = replies[n++] ?? '<attempt_completion><result>-</result></attempt_completion>';
      for (const event of chunked(text, size)) {
        await new Promise((resolve) => setImmediate(resolve));
        yield event;
      }
      yield { type: 'finish', reason: 'stop' };
    },
    async complete() {
      throw new Error('not used');
    },
  };
}

const FOUR_REQUESTS = [
  'I will look at the notes first. <read_file><path>notes.md</path></read_file>',
  'Now the list of files. <list_files><path>.</path></list_files>',
  `Writing the summary. <write_to_file><path>summary.md</path><content>\n${'A line of the summary.\n'.repeat(40)}</content></write_to_file>`,
  '<attempt_completion><result>The summary is in summary.md.</result></attempt_completion>',
];

/** A 1 MB file written in one reply, then the completion. */
function bigWrite(bytes: number): string[] {
  const line = 'const value = compute(input, options); // a line of generated code\n';
  const body = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
  return [
    `I'll write the file now.\n\n<write_to_file>\n<path>big.ts</path>\n<content>\n${body}</content>\n</write_to_file>`,
    '<attempt_completion><result>Written.</result></attempt_completion>',
  ];
}

/** Runs a turn of these replies (cut in `chunk`-character pieces) under Stately's inspector and counts what it sent. */
export async function inspectTurn(replies: readonly string[], chunk = 16): Promise<InspectionBytes> {
  const out: InspectionBytes = { total: 0, events: 0, byType: {}, streamed: 0 };
  const inspector = createInspector({
    send(event: { type: string }) {
      const bytes = Buffer.byteLength(JSON.stringify(event) ?? '');
      out.total += bytes;
      out.events += 1;
      const entry = (out.byType[event.type] ??= { count: 0, bytes: 0 });
      entry.count += 1;
      entry.bytes += bytes;
    },
    start() {},
    stop() {},
  });
  for (const r of replies) out.streamed += r.length;
  const actor = createAgentTurnActor({
    client: chunkPerTaskClient(replies, chunk),
    model: 'm1',
    messages: [{ role: 'user', content: 'Summarise the notes.' }],
    tools: {
      read_file: async () => 'The notes.\n'.repeat(20),
      list_files: async () => 'notes.md\nsrc/\n',
      write_to_file: async () => 'written',
    },
    actorOptions: { inspect: inspector.inspect },
  });
  actor.start();
  await toPromise(actor);
  // Stately's inspector converts events in idle callbacks (a timer in Node): let them all run.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return out;
}

/** The four-request turn. */
export const inspectFourRequestTurn = (chunk = 16) => inspectTurn(FOUR_REQUESTS, chunk);
/** The turn that writes a file of `bytes` (1 MB by default). */
export const inspectBigWriteTurn = (bytes = 1 << 20, chunk = 16) => inspectTurn(bigWrite(bytes), chunk);
