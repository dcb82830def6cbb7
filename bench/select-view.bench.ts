// selectView on every snapshot of a long turn (the scripted agent reads 40 files, one per
// request): the cost of a view late in the turn against one early in it. A view costs the
// current reply's blocks; recorded requests are viewed once (their RequestView is reused).
import { createActor, toPromise } from 'xstate';
import { agentTurnMachine } from '../machines/machine/agent-turn-machine.js';
import { selectView } from '../machines/view/select-view.js';
import { createScriptedModel } from '../scripted/scripted-model.js';
import { createChatClient } from '../src/wire/chat-client.js';

const FILES = 40;

async function snapshotsOfLongTurn() {
  const files = new Map(Array.from({ length: FILES }, (_, i) => [`src/f${i}.ts`, `export const v${i} = ${i};\n`]));
  const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 0 }) });
  const actor = createActor(agentTurnMachine, {
    input: {
      client,
      model: 'scripted',
      maxRequests: 100,
      messages: [{ role: 'user', content: 'Read every file in src/ and write notes.md' }],
      tools: {
        list_files: () => [...files.keys()].map((k) => k.slice(4)).join('\n'),
        read_file: (use) => files.get(use.params.path ?? '') ?? { content: 'missing', isError: true },
        write_to_file: () => 'ok',
      },
    },
  });
  const snapshots: ReturnType<typeof actor.getSnapshot>[] = [];
  actor.subscribe((s) => snapshots.push(s));
  const done = toPromise(actor);
  actor.start();
  const out = await done;
  return { snapshots, requests: out.requests.length };
}

export async function run(): Promise<void> {
  const { snapshots, requests } = await snapshotsOfLongTurn();
  // Each pass views the turn as a UI would, snapshot after snapshot, on a fresh turn's objects.
  const passes: { early: number; late: number; total: number }[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const fresh = await snapshotsOfLongTurn();
    const times = fresh.snapshots.map((s) => {
      const t0 = performance.now();
      selectView(s);
      return performance.now() - t0;
    });
    const tenth = Math.max(1, Math.floor(times.length / 10));
    const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length) * 1000;
    passes.push({
      early: mean(times.slice(0, tenth)),
      late: mean(times.slice(-tenth)),
      total: times.reduce((a, b) => a + b, 0),
    });
  }
  const best = passes.reduce((a, b) => (b.total < a.total ? b : a));
  console.log(
    `a ${requests}-request turn, ${snapshots.length} snapshots: selectView ${best.early.toFixed(1)} µs in the first tenth, ` +
      `${best.late.toFixed(1)} µs in the last tenth (×${(best.late / best.early).toFixed(1)}); ${best.total.toFixed(1)} ms for all (best of 5)`,
  );
}
