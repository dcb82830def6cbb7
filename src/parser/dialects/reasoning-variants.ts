// Reasoning as models write it: `<think>`, `<thinking>`, `<reasoning>`, `<thought>`. With the
// 'reasoning' dialect on, each opens reasoning and any of their close tags ends it, so a
// mismatched pair (`<think>…</thinking>`) closes instead of swallowing the rest of the reply.

/** The reasoning tag names the dialect adds to a protocol's own. */
export const REASONING_VARIANTS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'think',
  'thinking',
  'reasoning',
  'thought',
]);

/** The close tags of a set of reasoning tag names. */
export function reasoningCloses(tags: readonly string[]): string[] {
  return tags.map((t) => `</${t}>`);
}
