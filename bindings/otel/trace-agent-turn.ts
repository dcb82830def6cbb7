// Spans for one agent turn, read from the turn's views as its snapshots arrive: a turn span
// (`invoke_agent`), a `chat` span per model request (retries are requests of their own) and an
// `execute_tool` span per tool run, named and attributed after OpenTelemetry's GenAI conventions.
// Reading views (the public renderer contract) rather than the machine's internals keeps this
// binding independent of state names. Cost: per snapshot, one selectView (cached) and a look at the
// requests that are still open; with no SDK registered the turn span does not record and nothing
// is subscribed at all.
import {
  context as otelContext,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { selectView } from '../../machines/index.js';
import type { AgentTurnView, BlockView, RequestView, ToolBlockView } from '../../machines/index.js';
import * as A from './gen-ai-attributes.js';
import { answerMessageOf, outputMessagesOf } from './output-messages.js';

/** What {@link traceAgentTurn} needs of an actor: the agent-turn actor (or any actor of its machine). */
export interface TraceableTurnActor {
  subscribe(observer: { next?: (snapshot: never) => void; error?: (error: unknown) => void; complete?: () => void }): {
    unsubscribe(): void;
  };
  getSnapshot(): unknown;
}

/** How a turn is traced; every option has a default. */
export interface TurnTracingOptions {
  /** The tracer spans come from. Default `trace.getTracer('agent-turn')` (the globally registered provider). */
  tracer?: Tracer;
  /** The context the turn span is a child of. Default the active context. */
  parentContext?: Context;
  /** `gen_ai.provider.name` (e.g. `openai`, `deepseek`), when known. */
  providerName?: string;
  /** `gen_ai.agent.name`, also in the turn span's name (`invoke_agent NAME`). Default `'agent-turn'`. */
  agentName?: string;
  /** The model name, when the actor's view does not tell it (`gen_ai.request.model`). */
  model?: string;
  /**
   * Record content: tool arguments and results, each request's reply (its reasoning, text and tool
   * calls, as the conventions' output messages) and the turn's result. Default
   * `false`: prompts, replies and tool data can hold secrets, so by default spans carry only names,
   * ids, counts, statuses and error codes.
   */
  recordContent?: boolean;
}

/** A traced turn: `stop()` ends its open spans now (a turn that ends on its own ends them itself). */
export interface TurnTrace {
  /** The turn span (a non-recording span when no SDK is registered). */
  readonly span: Span;
  /** Ends every open span, as aborted, and stops reading snapshots. Safe to call twice. */
  stop(): void;
}

interface OpenRequest {
  span: Span | undefined;
  /** call_id -> the span of that tool's run (absent until it runs). */
  tools: Map<string, Span>;
  /** call_ids whose status was already reported as settled, or whose approval was already noted. */
  settled: Set<string>;
  approvals: Set<string>;
}

const SETTLED: ReadonlySet<string> = new Set(['done', 'error', 'rejected', 'skipped', 'cut-off']);

function isTool(block: BlockView): block is ToolBlockView {
  // Stryker disable next-line ConditionalExpression: a text or reasoning block taken for a tool has no status and no call_id, so nothing is started, settled or waited for
  return block.type === 'tool_use';
}

/** A settled tool block: every such status carries the result. */
function isSettled(block: ToolBlockView): block is Extract<ToolBlockView, { result: string }> {
  return SETTLED.has(block.status);
}

/**
 * Traces one agent turn with OpenTelemetry: call it on the actor before `start()`. The spans are
 * ended when the turn ends (or by `stop()`).
 *
 * @example
 * ```ts
 * import { createAgentTurnActor } from 'agent-turn';
 * import { traceAgentTurn } from 'agent-turn/otel';
 *
 * const actor = createAgentTurnActor({ client, model: 'glm-5.1', messages, tools });
 * traceAgentTurn(actor, { providerName: 'zai' }); // spans go to the registered tracer provider
 * actor.start();
 * ```
 */
export function traceAgentTurn(actor: TraceableTurnActor, options: TurnTracingOptions = {}): TurnTrace {
  const tracer = options.tracer ?? trace.getTracer('agent-turn');
  const parent = options.parentContext ?? otelContext.active();
  const recordContent = options.recordContent === true;
  const model = options.model ?? modelOf(actor.getSnapshot());
  const agentName = options.agentName ?? 'agent-turn';
  const turnSpan = tracer.startSpan(
    `invoke_agent ${agentName}`,
    {
      // An agent in this process: INTERNAL (the conventions' CLIENT is for an agent behind a remote service).
      kind: SpanKind.INTERNAL,
      attributes: {
        [A.GEN_AI_OPERATION_NAME]: 'invoke_agent',
        [A.GEN_AI_AGENT_NAME]: agentName,
        // Stryker disable next-line ConditionalExpression: the SDK drops an attribute whose value is undefined (these keep it from being set at all)
        ...(model !== undefined ? { [A.GEN_AI_REQUEST_MODEL]: model } : {}),
        // Stryker disable next-line ConditionalExpression: as above
        ...(options.providerName !== undefined ? { [A.GEN_AI_PROVIDER_NAME]: options.providerName } : {}),
      },
    },
    parent,
  );
  // No SDK registered (or sampled out): nothing will be recorded, so nothing is read either.
  if (!turnSpan.isRecording()) {
    turnSpan.end();
    return { span: turnSpan, stop: () => {} };
  }
  const turnContext = trace.setSpan(parent, turnSpan);
  const open = new Map<number, OpenRequest>();
  const seen = new Set<number>();
  let ended = false;
  let subscription: { unsubscribe(): void } | undefined;

  const startRequest = (request: RequestView): OpenRequest => {
    if (request.attempt > 0) {
      turnSpan.addEvent(A.EVENT_RETRY, {
        [A.AGENT_TURN_REQUEST_NUMBER]: request.number,
        [A.AGENT_TURN_REQUEST_ATTEMPT]: request.attempt,
      });
    }
    const span = tracer.startSpan(
      `chat${model !== undefined ? ` ${model}` : ''}`,
      {
        // A call to the model's service: CLIENT, as the GenAI conventions ask of inference spans.
        kind: SpanKind.CLIENT,
        attributes: {
          [A.GEN_AI_OPERATION_NAME]: 'chat',
          // Stryker disable next-line ConditionalExpression: the SDK drops an attribute whose value is undefined
          ...(model !== undefined ? { [A.GEN_AI_REQUEST_MODEL]: model } : {}),
          // Stryker disable next-line ConditionalExpression: as above
          ...(options.providerName !== undefined ? { [A.GEN_AI_PROVIDER_NAME]: options.providerName } : {}),
          [A.AGENT_TURN_REQUEST_NUMBER]: request.number,
          [A.AGENT_TURN_REQUEST_ATTEMPT]: request.attempt,
        },
      },
      turnContext,
    );
    return { span, tools: new Map(), settled: new Set(), approvals: new Set() };
  };

  const endRequest = (entry: OpenRequest, request: RequestView): void => {
    const span = entry.span;
    // Stryker disable next-line ConditionalExpression: a request whose span ended has no unsettled tools and leaves `open` in the same read, so it is never ended again
    if (span === undefined) return;
    entry.span = undefined;
    span.setAttribute(A.AGENT_TURN_REQUEST_STATUS, request.status);
    if (request.finishReason !== undefined) span.setAttribute(A.GEN_AI_RESPONSE_FINISH_REASONS, [request.finishReason]);
    if (request.usage !== undefined) {
      span.setAttribute(A.GEN_AI_USAGE_INPUT_TOKENS, request.usage.promptTokens);
      span.setAttribute(A.GEN_AI_USAGE_OUTPUT_TOKENS, request.usage.completionTokens);
      // Stryker disable next-line ConditionalExpression: the SDK drops an attribute whose value is undefined
      if (request.usage.reasoningTokens !== undefined)
        span.setAttribute(A.GEN_AI_USAGE_REASONING_OUTPUT_TOKENS, request.usage.reasoningTokens);
      span.setAttribute(A.AGENT_TURN_USAGE_ESTIMATED, request.usage.estimated);
    }
    if (recordContent)
      span.setAttribute(A.GEN_AI_OUTPUT_MESSAGES, outputMessagesOf(request.blocks, request.finishReason));
    // Only a failed attempt is an error: a reply kept after its stream failed (a tool had run) completed.
    const error = request.status === 'failed' ? request.error : undefined;
    if (error !== undefined) {
      span.setAttribute(A.ERROR_TYPE, error.code);
      span.recordException({ name: error.code, message: error.message });
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    }
    span.end();
  };

  const startTool = (block: ToolBlockView): Span =>
    tracer.startSpan(
      `execute_tool ${block.name}`,
      {
        attributes: {
          [A.GEN_AI_OPERATION_NAME]: 'execute_tool',
          [A.GEN_AI_TOOL_NAME]: block.name,
          [A.GEN_AI_TOOL_CALL_ID]: block.call_id,
          [A.GEN_AI_TOOL_TYPE]: 'function',
          ...(recordContent ? { [A.GEN_AI_TOOL_CALL_ARGUMENTS]: JSON.stringify(block.params) } : {}),
        },
      },
      turnContext,
    );

  const followTools = (entry: OpenRequest, request: RequestView): void => {
    for (const block of request.blocks) {
      if (!isTool(block) || entry.settled.has(block.call_id)) continue;
      const id = block.call_id;
      if (block.status === 'awaiting-approval' && !entry.approvals.has(id)) {
        entry.approvals.add(id);
        turnSpan.addEvent(A.EVENT_APPROVAL_REQUESTED, {
          [A.GEN_AI_TOOL_NAME]: block.name,
          [A.GEN_AI_TOOL_CALL_ID]: id,
        });
      }
      if (block.status === 'running' && !entry.tools.has(id)) entry.tools.set(id, startTool(block));
      if (!isSettled(block)) continue;
      entry.settled.add(id);
      if (block.isCompletion && block.status === 'done') continue; // the turn's answer, not a tool run
      if (block.status !== 'done' && block.status !== 'error' && !entry.tools.has(id)) {
        // Settled without running: rejected by the person, skipped, or cut off by the stream's end.
        turnSpan.addEvent(A.EVENT_TOOL_NOT_RUN, {
          [A.GEN_AI_TOOL_NAME]: block.name,
          [A.GEN_AI_TOOL_CALL_ID]: id,
          [A.AGENT_TURN_TOOL_STATUS]: block.status,
        });
        continue;
      }
      // A run too quick for a snapshot of its own still gets its span.
      const span = entry.tools.get(id) ?? startTool(block);
      entry.tools.delete(id);
      span.setAttribute(A.AGENT_TURN_TOOL_STATUS, block.status);
      if (recordContent) span.setAttribute(A.GEN_AI_TOOL_CALL_RESULT, block.result);
      if (block.status === 'error') {
        span.setAttribute(A.ERROR_TYPE, 'tool_error');
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'the tool reported an error' });
      }
      span.end();
    }
  };

  const endAll = (view: AgentTurnView | undefined): void => {
    if (ended) return;
    ended = true;
    subscription?.unsubscribe();
    for (const [index, entry] of open) {
      for (const span of entry.tools.values()) {
        span.setAttribute(A.AGENT_TURN_TOOL_STATUS, 'aborted');
        span.end();
      }
      const request = view?.requests[index];
      // Stryker disable next-line ConditionalExpression: every request left in `open` still has its span (see endRequest)
      if (entry.span !== undefined) {
        // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: a request that stopped streaming was ended by the read of that snapshot, before any stop; this only guards a view read out of turn
        if (request !== undefined && request.status !== 'streaming') endRequest(entry, request);
        else {
          entry.span.setAttribute(A.AGENT_TURN_REQUEST_STATUS, 'aborted');
          entry.span.end();
        }
      }
    }
    open.clear();
    if (view?.done === true) {
      // Stryker disable next-line ConditionalExpression: a done view always has its reason
      if (view.reason !== undefined) turnSpan.setAttribute(A.AGENT_TURN_END_REASON, view.reason);
      turnSpan.setAttribute(A.GEN_AI_USAGE_INPUT_TOKENS, view.usage.promptTokens);
      turnSpan.setAttribute(A.GEN_AI_USAGE_OUTPUT_TOKENS, view.usage.completionTokens);
      // Stryker disable next-line ConditionalExpression: the SDK drops an attribute whose value is undefined
      if (view.usage.reasoningTokens !== undefined)
        turnSpan.setAttribute(A.GEN_AI_USAGE_REASONING_OUTPUT_TOKENS, view.usage.reasoningTokens);
      turnSpan.setAttribute(A.AGENT_TURN_USAGE_ESTIMATED, view.usage.estimated);
      if (recordContent && view.result !== undefined)
        turnSpan.setAttribute(A.GEN_AI_OUTPUT_MESSAGES, answerMessageOf(view.result));
      if (view.reason === 'aborted') turnSpan.addEvent(A.EVENT_ABORTED);
      if (view.reason === 'failed') {
        // Stryker disable next-line ConditionalExpression: the machine gives every failed turn its error (agent-turn/testing's bad-end rule checks it)
        if (view.error !== undefined) {
          turnSpan.setAttribute(A.ERROR_TYPE, view.error.code);
          turnSpan.recordException({ name: view.error.code, message: view.error.message });
        }
        // Stryker disable next-line OptionalChaining,StringLiteral: as above, a failed turn always has its error
        turnSpan.setStatus({ code: SpanStatusCode.ERROR, message: view.error?.message ?? 'the turn failed' });
      }
    } else {
      turnSpan.setAttribute(A.AGENT_TURN_END_REASON, 'stopped');
    }
    turnSpan.end();
  };

  const read = (view: AgentTurnView): void => {
    // Stryker disable next-line ConditionalExpression: after the end nothing calls read (the subscription is gone, or never made); this guards a snapshot delivered out of turn
    if (ended) return;
    for (const request of view.requests) {
      if (!seen.has(request.index)) {
        seen.add(request.index);
        open.set(request.index, startRequest(request));
      }
    }
    for (const [index, entry] of open) {
      const request = view.requests[index];
      // Stryker disable next-line ConditionalExpression: a view keeps every request it ever showed
      if (request === undefined) continue;
      followTools(entry, request);
      if (request.status !== 'streaming') endRequest(entry, request);
      // Stryker disable next-line all: dropping a finished request only saves looking at it again; its tools are settled by the time its span ends
      const unsettled = request.blocks.some((b) => isTool(b) && !entry.settled.has(b.call_id));
      // Stryker disable next-line all: as above
      if (entry.span === undefined && !unsettled) open.delete(index);
    }
    if (view.done) endAll(view);
  };

  read(selectView(actor.getSnapshot() as never));
  if (!ended) {
    subscription = actor.subscribe({
      next: (snapshot) => read(selectView(snapshot as never)),
      error: (error) => {
        turnSpan.recordException(error instanceof Error ? error : { message: String(error) });
        turnSpan.setStatus({ code: SpanStatusCode.ERROR, message: 'the turn actor failed' });
        endAll(undefined);
      },
    });
  }
  return { span: turnSpan, stop: () => endAll(selectView(actor.getSnapshot() as never)) };
}

/** The model of an agent-turn snapshot (its context's `model`), if it has one. */
function modelOf(snapshot: unknown): string | undefined {
  const model = (snapshot as { context?: { model?: unknown } } | undefined)?.context?.model;
  return typeof model === 'string' ? model : undefined;
}
