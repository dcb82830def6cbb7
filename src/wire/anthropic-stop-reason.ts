// Anthropic's stop reasons in OpenAI's finish_reason names, which the block assembler and the
// machine read ('length' cuts a tool call off, 'tool_calls' closes the native calls).

const STOP_REASONS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  refusal: 'content_filter',
  pause_turn: 'stop',
});

/** Anthropic's `stop_reason` as a finish reason; one not listed passes through as it came. */
export function anthropicFinishReason(stopReason: string): string {
  return STOP_REASONS[stopReason] ?? stopReason;
}
