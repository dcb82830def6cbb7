// When the turn stops reading a reply (the drain's limit passed after a rejection, one tool per
// message, or the completion tool), what the chat actor had read and not yet handed over belongs
// to that reply: it is closed with it, once, and never shows up in the next request's reply.
import { describe, expect, it } from 'vitest';
import { toPromise, waitFor } from 'xstate';
import { createAgentTurnActor, type AgentTurnActor } from '../../machines/agent-turn-actor.js';
import type { ChatClient, ChatStreamEvent } from '../../src/wire/types.js';

const text = (t: string): ChatStreamEvent => ({ type: 'text', text: t });
const pause = () => new Promise((r) => setTimeout(r, 15));
const MARK = 'LAST-WORDS-OF-THE-FIRST-REPLY';

/**
 * A first reply: a tool that waits for approval, then more than the drain's 300 characters, then
 * one more piece read by the chat actor at the moment `onLastPiece` acts (before its batch goes).
 * Every later reply completes.
 */
function clientWith(onLastPiece: () => void): ChatClient {
  let call = 0;
  return {
    async *stream() {
      call++;
      if (call === 1) {
        yield text('Reading first.\n<read_file><path>a.ts</path></read_file>\n');
        await pause();
        yield text('x'.repeat(400));
        await pause();
        yield text(MARK);
        onLastPiece();
        yield { type: 'finish', reason: 'stop' };
        return;
      }
      yield text('Next. <attempt_completion><result>done</result></attempt_completion>');
      yield { type: 'finish', reason: 'stop' };
    },
    complete: async () => {
      throw new Error('not used');
    },
  };
}

describe('stopping the reading of a reply', () => {
  it('a rejection keeps what was already read in the rejected reply, and out of the next one', async () => {
    let actor!: AgentTurnActor;
    actor = createAgentTurnActor({
      client: clientWith(() => actor.send({ type: 'REJECT', feedback: 'not that file' })),
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
    expect(replies[1]).toBe('Next. <attempt_completion><result>done</result></attempt_completion>');
    expect(output.requests[0].toolResults.map((r) => r.content)).toEqual([expect.stringContaining('not that file')]);
  });

  for (const c of [
    { where: 'a later piece', sameChunk: false, after: 400, cut: true },
    { where: 'the same piece as the tool', sameChunk: true, after: 400, cut: true },
    { where: 'a later piece, exactly the limit', sameChunk: false, after: 300, cut: false },
    { where: 'the same piece, exactly the limit', sameChunk: true, after: 300, cut: false },
  ]) {
    it(`in 'one' mode, ${c.after} characters after a tool that waits for approval (${c.where}): ${c.cut ? 'cut at once' : 'read on'}`, async () => {
      let call = 0;
      let cancelled = false;
      const client: ChatClient = {
        async *stream(_request, options) {
          call++;
          if (call > 1) {
            yield text('Next. <attempt_completion><result>done</result></attempt_completion>');
            yield { type: 'finish', reason: 'stop' };
            return;
          }
          const tool = 'Reading first.\n<read_file><path>a.ts</path></read_file>\n';
          yield text(c.sameChunk ? tool + 'y'.repeat(c.after) : tool);
          await pause();
          if (!c.sameChunk) yield text('y'.repeat(c.after));
          // Cancelled (already, or within 300 ms), or the reply ends on its own.
          await new Promise<void>((resolve) => {
            if (options?.signal?.aborted) {
              cancelled = true;
              resolve();
              return;
            }
            const onAbort = () => {
              cancelled = true;
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(() => {
              options?.signal?.removeEventListener('abort', onAbort);
              resolve();
            }, 300);
            options?.signal?.addEventListener('abort', onAbort);
          });
          yield { type: 'finish', reason: 'stop' };
        },
        complete: async () => {
          throw new Error('not used');
        },
      };
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
      await waitFor(actor, (s) => s.hasTag('awaiting-approval'));
      await pause();
      await pause();
      expect(cancelled).toBe(c.cut); // while the approval still waits
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
    let call = 0;
    const client: ChatClient = {
      async *stream(_request, options) {
        call++;
        if (call > 1) {
          yield text('Next. <attempt_completion><result>done</result></attempt_completion>');
          yield { type: 'finish', reason: 'stop' };
          return;
        }
        yield text('<read_file><path>a.ts</path></read_file>\n');
        await pause();
        yield text(`<write_to_file><path>b.ts</path><content>${'z'.repeat(150)}</content></write_to_file>`);
        await pause();
        actor.send({ type: 'REJECT', feedback: 'no' });
        yield text('w'.repeat(100));
        // Cancelled within 500 ms, or the reply ends on its own.
        await new Promise<void>((resolve) => {
          const onAbort = () => {
            cancelled = true;
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            options?.signal?.removeEventListener('abort', onAbort);
            resolve();
          }, 500);
          options?.signal?.addEventListener('abort', onAbort);
        });
        yield { type: 'finish', reason: 'stop' };
      },
      complete: async () => {
        throw new Error('not used');
      },
    };
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
