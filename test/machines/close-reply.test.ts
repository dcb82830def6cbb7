// What every tool use of a reply becomes when the reply closes (ran, errored, rejected, skipped,
// cut off), what the model is told about it, and what the request records: through the machine,
// for each way a reply ends (normally, stopped after one tool or the completion, aborted, failed).
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnInput, ToolFunctions } from '../../machines/machine/agent-turn-types.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ToolUse } from '../../src/parser/blocks.js';
import {
  closeReply,
  cutOffAtEnd,
  historyContinuing,
  historyEnding,
  recordFailedAttempt,
  withoutHeldBackTail,
} from '../../machines/machine/close-reply.js';
import { absorbEvents } from '../../machines/machine/reply-assembly.js';
import { initialContext } from '../../machines/machine/turn-context.js';
import { createScriptedClient, reply, textEvents, type ScriptedReply } from '../support/scripted-client.js';

const READ_A = '<read_file>\n<path>a.ts</path>\n</read_file>';
const READ_B = '<read_file>\n<path>b.ts</path>\n</read_file>';
const READ_C_CUT = '<read_file>\n<path>c.t';
const DONE = '<attempt_completion>\n<result>All done.</result>\n</attempt_completion>';

/** A turn whose read_file answers `contents of <path>`, throws for `bad.ts` and hangs for `slow.ts` until aborted. */
function turn(replies: ScriptedReply[], extra: Partial<AgentTurnInput> = {}) {
  const tools: ToolFunctions = {
    read_file: async (t: ToolUse, { signal }) => {
      if (t.params.path === 'bad.ts') throw new Error('disk on fire');
      if (t.params.path === 'slow.ts')
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      return `contents of ${t.params.path}`;
    },
  };
  const client = createScriptedClient(replies);
  const actor = createActor(agentTurnMachine, {
    input: {
      client,
      model: 'm',
      messages: [{ role: 'user', content: 'task' }],
      tools,
      retry: { delaysMs: [0, 0] },
      ...extra,
    },
  });
  return { actor, client };
}

const results = (out: { requests: { toolResults: unknown[] }[] }, i = 0) => out.requests[i].toolResults;

describe('closing a reply: each tool use gets an outcome', () => {
  it('a tool that ran is done, one that failed is an error; only errors are isError', async () => {
    const { actor, client } = turn([reply(`${READ_A} ${READ_A.replace('a.ts', 'bad.ts')}`), reply(DONE)], {
      toolsPerMessage: 'sequential',
    });
    const out = await toPromise(actor.start());
    expect(results(out)).toEqual([
      { call_id: expect.any(String), name: 'read_file', status: 'done', content: 'contents of a.ts', isError: false },
      {
        call_id: expect.any(String),
        name: 'read_file',
        status: 'error',
        content: 'Error: disk on fire',
        isError: true,
      },
    ]);
    // the model is told which result is an error
    expect(client.requests[1].messages.at(-1)).toEqual({
      role: 'user',
      content:
        "[read_file for 'a.ts'] Result:\ncontents of a.ts\n\n" +
        "[read_file for 'bad.ts'] Result:\nThe tool execution failed with the following error:\n<error>\nError: disk on fire\n</error>",
    });
  });

  it("stopped after one tool ('one' mode): later complete and unfinished tool uses are skipped, and the model is told which", async () => {
    const { actor, client } = turn([reply(`${READ_A} then ${READ_B} and ${READ_C_CUT}`), reply(DONE)]);
    const out = await toPromise(actor.start());
    expect(results(out)).toEqual([
      expect.objectContaining({ status: 'done', isError: false }),
      expect.objectContaining({
        status: 'skipped',
        isError: true,
        content: expect.stringContaining('only one tool may be used per message'),
      }),
      expect.objectContaining({
        status: 'skipped',
        isError: true,
        content: expect.stringContaining('only one tool may be used per message'),
      }),
    ]);
    const toModel = client.requests[1].messages.at(-1)!.content!;
    expect(toModel).toContain('cut short after its first tool use');
    expect(toModel).toContain("These were not run: [read_file for 'b.ts'], [read_file for 'c.t']");
  });

  it('after the completion tool, later tool uses are skipped and the turn completes', async () => {
    const { actor } = turn([reply(`${DONE} ${READ_A}`)]);
    const out = await toPromise(actor.start());
    expect(out.reason).toBe('completed');
    expect(out.result).toBe('All done.');
    expect(results(out)).toEqual([
      expect.objectContaining({ name: 'attempt_completion', status: 'done', isError: false }),
      expect.objectContaining({
        name: 'read_file',
        status: 'skipped',
        isError: true,
        content: expect.stringContaining('after the completion tool'),
      }),
    ]);
  });

  it('a tool use the reply ended inside is cut off, never run, and the model is asked to send it again', async () => {
    const { actor, client } = turn([reply(`Reading. ${READ_C_CUT}`), reply(DONE)]);
    const out = await toPromise(actor.start());
    expect(results(out)).toEqual([
      expect.objectContaining({
        status: 'cut-off',
        isError: true,
        content: expect.stringContaining('</read_file> never arrived'),
      }),
    ]);
    expect(client.requests[1].messages.at(-1)!.content).toContain('Send it again in full');
  });

  it('a rejected tool is rejected with the feedback, the rest skipped; the rejection counts as using a tool', async () => {
    const { actor, client } = turn([reply(`${READ_A} ${READ_B}`), reply(DONE)], {
      approval: true,
      toolsPerMessage: 'sequential',
    });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('awaiting-approval'));
    actor.send({ type: 'REJECT', feedback: 'not that file' });
    const out = await toPromise(actor);
    expect(results(out)).toEqual([
      expect.objectContaining({
        status: 'rejected',
        isError: true,
        content: expect.stringContaining('<feedback>\nnot that file\n</feedback>'),
      }),
      expect.objectContaining({
        status: 'skipped',
        isError: true,
        content: expect.stringContaining('the user rejected an earlier tool use'),
      }),
    ]);
    expect(client.requests[1].messages.at(-1)!.content).not.toContain('used no tool');
  });
});

describe('closing a reply the user aborted', () => {
  it('the running tool is an error of unknown outcome, a later complete one skipped, an unfinished one cut off', async () => {
    const slow = READ_A.replace('a.ts', 'slow.ts');
    const { actor } = turn([{ events: textEvents(`${slow} ${READ_B} ${READ_C_CUT}`), hang: true }], {
      toolsPerMessage: 'sequential',
    });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('running-tool'));
    actor.send({ type: 'ABORT' });
    const out = await toPromise(actor);
    expect(out.reason).toBe('aborted');
    expect(results(out)).toEqual([
      expect.objectContaining({
        status: 'error',
        isError: true,
        content: expect.stringContaining('interrupted the turn while this tool was running'),
      }),
      expect.objectContaining({ status: 'skipped', isError: true, content: 'Not run: the user interrupted the turn.' }),
      expect.objectContaining({
        status: 'cut-off',
        isError: true,
        content: expect.stringContaining('the user interrupted the turn before this tool use was complete'),
      }),
    ]);
    expect(out.requests[0].status).toBe('aborted');
    // the reply and its results enter the history, with the note that the user interrupted
    expect(out.messages.at(-1)!.content).toContain('[The user interrupted this response.]');
  });

  it('a tool awaiting approval when the turn is aborted is skipped', async () => {
    const { actor } = turn([{ events: textEvents(READ_A), hang: true }], { approval: true });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('awaiting-approval'));
    actor.send({ type: 'ABORT' });
    const out = await toPromise(actor);
    expect(results(out)).toEqual([
      expect.objectContaining({ status: 'skipped', isError: true, content: 'Not run: the user interrupted the turn.' }),
    ]);
  });
});

describe('closing a reply whose stream failed', () => {
  it('after a tool ran, a failure keeps the reply: the tool done, an unfinished one cut off by the failure', async () => {
    const failing: ScriptedReply = {
      events: textEvents(`${READ_A} ${READ_C_CUT}`),
      error: new ChatError('provider-error', 'boom', { retryable: false }),
    };
    const { actor } = turn([failing], { toolsPerMessage: 'sequential' });
    const out = await toPromise(actor.start());
    expect(out.reason).toBe('failed');
    expect(out.error).toMatchObject({ code: 'provider-error' });
    expect(results(out)).toEqual([
      expect.objectContaining({ status: 'done', isError: false }),
      expect.objectContaining({
        status: 'cut-off',
        isError: true,
        content: expect.stringContaining('the response stream failed before this tool use was complete'),
      }),
    ]);
    expect(out.requests[0].status).toBe('failed');
    // the history keeps what the tool did
    expect(out.messages.slice(1)).toEqual([
      { role: 'assistant', content: `${READ_A} ${READ_C_CUT}` },
      { role: 'user', content: expect.stringContaining('contents of a.ts') },
    ]);
  });

  it('a failed attempt before any tool ran records its unfinished tool use as cut off, and stays out of the history', async () => {
    const failing: ScriptedReply = {
      events: textEvents(`Let me read. ${READ_C_CUT}`),
      error: new ChatError('provider-error', 'boom', { retryable: false }),
    };
    const { actor } = turn([failing]);
    const out = await toPromise(actor.start());
    expect(out.reason).toBe('failed');
    expect(results(out)).toEqual([
      expect.objectContaining({
        status: 'cut-off',
        isError: true,
        content: 'Not run: the response stream failed before this tool could run.',
      }),
    ]);
    expect(out.messages).toEqual([{ role: 'user', content: 'task' }]);
  });
});

describe('the pieces of closing a reply', () => {
  const base = () =>
    initialContext({ client: createScriptedClient([]), model: 'm', messages: [{ role: 'user', content: 'task' }] });
  const tool = (partial: boolean, call_id = 'p_1'): ToolUse => ({
    type: 'tool_use',
    name: 'read_file',
    params: { path: 'a.ts' },
    partial,
    call_id,
  });

  it('what the person saw stays as shown when they stop a reply: prose only the end released is dropped', () => {
    const shownText = { type: 'text' as const, content: 'Hello', partial: true };
    const endedText = { type: 'text' as const, content: 'Hello <list_f', partial: false };
    const done = { type: 'text' as const, content: 'Done.', partial: false };
    // the shown partial text is kept, completed; a complete one as it is; tools as ended
    expect(withoutHeldBackTail([shownText], [endedText])).toEqual([{ ...shownText, partial: false }]);
    expect(withoutHeldBackTail([done], [done])).toEqual([done]);
    expect(withoutHeldBackTail([tool(true)], [tool(false)])).toEqual([tool(false)]);
    const shownTool = { ...tool(true), params: { path: 'a' } };
    expect(withoutHeldBackTail([shownTool], [tool(false)])).toEqual([tool(false)]);
    // a block the end alone made, or one of another kind than was shown there, is dropped
    expect(withoutHeldBackTail([], [endedText])).toEqual([]);
    expect(withoutHeldBackTail([{ type: 'reasoning', reasoning: 'hm', partial: true }], [endedText])).toEqual([]);
  });

  it('the history going on holds the reply, its results and the notes; the history ending has no notes', () => {
    const c = base();
    expect(historyContinuing(c)).toBe(c.messages);
    expect(historyEnding(c)).toBe(c.messages);
    const assistant = { role: 'assistant' as const, content: 'R' };
    const results = [{ toolUse: tool(false), content: 'contents', isError: false }];
    const closing = { assistant, results, notes: ['[a note]'], usedTool: true };
    expect(historyContinuing({ ...c, closing })).toEqual([
      ...c.messages,
      assistant,
      { role: 'user', content: "[read_file for 'a.ts'] Result:\ncontents\n\n[a note]" },
    ]);
    expect(historyEnding({ ...c, closing })).toEqual([
      ...c.messages,
      assistant,
      { role: 'user', content: "[read_file for 'a.ts'] Result:\ncontents" },
    ]);
    // nothing to answer: the reply alone (no empty user message)
    expect(historyEnding({ ...c, closing: { ...closing, results: [] } })).toEqual([...c.messages, assistant]);
  });

  it('a stream that ended inside a tool use cuts it off now, unless a stop of ours came first', () => {
    const c = base();
    const blocks = [tool(false, 'p_1'), tool(true, 'p_2')];
    expect(cutOffAtEnd(c, blocks, 'stop')).toEqual({
      p_2: {
        status: 'cut-off',
        isError: true,
        content:
          'Not run: your message ended before this tool use was complete (the closing tag </read_file> never arrived). Send it again in full.',
      },
    });
    expect(cutOffAtEnd(c, blocks, 'length').p_2.content).toContain('output token limit');
    const decided = { p_2: { status: 'done' as const, content: 'x' } };
    expect(cutOffAtEnd({ ...c, toolOutcomes: decided }, blocks, 'stop')).toEqual(decided);
    const stopped = { ...c, stoppedBy: 'one-tool' as const };
    expect(cutOffAtEnd(stopped, blocks, 'stop')).toBe(stopped.toolOutcomes);
  });

  it('a failed attempt records its tool uses: an unfinished one cut off, a complete one skipped, a decided one kept', () => {
    const c = base();
    const read = absorbEvents(c.replyAssembly, 0, [
      {
        type: 'text',
        text: `${READ_A} ${READ_B.replace('b.ts', 'c.ts')} ${READ_B} <read_file><path>d`,
      },
    ]);
    const ids = read.blocks.flatMap((b) => (b.type === 'tool_use' ? [b.call_id] : []));
    const out = recordFailedAttempt({
      ...c,
      replyAssembly: read.assembly,
      replyEventCount: read.eventCount,
      toolOutcomes: { [ids[0]]: { status: 'done', content: 'ran' } },
    });
    expect(out.replyOpen).toBe(false);
    expect(out.requests?.[0]).toMatchObject({ status: 'failed', index: 0 });
    expect(out.requests?.[0].toolResults.map((r) => [r.status, r.content, r.isError])).toEqual([
      ['done', 'ran', false],
      ['skipped', 'Not run: the response stream failed before this tool could run.', true],
      ['skipped', 'Not run: the response stream failed before this tool could run.', true],
      ['cut-off', 'Not run: the response stream failed before this tool could run.', true],
    ]);
  });
});

describe('what the model is told when a reply closes', () => {
  const lastToModel = (client: { requests: { messages: { content?: string | null }[] }[] }, i = 1) =>
    client.requests[i].messages.at(-1)!.content!;

  it('a tool that ran is a used tool: no nudge, and the count of replies without one starts again', async () => {
    const { actor, client } = turn([reply('hmm'), reply(READ_A), reply('hmm'), reply(DONE)], {
      nudge: { maxConsecutiveMistakes: 2 },
    });
    const out = await toPromise(actor.start());
    expect(out.reason).toBe('completed');
    expect(lastToModel(client, 2)).not.toContain('used no tool');
  });

  it('a reply whose only tool use was cut off used no tool: two in a row are too many mistakes', async () => {
    const { actor } = turn([reply(`Reading. ${READ_C_CUT}`), reply(`Again. ${READ_C_CUT}`), reply(DONE)], {
      nudge: { maxConsecutiveMistakes: 2 },
    });
    const out = await toPromise(actor.start());
    expect(out.reason).toBe('too_many_mistakes');
  });

  it('a tool use cut off by the token limit is told once, in its result: no token-limit note, no nudge', async () => {
    const { actor, client } = turn([reply(`Reading. ${READ_C_CUT}`, 'length'), reply(DONE)]);
    await toPromise(actor.start());
    expect(lastToModel(client)).toBe(
      "[read_file for 'c.t'] Result:\nThe tool execution failed with the following error:\n<error>\n" +
        'Not run: your message hit the output token limit (finish_reason "length") inside this tool use, so the closing tag </read_file> never arrived. Send it again with less content, e.g. split a large file into several smaller writes.\n</error>',
    );
  });

  it('a reply that ran a tool and then hit the token limit gets the token-limit note beside the result', async () => {
    const { actor, client } = turn([reply(`${READ_A} and then a long story`, 'length'), reply(DONE)], {
      toolsPerMessage: 'sequential',
    });
    await toPromise(actor.start());
    const told = lastToModel(client);
    expect(told).toContain('contents of a.ts');
    expect(told).toContain('[Your reply hit the output token limit (finish_reason "length") and was cut short.');
  });

  it('a tool that ran and failed was still a tool used: no nudge', async () => {
    const { actor, client } = turn([reply(READ_A.replace('a.ts', 'bad.ts')), reply(DONE)]);
    await toPromise(actor.start());
    expect(lastToModel(client)).toContain('disk on fire');
    expect(lastToModel(client)).not.toContain('used no tool');
  });

  it('a reply whose stream failed after a tool ran keeps all it said, a tag-like tail too', async () => {
    const failing: ScriptedReply = {
      events: textEvents(`${READ_A} then <list_f`),
      error: new ChatError('provider-error', 'boom', { retryable: false }),
    };
    const { actor } = turn([failing], { toolsPerMessage: 'sequential' });
    const out = await toPromise(actor.start());
    expect(out.requests[0].blocks.at(-1)).toEqual({ type: 'text', content: 'then <list_f', partial: false });
  });

  it('a reply of whitespace alone is an empty reply', async () => {
    const { actor, client } = turn([reply('  \n\t'), reply(DONE)]);
    await toPromise(actor.start());
    expect(client.requests[1].messages.slice(1)).toEqual([
      { role: 'assistant', content: '[empty reply]' },
      { role: 'user', content: '[ERROR] Your reply was empty. Reply with a tool use.' },
    ]);
  });

  it('the nudge shows the tag form of a tool use only when tools are tags, not native definitions', async () => {
    const tags = turn([reply('hmm'), reply(DONE)]);
    await toPromise(tags.actor.start());
    expect(lastToModel(tags.client)).toContain('Write a tool use as XML tags');
    const definition = { type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } };
    const native = turn([reply('hmm'), reply(DONE)], {
      toolDefinitions: [definition],
      endTurn: 'completion-tool',
    });
    await toPromise(native.actor.start());
    expect(lastToModel(native.client)).toContain('[ERROR] Your reply used no tool.');
    expect(lastToModel(native.client)).not.toContain('XML');
  });

  it('after a rejection, the rest is skipped for the rejection: no one-tool note, and an unfinished tool is not cut off', async () => {
    const { actor, client } = turn([{ events: textEvents(`${READ_A} ${READ_C_CUT}`), hang: true }, reply(DONE)], {
      approval: true,
      drain: { graceMs: 0 },
    });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('awaiting-approval'));
    actor.send({ type: 'REJECT' });
    const out = await toPromise(actor);
    expect(results(out)).toEqual([
      expect.objectContaining({ status: 'rejected' }),
      expect.objectContaining({
        status: 'skipped',
        content: 'Not run: the user rejected an earlier tool use in this message.',
      }),
    ]);
    expect(lastToModel(client)).not.toContain('cut short after its first tool use');
  });

  it('after the completion tool an unfinished tool use is skipped, not cut off', async () => {
    const { actor } = turn([reply(`${DONE} ${READ_C_CUT}`)]);
    const out = await toPromise(actor.start());
    expect(results(out)).toEqual([
      expect.objectContaining({ name: 'attempt_completion', status: 'done' }),
      expect.objectContaining({
        name: 'read_file',
        status: 'skipped',
        content: 'Not run: it came after the completion tool, which ended the task.',
      }),
    ]);
  });

  it('the history of a completed turn answers every tool use but the completion that ended it', async () => {
    const { actor } = turn([reply(`${READ_A} ${DONE} ${DONE}`)], { toolsPerMessage: 'sequential' });
    const out = await toPromise(actor.start());
    expect(out.messages.slice(1)).toEqual([
      { role: 'assistant', content: `${READ_A} ${DONE} ${DONE}` },
      {
        role: 'user',
        content:
          "[read_file for 'a.ts'] Result:\ncontents of a.ts\n\n[attempt_completion] Result:\nThe tool execution failed with the following error:\n<error>\nNot run: it came after the completion tool, which ended the task.\n</error>",
      },
    ]);
  });

  it('an aborted reply that used no tool is no mistake: the history has the interruption note, no nudge', async () => {
    const { actor } = turn([{ events: textEvents('Let me think about'), hang: true }]);
    actor.start();
    await waitFor(actor, (s) => s.context.blocks.length > 0);
    actor.send({ type: 'ABORT' });
    const out = await toPromise(actor);
    expect(out.messages.at(-1)!.content).toBe('[The user interrupted this response.]');
  });

  it('a reply that ends on what looked like the start of a tag keeps it as text', async () => {
    const { actor } = turn([reply('I will use <list_f'), reply(DONE)]);
    const out = await toPromise(actor.start());
    expect(out.requests[0].blocks).toEqual([{ type: 'text', content: 'I will use <list_f', partial: false }]);
  });
});

describe('the provider-reported prompt size', () => {
  const closed = (usage: { promptTokens: number; completionTokens: number; totalTokens: number }) => {
    const c = {
      ...initialContext({
        client: createScriptedClient([]),
        model: 'm',
        messages: [{ role: 'user', content: 'task' }],
      }),
      sentEstimate: 42,
      streamEnded: true,
    };
    const read = absorbEvents(c.replyAssembly, 0, [
      { type: 'text', text: DONE },
      { type: 'usage', usage },
    ]);
    return closeReply({ ...c, replyAssembly: read.assembly, replyEventCount: read.eventCount }, 'complete');
  };

  it('is what the next request is measured from, beside what was estimated for this one', () => {
    expect(closed({ promptTokens: 100, completionTokens: 5, totalTokens: 105 }).promptMeasure).toEqual({
      promptTokens: 100,
      estimate: 42,
    });
  });

  it('a report of zero prompt tokens is no measure: the one before is kept', () => {
    expect('promptMeasure' in closed({ promptTokens: 0, completionTokens: 5, totalTokens: 5 })).toBe(false);
  });
});

describe('a reply the process lost mid-stream (resumed from a record)', () => {
  it('is closed with the note that whatever followed was lost', () => {
    const c = initialContext({
      client: createScriptedClient([]),
      model: 'm',
      messages: [{ role: 'user', content: 'task' }],
    });
    const read = absorbEvents(c.replyAssembly, 0, [{ type: 'text', text: `${READ_A} and th` }]);
    const ids = read.blocks.flatMap((b) => (b.type === 'tool_use' ? [b.call_id] : []));
    const out = closeReply(
      {
        ...c,
        replyAssembly: read.assembly,
        replyEventCount: read.eventCount,
        stoppedBy: 'resumed',
        toolOutcomes: { [ids[0]]: { status: 'done', content: 'contents of a.ts' } },
      },
      'complete',
    );
    expect(out.closing?.notes).toEqual([
      '[The process running this turn stopped during your response and the turn was resumed; whatever followed the tool results above was lost. Continue from here.]',
    ]);
  });
});
