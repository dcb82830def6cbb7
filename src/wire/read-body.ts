// A response body read as text up to a cap, so that an endless body cannot exhaust memory.
export interface BodyText {
  text: string;
  /** False when the body went on past the cap (the rest was not read; the body is cancelled). */
  complete: boolean;
}

/** Reads at most `maxBytes` of `response`'s body as UTF-8; `onBytes` hears of each piece. */
export async function readBodyText(response: Response, maxBytes: number, onBytes?: () => void): Promise<BodyText> {
  const body = response.body;
  if (body === null) return { text: '', complete: true };
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onBytes?.();
    const room = maxBytes - bytes;
    if (value.byteLength > room) {
      parts.push(decoder.decode(value.subarray(0, room), { stream: true }));
      reader.cancel().catch(() => {});
      return { text: parts.join('') + decoder.decode(), complete: false };
    }
    bytes += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join(''), complete: true };
}
