// agent-turn/otel against the GenAI semantic conventions (issue 33, point 7): a model request is a
// CLIENT span (a call to the model's service), the turn an INTERNAL one; the agent's name is the
// caller's; with recordContent a request's output message holds its reasoning, text and tool calls
// as parts, in the order written, with the finish reason.
import { SpanKind } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { traceAgentTurn } from '../../../bindings/otel/index.js';
import { createAgentTurnActor } from '../../../machines/index.js';
import { inMemoryTracing, spansNamed } from '../../support/in-memory-tracing.js';
import { createScriptedClient, reply } from '../../support/scripted-client.js';

const READ = '<read_file><path>notes.md</path></read_file>';
const DONE = '<attempt_completion><result>all done</result></attempt_completion>';

async function run(options: Parameters<typeof traceAgentTurn>[1]) {
  const actor = createAgentTurnActor({
    client: createScriptedClient([
      {
        events: [
          { type: 'reasoning', text: 'The notes first.' },
          { type: 'text', text: `Reading. ${READ}` },
          { type: 'finish', reason: 'stop' },
        ],
      },
      reply(DONE),
    ]),
    model: 'm1',
    messages: [{ role: 'user', content: 'go' }],
    tools: { read_file: async () => 'file text' },
  });
  const { exporter, tracer } = inMemoryTracing();
  traceAgentTurn(actor, { tracer, ...options });
  actor.start();
  await toPromise(actor);
  return exporter.getFinishedSpans();
}

describe('traceAgentTurn and the GenAI conventions', () => {
  it('makes chat spans CLIENT and the turn and tool spans INTERNAL', async () => {
    const spans = await run({});
    const chats = spansNamed(spans, 'chat');
    expect(chats).toHaveLength(2);
    expect(chats.map((s) => s.kind)).toEqual([SpanKind.CLIENT, SpanKind.CLIENT]);
    expect(spansNamed(spans, 'invoke_agent').map((s) => s.kind)).toEqual([SpanKind.INTERNAL]);
    expect(spansNamed(spans, 'execute_tool').map((s) => s.kind)).toEqual([SpanKind.INTERNAL]);
  });

  it('names the agent as asked, in the attribute and the span name (agent-turn by default)', async () => {
    const [named] = spansNamed(await run({ agentName: 'weather-bot' }), 'invoke_agent');
    expect(named?.name).toBe('invoke_agent weather-bot');
    expect(named?.attributes['gen_ai.agent.name']).toBe('weather-bot');
    const [plain] = spansNamed(await run({}), 'invoke_agent');
    expect(plain?.name).toBe('invoke_agent agent-turn');
    expect(plain?.attributes['gen_ai.agent.name']).toBe('agent-turn');
  });

  it('records reasoning, text and tool calls as the output message parts, in order', async () => {
    const spans = await run({ recordContent: true });
    const chats = spansNamed(spans, 'chat');
    const first = JSON.parse(String(chats[0]?.attributes['gen_ai.output.messages']));
    expect(first).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', content: 'The notes first.' },
          { type: 'text', content: 'Reading.' },
          { type: 'tool_call', id: expect.any(String), name: 'read_file', arguments: { path: 'notes.md' } },
        ],
        finish_reason: 'stop',
      },
    ]);
    const toolSpan = spansNamed(spans, 'execute_tool')[0];
    expect(first[0].parts[2].id).toBe(toolSpan?.attributes['gen_ai.tool.call.id']);
    const second = JSON.parse(String(chats[1]?.attributes['gen_ai.output.messages']));
    expect(second[0].parts.map((p: { type: string; name?: string }) => p.name ?? p.type)).toEqual([
      'attempt_completion',
    ]);
  });
});
