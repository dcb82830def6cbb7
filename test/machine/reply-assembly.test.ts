import { describe, expect, it } from 'vitest';
import { absorbEvents, createReplyAssembly, endReply } from '../../machines/reply-assembly.js';
import { clineThinkProtocol } from '../../src/protocol/index.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

const text = (t: string): ChatStreamEvent => ({ type: 'text', text: t });

describe('reply assembly kept in context', () => {
  it('answers each snapshot as if it were the only one (branches fork)', () => {
    const start = createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const a = absorbEvents(start, 0, [text('Hi <read_file><path>a</path>')]);
    const closed = absorbEvents(a.reply, a.length, [text('</read_file>')]);
    const other = absorbEvents(a.reply, a.length, [text(' more')]); // a second branch from the same snapshot
    expect(closed.blocks.at(-1)).toMatchObject({ type: 'tool_use', partial: false });
    expect(other.blocks.at(-1)).toMatchObject({ type: 'tool_use', partial: true });
    expect(other.reply).not.toBe(closed.reply);
    // Ending one branch, then writing to the other, still answers that other branch.
    const ended = endReply(closed.reply, closed.length, false);
    const later = absorbEvents(ended.reply, closed.length, [text('x')]);
    expect(later.blocks).toHaveLength(3);
    expect(ended.content).toBe('Hi <read_file><path>a</path></read_file>');
  });

  it('a truncated end and a normal end of the same snapshot differ for native calls', () => {
    const start = createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const a = absorbEvents(start, 0, [{ type: 'tool-call', index: 0, id: 'c', name: 'read_file', argumentsDelta: '{"path":"x"}' }]);
    const cut = endReply(a.reply, a.length, true);
    const normal = endReply(cut.reply, a.length, false);
    expect(cut.blocks[0].partial).toBe(true);
    expect(normal.blocks[0].partial).toBe(false);
  });

  it('pushes a batch of text deltas as one, with the same blocks as one by one', () => {
    const pieces = ['Hel', 'lo <rea', 'd_file><pa', 'th>a.ts</path></read_', 'file> bye'];
    const fresh = () => createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const batched = absorbEvents(fresh(), 0, pieces.map(text));
    let one = { reply: fresh(), length: 0, blocks: [] as unknown[] };
    for (const p of pieces) one = absorbEvents(one.reply, one.length, [text(p)]);
    expect(batched.blocks).toEqual(one.blocks);
    expect(batched.length).toBe(1);
  });
});
