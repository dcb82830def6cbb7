// What the CLI's display costs: the approval diff of a large file (fileDiff, the `diff` library)
// and the terminal renderer streaming a long reply with every line wrapped to the width
// (wrap-ansi, string-width) into an emulated 80-column terminal, one draw per chunk (the CLI
// itself coalesces views and draws at most every 33 ms). Prints milliseconds.
import { fileDiff } from '../app/ui/file-diff.js';
import { revealInvisible } from '../app/ui/visible-text.js';
import { createTerminalRenderer } from '../app/cli/display/terminal-renderer.js';
import type { AgentTurnView, BlockView } from '../machines/view/turn-view-types.js';
import { FakeTerminal } from '../test/support/fake-terminal.js';

const RUNS = 5;

/** Wall time, or with `BENCH_CLOCK=cpu` this process's CPU time, which a loaded machine disturbs far less. */
const useCpuClock = process.env.BENCH_CLOCK === 'cpu';
function nowMs(): number {
  if (!useCpuClock) return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function timed(fn: () => void): number {
  const start = nowMs();
  fn();
  return nowMs() - start;
}

function best(label: string, fn: () => void): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) min = Math.min(min, timed(fn));
  console.log(`${label}: ${min.toFixed(1)} ms (best of ${RUNS})`);
  return min;
}

/**
 * Two variants timed in turn (a, b, a, b, …), best of each: a load that comes and goes during the
 * run then weighs on both alike, so their ratio holds where their absolute times do not.
 */
function bestOfPair(labels: [string, string], a: () => void, b: () => void): [number, number] {
  let minA = Number.POSITIVE_INFINITY;
  let minB = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    minA = Math.min(minA, timed(a));
    minB = Math.min(minB, timed(b));
  }
  console.log(`${labels[0]}: ${minA.toFixed(1)} ms (best of ${RUNS}, taken in turn with the next)`);
  console.log(`${labels[1]}: ${minB.toFixed(1)} ms (best of ${RUNS})`);
  return [minA, minB];
}

function view(text: string, streaming: boolean): AgentTurnView {
  const block: BlockView = {
    key: '0:0',
    request: 1,
    type: 'text',
    content: text,
    status: streaming ? 'streaming' : 'complete',
  };
  return {
    state: 'request.streaming',
    phase: 'streaming',
    request: 1,
    requests: [{ key: '0', index: 0, number: 1, attempt: 0, status: 'streaming', blocks: [block], retried: false }],
    blocks: [block],
    currentStreamingContentIndex: 0,
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
    tokens: { total: 0, reasoning: 0, estimated: true },
    context: { window: 128_000, budget: 120_000, tokens: 0, estimated: true, droppedMessages: 0, truncations: [] },
    done: false,
  } as AgentTurnView;
}

export function run(): void {
  if (useCpuClock) console.log('clock: process CPU time (BENCH_CLOCK=cpu)');
  const lines = Array.from({ length: 10_000 }, (_, i) => `  const value${i} = compute(${i}); // line ${i}`);
  const before = `${lines.join('\n')}\n`;
  const edited = lines.map((l, i) => (i % 200 === 0 ? `${l} // edited` : l));
  const after = `${edited.join('\n')}\n`;
  best(
    'fileDiff, 10,000-line file, 50 scattered edits',
    () => void fileDiff({ path: 'a.ts', change: 'edit', before, after }),
  );
  const rewritten = `${lines.map((l) => l.replace('compute', 'recompute')).join('\n')}\n`;
  best(
    'fileDiff, 10,000-line file, every line changed',
    () => void fileDiff({ path: 'a.ts', change: 'overwrite', before, after: rewritten }),
  );
  best('revealInvisible over 1 MB of code', () => void revealInvisible(before.repeat(3), { keepTabs: true }));

  const sentence = 'The parser streams a reply into blocks after every chunk, 日本語 included, and wraps café words. ';
  const reply = Array.from({ length: 400 }, (_, i) => `${sentence.repeat(3)}${i % 4 === 3 ? '\n\n' : ''}`).join('');
  const chunks = Math.ceil(reply.length / 16);
  // Markdown (marked + marked-terminal) renders each finished block once; `markdown: false` is
  // the renderer as it was before, printing the source: both in this run, for the ratio.
  const stream = (text: string, step: number, markdown: boolean) => () => {
    const term = new FakeTerminal(80, 40);
    const renderer = createTerminalRenderer({ out: term, live: true, markdown });
    for (let i = step; i < text.length; i += step) renderer.update(view(text.slice(0, i), true));
    renderer.finish(view(text, false), 'end');
  };
  const kb = (text: string) => `${(text.length / 1024).toFixed(0)} KB`;
  const [plain, ms] = bestOfPair(
    [
      `renderer, source only: a ${kb(reply)} reply in ${chunks} chunks of 16 characters, 80 columns`,
      `renderer, Markdown:    a ${kb(reply)} reply in ${chunks} chunks of 16 characters, 80 columns`,
    ],
    stream(reply, 16, false),
    stream(reply, 16, true),
  );
  console.log(`  Markdown / source only: ${(ms / plain).toFixed(2)}x`);
  const perDraw = ms / chunks;
  console.log(
    `  = ${(perDraw * 1000).toFixed(0)} µs per draw; the CLI draws at most every 33 ms, so at most ${((perDraw / 33) * 100).toFixed(1)}% of a core`,
  );
  const mb = reply.repeat(Math.ceil(1_048_576 / reply.length)).slice(0, 1_048_576);
  const [mbPlain, mbMarkdown] = bestOfPair(
    ['renderer, source only: a 1 MB reply in 4 KB draws', 'renderer, Markdown:    a 1 MB reply in 4 KB draws'],
    stream(mb, 4096, false),
    stream(mb, 4096, true),
  );
  console.log(`  Markdown / source only: ${(mbMarkdown / mbPlain).toFixed(2)}x`);
}
