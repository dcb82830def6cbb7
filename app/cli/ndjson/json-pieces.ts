// JSON text of a value in pieces of bounded size, so a value holding a 60 MB string is written
// without building (and buffering) its whole text at once. The pieces joined are the value's JSON
// (an Error as its fields, see json-safe.ts); a long string is cut anywhere — a surrogate pair
// cut in two is written as two \u escapes, which a JSON reader joins again.
import { errorFields } from './json-safe.js';

/** Yields the JSON of `value` in pieces; strings longer than `pieceChars` are split across pieces. */
export function* jsonPieces(value: unknown, pieceChars: number): Generator<string> {
  const nonce = `\u0000${Math.random().toString(36).slice(2)}${Date.now().toString(36)}:`;
  const long: string[] = [];
  const skeleton = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Error) return errorFields(v);
    if (typeof v === 'string' && v.length > pieceChars) {
      long.push(v);
      return `${nonce}${long.length - 1}`;
    }
    return v;
  });
  if (skeleton === undefined) return;
  const marker = JSON.stringify(nonce).slice(1, -1);
  /** The skeleton between two long strings, itself in pieces. */
  function* between(from: number, to: number): Generator<string> {
    for (let at = from; at < to; at += pieceChars) yield skeleton!.slice(at, Math.min(to, at + pieceChars));
  }
  let at = 0;
  for (let i = 0; i < long.length; i++) {
    const placeholder = `"${marker}${i}"`;
    const found = skeleton.indexOf(placeholder, at);
    yield* between(at, found + 1);
    const text = long[i];
    for (let from = 0; from < text.length; from += pieceChars)
      yield JSON.stringify(text.slice(from, from + pieceChars)).slice(1, -1);
    yield '"';
    at = found + placeholder.length;
  }
  yield* between(at, skeleton.length);
}
