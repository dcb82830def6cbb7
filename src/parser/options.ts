import type { Protocol } from '../protocol/define-protocol.js';

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

export type StreamParseOptions = Omit<ParseOptions, 'final'>;
