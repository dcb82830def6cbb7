// `--json`: newline-delimited JSON for programs; nothing else is written to stdout. Bounded: a
// block is sent once and then only what changed (text that grew as `delta` lines), no line holds
// more than a piece (64 KiB) of one text, and the output line is written in pieces. It waits for
// the pipe: nothing more is written until stdout drains, and block changes gathered meanwhile go
// out as one difference — a slow reader gets fewer lines, never a growing pile of them. The turn
// itself does not wait: only references to its views are queued.
import type { AgentTurnOutput } from 'agent-turn';
import type { AgentTurnView } from 'agent-turn';
import { blockChangeLines, NDJSON_PIECE_CHARS } from './ndjson-block-diff.js';
import { jsonPieces } from './json-pieces.js';
import { ndjsonBlock, ndjsonOutput, ndjsonText, type NdjsonBlock, type NdjsonLine } from './ndjson-lines.js';
import { screenBlocks } from '../display/screen-blocks.js';
import { createPipeWriter, type NdjsonOutput, type PipeWriter } from './pipe-writer.js';

export type { NdjsonLine } from './ndjson-lines.js';

export type { NdjsonOutput } from './pipe-writer.js';

export interface NdjsonReporterOptions {
  /** Block changes are gathered this long before they are sent (state, approval and output lines are not held). Default 50 ms. */
  flushIntervalMs?: number;
  /** Characters of one text a line carries at most. Default 64 KiB. */
  pieceChars?: number;
}

export interface NdjsonReporter {
  /** Takes the latest view: a state line if the state changed, the block changes soon. */
  update(view: AgentTurnView): void;
  /** A line of its own (approval, note), after the block changes before it. */
  line(line: NdjsonLine): void;
  /** The final line, the machine's output, after the last block changes; resolves once all is written (or the reader is gone). */
  finish(output: AgentTurnOutput): Promise<void>;
}

type Job =
  | { kind: 'blocks'; view: AgentTurnView }
  | { kind: 'line'; line: NdjsonLine }
  | { kind: 'output'; output: AgentTurnOutput };

/**
 * The `--json` stream: a state line when the state changes, block changes gathered for
 * `flushIntervalMs` and sent as differences, lines of their own in order, the output line last.
 */
export function createNdjsonReporter(out: NdjsonOutput, options: NdjsonReporterOptions = {}): NdjsonReporter {
  const interval = options.flushIntervalMs ?? 50;
  const pieceChars = options.pieceChars ?? NDJSON_PIECE_CHARS;
  const pipe = createPipeWriter(out);
  const sent = new Map<string, NdjsonBlock>();
  const queue: Job[] = [];
  let lastState = '';
  let lastBlocksAt = 0;
  let pumping = false;
  /** A bug while writing: the stream stops and `finish` rejects with it, instead of an unhandled rejection. */
  let failure: unknown;
  let finished: (() => void) | undefined;

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0 && !pipe.gone()) {
        const job = queue[0];
        const wait = job.kind === 'blocks' && queue.length === 1 ? interval - (Date.now() - lastBlocksAt) : 0;
        // Gather block changes a moment; a newer view replaces the queued one meanwhile.
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else {
          const next = queue.shift()!;
          if (next.kind === 'blocks') lastBlocksAt = Date.now();
          await writeJob(pipe, next, { sent, pieceChars, linesWaiting: queue.some((w) => w.kind !== 'blocks') });
        }
      }
    } catch (error) {
      failure ??= error;
      pipe.stop();
    } finally {
      pumping = false;
      if (pipe.gone()) queue.length = 0;
      if (queue.length === 0) finished?.();
    }
  }

  const enqueue = (job: Job) => {
    const last = queue.at(-1);
    // Only the newest view counts (the one being written already left the queue).
    if (job.kind === 'blocks' && last?.kind === 'blocks') last.view = job.view;
    else queue.push(job);
    void pump();
  };

  const stateLine = (view: AgentTurnView) => {
    if (view.state === lastState) return;
    lastState = view.state;
    enqueue({ kind: 'line', line: { type: 'state', state: view.state, request: view.request } });
  };

  return {
    update(view) {
      // A final state comes after the blocks that led to it; any other state before the blocks it shows.
      if (view.phase !== 'finished') stateLine(view);
      enqueue({ kind: 'blocks', view });
      if (view.phase === 'finished') stateLine(view);
    },
    line(line) {
      enqueue({ kind: 'line', line });
    },
    finish(output) {
      const done = new Promise<void>((resolve) => (finished = resolve));
      enqueue({ kind: 'output', output });
      return done.then(() => {
        if (failure !== undefined) throw failure;
      });
    },
  };
}

/** Writes one job: a line, the output line in pieces, or the blocks' changes since they were last sent. */
async function writeJob(
  pipe: PipeWriter,
  job: Job,
  blocks: { sent: Map<string, NdjsonBlock>; pieceChars: number; linesWaiting: boolean },
): Promise<void> {
  const { sent, pieceChars } = blocks;
  if (job.kind === 'line') return pipe.write(ndjsonText(job.line));
  if (job.kind === 'output') {
    for (const piece of jsonPieces({ type: 'output', output: ndjsonOutput(job.output) }, pieceChars))
      await pipe.write(piece);
    return pipe.write('\n');
  }
  // Everything goes out when the view is final or a line waits behind it; else long texts may wait to grow.
  const force = job.view.phase === 'finished' || blocks.linesWaiting;
  for (const screenBlock of screenBlocks(job.view)) {
    const block = ndjsonBlock(screenBlock);
    const diff = blockChangeLines(sent.get(block.key), block, { pieceChars, force });
    sent.set(block.key, diff.sent);
    for (const line of diff.lines) await pipe.write(ndjsonText(line));
  }
}
