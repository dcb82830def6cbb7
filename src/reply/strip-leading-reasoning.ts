// Inline reasoning at the start of `content` (`<think>…</think>answer`, or a template that
// opened <think> in the prompt) is reasoning too, and reasoning never goes back to the model.

export interface StripReasoningOptions {
  /** Reasoning tag names. Default `['think']`, as in `clineThinkProtocol`. */
  reasoningTags?: readonly string[];
  /** The content began inside a reasoning tag (the assembler's `startInReasoning`). */
  startInReasoning?: boolean;
}

/** The earliest `</tag>` of any of `tags` at or after `from`: [index, length] or undefined. */
function firstClose(content: string, tags: readonly string[], from: number): [number, number] | undefined {
  let best: [number, number] | undefined;
  for (const tag of tags) {
    const close = `</${tag}>`;
    const at = content.indexOf(close, from);
    if (at >= 0 && (best === undefined || at < best[0])) best = [at, close.length];
  }
  return best;
}

/**
 * `content` without its leading reasoning section, in linear time. Only a section at the very
 * start (after whitespace) counts; an unclosed one means the whole content was reasoning.
 */
export function stripLeadingReasoning(content: string, options: StripReasoningOptions = {}): string {
  const tags = options.reasoningTags ?? ['think'];
  if (tags.length === 0) return content;
  let from: number;
  if (options.startInReasoning) from = 0;
  else {
    let i = 0;
    while (i < content.length && /\s/.test(content[i])) i++;
    const open = tags.find((tag) => content.startsWith(`<${tag}>`, i));
    if (open === undefined) return content;
    from = i + open.length + 2;
  }
  const close = firstClose(content, tags, from);
  if (close === undefined) return '';
  return content.slice(close[0] + close[1]).trimStart();
}
