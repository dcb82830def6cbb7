// Token-sized pieces of text: roughly what a real model streams per chunk (~3.6 characters).

const PIECE_SIZES = [4, 3, 4, 4, 3];

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Splits text into deterministic token-sized pieces; never splits a surrogate pair. */
export function splitIntoTokens(text: string): string[] {
  const pieces: string[] = [];
  let i = 0;
  let k = 0;
  while (i < text.length) {
    let end = Math.min(text.length, i + PIECE_SIZES[k++ % PIECE_SIZES.length]);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    pieces.push(text.slice(i, end));
    i = end;
  }
  return pieces;
}

export { estimateTokens } from '../wire/estimate-tokens.js';
