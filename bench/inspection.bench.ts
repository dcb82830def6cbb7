// What Stately's inspector (@statelyai/inspect) receives over a turn, in bytes of JSON: a
// four-request turn and a turn that writes a 1 MB file, every 16-character chunk an event of its
// own. The goal (issue 33): at most twice the streamed text plus a bounded amount per event.
// Before the context was summarised for inspectors (machines/machine/inspection-summary.ts) the
// same four-request turn sent 3.8 MB, and a write sent 13 MB at 4 KB, 80 MB at 16 KB and 240 MB at
// 32 KB (quadratic: a copy of the reply per chunk; the issue saw 14.4 GB for 1 MB).
import { inspectBigWriteTurn, inspectFourRequestTurn, type InspectionBytes } from '../test/support/inspection-bytes.js';

const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

function print(name: string, m: InspectionBytes): void {
  const perEvent = (m.total - 2 * m.streamed) / m.events;
  console.log(
    `${name}: ${mb(m.total)} in ${m.events} events for ${m.streamed} streamed chars ` +
      `(${(m.total / m.streamed).toFixed(1)}x the text; ${Math.round(perEvent)} B per event beyond 2x the text)`,
  );
  for (const [type, { count, bytes }] of Object.entries(m.byType))
    console.log(`  ${type}: ${count} events, ${mb(bytes)}, ${Math.round(bytes / count)} B each`);
}

export async function run(): Promise<void> {
  print('four-request turn', await inspectFourRequestTurn());
  print('1 MB write', await inspectBigWriteTurn(1 << 20));
}
