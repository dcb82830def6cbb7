// defineTool tools in whole turns, native and tag mode, at pace 0 and at a real pace with random
// chunk boundaries: offered to the model (function definitions with their schema, or the tag
// prompt with their parameters), run with typed arguments, never run with invalid ones.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toPromise } from 'xstate';
import { createAgentTurnActor, runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { defineProtocol } from '../../src/protocol/define-protocol.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { PACINGS, createPacedClient, type PacedReply } from '../support/paced-client.js';

const task = [{ role: 'user' as const, content: 'What is the weather in Paris?' }];
const DONE_TAG = '<attempt_completion>\n<result>Sunny.</result>\n</attempt_completion>';

function weatherTool(seen: unknown[], extra: { needsApproval?: boolean } = {}) {
  return defineTool({
    name: 'get_weather',
    description: 'The forecast for a city.',
    parameters: z.object({
      city: z.string().describe('City name'),
      days: z.number().int().min(1).max(7),
      metric: z.boolean().optional(),
    }),
    execute: ({ city, days, metric }) => {
      seen.push({ city, days, metric, types: [typeof city, typeof days, typeof metric] });
      return `${city}: sunny for ${days} days`;
    },
    ...extra,
  });
}

function toolMessages(request: { messages: { role: string; content?: unknown }[] }): string {
  return JSON.stringify(request.messages.filter((m) => m.role === 'tool' || m.role === 'user').at(-1));
}

for (const pacing of PACINGS) {
  const at = pacing.pace === 0 ? 'pace 0' : 'a real pace, random chunks';

  describe(`a defineTool tool, native mode (${at})`, () => {
    it('is offered with its schema, runs with typed arguments, and a plain answer ends the turn', async () => {
      const seen: unknown[] = [];
      const client = createPacedClient(
        [
          { calls: [{ name: 'get_weather', arguments: '{"city": "Paris", "days": 2, "metric": true}' }] },
          { text: 'It will be sunny in Paris for two days.' },
        ],
        pacing,
      );
      const out = await runAgentTurn({
        client,
        model: 'm',
        messages: task,
        tools: [weatherTool(seen)],
        nativeTools: true,
      });
      expect(out.reason).toBe('completed');
      expect(out.result).toBe('It will be sunny in Paris for two days.');
      expect(seen).toEqual([{ city: 'Paris', days: 2, metric: true, types: ['string', 'number', 'boolean'] }]);
      const offered = client.requests[0]!.tools!;
      expect(offered.map((t) => t.function.name).sort()).toEqual(['attempt_completion', 'get_weather']);
      const weather = offered.find((t) => t.function.name === 'get_weather')!.function;
      expect(weather.description).toBe('The forecast for a city.');
      expect(weather.parameters).toMatchObject({
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name' },
          days: { type: 'integer' },
          metric: { type: 'boolean' },
        },
        required: ['city', 'days'],
      });
      expect(weather.parameters).not.toHaveProperty('$schema');
      expect(toolMessages(client.requests[1]!)).toContain('Paris: sunny for 2 days');
    });

    it('is not run with invalid arguments: the model is told which field was wrong', async () => {
      const seen: unknown[] = [];
      const client = createPacedClient(
        [
          { calls: [{ name: 'get_weather', arguments: '{"city": "Paris", "days": "two"}' }] },
          { calls: [{ name: 'get_weather', arguments: '{"city": "Paris", "days": 9}' }] },
          { calls: [{ name: 'get_weather', arguments: '{"days": 3}' }] },
          { text: 'Giving up.' },
        ],
        pacing,
      );
      const out = await runAgentTurn({
        client,
        model: 'm',
        messages: task,
        tools: [weatherTool(seen)],
        nativeTools: true,
      });
      expect(seen).toEqual([]);
      expect(out.reason).toBe('completed');
      const results = out.requests.flatMap((r) => r.toolResults);
      expect(results.map((r) => r.isError)).toEqual([true, true, true]);
      expect(results[0]!.content).toMatch(/^Invalid arguments for get_weather: days: .*number/);
      expect(results[1]!.content).toMatch(/days: .*7/);
      expect(results[2]!.content).toMatch(/city: /);
      expect(toolMessages(client.requests[1]!)).toContain('Invalid arguments for get_weather: days');
    });
  });

  describe(`a defineTool tool, tag mode (${at})`, () => {
    it('is in the system prompt with its parameters, and XML values arrive typed', async () => {
      const seen: unknown[] = [];
      const client = createPacedClient(
        [
          {
            text: 'Checking.\n<get_weather>\n<city>Paris</city>\n<days>\n2\n</days>\n<metric>false</metric>\n</get_weather>',
          },
          { text: DONE_TAG },
        ],
        pacing,
      );
      const out = await runAgentTurn({ client, model: 'm', messages: task, tools: [weatherTool(seen)] });
      expect(out.reason).toBe('completed');
      expect(out.result).toBe('Sunny.');
      expect(seen).toEqual([{ city: 'Paris', days: 2, metric: false, types: ['string', 'number', 'boolean'] }]);
      const system = String(client.requests[0]!.messages[0]!.content);
      expect(system).toContain('## get_weather\nThe forecast for a city.');
      expect(system).toContain('- city (required): City name (string)');
      expect(system).toContain('- days (required): (integer)');
      expect(system).toContain('- metric (optional): (boolean)');
      expect(system).toContain('## attempt_completion');
      expect(client.requests[0]!.tools).toBeUndefined();
    });

    it('tells the model what was wrong and runs nothing for a value of the wrong type', async () => {
      const seen: unknown[] = [];
      const client = createPacedClient(
        [{ text: '<get_weather>\n<city>Paris</city>\n<days>soon</days>\n</get_weather>' }, { text: DONE_TAG }],
        pacing,
      );
      const out = await runAgentTurn({ client, model: 'm', messages: task, tools: [weatherTool(seen)] });
      expect(seen).toEqual([]);
      expect(out.requests[0]!.toolResults[0]).toMatchObject({ status: 'error', isError: true });
      expect(out.requests[0]!.toolResults[0]!.content).toMatch(/^Invalid arguments for get_weather: days: /);
    });
  });
}

describe('tools given to runAgentTurn reach the model without a protocol of their own', () => {
  const descriptions = {
    get_weather: {
      description: 'The forecast for a city.',
      params: { city: { description: 'City name' } },
    },
  };
  const plain = { get_weather: (use: { params: Record<string, string> }) => `sunny in ${use.params.city}` };

  it('native mode: a plain function with a description is a function definition beside attempt_completion', async () => {
    const client = createPacedClient(
      [{ calls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] }, { text: 'ok' }],
      { pace: 0 },
    );
    const out = await runAgentTurn({
      client,
      model: 'm',
      messages: task,
      tools: plain,
      descriptions,
      nativeTools: true,
    });
    expect(client.requests[0]!.tools!.map((t) => t.function.name).sort()).toEqual([
      'attempt_completion',
      'get_weather',
    ]);
    expect(out.requests[0]!.toolResults[0]!.content).toBe('sunny in Oslo');
  });

  it('tag mode: the prompt names it and its tags parse', async () => {
    const client = createPacedClient([{ text: '<get_weather><city>Oslo</city></get_weather>' }, { text: DONE_TAG }], {
      pace: 0,
    });
    const out = await runAgentTurn({ client, model: 'm', messages: task, tools: plain, descriptions });
    const system = String(client.requests[0]!.messages[0]!.content);
    expect(system).toContain('## get_weather');
    expect(system).toContain('## attempt_completion');
    expect(out.requests[0]!.toolResults[0]!.content).toBe('sunny in Oslo');
    expect(out.reason).toBe('completed');
  });

  it('a hand-built protocol without attempt_completion still offers it (native) and parses it (tags)', async () => {
    const protocol = defineProtocol({ tools: { get_weather: ['city'] } });
    const native = createPacedClient([{ calls: [{ name: 'attempt_completion', arguments: '{"result":"done"}' }] }], {
      pace: 0,
    });
    const a = await runAgentTurn({
      client: native,
      model: 'm',
      messages: task,
      tools: plain,
      descriptions,
      protocol,
      nativeTools: true,
    });
    expect(native.requests[0]!.tools!.map((t) => t.function.name).sort()).toEqual([
      'attempt_completion',
      'get_weather',
    ]);
    expect(a).toMatchObject({ reason: 'completed', result: 'done' });
    const tags = createPacedClient([{ text: DONE_TAG }], { pace: 0 });
    const b = await runAgentTurn({ client: tags, model: 'm', messages: task, tools: plain, descriptions, protocol });
    expect(String(tags.requests[0]!.messages[0]!.content)).toContain('## attempt_completion');
    expect(b).toMatchObject({ reason: 'completed', result: 'Sunny.' });
  });

  it('explicit toolDefinitions get the defineTool tools and the completion tool added', async () => {
    const seen: unknown[] = [];
    const other = { type: 'function' as const, function: { name: 'noop', parameters: { type: 'object' } } };
    const client = createPacedClient([{ text: 'fine' }], { pace: 0 });
    await runAgentTurn({
      client,
      model: 'm',
      messages: task,
      tools: { get_weather: weatherTool(seen), noop: () => '' },
      toolDefinitions: [other],
      nativeTools: true,
    });
    expect(client.requests[0]!.tools!.map((t) => t.function.name)).toEqual([
      'noop',
      'get_weather',
      'attempt_completion',
    ]);
  });
});

describe('a defineTool tool with needsApproval', () => {
  it('waits for APPROVE in native and in tag mode', async () => {
    for (const nativeTools of [true, false]) {
      const seen: unknown[] = [];
      const replies: PacedReply[] = nativeTools
        ? [{ calls: [{ name: 'get_weather', arguments: '{"city":"Rome","days":1}' }] }, { text: 'done' }]
        : [{ text: '<get_weather><city>Rome</city><days>1</days></get_weather>' }, { text: DONE_TAG }];
      const client = createPacedClient(replies, { pace: 0 });
      const actor = createAgentTurnActor({
        client,
        model: 'm',
        messages: task,
        tools: [weatherTool(seen, { needsApproval: true })],
        nativeTools,
      });
      let asked = 0;
      actor.subscribe((s) => {
        if (s.hasTag('awaiting-approval') && asked++ === 0) {
          expect(seen).toEqual([]);
          queueMicrotask(() => actor.send({ type: 'APPROVE' }));
        }
      });
      actor.start();
      const out = await toPromise(actor);
      expect(asked).toBeGreaterThan(0);
      expect(out.reason).toBe('completed');
      expect(seen).toHaveLength(1);
    }
  });
});
