// The scripted model writing its tool calls in every dialect (Hermes, GLM, Kimi, …), a whole turn
// through the machine at pace 0 and at a realistic pace with random read boundaries: each tool runs
// exactly once, the call records its dialect, the written file is what the model meant, and the
// history sends the model's own text back unchanged.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnOutput, ToolFunctions } from '../../machines/machine/agent-turn-types.js';
import { createChatClient } from '../../src/wire/index.js';
import { createScriptedModel, scriptedDialects, type ScriptedDialect } from '../../scripted/index.js';
import type { ScriptedModelOptions } from '../../scripted/index.js';
import { clineThinkProtocol, SAFE_DIALECTS } from '../../src/protocol/index.js';
import { createWorkspace } from '../support/workspace-tools.js';
import { withDialects } from '../../src/parser/index.js';
import { TEST_WIRE } from '../support/test-wire.js';

const TASK = 'Read README.md and write summary.md';
const REALISTIC = (seed: number): ScriptedModelOptions => ({
  pace: { firstTokenMs: 4, tokenMs: 1, jitterMs: 1 },
  usageDelayMs: 5,
  randomChunks: true,
  seed,
});

/** Bare JSON and pythonic replies are off unless asked for: the test turns on the one it writes. */
const protocolFor = (dialect: ScriptedDialect) =>
  withDialects(
    clineThinkProtocol,
    (SAFE_DIALECTS as readonly string[]).includes(dialect) ? SAFE_DIALECTS : [...SAFE_DIALECTS, dialect],
  );

async function turn(
  model: string,
  dialect: ScriptedDialect | undefined,
  timing: ScriptedModelOptions,
  faults: ScriptedModelOptions['faults'] = [],
) {
  const ws = createWorkspace({ 'README.md': '# Demo project\nIt greets.\n', 'src/a.ts': 'export const a = 1;\n' });
  const dialects: Array<string | undefined> = [];
  const tools: ToolFunctions = Object.fromEntries(
    Object.entries(ws.tools).map(([name, run]) => [
      name,
      (t: Parameters<typeof run>[0], ...rest: unknown[]) => {
        dialects.push(t.dialect);
        return (run as (...a: unknown[]) => unknown)(t, ...rest);
      },
    ]),
  ) as ToolFunctions;
  const fetch = createScriptedModel({ ...timing, faults, ...(dialect ? { dialect } : {}) });
  const out = await runAgentTurn({
    client: createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.invalid/v1', fetch }),
    model,
    messages: [{ role: 'user', content: TASK }],
    tools,
    ...(dialect ? { protocol: protocolFor(dialect) } : {}),
    retry: { delaysMs: [0] },
  });
  return { out, ws, dialects };
}

/** The assistant messages of the history, as sent back to the model. */
const assistantTexts = (out: AgentTurnOutput) =>
  out.messages.filter((m) => m.role === 'assistant').map((m) => (typeof m.content === 'string' ? m.content : ''));

describe('the scripted model in every dialect, a whole turn', async () => {
  const cline = await turn('scripted', undefined, { pace: 0 });

  it('in Cline XML (the reference): three tools, no dialect recorded', () => {
    expect(cline.out.reason).toBe('completed');
    expect(cline.ws.calls).toEqual(['list_files:.', 'read_file:README.md', 'write_to_file:summary.md']);
    expect(cline.dialects).toEqual([undefined, undefined, undefined]);
  });

  describe.concurrent.each(scriptedDialects.map((d, i) => [d, i] as const))('%s', (dialect, i) => {
    for (const [pace, timing] of [
      ['pace 0', { pace: 0 }],
      ['a realistic pace, random reads', REALISTIC(i + 1)],
    ] as const) {
      it(`at ${pace}: each tool ran once, with its dialect, and the history is the model's text`, async () => {
        const { out, ws, dialects } = await turn('scripted', dialect, timing);
        expect(out.reason).toBe('completed');
        expect(ws.calls).toEqual(cline.ws.calls);
        expect(dialects).toEqual([dialect, dialect, dialect]);
        // The file holds exactly what the Cline-XML model wrote: its content survived the dialect.
        expect(ws.fs.get('summary.md')).toBe(cline.ws.fs.get('summary.md'));
        expect(out.result).toBe(cline.out.result);
        // Every reply goes back to the model as it wrote it (the dialect's markup included).
        const sent = assistantTexts(out);
        expect(sent).toEqual(out.requests.map((r) => r.content));
        expect(sent.every((text) => !text.includes('<list_files>') || dialect === 'html-escaped')).toBe(true);
        expect(sent.join('')).not.toContain('<write_to_file>');
      });
    }

    it('a call cut off by the end of the stream never runs: the cut reply runs nothing, the retry each tool once', async () => {
      const { out, ws, dialects } = await turn('scripted', dialect, REALISTIC(100 + i), ['cut-in-tool-call']);
      // The cut request is one more than the turn without the fault, and none of its tools ran.
      expect(out.requests).toHaveLength(cline.out.requests.length + 1);
      expect(out.requests[0]!.toolResults.filter((r) => !r.isError)).toEqual([]);
      expect(out.reason).toBe('completed');
      expect(ws.calls).toEqual(cline.ws.calls);
      expect(dialects).toEqual([dialect, dialect, dialect]);
    });
  });

  it('a task chooses its own dialect with a dialect:<name> marker', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const fetch = createScriptedModel({ pace: 0 });
    const seen: Array<string | undefined> = [];
    const out = await runAgentTurn({
      client: createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.invalid/v1', fetch }),
      model: 'scripted',
      messages: [{ role: 'user', content: 'Read README.md dialect:glm' }],
      tools: {
        ...ws.tools,
        read_file: (t, ...rest) => {
          seen.push(t.dialect);
          return ws.tools.read_file!(t, ...rest);
        },
      },
      retry: { delaysMs: [0] },
    });
    expect(out.reason).toBe('completed');
    expect(seen).toEqual(['glm']);
    expect(out.requests[1]!.content).toContain('<arg_key>path</arg_key>');
  });

  it('an unknown dialect is refused with a typed error that names the known ones', () => {
    expect(() => createScriptedModel({ dialect: 'klingon' as ScriptedDialect })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('known: hermes') }),
    );
  });
});
