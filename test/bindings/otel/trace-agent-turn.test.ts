// agent-turn/otel: the spans of a turn, read back from the SDK's in-memory exporter — a turn with a
// retried request, a rejected tool, a tool that ran and the completion; a turn aborted while the
// model streams; and no work at all when no tracer provider records.
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { traceAgentTurn } from '../../../bindings/otel/index.js';
import { createAgentTurnActor } from '../../../machines/index.js';
import { ChatError } from '../../../src/wire/errors.js';
import { inMemoryTracing, spansNamed } from '../../support/in-memory-tracing.js';
import { createScriptedClient, reply } from '../../support/scripted-client.js';

const tracing = inMemoryTracing;

const byName = spansNamed;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

const WRITE = '<write_to_file><path>a.txt</path><content>secret-content</content></write_to_file>';
const READ = '<read_file><path>notes.md</path></read_file>';
const DONE = '<attempt_completion><result>all done</result></attempt_completion>';

function retriedTurn() {
  const client = createScriptedClient([
    { events: [], error: new ChatError('http', 'HTTP 503', { status: 503, retryable: true }) },
    reply(WRITE),
    reply(READ),
    reply(DONE),
  ]);
  const actor = createAgentTurnActor({
    client,
    model: 'glm-5.1',
    messages: [{ role: 'user', content: 'go' }],
    tools: {
      read_file: async () => 'file text',
      write_to_file: async () => 'written',
    },
    approval: ['write_to_file'],
    retry: { delaysMs: [0] },
  });
  actor.subscribe((snapshot) => {
    if (snapshot.hasTag('awaiting-approval')) queueMicrotask(() => actor.send({ type: 'REJECT', feedback: 'no' }));
  });
  return actor;
}

describe('traceAgentTurn', () => {
  it('records a turn span, a chat span per attempt and a tool span per run, parented to the turn', async () => {
    const { exporter, tracer } = tracing();
    const actor = retriedTurn();
    traceAgentTurn(actor, { tracer, providerName: 'zai' });
    actor.start();
    const output = await toPromise(actor);
    expect(output.reason).toBe('completed');
    const spans = exporter.getFinishedSpans();

    const [turn, ...otherTurns] = byName(spans, 'invoke_agent');
    expect(otherTurns).toEqual([]);
    expect(turn?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'agent-turn',
      'gen_ai.request.model': 'glm-5.1',
      'gen_ai.provider.name': 'zai',
      'agent_turn.end_reason': 'completed',
    });
    expect(turn?.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);

    const chats = byName(spans, 'chat');
    expect(chats.map((s) => s.name)).toEqual(['chat glm-5.1', 'chat glm-5.1', 'chat glm-5.1', 'chat glm-5.1']);
    expect(chats.map((s) => s.attributes['agent_turn.request.attempt'])).toEqual([0, 1, 0, 0]);
    expect(chats.map((s) => s.attributes['agent_turn.request.status'])).toEqual([
      'failed',
      'complete',
      'complete',
      'complete',
    ]);
    expect(chats.every((s) => parentOf(s) === turn?.spanContext().spanId)).toBe(true);
    expect(chats.every((s) => s.spanContext().traceId === turn?.spanContext().traceId)).toBe(true);
    // The failed attempt: an error status, its code as error.type, and an exception event.
    expect(chats[0]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(chats[0]?.attributes['error.type']).toBe('http');
    expect(chats[0]?.events.map((e) => e.name)).toEqual(['exception']);
    expect(chats[1]?.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
    expect(chats[1]?.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);

    // The retry, the approval asked for, and the rejected write (never run) are events of the turn.
    const events = turn?.events.map((e) => [
      e.name,
      e.attributes?.['gen_ai.tool.name'],
      e.attributes?.['agent_turn.tool.status'],
    ]);
    expect(events).toEqual([
      ['agent_turn.retry', undefined, undefined],
      ['agent_turn.approval_requested', 'write_to_file', undefined],
      ['agent_turn.tool_not_run', 'write_to_file', 'rejected'],
    ]);

    const tools = byName(spans, 'execute_tool');
    expect(tools.map((s) => s.name)).toEqual(['execute_tool read_file']);
    expect(tools[0]?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'read_file',
      'gen_ai.tool.type': 'function',
      'agent_turn.tool.status': 'done',
    });
    expect(String(tools[0]?.attributes['gen_ai.tool.call.id'])).toMatch(/\S/);
    expect(parentOf(tools[0] as ReadableSpan)).toBe(turn?.spanContext().spanId);
    // The tool span lies inside the turn span.
    expect(tools[0]!.startTime[0] * 1e9 + tools[0]!.startTime[1]).toBeGreaterThanOrEqual(
      turn!.startTime[0] * 1e9 + turn!.startTime[1],
    );

    // Nothing sensitive by default: no arguments, results or reply text anywhere.
    const everything = JSON.stringify(spans.map((s) => [s.attributes, s.events]));
    expect(everything).not.toContain('secret-content');
    expect(everything).not.toContain('file text');
    expect(everything).not.toContain('all done');
  });

  it('records tool arguments, results and the reply only when asked to', async () => {
    const { exporter, tracer } = tracing();
    const actor = retriedTurn();
    traceAgentTurn(actor, { tracer, recordContent: true });
    actor.start();
    await toPromise(actor);
    const spans = exporter.getFinishedSpans();
    const tool = byName(spans, 'execute_tool')[0];
    expect(JSON.parse(String(tool?.attributes['gen_ai.tool.call.arguments']))).toEqual({ path: 'notes.md' });
    expect(tool?.attributes['gen_ai.tool.call.result']).toContain('file text');
    expect(byName(spans, 'invoke_agent')[0]?.attributes['gen_ai.output.messages']).toContain('all done');
  });

  it('ends every open span when the turn is aborted mid-stream', async () => {
    const { exporter, tracer } = tracing();
    const client = createScriptedClient([{ events: [{ type: 'text', text: 'Let me think' }], hang: true }]);
    const actor = createAgentTurnActor({ client, model: 'm', messages: [{ role: 'user', content: 'go' }] });
    traceAgentTurn(actor, { tracer });
    actor.subscribe((snapshot) => {
      if (snapshot.hasTag('streaming')) queueMicrotask(() => actor.send({ type: 'ABORT' }));
    });
    actor.start();
    const output = await toPromise(actor);
    expect(output.reason).toBe('aborted');
    const spans = exporter.getFinishedSpans();
    const turn = byName(spans, 'invoke_agent')[0];
    expect(turn?.attributes['agent_turn.end_reason']).toBe('aborted');
    expect(turn?.events.map((e) => e.name)).toContain('agent_turn.aborted');
    const chats = byName(spans, 'chat');
    expect(chats).toHaveLength(1);
    expect(chats[0]?.attributes['agent_turn.request.status']).toBe('aborted');
    expect(chats[0]?.ended).toBe(true);
  });

  it('reads nothing when no provider records (the global no-op tracer)', () => {
    let subscribed = 0;
    const actor = {
      getSnapshot: () => undefined,
      subscribe: () => {
        subscribed += 1;
        return { unsubscribe() {} };
      },
    };
    const traced = traceAgentTurn(actor, { tracer: trace.getTracer('nobody') });
    expect(traced.span.isRecording()).toBe(false);
    expect(subscribed).toBe(0);
    traced.stop();
  });

  it('stop() ends the open spans of a turn that never ends', async () => {
    const { exporter, tracer } = tracing();
    const client = createScriptedClient([{ events: [], hang: true }]);
    const actor = createAgentTurnActor({ client, model: 'm', messages: [{ role: 'user', content: 'go' }] });
    const traced = traceAgentTurn(actor, { tracer });
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    traced.stop();
    traced.stop();
    const spans = exporter.getFinishedSpans();
    expect(byName(spans, 'invoke_agent')[0]?.attributes['agent_turn.end_reason']).toBe('stopped');
    expect(byName(spans, 'chat')).toHaveLength(1);
    actor.stop();
  });
});
