import { z } from 'zod';
import { createChatClient, defineTool } from '../../machines/index.js';
import { createScriptedModel } from '../../scripted/index.js';
import { Block, useAgentTurn } from '../../bindings/react/index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'The weather forecast for a city, for the next few days.',
  parameters: z.object({ city: z.string(), days: z.number().int().min(1).max(7) }),
  needsApproval: true,
  execute: async ({ city, days }) => `${city}: sunny for the next ${days} days`,
});

// The scripted model stands in for a real endpoint: it calls the tool, then answers with the
// tool's result in prose (a function of the request, so every click gets the same turn).
const model = createScriptedModel({
  pace: { firstTokenMs: 40, tokenMs: 5 },
  replies: (request) => {
    const last = request.messages.at(-1);
    if (last?.role !== 'tool') return { toolCalls: [{ name: 'get_weather', arguments: { city: 'Lyon', days: 2 } }] };
    return `Here is the forecast. ${last.content}.`;
  },
});
const client = createChatClient({ baseURL: 'http://model.local/v1', fetch: model });

export function WeatherAgent() {
  const { view, phase, output, start, approve, reject } = useAgentTurn({
    client,
    model: 'scripted',
    nativeTools: true,
    tools: [getWeather],
  });
  return (
    <section>
      <button type="button" onClick={() => start('What is the weather in Lyon for two days?')}>
        Ask
      </button>
      {view?.requests
        .flatMap((request) => request.blocks)
        .map((block) => (
          <Block key={block.key} block={block} />
        ))}
      {phase === 'awaiting-approval' && (
        <p>
          <button type="button" onClick={approve}>
            Allow
          </button>
          <button type="button" onClick={() => reject('Not that city')}>
            Refuse
          </button>
        </p>
      )}
      {output && <output>{output.result}</output>}
    </section>
  );
}
