// The page's turn with no page: the same model source, tools and machine settings as main.ts, no
// rendering, no inspection, no wire tap, every write approved at once. The browser test runs it
// in the same browser as the page to see what the page adds on top of the turn itself.
import { toPromise } from 'xstate';
import { WRITING_TOOL_NAMES } from '../tools/index.js';
import { createMemoryTools, createMemoryWorkspace } from '../tools/memory/index.js';
import { DEMO_FILES } from './files/demo-files.js';
import { byId } from './dom.js';
import { createModelSource } from './model-source.js';
import { paceMs, readPageOptions } from './page-options.js';
import { createTurnActor } from './conversation/turn-runner.js';

const options = readPageOptions(location.search);
const result = byId('result');

async function run() {
  const workspace = createMemoryWorkspace(DEMO_FILES);
  const made = createModelSource({
    kind: 'scripted',
    profile: options.profile,
    fault: options.fault,
    paceMs: paceMs(options.pace),
  });
  if (!made.ok) {
    result.textContent = JSON.stringify({ error: made.error });
    return;
  }
  const started = performance.now();
  const actor = createTurnActor(
    {
      client: made.client,
      model: made.model,
      task: options.task,
      tools: createMemoryTools(workspace),
      approval: WRITING_TOOL_NAMES,
      nativeTools: options.nativeTools,
      retryDelaysMs: [20, 40, 80],
    },
    () => {},
  );
  // Approve each write as soon as it is asked for, as a person clicking at once would.
  actor.subscribe((snapshot) => {
    if (snapshot.hasTag('awaiting-approval')) queueMicrotask(() => actor.send({ type: 'APPROVE' }));
  });
  actor.start();
  const output = await toPromise(actor);
  const ms = performance.now() - started;
  result.dataset.state = 'done';
  result.textContent = JSON.stringify({
    reason: output.reason,
    ms: Math.round(ms),
    files: Object.fromEntries(workspace.files().map((f) => [f, workspace.read(f)?.length ?? 0])),
  });
}

byId('run').addEventListener('click', () => void run());
