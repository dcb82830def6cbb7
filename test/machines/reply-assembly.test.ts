import { describe, expect, it } from 'vitest';
import { absorbEvents, createReplyAssembly, endReply } from '../../machines/reply-assembly.js';
import { clineThinkProtocol } from '../../src/protocol/index.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

const text = (t: string): ChatStreamEvent => ({ type: 'text', text: t });

describe('reply assembly kept in context', () => {
  it('answers each snapshot as if it were the only one (branches fork)', () => {
    const start = createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const a = absorbEvents(start, 0, [text('Hi <read_file><path>a</path>')]);
    const closed = absorbEvents(a.assembly, a.eventCount, [text('</read_file>')]);
    const other = absorbEvents(a.assembly, a.eventCount, [text(' more')]); // a second branch from the same snapshot
    expect(closed.blocks.at(-1)).toMatchObject({ type: 'tool_use', partial: false });
    expect(other.blocks.at(-1)).toMatchObject({ type: 'tool_use', partial: true });
    expect(other.assembly).not.toBe(closed.assembly);
    // Ending one branch, then writing to the other, still answers that other branch.
    const ended = endReply(closed.assembly, closed.eventCount, false);
    const later = absorbEvents(ended.assembly, closed.eventCount, [text('x')]);
    expect(later.blocks).toHaveLength(3);
    expect(ended.content).toBe('Hi <read_file><path>a</path></read_file>');
  });

  it('a truncated end and a normal end of the same snapshot differ for native calls', () => {
    const start = createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const a = absorbEvents(start, 0, [
      { type: 'tool-call', index: 0, id: 'c', name: 'read_file', argumentsDelta: '{"path":"x"}' },
    ]);
    const cut = endReply(a.assembly, a.eventCount, true);
    const normal = endReply(cut.assembly, a.eventCount, false);
    expect(cut.blocks[0].partial).toBe(true);
    expect(normal.blocks[0].partial).toBe(false);
  });

  it('pushes a batch of text deltas as one, with the same blocks as one by one', () => {
    const pieces = ['Hel', 'lo <rea', 'd_file><pa', 'th>a.ts</path></read_', 'file> bye'];
    const fresh = () => createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const batched = absorbEvents(fresh(), 0, pieces.map(text));
    let one = { assembly: fresh(), eventCount: 0, blocks: [] as unknown[] };
    for (const p of pieces) one = absorbEvents(one.assembly, one.eventCount, [text(p)]);
    expect(batched.blocks).toEqual(one.blocks);
    expect(batched.eventCount).toBe(1);
  });
});
