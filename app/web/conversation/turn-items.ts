// What the conversation panel shows, mapped from the view (selectView): a divider per request,
// its blocks (the completion tool as the task's result), a divider under a failed attempt, and one
// over a request sent with a history cut to fit the context window.
// Keys come from the view, so elements are updated in place as blocks grow.
import type { AgentTurnView, BlockView, RequestView, ToolBlockStatus } from 'agent-turn';

export type ToolStatus = ToolBlockStatus;

export type TurnItem =
  | { key: string; kind: 'divider'; label: string; tone: 'normal' | 'error' | 'notice' }
  | { key: string; kind: 'text'; text: string; partial: boolean }
  | { key: string; kind: 'reasoning'; text: string; partial: boolean; tokens: number }
  | { key: string; kind: 'hidden-reasoning'; tokens: number }
  | {
      key: string;
      kind: 'tool';
      name: string;
      params: Record<string, string>;
      status: ToolStatus;
      result?: string;
      isError: boolean;
      native: boolean;
      /** The dialect the call was recovered from (e.g. `'hermes'`); absent for Cline's XML and native calls. */
      dialect?: string;
    }
  | { key: string; kind: 'completion'; result: string; partial: boolean };

/** selectView keeps a block's object while it is unchanged, so its item is made once and the panel skips it. */
const itemOfBlock = new WeakMap<BlockView, TurnItem>();

function blockItem(block: BlockView): TurnItem {
  let item = itemOfBlock.get(block);
  if (!item) {
    item = makeBlockItem(block);
    itemOfBlock.set(block, item);
  }
  return item;
}

function makeBlockItem(block: BlockView): TurnItem {
  const { key } = block;
  if (block.type === 'text') return { key, kind: 'text', text: block.content, partial: block.status === 'streaming' };
  if (block.type === 'reasoning')
    return {
      key,
      kind: 'reasoning',
      text: block.reasoning,
      partial: block.status === 'streaming',
      tokens: block.tokens,
    };
  if (block.isCompletion && block.status !== 'cut-off' && block.status !== 'skipped') {
    return { key, kind: 'completion', result: block.params.result ?? '', partial: block.status === 'streaming' };
  }
  return {
    key,
    kind: 'tool',
    name: block.name,
    params: block.params,
    status: block.status,
    ...('result' in block ? { result: block.result } : {}),
    isError: 'result' in block && block.isError,
    native: block.isNativeToolCall,
    ...(block.dialect !== undefined ? { dialect: block.dialect } : {}),
  };
}

function requestLabel(r: RequestView): string {
  return r.attempt > 0 ? `Request ${r.number} · retry ${r.attempt}` : `Request ${r.number}`;
}

function failureLabel(r: RequestView): string {
  const e = r.error;
  if (!e) return 'The attempt failed.';
  return `Attempt failed — ${e.code}${e.status !== undefined ? ` ${e.status}` : ''}: ${e.message}`;
}

export function turnItems(view: AgentTurnView): TurnItem[] {
  const items: TurnItem[] = [];
  for (const r of view.requests) {
    // The history was cut to fit the context window before this request was sent.
    for (const t of view.context.truncations) {
      if (t.requestIndex === r.index)
        items.push({ key: `${r.key}:cut`, kind: 'divider', label: `✂ ${t.summary}`, tone: 'notice' });
    }
    items.push({ key: `${r.key}:head`, kind: 'divider', label: requestLabel(r), tone: 'normal' });
    if (r.hiddenReasoningTokens !== undefined)
      items.push({ key: `${r.key}:hidden`, kind: 'hidden-reasoning', tokens: r.hiddenReasoningTokens });
    for (const block of r.blocks) items.push(blockItem(block));
    if (r.status === 'failed')
      items.push({ key: `${r.key}:failed`, kind: 'divider', label: failureLabel(r), tone: 'error' });
  }
  return items;
}
