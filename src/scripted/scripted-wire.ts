// A shaped reply as OpenAI chat-completion wire data: SSE frames (with each profile's key
// conventions, usage, [DONE] and faults) or one non-streamed JSON body.
import type { ModelProfile } from '../profiles/profiles.js';
import type { ShapedReply } from './scripted-shape.js';
import { splitIntoTokens } from './scripted-tokens.js';

/** Faults that change the body of a 200 response. */
export type BodyFault = 'error-mid-stream' | 'malformed-chunk' | 'cut-in-tool-call' | 'length-in-write' | 'slow-first-token';

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
  slowFirstTokenMs: number;
  fault?: BodyFault;
}

/** One piece of the SSE body and the wait before it is sent. */
export interface Frame {
  text: string;
  delayMs: number;
}

type Piece =
  | { kind: 'reasoning'; text: string }
  | { kind: 'content'; text: string; end: number }
  | { kind: 'tool-start'; index: number; id: string; name: string }
  | { kind: 'arguments'; index: number; text: string; end: number };

interface Plan {
  pieces: Piece[];
  finishReason: string | null;
  /** What ends the body after the pieces: a finish chunk (+usage, [DONE]), an error chunk, a bad line, or nothing. */
  ending: 'normal' | 'error' | 'malformed' | 'cut';
}

function pieces(reply: ShapedReply): Piece[] {
  const out: Piece[] = [];
  for (const text of splitIntoTokens(reply.reasoning)) out.push({ kind: 'reasoning', text });
  let offset = 0;
  for (const text of splitIntoTokens(reply.content)) out.push({ kind: 'content', text, end: (offset += text.length) });
  reply.toolCalls.forEach((call, index) => {
    out.push({ kind: 'tool-start', index, id: call.id, name: call.function.name });
    let end = 0;
    for (const text of splitIntoTokens(call.function.arguments)) out.push({ kind: 'arguments', index, text, end: (end += text.length) });
  });
  return out;
}

/** Index of the first piece past `offset` in the text the reply's fault offsets point into. */
function cutIndex(list: Piece[], reply: ShapedReply, offset: number): number {
  const kind = reply.faultText === 'arguments' ? 'arguments' : 'content';
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    if (p.kind === kind && (p.kind !== 'arguments' || p.index === 0) && p.end > offset) return i;
  }
  return list.length;
}

function isToken(p: Piece): boolean {
  return p.kind !== 'tool-start';
}

/** The pieces actually sent and how the body ends, after faults and max_tokens. */
export function planBody(reply: ShapedReply, ctx: WireContext): Plan {
  let list = pieces(reply);
  const fault = ctx.fault;
  if (fault === 'cut-in-tool-call' && reply.toolStart !== undefined) {
    const total = reply.faultText === 'arguments' ? reply.toolCalls[0].function.arguments.length : reply.content.length;
    return { pieces: list.slice(0, cutIndex(list, reply, reply.toolStart + Math.floor((total - reply.toolStart) / 2))), finishReason: null, ending: 'cut' };
  }
  if (fault === 'length-in-write' && reply.writeContent) {
    const middle = reply.writeContent.start + Math.floor((reply.writeContent.end - reply.writeContent.start) / 2);
    return { pieces: list.slice(0, cutIndex(list, reply, middle)), finishReason: 'length', ending: 'normal' };
  }
  if (fault === 'error-mid-stream' || fault === 'malformed-chunk') {
    return { pieces: list.slice(0, Math.max(1, Math.floor(list.length / 2))), finishReason: null, ending: fault === 'error-mid-stream' ? 'error' : 'malformed' };
  }
  if (ctx.maxTokens !== undefined) {
    let tokens = 0;
    for (let i = 0; i < list.length; i++) {
      if (isToken(list[i]) && ++tokens > ctx.maxTokens) {
        list = list.slice(0, i);
        return { pieces: list, finishReason: 'length', ending: 'normal' };
      }
    }
  }
  return { pieces: list, finishReason: reply.finishReason, ending: 'normal' };
}

function usageOf(plan: Plan, reply: ShapedReply, ctx: WireContext) {
  let visibleReasoning = 0;
  let other = 0;
  for (const p of plan.pieces) {
    if (p.kind === 'reasoning') visibleReasoning++;
    else if (isToken(p)) other++;
  }
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
      return d;
    case 'content':
      d.content = piece.text;
      if (off !== undefined && reply.hasReasoningField) d[reply.reasoningField] = off;
      return d;
    case 'tool-start':
      if (off !== undefined) d.content = off;
      d.tool_calls = [{ index: piece.index, id: piece.id, type: 'function', function: { name: piece.name, arguments: '' } }];
      return d;
    case 'arguments':
      if (off !== undefined) d.content = off;
      d.tool_calls = [{ index: piece.index, function: { arguments: piece.text } }];
      return d;
  }
}

function data(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/** The SSE body as frames; waits follow the pace (first token, then per token). */
export function streamFrames(reply: ShapedReply, ctx: WireContext): Frame[] {
  const plan = planBody(reply, ctx);
  const envelope = (choices: unknown[], usage?: unknown) => ({
    id: ctx.id,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: 'fp_scripted',
    choices,
    ...(ctx.includeUsage ? { usage: usage ?? null } : {}),
  });
  const choice = (d: Record<string, unknown>, finish: string | null) => ({ index: 0, delta: d, logprobs: null, finish_reason: finish });
  const frames: Frame[] = [];
  if (ctx.fault === 'slow-first-token') frames.push({ text: ': keep-alive\n\n', delayMs: 0 });
  plan.pieces.forEach((piece, i) => {
    const d = delta(piece, reply, ctx);
    const first = i === 0;
    const wait = first ? ctx.firstTokenMs + (ctx.fault === 'slow-first-token' ? ctx.slowFirstTokenMs : 0) : isToken(piece) ? ctx.tokenMs : 0;
    frames.push({ text: data(envelope([choice(first ? { role: 'assistant', ...d } : d, null)])), delayMs: wait });
  });
  switch (plan.ending) {
    case 'cut':
      break;
    case 'error':
      frames.push({
        text: data({ error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: 'internal_error' } }),
        delayMs: ctx.tokenMs,
      });
      break;
    case 'malformed':
      frames.push({ text: `data: {"id":"${ctx.id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"lost\n\n`, delayMs: ctx.tokenMs });
      break;
    case 'normal':
      frames.push({ text: data(envelope([choice(plan.pieces.length === 0 ? { role: 'assistant', content: '' } : {}, plan.finishReason)])), delayMs: ctx.tokenMs });
      if (ctx.includeUsage) frames.push({ text: data(envelope([], usageOf(plan, reply, ctx))), delayMs: 0 });
      frames.push({ text: 'data: [DONE]\n\n', delayMs: 0 });
      break;
  }
  return frames;
}

/** The non-streamed body (faults other than length-in-write do not apply here). */
export function completionBody(reply: ShapedReply, ctx: WireContext): Record<string, unknown> {
  const fault = ctx.fault === 'length-in-write' ? ctx.fault : undefined;
  const plan = planBody(reply, { ...ctx, fault });
  let content = '';
  let reasoning = '';
  const calls = new Map<number, { id: string; type: 'function'; function: { name: string; arguments: string } }>();
  for (const p of plan.pieces) {
    if (p.kind === 'reasoning') reasoning += p.text;
    else if (p.kind === 'content') content += p.text;
    else if (p.kind === 'tool-start') calls.set(p.index, { id: p.id, type: 'function', function: { name: p.name, arguments: '' } });
    else calls.get(p.index)!.function.arguments += p.text;
  }
  const message: Record<string, unknown> = { role: 'assistant', content: content === '' && calls.size > 0 ? null : content, refusal: null };
  if (reply.hasReasoningField && reasoning !== '') message[reply.reasoningField] = reasoning;
  if (calls.size > 0) message.tool_calls = [...calls.values()];
  return {
    id: ctx.id,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: 'fp_scripted',
    choices: [{ index: 0, message, logprobs: null, finish_reason: plan.finishReason }],
    usage: usageOf(plan, reply, ctx),
  };
}
