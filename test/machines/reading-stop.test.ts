// When the turn stops reading a reply (the drain's limit passed after a rejection, one tool per
// message, or the completion tool), what the chat actor had read and not yet handed over belongs
// to that reply: it is closed with it, once, and never shows up in the next request's reply.
import { describe, expect, it } from 'vitest';
import { toPromise, waitFor } from 'xstate';
import { createAgentTurnActor, type AgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import type { ChatClient, ChatStreamEvent } from '../../src/wire/types.js';

const text = (t: string): ChatStreamEvent => ({ type: 'text', text: t });
const pause = () => new Promise((r) => setTimeout(r, 15));
const MARK = 'LAST-WORDS-OF-THE-FIRST-REPLY';

const COMPLETION = 'Next. <attempt_completion><result>done</result></attempt_completion>';

/** A client whose first reply is `first` (given the request's signal); every later reply completes. */
function clientWith(first: (signal: AbortSignal | undefined) => AsyncGenerator<ChatStreamEvent>): ChatClient {
  let call = 0;
  return {
    async *stream(_request, options) {
      if (call++ === 0) {
        yield* first(options?.signal);
        return;
      }
      yield text(COMPLETION);
      yield { type: 'finish', reason: 'stop' };
    },
    complete: async () => {
      throw new Error('not used');
    },
  };
}

/** True once the turn cancels the stream (already, or within `ms`); false if `ms` pass first. */
function cancelledWithin(signal: AbortSignal | undefined, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(true);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    signal?.addEventListener('abort', onAbort);
  });
}

describe('stopping the reading of a reply', () => {
  it('a rejection keeps what was already read in the rejected reply, and out of the next one', async () => {
    let actor!: AgentTurnActor;
    actor = createAgentTurnActor({
      // A tool that waits for approval, more than the drain's 300 characters, then one more piece
      // that the chat actor has read when the rejection comes (before its batch goes).
      client: clientWith(async function* () {
        yield text('Reading first.\n<read_file><path>a.ts</path></read_file>\n');
        await pause();
        yield text('x'.repeat(400));
        await pause();
        yield text(MARK);
        actor.send({ type: 'REJECT', feedback: 'not that file' });
        yield { type: 'finish', reason: 'stop' };
      }),
      model: 'scripted',
      messages: [{ role: 'user', content: 'go' }],
      tools: { read_file: async () => 'A' },
      approval: ['read_file'],
      toolsPerMessage: 'sequential',
    });
    const done = toPromise(actor);
    actor.start();
    const output = await done;
    expect(output.reason).toBe('completed');
    const replies = output.messages.filter((m) => m.role === 'assistant').map((m) => String(m.content));
    expect(replies).toHaveLength(2);
    expect(replies[0].endsWith(`${'x'.repeat(400)}${MARK}`)).toBe(true);
    expect(replies[1]).toBe(COMPLETION);
    expect(output.requests[0].toolResults.map((r) => r.content)).toEqual([expect.stringContaining('not that file')]);
  });

  for (const c of [
    { where: 'a later piece', sameChunk: false, after: 400, cut: true },
    { where: 'the same piece as the tool', sameChunk: true, after: 400, cut: true },
    { where: 'a later piece, exactly the limit', sameChunk: false, after: 300, cut: false },
    { where: 'the same piece, exactly the limit', sameChunk: true, after: 300, cut: false },
  ]) {
    it(`in 'one' mode, ${c.after} characters after a tool that waits for approval (${c.where}): ${c.cut ? 'cut at once' : 'read on'}`, async () => {
      let stream: AbortSignal | undefined;
      const client = clientWith(async function* (signal) {
        stream = signal;
        const tool = 'Reading first.\n<read_file><path>a.ts</path></read_file>\n';
        yield text(c.sameChunk ? tool + 'y'.repeat(c.after) : tool);
        await pause();
        if (!c.sameChunk) yield text('y'.repeat(c.after));
        await cancelledWithin(signal, 300); // or the reply ends on its own
        yield { type: 'finish', reason: 'stop' };
      });
      const actor = createAgentTurnActor({
        client,
        model: 'scripted',
        messages: [{ role: 'user', content: 'go' }],
        tools: { read_file: async () => 'A' },
        approval: ['read_file'],
        toolsPerMessage: 'one',
        drain: { graceMs: 60_000, maxChars: 300 },
      });
      const done = toPromise(actor);
      actor.start();
      // The y's are in the reply: the drain's decision is made (the stream cancelled or not).
      const after = 'y'.repeat(c.after);
      await waitFor(
        actor,
        (s) =>
          s.hasTag('awaiting-approval') && s.context.blocks.some((b) => b.type === 'text' && b.content.includes(after)),
      );
      expect(stream?.aborted).toBe(c.cut); // while the approval still waits
      expect(actor.getSnapshot().hasTag('awaiting-approval')).toBe(true);
      actor.send({ type: 'APPROVE' });
      const output = await done;
      expect(output.reason).toBe('completed');
      expect(output.requests[0].toolResults.map((r) => r.content)).toEqual(['A']);
      expect(String(output.messages.find((m) => m.role === 'assistant')?.content)).toContain('y'.repeat(c.after));
    });
  }

  it("in 'one' mode, a rejection keeps counting what followed the tool from the first stop", async () => {
    // After the tool: a second tool of ~230 non-blank characters as written (~165 as parsed), the
    // rejection, then 100 more: 330 written since the stop passes the 300 limit and cuts the stream.
    let cancelled = false;
    let actor!: AgentTurnActor;
    const client = clientWith(async function* (signal) {
      yield text('<read_file><path>a.ts</path></read_file>\n');
      await pause();
      yield text(`<write_to_file><path>b.ts</path><content>${'z'.repeat(150)}</content></write_to_file>`);
      await pause();
      actor.send({ type: 'REJECT', feedback: 'no' });
      yield text('w'.repeat(100));
      cancelled = await cancelledWithin(signal, 500); // or the reply ends on its own
      yield { type: 'finish', reason: 'stop' };
    });
    actor = createAgentTurnActor({
      client,
      model: 'scripted',
      messages: [{ role: 'user', content: 'go' }],
      tools: { read_file: async () => 'A', write_to_file: async () => 'written' },
      approval: ['read_file'],
      toolsPerMessage: 'one',
      drain: { graceMs: 60_000, maxChars: 300 },
    });
    const done = toPromise(actor);
    actor.start();
    const output = await done;
    expect(cancelled).toBe(true);
    expect(output.reason).toBe('completed');
    expect(output.requests[0].toolResults.map((r) => [r.name, r.isError])).toEqual([
      ['read_file', true], // rejected
      ['write_to_file', true], // skipped: one tool per message
    ]);
  });
});
