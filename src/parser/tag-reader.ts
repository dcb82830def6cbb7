// Reads one tag candidate at a '<'. Results go to a reusable record instead of a fresh object:
// this runs at every '<' of the input, including megabytes of TSX.

const SLASH = 47,
  GT = 62;

export const TAG_NONE = 0; // not a tag this parser could ever count: ordinary text
export const TAG_INCOMPLETE = 1; // the input ends inside something that may still become a tag
export const TAG_COMPLETE = 2; // `<name>` or `</name>`

export interface TagRecord {
  closing: boolean;
  /** The name (complete tag) or the name so far (incomplete tag). */
  name: string;
  /** Index just after '>' (complete tags). */
  end: number;
}

function isNameChar(c: number): boolean {
  // [A-Za-z0-9_.-]; whether the name is known is decided by a Map lookup afterwards
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

/** Reads the tag starting at `input[lt] === '<'`. Names longer than `maxName` are never tags. */
export function readTag(input: string, lt: number, maxName: number, out: TagRecord): number {
  const len = input.length;
  let j = lt + 1;
  out.closing = false;
  // Stryker disable next-line BlockStatement: without it the input end is found below alike: an empty name, TAG_INCOMPLETE
  if (j === len) {
    out.name = '';
    return TAG_INCOMPLETE;
  }
  if (input.charCodeAt(j) === SLASH) {
    out.closing = true;
    j++;
  }
  const nameStart = j;
  // Stryker disable next-line MethodExpression: past the input charCodeAt is NaN, no name character: the limit only bounds the scan of a long name
  const limit = Math.min(len, nameStart + maxName + 1);
  while (j < limit && isNameChar(input.charCodeAt(j))) j++;
  if (j - nameStart > maxName) return TAG_NONE;
  if (j === len) {
    out.name = input.slice(nameStart, j);
    return TAG_INCOMPLETE;
  }
  if (j === nameStart || input.charCodeAt(j) !== GT) return TAG_NONE;
  out.name = input.slice(nameStart, j);
  out.end = j + 1;
  return TAG_COMPLETE;
}
