// How many tokens a prompt takes, estimated from its text where the provider has not counted it.
import { jsonLength } from '../wire/json-length.js';
import type { ChatMessage, ChatToolDefinition } from '../wire/types.js';

/** What a chat format adds around each message (role markers, separators), in tokens. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** A rough count for one message: its JSON (content, tool calls, ids) at about four characters a token, plus the per-message overhead. */
export function estimateMessageTokens(message: ChatMessage): number {
  let tokens = measured.get(message);
  if (tokens === undefined) {
    tokens = Math.ceil(jsonLength(message) / 4) + MESSAGE_OVERHEAD_TOKENS;
    measured.set(message, tokens);
  }
  return tokens;
}

/**
 * Each message is measured once: a turn's history keeps its message objects and never changes
 * them, and the prompt is estimated before every request (a 60 MB message took 120 ms a time).
 */
const measured = new WeakMap<ChatMessage, number>();

/** A rough count for a whole prompt: every message, plus the native tool definitions sent with it. */
export function estimatePromptTokens(messages: readonly ChatMessage[], tools?: readonly ChatToolDefinition[]): number {
  let total = tools !== undefined && tools.length > 0 ? Math.ceil(jsonLength(tools) / 4) : 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}

/** The provider's count of an earlier prompt, with this package's estimate of that same prompt. */
export interface PromptMeasure {
  /** `usage.prompt_tokens` the provider reported. */
  promptTokens: number;
  /** estimatePromptTokens of the prompt it counted. */
  estimate: number;
}

/** A prompt's size in tokens, and whether any part of it is an estimate rather than the provider's count. */
export interface PromptSize {
  tokens: number;
  estimated: boolean;
}

/**
 * The size of the next prompt: the provider's count of the last one plus an estimate of what changed
 * since (messages added, or removed by truncation), or a whole estimate before any count arrived.
 */
export function promptSize(estimateNow: number, measure: PromptMeasure | undefined): PromptSize {
  if (measure === undefined) return { tokens: estimateNow, estimated: true };
  const delta = estimateNow - measure.estimate;
  return { tokens: Math.max(0, measure.promptTokens + delta), estimated: delta !== 0 };
}
