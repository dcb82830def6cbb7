import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise, waitFor } from 'xstate';
import { agentTurnInput, createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { nativeToolUsePrompt } from '../../src/protocol/native-tool-prompt.js';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { agentTurnStatePaths } from '../../machines/graph/agent-turn-state-paths.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import { machineToMermaid } from '../../machines/graph/machine-to-mermaid.js';
import { selectView } from '../../machines/view/select-view.js';
import { clineThinkProtocol } from '../../src/protocol/index.js';
import { createScriptedClient, reply } from '../support/scripted-client.js';

const READ_A = '<read_file>\n<path>a.ts</path>\n</read_file>';
const WRITE = '<write_to_file>\n<path>w.ts</path>\n<content>\nx\n</content>\n</write_to_file>';
const DONE = '<attempt_completion>\n<result>fin</result>\n</attempt_completion>';

describe('selectView', () => {
  it('shows each block with its status as the turn goes on', async () => {
    let finish: ((o: ExecuteToolOutput) => void) | undefined;
    const machine = agentTurnMachine.provide({
      actors: {
        chat: fromCallback(() => {}),
        executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(() => new Promise((r) => (finish = r))),
      },
    });
    const actor = createActor(machine, {
      input: {
        client: createScriptedClient([]),
        model: 'm',
        messages: [],
        approval: ['write_to_file'],
        toolsPerMessage: 'sequential',
      },
    }).start();
    actor.send({ type: 'CHAT.CHUNKS', events: [{ type: 'reasoning', text: 'plan the work' }] });
    let view = selectView(actor.getSnapshot());
    expect(view.state).toBe('request.streaming');
    expect(view.blocks).toEqual([
      {
        key: '0:0',
        request: 1,
        type: 'reasoning',
        reasoning: 'plan the work',
        tokens: 4,
        estimated: true,
        status: 'streaming',
      },
    ]);

    actor.send({
      type: 'CHAT.CHUNKS',
      events: [{ type: 'text', text: `Reading. ${READ_A} then ${WRITE.slice(0, 20)}` }],
    });
    view = selectView(actor.getSnapshot());
    expect(view.state).toBe('request.executingTool');
    expect(view.blocks.map((b) => b.status)).toEqual(['complete', 'complete', 'running', 'complete', 'streaming']);
    expect(view.currentStreamingContentIndex).toBe(2);

    finish!({ content: 'A', isError: false });
    await waitFor(actor, (s) => s.matches({ request: 'streaming' }));
    actor.send({ type: 'CHAT.CHUNKS', events: [{ type: 'text', text: WRITE.slice(20) }] });
    view = selectView(actor.getSnapshot());
    expect(view.state).toBe('request.awaitingApproval');
    expect(view.blocks.map((b) => b.status)).toEqual(['complete', 'complete', 'done', 'complete', 'awaiting-approval']);
    expect(view.blocks[2]).toMatchObject({ type: 'tool_use', name: 'read_file', result: 'A', isError: false });

    actor.send({ type: 'REJECT' });
    view = selectView(actor.getSnapshot());
    // The rejection stops the presentation; the rest of the stream is read for its end.
    expect(view).toMatchObject({ state: 'request.draining', phase: 'closing' });
    expect(view.blocks.map((b) => b.status)).toEqual(['complete', 'complete', 'done', 'complete', 'rejected']);
    actor.send({ type: 'CHAT.END' });
    view = selectView(actor.getSnapshot());
    expect(view.requests).toHaveLength(2); // the first, recorded; the next, streaming
    expect(view.requests[0].blocks.map((b) => b.status)).toEqual([
      'complete',
      'complete',
      'done',
      'complete',
      'rejected',
    ]);
    expect(view.requests[1].status).toBe('streaming');
    actor.send({ type: 'ABORT' });
    view = selectView(actor.getSnapshot());
    expect(view).toMatchObject({ state: 'aborted', done: true, reason: 'aborted' });
    expect(agentTurnStatePaths).toContain(view.state);
  });
});

describe('machineToMermaid and agentTurnStatePaths', () => {
  it('draws every state and transition of the definition', () => {
    const diagram = machineToMermaid(agentTurnMachine);
    expect(diagram.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const path of agentTurnStatePaths) expect(diagram).toContain(path.replace('.', '_'));
    expect(diagram).toContain('request_streaming --> request_toolReady : always [atCompleteTool]');
    expect(diagram).toContain('request_toolReady --> request_executingTool : always');
    expect(diagram).toContain('request_streaming --> request_draining : always [atCompletionTool]');
    expect(diagram).toContain('request_draining --> finalizing : always [isReadingOver]');
    expect(diagram).toContain('request_draining --> finalizing : after drainGrace');
    expect(diagram).toContain('request_streamFailed --> retrying : always [shouldRetry]');
    expect(diagram).toContain('request_executingTool --> request_streaming : done: executeTool');
    expect(diagram).toContain('retrying --> fittingContext : after retryDelay');
    expect(diagram).toContain('fittingContext --> request : always [overContextBudget]');
    expect(diagram).toContain('request_streamFailed --> fittingContext : always [contextTooLong]');
    expect(diagram).toContain('starting --> resumed_executingTool : always [resumesIdempotentTool]');
    expect(diagram).toContain('resumed_awaitingApproval --> resumed_executingTool : APPROVE');
    expect(diagram).toContain('any_state --> aborted : ABORT');
    expect(diagram).toContain('done --> [*]');
    expect(agentTurnStatePaths).toEqual([
      'starting',
      'resumed',
      'resumed.awaitingApproval',
      'resumed.executingTool',
      'fittingContext',
      'request',
      'request.requesting',
      'request.streaming',
      'request.toolReady',
      'request.checkingTool',
      'request.reviewingTool',
      'request.streamFailed',
      'request.draining',
      'request.awaitingApproval',
      'request.executingTool',
      'finalizing',
      'checkingStop',
      'recursing',
      'retrying',
      'done',
      'aborted',
      'failed',
    ]);
  });
});

describe('createAgentTurnActor', () => {
  it('adds the tool-use system prompt listing the provided tools, unless a system message is given', () => {
    const tools = { read_file: async () => '', web_fetch: async () => '' };
    const input = agentTurnInput({
      client: createScriptedClient([]),
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools,
    });
    expect(input.messages).toHaveLength(2);
    const prompt = input.messages[0].content!;
    expect(input.messages[0].role).toBe('system');
    expect(prompt).toContain('## read_file');
    expect(prompt).toContain('## web_fetch');
    expect(prompt).toContain('## attempt_completion');
    const own = agentTurnInput({
      client: createScriptedClient([]),
      model: 'm',
      messages: [{ role: 'system', content: 'mine' }],
      tools,
    });
    expect(own.messages).toEqual([{ role: 'system', content: 'mine' }]);
  });

  it('puts the instructions before the tool-use prompt, alone with native tools, or before a given system message', () => {
    const tools = { read_file: async () => '' };
    const base = { client: createScriptedClient([]), model: 'm', tools, instructions: 'You are careful.' };
    const tagged = agentTurnInput({ ...base, messages: [{ role: 'user', content: 'hi' }] });
    const plain = agentTurnInput({ ...base, instructions: undefined, messages: [{ role: 'user', content: 'hi' }] });
    expect(tagged.messages[0]).toEqual({ role: 'system', content: `You are careful.\n\n${plain.messages[0].content}` });
    const native = agentTurnInput({ ...base, nativeTools: true, messages: [{ role: 'user', content: 'hi' }] });
    // With native tools the instructions come first, then the rules the tag prompt would state (no tag format).
    expect(native.messages).toEqual([
      { role: 'system', content: `You are careful.\n\n${nativeToolUsePrompt({ endTurn: 'text' })}` },
      { role: 'user', content: 'hi' },
    ]);
    expect(native.messages[0].content).toContain('Call one tool per message');
    expect(native.messages[0].content).toContain('call attempt_completion');
    expect(native.messages[0].content).not.toContain('<tool_name>');
    const sequential = agentTurnInput({
      ...base,
      nativeTools: true,
      toolsPerMessage: 'sequential',
      instructions: undefined,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(sequential.messages[0]).toEqual({
      role: 'system',
      content: nativeToolUsePrompt({ toolsPerMessage: 'sequential', endTurn: 'text' }),
    });
    expect(sequential.messages[0].content).toContain('several tools in one message');
    expect(native.toolDefinitions?.map((d) => d.function.name).sort()).toEqual(['attempt_completion', 'read_file']);
    const own = agentTurnInput({
      ...base,
      messages: [
        { role: 'system', content: 'mine' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(own.messages).toEqual([
      { role: 'system', content: 'You are careful.\n\nmine' },
      { role: 'user', content: 'hi' },
    ]);
  });

  it('with nativeTools sends OpenAI tools instead of the tag prompt, and the rules in a system message', async () => {
    const client = createScriptedClient([reply(DONE)]);
    const actor = createAgentTurnActor({
      client,
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: { read_file: async () => 'x' },
      nativeTools: true,
    });
    actor.start();
    await toPromise(actor);
    expect(client.requests[0].messages).toEqual([
      { role: 'system', content: nativeToolUsePrompt({ endTurn: 'text' }) },
      { role: 'user', content: 'hi' },
    ]);
    expect(client.requests[0].tools?.map((t) => t.function.name).sort()).toEqual(['attempt_completion', 'read_file']);
    expect(client.requests[0].stream).toBe(true);
  });

  it("'one' tool per message cancels the stream when the model writes on past the drain's limit", async () => {
    const client = createScriptedClient([
      { events: [{ type: 'text', text: `${READ_A} more text` }], hang: true },
      reply(DONE),
    ]);
    const out = await toPromise(
      createAgentTurnActor({
        client,
        model: 'm',
        messages: [{ role: 'system', content: 's' }],
        tools: { read_file: async () => 'x' },
        drain: { maxChars: 5 },
      }).start(),
    );
    expect(client.signals[0].aborted).toBe(true);
    expect(out.reason).toBe('completed');
    expect(out.result).toBe('fin');
    expect(out.requests[0].content).toBe(`${READ_A} more text`); // what arrived before the stop is kept
    expect(client.requests[1].messages.at(-1)?.content).toContain('cut short after its first tool use');
  });

  it("'one' tool per message reads on after the first tool for the finish reason and usage", async () => {
    const usage = { promptTokens: 40, completionTokens: 12, totalTokens: 52 };
    const client = createScriptedClient([
      {
        events: [
          { type: 'text', text: `${READ_A}\n\n` },
          { type: 'finish', reason: 'stop' },
          { type: 'usage', usage },
        ],
      },
      reply(DONE),
    ]);
    const out = await toPromise(
      createAgentTurnActor({
        client,
        model: 'm',
        messages: [{ role: 'system', content: 's' }],
        tools: { read_file: async () => 'x' },
      }).start(),
    );
    expect(out.requests[0]).toMatchObject({ status: 'complete', finishReason: 'stop', usage });
    expect(out.requests[0].toolResults).toEqual([expect.objectContaining({ status: 'done', content: 'x' })]);
    // Whitespace after the tool is not writing on: no correction for the model.
    expect(JSON.stringify(client.requests[1].messages)).not.toContain('cut short');
  });

  it("'one' tool per message gives up on a silent stream after the drain's grace, without a correction", async () => {
    const client = createScriptedClient([{ events: [{ type: 'text', text: `${READ_A}\n` }], hang: true }, reply(DONE)]);
    const out = await toPromise(
      createAgentTurnActor({
        client,
        model: 'm',
        messages: [{ role: 'system', content: 's' }],
        tools: { read_file: async () => 'x' },
        drain: { graceMs: 5 },
      }).start(),
    );
    expect(client.signals[0].aborted).toBe(true);
    expect(out.reason).toBe('completed');
    expect(out.requests[0].toolResults).toEqual([expect.objectContaining({ status: 'done', content: 'x' })]);
    expect(JSON.stringify(client.requests[1].messages)).not.toContain('cut short');
  });

  it('approval: true asks before every tool', async () => {
    const client = createScriptedClient([reply(READ_A), reply(DONE)]);
    const actor = createAgentTurnActor({
      client,
      model: 'm',
      messages: [{ role: 'system', content: 's' }],
      tools: { read_file: async () => 'x' },
      approval: true,
    });
    actor.start();
    await waitFor(actor, (s) => s.matches({ request: 'awaitingApproval' }));
    actor.send({ type: 'APPROVE' });
    const out = await toPromise(actor);
    expect(out.requests[0].toolResults[0]).toMatchObject({ status: 'done', content: 'x' });
  });
});

describe('toolUsePrompt and nativeToolDefinitions', () => {
  it('describe only the tools in use, with their real parameters', async () => {
    const { toolUsePrompt, nativeToolDefinitions } = await import('../../src/protocol/index.js');
    const prompt = toolUsePrompt(clineThinkProtocol);
    expect(prompt).toContain('<read_file>\n<path>src/index.ts</path>\n</read_file>');
    expect(prompt).not.toContain('## browser_action');
    expect(prompt).not.toContain('coordinate');
    expect(prompt).toContain('<think>');
    const defs = nativeToolDefinitions(clineThinkProtocol);
    const write = defs.find((d) => d.function.name === 'write_to_file')!;
    expect(write.function.parameters).toEqual({
      type: 'object',
      properties: {
        path: expect.objectContaining({ type: 'string' }),
        content: expect.objectContaining({ type: 'string' }),
      },
      required: ['path', 'content'],
      additionalProperties: false,
    });
    expect(defs.map((d) => d.function.name).sort()).toEqual([
      'ask_followup_question',
      'attempt_completion',
      'execute_command',
      'list_files',
      'read_file',
      'replace_in_file',
      'search_files',
      'write_to_file',
    ]);
  });
});
