// Token counts of requests and turns: the provider's usage whenever it sent one, and only where it
// did not (a provider that ignores stream_options, a stream cut before its last chunk) an estimate
// from the text — marked `estimated`, so no one mistakes it for a bill.
import { estimateTokens } from '../../src/wire/estimate-tokens.js';
import type { ChatMessage, ChatToolCall, ChatUsage } from '../../src/wire/types.js';
import type { TurnUsage } from './agent-turn-types.js';
import { jsonLength } from '../../src/wire/json-length.js';

export const ZERO_USAGE: TurnUsage = /* @__PURE__ */ Object.freeze({
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
  estimated: false,
});

/** The provider's usage of a request, marked as such. */
export function reportedUsage(usage: ChatUsage): TurnUsage {
  return { ...usage, estimated: false };
}

/** What a reply that came without usage probably cost: its prompt and its output, about four characters a token. */
export function estimateRequestUsage(
  messages: readonly ChatMessage[],
  reply: { content: string; reasoning: string; toolCalls: readonly ChatToolCall[] },
): TurnUsage {
  const promptTokens = Math.ceil(jsonLength(messages) / 4);
  const reasoningTokens = estimateTokens(reply.reasoning);
  let completionTokens = estimateTokens(reply.content) + reasoningTokens;
  for (const call of reply.toolCalls) completionTokens += estimateTokens(call.function.name + call.function.arguments);
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    ...(reasoningTokens > 0 ? { reasoningTokens } : {}),
    estimated: true,
  };
}

/** The sum; estimated when either part is. */
export function addUsage(total: TurnUsage, more: TurnUsage | undefined): TurnUsage {
  if (more === undefined) return total;
  const hasReasoning = total.reasoningTokens !== undefined || more.reasoningTokens !== undefined;
  const hasCached = total.cachedTokens !== undefined || more.cachedTokens !== undefined;
  return {
    promptTokens: total.promptTokens + more.promptTokens,
    completionTokens: total.completionTokens + more.completionTokens,
    totalTokens: total.totalTokens + more.totalTokens,
    ...(hasReasoning ? { reasoningTokens: (total.reasoningTokens ?? 0) + (more.reasoningTokens ?? 0) } : {}),
    ...(hasCached ? { cachedTokens: (total.cachedTokens ?? 0) + (more.cachedTokens ?? 0) } : {}),
    estimated: total.estimated || more.estimated,
  };
}
