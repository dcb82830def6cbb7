// Traces leave the process: an OTLP/HTTP exporter sends a turn's spans to a receiver on
// 127.0.0.1, as the CLI does when OTEL_EXPORTER_OTLP_ENDPOINT is set. The receiver decodes the
// OTLP JSON and checks the tree: one trace, the chat and tool spans children of the turn span.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { traceAgentTurn } from '../../../bindings/otel/index.js';
import { createAgentTurnActor } from '../../../machines/index.js';
import { runCliProcess } from '../../support/cli-process.js';
import { makeSandbox } from '../../support/tool-fixtures.js';
import { createScriptedClient, reply } from '../../support/scripted-client.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

let server: Server;
let endpoint: string;
const received: { path: string; contentType: string | undefined; spans: OtlpSpan[] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      const spans = parsed.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], spans });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const attr = (span: OtlpSpan | undefined, key: string) => {
  const value = span?.attributes.find((a) => a.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
};

function checkTree(spans: OtlpSpan[], tools: string[]) {
  const turns = spans.filter((s) => s.name === 'invoke_agent agent-turn');
  expect(turns).toHaveLength(1);
  const turn = turns[0]!;
  expect(turn.parentSpanId ?? '').toBe('');
  const children = spans.filter((s) => s !== turn);
  expect(children.length).toBeGreaterThan(0);
  for (const child of children) {
    expect(child.traceId).toBe(turn.traceId);
    expect(child.parentSpanId).toBe(turn.spanId);
  }
  expect(
    spans
      .filter((s) => s.name.startsWith('execute_tool'))
      .map((s) => attr(s, 'gen_ai.tool.name'))
      .sort(),
  ).toEqual([...tools].sort());
  return turn;
}

describe('OTLP/HTTP export', () => {
  it('delivers a library turn to the collector as OTLP JSON, parented correctly', async () => {
    const before = received.length;
    const provider = new BasicTracerProvider({
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
    });
    const client = createScriptedClient([
      reply('<read_file><path>a.md</path></read_file>'),
      reply('<attempt_completion><result>ok</result></attempt_completion>'),
    ]);
    const actor = createAgentTurnActor({
      client,
      model: 'kimi-k2.6',
      messages: [{ role: 'user', content: 'go' }],
      tools: { read_file: async () => 'x' },
    });
    traceAgentTurn(actor, { tracer: provider.getTracer('test') });
    actor.start();
    await toPromise(actor);
    await provider.shutdown();
    const batches = received.slice(before);
    expect(batches.map((b) => b.path)).toEqual(batches.map(() => '/v1/traces'));
    expect(batches[0]?.contentType).toBe('application/json');
    const turn = checkTree(
      batches.flatMap((b) => b.spans),
      ['read_file'],
    );
    expect(attr(turn, 'gen_ai.request.model')).toBe('kimi-k2.6');
    expect(attr(turn, 'agent_turn.end_reason')).toBe('completed');
  });

  it('is what the CLI does when OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    const before = received.length;
    const s = await makeSandbox({ 'README.md': '# Hi\n' });
    try {
      const run = await runCliProcess(['--json', '--pace', '0', '--workspace', s.workspace, 'Summarize this project'], {
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      });
      expect(run.stderr).toBe('');
      expect(run.output?.reason).toBe('completed');
    } finally {
      await s.cleanup();
    }
    const spans = received.slice(before).flatMap((b) => b.spans);
    const turn = checkTree(spans, ['list_files', 'read_file']);
    expect(attr(turn, 'gen_ai.operation.name')).toBe('invoke_agent');
    expect(spans.filter((s) => s.name.startsWith('chat')).length).toBeGreaterThanOrEqual(3);
  });
});
