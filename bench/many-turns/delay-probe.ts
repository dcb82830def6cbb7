// The machine's own floor: an idle Node process measuring its event-loop delay while a run goes
// on. On a shared machine its p99 is what any process would see with no work of its own.
// Prints {"p99Ms":…,"maxMs":…} when stdin closes.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.stdin.resume();
process.stdin.on('end', () => {
  loop.disable();
  process.stdout.write(`${JSON.stringify({ p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 })}\n`);
  process.exit(0);
});
