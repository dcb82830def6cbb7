// `agent-turn serve` driven by AG-UI's own client (@ag-ui/client's HttpAgent): a turn that reads,
// stops at the write's interrupt, is resumed with the approval and writes; a run whose client
// aborts while the approved command runs (the turn is cancelled, the command killed); a resume
// without the turn's secret refused. At pace 0 and at a real pace with random chunk boundaries.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpAgent, type BaseEvent } from '@ag-ui/client';
import { afterAll, describe, expect, it } from 'vitest';
import { exists, FILES, PACES, SLOW_COMMAND_TASK, startTestTurnServer } from './turn-server-harness.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function serverAt(pace: (typeof PACES)[number]) {
  const served = await startTestTurnServer(await pace.args(cleanups));
  cleanups.push(served.close);
  return served;
}

function agentFor(url: string, task: string) {
  const agent = new HttpAgent({ url: `${url}/ag-ui` });
  agent.addMessage({ id: 'user-1', role: 'user', content: task });
  return agent;
}

describe.concurrent('agent-turn serve with @ag-ui/client', () => {
  for (const pace of PACES) {
    it(`reads, stops at the write's interrupt, resumes with the approval and writes (${pace.name})`, async () => {
      const served = await serverAt(pace);
      const agent = agentFor(served.server.url, 'Read README.md and write notes.md with what it says');
      const events: BaseEvent[] = [];
      const first = await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) });
      expect(first).toBeDefined();
      // The run ended at the write's approval: one interrupt, nothing written yet.
      expect(agent.pendingInterrupts).toHaveLength(1);
      const [interrupt] = agent.pendingInterrupts;
      expect(interrupt).toMatchObject({ reason: 'tool_approval', message: 'Approve write_to_file notes.md?' });
      expect(await exists(path.join(served.root, 'notes.md'))).toBe(false);
      const types = events.map((e) => e.type);
      expect(types[0]).toBe('RUN_STARTED');
      expect(types.at(-1)).toBe('RUN_FINISHED');
      expect(types).toContain('REASONING_MESSAGE_CONTENT');
      // The read happened, its result among the events; the agent's messages hold its tool call.
      const results = events.filter((e) => e.type === 'TOOL_CALL_RESULT') as unknown as { content: string }[];
      expect(results.some((r) => r.content.includes('A tiny project that greets people.'))).toBe(true);
      const calls = agent.messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []));
      expect(calls.map((c) => c.function.name)).toEqual(['list_files', 'read_file', 'write_to_file']);
      expect(JSON.parse(calls[2].function.arguments)).toMatchObject({ path: 'notes.md' });

      const resumed: BaseEvent[] = [];
      await agent.runAgent(
        { resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { approved: true } }] },
        { onEvent: ({ event }) => void resumed.push(event) },
      );
      expect(agent.pendingInterrupts).toEqual([]);
      const finished = resumed.at(-1) as unknown as { type: string; outcome?: { type: string }; result?: unknown };
      expect(finished).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
      expect(finished.result).toMatchObject({ reason: 'completed' });
      const notes = await readFile(path.join(served.root, 'notes.md'), 'utf8');
      expect(notes).toContain('It really ends here.');
      expect(await readFile(path.join(served.root, 'README.md'), 'utf8')).toBe(FILES['README.md']);
      const text = agent.messages
        .filter((m) => m.role === 'assistant')
        .map((m) => (typeof m.content === 'string' ? m.content : ''))
        .join('\n');
      expect(text).toContain("Now I'll read README.md.");
      expect(await served.ended()).toMatchObject({ protocol: 'ag-ui', reason: 'completed' });
    }, 60_000);
  }

  for (const pace of PACES) {
    it(`aborting the run cancels the turn: the approved command is killed, nothing after it runs (${pace.name})`, async () => {
      const served = await serverAt(pace);
      const agent = agentFor(served.server.url, SLOW_COMMAND_TASK);
      await agent.runAgent();
      const [interrupt] = agent.pendingInterrupts;
      expect(interrupt).toMatchObject({ reason: 'tool_approval' });
      // Approved; once the resumed run has started (the command runs), the client aborts it.
      const aborted = agent
        .runAgent(
          { resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { approved: true } }] },
          { onRunStartedEvent: () => agent.abortRun() },
        )
        .then(
          () => 'resolved',
          () => 'rejected',
        );
      expect(await served.ended()).toMatchObject({ protocol: 'ag-ui', reason: 'aborted' });
      await aborted;
      // The command would have written done.txt after 2 s: killed with the turn, it never does.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await exists(path.join(served.root, 'done.txt'))).toBe(false);
    }, 60_000);
  }

  it('refuses a resume whose interrupt id lacks the turn secret, and an interrupt of no turn', async () => {
    const served = await serverAt(PACES[0]);
    const agent = agentFor(served.server.url, 'Write notes.md');
    await agent.runAgent();
    const [interrupt] = agent.pendingInterrupts;
    const forged = interrupt.id.replace(/:[^:]+:/, ':not-the-secret:');
    const post = (resume: unknown) =>
      fetch(`${served.server.url}/ag-ui`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ threadId: agent.threadId, runId: 'r2', messages: [], resume }),
      });
    const wrong = await post([{ interruptId: forged, status: 'resolved', payload: { approved: true } }]);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: 'wrong-secret' } });
    const none = await post([{ interruptId: 'x:y:z', status: 'resolved', payload: { approved: true } }]);
    expect(none.status).toBe(409);
    expect(await exists(path.join(served.root, 'notes.md'))).toBe(false);
    // The real id still works.
    await agent.runAgent({ resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { approved: true } }] });
    expect(await exists(path.join(served.root, 'notes.md'))).toBe(true);
  }, 60_000);
});
