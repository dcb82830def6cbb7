// The agent turn as a state machine: request -> stream and present blocks (running each complete
// tool once, in order) -> finalize -> recurse with the results, until the model completes, the
// limits are hit, the user aborts, or an error cannot be retried. The config below holds only
// names; what they do is in the implementations passed to setup().
import { missingParamText, missingRequiredParam } from './missing-params.js';
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { ToolUse } from '../../src/parser/blocks.js';
import type { ChatError } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import type { AgentTurnEvent, AgentTurnOutput } from './agent-turn-types.js';
import type { AgentTurnMachineInput } from './agent-turn-machine-input.js';
import { chatActor } from '../actors/chat-actor.js';
import { executeToolActor, toolErrorResult } from '../actors/execute-tool-actor.js';
import { checkStopActor, checkToolActor, reviewToolActor } from '../actors/hook-actors.js';
import { deniedToolText, hookFailedText, stopBlockedNote, withAddedContext } from './turn-hooks.js';
import { planRefusalText } from './plan-mode.js';
import { absorbEvents, endReply } from './reply-assembly.js';
import { closeReply, cutOffAtEnd, historyContinuing, historyEnding, recordFailedAttempt } from './close-reply.js';
import {
  anyToolStarted,
  blockAtIndex,
  chatRequestOf,
  freshReply,
  initialContext,
  needsApproval,
  pendingToolAtIndex,
  refusedByMode,
  toolToRun,
} from './turn-context.js';
import type { AgentTurnContext, StopCause } from './turn-context-types.js';
import { COMPLETION_ACK, rejectedToolText } from './turn-notes.js';
import { contentAfter, contentIn } from './drain.js';
import { retryWaitFor } from './retry-wait.js';
import { isContextLengthError } from '../../src/window/context-length-error.js';
import { restoreTurnContext } from '../record/turn-record.js';
import { TOOL_OUTCOME_UNKNOWN_TEXT } from './turn-notes.js';
import {
  fitHistory,
  harderFitTarget,
  isOverContextBudget,
  promptEstimateOf,
  replyReserveOf,
  retriesUsed,
} from './context-fit.js';
import type { TurnPhase } from '../view/turn-phase.js';
import { listCovers } from './tool-policy-names.js';
import { inspectableContext, inspectableInput } from './inspection-summary.js';

type Ctx = AgentTurnContext;
type Ev = AgentTurnEvent;

const isParams = (v: unknown): v is Record<string, string> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/** The result the model gets for a tool whose result an afterTool hook blocked. */
function deniedResultOfReview(reason: string | undefined): string {
  const why = reason !== undefined && reason.trim() !== '' ? reason.trim() : 'no reason was given';
  return `The tool ran, but a hook withheld its result. Reason: ${why}`;
}

function outcome(c: Ctx, callId: string, value: Ctx['toolOutcomes'][string]) {
  return { ...c.toolOutcomes, [callId]: value };
}

function currentToolId(c: Ctx): string {
  return (blockAtIndex(c) as ToolUse).call_id;
}

/** The tool's result for the model, with what hooks added to it. */
function resultWithNotes(c: Ctx, result: { content: string; isError: boolean }, extra?: string) {
  const id = currentToolId(c);
  const note = Object.hasOwn(c.toolNotes, id) ? c.toolNotes[id] : undefined;
  const content = withAddedContext(withAddedContext(result.content, note), extra);
  return {
    toolOutcomes: outcome(c, id, { status: result.isError ? 'error' : 'done', content, isError: result.isError }),
    currentStreamingContentIndex: c.currentStreamingContentIndex + 1,
    heldResult: undefined,
  } satisfies Partial<Ctx>;
}

/** The tool's input for the executeTool actor: the tool use (as a hook rewrote it) and the tools. */
function executeInput(c: Ctx) {
  return inspectableInput({ toolUse: toolToRun(c, blockAtIndex(c) as ToolUse), tools: c.tools });
}

interface StopEnqueue {
  assign(values: Partial<Ctx>): void;
  sendTo(to: 'chat', event: { type: 'STOP' }): void;
}

/** The reply with a batch of stream events added. */
function absorbed(c: Ctx, events: readonly ChatStreamEvent[]) {
  const a = absorbEvents(c.replyAssembly, c.replyEventCount, events);
  return { replyAssembly: a.assembly, replyEventCount: a.eventCount, blocks: a.blocks };
}

/** Reading stops at once (the drain's limit passed): the chat actor cancels the stream. */
function stopReading(enqueue: StopEnqueue): void {
  enqueue.assign({ readingStopped: true });
  enqueue.sendTo('chat', { type: 'STOP' });
}

/**
 * Nothing after the current block is presented or run; the stream is read on (drain.ts) unless
 * what already followed the block passes the drain's limit.
 */
function stopPresenting(c: Ctx, cause: StopCause, enqueue: StopEnqueue): void {
  enqueue.assign({ stoppedBy: cause });
  // A rejection in 'one' mode stops again at the same block: the count since the first stop goes on.
  if (c.stoppedBy !== undefined) return;
  const chars = contentAfter(c.blocks, c.currentStreamingContentIndex);
  enqueue.assign({ charsAfterStop: chars });
  if (chars > c.options.drain.maxChars) stopReading(enqueue);
}

/**
 * The agent-turn machine (XState v5): requests a reply, streams it into blocks, runs each complete
 * tool use once (after APPROVE where approval is asked), sends the results back and recurses until
 * the completion tool, a limit, ABORT or a failure ends the turn. Built with `setup()`: its config
 * holds only names, so tests swap its `chat` and `executeTool` actors with `.provide()`. Most code
 * wants {@link runAgentTurn} or {@link createAgentTurnActor}, which build its input.
 *
 * @example
 * ```ts
 * import { createActor, fromPromise } from 'xstate';
 * import { agentTurnMachine, machineToMermaid } from 'agent-turn';
 *
 * machineToMermaid(agentTurnMachine); // the state diagram, derived from the machine itself
 * // a test that runs every tool as a stub
 * const machine = agentTurnMachine.provide({ actors: { executeTool: fromPromise(async () => ({ content: 'ok', isError: false })) } });
 * const actor = createActor(machine, { input: { client, model: 'scripted:glm-5.1', messages } }).start();
 * ```
 */
// Marked pure: a bundle that uses only the core's names from `agent-turn` drops the machine and XState.
export const agentTurnMachine = /* @__PURE__ */ setup({
  // Stryker disable next-line ObjectLiteral: types only; nothing of it exists at run time
  types: {
    context: {} as Ctx,
    events: {} as Ev,
    input: {} as AgentTurnMachineInput,
    output: {} as AgentTurnOutput,
    tags: {} as TurnPhase,
  },
  actors: {
    chat: chatActor,
    executeTool: executeToolActor,
    checkTool: checkToolActor,
    reviewTool: reviewToolActor,
    checkStop: checkStopActor,
  },
  delays: {
    // Waits until the retry's due time (retryWait.at): a restored turn waits only the rest of it.
    retryDelay: ({ context }) =>
      // Stryker disable next-line ConditionalExpression: 'retrying' is entered only with a retryWait (recordFailedAttempt sets it; a restored retry carries it)
      context.retryWait === undefined
        ? 0
        : Math.max(0, Math.min(context.retryWait.delayMs, context.retryWait.at - Date.now())),
    drainGrace: ({ context }) => context.options.drain.graceMs,
  },
  guards: {
    hasResponse: ({ context }) => context.responded,
    // The presentation stopped and the stream is still read: what arrives counts toward the drain's limit.
    countsAfterStop: ({ context }) => context.stoppedBy !== undefined && !context.readingStopped,
    // shouldRetry, contextTooLong, failedAfterTools: checked only in request.streamFailed, where streamError is set.
    shouldRetry: ({ context: c }) =>
      c.options.retryOn(c.streamError as ChatError) &&
      retriesUsed(c) < c.options.retryDelaysMs.length &&
      !anyToolStarted(c),
    // The provider refused the prompt as too long: cut the history harder and try once more.
    contextTooLong: ({ context: c }) =>
      !c.contextRetried && !anyToolStarted(c) && isContextLengthError(c.streamError as ChatError),
    overContextBudget: ({ context }) => isOverContextBudget(context),
    // A restored turn (see turn-record.ts) goes on where it was.
    // (`reason` is set only as a turn ends: a restored one is a finished turn.)
    resumesAborted: ({ context }) => context.reason === 'aborted',
    resumesFailed: ({ context }) => context.reason === 'failed',
    resumesDone: ({ context }) => context.resumeAt === 'finished',
    resumesRetry: ({ context }) => context.resumeAt === 'retrying',
    // The reply's events give back its blocks; a record whose index is not at a tool (edited, or
    // resumed with another protocol) closes the reply with what had arrived instead.
    resumesApproval: ({ context }) =>
      context.resumeAt === 'awaiting-approval' && blockAtIndex(context)?.type === 'tool_use',
    resumesIdempotentTool: ({ context }) => {
      const block = blockAtIndex(context);
      return (
        context.resumeAt === 'running-tool' &&
        block?.type === 'tool_use' &&
        listCovers(context.options.idempotentTools, block)
      );
    },
    resumesTool: ({ context }) => context.resumeAt === 'running-tool' && blockAtIndex(context)?.type === 'tool_use',
    resumesReply: ({ context }) => context.replyOpen, // a new turn has no reply open
    // A tool already ran: retrying would hide its effect from the model, so the reply so far is kept.
    failedAfterTools: ({ context: c }) => c.options.retryOn(c.streamError as ChatError) && anyToolStarted(c),
    hasStreamError: ({ context }) => context.streamError !== undefined,
    isStopped: ({ context }) => context.stoppedBy !== undefined,
    // The stream is over for this reply: it ended, failed, or the machine cancelled it.
    isReadingOver: ({ context: c }) => c.streamEnded || c.streamError !== undefined || c.readingStopped,
    atCompleteProse: ({ context }) => {
      const block = blockAtIndex(context);
      return block !== undefined && block.type !== 'tool_use' && !block.partial;
    },
    atToolMissingParam: ({ context }) => {
      const tool = pendingToolAtIndex(context);
      return tool !== undefined && missingRequiredParam(tool) !== undefined;
    },
    atCompletionTool: ({ context }) => pendingToolAtIndex(context)?.name === context.options.completionTool,
    // Checked only in request.toolReady, where a complete tool waits at the index.
    atToolNeedingApproval: ({ context }) => needsApproval(context, pendingToolAtIndex(context) as ToolUse),
    atCompleteTool: ({ context }) => pendingToolAtIndex(context) !== undefined,
    // Plan mode: a tool that is not a reading one is refused (told, never run).
    atToolRefusedByMode: ({ context }) => {
      const tool = pendingToolAtIndex(context);
      return tool !== undefined && refusedByMode(context, tool);
    },
    hasToolCheck: ({ context }) => context.hooks.beforeTool !== undefined,
    toolCheckDenies: ({ event }) => event.type === 'xstate.done.actor.checkTool' && event.output.decision === 'deny',
    toolCheckAsks: ({ event }) => event.type === 'xstate.done.actor.checkTool' && event.output.decision === 'ask',
    toolCheckAllows: ({ event }) => event.type === 'xstate.done.actor.checkTool' && event.output.decision === 'allow',
    hasToolReview: ({ context }) => context.hooks.afterTool !== undefined,
    // A stop hook is asked only while another request may still be made.
    hasStopCheck: ({ context }) =>
      context.result !== undefined &&
      context.hooks.beforeStop !== undefined &&
      context.requestCount < context.options.maxRequests,
    stopCheckBlocks: ({ event }) => event.type === 'xstate.done.actor.checkStop' && event.output.decision === 'block',
    // Last in request.streaming: every complete block at the index was taken by the guards before,
    // so once the stream ended the index is past the end or at a tool the end cut off.
    isStreamPresented: ({ context }) => context.streamEnded,
    hasCompletion: ({ context }) => context.result !== undefined,
    // endTurn 'text': a reply without a tool call that said something ends the turn with its text.
    isPlainAnswer: ({ context }) => context.options.endTurn === 'text' && context.closing?.plainAnswer !== undefined,
    tooManyMistakes: ({ context }) => context.consecutiveMistakes >= context.options.maxConsecutiveMistakes,
    maxRequestsReached: ({ context }) => context.requestCount >= context.options.maxRequests,
  },
  actions: {
    // (The reply is closed next: the index past this tool would change nothing.)
    recordToolOutcomeUnknown: assign(({ context }) => ({
      toolOutcomes: outcome(context, currentToolId(context), {
        status: 'error',
        content: TOOL_OUTCOME_UNKNOWN_TEXT,
        isError: true,
      }),
    })),
    startRequest: assign(({ context }) => ({
      ...freshReply(context),
      requestCount: context.attempt === 0 ? context.requestCount + 1 : context.requestCount,
      sentEstimate: promptEstimateOf(context),
    })),
    truncateHistory: assign(({ context }) => fitHistory(context)),
    recordContextOverflow: assign(({ context }) => ({
      ...recordFailedAttempt(context),
      attempt: context.attempt + 1,
      contextRetried: true,
      fitTarget: harderFitTarget(context),
    })),
    // One plain assign per streamed batch: the hot path (enqueueActions costs more per call).
    absorbChunks: assign(({ context, event }) => {
      assertEvent(event, 'CHAT.CHUNKS');
      return { ...absorbed(context, event.events), responded: true };
    }),
    // Draining (the presentation stopped): only the end is wanted; a model that writes on is cut.
    // (`responded` is already true: the presentation stopped at a block of this reply.)
    absorbChunksWhileDraining: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'CHAT.CHUNKS');
      const chars = context.charsAfterStop + contentIn(event.events);
      enqueue.assign({ ...absorbed(context, event.events), charsAfterStop: chars });
      if (chars > context.options.drain.maxChars) stopReading(enqueue);
    }),
    endStream: assign(({ context }) => {
      const ended = endReply(context.replyAssembly, context.replyEventCount, false);
      return {
        replyAssembly: ended.assembly,
        replyEventCount: ended.eventCount,
        blocks: ended.blocks,
        streamEnded: true,
        responded: true,
        finishReason: ended.finishReason,
        toolOutcomes: cutOffAtEnd(context, ended.blocks, ended.finishReason),
      };
    }),
    recordStreamError: assign(({ event }) => {
      assertEvent(event, 'CHAT.ERROR');
      return { streamError: event.error, responded: true };
    }),
    advancePresentation: assign(({ context }) => {
      // Every complete text/reasoning block in a row at once: one step however many arrived.
      let i = context.currentStreamingContentIndex;
      const blocks = context.blocks;
      while (i < blocks.length && blocks[i].type !== 'tool_use' && !blocks[i].partial) i++;
      return { currentStreamingContentIndex: i };
    }),
    recordMissingParam: assign(({ context }) => {
      const tool = pendingToolAtIndex(context) as ToolUse;
      const content = missingParamText(tool, missingRequiredParam(tool) as string);
      return {
        toolOutcomes: outcome(context, tool.call_id, { status: 'error', content, isError: true }),
        currentStreamingContentIndex: context.currentStreamingContentIndex + 1,
      };
    }),
    acceptCompletion: enqueueActions(({ context, enqueue }) => {
      const tool = pendingToolAtIndex(context) as ToolUse;
      enqueue.assign({
        result: tool.params.result ?? '',
        toolOutcomes: outcome(context, tool.call_id, { status: 'done', content: COMPLETION_ACK }),
        currentStreamingContentIndex: context.currentStreamingContentIndex + 1,
      });
      stopPresenting(context, 'completion', enqueue);
    }),
    // (toolReady is never reached once stopped: streaming's first guard drains.)
    stopPresentingInOneToolMode: enqueueActions(({ context, enqueue }) => {
      if (context.options.toolsPerMessage === 'one') stopPresenting(context, 'one-tool', enqueue);
    }),
    markAwaitingApproval: assign(({ context }) => ({
      toolOutcomes: outcome(context, currentToolId(context), { status: 'awaiting-approval' }),
    })),
    markToolRunning: assign(({ context }) => ({
      toolOutcomes: outcome(context, currentToolId(context), { status: 'running' }),
    })),
    recordToolResult: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.executeTool');
      return resultWithNotes(context, event.output);
    }),
    // The afterTool hook reviews the result before it is recorded.
    holdToolResult: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.executeTool');
      return { heldResult: event.output };
    }),
    recordReviewedResult: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.reviewTool');
      const held = context.heldResult as { content: string; isError: boolean };
      const review = event.output;
      const result =
        review.decision === 'block' ? { content: deniedResultOfReview(review.reason), isError: true } : held;
      return resultWithNotes(context, result, review.additionalContext);
    }),
    recordHeldResult: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.reviewTool');
      const held = context.heldResult as { content: string; isError: boolean };
      return {
        ...resultWithNotes(context, held, hookFailedText('afterTool', event.error)),
        hookFailures: context.hookFailures + 1,
      };
    }),
    recordModeRefusal: assign(({ context }) => {
      const tool = pendingToolAtIndex(context) as ToolUse;
      const content = planRefusalText(tool, context.options.completionTool);
      return {
        toolOutcomes: outcome(context, tool.call_id, { status: 'error', content, isError: true }),
        currentStreamingContentIndex: context.currentStreamingContentIndex + 1,
      };
    }),
    // What beforeTool gave: a rewritten input and added context, kept for the run and the result.
    recordToolCheck: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.checkTool');
      const id = currentToolId(context);
      const { updatedInput, additionalContext } = event.output;
      return {
        ...(isParams(updatedInput) ? { toolInputs: { ...context.toolInputs, [id]: updatedInput } } : {}),
        ...(typeof additionalContext === 'string' && additionalContext !== ''
          ? { toolNotes: { ...context.toolNotes, [id]: additionalContext } }
          : {}),
      };
    }),
    recordToolDenied: assign(({ context, event }) => {
      const reason =
        event.type === 'xstate.done.actor.checkTool'
          ? event.output.reason
          : event.type === 'xstate.error.actor.checkTool'
            ? hookFailedText('beforeTool', event.error)
            : undefined;
      return {
        hookFailures: context.hookFailures + (event.type === 'xstate.error.actor.checkTool' ? 1 : 0),
        toolOutcomes: outcome(context, currentToolId(context), {
          status: 'error',
          content: deniedToolText(reason),
          isError: true,
        }),
        currentStreamingContentIndex: context.currentStreamingContentIndex + 1,
      };
    }),
    countHookFailure: assign(({ context }) => ({ hookFailures: context.hookFailures + 1 })),
    // The stop hook keeps the turn going: the completion is undone and its reason told to the model.
    continueAfterStopHook: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.checkStop');
      const closing = context.closing as NonNullable<Ctx['closing']>;
      return {
        result: undefined,
        stopHookActive: true,
        closing: { ...closing, notes: [...closing.notes, stopBlockedNote(event.output.reason)] },
      };
    }),
    recordToolFailure: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.executeTool');
      const result = toolErrorResult(event.error);
      return {
        toolOutcomes: outcome(context, currentToolId(context), {
          status: 'error',
          content: result.content,
          isError: true,
        }),
        currentStreamingContentIndex: context.currentStreamingContentIndex + 1,
      };
    }),
    recordRejection: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'REJECT');
      // Checked where the actor takes it (event-check.ts); a machine driven directly gets the same: text or none.
      const feedback = typeof event.feedback === 'string' ? event.feedback : undefined;
      // The rejected tool is the block where the presentation stops (in 'one' mode it already stopped there).
      stopPresenting(context, 'rejected', enqueue);
      enqueue.assign({
        toolOutcomes: outcome(context, currentToolId(context), {
          status: 'rejected',
          content: rejectedToolText(feedback, event.expiredAfterMs),
          isError: true,
        }),
        rejectionFeedback: feedback,
        currentStreamingContentIndex: context.currentStreamingContentIndex + 1,
      });
    }),
    markInterrupted: assign({ stoppedBy: 'error' as const }),
    recordFailedAttempt: assign(({ context }) => {
      const next = { ...context, attempt: context.attempt + 1 };
      // The scheduled delay, or the server's Retry-After when longer (capped by retry.maxRetryAfterMs).
      const retryWait = retryWaitFor(context.options, retriesUsed(next), context.streamError, Date.now());
      return { ...recordFailedAttempt(context), attempt: next.attempt, retryWait };
    }),
    recordFailure: assign(({ context }) => {
      // Tools already ran: their reply and results enter the history, so no effect is lost.
      if (anyToolStarted(context)) {
        const closed = { ...context, ...closeReply({ ...context, stoppedBy: 'error' }, 'failed') };
        return {
          ...closed,
          messages: historyEnding(closed),
          closing: undefined,
          reason: 'failed' as const,
          error: context.streamError,
        };
      }
      return { ...recordFailedAttempt(context), reason: 'failed' as const, error: context.streamError };
    }),
    closeReply: assign(({ context }) => closeReply(context, 'complete')),
    endCompleted: assign(({ context }) => ({
      messages: historyEnding(context),
      closing: undefined,
      reason: 'completed' as const,
    })),
    endAnswered: assign(({ context }) => ({
      messages: historyEnding(context),
      result: context.closing?.plainAnswer,
      closing: undefined,
      reason: 'completed' as const,
      consecutiveMistakes: 0,
    })),
    endTooManyMistakes: assign(({ context }) => ({
      messages: historyEnding(context),
      closing: undefined,
      reason: 'too_many_mistakes' as const,
    })),
    endMaxRequests: assign(({ context }) => ({
      messages: historyEnding(context),
      closing: undefined,
      reason: 'max_requests' as const,
    })),
    continueTurn: assign(({ context }) => ({
      messages: historyContinuing(context),
      closing: undefined,
      attempt: 0,
      contextRetried: false,
      fitTarget: undefined,
    })),
    finalizeAborted: assign(({ context }) => {
      if (!context.replyOpen) return { reason: 'aborted' as const };
      const closed = { ...context, ...closeReply({ ...context, stoppedBy: 'aborted' }, 'aborted', context.stoppedBy) };
      return { ...closed, messages: historyContinuing(closed), closing: undefined, reason: 'aborted' as const };
    }),
  },
}).createMachine({
  id: 'agentTurn',
  // An inspector sees a bounded summary of the context (inspection-summary.ts), not the growing reply.
  context: ({ input }) =>
    inspectableContext(input.resume !== undefined ? restoreTurnContext(input.resume, input) : initialContext(input)),
  initial: 'starting',
  on: {
    ABORT: { target: '.aborted', actions: 'finalizeAborted' },
  },
  states: {
    // Transient: a new turn goes to its first request; a restored one goes on where it was
    // (turn-record.ts): a request is made again, a retry waits the rest of its delay, an approval
    // is asked again, a running tool runs again only if it is idempotent (else its outcome is
    // unknown), a reply whose tool already ran is closed with what had arrived.
    starting: {
      tags: 'waiting',
      always: [
        { guard: 'resumesAborted', target: 'aborted' },
        { guard: 'resumesFailed', target: 'failed' },
        { guard: 'resumesDone', target: 'done' },
        { guard: 'resumesRetry', target: 'retrying' },
        { guard: 'resumesApproval', target: 'resumed.awaitingApproval' },
        { guard: 'resumesIdempotentTool', target: 'resumed.executingTool' },
        { guard: 'resumesTool', target: 'finalizing', actions: 'recordToolOutcomeUnknown' },
        { guard: 'resumesReply', target: 'finalizing' },
        { target: 'fittingContext' },
      ],
    },
    // A restored reply whose stream is gone: the approval asked again, or an idempotent tool run
    // again; then the reply is closed with what had arrived.
    resumed: {
      initial: 'awaitingApproval',
      states: {
        awaitingApproval: {
          tags: 'awaiting-approval',
          on: {
            APPROVE: 'executingTool',
            REJECT: { target: '#agentTurn.finalizing', actions: 'recordRejection' },
          },
        },
        executingTool: {
          tags: 'running-tool',
          entry: 'markToolRunning',
          invoke: {
            id: 'executeTool',
            src: 'executeTool',
            input: ({ context }) => executeInput(context),
            onDone: { target: '#agentTurn.finalizing', actions: 'recordToolResult' },
            onError: { target: '#agentTurn.finalizing', actions: 'recordToolFailure' },
          },
        },
      },
    },
    // Transient: before each request the history must fit the context window; the oldest whole
    // exchanges are dropped when it does not.
    fittingContext: {
      tags: 'waiting',
      always: [{ guard: 'overContextBudget', target: 'request', actions: 'truncateHistory' }, { target: 'request' }],
    },
    request: {
      entry: 'startRequest',
      invoke: {
        id: 'chat',
        src: 'chat',
        input: ({ context }) =>
          inspectableInput({
            client: context.client,
            request: chatRequestOf(context),
            backlog: context.chatBacklog,
            replyTokens: replyReserveOf(context),
          }),
      },
      on: {
        'CHAT.CHUNKS': [
          { guard: 'countsAfterStop', actions: 'absorbChunksWhileDraining' },
          { actions: 'absorbChunks' },
        ],
        'CHAT.END': { actions: 'endStream' },
        'CHAT.ERROR': { actions: 'recordStreamError' },
      },
      initial: 'requesting',
      states: {
        requesting: {
          tags: 'waiting',
          // A connection that fails before any byte never streamed: straight to streamFailed.
          always: [
            { guard: 'hasStreamError', target: 'streamFailed' },
            { guard: 'hasResponse', target: 'streaming' },
          ],
        },
        streaming: {
          tags: 'streaming',
          always: [
            // Stopped first: a stream that fails while it drains only ends the drain.
            { guard: 'isStopped', target: 'draining' },
            { guard: 'hasStreamError', target: 'streamFailed' },
            { guard: 'atCompleteProse', actions: 'advancePresentation' },
            // a blank required parameter (a blank completion result included) is a missing one: told, never run
            { guard: 'atToolMissingParam', actions: ['recordMissingParam', 'stopPresentingInOneToolMode'] },
            { guard: 'atToolRefusedByMode', actions: ['recordModeRefusal', 'stopPresentingInOneToolMode'] },
            { guard: 'atCompletionTool', target: 'draining', actions: 'acceptCompletion' },
            { guard: 'atCompleteTool', target: 'toolReady' },
            { guard: 'isStreamPresented', target: '#agentTurn.finalizing' },
          ],
        },
        // Transient: a complete tool use waits for approval or runs. (Rare branches live in
        // transient states so that each streamed chunk checks as few guards as possible.)
        toolReady: {
          tags: 'streaming',
          always: [
            { guard: 'hasToolCheck', target: 'checkingTool', actions: 'stopPresentingInOneToolMode' },
            { guard: 'atToolNeedingApproval', target: 'awaitingApproval', actions: 'stopPresentingInOneToolMode' },
            { target: 'executingTool', actions: 'stopPresentingInOneToolMode' },
          ],
        },
        // The beforeTool hook decides: refused (its reason is the result), asked about, run unasked,
        // or as the approval list says; its rewritten input and added context are kept.
        checkingTool: {
          tags: 'streaming',
          invoke: {
            id: 'checkTool',
            src: 'checkTool',
            input: ({ context }) =>
              inspectableInput({ toolUse: blockAtIndex(context) as ToolUse, hooks: context.hooks }),
            onDone: [
              { guard: 'toolCheckDenies', target: 'streaming', actions: 'recordToolDenied' },
              { guard: 'toolCheckAsks', target: 'awaitingApproval', actions: 'recordToolCheck' },
              { guard: 'toolCheckAllows', target: 'executingTool', actions: 'recordToolCheck' },
              { guard: 'atToolNeedingApproval', target: 'awaitingApproval', actions: 'recordToolCheck' },
              { target: 'executingTool', actions: 'recordToolCheck' },
            ],
            onError: { target: 'streaming', actions: 'recordToolDenied' },
          },
        },
        // The afterTool hook reviews the result: context added, or the result replaced by its reason.
        reviewingTool: {
          tags: 'running-tool',
          invoke: {
            id: 'reviewTool',
            src: 'reviewTool',
            input: ({ context }) =>
              inspectableInput({
                toolUse: toolToRun(context, blockAtIndex(context) as ToolUse),
                result: context.heldResult as { content: string; isError: boolean },
                hooks: context.hooks,
              }),
            onDone: { target: 'streaming', actions: 'recordReviewedResult' },
            onError: { target: 'streaming', actions: 'recordHeldResult' },
          },
        },
        // Transient: retry the request, keep what a tool already did, or give up.
        streamFailed: {
          tags: 'streaming',
          always: [
            { guard: 'contextTooLong', target: '#agentTurn.fittingContext', actions: 'recordContextOverflow' },
            { guard: 'shouldRetry', target: '#agentTurn.retrying', actions: 'recordFailedAttempt' },
            { guard: 'failedAfterTools', target: '#agentTurn.finalizing', actions: 'markInterrupted' },
            { target: '#agentTurn.failed', actions: 'recordFailure' },
          ],
        },
        // Nothing more is presented; the rest of the stream is read for its finish reason and usage
        // until it ends, the model writes on past the limit (absorbChunks cancels it), or the grace ends.
        draining: {
          tags: 'closing',
          always: { guard: 'isReadingOver', target: '#agentTurn.finalizing' },
          // The grace ran out: leaving the request stops the chat actor; what it read is in the backlog.
          after: { drainGrace: { target: '#agentTurn.finalizing' } },
        },
        awaitingApproval: {
          tags: 'awaiting-approval',
          entry: 'markAwaitingApproval',
          on: {
            APPROVE: 'executingTool',
            REJECT: { target: 'streaming', actions: 'recordRejection' },
          },
        },
        executingTool: {
          tags: 'running-tool',
          entry: 'markToolRunning',
          invoke: {
            id: 'executeTool',
            src: 'executeTool',
            input: ({ context }) => executeInput(context),
            onDone: [
              { guard: 'hasToolReview', target: 'reviewingTool', actions: 'holdToolResult' },
              { target: 'streaming', actions: 'recordToolResult' },
            ],
            onError: { target: 'streaming', actions: 'recordToolFailure' },
          },
        },
      },
    },
    finalizing: {
      tags: 'closing',
      entry: 'closeReply',
      always: [
        { guard: 'hasStopCheck', target: 'checkingStop' },
        { guard: 'hasCompletion', target: 'done', actions: 'endCompleted' },
        { guard: 'isPlainAnswer', target: 'done', actions: 'endAnswered' },
        { guard: 'tooManyMistakes', target: 'done', actions: 'endTooManyMistakes' },
        { guard: 'maxRequestsReached', target: 'done', actions: 'endMaxRequests' },
        { target: 'recursing' },
      ],
    },
    // The beforeStop hook decides whether the completed turn ends or goes on.
    checkingStop: {
      tags: 'closing',
      invoke: {
        id: 'checkStop',
        src: 'checkStop',
        input: ({ context }) =>
          inspectableInput({
            result: context.result as string,
            stopHookActive: context.stopHookActive,
            hooks: context.hooks,
          }),
        onDone: [
          { guard: 'stopCheckBlocks', target: 'recursing', actions: 'continueAfterStopHook' },
          { target: 'done', actions: 'endCompleted' },
        ],
        onError: { target: 'done', actions: ['countHookFailure', 'endCompleted'] },
      },
    },
    recursing: {
      tags: 'closing',
      entry: 'continueTurn',
      always: { target: 'fittingContext' },
    },
    retrying: {
      tags: 'retrying',
      after: { retryDelay: { target: 'fittingContext' } },
    },
    done: { type: 'final', tags: 'finished' },
    aborted: { type: 'final', tags: 'finished' },
    failed: { type: 'final', tags: 'finished' },
  },
  output: ({ context }) => ({
    // Stryker disable next-line StringLiteral: every final state is entered by an action that sets reason (endCompleted, recordFailure, finalizeAborted, …) or by a restored finished turn, which has one
    reason: context.reason ?? 'failed',
    messages: context.messages,
    requests: context.requests,
    usage: context.usage,
    ...(context.result !== undefined ? { result: context.result } : {}),
    ...(context.error !== undefined ? { error: context.error } : {}),
    droppedMessages: context.droppedMessages,
    truncations: context.truncations,
  }),
});

/** The type of {@link agentTurnMachine} (for `ActorOptions<AgentTurnMachine>`, `SnapshotFrom<AgentTurnMachine>`…). */
export type AgentTurnMachine = typeof agentTurnMachine;
