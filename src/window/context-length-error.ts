// Whether a provider refused a request because its prompt is too long for the model's context
// window. The wordings are the providers' own (OpenAI and the many servers that copy it — vLLM,
// DeepSeek, Groq, OpenRouter —, Anthropic, Google, xAI, Mistral, llama.cpp, LM Studio, Bedrock).

/** Error codes and types that name the problem. */
const CODES = new Set([
  'context_length_exceeded',
  'exceed_context_size_error',
  'string_above_max_length',
  'request_too_large',
  'model_context_window_exceeded',
]);

/** Phrases of the providers' messages, lower-cased. */
const PHRASES = [
  'maximum context length', // OpenAI, vLLM, DeepSeek, Groq, OpenRouter ("This endpoint's maximum context length is …")
  'context_length_exceeded',
  'context length exceeded',
  'prompt is too long', // Anthropic: "prompt is too long: 215000 tokens > 200000 maximum"
  'exceed context limit', // Anthropic: "input length and `max_tokens` exceed context limit: …"
  'exceeds the maximum number of tokens allowed', // Google Gemini: "The input token count (…) exceeds the maximum number of tokens allowed (…)"
  'maximum prompt length', // xAI: "This model's maximum prompt length is 131072 but the request contains …"
  'exceeds the available context size', // llama.cpp server
  'exceeds the context window', // generic gateways
  'exceeds model context window',
  'context window exceeded',
  'too large for model with', // Mistral: "Prompt contains … tokens …, too large for model with … maximum context length"
  'input is too long', // AWS Bedrock
  'reduce the length of the messages', // OpenAI's advice line, also on its own
  'loaded with context length of only', // LM Studio
  'context overflow', // gateways
];

/**
 * True when `error` (a ChatError, or any value with `message` / `providerMessage` / `providerCode`)
 * says the prompt does not fit the model's context window (llama.cpp sends it with status 500).
 */
export function isContextLengthError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const e = error as {
    status?: unknown;
    code?: unknown;
    providerCode?: unknown;
    providerMessage?: unknown;
    message?: unknown;
  };
  // A rate limit is never about the prompt's length, whatever its message says.
  if (e.status === 429) return false;
  const code = typeof e.providerCode === 'string' ? e.providerCode.toLowerCase() : '';
  if (CODES.has(code)) return true;
  const text =
    `${typeof e.providerMessage === 'string' ? e.providerMessage : ''}\n${typeof e.message === 'string' ? e.message : ''}`.toLowerCase();
  return PHRASES.some((phrase) => text.includes(phrase));
}
