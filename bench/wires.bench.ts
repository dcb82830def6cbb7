// Each wire read against its official SDK on the same bytes: a ~10 MB stream of small deltas
// (reasoning, text, a tool call's arguments) served by one fetch to both. Ours:
// createChatClient({ wire }) -> normalized events; theirs: the SDK's stream of parsed events
// (`openai` chat.completions and responses with stream: true, `@anthropic-ai/sdk`
// messages.create with stream: true). Prints MB/s and the ratio (SDK time / ours: above 1 means
// ours is ahead). npm run bench -- wires
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { createChatClient } from '../src/wire/chat-client.js';
import type { ChatWire } from '../src/wire/chat-wire.js';

const TARGET_BYTES = 10 * 1024 * 1024;
const PIECE_BYTES = 16 * 1024;
const ROUNDS = 5;
const WORDS = [
  'the',
  ' parser',
  ' reads',
  ' é',
  ' chunk',
  '\n',
  ' tokens',
  ' 🙂',
  ' of',
  ' a',
  ' stream',
  ' 考え',
  ' "q"',
];

const event = (data: { type: string } & Record<string, unknown>) =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/** Fills a stream to TARGET_BYTES: 40% reasoning, 50% text, 10% tool arguments, each a word a delta. */
function fill(make: (phase: 'reasoning' | 'text' | 'args', word: string, i: number) => string): string[] {
  const parts: string[] = [];
  let size = 0;
  const perPhase: ['reasoning' | 'text' | 'args', number][] = [
    ['reasoning', 0.4],
    ['text', 0.5],
    ['args', 0.1],
  ];
  let i = 0;
  for (const [phase, share] of perPhase) {
    const until = size + TARGET_BYTES * share;
    while (size < until) {
      const word = WORDS[i % WORDS.length];
      const part = make(phase, phase === 'args' ? JSON.stringify(word).slice(1, -1) : word, i++);
      parts.push(part);
      size += part.length;
    }
  }
  return parts;
}

function chatStream(): string {
  const base = { id: 'chatcmpl-8f3a1c2b9d', object: 'chat.completion.chunk', created: 1732950000, model: 'm' };
  const line = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  let first = true;
  const body = fill((phase, word) => {
    if (phase === 'reasoning') return line({ reasoning_content: word, content: null });
    if (phase === 'text') return line({ content: word });
    const call: Record<string, unknown> = { index: 0, function: { arguments: word } };
    if (first)
      Object.assign(call, { id: 'call_1', type: 'function', function: { name: 'write', arguments: '{"c":"' } });
    first = false;
    return line({ tool_calls: [call] });
  });
  return `${body.join('')}${line({ tool_calls: [{ index: 0, function: { arguments: '"}' } }] })}${line({}, 'tool_calls')}data: [DONE]\n\n`;
}

function anthropicStream(): string {
  const head = event({
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'm',
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  });
  let block = -1;
  let phaseNow = '';
  const starts: Record<string, Record<string, unknown>> = {
    reasoning: { type: 'thinking', thinking: '', signature: '' },
    text: { type: 'text', text: '' },
    args: { type: 'tool_use', id: 'toolu_1', name: 'write', input: {} },
  };
  const body = fill((phase, word) => {
    let prefix = '';
    if (phase !== phaseNow) {
      if (block >= 0) {
        if (phaseNow === 'reasoning')
          prefix += event({
            type: 'content_block_delta',
            index: block,
            delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM' },
          });
        prefix += event({ type: 'content_block_stop', index: block });
      }
      block++;
      phaseNow = phase;
      prefix += event({ type: 'content_block_start', index: block, content_block: starts[phase] });
      if (phase === 'args')
        prefix += event({
          type: 'content_block_delta',
          index: block,
          delta: { type: 'input_json_delta', partial_json: '{"c":"' },
        });
    }
    const delta =
      phase === 'reasoning'
        ? { type: 'thinking_delta', thinking: word }
        : phase === 'text'
          ? { type: 'text_delta', text: word }
          : { type: 'input_json_delta', partial_json: word };
    return prefix + event({ type: 'content_block_delta', index: block, delta });
  });
  return (
    head +
    body.join('') +
    event({ type: 'content_block_delta', index: block, delta: { type: 'input_json_delta', partial_json: '"}' } }) +
    event({ type: 'content_block_stop', index: block }) +
    event({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 5000 },
    }) +
    event({ type: 'message_stop' })
  );
}

function responsesStream(): string {
  let seq = 0;
  const e = (type: string, data: Record<string, unknown>) => event({ type, sequence_number: seq++, ...data });
  const response = (status: string) => ({
    id: 'resp_1',
    object: 'response',
    created_at: 1,
    status,
    model: 'm',
    output: [],
  });
  let phaseNow = '';
  const items: Record<string, Record<string, unknown>> = {
    reasoning: { id: 'rs_1', type: 'reasoning', summary: [] },
    text: { id: 'msg_1', type: 'message', status: 'in_progress', content: [], role: 'assistant' },
    args: { id: 'fc_1', type: 'function_call', status: 'in_progress', arguments: '', call_id: 'call_1', name: 'write' },
  };
  let index = -1;
  const body = fill((phase, word) => {
    let prefix = '';
    if (phase !== phaseNow) {
      if (phaseNow === 'reasoning')
        prefix += e('response.output_item.done', {
          output_index: index,
          item: { id: 'rs_1', type: 'reasoning', summary: [], encrypted_content: 'gAAAAB' },
        });
      index++;
      phaseNow = phase;
      prefix += e('response.output_item.added', { output_index: index, item: items[phase] });
    }
    const type =
      phase === 'reasoning'
        ? 'response.reasoning_summary_text.delta'
        : phase === 'text'
          ? 'response.output_text.delta'
          : 'response.function_call_arguments.delta';
    const where =
      phase === 'text' ? { content_index: 0, logprobs: [] } : phase === 'reasoning' ? { summary_index: 0 } : {};
    return prefix + e(type, { item_id: items[phase].id, output_index: index, ...where, delta: word });
  });
  const usage = { input_tokens: 10, output_tokens: 5000, total_tokens: 5010 };
  return (
    e('response.created', { response: response('in_progress') }) +
    body.join('') +
    e('response.completed', { response: { ...response('completed'), usage } })
  );
}

function piecesOf(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) pieces.push(bytes.slice(at, at + PIECE_BYTES));
  return pieces;
}

/** A fetch that answers every request with `pieces` as an event stream. */
function serve(pieces: Uint8Array[]): typeof fetch {
  return (async () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < pieces.length) controller.enqueue(pieces[i++]);
        else controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
}

const REQUEST = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

async function ours(wire: ChatWire, pieces: Uint8Array[]): Promise<number> {
  const client = createChatClient({ wire, baseURL: 'http://bench/v1', fetch: serve(pieces) });
  let events = 0;
  for await (const _ of client.stream(REQUEST)) events++;
  return events;
}

async function theirs(wire: ChatWire, pieces: Uint8Array[]): Promise<number> {
  let events = 0;
  if (wire === 'anthropic-messages') {
    const sdk = new Anthropic({ apiKey: 'x', baseURL: 'http://bench', fetch: serve(pieces), maxRetries: 0 });
    const stream = await sdk.messages.create({ ...REQUEST, max_tokens: 8192, stream: true });
    for await (const _ of stream) events++;
    return events;
  }
  const sdk = new OpenAI({ apiKey: 'x', baseURL: 'http://bench/v1', fetch: serve(pieces), maxRetries: 0 });
  if (wire === 'responses') {
    const stream = await sdk.responses.create({ model: 'm', input: 'hi', stream: true });
    for await (const _ of stream) events++;
    return events;
  }
  const stream = await sdk.chat.completions.create({ ...REQUEST, stream: true });
  for await (const _ of stream) events++;
  return events;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export async function run(): Promise<void> {
  const streams: [ChatWire, string, string][] = [
    ['chat-completions', chatStream(), 'openai chat.completions stream'],
    ['anthropic-messages', anthropicStream(), '@anthropic-ai/sdk messages stream'],
    ['responses', responsesStream(), 'openai responses stream'],
  ];
  for (const [wire, text, sdkName] of streams) {
    const pieces = piecesOf(text);
    const mb = text.length / 1024 / 1024;
    await ours(wire, pieces); // warm up both
    await theirs(wire, pieces);
    const mine: number[] = [];
    const sdk: number[] = [];
    let ourEvents = 0;
    let sdkEvents = 0;
    for (let round = 0; round < ROUNDS; round++) {
      mine.push(await time(async () => (ourEvents = await ours(wire, pieces))));
      sdk.push(await time(async () => (sdkEvents = await theirs(wire, pieces))));
    }
    const a = median(mine);
    const b = median(sdk);
    const rate = (ms: number) => (mb / (ms / 1000)).toFixed(1);
    console.log(
      `${wire}: ${mb.toFixed(1)} MB — ours ${rate(a)} MB/s (${ourEvents} events), ${sdkName} ${rate(b)} MB/s (${sdkEvents} events); ratio ${(b / a).toFixed(2)}x ahead (median of ${ROUNDS})`,
    );
  }
}
