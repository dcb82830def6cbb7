// The large-file scenario and the scripted stream's reads: "Write a large file" writes about 1 MB,
// byte for byte the same every time, and a fast stream arrives in network-sized reads, one per
// task, so a reader never holds the event loop for the whole reply.
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../../scripted/scripted-model.js';
import {
  asksForLargeFile,
  LARGE_FILE_CHARS,
  LARGE_FILE_PATH,
  largeFileContent,
} from '../../../scripted/agent/scripted-large-file.js';
import { readTaskIntent } from '../../../scripted/agent/scripted-task.js';
import { framesToStream, READ_CHARS } from '../../../scripted/endpoint/scripted-stream.js';
import { runLoop } from '../../support/scripted-agent-loop.js';

describe('the large-file scenario', () => {
  it('is asked for in plain words, and names its file unless the task does', () => {
    expect(asksForLargeFile('Write a large file')).toBe(true);
    expect(asksForLargeFile('create a BIG file please')).toBe(true);
    expect(asksForLargeFile('Write notes.md')).toBe(false);
    expect(readTaskIntent('Write a large file')).toMatchObject({ large: true, writePath: LARGE_FILE_PATH });
    expect(readTaskIntent('Write a large file to out/big.txt')).toMatchObject({
      large: true,
      writePath: 'out/big.txt',
    });
    expect(readTaskIntent('Write notes.md').large).toBeUndefined();
  });

  it('is about 1 MB of numbered lines, the same every time, with no closing tag inside', () => {
    const content = largeFileContent();
    expect(content).toHaveLength(LARGE_FILE_CHARS);
    expect(largeFileContent()).toBe(content);
    expect(content.startsWith('line 000001: if (a < b && b > 1)')).toBe(true);
    expect(content).not.toContain('</content>');
    expect(content.split('\n').length).toBeGreaterThan(10_000);
  });

  it('is written whole by the scripted agent', async () => {
    const run = await runLoop(createScriptedModel({ pace: 0 }), 'scripted', 'Write a large file', {
      'README.md': '# Big\n',
    });
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'read_file', 'write_to_file', 'attempt_completion']);
    expect(run.files.get(LARGE_FILE_PATH)).toBe(largeFileContent());
  }, 60_000);
});

describe('scripted stream reads', () => {
  it('joins frames without a wait into reads of at most READ_CHARS, keeping every byte', async () => {
    const frames = Array.from({ length: 5000 }, (_, i) => ({
      text: `data: ${String(i).padStart(40, '.')}\n\n`,
      delayMs: 0,
    }));
    const reader = framesToStream(frames).getReader();
    const decoder = new TextDecoder();
    const reads: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) reads.push(decoder.decode(r.value));
    expect(reads.join('')).toBe(frames.map((f) => f.text).join(''));
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.length).toBeLessThan(frames.length / 10);
    for (const read of reads) expect(read.length).toBeLessThanOrEqual(READ_CHARS);
    // Reads end at frame edges.
    for (const read of reads) expect(read.endsWith('\n\n')).toBe(true);
  });

  it('lets other tasks run between reads of a fast stream', async () => {
    const frames = Array.from({ length: 10_000 }, (_, i) => ({
      text: `data: ${String(i).padStart(90, '.')}\n\n`,
      delayMs: 0,
    }));
    let ticks = 0;
    let stop = false;
    const tick = () => {
      ticks++;
      if (!stop) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const text = await new Response(framesToStream(frames)).text();
    stop = true;
    expect(text.length).toBeGreaterThan(900_000);
    // About 15 reads; timers got to run while they came.
    expect(ticks).toBeGreaterThan(1);
  });
});
