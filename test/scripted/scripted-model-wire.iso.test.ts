// The wire layer against the scripted model (an in-process OpenAI-compatible endpoint): every
// measured profile streams into blocks, and every injected fault arrives as its typed error.
import { describe, expect, it } from 'vitest';
import { MEASURED_MODEL_IDS } from '../../src/profiles/profiles.js';
import { createScriptedModel } from '../../scripted/scripted-model.js';
import type { ScriptedFault } from '../../scripted/endpoint/scripted-faults.js';
import { createBlockAssembler } from '../../src/reply/block-assembler.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { ChatError } from '../../src/wire/errors.js';
import { assistantHistoryMessage, toolResultMessages } from '../../src/reply/history.js';
import type { ChatRequest, ChatStreamEvent } from '../../src/wire/types.js';

function clientFor(faults: ScriptedFault[] = []) {
  return createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 0, faults }) });
}

const request = (model: string, task = 'List the files of this project.'): ChatRequest => ({
  model,
  messages: [
    { role: 'system', content: 'You are a coding agent. Use the tools.' },
    { role: 'user', content: task },
  ],
});

async function streamInto(events: AsyncIterable<ChatStreamEvent>) {
  const assembler = createBlockAssembler({ idPrefix: 'test' });
  let error: ChatError | undefined;
  try {
    for await (const event of events) assembler.push(event);
  } catch (e) {
    if (!(e instanceof ChatError)) throw e;
    error = e;
  }
  const blocks = assembler.end({ truncated: error !== undefined });
  return { assembler, blocks, error };
}

describe('scripted model through the wire layer', () => {
  for (const model of MEASURED_MODEL_IDS) {
    it(`${model}: streams to blocks with a tool use; history keeps content only`, async () => {
      const { assembler, blocks, error } = await streamInto(clientFor().stream(request(model)));
      expect(error).toBeUndefined();
      expect(assembler.finishReason).toBeDefined();
      expect(blocks.some((b) => b.type === 'tool_use' && !b.partial)).toBe(true);
      expect(assembler.usage?.totalTokens).toBeGreaterThan(0);
      const history = assistantHistoryMessage({ content: assembler.content, toolCalls: assembler.toolCalls });
      if (assembler.reasoning.trim() !== '')
        expect(JSON.stringify(history)).not.toContain(assembler.reasoning.trim().slice(0, 40));
      // The same request, not streamed, carries the same content.
      const completion = await clientFor().complete(request(model));
      expect(completion.content).toBe(assembler.content);
    });
  }

  const faultCodes = [
    ['http-429-once', 'http'],
    ['http-500-once', 'http'],
    ['error-mid-stream', 'provider-error'],
    ['malformed-chunk', 'malformed-chunk'],
    ['cut-in-tool-call', 'truncated'],
  ] as const;
  for (const [fault, code] of faultCodes) {
    it(`fault ${fault} arrives as '${code}'`, async () => {
      const { error, blocks } = await streamInto(clientFor([fault]).stream(request('qwen3.6-plus')));
      expect(error?.code).toBe(code);
      // Nothing cut off may look runnable.
      if (code !== 'http') expect(blocks.filter((b) => b.type === 'tool_use').every((b) => b.partial)).toBe(true);
    });
  }

  it("fault length-in-write: finish_reason 'length' leaves the write partial (history round trips until the write)", async () => {
    const client = clientFor(['length-in-write']);
    const messages = request('gpt-4.1-mini', 'Create the file notes.txt with a short summary.').messages;
    for (let step = 0; step < 6; step++) {
      const { error, blocks, assembler } = await streamInto(client.stream({ model: 'gpt-4.1-mini', messages }));
      expect(error).toBeUndefined();
      const tools = blocks.filter((b) => b.type === 'tool_use');
      const write = tools.find((b) => b.name === 'write_to_file');
      if (write !== undefined) {
        expect(assembler.finishReason).toBe('length');
        expect(write.partial).toBe(true);
        return;
      }
      expect(tools.length).toBeGreaterThan(0);
      messages.push(
        assistantHistoryMessage({ content: assembler.content, toolCalls: assembler.toolCalls }),
        ...toolResultMessages(
          tools.map((toolUse) => ({
            toolUse,
            content: toolUse.name === 'list_files' ? 'README.md\nsrc/\n' : '# Demo\nA small project.',
          })),
        ),
      );
    }
    throw new Error('the scripted agent never wrote a file');
  });

  it('aborting mid-stream is aborted', async () => {
    const controller = new AbortController();
    const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 1 }) });
    let seen = 0;
    let caught: unknown;
    try {
      for await (const _event of client.stream(request('grok-4.3'), { signal: controller.signal })) {
        if (++seen === 3) controller.abort();
      }
    } catch (e) {
      caught = e;
    }
    expect(seen).toBe(3);
    expect(caught).toMatchObject({ code: 'aborted' });
  });
});
