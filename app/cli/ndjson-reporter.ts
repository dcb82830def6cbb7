import type { AgentTurnView } from '../../machines/turn-view-types.js';
import { jsonSafe } from './json-safe.js';
import { screenBlocks, type ScreenBlock } from './screen-blocks.js';

export interface NdjsonOutput {
  write(chunk: string): unknown;
}

/** One line per event; every line has a `type`. */
export type NdjsonLine =
  | { type: 'state'; state: string; request: number }
  | ({ type: 'block' } & NdjsonBlock)
  | { type: 'approval'; key: string; tool: string; decision: 'approved' | 'rejected'; feedback?: string }
  | { type: 'note'; message: string }
  | { type: 'output'; output: unknown };

/** A block as a `block` line carries it: `kind` names what it is (`type` is the line's). */
export type NdjsonBlock = { key: string; request: number } & (
  | { kind: 'text'; text: string; partial: boolean }
  | { kind: 'reasoning'; text: string; partial: boolean; tokens: number }
  | { kind: 'tool'; name: string; params: Record<string, string>; status: string; result?: string; isError?: boolean }
  | { kind: 'notice'; text: string }
);

function ndjsonBlock(block: ScreenBlock): NdjsonBlock {
  const { key, request } = block;
  switch (block.type) {
    case 'text':
      return { key, request, kind: 'text', text: block.content, partial: block.status === 'streaming' };
    case 'reasoning':
      return { key, request, kind: 'reasoning', text: block.reasoning, partial: block.status === 'streaming', tokens: block.tokens };
    case 'notice':
      return { key, request, kind: 'notice', text: block.text };
    case 'tool_use':
      return {
        key, request, kind: 'tool', name: block.name, params: block.params, status: block.status,
        ...('result' in block ? { result: block.result, isError: block.isError } : {}),
      };
  }
}

export interface NdjsonReporter {
  /** Writes a line for the state if it changed and one for each block that changed. */
  update(view: AgentTurnView): void;
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
      for (const screenBlock of screenBlocks(view)) {
        const block = ndjsonBlock(screenBlock);
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
