// The parser's output. Field names follow Cline so that UIs written for it read ours unchanged.

import type { DialectName } from '../protocol/dialect-names.js';

/** Prose between tool uses; `partial` while more of it may still arrive. */
export interface TextStreamContent {
  type: 'text';
  content: string;
  partial: boolean;
}

/** The model's thinking (a reasoning tag such as `<think>`, or a reasoning field of the stream); `partial` until it closed. */
export interface ReasoningStreamContent {
  type: 'reasoning';
  reasoning: string;
  partial: boolean;
}

/**
 * A tool use: its name and the parameters read so far. `partial` until its close tag (or, for a
 * native call, the end of the reply) arrived; a partial tool use must never run.
 */
export interface ToolUse {
  type: 'tool_use';
  name: string;
  /** Parameter name → value; a value still streaming holds what arrived so far. */
  params: Record<string, string>;
  partial: boolean;
  /** Deterministic: from the parser's idPrefix and the block's start offset (tag protocol), or the provider's id (native calls). */
  call_id: string;
  /** The block came from an OpenAI `tool_calls` entry, not from tags in the content. */
  isNativeToolCall?: boolean;
  /** A provider's signature of the call, kept as given. */
  signature?: string;
  /** The call was recovered from another dialect than Cline's XML (e.g. `'hermes'`); absent for Cline's XML and native calls. */
  dialect?: DialectName;
  /**
   * Why a native call's complete arguments cannot be used (nested deeper than the 100 levels
   * read): the call stays partial, never runs, and its result tells the model this.
   */
  argumentsProblem?: string;
}

/** One block of a reply, in reply order: text, reasoning or a tool use. */
export type AssistantMessageContent = TextStreamContent | ToolUse | ReasoningStreamContent;
