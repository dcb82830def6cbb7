// The CLI with --json against a hostile model that writes a 60 MB file (issue 9, attack 6):
// NDJSON size against the file, peak RSS, exit code and leftovers, for a fast reader, a stalled
// reader, a Ctrl-C mid-stream and a reader that hangs up. Prints the figures as JSON.
//   node --import tsx scripts/json-write-rss.ts [MB]
import { fileURLToPath } from 'node:url';
import { runJsonWrite, type JsonWriteRun } from '../test/support/json-write-run.js';

const summary = (run: JsonWriteRun) => ({
  code: run.code,
  ndjsonMB: +(run.ndjsonBytes / 1e6).toFixed(1),
  ratio: +run.ratio.toFixed(3),
  lines: run.lineCount,
  peakRssMb: run.peakRssMb === null ? null : Math.round(run.peakRssMb),
  seconds: +run.seconds.toFixed(1),
  writtenBytes: run.writtenBytes ?? null,
  tempFiles: run.tempFiles,
  ...(run.interruptedMidWrite !== undefined ? { interruptedMidWrite: run.interruptedMidWrite } : {}),
  ...(run.verified ? { verified: run.verified } : {}),
  ...(run.code !== 0 && run.code !== 130 ? { stderrTail: run.stderrTail.slice(-500) } : {}),
});

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = Number(process.argv[2] ?? 60) * 1_000_000;
  console.log('fast reader', JSON.stringify(summary(await runJsonWrite({ bytes, verify: true }))));
  console.log('stalled reader (3 s)', JSON.stringify(summary(await runJsonWrite({ bytes, stallMs: 3_000 }))));
  console.log(
    'Ctrl-C in the stream (after 500 KB of NDJSON)',
    JSON.stringify(summary(await runJsonWrite({ bytes, interruptAfterBytes: 500_000 }))),
  );
  console.log(
    'Ctrl-C while the file is written',
    JSON.stringify(summary(await runJsonWrite({ bytes, interruptMidWrite: true }))),
  );
  console.log(
    'reader hangs up after 10 MB',
    JSON.stringify(summary(await runJsonWrite({ bytes, hangUpAfterBytes: 10_000_000 }))),
  );
}
