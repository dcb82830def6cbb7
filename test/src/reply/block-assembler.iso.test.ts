import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockAssemblerError, createBlockAssembler } from '../../../src/reply/block-assembler.js';
import { parseAssistantMessage } from '../../../src/parser/index.js';
import { clineThinkProtocol } from '../../../src/protocol/index.js';
import type { ChatStreamEvent } from '../../../src/wire/types.js';

const r = (text: string): ChatStreamEvent => ({ type: 'reasoning', text });
const t = (text: string): ChatStreamEvent => ({ type: 'text', text });
const call = (index: number, argumentsDelta: string, id?: string, name?: string): ChatStreamEvent => ({
  type: 'tool-call',
  index,
  id,
  name,
  argumentsDelta,
});
const finish = (reason: string): ChatStreamEvent => ({ type: 'finish', reason });

describe('block assembler', () => {
  it('reasoning deltas make one leading reasoning block, partial until the answer starts', () => {
    const a = createBlockAssembler();
    expect(a.push(r('\nFirst, '))).toEqual([{ type: 'reasoning', reasoning: 'First, ', partial: true }]);
    expect(a.push(r('look.\n\n'))).toEqual([{ type: 'reasoning', reasoning: 'First, look.\n\n', partial: true }]);
    // Whitespace between reasoning and answer does not end the reasoning.
    expect(a.push(t('\n'))).toEqual([{ type: 'reasoning', reasoning: 'First, look.\n\n', partial: true }]);
    expect(a.push(r('Then act.'))[0]).toEqual({
      type: 'reasoning',
      reasoning: 'First, look.\n\nThen act.',
      partial: true,
    });
    expect(a.push(t('Done'))).toEqual([
      { type: 'reasoning', reasoning: 'First, look.\n\nThen act.', partial: false },
      { type: 'text', content: 'Done', partial: true },
    ]);
    expect(a.end()).toEqual([
      { type: 'reasoning', reasoning: 'First, look.\n\nThen act.', partial: false },
      { type: 'text', content: 'Done', partial: false },
    ]);
    expect(a.reasoning).toBe('\nFirst, look.\n\nThen act.');
    expect(a.content).toBe('\nDone');
  });

  it('reasoning after the answer started stays in `reasoning`, not in a second block', () => {
    const a = createBlockAssembler();
    a.push(r('think'));
    a.push(t('answer'));
    const blocks = a.push(r(' more'));
    expect(blocks.filter((b) => b.type === 'reasoning')).toEqual([
      { type: 'reasoning', reasoning: 'think', partial: false },
    ]);
    expect(a.reasoning).toBe('think more');
  });

  it('inline <think> in content becomes reasoning (clineThinkProtocol by default)', () => {
    const a = createBlockAssembler({ idPrefix: 'p' });
    a.push(t('<think>hidden '));
    a.push(t('plan</think>Reading it.\n<read_file><path>src/a.ts</path></read_file>'));
    const blocks = a.end();
    expect(blocks.map((b) => b.type)).toEqual(['reasoning', 'text', 'tool_use']);
    expect(blocks[0]).toEqual({ type: 'reasoning', reasoning: 'hidden plan', partial: false });
    expect(blocks[2]).toMatchObject({
      type: 'tool_use',
      name: 'read_file',
      params: { path: 'src/a.ts' },
      partial: false,
    });
    expect(a.content).toBe('<think>hidden plan</think>Reading it.\n<read_file><path>src/a.ts</path></read_file>');
  });

  it('startInReasoning treats content as reasoning until </think>', () => {
    const a = createBlockAssembler({ startInReasoning: true });
    a.push(t('template thinking</think>answer'));
    expect(a.end()).toEqual([
      { type: 'reasoning', reasoning: 'template thinking', partial: false },
      { type: 'text', content: 'answer', partial: false },
    ]);
  });

  it('content blocks equal the parser snapshot of all content so far, after every push', () => {
    const text =
      'Hi <write_to_file><path>x.ts</path><content>\nconst a = `</content>`;\n</content></write_to_file> <think>t</think> ok';
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 10 }), (cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((x, y) => x - y), text.length];
        const a = createBlockAssembler({ idPrefix: 'q' });
        let sofar = '';
        for (let i = 0; i + 1 < points.length; i++) {
          const piece = text.slice(points[i], points[i + 1]);
          sofar += piece;
          expect(a.push(t(piece))).toEqual(
            parseAssistantMessage(sofar, { protocol: clineThinkProtocol, idPrefix: 'q' }),
          );
        }
        expect(a.end()).toEqual(
          parseAssistantMessage(text, { protocol: clineThinkProtocol, idPrefix: 'q', final: true }),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('native tool calls: partial from partial JSON, after the content blocks', () => {
    const a = createBlockAssembler();
    a.push(t('Writing the file.'));
    let blocks = a.push(call(0, '', 'call_abc', 'write_to_file'));
    expect(blocks[1]).toEqual({
      type: 'tool_use',
      name: 'write_to_file',
      params: {},
      partial: true,
      call_id: 'call_abc',
      isNativeToolCall: true,
    });
    blocks = a.push(call(0, '{"path": "a.ts", "content": "line 1\\nli'));
    expect(blocks[1]).toMatchObject({ params: { path: 'a.ts', content: 'line 1\nli' }, partial: true });
    blocks = a.push(call(0, 'ne 2", "line_count": 2}'));
    // The arguments parse now, but the stream has not finished: still partial.
    expect(blocks[1]).toMatchObject({
      params: { path: 'a.ts', content: 'line 1\nline 2', line_count: '2' },
      partial: true,
    });
    blocks = a.push(finish('tool_calls'));
    expect(blocks[1]).toEqual({
      type: 'tool_use',
      name: 'write_to_file',
      params: { path: 'a.ts', content: 'line 1\nline 2', line_count: '2' },
      partial: false,
      call_id: 'call_abc',
      isNativeToolCall: true,
    });
    expect(a.toolCalls).toEqual([
      {
        id: 'call_abc',
        type: 'function',
        function: {
          name: 'write_to_file',
          arguments: '{"path": "a.ts", "content": "line 1\\nline 2", "line_count": 2}',
        },
      },
    ]);
    expect(a.end()[1]).toBe(blocks[1]);
  });

  it('complete native calls take non-string values JSON-encoded from the whole arguments', () => {
    const a = createBlockAssembler();
    a.push(call(0, '{"options": [ "a", "b" ], "n": 1.50, "o": {"k": null}}', 'c1', 'ask'));
    expect(a.blocks[0]).toMatchObject({
      params: { options: '[ "a", "b" ]', n: '1.50', o: '{"k": null}' },
      partial: true,
    });
    expect(a.end()[0]).toMatchObject({ params: { options: '["a","b"]', n: '1.5', o: '{"k":null}' }, partial: false });
  });

  it('a native call whose arguments never became a JSON object stays partial, even at a normal finish', () => {
    const a = createBlockAssembler();
    a.push(call(0, '{"path": "a.ts", "content": "half a fi', 'c1', 'write_to_file'));
    a.push(call(1, '', 'c2', 'list_files'));
    const blocks = a.push(finish('tool_calls'));
    expect(blocks[0]).toMatchObject({ partial: true, params: { path: 'a.ts', content: 'half a fi' } });
    // No arguments at all is a call without parameters.
    expect(blocks[1]).toMatchObject({ partial: false, params: {} });
    expect(a.end()[0]).toMatchObject({ partial: true });
  });

  it('several native calls in index order; missing ids are made from idPrefix', () => {
    const a = createBlockAssembler({ idPrefix: 'turn7' });
    a.push(call(1, '{"b":1}', undefined, 'second'));
    a.push(call(0, '{"a":1}', undefined, 'first'));
    const blocks = a.end();
    expect(blocks.map((b) => (b.type === 'tool_use' ? [b.name, b.call_id] : b.type))).toEqual([
      ['first', 'turn7_native_0'],
      ['second', 'turn7_native_1'],
    ]);
    expect(a.toolCalls.map((c) => c.id)).toEqual(['turn7_native_0', 'turn7_native_1']);
  });

  it('a new id with a name at a used index, after the earlier arguments closed, is another call', () => {
    const a = createBlockAssembler();
    a.push(call(0, '{"path":"a"}', 'id_a', 'read_file'));
    a.push(call(0, '{"path":', 'id_b', 'read_file'));
    a.push(call(0, '"b"}'));
    const blocks = a.end();
    expect(blocks.map((b) => b.type === 'tool_use' && [b.call_id, b.params.path])).toEqual([
      ['id_a', 'a'],
      ['id_b', 'b'],
    ]);
  });

  it('a server inventing a new id for every delta does not split one call', () => {
    const a = createBlockAssembler();
    a.push(call(0, '{"path":', 'id_1', 'read_file'));
    a.push(call(0, '"a.ts"', 'id_2', 'read_file'));
    a.push(call(0, '}', 'id_3'));
    const blocks = a.end();
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ call_id: 'id_1', params: { path: 'a.ts' }, partial: false });
  });

  it("finish_reason 'length' leaves native calls partial: they were cut off", () => {
    const a = createBlockAssembler();
    a.push(call(0, '{"path": "a.ts", "content": "half', 'c1', 'write_to_file'));
    expect(a.push(finish('length'))[0]).toMatchObject({ partial: true });
    expect(a.end()[0]).toMatchObject({ partial: true, params: { path: 'a.ts', content: 'half' } });
    expect(a.finishReason).toBe('length');
  });

  it('a truncated end leaves native calls and unclosed tag tools partial; text completes', () => {
    const a = createBlockAssembler();
    a.push(t('Let me write. <write_to_file><path>a.ts</path><content>abc'));
    a.push(call(0, '{"path": "b.ts"}', 'c1', 'read_file'));
    const blocks = a.end({ truncated: true });
    expect(blocks.map((b) => [b.type, b.partial])).toEqual([
      ['text', false],
      ['tool_use', true],
      ['tool_use', true],
    ]);
  });

  it('end() without truncated completes native calls even without a finish event', () => {
    const a = createBlockAssembler();
    a.push(call(0, '{"path": "b.ts"}', 'c1', 'read_file'));
    expect(a.end()[0]).toMatchObject({ partial: false, params: { path: 'b.ts' } });
  });

  it('keeps complete blocks as the same objects between answers', () => {
    const a = createBlockAssembler();
    a.push(r('think'));
    const first = a.push(t('Intro <read_file><path>a</path></read_file> then '));
    const reasoning = first[0];
    const tool = first[2];
    expect(tool).toMatchObject({ type: 'tool_use', partial: false });
    const second = a.push(t('more text'));
    expect(second[0]).toBe(reasoning);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).toBe(tool);
    const third = a.push(call(0, '{"x":', 'c', 'n'));
    expect(third[2]).toBe(tool);
    const fourth = a.push(finish('tool_calls'));
    const fifth = a.end();
    expect(fifth[4]).toBe(fourth[4]);
    expect(fifth[0]).toBe(reasoning);
  });

  it('usage and finish reason are kept; usage alone does not change the blocks', () => {
    const a = createBlockAssembler();
    const before = a.push(t('x'));
    const after = a.push({
      type: 'usage',
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3, reasoningTokens: 1 },
    });
    expect(after).toBe(before);
    expect(a.usage).toEqual({ promptTokens: 1, completionTokens: 2, totalTokens: 3, reasoningTokens: 1 });
    a.push(finish('stop'));
    expect(a.finishReason).toBe('stop');
    expect(a.blocks).toEqual([{ type: 'text', content: 'x', partial: true }]);
  });

  it('push after end is an error with a code, end twice gives the same blocks', () => {
    const a = createBlockAssembler();
    a.push(t('x'));
    const blocks = a.end();
    expect(a.end()).toBe(blocks);
    expect(() => a.push(t('y'))).toThrow(BlockAssemblerError);
    try {
      a.push(t('y'));
    } catch (error) {
      expect((error as BlockAssemblerError).code).toBe('ended');
    }
  });
});

describe('block assembler: final blocks do not depend on how deltas are split', () => {
  const split = (text: string, cuts: number[]): string[] => {
    const points = [0, ...[...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y), text.length];
    const out: string[] = [];
    for (let i = 0; i + 1 < points.length; i++)
      if (points[i + 1] > points[i]) out.push(text.slice(points[i], points[i + 1]));
    return out;
  };

  it('property: reasoning, content and native arguments cut anywhere', () => {
    const reasoning = '\n Let me think 🤔.\n\nOK. ';
    const content = 'Reading it.\n<read_file><path>src/é.ts</path></read_file>\n<think>inline</think> bye';
    const args = JSON.stringify({ path: 'a.ts', content: 'x = "1";\n🙂', lines: [1, 2], ok: true });
    const events = (rc: number[], cc: number[], ac: number[]): ChatStreamEvent[] => [
      ...split(reasoning, rc).map(r),
      ...split(content, cc).map(t),
      call(0, '', 'call_1', 'write_to_file'),
      ...split(args, ac).map((piece) => call(0, piece)),
      finish('tool_calls'),
    ];
    const run = (list: ChatStreamEvent[]) => {
      const a = createBlockAssembler({ idPrefix: 'p' });
      for (const e of list) a.push(e);
      return { blocks: a.end(), content: a.content, reasoning: a.reasoning, toolCalls: a.toolCalls };
    };
    const whole = run(events([], [], []));
    expect(whole.blocks.at(-1)).toMatchObject({
      partial: false,
      params: { path: 'a.ts', content: 'x = "1";\n🙂', lines: '[1,2]', ok: 'true' },
    });
    const cuts = fc.array(fc.nat(), { maxLength: 12 });
    fc.assert(
      fc.property(cuts, cuts, cuts, (rc, cc, ac) => {
        expect(run(events(rc, cc, ac))).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });
});

describe('native call ids', () => {
  it('an empty or repeated provider id still gives every call its own call_id, the same in blocks and history', () => {
    for (const id of ['', 'call_0']) {
      const a = createBlockAssembler({ idPrefix: 'p' });
      a.push({ type: 'tool-call', index: 0, id, name: 'read_file', argumentsDelta: '{"path":"a"}' });
      a.push({ type: 'tool-call', index: 1, id, name: 'read_file', argumentsDelta: '{"path":"b"}' });
      a.push({ type: 'finish', reason: 'tool_calls' });
      const ids = a.end().map((b) => (b as { call_id: string }).call_id);
      expect(new Set(ids).size).toBe(2);
      expect(a.toolCalls.map((c) => c.id)).toEqual(ids);
      if (id === 'call_0') expect(ids[0]).toBe('call_0');
    }
  });

  it('a call_id does not change once shown', () => {
    const a = createBlockAssembler({ idPrefix: 'p' });
    a.push({ type: 'tool-call', index: 0, id: 'x', name: 'read_file', argumentsDelta: '{"pa' });
    const first = (a.blocks[0] as { call_id: string }).call_id;
    a.push({ type: 'tool-call', index: 0, argumentsDelta: 'th":"a"}' });
    a.push({ type: 'finish', reason: 'tool_calls' });
    expect((a.end()[0] as { call_id: string }).call_id).toBe(first);
  });
});
