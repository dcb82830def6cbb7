// The opaque values the scripted model puts on the wire for the history to bring back unchanged:
// Gemini's thought signature on a tool call, OpenRouter's signed `reasoning_details` entries.
import type { ModelProfile } from '../../src/profiles/profiles.js';
import type { ChatToolCall } from '../../src/wire/types.js';
import {
  historyFamilyOf,
  scriptedEncryptedDetail,
  scriptedReasoningSignature,
  scriptedThoughtSignature,
} from './scripted-history-rules.js';

/** One streamed `reasoning.text` entry; `whole` (the entire reasoning) on the first piece adds the signature. */
export function openRouterReasoningDetail(text: string, whole: string | undefined): Record<string, unknown> {
  return {
    type: 'reasoning.text',
    text,
    ...(whole !== undefined ? { signature: scriptedReasoningSignature(whole) } : {}),
    format: 'unknown',
    index: 0,
  };
}

/** What a tool call carries for its history: Gemini's `extra_content`, or through OpenRouter an encrypted entry. */
export function toolCallOpaque(
  profile: ModelProfile,
  call: ChatToolCall | undefined,
): { extraContent?: Record<string, unknown>; reasoningDetail?: Record<string, unknown> } | undefined {
  if (call === undefined || historyFamilyOf(profile) !== 'gemini') return undefined;
  const plain = { id: call.id, name: call.function.name, arguments: call.function.arguments };
  if (profile.gateway === 'openrouter') return { reasoningDetail: scriptedEncryptedDetail(plain) };
  return { extraContent: { google: { thought_signature: scriptedThoughtSignature(plain) } } };
}
