// The AI SDK UI message stream parts this package emits (ai@6's UIMessageChunk shapes), declared
// here so agent-turn/ui-message-stream needs nothing at run time: useChat and
// readUIMessageStream read them off the wire.

/** One part of an AI SDK UI message stream, as a turn emits them. */
export type UiMessagePart =
  | { type: 'start'; messageId?: string }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'finish'; finishReason?: 'stop' | 'length' | 'error' | 'other' | 'tool-calls' }
  | { type: 'error'; errorText: string }
  | { type: 'abort'; reason?: string }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'reasoning-start'; id: string }
  | { type: 'reasoning-delta'; id: string; delta: string }
  | { type: 'reasoning-end'; id: string }
  | { type: 'tool-input-start'; toolCallId: string; toolName: string }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: Record<string, string> }
  | { type: 'tool-approval-request'; approvalId: string; toolCallId: string }
  | { type: 'tool-output-available'; toolCallId: string; output: string }
  | { type: 'tool-output-error'; toolCallId: string; errorText: string }
  | { type: 'tool-output-denied'; toolCallId: string };
