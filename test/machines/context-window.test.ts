// Long turns against a small context window: the history is cut as Cline does (task kept, oldest
// whole exchanges dropped, one sentence for the model), the scripted model refuses any oversized
// prompt with OpenAI's real error, and a turn that reads every file of a folder completes.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createAgentTurnActor, runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { selectView } from '../../machines/view/select-view.js';
import { screenBlocks } from '../../app/cli/display/screen-blocks.js';
import { turnItems } from '../../app/web/conversation/turn-items.js';
import { createMemoryTools, createMemoryWorkspace } from '../../app/tools/memory/index.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createScriptedModel } from '../../scripted/index.js';
import { countPromptTokens } from '../../scripted/endpoint/scripted-tokens.js';
import { registerModelProfile } from '../../src/profiles/profiles.js';
import { HISTORY_TRUNCATED_NOTE } from '../../src/window/truncate-history.js';
import type { ChatRequest } from '../../src/wire/types.js';
import { TEST_WIRE } from '../support/test-wire.js';

const WINDOW = 6000;

/**
 * On the Anthropic wire every request carries `max_tokens` (the turn's reply reserve, 800 here), so
 * the scripted model checks prompt + 800 against the window, as Anthropic does; the turn's estimate
 * of a prompt, calibrated from the provider's count of a body of another shape, may be a few
 * tokens over its budget there. Such a refusal must be recovered at once by a harder cut. On the
 * other wires no `max_tokens` goes and no prompt is refused.
 */
const REFUSALS_ALLOWED = TEST_WIRE === 'anthropic-messages';

/** The code of the provider's context-length error on the suite's wire. */
const CONTEXT_ERROR_CODE = TEST_WIRE === 'anthropic-messages' ? 'invalid_request_error' : 'context_length_exceeded';
registerModelProfile({
  id: 'tiny-window',
  description: 'A test model with a 6,000-token window.',
  reasoning: 'none',
  inactiveKey: 'absent',
  structured: { jsonSchema: 'unknown', jsonObject: true },
  contextWindow: WINDOW,
  maxOutputTokens: 800,
});

function sourceFiles(count: number, lines: number): Record<string, string> {
  const files: Record<string, string> = { 'README.md': '# Project\n' };
  for (let i = 1; i <= count; i++) {
    const body = Array.from(
      { length: lines },
      (_, l) => `export const value${i}_${l} = ${i * 1000 + l}; // line ${l} of module ${i}`,
    );
    files[`src/module${String(i).padStart(2, '0')}.ts`] = [`// module ${i}`, ...body].join('\n');
  }
  return files;
}

async function readEverything(options: { nativeTools?: boolean; count?: number; contextWindow?: number } = {}) {
  const sent: ChatRequest[] = [];
  const fetch = createScriptedModel({ pace: 0, onRequest: (r) => sent.push(r) });
  const client = createChatClient({
    wire: TEST_WIRE,
    baseURL: 'http://scripted.local/v1',
    fetch,
    maxRetries: 0,
  } as never);
  const ws = createMemoryWorkspace(sourceFiles(options.count ?? 12, 25));
  const output = await runAgentTurn({
    client,
    model: 'scripted:tiny-window',
    messages: [{ role: 'user', content: 'Read every file in src/ and summarize them.' }],
    tools: createMemoryTools(ws),
    nativeTools: options.nativeTools,
    maxRequests: 40,
    retry: { delaysMs: [] },
    ...(options.contextWindow !== undefined ? { contextWindow: options.contextWindow } : {}),
  });
  return { output, sent };
}

describe('the context window', () => {
  for (const nativeTools of [false, true]) {
    it(`reads every file in src/ through a ${WINDOW}-token window, never sending too much (${nativeTools ? 'native' : 'tag'} tools)`, async () => {
      const { output, sent } = await readEverything({ nativeTools });
      expect(output.reason).toBe('completed');
      for (let i = 1; i <= 12; i++)
        expect(output.result).toContain(`src/module${String(i).padStart(2, '0')}.ts (26 lines`);
      // Every prompt fitted: the scripted model would have refused it, and none failed.
      const sizes = sent.map((r) => countPromptTokens(r.messages, r.tools));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(WINDOW);
      const failed = output.requests.filter((r) => r.status === 'failed');
      if (!REFUSALS_ALLOWED) expect(failed).toEqual([]);
      for (const r of failed) {
        expect(r.error?.providerMessage).toMatch(/exceed context limit/);
        expect(output.requests[r.index + 1]).toMatchObject({ attempt: r.attempt + 1, status: 'complete' });
      }
      // The history was cut, the task kept, the note said once.
      expect(output.droppedMessages).toBeGreaterThan(0);
      expect(output.truncations.length).toBeGreaterThan(0);
      const last = sent.at(-1)!.messages;
      // The turn's own history (the wire's body may fold neighbouring user messages into one).
      expect(output.messages.filter((m) => m.role === 'user')[0].content).toContain('Read every file in src/');
      expect(output.messages.filter((m) => m.content === HISTORY_TRUNCATED_NOTE)).toHaveLength(1);
      // A tool result is never separated from its call.
      for (const request of sent) {
        const ids = new Set(request.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)));
        for (const m of request.messages) if (m.role === 'tool') expect(ids.has(m.tool_call_id!)).toBe(true);
        const firstAfterHead = request.messages.findIndex((m, i) => i > 0 && m.role === 'assistant');
        if (firstAfterHead > 0) expect(request.messages[firstAfterHead - 1].role).toBe('user');
      }
      // The output's history is the history as sent (plus the last reply).
      // (Read back from another wire's body, the history is that body's shape, not the turn's.)
      if (TEST_WIRE === 'chat-completions') expect(output.messages.slice(0, last.length)).toEqual(last);
      console.log(
        `${nativeTools ? 'native' : 'tag'}: ${sent.length} requests, largest prompt ${Math.max(...sizes)} of ${WINDOW} tokens, ${output.droppedMessages} messages dropped in ${output.truncations.length} cuts`,
      );
    });
  }

  it('a provider that says the prompt is too long gets a harder cut and one more try, not counted as a failed attempt', async () => {
    // The turn believes the window is 60,000 tokens; the model's is 6,000: only the provider's error tells.
    const { output, sent } = await readEverything({ contextWindow: 60_000 });
    expect(output.reason).toBe('completed');
    const failed = output.requests.filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) {
      expect(r.error?.status).toBe(400);
      expect(r.error?.providerCode).toBe(CONTEXT_ERROR_CODE);
      // The very next attempt is the same request number, sent after a harder cut.
      const next = output.requests[r.index + 1];
      expect(next.attempt).toBe(r.attempt + 1);
      expect(next.status).not.toBe('failed');
      expect(output.truncations.find((t) => t.beforeRequest === r.index + 1)?.afterError).toBe(true);
    }
    // maxRequests counts requests, not the retries after a context error.
    expect(output.requests.filter((r) => r.attempt === 0).length).toBe(14);
    expect(sent.length).toBe(14 + failed.length);
    console.log(
      `provider errors: ${failed.length} refused prompts, each cut harder and sent again; ${output.droppedMessages} messages dropped`,
    );
  });

  it("on the Anthropic wire the body's max_tokens is the turn's reply reserve (the room the budget left), not 8192", async () => {
    const model = createScriptedModel({ pace: 0 });
    const client = createChatClient({ wire: 'anthropic-messages', baseURL: 'http://scripted.local/v1', fetch: model });
    const run = (requestOptions?: { max_tokens: number }) =>
      runAgentTurn({
        client,
        model: 'scripted:tiny-window',
        messages: [{ role: 'user', content: 'Read README.md' }],
        tools: createMemoryTools(createMemoryWorkspace(sourceFiles(1, 5))),
        ...(requestOptions ? { requestOptions } : {}),
      });
    expect((await run()).reason).toBe('completed');
    const reserved = model.wireRequests.map((r) => r.body.max_tokens);
    expect(new Set(reserved)).toEqual(new Set([800]));
    // A request's own max_tokens is the reserve, and goes as it is.
    expect((await run({ max_tokens: 300 })).reason).toBe('completed');
    expect(new Set(model.wireRequests.slice(reserved.length).map((r) => r.body.max_tokens))).toEqual(new Set([300]));
  });

  it('selectView reports each cut at its request, and the CLI and the page show it in one line', async () => {
    const fetch = createScriptedModel({ pace: 0 });
    const client = createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.local/v1', fetch });
    const actor = createAgentTurnActor({
      client,
      model: 'scripted:tiny-window',
      messages: [{ role: 'user', content: 'Read every file in src/ and summarize them.' }],
      tools: createMemoryTools(createMemoryWorkspace(sourceFiles(12, 25))),
      maxRequests: 40,
    });
    const done = toPromise(actor);
    actor.start();
    const output = await done;
    const view = selectView(actor.getSnapshot());
    expect(view.context.window).toBe(WINDOW);
    expect(view.context.budget).toBe(WINDOW - 800);
    expect(view.context.droppedMessages).toBe(output.droppedMessages);
    expect(view.context.truncations.map((t) => t.dropped)).toEqual(output.truncations.map((t) => t.dropped));
    const first = view.context.truncations[0];
    expect(first.request).toBe(view.requests[first.requestIndex].number);
    expect(first.summary).toMatch(
      /^To fit the context window, \d+ earlier messages were removed \(about [\d,]+ → [\d,]+ tokens\)\.$/,
    );
    // A prompt the provider refused (see REFUSALS_ALLOWED) is told as a retry between the cuts.
    const notices = screenBlocks(view)
      .filter((b) => b.type === 'notice')
      .filter((n) => !n.text.startsWith('attempt '));
    expect(notices.map((n) => n.text)).toEqual(view.context.truncations.map((t) => t.summary));
    expect(turnItems(view).filter((i) => i.kind === 'divider' && i.label.startsWith('✂'))).toHaveLength(
      view.context.truncations.length,
    );
  });
});
