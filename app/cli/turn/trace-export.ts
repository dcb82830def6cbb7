// Traces of the CLI's turns, exported over OTLP/HTTP when the standard variable asks for it
// (`OTEL_EXPORTER_OTLP_ENDPOINT`, or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; the exporter reads the
// rest of the OTEL_EXPORTER_OTLP_* settings itself). The SDK is loaded only then, so a CLI that
// exports nothing starts no faster or slower for it.
import type { Tracer } from '@opentelemetry/api';
import type { TraceableTurnActor } from 'agent-turn/otel';
import { describeError } from 'agent-turn';

/** A started export: trace turns with it, and flush it before the process ends. */
export interface TraceExport {
  trace(actor: TraceableTurnActor, model: string): void;
  /** Sends what is buffered and stops; never rejects (an unreachable collector is reported). */
  shutdown(): Promise<void>;
}

/** The OTLP endpoint the environment names, if any. */
export function traceEndpoint(env: Record<string, string | undefined>): string | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return endpoint === undefined || endpoint.trim() === '' ? undefined : endpoint;
}

/**
 * Starts exporting when the environment names an endpoint (else undefined). A missing SDK (the
 * package installed without its dev dependencies) is said on `warn`, and the turn runs untraced.
 */
export async function startTraceExport(
  env: Record<string, string | undefined>,
  warn: (line: string) => void,
): Promise<TraceExport | undefined> {
  const endpoint = traceEndpoint(env);
  if (endpoint === undefined) return undefined;
  let tracer: Tracer;
  let shutdown: () => Promise<void>;
  let traceAgentTurn: typeof import('agent-turn/otel').traceAgentTurn;
  try {
    // Loaded here, never at start: @opentelemetry/api is an optional peer the CLI runs without.
    const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, otel] = await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('agent-turn/otel'),
    ]);
    traceAgentTurn = otel.traceAgentTurn;
    const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
    tracer = provider.getTracer('agent-turn-cli');
    shutdown = () => provider.shutdown();
  } catch (error) {
    warn(
      `agent-turn: OTEL_EXPORTER_OTLP_ENDPOINT is set, but the OpenTelemetry SDK could not be loaded (${describeError(error)}); install @opentelemetry/api, @opentelemetry/sdk-trace-base and @opentelemetry/exporter-trace-otlp-http to export traces (npm install @opentelemetry/api @opentelemetry/sdk-trace-base @opentelemetry/exporter-trace-otlp-http)`,
    );
    return undefined;
  }
  return {
    trace: (actor, model) => {
      traceAgentTurn(actor, { tracer, model });
    },
    shutdown: async () => {
      try {
        await shutdown();
      } catch (error) {
        warn(`agent-turn: could not export the traces to ${endpoint}: ${describeError(error)}`);
      }
    },
  };
}
