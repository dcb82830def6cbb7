// Property: however a reply is chunked and batched, and however tool runs interleave with the
// stream, each complete tool runs exactly once and in order, and no partial or cut-off tool runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, toPromise, waitFor } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { ToolFunctions } from '../../machines/machine/agent-turn-types.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import { createScriptedClient } from '../support/scripted-client.js';

type Part = { kind: 'text'; text: string } | { kind: 'think'; text: string } | { kind: 'tool' };

const word = fc.stringMatching(/^[a-z ]{1,12}$/);
const part: fc.Arbitrary<Part> = fc.oneof(
  word.map((text) => ({ kind: 'text' as const, text })),
  word.map((text) => ({ kind: 'think' as const, text })),
  fc.constant({ kind: 'tool' as const }),
);

interface Script {
  text: string;
  completePaths: string[];
  cutPath?: string;
  finish: 'stop' | 'length';
}

const script: fc.Arbitrary<Script> = fc
  .record({
    parts: fc.array(part, { maxLength: 8 }),
    cut: fc.option(fc.integer({ min: 1, max: 40 })),
    lengthFinish: fc.boolean(),
  })
  .map(({ parts, cut, lengthFinish }) => {
    let text = '';
    const completePaths: string[] = [];
    parts.forEach((p, i) => {
      if (p.kind === 'text') text += p.text;
      else if (p.kind === 'think') text += `<think>${p.text}</think>`;
      else {
        const path = `f${i}.ts`;
        completePaths.push(path);
        text += `<read_file>\n<path>${path}</path>\n</read_file>`;
      }
    });
    if (cut === null) return { text, completePaths, finish: 'stop' as const };
    // A tool use cut off somewhere after its opening tag: never complete.
    const tail = `<read_file>\n<path>cut.ts</path>\n</read_file>`.slice(0, 11 + (cut % 30));
    return {
      text: text + tail,
      completePaths,
      cutPath: 'cut.ts',
      finish: lengthFinish ? ('length' as const) : ('stop' as const),
    };
  });

/** Splits text at random points, then groups the pieces into random batches. */
const chunking = fc.record({
  cuts: fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 40 }),
  batchEvery: fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }),
  yieldEvery: fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }),
});

function chunksOf(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => (text.length === 0 ? 0 : c % text.length)))].sort((a, b) => a - b);
  const out: string[] = [];
  let at = 0;
  for (const p of points) if (p > at) out.push(text.slice(at, p)), (at = p);
  out.push(text.slice(at));
  return out.filter((c) => c !== '');
}

const COMPLETE = '<attempt_completion>\n<result>ok</result>\n</attempt_completion>';

async function flush() {
  for (let i = 0; i < 4; i++) await Promise.resolve();
}

describe('tool execution under random replies and chunkings', () => {
  for (const mode of ['sequential', 'one'] as const) {
    it(`each complete tool runs exactly once, in order; no cut-off tool runs ('${mode}')`, async () => {
      await fc.assert(
        fc.asyncProperty(script, chunking, fc.integer({ min: 0, max: 40 }), async (s, c, maxChars) => {
          const calls: string[] = [];
          const tools: ToolFunctions = {
            read_file: async (t) => {
              calls.push(t.params.path);
              return `read ${t.params.path}`;
            },
          };
          const machine = agentTurnMachine.provide({ actors: { chat: fromCallback(() => {}) } });
          const actor = createActor(machine, {
            input: {
              client: createScriptedClient([]),
              model: 'm',
              messages: [],
              tools,
              toolsPerMessage: mode,
              retry: { delaysMs: [0] },
              drain: { maxChars },
            },
          });
          actor.start();
          const done = toPromise(actor);
          const pieces = chunksOf(s.text, c.cuts);
          // Like the chat actor: nothing more is sent once the machine cancelled this reply's stream
          // (after the first tool in 'one' mode it reads on until the model writes past maxChars).
          const reading = () => {
            const ctx = actor.getSnapshot().context;
            return ctx.requestCount === 1 && ctx.replyOpen && !ctx.readingStopped;
          };
          let batch: ChatStreamEvent[] = [];
          for (let i = 0; i < pieces.length && reading(); i++) {
            batch.push({ type: 'text', text: pieces[i] });
            if (c.batchEvery[i % c.batchEvery.length]) {
              actor.send({ type: 'CHAT.CHUNKS', events: batch });
              batch = [];
              if (c.yieldEvery[i % c.yieldEvery.length]) await flush(); // let running tools finish mid-stream
            }
          }
          if (reading() && batch.length > 0) actor.send({ type: 'CHAT.CHUNKS', events: batch });
          if (reading()) actor.send({ type: 'CHAT.CHUNKS', events: [{ type: 'finish', reason: s.finish }] });
          if (reading()) actor.send({ type: 'CHAT.END' });
          // The next request (if the turn goes on) completes.
          const next = await waitFor(actor, (snap) => snap.status === 'done' || snap.context.requestCount === 2);
          if (next.status !== 'done') {
            actor.send({ type: 'CHAT.CHUNKS', events: [{ type: 'text', text: COMPLETE }] });
            actor.send({ type: 'CHAT.END' });
          }
          const out = await done;
          const expected = mode === 'sequential' ? s.completePaths : s.completePaths.slice(0, 1);
          expect(calls).toEqual(expected);
          expect(calls).not.toContain('cut.ts');
          const first = out.requests[0];
          for (const t of first.toolResults) {
            const block = first.blocks.find((b) => b.type === 'tool_use' && b.call_id === t.call_id)!;
            if (block.partial) expect(['cut-off', 'skipped']).toContain(t.status);
          }
          expect(first.toolResults.filter((t) => t.status === 'done').map((t) => t.call_id)).toHaveLength(
            expected.length,
          );
          if (mode === 'one' && expected.length > 0) {
            // The correction only where the model wrote on after its first tool (whitespace is not writing).
            const close = '</read_file>';
            const after = first.content.slice(first.content.indexOf(close) + close.length);
            const note = out.messages[1].content ?? '';
            if (after.trim() === '') expect(note).not.toContain('cut short');
            else if (/[a-z]/.test(after.replace(/<\/?think>/g, ''))) expect(note).toContain('cut short');
          }
        }),
        { numRuns: 150 },
      );
    });
  }
});
