// Every tool use of a closing reply gets its outcome: what it did (ran, was rejected), or why it
// did not (aborted while it ran, skipped after a stop, cut off) — and what the history answers it.
import type { AssistantMessageContent, ToolUse } from '../../src/parser/blocks.js';
import type { ToolResultEntry } from '../../src/reply/history.js';
import type { ToolOutcome } from './agent-turn-types.js';
import type { AgentTurnContext, StopCause } from './turn-context-types.js';
import { ABORTED_TOOL_TEXT, cutOffToolText, skippedToolText } from './turn-notes.js';

const USED = new Set(['done', 'error', 'rejected']);

/** The tool uses of a closing reply, settled. */
export interface SettledToolUses {
  /** Every call_id's outcome (the earlier ones kept). */
  outcomes: Record<string, ToolOutcome>;
  /** The answers the history sends back. */
  results: ToolResultEntry[];
  /** The tool uses skipped because the presentation had stopped. */
  skipped: ToolUse[];
  /** Whether any tool ran or was rejected. */
  usedTool: boolean;
  /** Whether any tool use was cut off. */
  cutOff: boolean;
  /** How many tool uses the reply holds. */
  toolBlocks: number;
}

/**
 * Settles the tool uses of `blocks`. `cause`: why the stream stopped; `stop`: why the
 * presentation had stopped (the cause, or the reason it already had when an ABORT came).
 */
export function settleToolUses(
  c: AgentTurnContext,
  blocks: readonly AssistantMessageContent[],
  finishReason: string | undefined,
  cause: StopCause | undefined,
  stop: StopCause | undefined,
): SettledToolUses {
  const outcomes: Record<string, ToolOutcome> = { ...c.toolOutcomes };
  const results: ToolResultEntry[] = [];
  const skipped: ToolUse[] = [];
  const weStoppedIt = stop === 'one-tool' || stop === 'rejected' || stop === 'completion';
  let usedTool = false;
  let cutOff = false;
  let toolBlocks = 0;

  for (const block of blocks) {
    if (block.type !== 'tool_use') continue;
    // Stryker disable next-line UpdateOperator: toolBlocks is only compared with 0, and no tool block leaves it at 0 either way
    toolBlocks++;
    let outcome: ToolOutcome | undefined = outcomes[block.call_id];
    if (outcome?.status === 'running') outcome = { status: 'error', content: ABORTED_TOOL_TEXT, isError: true };
    // The tool that waited for approval did not run because of this ending; later ones because of the stop.
    else if (outcome?.status === 'awaiting-approval')
      outcome = { status: 'skipped', content: skippedToolText(cause), isError: true };
    if (outcome === undefined) {
      if (block.partial && !weStoppedIt) {
        outcome = { status: 'cut-off', content: cutOffToolText(block, finishReason, cause), isError: true };
        // Stryker disable next-line BooleanLiteral: the new cut-off outcome sets cutOff again below (outcome.status === 'cut-off')
        cutOff = true;
      } else {
        outcome = { status: 'skipped', content: skippedToolText(stop), isError: true };
        skipped.push(block);
      }
    }
    if (outcome.status === 'cut-off') cutOff = true;
    outcomes[block.call_id] = outcome;
    const isCompletion = block.name === c.options.completionTool && outcome.status === 'done' && c.result !== undefined;
    if (USED.has(outcome.status)) usedTool = true;
    // The tag protocol needs no answer to the completion tool; a native call must be answered.
    if (isCompletion && !block.isNativeToolCall) continue;
    // Stryker disable next-line StringLiteral: every settled outcome carries content (running and awaiting-approval, which do not, were replaced above)
    results.push({ toolUse: block, content: outcome.content ?? '', isError: outcome.isError === true });
  }
  return { outcomes, results, skipped, usedTool, cutOff, toolBlocks };
}
