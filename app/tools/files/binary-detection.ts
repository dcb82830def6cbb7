/**
 * Text or not: a NUL byte, or bytes that are not UTF-8, mean binary. When the buffer was cut
 * short, an incomplete character at its very end is forgiven.
 */
export function looksBinary(bytes: Uint8Array, cutShort = false): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) return true;
  let end = bytes.length;
  if (cutShort) end = completeCharacterEnd(bytes);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return false;
  } catch {
    return true;
  }
}

/** Length of the buffer without a trailing, unfinished UTF-8 sequence. */
export function completeCharacterEnd(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back];
    if ((b & 0xc0) === 0x80) continue; // continuation byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
