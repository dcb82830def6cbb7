// What the terminal renderer and the NDJSON reporter read: a plain picture of the turn so far,
// derived from the machine's snapshot (see view-from-snapshot.ts), easy to fake in tests.

export type ToolCardStatus = 'streaming' | 'ready' | 'awaiting-approval' | 'running' | 'done' | 'error' | 'rejected' | 'skipped' | 'cut-off';

/** Every block says which model request (1-based) it came from and has a key stable across views. */
interface BlockOrigin {
  key: string;
  request: number;
}

export type TurnViewBlock =
  | (BlockOrigin & { kind: 'text'; text: string; partial: boolean })
  | (BlockOrigin & { kind: 'reasoning'; text: string; partial: boolean; tokens: number })
  | (BlockOrigin & {
      kind: 'tool';
      name: string;
      params: Record<string, string>;
      status: ToolCardStatus;
      /** The tool's result (done / error) or why it did not run. */
      result?: string;
      isError?: boolean;
    })
  /** Something a person should know between blocks, e.g. that a failed attempt is being retried. */
  | (BlockOrigin & { kind: 'notice'; text: string });

export type TurnPhase = 'waiting' | 'streaming' | 'awaiting-approval' | 'running-tool' | 'retrying' | 'finished';

export interface TurnView {
  /** The machine's state, for NDJSON and the status line. */
  state: string;
  phase: TurnPhase;
  /** 1-based number of the model request under way. */
  request: number;
  /** Provider-reported usage; `estimated` when the provider sent none and the count comes from the text. */
  tokens: { total: number; reasoning: number; estimated?: boolean };
  /** Blocks of every request so far, in order; keys are stable across views. */
  blocks: TurnViewBlock[];
}

/** A block is settled when nothing about it can change any more. */
export function isSettled(block: TurnViewBlock): boolean {
  if (block.kind === 'notice') return true;
  if (block.kind !== 'tool') return !block.partial;
  return block.status === 'done' || block.status === 'error' || block.status === 'rejected' || block.status === 'skipped' || block.status === 'cut-off';
}
