import { describe, expect, it } from 'vitest';
import { absorbEvents, createReplyAssembly, endReply, replyEvents } from '../../machines/machine/reply-assembly.js';
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

describe('the event log of a reply', () => {
  const fresh = () => createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
  const reasoning = (t: string): ChatStreamEvent => ({ type: 'reasoning', text: t });

  it('gives back the events as absorbed, runs of one kind merged, texts read back from the reply itself', () => {
    const a = absorbEvents(fresh(), 0, [reasoning('hm'), reasoning('m '), text('Hello'), text(' there')]);
    const b = absorbEvents(a.assembly, a.eventCount, [
      { type: 'finish', reason: 'stop' },
      reasoning('late'),
      text('!'),
    ]);
    expect(b.eventCount).toBe(5);
    expect(replyEvents(b.assembly, b.eventCount)).toEqual([
      reasoning('hmm '),
      text('Hello there'),
      { type: 'finish', reason: 'stop' },
      reasoning('late'),
      text('!'),
    ]);
    // the first events only: a snapshot of an earlier point reads its own prefix
    expect(replyEvents(b.assembly, 2)).toEqual([reasoning('hmm '), text('Hello there')]);
    expect(replyEvents(b.assembly, 0)).toEqual([]);
  });

  it('an earlier snapshot continued elsewhere answers from its own point: its text, its reasoning, nothing later', () => {
    const a = absorbEvents(fresh(), 0, [reasoning('plan'), text('Hello')]);
    const later = absorbEvents(a.assembly, a.eventCount, [reasoning(' more'), text(' world')]);
    const fork = absorbEvents(later.assembly, a.eventCount, [text(' there')]);
    expect(fork.assembly).not.toBe(later.assembly);
    expect(fork.eventCount).toBe(3);
    expect(fork.blocks).toEqual([
      { type: 'reasoning', reasoning: 'plan', partial: false },
      { type: 'text', content: 'Hello there', partial: true },
    ]);
    expect(replyEvents(fork.assembly, fork.eventCount)).toEqual([reasoning('plan'), text('Hello'), text(' there')]);
    // the branch that went on is untouched
    expect(endReply(later.assembly, later.eventCount, false).content).toBe('Hello world');
  });

  it('ending twice alike answers the first end; the newest snapshot is moved on in place, never copied', () => {
    const a = absorbEvents(fresh(), 0, [text('Hi <read_file><path>a')]);
    const b = absorbEvents(a.assembly, a.eventCount, [text('</path>')]);
    expect(b.assembly).toBe(a.assembly);
    const first = endReply(b.assembly, b.eventCount, true);
    expect(first.assembly).toBe(b.assembly);
    const again = endReply(first.assembly, first.eventCount, true);
    expect(again.assembly).toBe(first.assembly);
    expect(again.blocks).toBe(first.blocks);
    expect(again).toMatchObject({ content: 'Hi <read_file><path>a</path>', eventCount: 2, finishReason: undefined });
    expect(again.blocks.at(-1)).toMatchObject({ type: 'tool_use', params: { path: 'a' }, partial: true });
  });

  it('an ended reply takes no more events in place: a later event forks from the log', () => {
    const a = absorbEvents(fresh(), 0, [text('Hello')]);
    const ended = endReply(a.assembly, a.eventCount, false);
    const more = absorbEvents(ended.assembly, ended.eventCount, [text(' again')]);
    expect(more.assembly).not.toBe(ended.assembly);
    expect(more.blocks).toEqual([{ type: 'text', content: 'Hello again', partial: true }]);
  });

  it('the ended reply carries its usage and finish reason', () => {
    const usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };
    const a = absorbEvents(fresh(), 0, [text('ok'), { type: 'usage', usage }, { type: 'finish', reason: 'length' }]);
    const ended = endReply(a.assembly, a.eventCount, false);
    expect(ended).toMatchObject({ usage, finishReason: 'length', reasoning: '', toolCalls: [], eventCount: 3 });
  });
});

describe('what the assembly costs', () => {
  it('a plain run moves the one assembly on in place: the first events too, never a rebuild', () => {
    const start = createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const a = absorbEvents(start, 0, [text('Hello')]);
    expect(a.assembly).toBe(start);
    expect(endReply(a.assembly, a.eventCount, false).assembly).toBe(start);
  });

  it('the log does not hold the text a second time: deltas are logged as offsets into the reply', () => {
    const start = createReplyAssembly({ protocol: clineThinkProtocol, idPrefix: 'p', startInReasoning: false });
    const a = absorbEvents(start, 0, [{ type: 'reasoning', text: 'ponder ponder' }, text('Hello world')]);
    const log = JSON.stringify(a.assembly.log);
    expect(log).not.toContain('ponder');
    expect(log).not.toContain('Hello');
    expect(replyEvents(a.assembly, a.eventCount)).toEqual([
      { type: 'reasoning', text: 'ponder ponder' },
      text('Hello world'),
    ]);
  });
});
