import { describe, expect, it } from 'vitest';
import { delta, finishChunk, read, sse, summarize, usageChunk } from '../../support/wire-fixtures.js';

const ok = (body: string) => read(new Response(body));

describe('reasoning and content key conventions', () => {
  it('grok-style: only the active key is present', async () => {
    const { events, error } = await ok(
      sse([
        delta({ role: 'assistant', reasoning_content: 'Let me ' }),
        delta({ reasoning_content: 'think.' }),
        delta({ content: 'Two.' }),
        finishChunk('stop'),
      ]),
    );
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'reasoning', text: 'Let me ' },
      { type: 'reasoning', text: 'think.' },
      { type: 'text', text: 'Two.' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('qwen-style: both keys present, the inactive one null', async () => {
    const { events } = await ok(
      sse([
        delta({ reasoning_content: 'hmm', content: null }),
        delta({ reasoning_content: null, content: 'answer' }),
        delta({ reasoning_content: null, content: null }, 'stop'),
      ]),
    );
    expect(events).toEqual([
      { type: 'reasoning', text: 'hmm' },
      { type: 'text', text: 'answer' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('glm-style: content "" while thinking', async () => {
    const { events } = await ok(
      sse([
        delta({ reasoning_content: 'a', content: '' }),
        delta({ reasoning_content: 'b', content: '' }),
        delta({ content: 'c' }, 'stop'),
      ]),
    );
    expect(events.map((e) => e.type)).toEqual(['reasoning', 'reasoning', 'text', 'finish']);
    expect(summarize(events)).toMatchObject({ reasoning: 'ab', text: 'c' });
  });

  it('gateways that name the field `reasoning`; a null reasoning_content does not hide it', async () => {
    const { events } = await ok(
      sse([
        delta({ reasoning: 'via vLLM' }),
        delta({ reasoning_content: null, reasoning: ' and more' }),
        delta({ content: 'x' }, 'stop'),
      ]),
    );
    expect(summarize(events).reasoning).toBe('via vLLM and more');
  });

  it('a gateway mirroring the same text into both keys gives it once; different texts both count', async () => {
    const mirrored = await ok(sse([delta({ reasoning_content: 'same', reasoning: 'same' }), finishChunk()]));
    expect(summarize(mirrored.events).reasoning).toBe('same');
    const both = await ok(sse([delta({ reasoning_content: 'one', reasoning: 'two' }), finishChunk()]));
    expect(both.events.filter((e) => e.type === 'reasoning')).toEqual([
      { type: 'reasoning', text: 'one' },
      { type: 'reasoning', text: 'two' },
    ]);
  });

  it('reasoning_details (OpenRouter, Snowflake): text and summary entries count, encrypted ones carry none', async () => {
    const { events, error } = await read(
      new Response(
        sse([
          delta({ reasoning_details: [{ type: 'reasoning.text', text: 'step 1. ', format: 'unknown', index: 0 }] }),
          delta({
            reasoning_details: [
              { type: 'reasoning.summary', summary: 'In short: ', index: 0 },
              { type: 'reasoning.encrypted', data: 'gAAAA…', index: 1 },
            ],
          }),
          delta({
            reasoning_details: [
              { type: 'reasoning.text', text: null },
              { type: 'reasoning.future', text: 'not read' },
            ],
          }),
          delta({ content: 'answer' }),
          finishChunk(),
        ]),
      ),
    );
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({ reasoning: 'step 1. In short: ', text: 'answer' });
  });

  it('a delta with both reasoning and reasoning_details (OpenRouter mirrors the text) counts it once', async () => {
    const mirrored = (text: string) =>
      delta({ reasoning: text, reasoning_details: [{ type: 'reasoning.text', text, index: 0 }] });
    const { events } = await read(new Response(sse([mirrored('think '), mirrored('hard'), finishChunk()])));
    expect(summarize(events).reasoning).toBe('think hard');
    const viaContent = delta({
      reasoning_content: 'once',
      reasoning_details: [{ type: 'reasoning.text', text: 'once' }],
    });
    expect(summarize((await read(new Response(sse([viaContent, finishChunk()])))).events).reasoning).toBe('once');
  });

  it("reasoning_details of the wrong shape are 'malformed-chunk'", async () => {
    for (const details of ['text', [3], [{ type: 'reasoning.text', text: 5 }]]) {
      const { error } = await read(new Response(sse([delta({ reasoning_details: details })])));
      expect(error?.code).toBe('malformed-chunk');
      expect(error?.message).toContain('reasoning_details');
    }
  });

  it('keeps whitespace-only deltas: they are paragraph breaks', async () => {
    const { events } = await ok(
      sse([
        delta({ reasoning_content: 'one' }),
        delta({ reasoning_content: '\n\n' }),
        delta({ reasoning_content: 'two' }),
        delta({ content: ' ' }),
        finishChunk(),
      ]),
    );
    expect(summarize(events)).toMatchObject({ reasoning: 'one\n\ntwo', text: ' ' });
  });

  it('models without reasoning: content only', async () => {
    const { events } = await ok(
      sse([delta({ role: 'assistant', content: '' }), delta({ content: 'Hi' }), finishChunk()]),
    );
    expect(events).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('tokens-only reasoning: usage with reasoning_tokens on a chunk with empty choices', async () => {
    const { events, error } = await ok(
      sse([
        delta({ content: '2' }),
        finishChunk('stop'),
        usageChunk({
          prompt_tokens: 12,
          completion_tokens: 310,
          total_tokens: 322,
          completion_tokens_details: { reasoning_tokens: 300 },
        }),
      ]),
    );
    expect(error).toBeUndefined();
    expect(events.at(-1)).toEqual({
      type: 'usage',
      usage: { promptTokens: 12, completionTokens: 310, totalTokens: 322, reasoningTokens: 300 },
    });
  });

  it('usage without a total or details; usage inside the choice (Moonshot)', async () => {
    const { events } = await ok(
      sse([
        {
          choices: [
            {
              index: 0,
              delta: { content: 'k' },
              finish_reason: 'stop',
              usage: { prompt_tokens: 1, completion_tokens: 2 },
            },
          ],
        },
      ]),
    );
    expect(events).toEqual([
      { type: 'text', text: 'k' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } },
    ]);
  });

  it('tool_calls deltas: id and name first, then argument fragments', async () => {
    const { events } = await ok(
      sse([
        delta({
          tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '' } }],
        }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '{"path":' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '"a.ts"}' } }] }),
        delta({ tool_calls: [{ index: 1, id: 'call_b', function: { name: 'list_files', arguments: '{}' } }] }),
        finishChunk('tool_calls'),
      ]),
    );
    expect(events).toEqual([
      { type: 'tool-call', index: 0, id: 'call_a', name: 'read_file', argumentsDelta: '' },
      { type: 'tool-call', index: 0, argumentsDelta: '{"path":' },
      { type: 'tool-call', index: 0, argumentsDelta: '"a.ts"}' },
      { type: 'tool-call', index: 1, id: 'call_b', name: 'list_files', argumentsDelta: '{}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('a tool-call delta without arguments still names the call; one with nothing in it is no event', async () => {
    const { events, error } = await ok(
      sse([
        delta({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'read_file' } }] }),
        delta({ tool_calls: [{ index: 0 }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: null } }] }),
        delta({ tool_calls: [{ index: 0, id: '', function: { name: '', arguments: '' } }] }),
        delta({ tool_calls: [{ id: 'call_b', function: { name: 'list_files', arguments: { path: '.' } } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
        finishChunk('tool_calls'),
      ]),
    );
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'tool-call', index: 0, id: 'call_a', name: 'read_file', argumentsDelta: '' },
      // no index: counted by position; arguments sent parsed are passed on as JSON text
      { type: 'tool-call', index: 0, id: 'call_b', name: 'list_files', argumentsDelta: '{"path":"."}' },
      { type: 'tool-call', index: 0, argumentsDelta: '{}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('finish_reason "" (or null) is no finish: a stream that ends on it is truncated', async () => {
    const { events, error } = await ok(
      sse([delta({ content: 'Hel' }, ''), delta({ content: 'lo' }, null)], { done: false }),
    );
    expect(events).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
    ]);
    expect(error?.code).toBe('truncated');
    expect(error?.message).toBe('the stream ended after 2 chunks without a finish_reason or [DONE]');
  });

  it('[DONE] with whitespace around it still ends the stream', async () => {
    for (const done of ['data:  [DONE]', 'data: [DONE] ', 'data:\t[DONE]\t']) {
      const body = `data: ${JSON.stringify(delta({ content: 'x' }))}\n\n${done}\n\ndata: ${JSON.stringify(delta({ content: 'late' }))}\n\n`;
      const { events, error } = await ok(body);
      expect(error, JSON.stringify(done)).toBeUndefined();
      expect(events).toEqual([{ type: 'text', text: 'x' }]);
    }
  });

  it('content as parts (Mistral): thinking parts are reasoning, text parts are text', async () => {
    const { events } = await ok(
      sse([
        delta({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'ponder' }] }] }),
        delta({ content: [{ type: 'text', text: 'done' }] }),
        finishChunk(),
      ]),
    );
    expect(summarize(events)).toMatchObject({ reasoning: 'ponder', text: 'done' });
  });

  it('ignores comments, keep-alives, ping events, id/retry fields and blank data', async () => {
    const body =
      ': OPENROUTER PROCESSING\n\n' +
      'event: ping\ndata: {}\n\n' +
      'retry: 3000\nid: 7\n' +
      `data: ${JSON.stringify(delta({ content: 'a' }))}\n\n` +
      'data: \n\n' +
      ':keep-alive\n\n' +
      `data: ${JSON.stringify(delta({ content: 'b' }, 'stop'))}\n\n` +
      'data: [DONE]\n\n';
    const { events, error } = await ok(body);
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({ text: 'ab', finish: ['stop'] });
  });

  it('CRLF line endings and a last event without its blank line', async () => {
    const body = `data: ${JSON.stringify(delta({ content: 'x' }))}\r\n\r\ndata: ${JSON.stringify(delta({ content: 'y' }, 'stop'))}\r\n`;
    const { events, error } = await ok(body);
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({ text: 'xy', finish: ['stop'] });
  });

  it('finish_reason then end of bytes without [DONE] is a normal end', async () => {
    const { events, error } = await ok(sse([delta({ content: 'x' }), finishChunk('stop')], { done: false }));
    expect(error).toBeUndefined();
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('[DONE] ends the stream: later data is not read', async () => {
    const body = sse([delta({ content: 'x' })]) + `data: ${JSON.stringify(delta({ content: 'late' }))}\n\n`;
    const { events, error } = await ok(body);
    expect(error).toBeUndefined();
    expect(events).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('reads only choice 0', async () => {
    const { events } = await ok(
      sse([
        {
          choices: [
            { index: 0, delta: { content: 'zero' } },
            { index: 1, delta: { content: 'one' } },
          ],
        },
        finishChunk(),
      ]),
    );
    expect(summarize(events).text).toBe('zero');
  });
});
