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
}

/** Options of {@link createStreamParser}: those of parseAssistantMessage but `final` (the stream says that with `end()`). */
export type StreamParseOptions = Omit<ParseOptions, 'final'>;
