// Anthropic's usage counts as the package's ChatUsage.
import { count } from './chunk-events.js';
import type { ChatUsage } from './types.js';

type Json = Record<string, unknown>;

/** Anthropic's usage: the prompt counts the cached parts too; `output_tokens` is cumulative. */
export function anthropicUsage(start: Json | undefined, last: Json): ChatUsage {
  const read = (key: string) => count(last[key]) ?? (start === undefined ? undefined : count(start[key])) ?? 0;
  const input = read('input_tokens');
  const cacheRead = read('cache_read_input_tokens');
  const cacheWrite = read('cache_creation_input_tokens');
  const output = count(last.output_tokens);
  const promptTokens = input + cacheRead + cacheWrite;
  const completionTokens = output ?? read('output_tokens');
  const usage: ChatUsage = { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
  if (cacheRead > 0 || count(last.cache_read_input_tokens) !== undefined) usage.cachedTokens = cacheRead;
  return usage;
}
