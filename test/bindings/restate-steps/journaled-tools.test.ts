// journaledTools against a journal kept in memory, attempts cut off at random points, in the same
// process or a new one (a fresh module: nothing of the old process's memory): a non-idempotent
// tool starts at most once whatever the cuts; where its real result was recorded it ran exactly
// once; a replay that finds the intent without a result records the unknown outcome and never
// starts the tool; an idempotent tool simply runs again.
import type { Context } from '@restatedev/restate-sdk';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ToolUse } from '../../../src/parser/blocks.js';

type Cut = 'after-intent' | 'in-tool' | 'none';
class Cutoff extends Error {}

/** A journal shared by the attempts, and a ctx.run that records into it (or is cut off). */
function attemptContext(journal: Map<string, unknown>, cut: Cut): Context {
  return {
    run: async (name: string, action: () => Promise<unknown> | unknown) => {
      if (journal.has(name)) return journal.get(name);
      if (cut === 'in-tool' && name.startsWith('tool ')) {
        void Promise.resolve(action()).catch(() => {});
        throw new Cutoff(name);
      }
      const value = await action();
      journal.set(name, value);
      if (cut === 'after-intent' && name.startsWith('intent ')) throw new Cutoff(name);
      return value;
    },
  } as unknown as Context;
}

async function freshModule() {
  vi.resetModules();
  return import('../../../bindings/restate/journaled-tools.js');
}

const toolUse: ToolUse = {
  type: 'tool_use',
  name: 'execute_command',
  call_id: 'c1',
  params: { command: 'x' },
  partial: false,
} as ToolUse;

describe('journaledTools over cut-off attempts', () => {
  it('starts a non-idempotent tool at most once; exactly once where its result was recorded', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ cut: fc.constantFrom<Cut>('after-intent', 'in-tool'), newProcess: fc.boolean() }), {
          maxLength: 4,
        }),
        fc.boolean(),
        async (cuts, lastInNewProcess) => {
          const journal = new Map<string, unknown>();
          let starts = 0;
          const tool = async () => {
            starts++;
            return 'ran';
          };
          let mod = await freshModule();
          const attempts = [...cuts, { cut: 'none' as Cut, newProcess: lastInNewProcess }];
          let result: unknown;
          for (const { cut, newProcess } of attempts) {
            if (newProcess) mod = await freshModule();
            const tools = mod.journaledTools(attemptContext(journal, cut), { execute_command: tool });
            try {
              result = await tools.execute_command(toolUse, { signal: new AbortController().signal });
            } catch (error) {
              if (!(error instanceof Cutoff)) throw error;
            }
          }
          expect(starts).toBeLessThanOrEqual(1);
          const recorded = journal.get('tool c1 execute_command');
          expect(result).toEqual(recorded);
          if ((recorded as { content: string }).content === 'ran') expect(starts).toBe(1);
          else expect(recorded).toEqual({ content: mod.DURABLE_OUTCOME_UNKNOWN_TEXT, isError: true });
          expect(journal.has('intent c1 execute_command')).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a cut inside the tool, replayed in another process: the outcome is unknown and the tool is not started again', async () => {
    const journal = new Map<string, unknown>();
    let starts = 0;
    const tool = async () => {
      starts++;
      return 'ran';
    };
    const first = await freshModule();
    await expect(
      first.journaledTools(attemptContext(journal, 'in-tool'), { execute_command: tool }).execute_command(toolUse, {
        signal: new AbortController().signal,
      }),
    ).rejects.toBeInstanceOf(Cutoff);
    const second = await freshModule();
    const result = await second
      .journaledTools(attemptContext(journal, 'none'), { execute_command: tool })
      .execute_command(toolUse, { signal: new AbortController().signal });
    expect(result).toEqual({ content: second.DURABLE_OUTCOME_UNKNOWN_TEXT, isError: true });
    expect(starts).toBe(1);
  });

  it('an idempotent tool has no intent and runs again when its result was not recorded', async () => {
    const journal = new Map<string, unknown>();
    let starts = 0;
    const read = async () => {
      starts++;
      return 'text';
    };
    const mod = await freshModule();
    const use = { ...toolUse, name: 'read_file' } as ToolUse;
    await expect(
      mod.journaledTools(attemptContext(journal, 'in-tool'), { read_file: read }).read_file(use, {
        signal: new AbortController().signal,
      }),
    ).rejects.toBeInstanceOf(Cutoff);
    const result = await (await freshModule())
      .journaledTools(attemptContext(journal, 'none'), { read_file: read })
      .read_file(use, { signal: new AbortController().signal });
    expect(result).toEqual({ content: 'text', isError: false });
    expect(starts).toBe(2);
    expect([...journal.keys()]).toEqual(['tool c1 read_file']);
  });
});
