// The official `openai` SDK as a client of our SSE bytes: its chunk objects, fed to
// readChatCompletionStream, give the same events as the raw bytes.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { delta, finishChunk, read, sse, summarize, usageChunk } from '../../support/wire-fixtures.js';

const CONVENTIONS: Record<string, unknown[]> = {
  grok: [delta({ reasoning_content: 'thinking 🤔' }), delta({ content: 'answer' }), finishChunk()],
  qwen: [
    delta({ reasoning_content: 'think', content: null }),
    delta({ reasoning_content: null, content: 'ans' }),
    finishChunk(),
  ],
  glm: [delta({ reasoning_content: 'think', content: '' }), delta({ content: 'ans' }), finishChunk()],
  gateway: [delta({ reasoning: 'via reasoning' }), delta({ content: 'ans' }), finishChunk()],
  tokensOnly: [
    delta({ content: '2' }),
    finishChunk(),
    usageChunk({
      prompt_tokens: 5,
      completion_tokens: 300,
      total_tokens: 305,
      completion_tokens_details: { reasoning_tokens: 299 },
    }),
  ],
  tools: [
    delta({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"pa' } }],
    }),
    delta({ tool_calls: [{ index: 0, function: { arguments: 'th":"a.ts"}' } }] }),
    finishChunk('tool_calls'),
  ],
};

describe('openai SDK chunk objects', () => {
  for (const [name, chunks] of Object.entries(CONVENTIONS)) {
    it(`${name}: SDK chunks give the same events as the raw bytes`, async () => {
      const body = sse(chunks);
      const client = new OpenAI({
        apiKey: 'test',
        baseURL: 'http://model.test/v1',
        fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
      });
      const stream = await client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
      });
      const fromSdk = await read(stream as AsyncIterable<object>);
      const fromBytes = await read(new Response(body));
      expect(fromSdk.error).toBeUndefined();
      expect(fromBytes.error).toBeUndefined();
      expect(fromSdk.events).toEqual(fromBytes.events);
      expect(summarize(fromSdk.events).finish).toHaveLength(1);
    });
  }
});
