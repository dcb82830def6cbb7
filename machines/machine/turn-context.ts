// The machine's context: built from the input, reset for each request, and the small reads the
// guards make (the block being presented, whether a tool already ran).
import { nanoid } from 'nanoid';
import type { AssistantMessageContent, ToolUse } from '../../src/parser/blocks.js';
import { clineThinkProtocol } from '../../src/protocol/cline-protocol.js';
import { contextLimitsFor, historyRuleOf, profileFor } from '../../src/profiles/profiles.js';
import { startsInReasoningFor } from './model-dialects.js';
import { turnProtocol } from './turn-dialects.js';
import type { ChatRequest } from '../../src/wire/types.js';
import { ZERO_USAGE } from './turn-usage.js';
import type { AgentTurnInput } from './agent-turn-types.js';
import type { AgentTurnContext, ResolvedTurnOptions } from './turn-context-types.js';
import { createReplyAssembly } from './reply-assembly.js';
import { listCovers } from './tool-policy-names.js';
import { agentToolsOf, protocolForTools, toolFunctionsOf } from './turn-tools.js';
import { DEFAULT_DRAIN_GRACE_MS, DEFAULT_DRAIN_MAX_CHARS } from './drain.js';
import { DEFAULT_READ_ONLY_TOOLS, runsInMode, withPlanNote } from './plan-mode.js';

export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
export const DEFAULT_RETRY_DELAYS_MS = [2000, 4000, 8000] as const;
/** How many model requests a turn makes at most when `maxRequests` is not set. */
export const DEFAULT_MAX_REQUESTS = 20;
export const DEFAULT_MAX_CONSECUTIVE_MISTAKES = 3;
export const DEFAULT_COMPLETION_TOOL = 'attempt_completion';
/** Tools without side effects: a restored turn runs them again if the process stopped while they ran. */
export const DEFAULT_IDEMPOTENT_TOOLS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'read_file',
  'list_files',
  'search_files',
]);

function positiveWhole(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

export function resolveTurnOptions(input: AgentTurnInput): ResolvedTurnOptions {
  const limits = contextLimitsFor(input.model);
  const contextWindow = positiveWhole(input.contextWindow) ?? limits.contextWindow;
  const agentTools = agentToolsOf(input.tools);
  // A defineTool tool's needsApproval and idempotent count as naming it in those lists.
  const asking = agentTools.filter((t) => t.needsApproval).map((t) => t.name);
  const rerunnable = agentTools.filter((t) => t.idempotent).map((t) => t.name);
  return {
    maxRequests: Math.max(1, input.maxRequests ?? DEFAULT_MAX_REQUESTS),
    toolsPerMessage: input.toolsPerMessage ?? 'one',
    approval:
      input.approval === true
        ? true
        : input.approval === false || input.approval === undefined
          ? asking
          : [...input.approval, ...asking],
    completionTool: input.completionTool ?? DEFAULT_COMPLETION_TOOL,
    endTurn: input.endTurn ?? (input.toolDefinitions !== undefined ? 'text' : 'completion-tool'),
    retryDelaysMs: [...(input.retry?.delaysMs ?? DEFAULT_RETRY_DELAYS_MS)],
    retryOn: input.retry?.retryOn ?? ((error) => error.retryable),
    maxRetryAfterMs: input.retry?.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS,
    maxConsecutiveMistakes: Math.max(1, input.nudge?.maxConsecutiveMistakes ?? DEFAULT_MAX_CONSECUTIVE_MISTAKES),
    startInReasoning: input.startInReasoning ?? startsInReasoningFor(input.model),
    drain: {
      graceMs: input.drain?.graceMs ?? DEFAULT_DRAIN_GRACE_MS,
      maxChars: input.drain?.maxChars ?? DEFAULT_DRAIN_MAX_CHARS,
    },
    idempotentTools: [...(input.idempotentTools ?? DEFAULT_IDEMPOTENT_TOOLS), ...rerunnable],
    contextWindow,
    // The reply's room can never be the whole window.
    maxOutputTokens: Math.min(
      positiveWhole(input.maxOutputTokens) ?? limits.maxOutputTokens,
      Math.max(1, contextWindow - 1),
    ),
    newIdPrefix: input.idPrefix ?? (() => nanoid(10)),
    history: historyRuleOf(profileFor(input.model), input.history),
    mode: input.mode ?? 'default',
    readOnlyTools: [...(input.readOnlyTools ?? DEFAULT_READ_ONLY_TOOLS)],
  };
}

/** Fields of the current reply, fresh: a new parser and a new call_id prefix. */
export function freshReply(context: Pick<AgentTurnContext, 'protocol' | 'options'>) {
  const idPrefix = context.options.newIdPrefix();
  return {
    idPrefix,
    replyAssembly: createReplyAssembly({
      protocol: context.protocol,
      idPrefix,
      startInReasoning: context.options.startInReasoning,
    }),
    replyEventCount: 0,
    chatBacklog: { events: [] },
    blocks: [] as AssistantMessageContent[],
    currentStreamingContentIndex: 0,
    toolOutcomes: {},
    toolInputs: {},
    toolNotes: {},
    heldResult: undefined,
    responded: false,
    streamEnded: false,
    finishReason: undefined,
    streamError: undefined,
    stoppedBy: undefined,
    charsAfterStop: 0,
    readingStopped: false,
    rejectionFeedback: undefined,
    retryWait: undefined,
    replyOpen: true,
    closing: undefined,
  } satisfies Partial<AgentTurnContext>;
}

export function initialContext(input: AgentTurnInput): AgentTurnContext {
  const base = {
    client: input.client,
    model: input.model,
    protocol: turnProtocol(
      protocolForTools(
        input.protocol ?? clineThinkProtocol,
        input.tools,
        input.completionTool ?? DEFAULT_COMPLETION_TOOL,
      ),
      input.model,
      input.messages,
    ),
    tools: toolFunctionsOf(input.tools),
    hooks: input.hooks ?? {},
    toolDefinitions: input.toolDefinitions,
    requestOptions: input.requestOptions ?? {},
    options: resolveTurnOptions(input),
  };
  return {
    ...base,
    messages: [...input.messages],
    requests: [],
    requestCount: 0,
    attempt: 0,
    consecutiveMistakes: 0,
    usage: ZERO_USAGE,
    promptMeasure: undefined,
    sentEstimate: 0,
    droppedMessages: 0,
    truncations: [],
    fitTarget: undefined,
    contextRetried: false,
    resumeAt: undefined,
    stopHookActive: false,
    hookFailures: 0,
    ...freshReply(base),
    replyOpen: false,
    reason: undefined,
    result: undefined,
    error: undefined,
  };
}

/** The request the chat actor sends for the current history. */
export function chatRequestOf(context: AgentTurnContext): ChatRequest {
  return {
    ...context.requestOptions,
    model: context.model,
    messages:
      context.options.mode === 'plan'
        ? withPlanNote(context.messages, context.options.completionTool)
        : context.messages,
    stream: true,
    stream_options: { include_usage: true },
    ...(context.toolDefinitions !== undefined && context.toolDefinitions.length > 0
      ? { tools: context.toolDefinitions }
      : {}),
  };
}

export function blockAtIndex(context: AgentTurnContext): AssistantMessageContent | undefined {
  return context.blocks[context.currentStreamingContentIndex];
}

/** The block being presented, if it is a complete tool use that has not run (nor been decided) yet. */
export function pendingToolAtIndex(context: AgentTurnContext): ToolUse | undefined {
  const block = blockAtIndex(context);
  if (block === undefined || block.type !== 'tool_use' || block.partial) return undefined;
  if (Object.hasOwn(context.toolOutcomes, block.call_id)) return undefined;
  return block;
}

export function needsApproval(context: AgentTurnContext, toolUse: ToolUse): boolean {
  const approval = context.options.approval;
  return approval === true || listCovers(approval, toolUse);
}

/** Whether any tool of this reply started (or was decided by the user): then the attempt cannot be silently retried. */
export function anyToolStarted(context: AgentTurnContext): boolean {
  for (const id in context.toolOutcomes) {
    const status = context.toolOutcomes[id].status;
    if (status === 'running' || status === 'done' || status === 'error' || status === 'rejected') return true;
  }
  return false;
}

/** The tool use as it runs: with the parameters a beforeTool hook gave it, if it did. */
export function toolToRun(context: AgentTurnContext, toolUse: ToolUse): ToolUse {
  const params = Object.hasOwn(context.toolInputs, toolUse.call_id) ? context.toolInputs[toolUse.call_id] : undefined;
  return params === undefined ? toolUse : { ...toolUse, params };
}

/** Whether the turn's mode refuses this tool use (plan mode: not a reading tool). */
export function refusedByMode(context: AgentTurnContext, toolUse: ToolUse): boolean {
  const o = context.options;
  return !runsInMode(o.mode, toolUse, o.readOnlyTools, o.completionTool);
}
