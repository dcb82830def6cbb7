// A plain view model of a snapshot: what a renderer (React, DOM, terminal) needs, no XState.
import type { SnapshotFrom } from 'xstate';
import type { AssistantMessageContent, ToolUse } from '../src/parser/blocks.js';
import type { ChatUsage } from '../src/wire/types.js';
import { estimateTokens } from '../src/wire/estimate-tokens.js';
import type { AgentTurnMachine } from './agent-turn-machine.js';
import type { ToolOutcome, TurnEndReason, TurnRequest } from './agent-turn-types.js';

export type BlockStatus =
  | 'streaming'
  | 'complete'
  | 'awaiting-approval'
  | 'running'
  | 'done'
  | 'rejected'
  | 'skipped'
  | 'cut-off'
  | 'error';

export type BlockView =
  | { type: 'text'; content: string; status: BlockStatus }
  | { type: 'reasoning'; reasoning: string; tokens: number; status: BlockStatus }
  | {
      type: 'tool_use';
      name: string;
      params: Record<string, string>;
      call_id: string;
      isNativeToolCall: boolean;
      status: BlockStatus;
      /** The tool's result, or why it did not run. */
      result?: string;
      isError?: boolean;
    };

export interface RequestView {
  index: number;
  attempt: number;
  status: TurnRequest['status'] | 'streaming';
  blocks: BlockView[];
  finishReason?: string;
  usage?: ChatUsage;
  error?: { code: string; message: string };
}

export interface AgentTurnView {
  /** The active state as a dotted path, e.g. "request.executingTool". */
  state: string;
  /** Every request so far, the current one last. */
  requests: RequestView[];
  /** The blocks of the current (or last) reply. */
  blocks: BlockView[];
  currentStreamingContentIndex: number;
  usage: ChatUsage;
  done: boolean;
  reason?: TurnEndReason;
  result?: string;
  error?: { code: string; message: string };
}

export { estimateTokens };

/** `reasoningTokens`: the provider's count, once the request reported usage; else an estimate from the text. */
function blockView(block: AssistantMessageContent, outcome: ToolOutcome | undefined, reasoningTokens?: number): BlockView {
  if (block.type === 'text') return { type: 'text', content: block.content, status: block.partial ? 'streaming' : 'complete' };
  if (block.type === 'reasoning') {
    const tokens = reasoningTokens !== undefined && reasoningTokens > 0 ? reasoningTokens : estimateTokens(block.reasoning);
    return { type: 'reasoning', reasoning: block.reasoning, tokens, status: block.partial ? 'streaming' : 'complete' };
  }
  const tool = block as ToolUse;
  return {
    type: 'tool_use',
    name: tool.name,
    params: tool.params,
    call_id: tool.call_id,
    isNativeToolCall: tool.isNativeToolCall === true,
    status: outcome?.status ?? (tool.partial ? 'streaming' : 'complete'),
    ...(outcome?.content !== undefined ? { result: outcome.content, isError: outcome.isError === true } : {}),
  };
}

function errorView(error: { code: string; message: string } | undefined) {
  return error === undefined ? undefined : { code: error.code, message: error.message };
}

function recordedView(r: TurnRequest): RequestView {
  const outcomes: Record<string, ToolOutcome> = {};
  for (const t of r.toolResults) outcomes[t.call_id] = { status: t.status, content: t.content, isError: t.isError };
  return {
    index: r.index,
    attempt: r.attempt,
    status: r.status,
    blocks: r.blocks.map((b) => blockView(b, b.type === 'tool_use' ? outcomes[b.call_id] : undefined, r.usage?.reasoningTokens)),
    ...(r.finishReason !== undefined ? { finishReason: r.finishReason } : {}),
    ...(r.usage !== undefined ? { usage: r.usage } : {}),
    ...(r.error !== undefined ? { error: errorView(r.error) } : {}),
  };
}

export function stateValueToPath(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${stateValueToPath(v)}`).join(',');
  }
  return String(value);
}

export function selectView(snapshot: SnapshotFrom<AgentTurnMachine>): AgentTurnView {
  const c = snapshot.context;
  const requests = c.requests.map(recordedView);
  let blocks: BlockView[];
  if (c.replyOpen) {
    blocks = c.blocks.map((b) => blockView(b, b.type === 'tool_use' ? c.toolOutcomes[b.call_id] : undefined));
    requests.push({ index: c.requests.length, attempt: c.attempt, status: 'streaming', blocks });
  } else {
    blocks = requests.at(-1)?.blocks ?? [];
  }
  return {
    state: stateValueToPath(snapshot.value),
    requests,
    blocks,
    currentStreamingContentIndex: c.currentStreamingContentIndex,
    usage: c.usage,
    done: snapshot.status === 'done',
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
    ...(c.result !== undefined ? { result: c.result } : {}),
    ...(c.error !== undefined ? { error: errorView(c.error) } : {}),
  };
}
