// What every span of one traced turn shares: the tracer, the turn span and its context, the
// model and provider named on each span, and whether content is recorded.
import type { Context, Span, Tracer } from '@opentelemetry/api';

/** The settings of one traced turn's spans. */
export interface TurnSpans {
  tracer: Tracer;
  /** The turn span (`invoke_agent`), and the context its children start in. */
  turnSpan: Span;
  turnContext: Context;
  model: string | undefined;
  providerName: string | undefined;
  recordContent: boolean;
}
