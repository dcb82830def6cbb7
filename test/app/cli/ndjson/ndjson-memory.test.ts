// The reporter's own memory, measured in-process with collections forced: a 60 MB parameter that
// grows 64 KiB at a time through 900+ views, into a pipe that is full every other write, costs
// the reporter a few MB beyond the content itself (4 MB here), and the NDJSON carries the content
// once (plus its escapes).
// (The whole CLI's peak RSS on the same turn is in test/security/json-output.test.ts.)
import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createNdjsonReporter } from '../../../../app/cli/ndjson/ndjson-reporter.js';
import type { AgentTurnView, ToolBlockView } from '../../../../machines/view/turn-view-types.js';
import type { AgentTurnOutput } from '../../../../machines/machine/agent-turn-types.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Full every other write, drained on the next turn of the event loop; counts what it got. */
class SlowPipe extends EventEmitter {
  bytes = 0;
  private writes = 0;
  write(chunk: string): boolean {
    this.bytes += chunk.length;
    if (++this.writes % 2 === 1) return true;
    setImmediate(() => this.emit('drain'));
    return false;
  }
}

function view(
  content: string,
  status: ToolBlockView['status'],
  phase: AgentTurnView['phase'],
  state: string,
): AgentTurnView {
  const block = {
    key: '0:c1',
    request: 1,
    type: 'tool_use',
    name: 'write_to_file',
    params: { path: 'big.txt', content },
    call_id: 'c1',
    isNativeToolCall: false,
    isCompletion: false,
    status,
  } as ToolBlockView;
  return {
    state,
    phase,
    request: 1,
    requests: [{ key: '0', index: 0, number: 1, attempt: 0, status: 'streaming', blocks: [block], retried: false }],
    blocks: [block],
    context: { truncations: [] },
  } as unknown as AgentTurnView;
}

const MB = 1024 * 1024;
const TOTAL = 60 * MB;
const STEP = 64 * 1024;
const piece = 'the quick brown fox jumps over the lazy dog\n'.repeat(Math.ceil(STEP / 44)).slice(0, STEP);

/** Grows the content as a rope, showing each step to `see`; returns the most heap used after a collection. */
async function grow(see: (v: AgentTurnView) => void): Promise<{ peakHeap: number; content: string }> {
  let content = '';
  let peakHeap = 0;
  for (let size = 0; size < TOTAL; size += STEP) {
    // A fresh string each time, as the network's chunks are (a rope of one shared piece would cost nothing).
    content += Buffer.from(piece).toString('latin1');
    see(view(content, 'streaming', 'streaming', 'request.streaming'));
    if (size % (4 * MB) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      collect();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
  }
  return { peakHeap, content };
}

describe('the NDJSON reporter under a 60 MB parameter', () => {
  it('keeps a few MB beyond the content and writes it about once', async () => {
    collect();
    const control = await grow(() => {});
    const controlPeak = control.peakHeap;
    control.content = '';
    collect();

    const pipe = new SlowPipe();
    const reporter = createNdjsonReporter(pipe, { flushIntervalMs: 0 });
    const measured = await grow((v) => reporter.update(v));
    const done = view(measured.content, 'running', 'running-tool', 'request.executingTool');
    reporter.update(done);
    await reporter.finish({
      reason: 'completed',
      messages: [],
      requests: [],
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    } as unknown as AgentTurnOutput);
    collect();
    const extraMb = (Math.max(measured.peakHeap, process.memoryUsage().heapUsed) - controlPeak) / MB;
    console.log(
      `reporter: ${extraMb.toFixed(1)} MB of heap beyond the content; ${(pipe.bytes / MB).toFixed(1)} MB of NDJSON for ${TOTAL / MB} MB`,
    );
    expect(extraMb).toBeLessThan(16);
    expect(pipe.bytes).toBeGreaterThan(TOTAL);
    expect(pipe.bytes).toBeLessThan(TOTAL * 1.05); // a newline every 44 characters is escaped as \n
  }, 120_000);
});
