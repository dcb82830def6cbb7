// Anthropic Messages streams, written to follow the event flow of Anthropic's "Streaming
// Messages" page (https://platform.claude.com/docs/build-with-claude/streaming, formerly
// docs.anthropic.com/en/api/messages-streaming): message_start with an empty content, then per
// content block a content_block_start, its deltas and a content_block_stop (thinking blocks
// end with one signature_delta before their stop), pings anywhere, one message_delta with the
// stop reason and the cumulative usage, then message_stop; an `error` event (overloaded_error)
// may come mid-stream. Ids, signatures and texts are made up for these tests.
import { sseEvent } from './sse-event.js';

const MODEL = 'claude-sonnet-4-5';

function messageStart(id: string, usage: Record<string, number>): string {
  return sseEvent({
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      content: [],
      model: MODEL,
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
}

const start = (index: number, content_block: Record<string, unknown>) =>
  sseEvent({ type: 'content_block_start', index, content_block });
const delta = (index: number, d: Record<string, unknown>) => sseEvent({ type: 'content_block_delta', index, delta: d });
const stop = (index: number) => sseEvent({ type: 'content_block_stop', index });
const PING = 'event: ping\ndata: {"type": "ping"}\n\n';
const MESSAGE_STOP = sseEvent({ type: 'message_stop' });
const messageDelta = (stop_reason: string, output_tokens: number) =>
  sseEvent({ type: 'message_delta', delta: { stop_reason, stop_sequence: null }, usage: { output_tokens } });

/** The signature of the thinking block of {@link ANTHROPIC_THINKING_TOOLS} (what goes back, byte for byte). */
export const ANTHROPIC_SIGNATURE =
  'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds+Cm1kd5zuJPUYtXWPfCEQj4dgr0nVRAV0cWz0H0+c/tFL2m/nEpGKlHDM/9vo3fGoeR==';

/** The thinking text of {@link ANTHROPIC_THINKING_TOOLS}, as its deltas join. */
export const ANTHROPIC_THINKING = 'The user wants a.ts read and b.ts written.\nI will call both tools — é🙂.';

/** Thinking with a signature, a sentence, then two tool_use blocks (stop_reason tool_use). */
export const ANTHROPIC_THINKING_TOOLS =
  messageStart('msg_01XFDUDYJgAACzvnptvVoYEL', {
    input_tokens: 472,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 2048,
    output_tokens: 2,
  }) +
  start(0, { type: 'thinking', thinking: '', signature: '' }) +
  PING +
  delta(0, { type: 'thinking_delta', thinking: 'The user wants a.ts read' }) +
  delta(0, { type: 'thinking_delta', thinking: ' and b.ts written.\nI will call both tools' }) +
  delta(0, { type: 'thinking_delta', thinking: ' — é🙂.' }) +
  delta(0, { type: 'signature_delta', signature: ANTHROPIC_SIGNATURE }) +
  stop(0) +
  start(1, { type: 'text', text: '' }) +
  delta(1, { type: 'text_delta', text: 'Reading a.ts, then ' }) +
  delta(1, { type: 'text_delta', text: 'writing b.ts.' }) +
  stop(1) +
  start(2, { type: 'tool_use', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'read_file', input: {} }) +
  delta(2, { type: 'input_json_delta', partial_json: '' }) +
  delta(2, { type: 'input_json_delta', partial_json: '{"path": "a' }) +
  delta(2, { type: 'input_json_delta', partial_json: '.ts"}' }) +
  stop(2) +
  start(3, { type: 'tool_use', id: 'toolu_01QjZbLh4pKkq9v2dXeZ3b7R', name: 'write_to_file', input: {} }) +
  delta(3, { type: 'input_json_delta', partial_json: '{"path": "b.ts", "con' }) +
  delta(3, { type: 'input_json_delta', partial_json: 'tent": "x = 1\\n"}' }) +
  stop(3) +
  messageDelta('tool_use', 89) +
  MESSAGE_STOP;

/** The encrypted data of {@link ANTHROPIC_REDACTED}'s redacted_thinking block. */
export const ANTHROPIC_REDACTED_DATA =
  'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB4URj2pYmb4OwNLsnGJpLMIKkMB8yNa8RcGkcDFuq';

/** A redacted_thinking block (whole in its start), then text; stop_reason end_turn. */
export const ANTHROPIC_REDACTED =
  messageStart('msg_01RedactedThinking000001', { input_tokens: 30, output_tokens: 1 }) +
  start(0, { type: 'redacted_thinking', data: ANTHROPIC_REDACTED_DATA }) +
  stop(0) +
  start(1, { type: 'text', text: '' }) +
  delta(1, { type: 'text_delta', text: 'Done.' }) +
  stop(1) +
  messageDelta('end_turn', 12) +
  MESSAGE_STOP;

/** Text, then an overloaded_error event mid-stream (the HTTP 529 of a streamed request). */
export const ANTHROPIC_OVERLOADED_MID_STREAM =
  messageStart('msg_01Overloaded00000000001', { input_tokens: 25, output_tokens: 1 }) +
  start(0, { type: 'text', text: '' }) +
  delta(0, { type: 'text_delta', text: 'Let me look at' }) +
  'event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n\n';

/** max_tokens reached inside a tool_use block's input: the block stops, stop_reason max_tokens. */
export const ANTHROPIC_MAX_TOKENS_IN_TOOL =
  messageStart('msg_01MaxTokensInTool000001', { input_tokens: 40, output_tokens: 1 }) +
  start(0, { type: 'tool_use', id: 'toolu_01MaxTok0000000000000001', name: 'write_to_file', input: {} }) +
  delta(0, { type: 'input_json_delta', partial_json: '{"path": "big.ts", "content": "line 1\\nline' }) +
  stop(0) +
  messageDelta('max_tokens', 16) +
  MESSAGE_STOP;
