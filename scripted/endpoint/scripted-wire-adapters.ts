// What differs between the three wires the scripted model serves: how a body is checked and read
// as a chat request, which history rules apply, how a reply's thinking shows, and how the reply
// goes out (SSE frames or one JSON body). The agent, the replies, the faults and the pace are the
// same on every wire (scripted-model.ts).
import type { ModelProfile } from '../../src/profiles/profiles.js';
import type { ChatWire } from '../../src/wire/chat-wire.js';
import type { ChatRequest } from '../../src/wire/types.js';
import { checkAnthropicRequest } from './scripted-anthropic-request.js';
import { anthropicFrames, anthropicMessageBody, toolUseId } from './scripted-anthropic-stream.js';
import { checkHistoryRules } from './scripted-history-rules.js';
import { checkChatRequest, type RequestCheck } from './scripted-request.js';
import type { ScriptedReply } from './scripted-reply.js';
import { checkResponsesRequest } from './scripted-responses-request.js';
import { responsesBody, responsesFrames } from './scripted-responses-stream.js';
import { shapeForProfile, type ShapedReply } from './scripted-shape.js';
import { completionBody, streamFrames, type Frame, type WireContext } from './scripted-wire.js';
import { wireErrors, type WireErrors } from './scripted-wire-errors.js';
import { checkAnthropicHistory, checkResponsesHistory, type WireHistoryLedger } from './scripted-wire-rules.js';

type Json = Record<string, unknown>;

/** One wire as the scripted model serves it. */
export interface WireAdapter {
  readonly wire: ChatWire;
  readonly errors: WireErrors;
  /** The prefix of each response's id. */
  readonly idPrefix: string;
  /** Checks a body and reads it as a chat request (`body`: the JSON as sent). */
  parse(bodyText: string): RequestCheck & { body?: Json };
  /** The provider's refusal of a history that breaks the wire's (or the profile's) rule. */
  historyRefusal(request: ChatRequest, body: Json, profile: ModelProfile): Promise<Response | undefined>;
  /** The reply as the profile shows it on this wire. */
  shape(reply: ScriptedReply, profile: ModelProfile): ShapedReply;
  /** Whether the body asked for usage in the stream. */
  wantsUsage(body: Json): boolean;
  /** The streamed body's frames. */
  frames(reply: ShapedReply, ctx: WireContext, body: Json): Iterable<Frame>;
  /** The non-streamed body. */
  json(reply: ShapedReply, ctx: WireContext, body: Json): Json;
}

/** On a wire with thinking of its own, thinking always shows as such (a `<think>` profile's too). */
function thinkingShape(reply: ScriptedReply, profile: ModelProfile): ShapedReply {
  return shapeForProfile(
    reply,
    profile.reasoning === 'inline-think' ? { ...profile, reasoning: 'reasoning_content' } : profile,
  );
}

const chatCompletions: WireAdapter = {
  wire: 'chat-completions',
  errors: wireErrors('chat-completions'),
  idPrefix: 'chatcmpl-scripted-',
  parse: (text) => {
    const check = checkChatRequest(text);
    return check.ok ? { ...check, body: check.request as unknown as Json } : check;
  },
  historyRefusal: (request, _body, profile) => checkHistoryRules(request, profile),
  shape: shapeForProfile,
  wantsUsage: (body) => (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true,
  frames: (reply, ctx) => streamFrames(reply, ctx),
  json: (reply, ctx) => completionBody(reply, ctx),
};

function anthropic(ledger: WireHistoryLedger): WireAdapter {
  return {
    wire: 'anthropic-messages',
    errors: wireErrors('anthropic-messages'),
    idPrefix: 'msg_scripted_',
    parse: checkAnthropicRequest,
    historyRefusal: async (_request, body) => checkAnthropicHistory(body, ledger),
    shape: (reply, profile) => {
      const shaped = thinkingShape(reply, profile);
      return { ...shaped, toolCalls: shaped.toolCalls.map((c) => ({ ...c, id: toolUseId(c.id) })) };
    },
    wantsUsage: () => true,
    frames: (reply, ctx) => anthropicFrames(reply, ctx, ledger),
    json: (reply, ctx) => anthropicMessageBody(reply, ctx, ledger),
  };
}

function responses(ledger: WireHistoryLedger): WireAdapter {
  const encrypted = (body: Json) => Array.isArray(body.include) && body.include.includes('reasoning.encrypted_content');
  return {
    wire: 'responses',
    errors: wireErrors('responses'),
    idPrefix: 'resp_scripted_',
    parse: checkResponsesRequest,
    historyRefusal: async (_request, body) => checkResponsesHistory(body, ledger),
    shape: thinkingShape,
    wantsUsage: () => true,
    frames: (reply, ctx, body) => responsesFrames(reply, { ...ctx, encrypted: encrypted(body) }, ledger),
    json: (reply, ctx, body) => responsesBody(reply, { ...ctx, encrypted: encrypted(body) }, ledger),
  };
}

/** The three wires of one scripted model (the two with history of their own share its ledger). */
export function wireAdapters(ledger: WireHistoryLedger): Readonly<Record<ChatWire, WireAdapter>> {
  return { 'chat-completions': chatCompletions, 'anthropic-messages': anthropic(ledger), responses: responses(ledger) };
}

/** The wire a POST path is for, or undefined (`…/chat/completions`, `…/messages`, `…/responses`). */
export function wireOfPath(path: string): ChatWire | undefined {
  if (path.endsWith('/chat/completions')) return 'chat-completions';
  if (path.endsWith('/messages')) return 'anthropic-messages';
  if (path.endsWith('/responses')) return 'responses';
  return undefined;
}
