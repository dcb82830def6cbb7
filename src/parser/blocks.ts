// The parser's output. Field names follow Cline so that UIs written for it read ours unchanged.

export interface TextStreamContent {
  type: 'text';
  content: string;
  partial: boolean;
}

export interface ReasoningStreamContent {
  type: 'reasoning';
  reasoning: string;
  partial: boolean;
}

export interface ToolUse {
  type: 'tool_use';
  name: string;
  params: Record<string, string>;
  partial: boolean;
  /** Deterministic: from the parser's idPrefix and the block's start offset (tag protocol), or the provider's id (native calls). */
  call_id: string;
  isNativeToolCall?: boolean;
  signature?: string;
}

export type AssistantMessageContent = TextStreamContent | ToolUse | ReasoningStreamContent;
