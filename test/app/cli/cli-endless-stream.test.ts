// The CLI against a server whose stream never ends: exit 1, a clear message, bounded memory.
import { describe, expect, it } from 'vitest';
import { runEndlessStream } from '../../../scripts/endless-stream-rss.js';

describe('CLI against an endless stream', () => {
  it("exits 1 with the typed 'too-large' error, its peak RSS under 500 MB", async () => {
    const run = await runEndlessStream();
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/too-large.*maxReplyChars/);
    expect(run.bytesSent).toBeGreaterThan(4_000_000);
    if (run.peakRssMb !== null) expect(run.peakRssMb).toBeLessThan(500); // /proc is Linux-only
  }, 150_000);
});
