// The scripted model refuses a history that breaks its model's rule with the provider's own
// status and error body, and takes one that keeps it; assistantHistoryMessage builds the kept
// one from each profile's rule. Error texts as the providers send them, quoted in public issue
// threads: DeepSeek (the-open-agent/openagent#2206, Clawith#570), Moonshot (deer-flow#3043),
// Xiaomi MiMo (chatbox#3716, MiMo-V2-Flash#8), Gemini (paws#103), OpenRouter's envelope
// (endolith/open-interpreter#215).
import { describe, expect, it } from 'vitest';
import { historyRuleOf, profileFor } from '../../../src/profiles/profiles.js';
import { assistantHistoryMessage } from '../../../src/reply/history.js';
import {
  scriptedEncryptedDetail,
  scriptedReasoningSignature,
  scriptedThoughtSignature,
} from '../../../scripted/endpoint/scripted-history-rules.js';
import { createScriptedModel } from '../../../scripted/scripted-model.js';
import type { ChatMessage, ChatToolCall } from '../../../src/wire/types.js';
import { nativeTools } from '../../support/scripted-agent-loop.js';
import { post } from '../../support/scripted-helpers.js';

const model = createScriptedModel({ pace: 0 });
const call: ChatToolCall = {
  id: 'call_1',
  type: 'function',
  function: { name: 'list_files', arguments: '{"path":"."}' },
};

function historyWith(assistant: ChatMessage): ChatMessage[] {
  return [
    { role: 'system', content: 'You are a coding agent.' },
    { role: 'user', content: 'Read README.md' },
    assistant,
    { role: 'tool', tool_call_id: 'call_1', content: 'README.md' },
  ];
}

async function answer(modelId: string, assistant: ChatMessage) {
  // The ids users pass: any name but `scripted` goes through profileFor.
  const response = await post(model, {
    model: modelId,
    messages: historyWith(assistant),
    tools: nativeTools,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const bare: ChatMessage = { role: 'assistant', content: null, tool_calls: [call] };

describe('the scripted model enforces each provider rule with its status and text', () => {
  for (const id of ['deepseek-chat', 'deepseek-reasoner', 'deepseek-v4-pro', 'deepseek-v3.2']) {
    it(`${id}: a tool-call message without reasoning_content is DeepSeek's 400`, async () => {
      expect(await answer(id, bare)).toEqual({
        status: 400,
        body: {
          error: {
            message: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_request_error',
          },
        },
      });
      expect((await answer(id, { ...bare, reasoning_content: 'List first.' })).status).toBe(200);
    });
  }

  it('deepseek-reasoner: reasoning_content on a message without tool calls is refused (its R1 page)', async () => {
    const response = await post(model, {
      model: 'scripted:deepseek-reasoner',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello.', reasoning_content: 'greet' },
        { role: 'user', content: 'Read README.md' },
      ],
    });
    expect(response.status).toBe(400);
    // The same history with the reasoning left out (what tool-turns sends) is taken.
    const kept = await post(model, {
      model: 'scripted:deepseek-reasoner',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Read README.md' },
      ],
    });
    expect(kept.status).toBe(200);
  });

  for (const id of ['kimi-k2-thinking', 'kimi-k2.5', 'kimi-k2.6', 'glm-5.1', 'glm-5']) {
    it(`${id}: a tool-call message without reasoning_content is Moonshot's 400, naming its index`, async () => {
      expect(await answer(id, bare)).toEqual({
        status: 400,
        body: {
          error: {
            message: 'thinking is enabled but reasoning_content is missing in assistant tool call message at index 2',
            type: 'invalid_request_error',
          },
        },
      });
      expect((await answer(id, { ...bare, reasoning_content: 'List first.' })).status).toBe(200);
    });
  }

  it("mimo-v2-flash: missing reasoning and a null content are MiMo's Param Incorrect", async () => {
    expect(await answer('mimo-v2-flash', { ...bare, content: '' })).toEqual({
      status: 400,
      body: {
        error: {
          code: '400',
          message: 'Param Incorrect',
          param: 'The reasoning_content in the thinking mode must be passed back to the API.',
          type: '',
        },
      },
    });
    expect(await answer('mimo-v2-flash', { ...bare, reasoning_content: 'List first.' })).toEqual({
      status: 400,
      body: { error: { code: '400', message: 'Param Incorrect', param: '`text` is not present', type: '' } },
    });
    expect((await answer('mimo-v2-flash', { ...bare, content: '', reasoning_content: 'List first.' })).status).toBe(
      200,
    );
  });

  it('MiniMax-M2: an assistant message without its <think> is refused (the real API answers worse, silently)', async () => {
    const refused = await answer('MiniMax-M2', { ...bare, content: 'Listing.' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('lost its <think>');
    expect(
      (await answer('MiniMax-M2', { ...bare, content: '<think>\nList first.\n</think>\n\nListing.' })).status,
    ).toBe(200);
  });

  for (const id of ['gemini-3-pro-preview', 'gemini-3-flash-preview']) {
    it(`${id}: a tool call without its thought_signature is Gemini's 400 (a one-element array)`, async () => {
      expect(await answer(id, bare)).toEqual({
        status: 400,
        body: [
          {
            error: {
              code: 400,
              message:
                'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:list_files` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.',
              status: 'INVALID_ARGUMENT',
            },
          },
        ],
      });
      const signature = scriptedThoughtSignature({ id: 'call_1', name: 'list_files', arguments: '{"path":"."}' });
      const signed = { ...call, extra_content: { google: { thought_signature: signature } } };
      expect((await answer(id, { ...bare, tool_calls: [signed] })).status).toBe(200);
      // One character changed is caught too.
      const altered = { ...call, extra_content: { google: { thought_signature: `${signature.slice(0, -1)}x` } } };
      expect((await answer(id, { ...bare, tool_calls: [altered] })).status).toBe(400);
    });
  }

  it("deepseek/deepseek-v3.2 (OpenRouter): the upstream's 400 comes in OpenRouter's envelope; intact details pass", async () => {
    const refused = await answer('deepseek/deepseek-v3.2', bare);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { message: 'Provider returned error', code: 400, metadata: { provider_name: 'DeepSeek' } },
    });
    const raw = (refused.body as { error: { metadata: { raw: string } } }).error.metadata.raw;
    expect(JSON.parse(raw)).toMatchObject({
      error: { message: 'The `reasoning_content` in the thinking mode must be passed back to the API.' },
    });
    const details = [
      { type: 'reasoning.text', text: 'List first.', signature: scriptedReasoningSignature('List first.'), index: 0 },
    ];
    expect((await answer('deepseek/deepseek-v3.2', { ...bare, reasoning_details: details })).status).toBe(200);
    const changed = [{ ...details[0], text: 'List first!' }];
    expect((await answer('deepseek/deepseek-v3.2', { ...bare, reasoning_details: changed })).status).toBe(400);
  });

  it('google/gemini-3-flash-preview (OpenRouter): the signature travels as an encrypted reasoning entry', async () => {
    const refused = await answer('google/gemini-3-flash-preview', bare);
    expect(refused.status).toBe(400);
    expect((refused.body as { error: { metadata: { raw: string } } }).error.metadata.raw).toContain(
      'Function call is missing a thought_signature',
    );
    const entry = scriptedEncryptedDetail({ id: 'call_1', name: 'list_files', arguments: '{"path":"."}' });
    expect((await answer('google/gemini-3-flash-preview', { ...bare, reasoning_details: [entry] })).status).toBe(200);
  });

  it('a model without a rule takes reasoning sent back and left out alike', async () => {
    for (const id of ['gpt-4.1-mini', 'grok-4.3', 'qwen3.6-plus']) {
      expect((await answer(id, bare)).status).toBe(200);
      expect((await answer(id, { ...bare, reasoning_content: 'x' })).status).toBe(200);
    }
  });
});

describe('assistantHistoryMessage follows the profile rule', () => {
  const reply = {
    content: '<think>\nPlan.\n</think>\n\nListing.',
    reasoning: 'List first.',
    toolCalls: [{ ...call, extra_content: { google: { thought_signature: 'sig' } } }],
  };

  it('the default rule: content only (inline <think> left out), opaque fields kept', () => {
    expect(assistantHistoryMessage(reply)).toEqual({
      role: 'assistant',
      content: 'Listing.',
      tool_calls: reply.toolCalls,
    });
  });

  it('tool-turns: the reasoning on tool-call messages only, in the rule field', () => {
    const rule = historyRuleOf(profileFor('kimi-k2.6'));
    expect(assistantHistoryMessage({ ...reply, rule }).reasoning_content).toBe('List first.');
    expect(assistantHistoryMessage({ ...reply, toolCalls: [], rule }).reasoning_content).toBeUndefined();
    expect(assistantHistoryMessage({ ...reply, rule: { ...rule, reasoning: 'all' } }).reasoning_content).toBe(
      'List first.',
    );
    expect(assistantHistoryMessage({ ...reply, toolCalls: [], rule: { ...rule, reasoning: 'all' } })).toMatchObject({
      reasoning_content: 'List first.',
    });
    expect(assistantHistoryMessage({ ...reply, rule: { ...rule, reasoningField: 'reasoning' } })).toMatchObject({
      reasoning: 'List first.',
    });
  });

  it('MiniMax: the <think> stays in content; MiMo: an empty tool-call content is "" not null', () => {
    expect(assistantHistoryMessage({ ...reply, rule: historyRuleOf(profileFor('MiniMax-M2.1')) }).content).toBe(
      reply.content,
    );
    const mimo = historyRuleOf(profileFor('mimo-v2-flash'));
    expect(assistantHistoryMessage({ ...reply, content: '', rule: mimo }).content).toBe('');
    expect(
      assistantHistoryMessage({ ...reply, content: '', rule: historyRuleOf(profileFor('kimi-k2.5')) }).content,
    ).toBe(null);
  });

  it('reasoning_details stand for the text; an opaque list without them leaves them out', () => {
    const details = [{ type: 'reasoning.text', text: 'List first.', signature: 's', index: 0 }];
    const rule = historyRuleOf(profileFor('deepseek/deepseek-v3.2'));
    const message = assistantHistoryMessage({ ...reply, reasoningDetails: details, rule });
    expect(message.reasoning_details).toEqual(details);
    expect(message.reasoning).toBeUndefined();
    const none = assistantHistoryMessage({ ...reply, reasoningDetails: details, rule: { ...rule, opaque: [] } });
    expect(none.reasoning_details).toBeUndefined();
    expect(none.tool_calls?.[0].extra_content).toBeUndefined();
    expect(none.reasoning).toBe('List first.');
  });

  it("historyRuleOf: an override's set fields win, its unset ones leave the profile's", () => {
    const kimi = profileFor('kimi-k2.6');
    expect(historyRuleOf(kimi, { reasoning: undefined, emptyToolCallContent: 'empty-string' })).toEqual({
      reasoning: 'tool-turns',
      reasoningField: 'reasoning_content',
      keepInlineReasoning: false,
      opaque: ['reasoning_details', 'extra_content'],
      emptyToolCallContent: 'empty-string',
    });
    expect(historyRuleOf(kimi, { reasoning: 'drop' }).reasoning).toBe('drop');
    expect(historyRuleOf(profileFor('gateway-reasoning')).reasoningField).toBe('reasoning');
  });

  it('the profiles are found by the ids users pass', () => {
    const ids: Record<string, string> = {
      'deepseek-chat': 'deepseek-chat',
      'deepseek-reasoner': 'deepseek-reasoner',
      'deepseek-v4-pro': 'deepseek-v4',
      'deepseek-v4-flash': 'deepseek-v4',
      'kimi-k2-thinking': 'kimi-k2-thinking',
      'kimi-k2.5': 'kimi-k2.5',
      'kimi-k2.6': 'kimi-k2.6',
      'mimo-v2-flash': 'mimo-v2',
      'mimo-v2.5-pro': 'mimo-v2',
      'MiniMax-M2': 'MiniMax-M2',
      'MiniMax-M2.1': 'MiniMax-M2',
      'glm-5.1': 'glm-5.1',
      'glm-5': 'glm-5',
      'gemini-3-pro-preview': 'gemini-3-pro-preview',
      'gemini-3-flash-preview': 'gemini-3-flash-preview',
      'deepseek/deepseek-v3.2': 'deepseek/deepseek-v3.2',
      'deepseek/deepseek-v4-pro': 'deepseek-v4',
      'moonshotai/kimi-k2.6': 'moonshotai/kimi-k2.6',
    };
    for (const [name, id] of Object.entries(ids)) expect(profileFor(name).id, name).toBe(id);
    // The seven measured models keep content only, as measured.
    for (const id of [
      'gpt-4.1-mini',
      'gemini-3.1-flash-lite',
      'claude-haiku-4-5',
      'grok-4.3',
      'qwen3.6-plus',
      'gpt-5.4-mini',
    ])
      expect(historyRuleOf(profileFor(id)).reasoning, id).toBe('drop');
    expect(historyRuleOf(profileFor('an-unknown-model')).reasoning).toBe('drop');
  });
});
