// The attribute names of OpenTelemetry's GenAI semantic conventions that a turn's spans carry
// (https://opentelemetry.io/docs/specs/semconv/gen-ai/). Written out here instead of imported from
// `@opentelemetry/semantic-conventions/incubating`: the conventions are still "development", and
// that entry point recommends copying the names so a release cannot rename them under us.

/** `invoke_agent` (the turn), `chat` (a model request), `execute_tool` (a tool run). */
export const GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';
export const GEN_AI_AGENT_NAME = 'gen_ai.agent.name';
export const GEN_AI_PROVIDER_NAME = 'gen_ai.provider.name';
export const GEN_AI_REQUEST_MODEL = 'gen_ai.request.model';
export const GEN_AI_RESPONSE_FINISH_REASONS = 'gen_ai.response.finish_reasons';
export const GEN_AI_USAGE_INPUT_TOKENS = 'gen_ai.usage.input_tokens';
export const GEN_AI_USAGE_OUTPUT_TOKENS = 'gen_ai.usage.output_tokens';
export const GEN_AI_USAGE_REASONING_OUTPUT_TOKENS = 'gen_ai.usage.reasoning.output_tokens';
export const GEN_AI_TOOL_NAME = 'gen_ai.tool.name';
export const GEN_AI_TOOL_CALL_ID = 'gen_ai.tool.call.id';
export const GEN_AI_TOOL_TYPE = 'gen_ai.tool.type';
export const GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments';
export const GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result';
export const GEN_AI_OUTPUT_MESSAGES = 'gen_ai.output.messages';
/** The general convention's error class: here the error's `code` (`http`, `timeout`, …). */
export const ERROR_TYPE = 'error.type';

// This package's own attributes and events, under `agent_turn.`.
/** Why the turn ended: `completed`, `max_requests`, `too_many_mistakes`, `aborted` or `failed`. */
export const AGENT_TURN_END_REASON = 'agent_turn.end_reason';
/** The 1-based request number (retries share it) and the retry number of a `chat` span. */
export const AGENT_TURN_REQUEST_NUMBER = 'agent_turn.request.number';
export const AGENT_TURN_REQUEST_ATTEMPT = 'agent_turn.request.attempt';
/** The request's status at its end: `complete`, `failed` or `aborted`. */
export const AGENT_TURN_REQUEST_STATUS = 'agent_turn.request.status';
/** The usage figures are (partly) estimates: the provider sent none. */
export const AGENT_TURN_USAGE_ESTIMATED = 'agent_turn.usage.estimated';
/** A tool's settled status: `done`, `error` (and on events: `rejected`, `skipped`, `cut-off`). */
export const AGENT_TURN_TOOL_STATUS = 'agent_turn.tool.status';

/** Turn span events. */
export const EVENT_RETRY = 'agent_turn.retry';
export const EVENT_APPROVAL_REQUESTED = 'agent_turn.approval_requested';
export const EVENT_TOOL_NOT_RUN = 'agent_turn.tool_not_run';
export const EVENT_ABORTED = 'agent_turn.aborted';
