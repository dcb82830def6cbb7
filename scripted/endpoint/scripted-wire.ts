// A shaped reply as OpenAI chat-completion wire data: SSE frames (with each profile's key
// conventions, usage, [DONE] and faults) or one non-streamed JSON body.
import type { ModelProfile } from '../../src/profiles/profiles.js';
import type { ShapedReply } from './scripted-shape.js';
import { tokensOf } from './scripted-tokens.js';
import { openRouterReasoningDetail, toolCallOpaque } from './scripted-opaque.js';

/** Faults that change the body of a 200 response. */
export type BodyFault =
  | 'error-mid-stream'
  | 'malformed-chunk'
  | 'cut-in-tool-call'
  | 'length-in-write'
  | 'slow-first-token';

export interface WireContext {
  id: string;
  model: string;
  created: number;
  profile: ModelProfile;
  includeUsage: boolean;
  promptTokens: number;
  /** max_tokens / max_completion_tokens: the reply stops with finish_reason 'length' after this many tokens. */
  maxTokens?: number;
  firstTokenMs: number;
  tokenMs: number;
  /** The wait before the usage chunk, after the finish chunk. */
  usageDelayMs: number;
  slowFirstTokenMs: number;
  fault?: BodyFault;
}

/** One piece of the SSE body and the wait before it is sent. */
export interface Frame {
  text: string;
  delayMs: number;
}

/** One token-sized piece of a reply, or the start of a tool call. */
export type Piece =
  | { kind: 'reasoning'; text: string; first: boolean }
  | { kind: 'content'; text: string; end: number }
  | { kind: 'tool-start'; index: number; id: string; name: string }
  | { kind: 'arguments'; index: number; text: string; end: number };

/** What of a reply a body sends, and how it ends. */
export interface Plan {
  /** How many pieces are sent (the rest are cut off by a fault or max_tokens); all when undefined. */
  limit?: number;
  finishReason: string | null;
  /** What ends the body after the pieces: a finish chunk (+usage, [DONE]), an error chunk, a bad line, or nothing. */
  ending: 'normal' | 'error' | 'malformed' | 'cut';
}

/** The reply's pieces in order, made as they are read (a 1 MB reply is some 290,000 of them). */
function* pieces(reply: ShapedReply): Generator<Piece, void, undefined> {
  let first = true;
  for (const text of tokensOf(reply.reasoning)) {
    yield { kind: 'reasoning', text, first };
    first = false;
  }
  let offset = 0;
  for (const text of tokensOf(reply.content)) yield { kind: 'content', text, end: (offset += text.length) };
  for (let index = 0; index < reply.toolCalls.length; index++) {
    const call = reply.toolCalls[index];
    yield { kind: 'tool-start', index, id: call.id, name: call.function.name };
    let end = 0;
    for (const text of tokensOf(call.function.arguments))
      yield { kind: 'arguments', index, text, end: (end += text.length) };
  }
}

/** The pieces a plan sends. */
export function* sentPieces(reply: ShapedReply, plan: Plan): Generator<Piece, void, undefined> {
  if (plan.limit === 0) return;
  let sent = 0;
  for (const piece of pieces(reply)) {
    yield piece;
    if (++sent === plan.limit) return;
  }
}

/** Index of the first piece past `offset` in the text the reply's fault offsets point into. */
function cutIndex(reply: ShapedReply, offset: number): number {
  const kind = reply.faultText === 'arguments' ? 'arguments' : 'content';
  let i = 0;
  for (const p of pieces(reply)) {
    if (p.kind === kind && (p.kind !== 'arguments' || p.index === 0) && p.end > offset) return i;
    i++;
  }
  return i;
}

function pieceCount(reply: ShapedReply): number {
  let count = 0;
  for (const _ of pieces(reply)) count++;
  return count;
}

/** Whether a piece counts as a token (a tool call's start does not). */
export function isToken(p: Piece): boolean {
  return p.kind !== 'tool-start';
}

/** The pieces actually sent and how the body ends, after faults and max_tokens. */
export function planBody(reply: ShapedReply, ctx: WireContext): Plan {
  const fault = ctx.fault;
  if (fault === 'cut-in-tool-call' && reply.toolStart !== undefined) {
    const total = reply.faultText === 'arguments' ? reply.toolCalls[0].function.arguments.length : reply.content.length;
    return {
      limit: cutIndex(reply, reply.toolStart + Math.floor((total - reply.toolStart) / 2)),
      finishReason: null,
      ending: 'cut',
    };
  }
  if (fault === 'length-in-write' && reply.writeContent) {
    const middle = reply.writeContent.start + Math.floor((reply.writeContent.end - reply.writeContent.start) / 2);
    return { limit: cutIndex(reply, middle), finishReason: 'length', ending: 'normal' };
  }
  if (fault === 'error-mid-stream' || fault === 'malformed-chunk') {
    return {
      limit: Math.max(1, Math.floor(pieceCount(reply) / 2)),
      finishReason: null,
      ending: fault === 'error-mid-stream' ? 'error' : 'malformed',
    };
  }
  if (ctx.maxTokens !== undefined) {
    let tokens = 0;
    let i = 0;
    for (const piece of pieces(reply)) {
      if (isToken(piece) && ++tokens > ctx.maxTokens) return { limit: i, finishReason: 'length', ending: 'normal' };
      i++;
    }
  }
  return { finishReason: reply.finishReason, ending: 'normal' };
}

/** Counts the tokens of the pieces sent, for the usage. */
export class TokenTally {
  visibleReasoning = 0;
  other = 0;
  pieces = 0;
  add(p: Piece): void {
    this.pieces++;
    if (p.kind === 'reasoning') this.visibleReasoning++;
    else if (isToken(p)) this.other++;
  }
}

/** The usage of the pieces sent, in Chat Completions' names. */
export function usageOf(tally: TokenTally, reply: ShapedReply, ctx: WireContext) {
  const { visibleReasoning, other } = tally;
  const reasoningTokens = visibleReasoning + reply.hiddenReasoningTokens;
  const completion = reasoningTokens + other;
  return {
    prompt_tokens: ctx.promptTokens,
    completion_tokens: completion,
    total_tokens: ctx.promptTokens + completion,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reasoningTokens },
  };
}

function inactive(convention: ModelProfile['inactiveKey']): null | '' | undefined {
  return convention === 'null' ? null : convention === 'empty-string' ? '' : undefined;
}

function delta(piece: Piece, reply: ShapedReply, ctx: WireContext): Record<string, unknown> {
  const off = inactive(ctx.profile.inactiveKey);
  const d: Record<string, unknown> = {};
  switch (piece.kind) {
    case 'reasoning':
      d[reply.reasoningField] = piece.text;
      if (off !== undefined) d.content = off;
      // OpenRouter mirrors the reasoning into reasoning_details (signed), which must come back unmodified.
      if (ctx.profile.gateway === 'openrouter')
        d.reasoning_details = [openRouterReasoningDetail(piece.text, piece.first ? reply.reasoning : undefined)];
      return d;
    case 'content':
      d.content = piece.text;
      if (off !== undefined && reply.hasReasoningField) d[reply.reasoningField] = off;
      return d;
    case 'tool-start': {
      if (off !== undefined) d.content = off;
      const call: Record<string, unknown> = {
        index: piece.index,
        id: piece.id,
        type: 'function',
        function: { name: piece.name, arguments: '' },
      };
      // Gemini's thought signature on the call (or, through OpenRouter, an encrypted reasoning entry).
      const opaque = toolCallOpaque(ctx.profile, reply.toolCalls[piece.index]);
      if (opaque?.extraContent !== undefined) call.extra_content = opaque.extraContent;
      if (opaque?.reasoningDetail !== undefined) d.reasoning_details = [opaque.reasoningDetail];
      d.tool_calls = [call];
      return d;
    }
    case 'arguments':
      if (off !== undefined) d.content = off;
      d.tool_calls = [{ index: piece.index, function: { arguments: piece.text } }];
      return d;
  }
}

function data(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/**
 * A chunk's SSE frame: the text `data(envelope)` would give, with the envelope's fixed fields
 * written once per reply and only the delta (and usage) serialised per token.
 */
function chunkFrames(ctx: WireContext): (choices: string, usage?: unknown) => string {
  const head = `data: {"id":${JSON.stringify(ctx.id)},"object":"chat.completion.chunk","created":${JSON.stringify(
    ctx.created,
  )},"model":${JSON.stringify(ctx.model)},"system_fingerprint":"fp_scripted","choices":[`;
  return (choices, usage) =>
    `${head}${choices}]${ctx.includeUsage ? `,"usage":${JSON.stringify(usage ?? null)}` : ''}}\n\n`;
}

/** One choice of a chunk as JSON (what JSON.stringify gives for `{ index, delta, logprobs, finish_reason }`). */
function choiceJson(d: Record<string, unknown>, finish: string | null): string {
  return `{"index":0,"delta":${JSON.stringify(d)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}`;
}

/** The SSE body as frames, made as they are read; waits follow the pace (first token, then per token). */
export function* streamFrames(reply: ShapedReply, ctx: WireContext): Generator<Frame, void, undefined> {
  const plan = planBody(reply, ctx);
  const frame = chunkFrames(ctx);
  if (ctx.fault === 'slow-first-token') yield { text: ': keep-alive\n\n', delayMs: 0 };
  const tally = new TokenTally();
  for (const piece of sentPieces(reply, plan)) {
    const i = tally.pieces;
    tally.add(piece);
    const d = delta(piece, reply, ctx);
    const first = i === 0;
    const wait = first
      ? ctx.firstTokenMs + (ctx.fault === 'slow-first-token' ? ctx.slowFirstTokenMs : 0)
      : isToken(piece)
        ? ctx.tokenMs
        : 0;
    yield { text: frame(choiceJson(first ? { role: 'assistant', ...d } : d, null)), delayMs: wait };
  }
  switch (plan.ending) {
    case 'cut':
      break;
    case 'error':
      yield {
        text: data({
          error: {
            message: 'The server had an error while processing your request. Sorry about that!',
            type: 'server_error',
            param: null,
            code: 'internal_error',
          },
        }),
        delayMs: ctx.tokenMs,
      };
      break;
    case 'malformed':
      yield {
        text: `data: {"id":"${ctx.id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"lost\n\n`,
        delayMs: ctx.tokenMs,
      };
      break;
    case 'normal':
      yield {
        text: frame(choiceJson(tally.pieces === 0 ? { role: 'assistant', content: '' } : {}, plan.finishReason)),
        delayMs: ctx.tokenMs,
      };
      // Real providers send usage last, in a chunk of its own (empty choices), a moment after the finish.
      if (ctx.includeUsage) yield { text: frame('', usageOf(tally, reply, ctx)), delayMs: ctx.usageDelayMs };
      yield { text: 'data: [DONE]\n\n', delayMs: 0 };
      break;
  }
}

/** The non-streamed body (faults other than length-in-write do not apply here). */
export function completionBody(reply: ShapedReply, ctx: WireContext): Record<string, unknown> {
  const fault = ctx.fault === 'length-in-write' ? ctx.fault : undefined;
  const plan = planBody(reply, { ...ctx, fault });
  let content = '';
  let reasoning = '';
  const calls = new Map<
    number,
    { id: string; type: 'function'; function: { name: string; arguments: string }; extra_content?: unknown }
  >();
  const details: unknown[] = [];
  const tally = new TokenTally();
  for (const p of sentPieces(reply, plan)) {
    tally.add(p);
    if (p.kind === 'reasoning') reasoning += p.text;
    else if (p.kind === 'content') content += p.text;
    else if (p.kind === 'tool-start') {
      const opaque = toolCallOpaque(ctx.profile, reply.toolCalls[p.index]);
      calls.set(p.index, {
        id: p.id,
        type: 'function',
        function: { name: p.name, arguments: '' },
        ...(opaque?.extraContent !== undefined ? { extra_content: opaque.extraContent } : {}),
      });
      if (opaque?.reasoningDetail !== undefined) details.push(opaque.reasoningDetail);
    } else calls.get(p.index)!.function.arguments += p.text;
  }
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: content === '' && calls.size > 0 ? null : content,
    refusal: null,
  };
  if (reply.hasReasoningField && reasoning !== '') message[reply.reasoningField] = reasoning;
  if (ctx.profile.gateway === 'openrouter' && reasoning !== '')
    details.unshift(openRouterReasoningDetail(reasoning, reasoning));
  if (details.length > 0) message.reasoning_details = details;
  if (calls.size > 0) message.tool_calls = [...calls.values()];
  return {
    id: ctx.id,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: 'fp_scripted',
    choices: [{ index: 0, message, logprobs: null, finish_reason: plan.finishReason }],
    usage: usageOf(tally, reply, ctx),
  };
}
