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
import type { AgentTurnView } from '../../machines/index.js';
import * as A from './gen-ai-attributes.js';
import { endRequest, type OpenRequest, startRequest } from './request-spans.js';
import { followTools, isTool } from './tool-spans.js';
import { endTurnSpan } from './turn-span-end.js';
import type { TurnSpans } from './turn-spans.js';

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
  const spans: TurnSpans = {
    tracer,
    turnSpan,
    turnContext: trace.setSpan(parent, turnSpan),
    model,
    providerName: options.providerName,
    recordContent,
  };
  const open = new Map<number, OpenRequest>();
  const seen = new Set<number>();
  let ended = false;
  let subscription: { unsubscribe(): void } | undefined;

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
        if (request !== undefined && request.status !== 'streaming') endRequest(spans, entry, request);
        else {
          entry.span.setAttribute(A.AGENT_TURN_REQUEST_STATUS, 'aborted');
          entry.span.end();
        }
      }
    }
    open.clear();
    endTurnSpan(spans, view);
  };

  const read = (view: AgentTurnView): void => {
    // Stryker disable next-line ConditionalExpression: after the end nothing calls read (the subscription is gone, or never made); this guards a snapshot delivered out of turn
    if (ended) return;
    for (const request of view.requests) {
      if (!seen.has(request.index)) {
        seen.add(request.index);
        open.set(request.index, startRequest(spans, request));
      }
    }
    for (const [index, entry] of open) {
      const request = view.requests[index];
      // Stryker disable next-line ConditionalExpression: a view keeps every request it ever showed
      if (request === undefined) continue;
      followTools(spans, entry, request);
      if (request.status !== 'streaming') endRequest(spans, entry, request);
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
