// The JSON body of a chat request. A big one (a history that holds a 60 MB file) goes as a Blob
// made of pieces of its JSON, never as one string: fetch streams a Blob to the socket with its
// length known up front, where a string body is encoded whole and copied again on its way out
// (Node's fetch held the JSON string and two 60 MB buffers at once). A small one stays a string,
// as every fetch and test double expects.

/** Bodies of this many characters or more are sent as a Blob (where the runtime has Blob). */
export const BLOB_BODY_CHARS = 1 << 20;

const PIECE_CHARS = 1 << 16;

/** `body` as JSON: a string, or a Blob of it from {@link BLOB_BODY_CHARS} characters on. */
export function requestBody(body: unknown): string | Blob {
  // One walk: the pieces say the size too (a size check first would scan every string twice).
  const pieces = jsonPieces(body, PIECE_CHARS);
  let chars = 0;
  for (const piece of pieces) chars += piece.length;
  if (typeof Blob !== 'function' || chars < BLOB_BODY_CHARS) return pieces.join('');
  return new Blob(pieces, { type: 'application/json' });
}

/**
 * `JSON.stringify(value)` as pieces of about `pieceChars` characters (joined, they are exactly
 * that text), built without ever holding the whole text: a long string is escaped a slice at a
 * time, never between the halves of a surrogate pair. For plain JSON data (a value with its own
 * `toJSON` is written whole by JSON.stringify).
 */
export function jsonPieces(value: unknown, pieceChars: number): string[] {
  const pieces: string[] = [];
  let current = '';
  const put = (text: string) => {
    current += text;
    if (current.length >= pieceChars) {
      pieces.push(current);
      current = '';
    }
  };
  const putString = (text: string) => {
    if (text.length <= pieceChars) return put(JSON.stringify(text));
    put('"');
    for (let at = 0; at < text.length; ) {
      let end = Math.min(at + pieceChars, text.length);
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end = end - 1 > at ? end - 1 : end + 1;
      put(JSON.stringify(text.slice(at, end)).slice(1, -1));
      at = end;
    }
    put('"');
  };
  /** Writes `v`; false where JSON leaves it out (undefined, a function, a symbol). */
  const write = (v: unknown): boolean => {
    if (typeof v === 'string') {
      putString(v);
      return true;
    }
    if (v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      const text = JSON.stringify(v);
      if (text === undefined) return false;
      put(text);
      return true;
    }
    if (Array.isArray(v)) {
      put('[');
      v.forEach((item, i) => {
        if (i > 0) put(',');
        if (!write(item)) put('null');
      });
      put(']');
      return true;
    }
    put('{');
    let first = true;
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      put(first ? '' : ',');
      first = false;
      putString(key);
      put(':');
      write(item);
    }
    put('}');
    return true;
  };
  if (!write(value)) return [];
  if (current !== '') pieces.push(current);
  return pieces;
}
