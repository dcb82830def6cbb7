// The scripted model as a mock model for users' tests (issue 33, point 5): `replies` — a list of
// steps, one per request, or a function of the request — replaces the demo agent, which stays the
// default; the requests it answered are recorded. Steps: text, reasoning, native tool calls, an
// HTTP error, a fault on the stream. Whole turns at pace 0 and at a real pace with random reads.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { createScriptedModel, ScriptedModelError, type ScriptedModelOptions } from '../../scripted/index.js';
import { createChatClient } from '../../src/wire/index.js';

const READ = '<read_file><path>notes.md</path></read_file>';
const DONE = '<attempt_completion><result>All read.</result></attempt_completion>';

function setup(options: ScriptedModelOptions) {
  const model = createScriptedModel({ pace: 0, ...options });
  const client = createChatClient({ baseURL: 'http://scripted.invalid/v1', fetch: model });
  const reads: string[] = [];
  const turn = (extra: Partial<Parameters<typeof runAgentTurn>[0]> = {}) =>
    runAgentTurn({
      client,
      model: 'scripted',
      messages: [{ role: 'user', content: 'Read the notes.' }],
      tools: {
        read_file: async (use) => {
          reads.push(use.params.path ?? '');
          return 'The notes.';
        },
      },
      retry: { delaysMs: [0] },
      ...extra,
    });
  return { model, turn, reads };
}

const PACES: Array<[string, Partial<ScriptedModelOptions>]> = [
  ['pace 0', { pace: 0 }],
  ['a real pace, random reads', { pace: { tokenMs: 1, jitterMs: 1 }, randomChunks: true, seed: 7 }],
];

describe('createScriptedModel({ replies })', () => {
  for (const [name, pace] of PACES) {
    it(`plays a list of tag-mode steps, one per request, and records the requests (${name})`, async () => {
      const { model, turn, reads } = setup({ replies: [`Reading. ${READ}`, DONE], ...pace });
      const out = await turn();
      expect(out.reason).toBe('completed');
      expect(out.result).toBe('All read.');
      expect(reads).toEqual(['notes.md']);
      expect(model.requests).toHaveLength(2);
      expect(model.requests[0]!.messages.at(-1)).toMatchObject({ role: 'user', content: 'Read the notes.' });
      // The second request carries the first reply and the tool's result.
      const second = JSON.stringify(model.requests[1]!.messages);
      expect(second).toContain('<read_file>');
      expect(second).toContain('The notes.');
    });

    it(`plays native tool calls and reasoning (${name})`, async () => {
      const { model, turn, reads } = setup({
        replies: [
          { reasoning: 'The notes first.', toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }] },
          { toolCalls: [{ name: 'attempt_completion', arguments: { result: 'Done natively.' } }] },
        ],
        ...pace,
      });
      const out = await turn({ nativeTools: true });
      expect(out.reason).toBe('completed');
      expect(out.result).toBe('Done natively.');
      expect(reads).toEqual(['notes.md']);
      const first = out.requests[0]!;
      expect(first.blocks.find((b) => b.type === 'reasoning')).toMatchObject({ reasoning: 'The notes first.' });
      expect(model.requests[0]!.tools?.map((t) => t.function.name)).toContain('read_file');
    });
  }

  it('answers an error step with that HTTP error (a 429 is retried, the next step answers)', async () => {
    const { turn, model } = setup({
      replies: [{ error: { status: 429, message: 'Slow down.', code: 'rate_limit_exceeded' } }, DONE],
    });
    const out = await turn();
    expect(out.reason).toBe('completed');
    expect(out.requests[0]).toMatchObject({ status: 'failed', error: { code: 'http', status: 429 } });
    expect(model.requests).toHaveLength(2);
  });

  it('puts a step’s fault on its stream: an error mid-stream is a failed attempt, retried', async () => {
    const { turn } = setup({ replies: [{ text: `Reading. ${READ}`, fault: 'error-mid-stream' }, DONE] });
    const out = await turn();
    expect(out.requests[0]!.status).toBe('failed');
    expect(out.reason).toBe('completed');
  });

  it('takes a function of the request; undefined lets the demo agent answer', async () => {
    const seen: number[] = [];
    const { turn, model } = setup({
      replies: (request, index) => {
        seen.push(index);
        return request.messages.some((m) => m.role === 'tool' || String(m.content).includes('The notes.'))
          ? undefined
          : `Reading. ${READ}`;
      },
    });
    const out = await turn();
    expect(seen[0]).toBe(0);
    expect(out.requests[0]!.content).toContain('<read_file>');
    // The demo agent took over from the second request and finished the turn its own way.
    expect(out.reason).toBe('completed');
    expect(model.requests.length).toBe(seen.length);
  });

  it('says which request had no reply when the list runs out', async () => {
    const { turn } = setup({ replies: [`Reading. ${READ}`] });
    const out = await turn();
    expect(out.reason).toBe('failed');
    expect(out.error?.message).toContain('no reply for request #2: 1 were given');
  });

  it('the demo agent is the default: no replies, the built-in agent', async () => {
    const { model, turn } = setup({});
    const out = await turn();
    expect(out.requests.length).toBeGreaterThan(0);
    expect(model.requests.length).toBe(out.requests.length);
  });

  it('rejects a bad step when created, naming it', () => {
    expect(() => createScriptedModel({ replies: [DONE, { txt: 'x' } as never] })).toThrow(ScriptedModelError);
    expect(() => createScriptedModel({ replies: [DONE, { txt: 'x' } as never] })).toThrow(
      /replies\[1\]: unknown key "txt"/,
    );
    expect(() => createScriptedModel({ replies: [{ error: { status: 200, message: 'x' } }] })).toThrow(/error.status/);
    expect(() => createScriptedModel({ replies: [{ toolCalls: [{ name: '' }] }] })).toThrow(/toolCalls\[0\].name/);
    expect(() => createScriptedModel({ replies: 'hi' as never })).toThrow(/list of steps or a function/);
  });

  it('a bad step returned by the function is a 400 naming the request (not retried)', async () => {
    const { turn } = setup({ replies: () => 42 as never });
    const out = await turn();
    expect(out.reason).toBe('failed');
    expect(out.error?.message).toMatch(/request #1 is unusable: a step is a string or an object, got number/);
    expect(out.requests).toHaveLength(1);
  });
});
