// agent-turn/otel, attribute by attribute: usage with reasoning tokens and the estimate flag, the
// reply and results only with recordContent, a tool that reports an error, tools that never ran
// (skipped, cut off), a failed turn, the model and provider left out when unknown, the parent
// context, the global tracer provider, an actor that fails, and stop() while a tool runs.
import { DiagLogLevel, context as otelContext, diag, SpanStatusCode, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { traceAgentTurn } from '../../../bindings/otel/index.js';
import { createAgentTurnActor } from '../../../machines/index.js';
import type { AgentTurnInput } from '../../../machines/index.js';
import { ChatError } from '../../../src/wire/errors.js';
import type { ChatUsage } from '../../../src/wire/types.js';
import { inMemoryTracing, spansNamed } from '../../support/in-memory-tracing.js';
import { createScriptedClient, reply, type ScriptedReply } from '../../support/scripted-client.js';

const tracing = inMemoryTracing;

const byName = spansNamed;
const READ = '<read_file><path>notes.md</path></read_file>';
const WRITE = '<write_to_file><path>a.txt</path><content>x</content></write_to_file>';
const DONE = '<attempt_completion><result>all done</result></attempt_completion>';

function withUsage(text: string, usage: ChatUsage): ScriptedReply {
  return {
    events: [
      { type: 'text', text },
      { type: 'usage', usage },
      { type: 'finish', reason: 'stop' },
    ],
  };
}

function actorFor(replies: ScriptedReply[], extra: Partial<AgentTurnInput> = {}) {
  return createAgentTurnActor({
    client: createScriptedClient(replies),
    model: 'm1',
    messages: [{ role: 'user', content: 'go' }],
    tools: { read_file: async () => 'file text', write_to_file: async () => 'written' },
    retry: { delaysMs: [0] },
    ...extra,
  });
}

async function traced(actor: ReturnType<typeof actorFor>, options: Parameters<typeof traceAgentTurn>[1] = {}) {
  const { exporter, tracer } = tracing();
  traceAgentTurn(actor, { tracer, ...options });
  actor.start();
  const output = await toPromise(actor);
  return { output, spans: exporter.getFinishedSpans() };
}

describe('traceAgentTurn attributes', () => {
  it('puts the provider’s usage with reasoning tokens on each chat span and the totals on the turn', async () => {
    const actor = actorFor(
      [
        withUsage(`Reading. ${READ}`, { promptTokens: 11, completionTokens: 7, totalTokens: 18, reasoningTokens: 3 }),
        withUsage(DONE, { promptTokens: 20, completionTokens: 5, totalTokens: 25, reasoningTokens: 2 }),
      ],
      { tools: { read_file: async () => Promise.reject(new Error('disk on fire')) } },
    );
    const { spans } = await traced(actor, { recordContent: true });
    const chats = byName(spans, 'chat');
    expect(chats.map((s) => s.attributes)).toEqual([
      {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'm1',
        'agent_turn.request.number': 1,
        'agent_turn.request.attempt': 0,
        'agent_turn.request.status': 'complete',
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.usage.input_tokens': 11,
        'gen_ai.usage.output_tokens': 7,
        'gen_ai.usage.reasoning.output_tokens': 3,
        'agent_turn.usage.estimated': false,
        // The text, then the call (gen-ai-conventions.test.ts pins the parts).
        'gen_ai.output.messages': expect.stringContaining(
          '"parts":[{"type":"text","content":"Reading."},{"type":"tool_call","id":',
        ),
      },
      expect.objectContaining({ 'agent_turn.request.number': 2, 'gen_ai.usage.reasoning.output_tokens': 2 }),
    ]);
    expect(chats.every((s) => s.status.code === SpanStatusCode.UNSET)).toBe(true);
    const turn = byName(spans, 'invoke_agent')[0]!;
    expect(turn.attributes).toMatchObject({
      'gen_ai.usage.input_tokens': 31,
      'gen_ai.usage.output_tokens': 12,
      'gen_ai.usage.reasoning.output_tokens': 5,
      'agent_turn.usage.estimated': false,
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'all done' }] }]),
    });
    expect(turn.attributes['gen_ai.provider.name']).toBeUndefined();
    expect(turn.status.code).toBe(SpanStatusCode.UNSET);
    // The tool reported an error: its span says so, with what it returned.
    const [tool, ...more] = byName(spans, 'execute_tool');
    expect(more).toEqual([]);
    expect(tool?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the tool reported an error' });
    expect(tool?.attributes).toMatchObject({
      'gen_ai.tool.name': 'read_file',
      'agent_turn.tool.status': 'error',
      'error.type': 'tool_error',
      'gen_ai.tool.call.arguments': '{"path":"notes.md"}',
    });
    expect(String(tool?.attributes['gen_ai.tool.call.result'])).toContain('disk on fire');
  });

  it('flags estimated usage and leaves out the reasoning count and content when not given', async () => {
    const { spans } = await traced(actorFor([reply(DONE)]));
    const [chat] = byName(spans, 'chat');
    expect(chat?.attributes['agent_turn.usage.estimated']).toBe(true);
    expect(chat?.attributes['gen_ai.usage.reasoning.output_tokens']).toBeUndefined();
    expect(chat?.attributes['gen_ai.output.messages']).toBeUndefined();
    const turn = byName(spans, 'invoke_agent')[0]!;
    expect(turn.attributes['agent_turn.usage.estimated']).toBe(true);
    expect(turn.attributes['gen_ai.usage.reasoning.output_tokens']).toBeUndefined();
    expect(turn.attributes['gen_ai.output.messages']).toBeUndefined();
    expect(turn.events).toEqual([]);
    expect(byName(spans, 'execute_tool')).toEqual([]);
  });

  it('tells tools that never ran as events: skipped after a tool, cut off by the stream’s end', async () => {
    const { spans } = await traced(actorFor([reply(READ + WRITE), reply('<read_file><path>x', 'length'), reply(DONE)]));
    const turn = byName(spans, 'invoke_agent')[0]!;
    expect(
      turn.events.map((e) => [e.name, e.attributes?.['gen_ai.tool.name'], e.attributes?.['agent_turn.tool.status']]),
    ).toEqual([
      ['agent_turn.tool_not_run', 'write_to_file', 'skipped'],
      ['agent_turn.tool_not_run', 'read_file', 'cut-off'],
    ]);
    expect(String(turn.events[0]?.attributes?.['gen_ai.tool.call.id'])).toMatch(/\S/);
    expect(byName(spans, 'execute_tool').map((s) => s.attributes['agent_turn.tool.status'])).toEqual(['done']);
    expect(byName(spans, 'chat')[1]?.attributes['gen_ai.response.finish_reasons']).toEqual(['length']);
  });

  it('marks a failed turn with its error', async () => {
    const fatal = new ChatError('provider-error', 'bad request', { retryable: false });
    const { output, spans } = await traced(actorFor([{ events: [], error: fatal }]), { providerName: 'p' });
    expect(output.reason).toBe('failed');
    const turn = byName(spans, 'invoke_agent')[0]!;
    expect(turn.attributes).toMatchObject({ 'agent_turn.end_reason': 'failed', 'error.type': 'provider-error' });
    expect(turn.status).toEqual({ code: SpanStatusCode.ERROR, message: 'bad request' });
    expect(
      turn.events.map((e) => [e.name, e.attributes?.['exception.type'], e.attributes?.['exception.message']]),
    ).toEqual([['exception', 'provider-error', 'bad request']]);
    const [chat] = byName(spans, 'chat');
    expect(chat?.attributes['gen_ai.provider.name']).toBe('p');
    expect(chat?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'bad request' });
    expect(chat?.events.map((e) => e.attributes?.['exception.type'])).toEqual(['provider-error']);
  });

  it('takes the model option over the actor’s, and names no model when neither knows one', async () => {
    const named = await traced(actorFor([reply(DONE)]), { model: 'other' });
    expect(byName(named.spans, 'chat').map((s) => [s.name, s.attributes['gen_ai.request.model']])).toEqual([
      ['chat other', 'other'],
    ]);
    expect(byName(named.spans, 'invoke_agent')[0]?.attributes['gen_ai.request.model']).toBe('other');

    const { exporter, tracer } = tracing();
    const actor = actorFor([reply(DONE)]);
    const anonymous = {
      subscribe: actor.subscribe.bind(actor),
      getSnapshot: () => {
        const real = actor.getSnapshot();
        return Object.create(real, { context: { value: { ...real.context, model: 42 } } });
      },
    };
    traceAgentTurn(anonymous as never, { tracer });
    actor.start();
    await toPromise(actor);
    const spans = exporter.getFinishedSpans();
    expect(byName(spans, 'chat').map((s) => s.name)).toEqual(['chat']);
    expect(spans.map((s) => s.attributes['gen_ai.request.model'])).toEqual([undefined, undefined]);
    expect(byName(spans, 'invoke_agent').map((s) => s.name)).toEqual(['invoke_agent agent-turn']);
  });

  it('parents the turn span to the given context, else to the active one', async () => {
    const { exporter, tracer } = tracing();
    const parent = tracer.startSpan('caller');
    const actor = actorFor([reply(DONE)]);
    traceAgentTurn(actor, { tracer, parentContext: trace.setSpan(otelContext.active(), parent) });
    actor.start();
    await toPromise(actor);
    parent.end();
    const turn = byName(exporter.getFinishedSpans(), 'invoke_agent')[0]!;
    expect(turn.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(turn.spanContext().traceId).toBe(parent.spanContext().traceId);
    const root = await traced(actorFor([reply(DONE)]));
    expect(byName(root.spans, 'invoke_agent')[0]?.parentSpanContext).toBeUndefined();
  });

  it('uses the globally registered tracer provider by default', async () => {
    const { exporter, provider } = tracing();
    expect(trace.setGlobalTracerProvider(provider)).toBe(true);
    try {
      const actor = actorFor([reply(DONE)]);
      const t = traceAgentTurn(actor);
      expect(t.span.isRecording()).toBe(true);
      actor.start();
      await toPromise(actor);
      const spans = exporter.getFinishedSpans();
      expect(spans.map((s) => [s.name, s.instrumentationScope.name])).toEqual([
        ['chat m1', 'agent-turn'],
        ['invoke_agent agent-turn', 'agent-turn'],
      ]);
    } finally {
      trace.disable();
    }
  });

  it('ends the turn span with an error when the actor fails, and reads no more', () => {
    const { exporter, tracer } = tracing();
    const real = actorFor([]);
    let observer: { next?: (s: never) => void; error?: (e: unknown) => void } = {};
    let unsubscribed = 0;
    const failing = {
      getSnapshot: () => real.getSnapshot(),
      subscribe(o: typeof observer) {
        observer = o;
        return { unsubscribe: () => (unsubscribed += 1) };
      },
    };
    traceAgentTurn(failing, { tracer });
    observer.error?.('boom');
    observer.next?.(real.getSnapshot() as never);
    const spans = exporter.getFinishedSpans();
    // The request the unstarted turn already shows is ended as aborted; nothing is read after the error.
    expect(spans.map((s) => [s.name, s.attributes['agent_turn.request.status']])).toEqual([
      ['chat m1', 'aborted'],
      ['invoke_agent agent-turn', undefined],
    ]);
    const turn = spans[1];
    expect(turn?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the turn actor failed' });
    expect(turn?.attributes['agent_turn.end_reason']).toBe('stopped');
    expect(turn?.events.map((e) => [e.name, e.attributes?.['exception.message']])).toEqual([['exception', 'boom']]);
    expect(unsubscribed).toBe(1);

    const second = tracing();
    traceAgentTurn(failing, { tracer: second.tracer });
    observer.error?.(new TypeError('typed'));
    expect(byName(second.exporter.getFinishedSpans(), 'invoke_agent')[0]?.events[0]?.attributes).toMatchObject({
      'exception.type': 'TypeError',
      'exception.message': 'typed',
    });
  });

  it('stop() ends a running tool’s span as aborted, and the request as it stands', async () => {
    const { exporter, tracer } = tracing();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const actor = actorFor([reply(READ)], {
      tools: {
        read_file: async () => {
          started();
          return new Promise<string>(() => {});
        },
      },
    });
    const t = traceAgentTurn(actor, { tracer });
    actor.start();
    await running;
    await new Promise((resolve) => setTimeout(resolve, 5));
    t.stop();
    const spans = exporter.getFinishedSpans();
    expect(byName(spans, 'execute_tool').map((s) => [s.attributes['agent_turn.tool.status'], s.ended])).toEqual([
      ['aborted', true],
    ]);
    const [chat] = byName(spans, 'chat');
    expect(chat?.ended).toBe(true);
    const status = actor.getSnapshot().context.requests.at(-1)?.status ?? 'streaming';
    expect(chat?.attributes['agent_turn.request.status']).toBe(status === 'streaming' ? 'aborted' : status);
    expect(byName(spans, 'invoke_agent')[0]?.attributes['agent_turn.end_reason']).toBe('stopped');
    actor.stop();
  });
});

describe('traceAgentTurn span hygiene', () => {
  /** A tracer that counts, per span, how often it was ended. */
  function countingTracer() {
    const { exporter, tracer } = tracing();
    const ends = new Map<string, { name: string; ends: number }>();
    const counting = {
      startSpan(...args: Parameters<typeof tracer.startSpan>) {
        const span = tracer.startSpan(...args);
        const entry = { name: args[0], ends: 0 };
        ends.set(span.spanContext().spanId, entry);
        const end = span.end.bind(span);
        span.end = (time) => {
          entry.ends += 1;
          end(time);
        };
        return span;
      },
      startActiveSpan: tracer.startActiveSpan.bind(tracer),
    } as typeof tracer;
    return { exporter, tracer: counting, ends: () => [...ends.values()] };
  }

  it('ends every span it starts exactly once: a turn with a retry, an approval, tools and its end', async () => {
    const t = countingTracer();
    let decided = false;
    const actor = actorFor(
      [
        { events: [], error: new ChatError('http', 'HTTP 503', { status: 503, retryable: true }) },
        reply(`${WRITE}`),
        reply(`Now ${READ}`),
        reply(DONE),
      ],
      { approval: ['write_to_file'] },
    );
    actor.subscribe((s) => {
      if (s.hasTag('awaiting-approval') && !decided) {
        decided = true;
        queueMicrotask(() => actor.send({ type: 'APPROVE' }));
      }
    });
    const trace = traceAgentTurn(actor, { tracer: t.tracer });
    actor.start();
    await toPromise(actor);
    trace.stop();
    expect(t.ends().map((s) => s.name)).toEqual([
      'invoke_agent agent-turn',
      'chat m1',
      'chat m1',
      'execute_tool write_to_file',
      'chat m1',
      'execute_tool read_file',
      'chat m1',
    ]);
    expect(t.ends().every((s) => s.ends === 1)).toBe(true);
    // Each span ends when its part is over, not all at the turn's end.
    expect(t.exporter.getFinishedSpans().map((s) => s.name)).toEqual([
      'chat m1',
      'execute_tool write_to_file',
      'chat m1',
      'execute_tool read_file',
      'chat m1',
      'chat m1',
      'invoke_agent agent-turn',
    ]);
    const turn = byName(t.exporter.getFinishedSpans(), 'invoke_agent')[0]!;
    expect(turn.events.map((e) => [e.name, e.attributes])).toEqual([
      ['agent_turn.retry', { 'agent_turn.request.number': 1, 'agent_turn.request.attempt': 1 }],
      [
        'agent_turn.approval_requested',
        { 'gen_ai.tool.name': 'write_to_file', 'gen_ai.tool.call.id': expect.stringMatching(/\S/) },
      ],
    ]);
  });

  it('ends every span once when stopped twice mid-stream, and once when the turn is aborted', async () => {
    const t = countingTracer();
    const actor = actorFor([{ events: [{ type: 'text', text: 'thinking' }], hang: true }]);
    const trace = traceAgentTurn(actor, { tracer: t.tracer });
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    trace.stop();
    trace.stop();
    actor.send({ type: 'ABORT' });
    expect(t.ends()).toEqual([
      { name: 'invoke_agent agent-turn', ends: 1 },
      { name: 'chat m1', ends: 1 },
    ]);
    actor.stop();
  });
});

describe('traceAgentTurn edge cases', () => {
  it('sets no attribute without a value (the SDK would warn and drop it)', async () => {
    const warnings: string[] = [];
    const logger = {
      error: (m: string) => warnings.push(m),
      warn: (m: string) => warnings.push(m),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    };
    diag.setLogger(logger, DiagLogLevel.WARN);
    try {
      const { exporter, tracer } = tracing();
      const actor = actorFor([reply(READ), reply(DONE)]);
      const anonymous = {
        subscribe: actor.subscribe.bind(actor),
        getSnapshot: () => {
          const real = actor.getSnapshot();
          return Object.create(real, { context: { value: { ...real.context, model: undefined } } });
        },
      };
      traceAgentTurn(anonymous as never, { tracer });
      actor.start();
      await toPromise(actor);
      expect(exporter.getFinishedSpans()).toHaveLength(4);
      expect(warnings).toEqual([]);
    } finally {
      diag.disable();
    }
  });

  it('gives a failed attempt no finish reason, and a reply kept after its stream failed no error', async () => {
    const fault = new ChatError('http', 'HTTP 503', { status: 503, retryable: true });
    const { spans } = await traced(actorFor([{ events: [{ type: 'text', text: READ }], error: fault }, reply(DONE)]));
    const [kept] = byName(spans, 'chat');
    expect(kept?.attributes['agent_turn.request.status']).toBe('complete');
    expect(kept?.status.code).toBe(SpanStatusCode.UNSET);
    expect(kept?.attributes['error.type']).toBeUndefined();
    expect(kept?.events).toEqual([]);
    const failed = await traced(actorFor([{ events: [], error: fault }, reply(DONE)]));
    const [attempt] = byName(failed.spans, 'chat');
    expect(attempt?.attributes['agent_turn.request.status']).toBe('failed');
    expect(attempt?.attributes['gen_ai.response.finish_reasons']).toBeUndefined();
  });

  it('leaves out the turn’s answer when it has none, even with recordContent', async () => {
    const actor = actorFor([{ events: [{ type: 'text', text: 'Let me' }], hang: true }]);
    actor.subscribe((s) => {
      if (s.hasTag('streaming')) queueMicrotask(() => actor.send({ type: 'ABORT' }));
    });
    const { spans } = await traced(actor, { recordContent: true });
    const turn = byName(spans, 'invoke_agent')[0]!;
    expect(turn.attributes['agent_turn.end_reason']).toBe('aborted');
    expect(turn.attributes['gen_ai.output.messages']).toBeUndefined();
  });

  it('gives a tool that ran well no error, and a completion that could not end the turn a span', async () => {
    const blank = '<attempt_completion><result> </result></attempt_completion>';
    const { spans } = await traced(actorFor([reply(READ), reply(blank), reply(DONE)]));
    const tools = byName(spans, 'execute_tool');
    expect(tools.map((s) => [s.name, s.attributes['agent_turn.tool.status']])).toEqual([
      ['execute_tool read_file', 'done'],
      ['execute_tool attempt_completion', 'error'],
    ]);
    expect(tools[0]?.status.code).toBe(SpanStatusCode.UNSET);
    expect(tools[0]?.attributes['error.type']).toBeUndefined();
  });

  it('follows each of several tools of one reply once', async () => {
    const READ2 = '<read_file><path>other.md</path></read_file>';
    const t = tracing();
    const actor = actorFor([reply(`${READ}${READ2}`), reply(DONE)], { toolsPerMessage: 'sequential' });
    traceAgentTurn(actor, { tracer: t.tracer });
    actor.start();
    await toPromise(actor);
    const spans = t.exporter.getFinishedSpans();
    expect(byName(spans, 'execute_tool').map((s) => s.attributes['gen_ai.tool.call.id'])).toHaveLength(2);
    expect(new Set(byName(spans, 'execute_tool').map((s) => s.attributes['gen_ai.tool.call.id'])).size).toBe(2);
    // Spans end as things happen: each request's span before the next one's, the turn's last.
    expect(spans.map((s) => s.name)).toEqual([
      'execute_tool read_file',
      'execute_tool read_file',
      'chat m1',
      'chat m1',
      'invoke_agent agent-turn',
    ]);
  });

  for (const fails of [true, false])
    it(`gives a tool already settled when tracing began its span all the same (${fails ? 'error' : 'done'})`, async () => {
      const t = tracing();
      const actor = actorFor([{ events: [{ type: 'text', text: READ }], hang: true }, reply(DONE)], {
        tools: { read_file: async () => (fails ? Promise.reject(new Error('no such file')) : 'text') },
        drain: { graceMs: 50 },
      });
      actor.start();
      await new Promise<void>((resolve) => {
        const sub = actor.subscribe((s) => {
          if (Object.values(s.context.toolOutcomes).some((o) => o.status === (fails ? 'error' : 'done'))) {
            sub.unsubscribe();
            resolve();
          }
        });
      });
      traceAgentTurn(actor, { tracer: t.tracer });
      await toPromise(actor);
      const tools = byName(t.exporter.getFinishedSpans(), 'execute_tool');
      expect(tools.map((s) => [s.attributes['agent_turn.tool.status'], s.status.code])).toEqual([
        fails ? ['error', SpanStatusCode.ERROR] : ['done', SpanStatusCode.UNSET],
      ]);
      expect(byName(t.exporter.getFinishedSpans(), 'invoke_agent')[0]?.events).toEqual([]);
    });

  it('ends at once, without subscribing, on a turn that already ended', async () => {
    const t = tracing();
    const actor = actorFor([reply(DONE)]);
    actor.start();
    await toPromise(actor);
    let subscribed = 0;
    const done = {
      getSnapshot: () => actor.getSnapshot(),
      subscribe: (o: never) => {
        subscribed += 1;
        return actor.subscribe(o);
      },
    };
    traceAgentTurn(done, { tracer: t.tracer });
    expect(subscribed).toBe(0);
    expect(byName(t.exporter.getFinishedSpans(), 'invoke_agent')[0]?.attributes['agent_turn.end_reason']).toBe(
      'completed',
    );
  });

  it('reads no model from a snapshot without a context', () => {
    const none = { getSnapshot: () => ({}), subscribe: () => ({ unsubscribe() {} }) };
    expect(traceAgentTurn(none, { tracer: trace.getTracer('nobody') }).span.isRecording()).toBe(false);
    const nothing = { getSnapshot: () => undefined, subscribe: () => ({ unsubscribe() {} }) };
    expect(traceAgentTurn(nothing, { tracer: trace.getTracer('nobody') }).span.isRecording()).toBe(false);
  });
});
