// Top-level request fields set to null (`max_tokens: null` from an empty settings field) are not
// sent: a strict provider refuses them as the wrong type. Other values, and nulls deeper in the
// request (a message's null content), go as given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChatClient } from '../../../src/wire/chat-client.js';
import { withoutNullFields } from '../../../src/wire/without-null-fields.js';

function capturingClient() {
  const bodies: Record<string, unknown>[] = [];
  const client = createChatClient({
    baseURL: 'http://x/v1',
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : await new Response(init?.body).text()));
      return new Response('data: {"choices":[{"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      });
    },
  });
  return { client, bodies };
}

describe('null request fields', () => {
  it('are left out of streamed and complete requests', async () => {
    const { client, bodies } = capturingClient();
    const request = {
      model: 'm',
      messages: [{ role: 'assistant' as const, content: null }],
      max_tokens: null,
      temperature: null,
      top_p: 0.5,
    } as never;
    for await (const _ of client.stream(request)) {
      // read it all
    }
    await client.complete(request).catch(() => undefined);
    for (const body of bodies) {
      expect(body).not.toHaveProperty('max_tokens');
      expect(body).not.toHaveProperty('temperature');
      expect(body.top_p).toBe(0.5);
      expect((body.messages as { content: unknown }[])[0]!.content).toBeNull();
    }
    expect(bodies).toHaveLength(2);
  });

  it('withoutNullFields keeps every other field as it was', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.constant(null), fc.jsonValue())), (record) => {
        const out = withoutNullFields(record);
        for (const [k, v] of Object.entries(record)) {
          if (v === null) expect(Object.hasOwn(out, k)).toBe(false);
          else expect(Object.getOwnPropertyDescriptor(out, k)?.value).toEqual(v);
        }
      }),
    );
  });
});
