import type { TurnView } from './turn-view.js';
import { jsonSafe } from './json-safe.js';

export interface NdjsonOutput {
  write(chunk: string): unknown;
}

/** One line per event; every line has a `type`. */
export type NdjsonLine =
  | { type: 'state'; state: string; request: number }
  | ({ type: 'block' } & TurnView['blocks'][number])
  | { type: 'approval'; key: string; tool: string; decision: 'approved' | 'rejected'; feedback?: string }
  | { type: 'note'; message: string }
  | { type: 'output'; output: unknown };

export interface NdjsonReporter {
  /** Writes a line for the state if it changed and one for each block that changed. */
  update(view: TurnView): void;
  line(line: NdjsonLine): void;
  /** The final line: the machine's output. */
  finish(output: unknown): void;
}

/** `--json`: newline-delimited JSON for programs; nothing else is written to stdout. */
export function createNdjsonReporter(out: NdjsonOutput): NdjsonReporter {
  let lastState = '';
  const lastBlock = new Map<string, string>();
  const write = (line: NdjsonLine) => out.write(`${JSON.stringify(jsonSafe(line))}\n`);
  return {
    update(view) {
      const stateLine = () => {
        if (view.state === lastState) return;
        lastState = view.state;
        write({ type: 'state', state: view.state, request: view.request });
      };
      // A final state comes after the blocks that led to it; any other state before the blocks it shows.
      if (view.phase !== 'finished') stateLine();
      for (const block of view.blocks) {
        const json = JSON.stringify(block);
        if (lastBlock.get(block.key) === json) continue;
        lastBlock.set(block.key, json);
        write({ type: 'block', ...block });
      }
      if (view.phase === 'finished') stateLine();
    },
    line: write,
    finish(output) {
      write({ type: 'output', output });
    },
  };
}
