// The scripted model as a real network delivers it: random read boundaries (seeded), jittered
// waits, usage in a last chunk of its own after a delay, or no usage at all.
import { describe, expect, it } from 'vitest';
import { createScriptedModel, type ScriptedModelOptions } from '../../../scripted/scripted-model.js';
import { cutRead, jitteredDelay } from '../../../scripted/endpoint/scripted-stream.js';
import { seededRandom } from '../../../scripted/endpoint/scripted-random.js';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import type { ChatStreamEvent } from '../../../src/wire/types.js';
import { chunks, post, streamBody } from '../../support/scripted-helpers.js';

const task = [{ role: 'user' as const, content: 'Read README.md and write notes.md — with “quotes” and é' }];

/** The body's reads, each as the bytes it carried and when it arrived. */
async function reads(options: ScriptedModelOptions, model = 'scripted:glm-5.1') {
  const response = await post(createScriptedModel(options), streamBody(model, task));
  const reader = response.body!.getReader();
  const out: { bytes: Uint8Array; at: number }[] = [];
  const start = performance.now();
  for (let r = await reader.read(); !r.done; r = await reader.read())
    out.push({ bytes: r.value, at: performance.now() - start });
  return out;
}

function text(parts: { bytes: Uint8Array }[]): string {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.bytes.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p.bytes, at);
    at += p.bytes.length;
  }
  return new TextDecoder().decode(all);
}

async function events(options: ScriptedModelOptions, model = 'scripted:glm-5.1'): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  const response = await post(createScriptedModel(options), streamBody(model, task));
  for await (const e of readChatCompletionStream(response)) out.push(e);
  return out;
}

describe('random network reads', () => {
  it('cut the same bytes elsewhere: events split over reads and several in one', async () => {
    const paced = { pace: { firstTokenMs: 0, tokenMs: 0.01 } }; // a wait before every token: a read per event
    const plain = await reads(paced);
    const split = await reads({ ...paced, randomChunks: true, seed: 7 });
    expect(text(split)).toBe(text(plain));
    const boundaries = (parts: { bytes: Uint8Array }[]) => parts.map((p) => new TextDecoder().decode(p.bytes));
    // Without the option every read ends with an event; with it, some reads end inside an event and some hold two.
    expect(boundaries(plain).every((t) => t.endsWith('\n\n'))).toBe(true);
    expect(boundaries(split).some((t) => !t.endsWith('\n\n'))).toBe(true);
    expect(boundaries(split).some((t) => t.split('\n\n').length > 2)).toBe(true);
  });

  it('are the same for the same seed and differ for another', async () => {
    const sizes = async (seed: number) =>
      (await reads({ pace: 0, randomChunks: true, seed })).map((r) => r.bytes.length);
    expect(await sizes(3)).toEqual(await sizes(3));
    expect(await sizes(3)).not.toEqual(await sizes(4));
  });

  it('cut a UTF-8 character in two somewhere, and the reader still gives the same events', async () => {
    const bytes = new TextEncoder().encode('data: {"é":"“x”"}\n\n');
    let cutInside = false;
    for (let seed = 0; seed < 50 && !cutInside; seed++) {
      const parts = cutRead(bytes, seededRandom(seed));
      expect(parts.reduce((n, p) => n + p.length, 0)).toBe(bytes.length);
      cutInside = parts.some((p) => new TextDecoder('utf-8', { fatal: false }).decode(p).includes('\uFFFD'));
    }
    expect(cutInside).toBe(true);
    expect(await events({ pace: 0, randomChunks: true, seed: 11 })).toEqual(await events({ pace: 0 }));
  });
});

describe('timing', () => {
  it('jitter moves each wait by at most jitterMs and keeps pace 0 free of timers', () => {
    const shape = { jitterMs: 4, randomChunks: false, random: seededRandom(1) };
    const waits = Array.from({ length: 100 }, () => jitteredDelay(10, shape));
    for (const w of waits) expect(Math.abs(w - 10)).toBeLessThanOrEqual(4);
    expect(new Set(waits).size).toBeGreaterThan(10);
    expect(Array.from({ length: 100 }, () => jitteredDelay(0, shape)).every((w) => w === 0)).toBe(true);
  });

  it('sends usage last, in a chunk of its own, usageDelayMs after the finish', async () => {
    const parts = await reads({ pace: { firstTokenMs: 0, tokenMs: 0 }, usageDelayMs: 60 });
    const sse = text(parts);
    const all = chunks(sse);
    const last = all.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage?.completion_tokens).toBeGreaterThan(0);
    expect(all.at(-2)!.choices[0].finish_reason).toBe('stop');
    const finishRead = parts.findIndex((p) => new TextDecoder().decode(p.bytes).includes('"finish_reason":"stop"'));
    const usageRead = parts.findIndex((p) => new TextDecoder().decode(p.bytes).includes('"completion_tokens"'));
    expect(usageRead).toBe(finishRead + 1);
    expect(parts[usageRead].at - parts[finishRead].at).toBeGreaterThanOrEqual(50);
  });

  it("'no-usage' sends no usage chunk at all, on every reply", async () => {
    const sse = text(await reads({ pace: 0, faults: ['no-usage'] }));
    expect(sse).not.toContain('"usage"');
    expect(sse).toContain('"finish_reason":"stop"');
    expect(sse.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('refuses options it cannot use', () => {
    expect(() => createScriptedModel({ pace: { jitterMs: -1 } })).toThrow(/pace\.jitterMs/);
    expect(() => createScriptedModel({ usageDelayMs: Number.NaN })).toThrow(/usageDelayMs/);
    expect(() => createScriptedModel({ seed: 1.5 })).toThrow(/seed/);
    expect(() => createScriptedModel({ randomChunks: 'yes' as unknown as boolean })).toThrow(/randomChunks/);
  });
});
