// agent-turn/otel: OpenTelemetry spans for agent turns (GenAI semantic conventions). Named
// exports only; peer dependency `@opentelemetry/api`.
export { traceAgentTurn } from './trace-agent-turn.js';
export type { TurnTrace, TurnTracingOptions, TraceableTurnActor } from './trace-agent-turn.js';
