// A shaped reply as Anthropic Messages wire data: the SSE events of its "Streaming Messages" page
// (message_start; content_block_start / _delta / _stop with thinking_delta + signature_delta,
// text_delta, input_json_delta; message_delta with the stop reason and usage; message_stop),
// faults as Anthropic shows them (an `error` event, a cut, max_tokens), or one JSON message.
import type { ShapedReply } from './scripted-shape.js';
import {
  isToken,
  planBody,
  sentPieces,
  TokenTally,
  usageOf,
  type Frame,
  type Piece,
  type WireContext,
} from './scripted-wire.js';
import { anthropicThinkingSignature, redactedThinkingData, type WireHistoryLedger } from './scripted-wire-rules.js';

type Json = Record<string, unknown>;

const STOP_REASONS: Record<string, string> = { stop: 'end_turn', tool_calls: 'tool_use', length: 'max_tokens' };

/** A scripted call id as Anthropic spells tool_use ids (`toolu_…`); other ids stay. */
export function toolUseId(id: string): string {
  return id.startsWith('call_') ? `toolu_${id.slice('call_'.length)}` : id;
}

function sse(value: Json): string {
  return `event: ${String(value.type)}\ndata: ${JSON.stringify(value)}\n\n`;
}

/** The message the frames make, whole (the non-streamed body, and what was sent). */
export interface AnthropicMessage {
  content: Json[];
  stopReason: string | null;
  outputTokens: number;
}

/** Opens and closes content blocks as the pieces change kind, and keeps the message they make. */
class BlockWriter {
  private open: 'thinking' | 'text' | 'tool' | undefined;
  constructor(
    private readonly message: AnthropicMessage,
    private readonly ledger: WireHistoryLedger,
  ) {}

  private get index(): number {
    return this.message.content.length - 1;
  }

  private get block(): Json {
    return this.message.content[this.index];
  }

  get thought(): boolean {
    const first = this.message.content[0]?.type;
    return first === 'thinking' || first === 'redacted_thinking';
  }

  /** The frames that close the open block (a thinking block gets its signature first). */
  close(): string {
    if (this.open === undefined) return '';
    let text = '';
    if (this.open === 'thinking') {
      const signature = anthropicThinkingSignature(String(this.block.thinking));
      this.block.signature = signature;
      text += sse({ type: 'content_block_delta', index: this.index, delta: { type: 'signature_delta', signature } });
    }
    this.open = undefined;
    return text + sse({ type: 'content_block_stop', index: this.index });
  }

  private start(kind: 'thinking' | 'text' | 'tool', block: Json, shown: Json): string {
    const text = this.close();
    this.message.content.push(block);
    this.open = kind;
    return text + sse({ type: 'content_block_start', index: this.index, content_block: shown });
  }

  /** A whole redacted_thinking block. */
  redacted(data: string): string {
    const text = this.start('thinking', { type: 'redacted_thinking', data }, { type: 'redacted_thinking', data });
    this.open = undefined;
    return text + sse({ type: 'content_block_stop', index: this.index });
  }

  piece(p: Piece): string {
    const delta = (d: Json) => sse({ type: 'content_block_delta', index: this.index, delta: d });
    switch (p.kind) {
      case 'reasoning': {
        const head =
          this.open === 'thinking'
            ? ''
            : this.start(
                'thinking',
                { type: 'thinking', thinking: '', signature: '' },
                { type: 'thinking', thinking: '', signature: '' },
              );
        this.block.thinking = String(this.block.thinking) + p.text;
        return head + delta({ type: 'thinking_delta', thinking: p.text });
      }
      case 'content': {
        const head =
          this.open === 'text' ? '' : this.start('text', { type: 'text', text: '' }, { type: 'text', text: '' });
        this.block.text = String(this.block.text) + p.text;
        return head + delta({ type: 'text_delta', text: p.text });
      }
      case 'tool-start':
        if (this.thought) this.ledger.thinkingBefore([p.id]);
        return this.start(
          'tool',
          { type: 'tool_use', id: p.id, name: p.name, input: '' },
          { type: 'tool_use', id: p.id, name: p.name, input: {} },
        );
      case 'arguments':
        this.block.input = String(this.block.input) + p.text;
        return delta({ type: 'input_json_delta', partial_json: p.text });
    }
  }
}

/** The first wait of a body and the waits after: as on Chat Completions (first token, then per token). */
function waitFor(p: Piece, first: boolean, ctx: WireContext): number {
  if (first) return ctx.firstTokenMs + (ctx.fault === 'slow-first-token' ? ctx.slowFirstTokenMs : 0);
  return isToken(p) ? ctx.tokenMs : 0;
}

/**
 * The SSE body as frames, made as they are read; `message` fills with what they send. Tool uses
 * after a thinking block are noted in `ledger` (their turn must bring the thinking back).
 */
export function* anthropicFrames(
  reply: ShapedReply,
  ctx: WireContext,
  ledger: WireHistoryLedger,
  message: AnthropicMessage = { content: [], stopReason: null, outputTokens: 0 },
): Generator<Frame, void, undefined> {
  const plan = planBody(reply, ctx);
  const writer = new BlockWriter(message, ledger);
  const usage = { input_tokens: ctx.promptTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  if (ctx.fault === 'slow-first-token') yield { text: sse({ type: 'ping' }), delayMs: 0 };
  yield {
    text: sse({
      type: 'message_start',
      message: {
        id: ctx.id,
        type: 'message',
        role: 'assistant',
        model: ctx.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    }),
    delayMs: 0,
  };
  const tally = new TokenTally();
  // Hidden thinking (a tokens-only profile) comes as one redacted_thinking block.
  let first = true;
  if (reply.reasoning === '' && reply.hiddenReasoningTokens > 0 && plan.limit !== 0) {
    yield { text: writer.redacted(redactedThinkingData(`${ctx.id}|${ctx.promptTokens}`)), delayMs: ctx.firstTokenMs };
    first = false;
  }
  for (const p of sentPieces(reply, plan)) {
    tally.add(p);
    yield { text: writer.piece(p), delayMs: waitFor(p, first, ctx) };
    first = false;
  }
  message.outputTokens = usageOf(tally, reply, ctx).completion_tokens;
  switch (plan.ending) {
    case 'cut':
      return;
    case 'error':
      yield {
        text: sse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
        delayMs: ctx.tokenMs,
      };
      return;
    case 'malformed':
      yield {
        text: 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"lost\n\n',
        delayMs: ctx.tokenMs,
      };
      return;
    case 'normal': {
      message.stopReason = STOP_REASONS[plan.finishReason ?? 'stop'] ?? 'end_turn';
      const end = writer.close();
      if (end !== '') yield { text: end, delayMs: 0 };
      const delta = { stop_reason: message.stopReason, stop_sequence: null };
      yield {
        text: sse({
          type: 'message_delta',
          delta,
          ...(ctx.includeUsage ? { usage: { output_tokens: message.outputTokens } } : {}),
        }),
        delayMs: ctx.tokenMs + ctx.usageDelayMs,
      };
      yield { text: sse({ type: 'message_stop' }), delayMs: 0 };
    }
  }
}

/** The tool_use blocks' inputs as objects (they streamed as JSON text). */
function finished(block: Json): Json {
  if (block.type !== 'tool_use') return block;
  let input: unknown = {};
  try {
    input = JSON.parse(String(block.input || '{}'));
  } catch {
    input = {};
  }
  return { ...block, input };
}

/** The non-streamed body: the message the frames would have made. */
export function anthropicMessageBody(reply: ShapedReply, ctx: WireContext, ledger: WireHistoryLedger): Json {
  const message: AnthropicMessage = { content: [], stopReason: null, outputTokens: 0 };
  for (const frame of anthropicFrames(reply, { ...ctx, fault: undefined }, ledger, message)) void frame;
  return {
    id: ctx.id,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content: message.content.map(finished),
    stop_reason: message.stopReason,
    stop_sequence: null,
    usage: {
      input_tokens: ctx.promptTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: message.outputTokens,
    },
  };
}
