// Reads a special token at a '<' followed by '|' or '｜' (`<|im_end|>`, `<｜tool▁sep｜>`).

import { isSpecialNameChar } from '../dialects/special-tokens.js';

const GT = 62;
export const PIPE = 124;
export const FULLWIDTH_PIPE = 0xff5c;

/** The input ends inside what may still become a token. */
export const SPECIAL_INCOMPLETE = -2;
/** Not a token. */
export const SPECIAL_NONE = -1;

/** The index after the token that starts at `lt` (`<` + bar), SPECIAL_INCOMPLETE, or SPECIAL_NONE. */
export function readSpecialToken(input: string, lt: number, maxLength: number): number {
  const bar = input.charCodeAt(lt + 1);
  const len = input.length;
  const limit = Math.min(len, lt + maxLength);
  let j = lt + 2;
  while (j < limit && isSpecialNameChar(input.charCodeAt(j))) j++;
  if (j === len) return SPECIAL_INCOMPLETE;
  if (input.charCodeAt(j) !== bar) return SPECIAL_NONE;
  if (j + 1 === len) return SPECIAL_INCOMPLETE;
  return input.charCodeAt(j + 1) === GT ? j + 2 : SPECIAL_NONE;
}
