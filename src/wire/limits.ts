// How long the wire layer waits and how much it takes: the timeouts and the reply cap, their
// defaults and their checking.

import { AgentTurnOptionsError } from '../errors/agent-turn-options-error.js';

/** Bounds on one request: set them on the client, per request, or for readChatCompletionStream. */
export interface ChatLimits {
  /**
   * Longest wait for the first byte of the reply, from sending the request (or from the first
   * read of a stream handed over). Default 600 000 ms (10 min): a reasoning model may think for
   * minutes before it sends anything, and the `openai` SDK gives a whole request as long.
   * `Infinity` turns it off.
   */
  firstByteTimeoutMs?: number;
  /**
   * Longest silence while a read is waiting, once the reply has begun (time the consumer spends
   * away from the stream does not count). Default 300 000 ms (5 min): tokens flow once a reply
   * has begun, and gateways that think silently send keep-alive comments, which count as bytes.
   * `Infinity` turns it off.
   */
  idleTimeoutMs?: number;
  /**
   * Largest reply, in characters of content, reasoning and tool-call arguments together; past it
   * the request ends with a non-retryable 'too-large' error. Non-streamed bodies are read up to
   * 4 bytes a character of it (JSON escapes included); an error body up to 64 KiB. Default
   * 4 000 000 (about a million tokens, several times the longest real replies).
   */
  maxReplyChars?: number;
  /**
   * Most native tool calls in one reply; the next one ends the request with a non-retryable
   * 'too-large' error, the calls before it kept (delivered, then the error). Default 1000: far
   * more than any model calls at once, and a hostile endpoint's 40,000 tiny calls stop early.
   */
  maxToolCallsPerReply?: number;
}

/** Every limit set (defaults applied). */
export type ResolvedChatLimits = Required<ChatLimits>;

/** The limits a client or stream reader uses where none is set: 10 min to the first byte, 5 min idle, 4 000 000 characters, 1000 tool calls. */
export const DEFAULT_CHAT_LIMITS: Readonly<ResolvedChatLimits> = /* @__PURE__ */ Object.freeze({
  firstByteTimeoutMs: 600_000,
  idleTimeoutMs: 300_000,
  maxReplyChars: 4_000_000,
  maxToolCallsPerReply: 1000,
});

/** The part of an error body that is read: enough for any provider's message. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The bytes of a non-streamed body allowed for a reply of `maxReplyChars` characters. */
export function maxBodyBytes(limits: ResolvedChatLimits): number {
  return limits.maxReplyChars * 4 + MAX_ERROR_BODY_BYTES;
}

const KEYS = ['firstByteTimeoutMs', 'idleTimeoutMs', 'maxReplyChars', 'maxToolCallsPerReply'] as const;

const UNITS: Record<(typeof KEYS)[number], string> = {
  firstByteTimeoutMs: 'milliseconds',
  idleTimeoutMs: 'milliseconds',
  maxReplyChars: 'characters',
  maxToolCallsPerReply: 'tool calls',
};

/** `overrides` over `base`, each a positive number (or Infinity); anything else is an AgentTurnOptionsError naming it. */
export function resolveLimits(
  overrides: ChatLimits | undefined,
  base: Readonly<ResolvedChatLimits>,
  where: string,
): ResolvedChatLimits {
  const limits = { ...base };
  if (overrides === undefined || overrides === null) return limits;
  for (const key of KEYS) {
    const value: unknown = overrides[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
      throw new AgentTurnOptionsError(
        `${where}: ${key} must be a positive number of ${UNITS[key]} (or Infinity), got ${String(value)}`,
        key,
      );
    }
    limits[key] = value;
  }
  return limits;
}
