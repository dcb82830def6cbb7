// Which dialects the parser recovers for a model, and whether its template opens reasoning in the
// prompt: the profile's own choice, else the model family read from the name, else a safe set.

import { SAFE_DIALECTS, type DialectName } from '../../src/protocol/dialect-names.js';
import { profileFor } from '../../src/profiles/profiles.js';

/** On for every known family: they cost nothing when absent and never match ordinary prose. */
const BASE: readonly DialectName[] = ['reasoning', 'special-tokens', 'html-escaped'];

/** Model families by a word of their name, and the dialects they write (first match wins). */
const FAMILIES: readonly [RegExp, readonly DialectName[]][] = [
  [/qwen/, ['hermes', 'qwen3-coder']],
  [/glm|zai-org|chatglm/, ['glm']],
  [/kimi|moonshot/, ['kimi']],
  [/deepseek/, ['deepseek']],
  [/gpt-oss/, ['harmony']],
  [/mistral|devstral|codestral|magistral|ministral|mixtral/, ['mistral']],
  [/llama-?4/, ['pythonic', 'llama']],
  [/llama/, ['llama', 'json']],
  [/granite/, ['granite']],
  [/hermes|nous/, ['hermes']],
  [/claude|anthropic/, ['anthropic']],
];

/**
 * The dialects for `model`: its profile's `dialects` when set, else its family's (Qwen → Hermes and
 * Qwen3-Coder, GLM → GLM, Kimi → Kimi, DeepSeek, gpt-oss → harmony, Mistral, Llama, Granite, …)
 * plus reasoning variants, leaked tokens and HTML-escaped XML; an unknown model gets
 * {@link SAFE_DIALECTS} (everything but bare JSON replies and pythonic lists).
 *
 * @example
 * ```ts
 * import { dialectsForModel } from 'agent-turn';
 *
 * dialectsForModel('Qwen/Qwen3-Coder-30B-A3B-Instruct'); // ['reasoning', 'special-tokens', 'html-escaped', 'hermes', 'qwen3-coder']
 * ```
 */
export function dialectsForModel(model: string): readonly DialectName[] {
  const profile = profileFor(model);
  if (profile.dialects !== undefined) return profile.dialects;
  const name = typeof model === 'string' ? model.toLowerCase() : '';
  for (const [pattern, dialects] of FAMILIES) if (pattern.test(name)) return [...BASE, ...dialects];
  return SAFE_DIALECTS;
}

/**
 * Whether `model`'s chat template opens reasoning in the prompt (only `</think>` appears in the
 * reply): only when its profile says so. Not guessed from the name: a server that already splits
 * the reasoning off would then have its whole answer read as reasoning. Without it, the reasoning
 * dialect still detects a reply whose first block ends at a lone `</think>`.
 */
export function startsInReasoningFor(model: string): boolean {
  return profileFor(model).startsInReasoning === true;
}
