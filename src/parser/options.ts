import type { Protocol } from '../protocol/define-protocol.js';

/** Options of {@link parseAssistantMessage}. */
export interface ParseOptions {
  /** The tag vocabulary. Default: `clineProtocol`. */
  protocol?: Protocol;
  /** The text is the whole message: emit held-back tails, mark text and reasoning complete. */
  final?: boolean;
  /** Prefix of every tool use's `call_id` (the machine gives each request a fresh nanoid). Default `'call'`. */
  idPrefix?: string;
  /** Treat the text as if a reasoning tag opened before it (templates that put `<think>` in the prompt). */
  startInReasoning?: boolean;
  /**
   * With `final`: the stream's `finish_reason`. When it says the reply ended normally (`stop`,
   * `tool_calls`), a recovered call whose end marker the server stripped as a stop token
   * (gpt-oss without `<|call|>`, a Kimi section without its end) counts as closed if its body is
   * complete; unset, `length` or an error: it was cut off and never runs.
   */
  finishReason?: string;
}

/** Options of {@link createStreamParser}: those of parseAssistantMessage but `final` and `finishReason` (the stream says those with `end()`). */
export type StreamParseOptions = Omit<ParseOptions, 'final' | 'finishReason'>;

/** Options of {@link StreamParser.end}. */
export interface StreamEndOptions {
  /** The stream's `finish_reason` (see {@link ParseOptions.finishReason}). */
  finishReason?: string;
}
