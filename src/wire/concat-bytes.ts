/** `parts` (of `size` bytes in all) copied into one fresh array, whose buffer holds exactly them. */
export function concatBytes(parts: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}
