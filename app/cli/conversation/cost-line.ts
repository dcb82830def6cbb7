// `/cost`: the tokens and cost of every message of the conversation so far.
import type { CliOptions } from '../options/cli-options.js';
import { priceFor } from '../display/usage-figures.js';
import type { ConversationRecord } from './conversation-types.js';

/** `/cost`: tokens and cost of every message so far. */
export function costLine(
  record: Pick<ConversationRecord, 'turns'>,
  options: Pick<CliOptions, 'model' | 'priceInput' | 'priceOutput'>,
): string {
  let promptTokens = 0;
  let completionTokens = 0;
  let estimated = false;
  let cost = 0;
  let priced = true;
  for (const t of record.turns) {
    promptTokens += t.usage.promptTokens;
    completionTokens += t.usage.completionTokens;
    estimated ||= t.usage.estimated === true;
    const price = priceFor({ ...options, model: t.model });
    if (!price) priced = false;
    else
      cost += (t.usage.promptTokens * price.inputPerMillion + t.usage.completionTokens * price.outputPerMillion) / 1e6;
  }
  const approx = estimated ? '~' : '';
  const money =
    priced && record.turns.length > 0
      ? ` · ${approx}$${cost.toFixed(4)}`
      : ' · no price known (--price-input/--price-output)';
  return `${record.turns.length} message${record.turns.length === 1 ? '' : 's'} · ${approx}${promptTokens + completionTokens} tokens (${approx}${promptTokens} in · ${approx}${completionTokens} out)${money}${estimated ? ', estimated' : ''}`;
}
