// The length of a value's JSON text, counted without building the text: a prompt's size is
// estimated before every request, and JSON.stringify of a history that holds a 60 MB file made a
// 60 MB string each time only to read its length. Cost: one regex scan of every string, a
// step per character that JSON escapes.

/** `JSON.stringify(value).length`, counted: 0 where JSON.stringify gives undefined. */
export function jsonLength(value: unknown): number {
  return lengthOf(value, false) ?? 0;
}

/** undefined where JSON leaves the value out (undefined, a function, a symbol). */
function lengthOf(value: unknown, inArray: boolean): number | undefined {
  switch (typeof value) {
    case 'string':
      return stringLength(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4; // NaN and ±Infinity are null
    case 'boolean':
      return value ? 4 : 5;
    case 'undefined':
    case 'function':
    case 'symbol':
      return inArray ? 4 : undefined;
    case 'bigint':
      return JSON.stringify(value).length; // throws, as JSON.stringify does
  }
  if (value === null) return 4;
  // Anything with its own JSON form (a Date, …) is asked for it.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value)?.length;
  if (Array.isArray(value)) {
    let total = 2 + Math.max(0, value.length - 1); // brackets and commas
    for (const item of value) total += lengthOf(item, true) ?? 4;
    return total;
  }
  let total = 2;
  let members = 0;
  for (const key of Object.keys(value as object)) {
    const item = lengthOf((value as Record<string, unknown>)[key], false);
    if (item === undefined) continue;
    total += stringLength(key) + 1 + item; // "key":value
    members++;
  }
  return total + Math.max(0, members - 1);
}

/** The characters JSON.stringify may escape: quotes, backslashes, controls, and surrogates (lone ones are escaped). */
const MAY_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/g;

/**
 * A JSON string's length: quotes, and the escapes JSON.stringify writes. The regex engine skips
 * the plain runs; only the characters it stops at are looked at here.
 */
function stringLength(text: string): number {
  let total = text.length + 2;
  MAY_ESCAPE.lastIndex = 0;
  while (MAY_ESCAPE.test(text)) {
    const i = MAY_ESCAPE.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) total += 1;
    else if (c < 0x20)
      total += 5; // \u00XX
    else if (c <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1)))
      MAY_ESCAPE.lastIndex = i + 2; // a pair, as is
    else total += 5; // a lone surrogate, written \uXXXX
  }
  return total;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
