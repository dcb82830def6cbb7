// The scripted model through the whole wire layer: client.stream -> block assembler.
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../scripted/scripted-model.js';
import { modelProfiles } from '../../src/profiles/profiles.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createBlockAssembler } from '../../src/reply/block-assembler.js';
import type { AssistantMessageContent } from '../../src/parser/blocks.js';
import type { ChatMessage } from '../../src/wire/types.js';
import { nativeTools } from '../support/scripted-agent-loop.js';

const writeStep: ChatMessage[] = [
  { role: 'user', content: 'Write out/n.md' },
  // Its thinking kept inside content, as MiniMax M2's history must (the other profiles do not mind).
  { role: 'assistant', content: '<think>\nThe list first.\n</think>\n\nok' },
  { role: 'user', content: "[list_files for '.'] Result:\nsrc/" },
];

async function blocksFor(model: string, messages: ChatMessage[], extra: object = {}) {
  const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 0 }) });
  const assembler = createBlockAssembler();
  const snapshots: AssistantMessageContent[][] = [];
  for await (const event of client.stream({ model, messages, ...extra })) snapshots.push(assembler.push(event));
  return { final: assembler.end(), snapshots, assembler };
}

describe('scripted streams become blocks', () => {
  for (const [id, profile] of Object.entries(modelProfiles)) {
    it(`${id}: ${profile.reasoning === 'reasoning_content' || profile.reasoning === 'inline-think' ? 'a reasoning block, then ' : ''}text and a complete write_to_file`, async () => {
      const { final, snapshots } = await blocksFor(id, writeStep);
      const thinks = profile.reasoning === 'reasoning_content' || profile.reasoning === 'inline-think';
      expect(final.map((b) => b.type)).toEqual([...(thinks ? ['reasoning'] : []), 'text', 'tool_use']);
      const tool = final.at(-1)!;
      expect(tool).toMatchObject({
        type: 'tool_use',
        name: 'write_to_file',
        partial: false,
        params: { path: 'out/n.md' },
      });
      expect((tool as { params: Record<string, string> }).params.content).toMatch(
        /<\/content>\nIt really ends here\.$/,
      );
      // While streaming, the write was partial and its path never flashed something else.
      const partialWrites = snapshots.flatMap((s) => s.filter((b) => b.type === 'tool_use' && b.partial));
      expect(partialWrites.length).toBeGreaterThan(0);
      for (const b of partialWrites)
        expect(['', 'o', 'ou', 'out', 'out/', 'out/n', 'out/n.', 'out/n.m', 'out/n.md', undefined]).toContain(
          (b as { params: Record<string, string> }).params.path,
        );
    });
  }

  it('native tool calls become native tool_use blocks with the provider id', async () => {
    const { final } = await blocksFor('grok-4.3', writeStep, { tools: nativeTools });
    const tool = final.at(-1)!;
    expect(tool).toMatchObject({ type: 'tool_use', name: 'write_to_file', isNativeToolCall: true, partial: false });
    expect((tool as { call_id: string }).call_id).toMatch(/^call_[0-9a-f]{8}_1$/);
  });
});
