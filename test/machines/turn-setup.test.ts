// Programming mistakes fail fast: createAgentTurnActor throws and runAgentTurn rejects at once
// with an AgentTurnOptionsError (an AgentTurnError with code 'invalid-options'), before any request;
// a TypeError from a client's own code is a bug, not a network fault, and is not retried.
import { describe, expect, it } from 'vitest';
import { createAgentTurnActor, runAgentTurn, type AgentTurnSetup } from '../../machines/machine/agent-turn-actor.js';
import { AgentTurnOptionsError } from '../../src/errors/agent-turn-options-error.js';
import { AgentTurnError } from '../../src/errors/agent-turn-error.js';
import { toChatError } from '../../machines/actors/chat-actor.js';
import { createScriptedClient, reply } from '../support/scripted-client.js';

const DONE = '<attempt_completion>\n<result>ok</result>\n</attempt_completion>';
const base = (): AgentTurnSetup => ({
  client: createScriptedClient([reply(DONE)]),
  model: 'm',
  messages: [{ role: 'user', content: 'hi' }],
});

const BAD: Array<[string, Record<string, unknown>, RegExp]> = [
  ['client', { client: undefined }, /^client: missing/],
  ['client', { client: { complete: () => 0 } }, /stream\(request, options\)/],
  ['model', { model: '' }, /^model: expected a model name/],
  ['messages', { messages: 'hi' }, /^messages: expected an array/],
  ['messages[1]', { messages: [{ role: 'user', content: 'a' }, 'b'] }, /^messages\[1\]/],
  ['maxRequests', { maxRequests: 0 }, /^maxRequests: expected a whole number of requests, at least 1, got 0/],
  ['maxRequests', { maxRequests: 2.5 }, /got 2\.5/],
  ['approval', { approval: 'write_to_file' }, /did you mean \["write_to_file"\]/],
  ['approval', { approval: [1] }, /an array of tool names/],
  ['toolsPerMessage', { toolsPerMessage: 'two' }, /'one' or 'sequential'/],
  ['tools.read_file', { tools: { read_file: 'cat' } }, /tool functions/],
  [
    'retry.delaysMs[1]',
    { retry: { delaysMs: [1000, -1] } },
    /^retry\.delaysMs\[1\]: expected a delay in milliseconds \(>= 0\), got -1/,
  ],
  ['retry.delaysMs', { retry: { delaysMs: 5 } }, /^retry\.delaysMs: expected an array/],
  ['messages', { messages: [] }, /^messages: empty: a turn needs at least the task/],
  ['aproval', { aproval: ['write_to_file'] }, /^aproval: unknown option \(did you mean approval\?\)/],
  ['maxRequest', { maxRequest: 3 }, /did you mean maxRequests\?/],
  ['retry.maxRetryAfterMs', { retry: { maxRetryAfterMs: Number.POSITIVE_INFINITY } }, /^retry\.maxRetryAfterMs/],
  ['nudge.maxConsecutiveMistakes', { nudge: { maxConsecutiveMistakes: 0 } }, /^nudge\.maxConsecutiveMistakes/],
  ['drain.graceMs', { drain: { graceMs: -5 } }, /^drain\.graceMs/],
  ['completionTool', { completionTool: '' }, /^completionTool/],
  ['history', { history: { reasoning: 'keep' } }, /^history: expected a history rule/],
  ['history', { history: { opaque: ['signature'] } }, /reasoning: 'drop' \| 'tool-turns' \| 'all'/],
  ['history', { history: 'tool-turns' }, /^history/],
];

describe('turn setup validation', () => {
  for (const [option, change, message] of BAD) {
    it(`${option}: ${JSON.stringify(change, (_k, v) => (v === undefined ? 'undefined' : v))} is refused at once`, async () => {
      const setup = { ...base(), ...change } as unknown as AgentTurnSetup;
      let thrown: unknown;
      try {
        createAgentTurnActor(setup);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AgentTurnOptionsError);
      expect(thrown).toBeInstanceOf(AgentTurnError);
      expect(thrown).toMatchObject({ code: 'invalid-options', option, name: 'AgentTurnOptionsError' });
      expect((thrown as Error).message).toMatch(message);
      // runAgentTurn rejects (it never throws synchronously), before any request is sent.
      const started = Date.now();
      await expect(runAgentTurn(setup)).rejects.toBeInstanceOf(AgentTurnOptionsError);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  }

  it('errors print their own class name, also from the built package', async () => {
    const error = new AgentTurnOptionsError('x', 'y');
    expect(error.constructor.name).toBe('AgentTurnOptionsError');
    expect(String(error)).toBe('AgentTurnOptionsError: x');
    // The bundle keeps class names (tsup keepNames): util.inspect prints the constructor's name.
    const { inspect } = await import('node:util');
    // A path held in a variable: the type-check (which runs before the build) does not look for dist/.
    const dist = '../../dist/index.js';
    const built = (await import(dist)) as typeof import('../../machines/machine/agent-turn-actor.js');
    let thrown: unknown;
    try {
      built.createAgentTurnActor({ ...base(), aproval: [] } as never);
    } catch (e) {
      thrown = e;
    }
    expect(inspect(thrown)).toMatch(/^AgentTurnOptionsError: aproval: unknown option/);
    expect(inspect(thrown)).not.toContain('_AgentTurnOptionsError');
  });

  it('selectView refuses what is not a snapshot, saying so', async () => {
    const { selectView } = await import('../../machines/view/select-view.js');
    expect(() => selectView({} as never)).toThrow(
      expect.objectContaining({ code: 'invalid-snapshot', message: expect.stringContaining('actor.getSnapshot()') }),
    );
    expect(() => selectView(undefined as never)).toThrow(/got undefined/);
  });

  it('leaves options alone that are far from every known name', () => {
    expect(() => createAgentTurnActor({ ...base(), myAppData: 1 } as never)).not.toThrow();
  });

  it('refuses a setup that is not an object', () => {
    expect(() => createAgentTurnActor(undefined as unknown as AgentTurnSetup)).toThrow(AgentTurnOptionsError);
  });

  it('accepts every documented form', async () => {
    const out = await runAgentTurn({
      ...base(),
      maxRequests: 1,
      approval: false,
      toolsPerMessage: 'sequential',
      retry: { delaysMs: [], maxRetryAfterMs: 0 },
      nudge: { maxConsecutiveMistakes: 1 },
      drain: { graceMs: 0, maxChars: 0 },
      tools: {},
      instructions: 'be brief',
      history: { reasoning: 'tool-turns', opaque: ['reasoning_details'], emptyToolCallContent: 'empty-string' },
    });
    expect(out.reason).toBe('completed');
  });
});

describe("a client's own TypeError", () => {
  it('is a client-bug, not retried', async () => {
    const client = createScriptedClient([]);
    let calls = 0;
    client.stream = async function* () {
      calls++;
      const missing = undefined as unknown as { choices: unknown[] };
      yield { type: 'text', text: String(missing.choices.length) };
    };
    const out = await runAgentTurn({
      client,
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      retry: { delaysMs: [0, 0, 0] },
    });
    expect(calls).toBe(1);
    expect(out.reason).toBe('failed');
    expect(out.error).toMatchObject({ code: 'client-bug', retryable: false });
    expect(out.error?.message).toMatch(/^the chat client threw TypeError: Cannot read properties of undefined/);
  });

  it('other throws stay network faults, retried', () => {
    expect(toChatError(new Error('socket hang up'))).toMatchObject({ code: 'network', retryable: true });
    expect(toChatError('weird')).toMatchObject({ code: 'network', retryable: true });
    expect(toChatError(new ReferenceError('x is not defined'))).toMatchObject({ code: 'client-bug', retryable: false });
  });

  it('every programming error is a client-bug, and each keeps what was thrown as its cause', () => {
    for (const error of [
      new TypeError('t'),
      new ReferenceError('r'),
      new SyntaxError('s'),
      new RangeError('Maximum call stack size exceeded'),
    ]) {
      const chatError = toChatError(error);
      expect(chatError).toMatchObject({ code: 'client-bug', retryable: false });
      expect(chatError.message).toBe(`the chat client threw ${error.name}: ${error.message}`);
      expect(chatError.cause).toBe(error);
    }
    const network = new Error('socket hang up');
    expect(toChatError(network).cause).toBe(network);
  });
});
