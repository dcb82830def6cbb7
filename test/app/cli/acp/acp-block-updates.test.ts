// The block tracker's invariants: whatever the views, prose goes out as the text added since the
// last update (joined, the chunks are the final text; a tail a re-parse took back is never sent
// twice), and a tool gets one tool_call, its input once, and one update per ACP status.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { AgentTurnView, BlockView } from '../../../../machines/view/index.js';
import { createBlockUpdates } from '../../../../app/cli/acp/acp-block-updates.js';

function viewOf(blocks: BlockView[]): AgentTurnView {
  return { requests: [{ blocks }] } as unknown as AgentTurnView;
}
const text = (content: string, status: 'streaming' | 'complete' = 'streaming'): BlockView => ({
  type: 'text',
  key: '0:0',
  request: 1,
  content,
  status,
});
const joined = (updates: SessionUpdate[], kind: string) =>
  updates
    .filter((u) => u.sessionUpdate === kind)
    .map((u) => (u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? u.content.text : ''))
    .join('');

describe('createBlockUpdates', () => {
  it('sends prose as the text added, the chunks joined being the final text, at any cut', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (final, cuts) => {
          const updates = createBlockUpdates({ root: '/w', idPrefix: '1:' });
          const out: SessionUpdate[] = [];
          const points = [...new Set(cuts.map((c) => c % (final.length + 1)))].sort((a, b) => a - b);
          for (const point of points) out.push(...updates.next(viewOf([text(final.slice(0, point))])));
          out.push(...updates.next(viewOf([text(final, 'complete')])));
          expect(joined(out, 'agent_message_chunk')).toBe(final);
          // Never an empty chunk.
          expect(out.every((u) => joined([u], 'agent_message_chunk') !== '')).toBe(true);
        },
      ),
    );
  });

  it('never sends a tail twice when a re-parse takes it back', () => {
    const updates = createBlockUpdates({ root: '/w', idPrefix: '1:' });
    const out = [
      ...updates.next(viewOf([text('Let me look <')])),
      // The `<` became the start of a tool tag: the text shrank.
      ...updates.next(viewOf([text('Let me look ')])),
      ...updates.next(viewOf([text('Let me look <b>here</b>')])),
    ];
    expect(joined(out, 'agent_message_chunk')).toBe('Let me look <b>here</b>');
  });

  it('gives a tool one tool_call, its input once, and an update per status, with the result', () => {
    const updates = createBlockUpdates({ root: '/w', idPrefix: '2:' });
    const tool = (status: string, params: Record<string, string>, result?: string) =>
      viewOf([
        {
          type: 'tool_use',
          key: '0:c1',
          request: 1,
          name: 'read_file',
          params,
          call_id: 'c1',
          isNativeToolCall: false,
          isCompletion: false,
          status,
          ...(result !== undefined ? { result, isError: false } : {}),
        } as BlockView,
      ]);
    const out = [
      ...updates.next(tool('streaming', { path: 'src/' })),
      ...updates.next(tool('streaming', { path: 'src/a.ts' })),
      ...updates.next(tool('ready', { path: 'src/a.ts' })),
      ...updates.next(tool('running', { path: 'src/a.ts' })),
      ...updates.next(tool('running', { path: 'src/a.ts' })),
      ...updates.next(tool('done', { path: 'src/a.ts' }, 'the text')),
      ...updates.next(tool('done', { path: 'src/a.ts' }, 'the text')),
    ];
    expect(out).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: '2:0:c1',
        title: 'Read src/',
        kind: 'read',
        status: 'pending',
        locations: [{ path: '/w/src' }],
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: '2:0:c1',
        title: 'Read src/a.ts',
        locations: [{ path: '/w/src/a.ts' }],
        rawInput: { path: 'src/a.ts' },
      },
      { sessionUpdate: 'tool_call_update', toolCallId: '2:0:c1', status: 'in_progress' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: '2:0:c1',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: 'the text' } }],
      },
    ]);
  });
});
