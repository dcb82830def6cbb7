// What the terminal shows, in order: the screen blocks (screen-blocks.ts, shared with --json)
// and, under each finished request, a line with its tokens and cost.
import type { TurnUsage } from 'agent-turn';
import type { AgentTurnView } from 'agent-turn';
import { screenBlocks, type ScreenBlock } from './screen-blocks.js';

/** A finished request's tokens (and cost, where the price is known), under its blocks. */
export interface UsageBlock {
  type: 'usage';
  key: string;
  request: number;
  usage: TurnUsage;
}

export type TerminalBlock = ScreenBlock | UsageBlock;

/** The screen blocks with a usage line after the last block of each finished request that has its usage. */
export function terminalBlocks(view: AgentTurnView): TerminalBlock[] {
  // A request's attempts (retries) share its number: their usage is summed, and shown once the
  // request is over for good (the next one began, or the turn ended), so it is printed whole.
  const usageAfter = new Map<number, UsageBlock>();
  const current = view.done ? Number.POSITIVE_INFINITY : view.request;
  for (const r of view.requests) {
    if (!r.usage || r.number >= current) continue;
    const before = usageAfter.get(r.number)?.usage;
    usageAfter.set(r.number, {
      type: 'usage',
      key: `${r.number}:usage`,
      request: r.number,
      usage: before ? sumUsage(before, r.usage) : r.usage,
    });
  }
  const blocks: TerminalBlock[] = screenBlocks(view);
  const out: TerminalBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    out.push(blocks[i]);
    const request = blocks[i].request;
    const usage = usageAfter.get(request);
    if (usage && blocks[i + 1]?.request !== request) out.push(usage);
  }
  return out;
}

function sumUsage(a: TurnUsage, b: TurnUsage): TurnUsage {
  const reasoning = (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
    ...(reasoning > 0 ? { reasoningTokens: reasoning } : {}),
    estimated: a.estimated || b.estimated,
  };
}
