// SSE bytes -> events throughput on a 10 MB stream of small deltas, against eventsource-parser
// alone (TextDecoder + createParser + JSON.parse of each data line: the floor any reader pays),
// and the heap while reading a longer stream generated on the fly (it must not grow).
import { createParser } from 'eventsource-parser';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createBlockAssembler } from '../src/reply/block-assembler.js';
import { readChatCompletionStream } from '../src/wire/read-chat-completion-stream.js';
import type { ChatStreamEvent } from '../src/wire/types.js';

const TARGET_BYTES = 10 * 1024 * 1024;
const PIECE_BYTES = 16 * 1024;
const ROUNDS = 7;

const WORDS = [
  'the',
  'parser',
  ' ',
  'reads',
  'é',
  'chunk',
  '\n',
  'tokens',
  '🙂',
  'of',
  'a',
  'stream',
  '考え',
  'and',
  '"quoted"',
  'tags',
];

/** One realistic chunk line (qwen-style: both keys, the inactive one null). */
function chunkLine(i: number): string {
  const word = WORDS[i % WORDS.length] + (i % 3 === 0 ? ' ' : '');
  const base = {
    id: 'chatcmpl-8f3a1c2b9d',
    object: 'chat.completion.chunk',
    created: 1732950000,
    model: 'qwen3.6-plus',
    system_fingerprint: null,
  };
  let delta: Record<string, unknown>;
  const phase = i % 100;
  if (phase < 40) delta = { reasoning_content: word, content: null };
  else if (phase < 90) delta = { reasoning_content: null, content: word };
  else delta = { tool_calls: [{ index: 0, function: { arguments: JSON.stringify(word).slice(1, -1) } }] };
  return `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: null }] })}\n\n`;
}

const TAIL =
  `data: ${JSON.stringify({ id: 'x', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
  `data: ${JSON.stringify({ id: 'x', choices: [], usage: { prompt_tokens: 10, completion_tokens: 5000, total_tokens: 5010 } })}\n\n` +
  'data: [DONE]\n\n';

function buildStream(bytes: number): { pieces: Uint8Array[]; body: Uint8Array; total: number; lines: number } {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let size = 0;
  let lines = 0;
  while (size < bytes) {
    const line = chunkLine(lines++);
    parts.push(line);
    size += line.length;
  }
  const body = encoder.encode(parts.join(''));
  const all = encoder.encode(parts.join('') + TAIL);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < all.length; at += PIECE_BYTES) pieces.push(all.slice(at, at + PIECE_BYTES));
  return { pieces, body, total: all.length, lines };
}

function floor(pieces: Uint8Array[]): number {
  let events = 0;
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent(message) {
      if (message.data === '[DONE]') return;
      JSON.parse(message.data);
      events++;
    },
  });
  for (const piece of pieces) parser.feed(decoder.decode(piece, { stream: true }));
  parser.feed(decoder.decode());
  return events;
}

function streamOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(pieces[i++]);
      else controller.close();
    },
  });
}

async function* iterableOf(pieces: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const piece of pieces) yield piece;
}

async function consume(source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<number> {
  let events = 0;
  for await (const _event of readChatCompletionStream(source)) events++;
  return events;
}

/** A reply of `bytes` characters in 8-character deltas: reasoning, prose, a tag write_to_file, a native call. */
function replyEvents(bytes: number): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  const quarter = Math.floor(bytes / 4);
  const piece = 'line of ';
  const each = (n: number, make: (text: string) => ChatStreamEvent) => {
    for (let i = 0; i < n; i += piece.length) events.push(make(i % 64 === 0 ? 'text\n  ' : piece));
  };
  each(quarter, (text) => ({ type: 'reasoning', text }));
  each(quarter, (text) => ({ type: 'text', text }));
  events.push({ type: 'text', text: '\n<write_to_file>\n<path>src/big.ts</path>\n<content>\n' });
  each(quarter, (text) => ({ type: 'text', text }));
  events.push({ type: 'text', text: '\n</content>\n</write_to_file>' });
  events.push({
    type: 'tool-call',
    index: 0,
    id: 'call_1',
    name: 'write_to_file',
    argumentsDelta: '{"path":"b.ts","content":"',
  });
  each(quarter, (text) => ({ type: 'tool-call', index: 0, argumentsDelta: text.replace('\n', '\\n') }));
  events.push({ type: 'tool-call', index: 0, argumentsDelta: '"}' });
  events.push({ type: 'finish', reason: 'tool_calls' });
  return events;
}

function assemble(events: ChatStreamEvent[]): number {
  const assembler = createBlockAssembler({ idPrefix: 'bench' });
  for (const event of events) assembler.push(event);
  return assembler.end().length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(fn: () => unknown | Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export async function run(): Promise<void> {
  const { pieces, body, total, lines } = buildStream(TARGET_BYTES);
  console.log(
    `stream: ${mb(total)} MB, ${lines} chunk lines (~${Math.round(total / lines)} B each), ${pieces.length} pieces of ${PIECE_BYTES / 1024} KB`,
  );

  // Warm up both paths, then alternate rounds so neither gets a warmer machine.
  floor(pieces);
  await consume(streamOf(pieces));
  const floorTimes: number[] = [];
  const streamTimes: number[] = [];
  const iterableTimes: number[] = [];
  let floorEvents = 0;
  let readerEvents = 0;
  for (let round = 0; round < ROUNDS; round++) {
    floorTimes.push(await time(() => (floorEvents = floor(pieces))));
    streamTimes.push(await time(async () => (readerEvents = await consume(streamOf(pieces)))));
    iterableTimes.push(await time(() => consume(iterableOf(pieces))));
  }
  const rate = (ms: number) => (total / 1024 / 1024 / (ms / 1000)).toFixed(1);
  const f = median(floorTimes);
  const s = median(streamTimes);
  const it = median(iterableTimes);
  console.log(
    `eventsource-parser alone (decode + SSE + JSON.parse): ${rate(f)} MB/s, ${floorEvents} data events (median of ${ROUNDS})`,
  );
  console.log(`readChatCompletionStream, ReadableStream source:    ${rate(s)} MB/s, ${readerEvents} normalized events`);
  console.log(`readChatCompletionStream, async iterable source:    ${rate(it)} MB/s`);
  console.log(
    `ratio (reader time / floor time): ${(s / f).toFixed(2)}x ReadableStream, ${(it / f).toFixed(2)}x iterable (goal <= 1.5x)`,
  );

  await measureAssembler();
  await measureMemory(body);
}

/** The block assembler: cost per push must not grow with the reply (no re-scanning). */
async function measureAssembler(): Promise<void> {
  const assemblerRates: string[] = [];
  for (const size of [1, 4]) {
    const events = replyEvents(size * 1024 * 1024);
    assemble(events);
    const times: number[] = [];
    let blocks = 0;
    for (let round = 0; round < 3; round++) times.push(await time(() => (blocks = assemble(events))));
    const ms = median(times);
    assemblerRates.push(
      `${size} MB reply (${events.length} events, ${blocks} blocks): ${(size / (ms / 1000)).toFixed(1)} MB/s, ${((ms * 1e6) / events.length).toFixed(0)} ns/event`,
    );
  }
  console.log(`block assembler: ${assemblerRates.join('; ')}`);
}

/** Memory: a 100 MB stream made on the fly; the heap after a GC must stay flat while reading. */
async function measureMemory(body: Uint8Array): Promise<void> {
  const gc = exposeGc();
  // The chunk lines of the 10 MB body, over and over, in fresh 16 KB pieces.
  const LONG_BYTES = 100 * 1024 * 1024;
  let sent = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= LONG_BYTES && sent % body.length === 0) {
        controller.enqueue(new TextEncoder().encode(TAIL));
        controller.close();
        return;
      }
      const at = sent % body.length;
      const piece = body.slice(at, Math.min(at + PIECE_BYTES, body.length));
      controller.enqueue(piece);
      sent += piece.length;
    },
  });
  gc();
  const before = process.memoryUsage().heapUsed;
  const samples: string[] = [];
  let events = 0;
  const every = LONG_BYTES / 4;
  let nextSample = every;
  for await (const _event of readChatCompletionStream(endless)) {
    events++;
    if (sent >= nextSample) {
      nextSample += every;
      gc();
      samples.push(`${mb(process.memoryUsage().heapUsed)} MB after ${mb(sent)} MB`);
    }
  }
  gc();
  const after = process.memoryUsage().heapUsed;
  console.log(
    `heap while reading ${mb(sent)} MB (${events} events): before ${mb(before)} MB; ${samples.join('; ')}; after ${mb(after)} MB`,
  );
}
