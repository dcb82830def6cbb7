// Closing a reply: every tool use gets an outcome (ran, rejected, skipped, cut off), the request
// is recorded, and the reply is prepared for the history. Pure: context in, context changes out.
import type { AssistantMessageContent, ToolUse } from '../../src/parser/blocks.js';
import { assistantHistoryMessage, toolResultMessages } from '../../src/reply/history.js';
import { stripLeadingReasoning } from '../../src/reply/strip-leading-reasoning.js';
import type { ChatMessage } from '../../src/wire/types.js';
import type { RequestStatus, ToolOutcome, TurnRequest, TurnToolResult } from './agent-turn-types.js';
import type { AgentTurnContext, StopCause } from './turn-context-types.js';
import { absorbEvents, endReply } from './reply-assembly.js';
import { addUsage, estimateRequestUsage, reportedUsage } from './turn-usage.js';
import { settleToolUses } from './tool-use-outcomes.js';
import {
  ABORTED_NOTE,
  EMPTY_ASSISTANT_PLACEHOLDER,
  EMPTY_REPLY_NOTE,
  LENGTH_NOTE,
  RESUMED_NOTE,
  STREAM_ERROR_NOTE,
  cutOffToolText,
  noToolUsedNote,
  oneToolNote,
  skippedToolText,
} from './turn-notes.js';

/**
 * Ends the current reply and decides every tool use's outcome; `status` is how the request ended.
 * `stoppedBefore`: why the presentation had already stopped when an ABORT came (one tool per
 * message, a rejection): tools after that point keep that reason, as the view showed them.
 */
export function closeReply(
  c: AgentTurnContext,
  status: RequestStatus,
  stoppedBefore?: StopCause,
): Partial<AgentTurnContext> {
  const cause = c.stoppedBy;
  // Events the chat actor read but had not sent when the machine left the stream are part of the reply.
  const pending = c.chatBacklog.events;
  const read =
    pending.length > 0
      ? absorbEvents(c.replyAssembly, c.replyEventCount, pending)
      : { assembly: c.replyAssembly, eventCount: c.replyEventCount, blocks: c.blocks };
  const ended = endReply(read.assembly, read.eventCount, !c.streamEnded);
  // Stryker disable next-line LogicalOperator: c.finishReason comes from an earlier end of this same assembly (or its restored events), so it is undefined whenever ended.finishReason is
  const finishReason = ended.finishReason ?? c.finishReason;
  const { outcomes, results, skipped, usedTool, cutOff, toolBlocks } = settleToolUses(
    c,
    ended.blocks,
    finishReason,
    cause,
    stoppedBefore ?? cause,
  );

  // The reply was parsed with this turn's reasoning tags (and maybe started inside one): the
  // history must strip the same reasoning, or it would go back to the model as content.
  // What else it carries (reasoning, reasoning_details, thought signatures) is the model's history rule's call.
  const parsedAs = { reasoningTags: c.protocol.reasoningTags, startInReasoning: c.options.startInReasoning };
  const spoken = assistantHistoryMessage({
    content: ended.content,
    toolCalls: ended.toolCalls,
    reasoning: ended.reasoning,
    reasoningDetails: ended.reasoningDetails,
    rule: c.options.history,
    ...parsedAs,
  });
  const saidNothing = ended.toolCalls.length === 0 && stripLeadingReasoning(ended.content, parsedAs).trim() === '';
  // A reply of only reasoning still says something; its reasoning and opaque fields stay with it.
  const assistant: ChatMessage = saidNothing ? withPlaceholder(spoken, c.options.history.keepInlineReasoning) : spoken;

  const notes: string[] = [];
  // Only a model that really wrote on after its first tool is told so (whitespace is not writing).
  if (cause === 'one-tool' && (skipped.length > 0 || c.charsAfterStop > 0)) notes.push(oneToolNote(skipped));
  if (cause === 'aborted') notes.push(ABORTED_NOTE);
  if (cause === 'error') notes.push(STREAM_ERROR_NOTE);
  if (cause === 'resumed') notes.push(RESUMED_NOTE);
  if (finishReason === 'length' && !cutOff) notes.push(LENGTH_NOTE); // a cut-off tool's result already says so
  const countsAsMistake = !usedTool && cause !== 'aborted';
  if (countsAsMistake && !cutOff) {
    // Only reasoning (inline <think> included) and no answer is an empty reply too.
    const empty = saidNothing && toolBlocks === 0;
    notes.push(empty ? EMPTY_REPLY_NOTE : noToolUsedNote(c.options.completionTool, c.toolDefinitions !== undefined));
  }

  // A reply that ended normally with text and no tool use at all is a plain answer (a reply cut at
  // the length limit is not: it did not finish).
  const text = ended.blocks
    .filter((b) => b.type === 'text')
    .map((b) => (b as { content: string }).content)
    .join('')
    .trim();
  const plain =
    toolBlocks === 0 && cause === undefined && status === 'complete' && finishReason !== 'length' && text !== '';
  return {
    // Stopped by the person: what the parser held back (`<list_f`, `</thi`) stays hidden, as it was shown.
    ...recordRequest(
      c,
      cause === 'aborted' ? { ...ended, blocks: withoutHeldBackTail(read.blocks, ended.blocks) } : ended,
      outcomes,
      status,
      finishReason,
    ),
    consecutiveMistakes: countsAsMistake ? c.consecutiveMistakes + 1 : usedTool ? 0 : c.consecutiveMistakes,
    closing: { assistant, results, notes, usedTool, ...(plain ? { plainAnswer: text } : {}) },
    replyOpen: false,
  };
}

/** An empty reply's history message: the placeholder as its text (after the kept inline reasoning, if any). */
function withPlaceholder(spoken: ChatMessage, keepInline: boolean): ChatMessage {
  const kept = keepInline ? (spoken.content ?? '').trim() : '';
  return {
    ...spoken,
    content: kept === '' ? EMPTY_ASSISTANT_PLACEHOLDER : `${kept}\n\n${EMPTY_ASSISTANT_PLACEHOLDER}`,
  };
}

/**
 * The ended blocks with text and reasoning as they were shown before the end: ending a reply
 * releases what the parser held back (a tail that might have become a tag), which a reply the
 * person stopped must not show. Tool uses are taken as ended; prose only the end made is dropped.
 */
export function withoutHeldBackTail(
  shown: readonly AssistantMessageContent[],
  ended: readonly AssistantMessageContent[],
): AssistantMessageContent[] {
  const out: AssistantMessageContent[] = [];
  ended.forEach((block, i) => {
    if (block.type === 'tool_use') return void out.push(block);
    const before = shown[i];
    if (before === undefined || before.type !== block.type) return; // prose the end alone made: the tail
    out.push(before.partial ? { ...before, partial: false } : block);
  });
  return out;
}

/** A failed attempt that ran no tool: kept in `requests` for UIs, never in the history. */
export function recordFailedAttempt(c: AgentTurnContext): Partial<AgentTurnContext> {
  const ended = endReply(c.replyAssembly, c.replyEventCount, true);
  const outcomes: Record<string, ToolOutcome> = { ...c.toolOutcomes };
  for (const block of ended.blocks) {
    if (block.type === 'tool_use' && outcomes[block.call_id] === undefined) {
      outcomes[block.call_id] = {
        status: block.partial ? 'cut-off' : 'skipped',
        content: skippedToolText('error'),
        isError: true,
      };
    }
  }
  return { ...recordRequest(c, ended, outcomes, 'failed', ended.finishReason), replyOpen: false };
}

/** The ended reply as a `requests` entry, plus the context fields every way of ending a reply sets. */
function recordRequest(
  c: AgentTurnContext,
  ended: ReturnType<typeof endReply>,
  outcomes: Record<string, ToolOutcome>,
  status: RequestStatus,
  finishReason: string | undefined,
): Partial<AgentTurnContext> {
  // The provider's usage whenever it sent one; an estimate only for a reply that came without (not for an HTTP error: nothing arrived).
  const usage =
    ended.usage !== undefined
      ? reportedUsage(ended.usage)
      : ended.eventCount > 0
        ? estimateRequestUsage(c.messages, ended)
        : undefined;
  const request: TurnRequest = {
    index: c.requests.length,
    attempt: c.attempt,
    idPrefix: c.idPrefix,
    status,
    blocks: ended.blocks,
    toolResults: toolResultsOf(ended.blocks, outcomes),
    content: ended.content,
    reasoning: ended.reasoning,
    ...(usage !== undefined ? { usage } : {}),
    finishReason,
    ...(c.streamError !== undefined ? { error: c.streamError } : {}),
  };
  return {
    replyAssembly: ended.assembly,
    replyEventCount: ended.eventCount,
    blocks: ended.blocks,
    toolOutcomes: outcomes,
    requests: [...c.requests, request],
    usage: addUsage(c.usage, usage),
    // The provider's count of this prompt: the next request's size starts from it.
    ...(ended.usage !== undefined && ended.usage.promptTokens > 0
      ? { promptMeasure: { promptTokens: ended.usage.promptTokens, estimate: c.sentEstimate } }
      : {}),
  };
}

function toolResultsOf(blocks: readonly { type: string }[], outcomes: Record<string, ToolOutcome>): TurnToolResult[] {
  const out: TurnToolResult[] = [];
  for (const block of blocks) {
    if (block.type !== 'tool_use') continue;
    const t = block as ToolUse;
    const o = outcomes[t.call_id];
    if (o === undefined) continue;
    out.push({
      call_id: t.call_id,
      name: t.name,
      status: o.status,
      // Stryker disable next-line StringLiteral: every settled outcome carries content; a failed attempt has no running tool (anyToolStarted)
      content: o.content ?? '',
      isError: o.isError === true,
    });
  }
  return out;
}

/** The closed reply and its results (with notes) appended: the turn goes on. */
export function historyContinuing(c: AgentTurnContext): ChatMessage[] {
  if (c.closing === undefined) return c.messages;
  const { assistant, results, notes } = c.closing;
  return [...c.messages, assistant, ...toolResultMessages(results, { notes })];
}

/** The closed reply and its results appended, without notes: the turn ends here. */
export function historyEnding(c: AgentTurnContext): ChatMessage[] {
  if (c.closing === undefined) return c.messages;
  const { assistant, results } = c.closing;
  return [...c.messages, assistant, ...(results.length > 0 ? toolResultMessages(results) : [])];
}

/**
 * A stream that ended on its own with a tool use still open cut that tool off, whatever happens
 * later (a rejection of an earlier tool does not make it 'skipped'): its outcome is fixed now, as
 * the view already shows it. After a stop of ours the open tool is the stop's, not the end's.
 */
export function cutOffAtEnd(
  c: AgentTurnContext,
  blocks: readonly AssistantMessageContent[],
  finishReason: string | undefined,
): Record<string, ToolOutcome> {
  if (c.stoppedBy !== undefined) return c.toolOutcomes;
  let outcomes = c.toolOutcomes;
  for (const block of blocks) {
    if (block.type !== 'tool_use' || !block.partial || outcomes[block.call_id] !== undefined) continue;
    const content = cutOffToolText(block, finishReason, undefined);
    outcomes = { ...outcomes, [block.call_id]: { status: 'cut-off', content, isError: true } };
  }
  return outcomes;
}
