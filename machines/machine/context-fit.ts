// The context window, as the machine's guards and actions read it: the next prompt's size (the
// provider's last count plus estimates), the budget, and the cut that makes the history fit.
import { promptBudget, replyReserve } from '../../src/window/context-budget.js';
import { estimatePromptTokens, promptSize, type PromptSize } from '../../src/window/prompt-size.js';
import { truncateHistory } from '../../src/window/truncate-history.js';
import type { ChatMessage } from '../../src/wire/types.js';
import type { AgentTurnContext } from './turn-context-types.js';

// The history array is replaced, never changed in place: its estimate is computed once per array
// (selectView reads the size on every snapshot, i.e. on every streamed chunk).
const estimates = new WeakMap<readonly ChatMessage[], number>();

/** estimatePromptTokens of the context's history and tool definitions, cached per history array. */
export function promptEstimateOf(c: Pick<AgentTurnContext, 'messages' | 'toolDefinitions'>): number {
  let value = estimates.get(c.messages);
  if (value === undefined) {
    value = estimatePromptTokens(c.messages, c.toolDefinitions);
    estimates.set(c.messages, value);
  }
  return value;
}

/** The size of the prompt the history makes now. */
export function promptSizeOf(c: AgentTurnContext): PromptSize {
  return promptSize(promptEstimateOf(c), c.promptMeasure);
}

function requestedMaxTokens(c: AgentTurnContext): number | undefined {
  const options = c.requestOptions as { max_tokens?: unknown; max_completion_tokens?: unknown };
  const value = options.max_completion_tokens ?? options.max_tokens;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The room kept for the reply (what the budget leaves free of the window), in tokens. */
export function replyReserveOf(c: AgentTurnContext): number {
  return replyReserve(
    { contextWindow: c.options.contextWindow, maxOutputTokens: c.options.maxOutputTokens },
    requestedMaxTokens(c),
  );
}

/** The prompt budget: the window minus the room kept for the reply. */
export function budgetOf(c: AgentTurnContext): number {
  return promptBudget(
    { contextWindow: c.options.contextWindow, maxOutputTokens: c.options.maxOutputTokens },
    requestedMaxTokens(c),
  );
}

/** What the history must fit before this request: the budget, or the harder target after a context-length error. */
export function fitTargetOf(c: AgentTurnContext): number {
  return c.fitTarget ?? budgetOf(c);
}

export function isOverContextBudget(c: AgentTurnContext): boolean {
  return promptSizeOf(c).tokens > fitTargetOf(c);
}

/** The history cut to fit (oldest whole exchanges first), recorded in `truncations`. */
export function fitHistory(c: AgentTurnContext): Partial<AgentTurnContext> {
  const size = promptSizeOf(c).tokens;
  const cut = truncateHistory(c.messages, size, fitTargetOf(c));
  if (cut.dropped === 0) return {};
  return {
    messages: cut.messages,
    droppedMessages: c.droppedMessages + cut.dropped,
    truncations: [
      ...c.truncations,
      {
        beforeRequest: c.requests.length,
        dropped: cut.dropped,
        tokensBefore: size,
        tokensAfter: size - cut.removedTokens,
        afterError: c.contextRetried,
      },
    ],
  };
}

/** After the provider refused the prompt as too long: the retry must fit half of what was sent (or of the budget, if less). */
export function harderFitTarget(c: AgentTurnContext): number {
  return Math.max(1, Math.floor(Math.min(budgetOf(c), promptSizeOf(c).tokens) / 2));
}

/** Retries used by the request under way: a retry after a context-length error is not a failed attempt. */
export function retriesUsed(c: AgentTurnContext): number {
  return c.attempt - (c.contextRetried ? 1 : 0);
}
