// Attack 6 of issue 9: --json with a 60 MB write_to_file from a hostile model (test/support/
// huge-reply-model.ts). Before: 1.2 GB of NDJSON (every update re-printed the growing block),
// into a pipe an uncaught ENOBUFS, RSS 3.6 GB, a .tmp left. Now the block goes out once as
// deltas, the output line carries it once more, the reporter waits for the pipe, and Ctrl-C or a
// reader that hangs up leaves nothing behind. Figures: node --import tsx scripts/json-write-rss.ts
import { describe, expect, it } from 'vitest';
import { runJsonWrite } from '../support/json-write-run.js';

const BYTES = 60_000_000;

describe('--json with a 60 MB write_to_file', () => {
  // Peak RSS: 460–525 MiB in four runs (scripts/json-write-rss.ts), under the 600 MB: the
  // prompt is measured without building its JSON, the next request's body goes as a Blob of
  // pieces, and the reply's text is held once. What --json itself keeps (about 4 MB) is measured
  // exactly in test/app/cli/ndjson/ndjson-memory.test.ts.
  it('streams NDJSON of at most 2.5 times the file, which rebuilds it, at a peak RSS under 600 MB', async () => {
    const run = await runJsonWrite({ bytes: BYTES, verify: true });
    expect({ code: run.code, stderr: run.stderrTail, written: run.writtenBytes, tempFiles: run.tempFiles }).toEqual({
      code: 0,
      stderr: '',
      written: BYTES,
      tempFiles: [],
    });
    expect(run.verified).toMatchObject({ rebuiltContentLength: BYTES, outputReason: 'completed' });
    expect(run.ratio).toBeLessThanOrEqual(2.5);
    if (run.peakRssMb !== null) expect(run.peakRssMb).toBeLessThan(600); // /proc is Linux-only
  }, 180_000);

  it('exits 130 on a Ctrl-C while the file is being written, leaving no .tmp', async () => {
    const run = await runJsonWrite({ bytes: BYTES, interruptMidWrite: true });
    expect({ code: run.code, interruptedMidWrite: run.interruptedMidWrite, tempFiles: run.tempFiles }).toEqual({
      code: 130,
      interruptedMidWrite: true,
      tempFiles: [],
    });
  }, 180_000);

  it('ends quietly when the reader hangs up (EPIPE), leaving no .tmp', async () => {
    const run = await runJsonWrite({ bytes: BYTES, hangUpAfterBytes: 1_000_000 });
    expect(run.stderrTail).toBe('');
    expect(run.tempFiles).toEqual([]);
    expect(run.code).toBe(0);
  }, 180_000);
});
