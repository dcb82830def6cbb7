// The AG-UI encoder's events, as SSE, through @ag-ui/client's HttpAgent (its parser, its event
// verification — order, ids, open and closed messages and tool calls — and the messages it
// builds): the read's result and the approved write's arguments arrive whole, each
// TOOL_CALL_ARGS only new text. At pace 0 and at a real pace with random reads.
import { HttpAgent } from '@ag-ui/client';
import type { Message } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';
import { agUiSse, createAgUiEncoder, readAgUiInput, type AgUiEvent } from '../../../bindings/ag-ui/index.js';
import { runEncodedTurn } from '../../support/encoded-turn.js';

/** The client's messages after it ran each list of events as one run's SSE response. */
async function applied(runs: AgUiEvent[][]): Promise<Message[]> {
  let run = 0;
  const agent = new HttpAgent({
    url: 'http://unused.invalid/ag-ui',
    threadId: 't1',
    fetch: async () =>
      new Response(runs[run++]!.map(agUiSse).join(''), { headers: { 'content-type': 'text/event-stream' } }),
  });
  for (let i = 0; i < runs.length; i++) {
    const resume = agent.pendingInterrupts.map((interrupt) => ({
      interruptId: interrupt.id,
      status: 'resolved' as const,
      payload: { approved: true },
    }));
    await agent.runAgent(resume.length > 0 ? { resume } : {});
  }
  return agent.messages;
}

for (const pace of [0, 'real'] as const) {
  describe(`createAgUiEncoder (pace ${pace})`, () => {
    it('gives events the AG-UI client verifies and applies into the turn', async () => {
      const encoder = createAgUiEncoder({ threadId: 't1', runId: 'r1' });
      const runs: AgUiEvent[][] = [[]];
      const { written } = await runEncodedTurn(
        'Read a.txt and write notes.md with a summary',
        (view) => {
          runs.at(-1)!.push(...encoder.encode(view));
          if (encoder.runEnded && !view.done) runs.push(encoder.resume(`r${runs.length + 1}`));
        },
        { pace, seed: 4 },
      );
      expect(runs).toHaveLength(2);
      const interrupted = runs[0]!.at(-1) as Extract<AgUiEvent, { type: 'RUN_FINISHED' }>;
      expect(interrupted.outcome.type).toBe('interrupt');
      const messages = await applied(runs);
      const calls = messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []));
      const write = calls.find((c) => c.function.name === 'write_to_file')!;
      expect(JSON.parse(write.function.arguments).content).toBe(written.get('notes.md'));
      const results = messages.filter((m) => m.role === 'tool');
      expect(results.map((m) => m.content)).toContain('alpha\nbeta\n');
      const all = runs.flat();
      for (const call of calls) {
        const deltas = all.filter((e) => e.type === 'TOOL_CALL_ARGS' && e.toolCallId === call.id);
        expect(deltas.map((e) => (e as { delta: string }).delta).join('')).toBe(call.function.arguments);
      }
      expect(all.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    });
  });
}

describe('readAgUiInput', () => {
  it('reads messages as the history and resume entries as answers', () => {
    const read = readAgUiInput({
      threadId: 't',
      runId: 'r',
      messages: [
        { id: '1', role: 'system', content: 'be brief' },
        { id: '2', role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          id: '3',
          role: 'assistant',
          content: 'ok',
          toolCalls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }],
        },
        { id: '4', role: 'tool', toolCallId: 'c1', content: 'A' },
        { id: '5', role: 'reasoning', content: 'thinking' },
      ],
      resume: [
        { interruptId: 'i1', status: 'resolved', payload: { approved: true } },
        { interruptId: 'i2', status: 'cancelled' },
      ],
    });
    expect(read).toEqual({
      ok: true,
      threadId: 't',
      runId: 'r',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: 'ok',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'A' },
      ],
      answers: [
        { interruptId: 'i1', approved: true },
        { interruptId: 'i2', approved: false },
      ],
    });
  });

  it('says what is wrong and where', () => {
    expect(readAgUiInput({ threadId: 't', runId: 'r', messages: [{ id: '1', role: 'tool', content: 'x' }] })).toEqual({
      ok: false,
      error: { code: 'invalid-ag-ui-input', message: 'messages[0].toolCallId must be a string' },
    });
    expect(readAgUiInput(null)).toMatchObject({ ok: false, error: { code: 'invalid-ag-ui-input' } });
  });
});
