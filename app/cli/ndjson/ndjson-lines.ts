// The lines `--json` writes, and how a block of the view becomes one. A block is sent whole once;
// after that only what changed: a `block` line with the changed fields, a `delta` line for text
// that only grew (see ndjson-block-diff.ts; ndjson-replay.ts rebuilds the blocks from the lines).
import type { AgentTurnOutput } from 'agent-turn';
import { errorFields } from './json-safe.js';
import type { ScreenBlock } from '../display/screen-blocks.js';

/** A block as `block` lines carry it: `kind` names what it is (`type` is the line's). */
export type NdjsonBlock = { key: string; request: number } & (
  | { kind: 'text'; text: string; partial: boolean }
  | { kind: 'reasoning'; text: string; partial: boolean; tokens: number }
  | { kind: 'tool'; name: string; params: Record<string, string>; status: string; result?: string; isError?: boolean }
  | { kind: 'notice'; text: string }
);

/** A field a `delta` line appends to: `text`, a tool's `result`, or one of its `params.<name>`. */
export type NdjsonDeltaField = 'text' | 'result' | `params.${string}`;

/**
 * A later `block` line: the key, request and kind (and a tool's name), with only the fields that
 * changed since the last line for that key; `params` holds only the changed parameters.
 */
export type NdjsonBlockChange = { key: string; request: number; kind: NdjsonBlock['kind']; name?: string } & Partial<{
  text: string;
  partial: boolean;
  tokens: number;
  params: Record<string, string>;
  status: string;
  result: string;
  isError: boolean;
}>;

/** What `--json`'s output line carries: the machine's output without what the stream already carried (raw reply text) and without the history. */
export type NdjsonOutputValue = Omit<AgentTurnOutput, 'messages' | 'requests'> & {
  requests: Omit<AgentTurnOutput['requests'][number], 'content' | 'reasoning'>[];
};

/** One line per event; every line has a `type`. */
export type NdjsonLine =
  | { type: 'state'; state: string; request: number }
  | ({ type: 'block' } & (NdjsonBlock | NdjsonBlockChange))
  | { type: 'delta'; key: string; field: NdjsonDeltaField; append: string }
  | { type: 'approval'; key: string; tool: string; decision: 'approved' | 'rejected'; feedback?: string }
  | { type: 'note'; message: string }
  | { type: 'output'; output: NdjsonOutputValue };

/** The view's block as `block` lines describe it. */
export function ndjsonBlock(block: ScreenBlock): NdjsonBlock {
  const { key, request } = block;
  switch (block.type) {
    case 'text':
      return { key, request, kind: 'text', text: block.content, partial: block.status === 'streaming' };
    case 'reasoning':
      return {
        key,
        request,
        kind: 'reasoning',
        text: block.reasoning,
        partial: block.status === 'streaming',
        tokens: block.tokens,
      };
    case 'notice':
      return { key, request, kind: 'notice', text: block.text };
    case 'tool_use':
      return {
        key,
        request,
        kind: 'tool',
        name: block.name,
        params: block.params,
        status: block.status,
        ...('result' in block ? { result: block.result, isError: block.isError } : {}),
      };
  }
}

/**
 * The output line's value: every request's blocks, tool results, usage and errors, but not its
 * raw `content` and `reasoning` (the blocks hold them, parsed) nor the turn's `messages` (the
 * history, which repeats the raw replies): a reply of N bytes is in the output once, not three times.
 */
export function ndjsonOutput(output: AgentTurnOutput): NdjsonOutputValue {
  const { messages: _history, requests, ...rest } = output;
  return { ...rest, requests: requests.map(({ content: _content, reasoning: _reasoning, ...request }) => request) };
}

/** The line as JSON text with its newline; an Error keeps its name, message and typed fields. */
export function ndjsonText(line: NdjsonLine): string {
  return `${JSON.stringify(line, (_key, value: unknown) => (value instanceof Error ? errorFields(value) : value))}\n`;
}
