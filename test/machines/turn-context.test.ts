// The turn's context: options and their defaults, the request sent for the history, and whether a
// tool of the reply already started (which forbids a silent retry).
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnInput, ToolOutcome } from '../../machines/machine/agent-turn-types.js';
import {
  anyToolStarted,
  chatRequestOf,
  freshReply,
  initialContext,
  needsApproval,
  pendingToolAtIndex,
  resolveTurnOptions,
} from '../../machines/machine/turn-context.js';
import type { ToolUse } from '../../src/parser/blocks.js';
import { clineProtocol, clineThinkProtocol, SAFE_DIALECTS } from '../../src/protocol/index.js';
import { ChatError } from '../../src/wire/errors.js';
import { createScriptedClient, reply, textEvents, type ScriptedReply } from '../support/scripted-client.js';
import { withDialects } from '../../src/parser/index.js';

const READ_A = '<read_file>\n<path>a.ts</path>\n</read_file>';
const DONE = '<attempt_completion>\n<result>All done.</result>\n</attempt_completion>';

function input(client = createScriptedClient([]), extra: Partial<AgentTurnInput> = {}): AgentTurnInput {
  return { client, model: 'm', messages: [{ role: 'user', content: 'task' }], ...extra };
}

describe('the request sent', () => {
  it('carries requestOptions, with the model, history, streaming and usage that the turn sets', async () => {
    const client = createScriptedClient([reply(DONE)]);
    await toPromise(
      createActor(agentTurnMachine, {
        input: input(client, { requestOptions: { temperature: 0.2, max_tokens: 512, top_p: 0.9 } }),
      }).start(),
    );
    expect(client.requests[0]).toEqual({
      temperature: 0.2,
      max_tokens: 512,
      top_p: 0.9,
      model: 'm',
      messages: [{ role: 'user', content: 'task' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('requestOptions cannot override what the turn sets', () => {
    const request = chatRequestOf(
      initialContext(
        input(undefined, {
          requestOptions: { stream: false, model: 'other', stream_options: { include_usage: false } } as never,
        }),
      ),
    );
    expect(request).toMatchObject({ model: 'm', stream: true, stream_options: { include_usage: true } });
  });

  it('lists tools only when there are tool definitions', () => {
    const tool = { type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } };
    expect(chatRequestOf(initialContext(input(undefined, { toolDefinitions: [tool] }))).tools).toEqual([tool]);
    expect('tools' in chatRequestOf(initialContext(input(undefined, { toolDefinitions: [] })))).toBe(false);
    expect('tools' in chatRequestOf(initialContext(input()))).toBe(false);
  });
});

describe('options', () => {
  it('defaults: 20 requests, one tool per message, no approval, attempt_completion, 3 retries, 3 mistakes', () => {
    const o = resolveTurnOptions(input());
    expect(o).toMatchObject({
      maxRequests: 20,
      toolsPerMessage: 'one',
      approval: [],
      completionTool: 'attempt_completion',
      retryDelaysMs: [2000, 4000, 8000],
      maxConsecutiveMistakes: 3,
      startInReasoning: false,
      drain: { graceMs: 3000, maxChars: 300 },
    });
    expect(o.retryOn(new ChatError('network', 'x', { retryable: true }))).toBe(true);
    expect(o.retryOn(new ChatError('http', 'x', { retryable: false }))).toBe(false);
  });

  it('limits below one count as one; approval lists are copied, true and false kept', () => {
    expect(
      resolveTurnOptions(input(undefined, { maxRequests: 0, nudge: { maxConsecutiveMistakes: -2 } })),
    ).toMatchObject({
      maxRequests: 1,
      maxConsecutiveMistakes: 1,
    });
    const list = ['write_to_file'];
    const o = resolveTurnOptions(input(undefined, { approval: list }));
    expect(o.approval).toEqual(['write_to_file']);
    expect(o.approval).not.toBe(list);
    expect(resolveTurnOptions(input(undefined, { approval: true })).approval).toBe(true);
    expect(resolveTurnOptions(input(undefined, { approval: false })).approval).toEqual([]);
  });
});

describe('options given', () => {
  it('each option given is the one the turn uses', () => {
    const retryOn = () => false;
    const newIdPrefix = () => 'fixed';
    const o = resolveTurnOptions(
      input(undefined, {
        maxRequests: 5,
        toolsPerMessage: 'sequential',
        completionTool: 'finish',
        retry: { delaysMs: [1, 2], retryOn, maxRetryAfterMs: 9 },
        nudge: { maxConsecutiveMistakes: 7 },
        startInReasoning: true,
        drain: { graceMs: 11, maxChars: 12 },
        idempotentTools: ['ls'],
        idPrefix: newIdPrefix,
      }),
    );
    expect(o).toMatchObject({
      maxRequests: 5,
      toolsPerMessage: 'sequential',
      completionTool: 'finish',
      retryDelaysMs: [1, 2],
      maxRetryAfterMs: 9,
      maxConsecutiveMistakes: 7,
      startInReasoning: true,
      drain: { graceMs: 11, maxChars: 12 },
      idempotentTools: ['ls'],
    });
    expect(o.retryOn).toBe(retryOn);
    expect(o.newIdPrefix).toBe(newIdPrefix);
  });

  it('defaults: a Retry-After of at most a minute, the reading tools idempotent, a fresh 10-character id prefix per reply', () => {
    const o = resolveTurnOptions(input());
    expect(o.maxRetryAfterMs).toBe(60_000);
    expect(o.idempotentTools).toEqual(['read_file', 'list_files', 'search_files']);
    const a = o.newIdPrefix();
    expect(a).toMatch(/^[\w-]{10}$/);
    expect(o.newIdPrefix()).not.toBe(a);
  });

  it("the context window and the reply's room: a positive whole number given wins over the model's profile", () => {
    // an unknown model gets the default profile: 128,000 tokens, 8,192 for the reply
    expect(resolveTurnOptions(input())).toMatchObject({ contextWindow: 128_000, maxOutputTokens: 8_192 });
    expect(resolveTurnOptions(input(undefined, { contextWindow: 50_000, maxOutputTokens: 1_000 }))).toMatchObject({
      contextWindow: 50_000,
      maxOutputTokens: 1_000,
    });
    for (const bad of [0, -5, 1.5, Number.NaN])
      expect(
        resolveTurnOptions(input(undefined, { contextWindow: bad, maxOutputTokens: bad })),
        String(bad),
      ).toMatchObject({
        contextWindow: 128_000,
        maxOutputTokens: 8_192,
      });
    expect(resolveTurnOptions(input(undefined, { contextWindow: 1, maxOutputTokens: 1 }))).toMatchObject({
      contextWindow: 1,
      maxOutputTokens: 1,
    });
  });

  it("the reply's room is never the whole window: at most the window less one token, at least one", () => {
    expect(resolveTurnOptions(input(undefined, { contextWindow: 4_000 })).maxOutputTokens).toBe(3_999);
    expect(resolveTurnOptions(input(undefined, { contextWindow: 4_000, maxOutputTokens: 4_000 })).maxOutputTokens).toBe(
      3_999,
    );
    expect(resolveTurnOptions(input(undefined, { contextWindow: 4_000, maxOutputTokens: 3_998 })).maxOutputTokens).toBe(
      3_998,
    );
    expect(resolveTurnOptions(input(undefined, { contextWindow: 1 })).maxOutputTokens).toBe(1);
  });

  it("lists given are copied: changing the caller's array later changes nothing", () => {
    const delaysMs = [5];
    const idempotentTools = ['ls'];
    const o = resolveTurnOptions(input(undefined, { retry: { delaysMs }, idempotentTools }));
    delaysMs.push(6);
    idempotentTools.push('rm');
    expect(o.retryDelaysMs).toEqual([5]);
    expect(o.idempotentTools).toEqual(['ls']);
  });
});

describe('whether a tool of the reply started', () => {
  const outcomes = (status: ToolOutcome['status']) => ({
    ...initialContext(input()),
    toolOutcomes: { call_1: { status } },
  });

  it('running, done, errored and rejected tools count; awaiting approval, skipped, cut off and none do not', () => {
    for (const status of ['running', 'done', 'error', 'rejected'] as const)
      expect(anyToolStarted(outcomes(status)), status).toBe(true);
    for (const status of ['awaiting-approval', 'skipped', 'cut-off'] as const)
      expect(anyToolStarted(outcomes(status)), status).toBe(false);
    expect(anyToolStarted(initialContext(input()))).toBe(false);
  });

  it('a retryable failure after a tool errored is not retried: the reply and the error result go to the model', async () => {
    const failing: ScriptedReply = {
      events: textEvents(READ_A, ' and then'),
      error: new ChatError('network', 'connection reset', { retryable: true }),
    };
    const client = createScriptedClient([failing, reply(DONE)]);
    const out = await toPromise(
      createActor(agentTurnMachine, {
        input: input(client, {
          tools: { read_file: async () => ({ content: 'no such file', isError: true }) },
          toolsPerMessage: 'sequential',
          retry: { delaysMs: [0, 0] },
        }),
      }).start(),
    );
    expect(out.reason).toBe('completed');
    expect(out.requests.map((r) => r.attempt)).toEqual([0, 0]); // the second request is the next step, not a retry
    expect(client.requests[1].messages.slice(1)).toEqual([
      { role: 'assistant', content: `${READ_A} and then` },
      { role: 'user', content: expect.stringContaining('<error>\nno such file\n</error>') },
    ]);
  });
});

describe('the context a turn starts with', () => {
  it('holds the input (the history copied), the think-tag protocol by default, no tools, nothing counted yet', () => {
    const messages = [{ role: 'user' as const, content: 'task' }];
    const c = initialContext({ ...input(), messages });
    expect(c.messages).toEqual(messages);
    expect(c.messages).not.toBe(messages);
    expect(c).toMatchObject({
      model: 'm',
      protocol: { tools: clineThinkProtocol.tools, reasoningTags: clineThinkProtocol.reasoningTags },
      tools: {},
      requestOptions: {},
      requests: [],
      requestCount: 0,
      attempt: 0,
      consecutiveMistakes: 0,
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
      sentEstimate: 0,
      droppedMessages: 0,
      truncations: [],
      contextRetried: false,
      replyOpen: false,
    });
    // an unknown model: the safe set of dialects
    expect(c.protocol.dialects).toEqual(SAFE_DIALECTS);
    const chosen = withDialects(clineProtocol, 'none');
    expect(initialContext({ ...input(), protocol: chosen }).protocol).toBe(chosen);
  });

  it('a fresh reply: a new id prefix, nothing read, no block, no outcome, nothing stopped, the reply open', () => {
    const c = { ...initialContext({ ...input(), idPrefix: () => 'r1' }), replyEventCount: 5 };
    const fresh = freshReply(c);
    expect(fresh).toEqual({
      idPrefix: 'r1',
      replyAssembly: expect.anything(),
      replyEventCount: 0,
      chatBacklog: { events: [] },
      blocks: [],
      currentStreamingContentIndex: 0,
      toolOutcomes: {},
      toolInputs: {},
      toolNotes: {},
      heldResult: undefined,
      responded: false,
      streamEnded: false,
      finishReason: undefined,
      streamError: undefined,
      stoppedBy: undefined,
      charsAfterStop: 0,
      readingStopped: false,
      rejectionFeedback: undefined,
      retryWait: undefined,
      replyOpen: true,
      closing: undefined,
    });
    expect(fresh.replyAssembly.options).toEqual({ protocol: c.protocol, idPrefix: 'r1', startInReasoning: false });
  });
});

describe('the block being presented', () => {
  const tool = (partial: boolean, call_id = 'p_0'): ToolUse => ({
    type: 'tool_use',
    name: 'read_file',
    params: { path: 'a' },
    partial,
    call_id,
  });
  const at = (blocks: ToolUse[] | { type: 'text'; content: string; partial: boolean }[], extra = {}) => ({
    ...initialContext(input()),
    blocks,
    currentStreamingContentIndex: 0,
    ...extra,
  });

  it('is a pending tool only when it is a complete tool use without an outcome yet', () => {
    expect(pendingToolAtIndex(at([tool(false)]))).toEqual(tool(false));
    expect(pendingToolAtIndex(at([tool(true)]))).toBeUndefined();
    expect(pendingToolAtIndex(at([{ type: 'text', content: 'hi', partial: false }]))).toBeUndefined();
    expect(pendingToolAtIndex(at([]))).toBeUndefined();
    expect(pendingToolAtIndex(at([tool(false)], { toolOutcomes: { p_0: { status: 'running' } } }))).toBeUndefined();
    expect(pendingToolAtIndex(at([tool(false)], { toolOutcomes: { other: { status: 'done' } } }))).toEqual(tool(false));
  });

  it('needs approval when every tool does, or when its name is listed', () => {
    const ctx = (approval: AgentTurnInput['approval']) => initialContext({ ...input(), approval });
    expect(needsApproval(ctx(true), tool(false))).toBe(true);
    expect(needsApproval(ctx(['read_file']), tool(false))).toBe(true);
    expect(needsApproval(ctx(['write_to_file']), tool(false))).toBe(false);
    expect(needsApproval(ctx(false), tool(false))).toBe(false);
  });
});
