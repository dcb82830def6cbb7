// A `chat` span per model request (a retry is a request of its own): started when the request
// shows in the view, ended with its status, finish reason, usage, error (and output messages).
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { RequestView } from '../../machines/index.js';
import * as A from './gen-ai-attributes.js';
import { outputMessagesOf } from './output-messages.js';
import type { TurnSpans } from './turn-spans.js';

/** A request being traced: its span until it ends, and its tools' spans and what was reported of them. */
export interface OpenRequest {
  span: Span | undefined;
  /** call_id -> the span of that tool's run (absent until it runs). */
  tools: Map<string, Span>;
  /** call_ids whose status was already reported as settled, or whose approval was already noted. */
  settled: Set<string>;
  approvals: Set<string>;
}

/** Starts the span of `request` (noting a retry on the turn span). */
export function startRequest(spans: TurnSpans, request: RequestView): OpenRequest {
  const { tracer, turnSpan, turnContext, model, providerName } = spans;
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
        ...(providerName !== undefined ? { [A.GEN_AI_PROVIDER_NAME]: providerName } : {}),
        [A.AGENT_TURN_REQUEST_NUMBER]: request.number,
        [A.AGENT_TURN_REQUEST_ATTEMPT]: request.attempt,
      },
    },
    turnContext,
  );
  return { span, tools: new Map(), settled: new Set(), approvals: new Set() };
}

/** Ends the request's span (once) with what the view tells of it. */
export function endRequest(spans: TurnSpans, entry: OpenRequest, request: RequestView): void {
  const { recordContent } = spans;
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
}
