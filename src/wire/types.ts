// Contract of the wire layer: requests, normalized stream events, errors, the client.
// Shared by the stream readers, the clients, model doubles and machines/.
import type { ChatLimits } from './limits.js';

/** Who speaks a {@link ChatMessage}. */
export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** A native tool call as OpenAI sends and takes it: an id, the function's name and its JSON arguments. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /**
   * A provider's opaque data on this call, kept as it arrived and sent back unchanged: Gemini's
   * `{ google: { thought_signature } }` on its OpenAI-compatible endpoint.
   */
  extra_content?: Record<string, unknown>;
}

/** One message of the conversation, as OpenAI's chat completions API takes it. */
export interface ChatMessage {
  role: ChatRole;
  content: string | null;
  /** Assistant messages that made native tool calls. */
  tool_calls?: ChatToolCall[];
  /** Tool messages: which call they answer. */
  tool_call_id?: string;
  name?: string;
  /** Assistant messages: the thinking sent back, where the model's history rule asks for it (DeepSeek, Kimi, MiMo, GLM). */
  reasoning_content?: string;
  /** Assistant messages: the thinking sent back in a gateway's `reasoning` field. */
  reasoning?: string;
  /** Assistant messages: OpenRouter's `reasoning_details` entries, as they arrived (signatures, encrypted entries intact). */
  reasoning_details?: unknown[];
}

/** One entry of a request's OpenAI `tools`: a function and the JSON schema of its arguments. */
export interface ChatToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/** A request's `response_format`: free text, any JSON object, or JSON that follows a schema. */
export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } };

/** The body of POST /v1/chat/completions (the subset this package uses; extra keys pass through). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: ChatToolDefinition[];
  tool_choice?: unknown;
  response_format?: ResponseFormat;
  temperature?: number;
  max_tokens?: number;
  [key: string]: unknown;
}

/**
 * Token counts of a request, from the stream's usage (`reasoningTokens` and `cachedTokens` when the
 * provider reports them). `promptTokens` is the whole prompt, the cached part included (Anthropic's
 * `input_tokens` + `cache_read_input_tokens` + `cache_creation_input_tokens`).
 */
export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  reasoningTokens?: number;
  /** Prompt tokens read from the provider's prompt cache (OpenAI's `cached_tokens`, Anthropic's `cache_read_input_tokens`). */
  cachedTokens?: number;
}

/** Normalized events from an OpenAI-compatible stream, in arrival order. */
export type ChatStreamEvent =
  | { type: 'reasoning'; text: string }
  | { type: 'text'; text: string }
  | {
      type: 'tool-call';
      index: number;
      id?: string;
      name?: string;
      argumentsDelta: string;
      /** The call's opaque `extra_content` (Gemini's thought signature), when this delta carried one. */
      extraContent?: Record<string, unknown>;
    }
  /** OpenRouter's `reasoning_details` entries of one chunk, as they arrived (kept for the history, byte for byte). */
  | { type: 'reasoning-details'; details: unknown[] }
  | { type: 'usage'; usage: ChatUsage }
  | { type: 'finish'; reason: string };

/**
 * What went wrong: `timeout` (no byte within the first-byte or idle timeout; retryable) and
 * `too-large` (the reply or a body passed its cap; not retryable) besides the HTTP, provider,
 * shape, end, abort and network faults; `client-bug`: a custom client's own code threw a
 * TypeError (or another programming error) — a bug, never retried.
 */
export type ChatErrorCode =
  | 'http'
  | 'provider-error'
  | 'malformed-chunk'
  | 'truncated'
  | 'aborted'
  | 'network'
  | 'timeout'
  | 'too-large'
  | 'client-bug';

/** A non-streamed completion, normalized like the stream. */
export interface ChatCompletionResult {
  reasoning: string;
  /** OpenRouter's `reasoning_details`, merged as {@link mergeReasoningDetails} does; absent when none came. */
  reasoningDetails?: unknown[];
  content: string;
  toolCalls: ChatToolCall[];
  usage?: ChatUsage;
  finishReason: string | null;
}

/** Per request: an abort signal, a hook before decoding, and the client's limits overridden for this request. */
export interface ChatRequestOptions extends ChatLimits {
  signal?: AbortSignal;
  /**
   * Streams only: awaited after each network read, before the read is decoded. A scheduler's
   * hook: the agent-turn machine passes one that resolves in a time-bounded slice of its own, so
   * that with many streams the decoding happens there and not all in one turn of the event loop.
   * Clients of your own may ignore it.
   */
  beforeDecode?: () => Promise<void>;
  /**
   * The room the caller keeps for the reply, in tokens (the agent-turn machine passes its reply
   * reserve, what its context fit left free). Sent as `max_tokens` by the wire that requires one
   * (Anthropic Messages) when the request sets none; the other wires send nothing for it.
   */
  replyTokens?: number;
}

/** A client of one OpenAI-compatible endpoint; see {@link createChatClient}. */
export interface ChatClient {
  /** Streams one request; errors are thrown as ChatError after every earlier event was yielded. */
  stream(request: ChatRequest, options?: ChatRequestOptions): AsyncIterable<ChatStreamEvent>;
  /** Sends one non-streamed request and returns its normalized reply; errors are ChatErrors. */
  complete(request: ChatRequest, options?: ChatRequestOptions): Promise<ChatCompletionResult>;
}

/** A `fetch`-compatible function: the global `fetch`, or a test double (a function from a request to a response). */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
