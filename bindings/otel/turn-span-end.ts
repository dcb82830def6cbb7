// The turn span's end: its end reason, the turn's usage and result, and its error when it failed.
import { SpanStatusCode } from '@opentelemetry/api';
import type { AgentTurnView } from '../../machines/index.js';
import * as A from './gen-ai-attributes.js';
import { answerMessageOf } from './output-messages.js';
import type { TurnSpans } from './turn-spans.js';

/** Ends the turn span with what the last view tells (`undefined`: the actor failed, or the trace was stopped without one). */
export function endTurnSpan(spans: TurnSpans, view: AgentTurnView | undefined): void {
  const { turnSpan, recordContent } = spans;
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
}
