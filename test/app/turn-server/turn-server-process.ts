// `agent-turn serve` for the browser tests, in a process of its own (the test page cannot start
// one): the harness's server at one of the two paces, answering the page's origin. It prints one
// line `ready {url, root}`, then `end {turnId, protocol, reason}` per finished turn, and runs until
// it is killed. Started by turn-server-commands.ts: node --import tsx this-file '{"pace":0,"origin":"…"}'.
import { PACES, startTestTurnServer } from './turn-server-harness.js';

const config = JSON.parse(process.argv[2] ?? '{}') as { pace?: number; origin?: string };
const pace = PACES[config.pace ?? 0];
if (!pace || typeof config.origin !== 'string') {
  process.stderr.write('usage: turn-server-process.ts \'{"pace":0|1,"origin":"http://…"}\'\n');
  process.exit(2);
}
const cleanups: (() => Promise<void>)[] = [];
const args = [...(await pace.args(cleanups)), '--allow-origin', config.origin];
const served = await startTestTurnServer(args, {
  onTurnEnd: (end) => process.stdout.write(`end ${JSON.stringify(end)}\n`),
});
process.stdout.write(`ready ${JSON.stringify({ url: served.server.url, root: served.root })}\n`);
const stop = async () => {
  await served.close();
  for (const c of cleanups) await c();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
