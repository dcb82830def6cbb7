// Hostile streams (issue 28 §4): an endpoint that sends tens of thousands of native tool calls in
// one reply is stopped at a cap with a typed error that keeps the calls before it; arguments
// nested 10,000 deep no longer crash the turn ("Maximum call stack size exceeded") but reach the
// model as a clear "nested too deep" result; no reader, checker or parser recurses with input depth.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatRequest, ChatStreamEvent } from '../../src/wire/types.js';
import {
  checkJsonSchema,
  parseJsonLoose,
  requestStructured,
  StructuredOutputError,
} from '../../src/structured/index.js';
import { createPartialJsonObjectReader } from '../../src/reply/partial-json-object.js';
import { createBlockAssembler } from '../../src/reply/block-assembler.js';
import { createScriptedClient, reply } from '../support/scripted-client.js';

const DEEP = 10_000;
const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const deepArguments = `{"path":"a.txt","content":${deepArray}}`;

/** An SSE body of `calls` tiny native calls in one reply. */
function manyCallsFetch(calls: number): typeof fetch {
  return async () => {
    const lines: string[] = [];
    for (let index = 0; index < calls; index++) {
      const delta = {
        tool_calls: [
          {
            index,
            id: `c${index}`,
            type: 'function',
            function: { name: 'read_file', arguments: `{"path":"f${index}"}` },
          },
        ],
      };
      lines.push(`data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`);
    }
    lines.push(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] })}\n\n`);
    lines.push('data: [DONE]\n\n');
    return new Response(lines.join(''), { headers: { 'content-type': 'text/event-stream' } });
  };
}

describe('many native tool calls in one reply', () => {
  it('past maxToolCallsPerReply (default 1000) the stream ends with a typed too-large error, the calls before it delivered', async () => {
    const client = createChatClient({ baseURL: 'http://hostile.invalid/v1', fetch: manyCallsFetch(1500) });
    const events: ChatStreamEvent[] = [];
    let error: unknown;
    try {
      for await (const event of client.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }))
        events.push(event);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ChatError);
    expect(error).toMatchObject({ code: 'too-large', retryable: false });
    expect((error as Error).message).toContain('maxToolCallsPerReply');
    expect(new Set(events.map((e) => (e.type === 'tool-call' ? e.index : -1)).filter((i) => i >= 0)).size).toBe(1000);
  });

  it('the limit is configurable, and a turn keeps what arrived in its request record', async () => {
    const client = createChatClient({
      baseURL: 'http://hostile.invalid/v1',
      fetch: manyCallsFetch(50),
      maxToolCallsPerReply: 20,
    });
    const ran: string[] = [];
    const output = await runAgentTurn({
      client,
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      nativeTools: true,
      tools: { read_file: async (use) => (ran.push(use.params.path ?? ''), 'x') },
      retry: { delaysMs: [] },
    });
    expect(output.reason).toBe('failed');
    expect(output.error?.code).toBe('too-large');
    expect(output.requests[0].blocks.filter((b) => b.type === 'tool_use')).toHaveLength(20);
    expect(ran).toEqual([]); // a reply stopped by the cap runs nothing
  });

  it('a server inventing a new id for every delta of one call is not counted as many calls', async () => {
    const fetch: typeof globalThis.fetch = async () => {
      const chunk = (id: string, args: string) =>
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id, type: 'function', function: { name: 'read_file', arguments: args } }] } }] })}\n\n`;
      const body = [chunk('a', '{"path":'), chunk('b', '"x.ts"'), chunk('c', '}'), 'data: [DONE]\n\n'].join('');
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const client = createChatClient({ baseURL: 'http://x.invalid/v1', fetch, maxToolCallsPerReply: 1 });
    const events: ChatStreamEvent[] = [];
    for await (const event of client.stream({ model: 'm', messages: [] })) events.push(event);
    expect(events.filter((e) => e.type === 'tool-call')).toHaveLength(3);
  });
});

describe('input nested 10,000 deep', () => {
  it('native arguments nested 10,000 deep: the turn goes on, the tool never runs, the model is told why', async () => {
    const client = createScriptedClient([
      {
        events: [
          { type: 'tool-call', index: 0, id: 'deep', name: 'write_to_file', argumentsDelta: deepArguments },
          { type: 'finish', reason: 'tool_calls' },
        ],
      },
      reply('<attempt_completion><result>ok</result></attempt_completion>'),
    ]);
    const ran: string[] = [];
    const output = await runAgentTurn({
      client,
      model: 'm',
      messages: [{ role: 'user', content: 'write it' }],
      nativeTools: true,
      tools: { write_to_file: async () => (ran.push('write'), 'saved') },
      retry: { delaysMs: [] },
    });
    expect(output.reason).toBe('completed');
    expect(ran).toEqual([]);
    const toolMessage = client.requests[1].messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toContain('nest deeper than 100 levels');
  });

  it('the block assembler, the partial-JSON reader and the loose parser read it without recursion', () => {
    const reader = createPartialJsonObjectReader();
    reader.push(deepArguments);
    expect(reader.closed).toBe(true);
    const assembler = createBlockAssembler();
    assembler.push({ type: 'tool-call', index: 0, id: 'd', name: 'x', argumentsDelta: deepArguments });
    expect(() => assembler.end()).not.toThrow();
    expect(Array.isArray(parseJsonLoose(`Here: ${deepArray}`))).toBe(true);
  });

  it('the schema checker refuses a value nested too deep with a clear problem, never a RangeError', () => {
    const value = JSON.parse(deepArray);
    expect(checkJsonSchema(value, { enum: [1] })).toMatch(/nested deeper than 100 levels/);
    expect(checkJsonSchema({ a: value }, { type: 'object', properties: { a: { const: [] } } })).toMatch(/deeper/);
    // A value at the limit is checked as usual.
    let ok: unknown = 1;
    for (let i = 0; i < 99; i++) ok = [ok];
    expect(checkJsonSchema(ok, { type: 'array' })).toBeUndefined();
  });

  it('structured output nested too deep is sent back to the model as the problem, then a typed error', async () => {
    const asked: ChatRequest[] = [];
    const client: ChatClient = {
      stream: () => {
        throw new Error('not used');
      },
      complete: async (request) => {
        asked.push(structuredClone(request));
        return { reasoning: '', content: deepArray, toolCalls: [], finishReason: 'stop' };
      },
    };
    const error = await requestStructured(client, {
      model: 'm',
      messages: [{ role: 'user', content: 'JSON please' }],
      schema: { type: 'array' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect((error as Error).message).toMatch(/nests deeper than 100 levels/);
    expect(asked[1].messages.at(-1)?.content).toMatch(/nests deeper than 100 levels/);
  });
});
