// Token-sized pieces of text: roughly what a real model streams per chunk (~3.6 characters).

const PIECE_SIZES = [4, 3, 4, 4, 3];

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The deterministic token-sized pieces of a text, one at a time; never splits a surrogate pair. */
export function* tokensOf(text: string): Generator<string, void, undefined> {
  let i = 0;
  let k = 0;
  while (i < text.length) {
    let end = Math.min(text.length, i + PIECE_SIZES[k++ % PIECE_SIZES.length]);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    yield text.slice(i, end);
    i = end;
  }
}

/** Splits text into deterministic token-sized pieces; never splits a surrogate pair. */
function splitIntoTokens(text: string): string[] {
  return [...tokensOf(text)];
}

export { estimateTokens } from '../../src/wire/estimate-tokens.js';

/**
 * The scripted model's own count of a prompt (its "tokenizer"): the request's messages and tools as
 * JSON at 3.5 characters a token. Deliberately not the client's estimate (4 characters a token plus
 * overheads): a client must rely on the reported `prompt_tokens`, as with a real model.
 */
export function countPromptTokens(messages: readonly unknown[], tools?: readonly unknown[]): number {
  const chars =
    JSON.stringify(messages).length + (tools !== undefined && tools.length > 0 ? JSON.stringify(tools).length : 0);
  return Math.ceil(chars / 3.5);
}
