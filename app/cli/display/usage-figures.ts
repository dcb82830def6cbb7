// Tokens and cost as the CLI words them: per request, in the status line, and for the turn.
// The provider's counts as they are; estimates (where it sent none) marked with ~ and said so.
import { profileFor } from 'agent-turn';
import { formatCost, usageCost, type TokenPrice } from '../../ui/usage-cost.js';
import type { CliOptions } from '../options/cli-options.js';
import { isScriptedModel } from '../options/parse-cli-args.js';

/** Counts as the view and the output carry them. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  reasoningTokens?: number;
  estimated?: boolean;
}

/**
 * The price the cost is figured at: --price-input/--price-output, else the profile's list price
 * for a real model. The scripted model bills nothing, so only given prices apply to it. Undefined
 * when either half is unknown.
 */
export function priceFor(options: Pick<CliOptions, 'model' | 'priceInput' | 'priceOutput'>): TokenPrice | undefined {
  const listed = isScriptedModel(options.model) ? undefined : profileFor(options.model).price;
  const inputPerMillion = options.priceInput ?? listed?.inputPerMillion;
  const outputPerMillion = options.priceOutput ?? listed?.outputPerMillion;
  return inputPerMillion !== undefined && outputPerMillion !== undefined
    ? { inputPerMillion, outputPerMillion }
    : undefined;
}

/** The cost at `price`, `~$0.0012`, or '' when no price is known. */
export function costText(usage: TokenUsage, price: TokenPrice | undefined): string {
  return price ? formatCost(usageCost(usage, price)) : '';
}

/** "1000 in · 50 out · 12 reasoning · $0.0006" (reasoning is part of out); estimates as "~1000 in · ~50 out · ~$0.0006, estimated". */
export function usageFigures(usage: TokenUsage, price: TokenPrice | undefined): string {
  const approx = usage.estimated ? '~' : '';
  const parts = [`${approx}${usage.promptTokens} in`, `${approx}${usage.completionTokens} out`];
  if (usage.reasoningTokens) parts.push(`${approx}${usage.reasoningTokens} reasoning`);
  const cost = costText(usage, price);
  if (cost) parts.push(cost);
  return `${parts.join(' · ')}${usage.estimated ? ', estimated' : ''}`;
}
