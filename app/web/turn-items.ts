// What the conversation panel shows, derived from a machine snapshot: every request's blocks in
// order (finished requests from `requests`, the open reply from `blocks`), with stable keys so
// the view can update elements in place as blocks grow.
import type { AssistantMessageContent, ToolUse } from '../../src/parser/blocks.js';
import { estimateTokens } from '../../src/wire/estimate-tokens.js';
import type { ToolOutcome, TurnRequest } from '../../machines/agent-turn-types.js';
import type { AgentTurnContext } from '../../machines/turn-context-types.js';

export type ToolStatus = 'streaming' | 'ready' | ToolOutcome['status'];

export type TurnItem =
  | { key: string; kind: 'divider'; label: string; tone: 'normal' | 'error' }
  | { key: string; kind: 'text'; text: string; partial: boolean }
  | { key: string; kind: 'reasoning'; text: string; partial: boolean; tokens: number }
  | { key: string; kind: 'hidden-reasoning'; tokens: number }
  | { key: string; kind: 'tool'; name: string; params: Record<string, string>; status: ToolStatus; result?: string; isError: boolean; native: boolean }
  | { key: string; kind: 'completion'; result: string; partial: boolean };

export type TurnContextLike = Pick<
  AgentTurnContext,
  'requests' | 'blocks' | 'toolOutcomes' | 'idPrefix' | 'replyOpen' | 'streamEnded' | 'attempt' | 'requestCount' | 'options'
>;


function toolStatus(block: ToolUse, outcome: ToolOutcome | undefined, streamEnded: boolean): ToolStatus {
  if (outcome) return outcome.status;
  if (block.partial) return streamEnded ? 'cut-off' : 'streaming';
  return 'ready';
}

interface ReplySource {
  prefix: string;
  blocks: readonly AssistantMessageContent[];
  outcomes: Record<string, ToolOutcome>;
  streamEnded: boolean;
  reasoningTokens: number | undefined;
  completionTool: string;
}

function replyItems(r: ReplySource): TurnItem[] {
  const items: TurnItem[] = [];
  const hasReasoning = r.blocks.some((b) => b.type === 'reasoning');
  if (!hasReasoning && r.reasoningTokens !== undefined && r.reasoningTokens > 0) {
    items.push({ key: `${r.prefix}:hidden`, kind: 'hidden-reasoning', tokens: r.reasoningTokens });
  }
  r.blocks.forEach((block, i) => {
    const key = `${r.prefix}:${i}`;
    if (block.type === 'text') {
      items.push({ key, kind: 'text', text: block.content, partial: block.partial });
    } else if (block.type === 'reasoning') {
      const estimate = estimateTokens(block.reasoning);
      const tokens = !block.partial && r.reasoningTokens !== undefined && r.reasoningTokens > 0 ? r.reasoningTokens : estimate;
      items.push({ key, kind: 'reasoning', text: block.reasoning, partial: block.partial, tokens });
    } else {
      const outcome = r.outcomes[block.call_id];
      const status = toolStatus(block, outcome, r.streamEnded);
      if (block.name === r.completionTool && status !== 'cut-off' && status !== 'skipped') {
        items.push({ key, kind: 'completion', result: block.params.result ?? '', partial: block.partial });
        return;
      }
      items.push({
        key,
        kind: 'tool',
        name: block.name,
        params: block.params,
        status,
        ...(outcome?.content !== undefined ? { result: outcome.content } : {}),
        isError: outcome?.isError === true,
        native: block.isNativeToolCall === true,
      });
    }
  });
  return items;
}

function requestLabel(number: number, attempt: number): string {
  return attempt > 0 ? `Request ${number} · retry ${attempt}` : `Request ${number}`;
}

function failureLabel(request: TurnRequest): string {
  const e = request.error;
  if (!e) return 'The attempt failed.';
  const status = (e as { status?: number }).status;
  return `Attempt failed — ${e.code}${status !== undefined ? ` ${status}` : ''}: ${e.message}`;
}

export function turnItems(c: TurnContextLike): TurnItem[] {
  const items: TurnItem[] = [];
  let number = 0;
  for (const r of c.requests) {
    if (r.attempt === 0) number++;
    items.push({ key: `${r.idPrefix}:head`, kind: 'divider', label: requestLabel(Math.max(1, number), r.attempt), tone: 'normal' });
    const outcomes = Object.fromEntries(r.toolResults.map((t) => [t.call_id, { status: t.status, content: t.content, isError: t.isError }]));
    items.push(
      ...replyItems({
        prefix: r.idPrefix,
        blocks: r.blocks,
        outcomes,
        streamEnded: true,
        reasoningTokens: r.usage?.reasoningTokens,
        completionTool: c.options.completionTool,
      }),
    );
    if (r.status === 'failed') items.push({ key: `${r.idPrefix}:failed`, kind: 'divider', label: failureLabel(r), tone: 'error' });
  }
  const closed = c.requests.some((r) => r.idPrefix === c.idPrefix);
  if (c.replyOpen && !closed) {
    items.push({ key: `${c.idPrefix}:head`, kind: 'divider', label: requestLabel(Math.max(1, c.requestCount), c.attempt), tone: 'normal' });
    items.push(
      ...replyItems({
        prefix: c.idPrefix,
        blocks: c.blocks,
        outcomes: c.toolOutcomes,
        streamEnded: c.streamEnded,
        reasoningTokens: undefined,
        completionTool: c.options.completionTool,
      }),
    );
  }
  return items;
}
