// The history rules of today's reasoning models, as the scripted model enforces them: a request
// whose history breaks its model's rule gets that provider's own status and error body (texts
// as the providers send them; their sources are in docs/profiles.md). Also the opaque values the
// scripted model hands out for the history to bring back: Gemini's thought signatures and
// OpenRouter's signed `reasoning_details`, made so that any change to them shows.
import type { ModelProfile } from '../../src/profiles/profiles.js';
import type { ChatRequest } from '../../src/wire/types.js';
import { jsonResponse } from './scripted-http.js';
import { shortHash } from './scripted-reply.js';

/** Whose rule a profile follows. */
export type HistoryFamily = 'deepseek' | 'deepseek-r1' | 'kimi' | 'mimo' | 'glm' | 'minimax' | 'gemini';

function familyOfId(id: string): HistoryFamily | undefined {
  const name = id.toLowerCase();
  if (name === 'deepseek-reasoner') return 'deepseek-r1';
  if (name.startsWith('deepseek')) return 'deepseek';
  if (name.startsWith('kimi-k2')) return 'kimi';
  if (name.startsWith('mimo-')) return 'mimo';
  if (name.startsWith('glm-5')) return 'glm';
  if (name.startsWith('minimax-m2')) return 'minimax';
  if (name.startsWith('gemini-3-')) return 'gemini';
  return undefined;
}

/** The rule a profile's model follows (for a gateway profile: its upstream's), or undefined: no rule. */
export function historyFamilyOf(profile: ModelProfile): HistoryFamily | undefined {
  const id = profile.id;
  return familyOfId(profile.gateway === 'openrouter' ? id.slice(id.lastIndexOf('/') + 1) : id);
}

const SALT = 'agent-turn scripted';

/** The thought signature the scripted Gemini puts on a tool call (it hashes the call, so a changed call fails too). */
export function scriptedThoughtSignature(call: { id: string; name: string; arguments: string }): string {
  const text = `${call.id}\u0000${call.name}\u0000${call.arguments}`;
  return `CiQB${shortHash(`${SALT}|${text}`)}${shortHash(`${text}|${SALT}`)}${shortHash(text)}==`;
}

/** The signature of a `reasoning.text` entry of the scripted OpenRouter (it hashes the whole text). */
export function scriptedReasoningSignature(text: string): string {
  return `sig_${shortHash(`${SALT}|${text}`)}${shortHash(`${text}|${SALT}`)}`;
}

/** The encrypted entry the scripted OpenRouter adds for a Gemini upstream's signed tool call. */
export function scriptedEncryptedDetail(call: { id: string; name: string; arguments: string }) {
  return {
    type: 'reasoning.encrypted',
    data: scriptedThoughtSignature(call),
    id: call.id,
    format: 'google-gemini-v1',
    index: 1,
  };
}

type Message = Record<string, unknown>;
type ToolCall = { id?: unknown; function?: { name?: unknown; arguments?: unknown }; extra_content?: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function toolCallsOf(m: Message): ToolCall[] {
  return m.role === 'assistant' && Array.isArray(m.tool_calls) ? (m.tool_calls as ToolCall[]).filter(isObject) : [];
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

function plainCall(c: ToolCall): { id: string; name: string; arguments: string } {
  return { id: String(c.id), name: String(c.function?.name ?? ''), arguments: String(c.function?.arguments ?? '') };
}

/** The `thought_signature` of a call's `extra_content.google`, if it has one. */
function thoughtSignatureOf(c: ToolCall): unknown {
  const extra = c.extra_content;
  return isObject(extra) && isObject(extra.google) ? extra.google.thought_signature : undefined;
}

/** Whether a message's `reasoning_details` are intact: every text entry's signature matches its text. */
function detailsIntact(details: unknown): boolean {
  if (!Array.isArray(details) || details.length === 0) return false;
  for (const entry of details) {
    if (!isObject(entry)) return false;
    if (entry.type === 'reasoning.text' && entry.signature !== scriptedReasoningSignature(String(entry.text ?? '')))
      return false;
  }
  return true;
}

/** The calls the scripted model made (its ids): a history of another model's calls is not checked for signatures. */
function isScriptedCall(c: ToolCall): boolean {
  return typeof c.id === 'string' && c.id.startsWith('call_');
}

// --- the providers' answers ---

function deepseekMissing(): Response {
  return jsonResponse(
    {
      error: {
        message: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request_error',
      },
    },
    400,
  );
}

function kimiMissing(index: number): Response {
  return jsonResponse(
    {
      error: {
        message: `thinking is enabled but reasoning_content is missing in assistant tool call message at index ${index}`,
        type: 'invalid_request_error',
      },
    },
    400,
  );
}

function mimoRefusal(param: string): Response {
  return jsonResponse({ error: { code: '400', message: 'Param Incorrect', param, type: '' } }, 400);
}

function geminiMissing(name: string, position: number): Response {
  // Gemini's OpenAI-compatible endpoint answers with a one-element JSON array.
  return jsonResponse(
    [
      {
        error: {
          code: 400,
          message: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${position}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
          status: 'INVALID_ARGUMENT',
        },
      },
    ],
    400,
  );
}

function geminiCorrupted(position: number): Response {
  return jsonResponse(
    [
      {
        error: {
          code: 400,
          // The scripted model's wording: the provider's text for an altered signature is not published.
          message: `Thought signature is not valid (scripted: the thought_signature of the function call at position ${position} was changed).`,
          status: 'INVALID_ARGUMENT',
        },
      },
    ],
    400,
  );
}

function scriptedRefusal(message: string, param: string): Response {
  return jsonResponse({ error: { message, type: 'invalid_request_error', param, code: 'invalid_history' } }, 400);
}

const UPSTREAM_NAMES: Record<HistoryFamily, string> = {
  deepseek: 'DeepSeek',
  'deepseek-r1': 'DeepSeek',
  kimi: 'Moonshot AI',
  mimo: 'Xiaomi',
  glm: 'Z.AI',
  minimax: 'Minimax',
  gemini: 'Google AI Studio',
};

/** OpenRouter passes the upstream's error through in its own envelope. */
async function viaOpenRouter(upstream: Response, family: HistoryFamily): Promise<Response> {
  const raw = await upstream.text();
  return jsonResponse(
    {
      error: {
        message: 'Provider returned error',
        code: upstream.status,
        metadata: { raw, provider_name: UPSTREAM_NAMES[family], is_byok: false },
      },
    },
    upstream.status,
  );
}

// --- the rules ---

interface Refusal {
  response: Response;
  /** The scripted model's own check (no provider error exists for it): never wrapped by the gateway. */
  scripted?: boolean;
}

function checkMessages(messages: readonly Message[], family: HistoryFamily, gateway: boolean): Refusal | undefined {
  const refuse = (response: Response): Refusal => ({ response });
  const ownRefusal = (message: string, param: string): Refusal => ({
    response: scriptedRefusal(message, param),
    scripted: true,
  });
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m.role !== 'assistant') continue;
    const calls = toolCallsOf(m);
    // Through OpenRouter the reasoning travels as reasoning_details; OpenRouter hands them on as the upstream's field.
    const reasoning =
      hasText(m.reasoning_content) || (gateway && (detailsIntact(m.reasoning_details) || hasText(m.reasoning)));
    switch (family) {
      case 'deepseek':
        if (calls.length > 0 && !reasoning) return refuse(deepseekMissing());
        break;
      case 'deepseek-r1':
        if (calls.length > 0 && !reasoning) return refuse(deepseekMissing());
        // Its older page: reasoning_content in the input is refused (on turns without tool calls; the newer page ignores it).
        if (!gateway && calls.length === 0 && hasText(m.reasoning_content))
          return ownRefusal(
            `messages[${i}].reasoning_content: deepseek-reasoner refuses reasoning_content on a message without tool calls (scripted: its R1 page says 400, without the text).`,
            `messages[${i}].reasoning_content`,
          );
        break;
      case 'kimi':
      case 'glm':
        if (calls.length > 0 && !reasoning) return refuse(kimiMissing(i));
        break;
      case 'mimo':
        if (calls.length > 0 && !reasoning)
          return refuse(mimoRefusal('The reasoning_content in the thinking mode must be passed back to the API.'));
        if (calls.length > 0 && m.content === null) return refuse(mimoRefusal('`text` is not present'));
        break;
      case 'minimax': {
        // The real API takes such a history and answers worse; the scripted one says so, so a test can fail.
        const content = typeof m.content === 'string' ? m.content : '';
        if (!gateway && !/^\s*<think>[\s\S]*?<\/think>/.test(content))
          return ownRefusal(
            `messages[${i}] lost its <think>…</think>: MiniMax M2 needs each assistant message back whole, its thinking inside content (scripted: the real API accepts it silently and answers worse).`,
            `messages[${i}].content`,
          );
        break;
      }
      case 'gemini': {
        const first = calls.find(isScriptedCall);
        if (first === undefined) break;
        if (gateway) {
          const wanted = scriptedEncryptedDetail(plainCall(first));
          const details = Array.isArray(m.reasoning_details) ? m.reasoning_details : [];
          const found = details.some((d) => isObject(d) && d.type === wanted.type && d.data === wanted.data);
          if (!found) return refuse(geminiMissing(plainCall(first).name, i));
          break;
        }
        // Gemini signs the first call of each step; parallel calls after it carry none.
        const signature = thoughtSignatureOf(first);
        if (signature === undefined || signature === null || signature === '')
          return refuse(geminiMissing(plainCall(first).name, i));
        if (signature !== scriptedThoughtSignature(plainCall(first))) return refuse(geminiCorrupted(i));
        break;
      }
    }
    if (gateway && m.reasoning_details !== undefined && !detailsIntact(m.reasoning_details)) {
      return ownRefusal(
        `messages[${i}].reasoning_details were changed: OpenRouter needs them back unmodified (order, signatures and encrypted entries intact).`,
        `messages[${i}].reasoning_details`,
      );
    }
  }
  return undefined;
}

/**
 * The answer of the profile's provider to a history that breaks its rule (status and body as the
 * provider sends them), or undefined when the history is accepted. Profiles without a rule accept
 * any history, reasoning included.
 */
export async function checkHistoryRules(request: ChatRequest, profile: ModelProfile): Promise<Response | undefined> {
  const family = historyFamilyOf(profile);
  if (family === undefined) return undefined;
  const gateway = profile.gateway === 'openrouter';
  const refusal = checkMessages(request.messages as unknown as Message[], family, gateway);
  if (refusal === undefined) return undefined;
  // Through OpenRouter the upstream's refusal arrives in OpenRouter's envelope; its own checks do not.
  return gateway && !refusal.scripted ? viaOpenRouter(refusal.response, family) : refusal.response;
}
