// ABORT mid-stream: what the parser held back (a tail that might still become a tag, `<list_f`,
// `</thi`) stays hidden from the view, as it was before the abort; the history keeps the raw text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { selectView } from '../../machines/view/select-view.js';
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import { createScriptedClient } from '../support/scripted-client.js';

function turn() {
  const machine = agentTurnMachine.provide({ actors: { chat: fromCallback(() => {}) } });
  const actor = createActor(machine, {
    input: { client: createScriptedClient([]), model: 'm', messages: [{ role: 'user', content: 'task' }] },
  }).start();
  return {
    actor,
    text: (t: string) => actor.send({ type: 'CHAT.CHUNKS', events: [{ type: 'text', text: t }] }),
    view: () => selectView(actor.getSnapshot()),
  };
}

const prose = (v: AgentTurnView) =>
  v.requests
    .flatMap((r) => r.blocks)
    .flatMap((b) =>
      b.type === 'text' ? [`text:${b.content}`] : b.type === 'reasoning' ? [`reasoning:${b.reasoning}`] : [],
    );

describe('ABORT hides the held-back tail', () => {
  it('a tag prefix after the text is not shown; the history keeps it', () => {
    const t = turn();
    t.text("I'll start by looking at the files.\n\n<list_f");
    expect(prose(t.view())).toEqual(["text:I'll start by looking at the files."]);
    t.actor.send({ type: 'ABORT' });
    const v = t.view();
    expect(v.reason).toBe('aborted');
    expect(prose(v)).toEqual(["text:I'll start by looking at the files."]);
    expect(v.blocks.every((b) => b.status !== 'streaming')).toBe(true);
    expect(t.actor.getSnapshot().output?.messages[1]).toEqual({
      role: 'assistant',
      content: "I'll start by looking at the files.\n\n<list_f",
    });
  });

  it('a closing reasoning tag cut in two is not shown either', () => {
    const t = turn();
    t.text('<think>check the README</thi');
    const before = prose(t.view());
    t.actor.send({ type: 'ABORT' });
    expect(prose(t.view())).toEqual(before);
    expect(before).toEqual(['reasoning:check the README']);
  });

  it('for any cut of a reply, the prose after ABORT is the prose shown before it', () => {
    const reply =
      'Let me look.\n<think>plan: list, then read</think>\nNow <read_file>\n<path>README.md</path>\n</read_file> and <write_to_file>\n<path>a.md</path>\n<content>\nx < y\n</content>\n</write_to_file>';
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: reply.length }),
        fc.array(fc.integer({ min: 1, max: reply.length - 1 }), { maxLength: 4 }),
        (cut, splits) => {
          const t = turn();
          const points = [...new Set(splits.filter((p) => p < cut))].sort((a, b) => a - b);
          let at = 0;
          for (const p of [...points, cut]) {
            t.text(reply.slice(at, p));
            at = p;
          }
          const before = prose(t.view()).filter((p) => !/^(text|reasoning):$/.test(p));
          t.actor.send({ type: 'ABORT' });
          const after = prose(t.view()).filter((p) => !/^(text|reasoning):$/.test(p));
          expect(after).toEqual(before);
          for (const p of after) expect(p).not.toMatch(/<\/?[a-z_]*$/);
          expect(t.actor.getSnapshot().output?.messages[1]?.content).toBe(reply.slice(0, cut));
          t.actor.stop();
        },
      ),
      { numRuns: 100 },
    );
  });
});
