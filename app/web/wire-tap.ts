// A fetch wrapper that shows what came over the wire: each response body is teed, and its SSE
// data lines are reduced to the part that differs between models (the delta, finish_reason,
// usage), so the page can show reasoning_content vs reasoning vs inline <think> side by side.
import type { FetchLike } from 'agent-turn';

export interface WireRecord {
  /** 1-based request number. */
  request: number;
  status: number;
  lines: string[];
  /** Lines not kept (beyond the cap). */
  dropped: number;
}

const MAX_LINES = 400;
const MAX_LINE_CHARS = 200;

/** One SSE data line, shortened: `{"reasoning_content":"The"}` rather than the whole chunk. */
export function summarizeDataLine(line: string): string {
  const data = line.slice(line.indexOf(':') + 1).trim();
  if (data === '[DONE]') return '[DONE]';
  let text = data;
  try {
    const chunk = JSON.parse(data) as {
      choices?: { delta?: unknown; finish_reason?: unknown }[];
      usage?: unknown;
      error?: unknown;
    };
    const parts: string[] = [];
    const choice = chunk.choices?.[0];
    if (choice?.delta !== undefined) parts.push(JSON.stringify(choice.delta));
    if (choice?.finish_reason != null) parts.push(`finish_reason: ${JSON.stringify(choice.finish_reason)}`);
    if (chunk.usage != null) parts.push(`usage: ${JSON.stringify(chunk.usage)}`);
    if (chunk.error != null) parts.push(`error: ${JSON.stringify(chunk.error)}`);
    if (parts.length > 0) text = parts.join('  ');
  } catch {
    text = `(not JSON) ${data}`;
  }
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
}

/** How many lines of `text` before `end` start with `data:`. */
export function countDataLines(text: string, end = text.length): number {
  let count = 0;
  for (let i = text.indexOf('data:'); i >= 0 && i < end; i = text.indexOf('data:', i + 5))
    if (i === 0 || text[i - 1] === '\n') count++;
  return count;
}

export function createWireTap(inner: FetchLike, onChange: (record: WireRecord) => void): FetchLike {
  let count = 0;
  return async (input, init) => {
    const response = await inner(input, init);
    const record: WireRecord = { request: ++count, status: response.status, lines: [], dropped: 0 };
    onChange(record);
    if (response.body === null) return response;
    const [mine, theirs] = response.body.tee();
    void (async () => {
      const reader = mine
        .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
        .getReader();
      let pending = '';
      const take = (line: string) => {
        if (line.startsWith('data:')) {
          if (record.lines.length < MAX_LINES) record.lines.push(summarizeDataLine(line));
          else record.dropped++;
        } else if (line.startsWith('{') && record.lines.length < MAX_LINES) {
          record.lines.push(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line); // a JSON error body
        }
      };
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          pending += value;
          if (record.lines.length < MAX_LINES) {
            const lines = pending.split('\n');
            pending = lines.pop() ?? '';
            for (const line of lines) take(line.trimEnd());
          } else {
            // Past the cap only the data lines are counted, without cutting the text into lines.
            const end = pending.lastIndexOf('\n') + 1;
            record.dropped += countDataLines(pending, end);
            pending = pending.slice(end);
          }
          onChange(record);
        }
        if (pending.trim() !== '') take(pending.trim());
      } catch {
        // The turn aborted the stream; what arrived is already recorded.
      }
      onChange(record);
    })();
    return new Response(theirs, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
