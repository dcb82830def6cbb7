// Summarising compaction: the oldest exchanges of a conversation are replaced by a summary the
// model writes in a separate, bounded request. The head (system messages and the first task) and
// the newest exchanges stay as they are. When summarising fails or does not fit, the caller falls
// back to the plain cut (truncateHistory).
import type { ChatClient, ChatMessage } from '../wire/types.js';
import { estimatePromptTokens } from './prompt-size.js';
import { describeError } from '../errors/describe-error.js';

/** Opens the summary request's user message: a model double can recognise a summary request by it. */
export const SUMMARY_REQUEST_OPENING = '<conversation_to_summarize>';

/** The instruction of the summary request. */
export const SUMMARY_INSTRUCTION =
  "You compact a coding agent's conversation. Summarise the messages below for the agent that continues it: every task the user gave, what was done (files read, written, commands run and their outcomes), decisions, open questions. Plain prose, at most 300 words. Do not call tools.";

/** Opens the user message that carries a summary in the compacted history. */
export const SUMMARY_MESSAGE_OPENING = '<conversation_summary>';

/** How `planCompaction` splits a history: what stays before the summary, what it replaces, what stays after. */
export interface CompactionPlan {
  /** The messages kept before the summary (system messages and the first task). */
  head: ChatMessage[];
  /** The messages the summary replaces. */
  replaced: ChatMessage[];
  /** The newest messages, kept as they are. */
  kept: ChatMessage[];
}

/** Why a compaction did not happen, as a code. */
export type CompactionErrorCode = 'nothing-to-compact' | 'summary-failed' | 'summary-empty' | 'does-not-fit';

/** Why a compaction did not happen; the caller keeps the history (or cuts it). */
export interface CompactionError {
  code: CompactionErrorCode;
  message: string;
}

/** What `compactHistory` returns: the compacted history with its summary and token counts, or why it did not compact. */
export type CompactionResult =
  | {
      ok: true;
      /** The compacted history: head, the summary message, the newest messages. */
      messages: ChatMessage[];
      /** The summary the model wrote. */
      summary: string;
      /** How many messages the summary replaced. */
      replaced: number;
      /** The history's estimated prompt tokens before compacting. */
      tokensBefore: number;
      /** The compacted history's estimated prompt tokens. */
      tokensAfter: number;
    }
  | { ok: false; error: CompactionError };

function isTaskMessage(message: ChatMessage): boolean {
  return message.role === 'user' && (message.content ?? '').trimStart().startsWith('<task>');
}

/**
 * Splits a history for compaction: the head (leading system messages and the first user message),
 * what is replaced, and what is kept — everything from the latest task message on (its exchange is
 * the one going on), or at least the last `keepLastMessages` messages. Never splits a native tool
 * call from its result: `kept` never starts with a tool message.
 */
export function planCompaction(messages: readonly ChatMessage[], keepLastMessages = 2): CompactionPlan {
  let headEnd = 0;
  while (headEnd < messages.length && messages[headEnd].role === 'system') headEnd++;
  if (headEnd < messages.length && messages[headEnd].role === 'user') headEnd++;
  let keepFrom = Math.max(headEnd, messages.length - keepLastMessages);
  for (let i = messages.length - 1; i >= headEnd; i--) {
    if (isTaskMessage(messages[i])) {
      keepFrom = Math.min(keepFrom, i);
      break;
    }
  }
  while (keepFrom > headEnd && messages[keepFrom]?.role === 'tool') keepFrom--;
  return {
    head: messages.slice(0, headEnd),
    replaced: messages.slice(headEnd, keepFrom),
    kept: messages.slice(keepFrom),
  };
}

/** The replaced messages as one text for the summary request, each cut to `maxCharsPerMessage`. */
export function transcriptOf(messages: readonly ChatMessage[], maxCharsPerMessage = 4000): string {
  return messages
    .map((m) => {
      const calls = (m.tool_calls ?? []).map((c) => `\n[calls ${c.function.name} ${c.function.arguments}]`).join('');
      const text = `${m.content ?? ''}${calls}`;
      return `## ${m.role}\n${text.length > maxCharsPerMessage ? `${text.slice(0, maxCharsPerMessage)}…` : text}`;
    })
    .join('\n\n');
}

/** What `compactHistory` takes: the client and model that write the summary, and the history to compact. */
export interface CompactHistoryOptions {
  /** The client the summary request goes through. */
  client: ChatClient;
  /** The model that writes the summary. */
  model: string;
  /** The history to compact (left unchanged; the result carries the new one). */
  messages: readonly ChatMessage[];
  /** The most tokens the summary may have (the request's max_tokens). Default 1024. */
  maxSummaryTokens?: number;
  /** The summary request's prompt may have at most this many tokens (estimated). Default 32,000. */
  maxRequestTokens?: number;
  /** Messages kept at least at the end. Default 2. */
  keepLastMessages?: number;
  /** Aborts the summary request. */
  signal?: AbortSignal;
}

/**
 * Replaces the oldest exchanges by a summary the model writes (one non-streamed request with no
 * tools). Errors are values: nothing to replace, the request failed, the summary was empty, or the
 * replaced part is too long for the summary request.
 *
 * @example
 * ```ts
 * const compacted = await compactHistory({ client, model: 'gpt-4.1-mini', messages: history });
 * const next = compacted.ok ? compacted.messages : history;
 * ```
 */
export async function compactHistory(options: CompactHistoryOptions): Promise<CompactionResult> {
  const plan = planCompaction(options.messages, options.keepLastMessages);
  if (plan.replaced.length === 0) {
    return {
      ok: false,
      error: {
        code: 'nothing-to-compact',
        message: 'nothing to compact: the history is only the task and the newest exchange.',
      },
    };
  }
  const request: ChatMessage[] = [
    { role: 'system', content: SUMMARY_INSTRUCTION },
    {
      role: 'user',
      content: `${SUMMARY_REQUEST_OPENING}\n${transcriptOf(plan.replaced)}\n</conversation_to_summarize>`,
    },
  ];
  const maxRequestTokens = options.maxRequestTokens ?? 32_000;
  const requestTokens = estimatePromptTokens(request);
  if (requestTokens > maxRequestTokens) {
    return {
      ok: false,
      error: {
        code: 'does-not-fit',
        message: `the part to summarise is about ${requestTokens} tokens, more than the summary request's ${maxRequestTokens}.`,
      },
    };
  }
  let summary: string;
  try {
    const reply = await options.client.complete(
      { model: options.model, messages: request, max_tokens: options.maxSummaryTokens ?? 1024 },
      options.signal ? { signal: options.signal } : {},
    );
    summary = reply.content.trim();
  } catch (error) {
    return {
      ok: false,
      error: {
        code: 'summary-failed',
        message: `the summary request failed: ${describeError(error)}`,
      },
    };
  }
  if (summary === '')
    return { ok: false, error: { code: 'summary-empty', message: 'the model wrote an empty summary.' } };
  const block = `${SUMMARY_MESSAGE_OPENING}\nEarlier messages of this conversation (${plan.replaced.length}) were replaced by this summary:\n${summary}\n</conversation_summary>`;
  // The summary joins the first task's message (user and assistant messages keep alternating).
  const head = [...plan.head];
  const last = head[head.length - 1];
  if (last?.role === 'user') head[head.length - 1] = { ...last, content: `${last.content ?? ''}\n\n${block}` };
  else head.push({ role: 'user', content: block });
  const messages = [
    ...head,
    { role: 'assistant' as const, content: 'Noted: I continue from this summary of our earlier messages.' },
    ...plan.kept,
  ];
  return {
    ok: true,
    messages,
    summary,
    replaced: plan.replaced.length,
    tokensBefore: estimatePromptTokens(options.messages),
    tokensAfter: estimatePromptTokens(messages),
  };
}
