// The wire protocols a chat client speaks, and what each one's endpoint is called.

/**
 * The HTTP API a {@link ChatClient} speaks: OpenAI-compatible Chat Completions
 * (`POST {baseURL}/chat/completions`), Anthropic Messages (`POST {baseURL}/messages`) or OpenAI
 * Responses (`POST {baseURL}/responses`, stateless).
 */
export type ChatWire = 'chat-completions' | 'anthropic-messages' | 'responses';

/** Every {@link ChatWire}, the default first. */
export const CHAT_WIRES: readonly ChatWire[] = /* @__PURE__ */ Object.freeze([
  'chat-completions',
  'anthropic-messages',
  'responses',
]);

/** The path after `baseURL` each wire POSTs to. */
export const WIRE_PATHS: Readonly<Record<ChatWire, string>> = /* @__PURE__ */ Object.freeze({
  'chat-completions': '/chat/completions',
  'anthropic-messages': '/messages',
  responses: '/responses',
});

/** Whether `value` names a wire. */
export function isChatWire(value: unknown): value is ChatWire {
  return typeof value === 'string' && (CHAT_WIRES as readonly string[]).includes(value);
}
