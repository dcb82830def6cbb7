// A tracer whose spans land in the OpenTelemetry SDK's in-memory exporter, for the agent-turn/otel
// tests: each test gets its own provider, so spans never mix between tests.
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** A fresh provider, its in-memory exporter and a tracer from it. */
export function inMemoryTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider, tracer: provider.getTracer('test') };
}

/** The spans whose name starts with `prefix`, in the order they ended. */
export const spansNamed = (spans: ReadableSpan[], prefix: string) => spans.filter((s) => s.name.startsWith(prefix));
