import type { AssistantMessageContent } from '../../src/parser/blocks.js';
import type { AgentTurnContext, ToolOutcome } from '../../machines/agent-turn-types.js';
import type { ToolCardStatus, TurnPhase, TurnView, TurnViewBlock } from './turn-view.js';

/** The parts of an agent-turn snapshot the CLI reads. */
export interface TurnSnapshotLike {
  value: unknown;
  status: string;
  context: Pick<AgentTurnContext, 'requests' | 'requestCount' | 'usage' | 'blocks' | 'toolOutcomes' | 'idPrefix' | 'replyOpen' | 'streamEnded'>;
}

/** Reasoning models count about four characters a token; used where the provider gave no count. */
const CHARS_PER_TOKEN = 4;

/** The machine's state as a dotted path: `request.streaming`, `done`. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
    return key === undefined ? '' : `${key}.${stateName(child)}`;
  }
  return String(value);
}

function phaseOf(state: string, status: string): TurnPhase {
  if (status !== 'active') return 'finished';
  if (state === 'request.streaming') return 'streaming';
  if (state === 'request.awaitingApproval') return 'awaiting-approval';
  if (state === 'request.executingTool') return 'running-tool';
  if (state === 'retrying') return 'retrying';
  return 'waiting';
}

function toolStatus(block: Extract<AssistantMessageContent, { type: 'tool_use' }>, outcome: ToolOutcome | undefined, streamEnded: boolean): ToolCardStatus {
  if (outcome) return outcome.status;
  if (block.partial) return streamEnded ? 'cut-off' : 'streaming';
  return 'ready';
}

function viewBlocks(
  blocks: readonly AssistantMessageContent[],
  outcomes: Record<string, ToolOutcome>,
  idPrefix: string,
  request: number,
  streamEnded: boolean,
): TurnViewBlock[] {
  return blocks.map((block, i): TurnViewBlock => {
    const key = `${idPrefix}:${i}`;
    if (block.type === 'text') return { key, request, kind: 'text', text: block.content, partial: block.partial };
    if (block.type === 'reasoning') {
      return { key, request, kind: 'reasoning', text: block.reasoning, partial: block.partial, tokens: Math.ceil(block.reasoning.length / CHARS_PER_TOKEN) };
    }
    const outcome = outcomes[block.call_id];
    return {
      key, request, kind: 'tool', name: block.name, params: block.params,
      status: toolStatus(block, outcome, streamEnded),
      ...(outcome?.content !== undefined ? { result: outcome.content, isError: outcome.isError === true } : {}),
    };
  });
}

/** Output tokens guessed from the text seen, for streams that report no usage (yet). */
function estimatedTokens(blocks: readonly TurnViewBlock[]): TurnView['tokens'] {
  let chars = 0;
  let reasoning = 0;
  for (const b of blocks) {
    if (b.kind === 'reasoning') reasoning += b.tokens;
    else if (b.kind === 'text') chars += b.text.length;
    else for (const v of Object.values(b.params)) chars += v.length;
  }
  return { total: Math.ceil(chars / CHARS_PER_TOKEN) + reasoning, reasoning, estimated: true };
}

/** A plain picture of the turn for the renderer and the NDJSON reporter. */
export function viewFromSnapshot(snapshot: TurnSnapshotLike): TurnView {
  const c = snapshot.context;
  const state = stateName(snapshot.value);
  const blocks: TurnViewBlock[] = [];
  let request = 0;
  for (const r of c.requests) {
    if (r.attempt === 0) request++;
    const outcomes = Object.fromEntries(r.toolResults.map((t) => [t.call_id, { status: t.status, content: t.content, isError: t.isError }]));
    blocks.push(...viewBlocks(r.blocks, outcomes, r.idPrefix, Math.max(1, request), true));
  }
  const closed = c.requests.some((r) => r.idPrefix === c.idPrefix);
  if (c.replyOpen && !closed) blocks.push(...viewBlocks(c.blocks, c.toolOutcomes, c.idPrefix, Math.max(1, c.requestCount), c.streamEnded));
  return {
    state,
    phase: phaseOf(state, snapshot.status),
    request: Math.max(1, c.requestCount),
    tokens: c.usage.totalTokens > 0 ? { total: c.usage.totalTokens, reasoning: c.usage.reasoningTokens ?? 0 } : estimatedTokens(blocks),
    blocks,
  };
}
