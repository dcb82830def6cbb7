// The page's wire tap: it keeps the first data lines of each response, shortened, and counts the
// rest without cutting them out, while the client still gets every byte.
import { describe, expect, it } from 'vitest';
import { countDataLines, createWireTap, summarizeDataLine, type WireRecord } from '../../../app/web/wire-tap.js';

const line = (i: number) =>
  `data: ${JSON.stringify({ choices: [{ delta: { content: `t${i}` }, finish_reason: null }] })}\n\n`;

describe('wire tap', () => {
  it('counts only lines that start with data:', () => {
    expect(countDataLines('data: 1\n\ndata: 2\n\n: data: comment\n{"x":"data:"}\n')).toBe(2);
    expect(countDataLines('data: 1\n\ndata: 2', 9)).toBe(1);
  });

  it('keeps 400 shortened lines, counts the others, and passes every byte on', async () => {
    const body = Array.from({ length: 3000 }, (_, i) => line(i)).join('') + 'data: [DONE]\n\n';
    const records: WireRecord[] = [];
    // In pieces of odd sizes, so lines and `data:` are cut across reads.
    const pieces: string[] = [];
    for (let i = 0; i < body.length; i += 997) pieces.push(body.slice(i, i + 997));
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
          controller.close();
        },
      });
    const tap = createWireTap(
      async () => new Response(stream(), { status: 200 }),
      (r) => records.push(r),
    );
    const response = await tap('http://x/v1/chat/completions', { method: 'POST' });
    expect(await response.text()).toBe(body);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const record = records.at(-1)!;
    expect(record.lines).toHaveLength(400);
    expect(record.lines[0]).toBe(summarizeDataLine(line(0).trim()));
    expect(record.lines.length + record.dropped).toBe(3001);
  });
});
