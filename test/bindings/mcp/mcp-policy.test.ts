// Approvals per server and tool (alwaysAllow), and exactly once: an MCP call whose outcome is
// unknown after a crash is not made again unless the tool says it is read-only or idempotent.
import { afterEach, describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../../machines/machine/agent-turn-actor.js';
import { selectView } from '../../../machines/view/select-view.js';
import type { PersistedAgentTurn } from '../../../machines/record/turn-record-types.js';
import { connectMcpServers, type McpServers } from '../../../bindings/mcp/index.js';
import { createScriptedModel } from '../../../scripted/index.js';
import { createChatClient } from '../../../src/wire/index.js';
import { fixtureLog, fixtureServer, tempFolder } from '../../support/mcp-servers.js';
import { TEST_WIRE } from '../../support/test-wire.js';

const opened: McpServers[] = [];
const folders: Array<{ remove: () => void }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
  for (const f of folders.splice(0)) f.remove();
});

function logFile(): string {
  const folder = tempFolder();
  folders.push(folder);
  return `${folder.dir}/received.jsonl`;
}

const client = () =>
  createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.invalid/v1', fetch: createScriptedModel({ pace: 0 }) });
const TASK =
  'Use the MCP tool `echo` of server `fx` with `{"message":"hi"}`, then the MCP tool `add` of server `fx` with `{"a":2,"b":3}`.';

describe('MCP approvals', () => {
  for (const shape of ['tag', 'native'] as const) {
    it(`waits for approval by default and not for a tool in alwaysAllow (${shape} mode)`, async () => {
      const mcp = await connectMcpServers({ fx: { ...fixtureServer('normal'), alwaysAllow: ['add'] } });
      opened.push(mcp);
      expect(mcp.approvalNames(shape)).toEqual([shape === 'tag' ? 'use_mcp_tool:fx/echo' : 'mcp__fx__echo']);
      const actor = createAgentTurnActor(
        mcp.addTo({
          client: client(),
          model: shape === 'native' ? 'scripted:gpt-4.1-mini' : 'scripted',
          nativeTools: shape === 'native',
          messages: [{ role: 'user', content: TASK }],
          tools: {},
        }),
      );
      const asked: Array<{ name: string; params: Record<string, string> }> = [];
      actor.subscribe((s) => {
        const view = selectView(s);
        if (view.phase !== 'awaiting-approval') return;
        const block = view.blocks.find((b) => b.type === 'tool_use' && b.status === 'awaiting-approval');
        if (block?.type !== 'tool_use') return;
        asked.push({ name: block.name, params: block.params });
        queueMicrotask(() => actor.send({ type: 'APPROVE' }));
      });
      const done = toPromise(actor);
      actor.start();
      const out = await done;
      expect(out.reason).toBe('completed');
      expect(asked).toEqual([
        shape === 'tag'
          ? { name: 'use_mcp_tool', params: { server_name: 'fx', tool_name: 'echo', arguments: '{"message":"hi"}' } }
          : { name: 'mcp__fx__echo', params: { message: 'hi' } },
      ]);
      expect(out.result).toContain('MCP fx/echo: Echo: hi');
      expect(out.result).toContain('MCP fx/add: 5');
    }, 30_000);
  }

  it('alwaysAllow: true lets every tool of that server run unasked; a REJECT is said to the model', async () => {
    const mcp = await connectMcpServers({
      fx: fixtureServer('normal'),
      open: { ...fixtureServer('normal'), alwaysAllow: true },
    });
    opened.push(mcp);
    expect(mcp.approvalNames('tag')).toEqual(['use_mcp_tool:fx/echo', 'use_mcp_tool:fx/add']);
    const actor = createAgentTurnActor(
      mcp.addTo({
        client: client(),
        model: 'scripted',
        messages: [
          {
            role: 'user',
            content:
              'Use the MCP tool `add` of server `open` with `{"a":1,"b":1}`, then the MCP tool `add` of server `fx` with `{"a":2,"b":2}`.',
          },
        ],
        tools: {},
      }),
    );
    actor.subscribe((s) => {
      if (s.hasTag('awaiting-approval')) queueMicrotask(() => actor.send({ type: 'REJECT', feedback: 'not that one' }));
    });
    const done = toPromise(actor);
    actor.start();
    const out = await done;
    const results = out.requests.flatMap((r) => r.toolResults);
    expect(results[0]).toMatchObject({ name: 'use_mcp_tool', status: 'done', content: '2' });
    expect(results[1]).toMatchObject({ name: 'use_mcp_tool', status: 'rejected' });
  }, 30_000);
});

describe('MCP calls exactly once across a crash', () => {
  /** Runs the task, keeping the turn's record from the moment the MCP call was running; then resumes it. */
  async function crashWhileRunning(task: string) {
    const log = logFile();
    const mcp = await connectMcpServers({ fx: { ...fixtureServer('normal', log), alwaysAllow: true } });
    opened.push(mcp);
    const first = createAgentTurnActor(
      mcp.addTo({ client: client(), model: 'scripted', messages: [{ role: 'user', content: task }], tools: {} }),
    );
    let record: PersistedAgentTurn | undefined;
    first.subscribe((s) => {
      if (!record && Object.values(s.context.toolOutcomes).some((o) => o.status === 'running'))
        record = JSON.parse(JSON.stringify(first.getPersistedSnapshot())) as PersistedAgentTurn;
    });
    const firstDone = toPromise(first);
    first.start();
    await firstDone; // the call ran (its result is lost with the "crashed" process)
    expect(record?.resume).toBe('running-tool');
    const resumed = createAgentTurnActor({
      ...mcp.addTo({ client: client(), tools: {} }),
      snapshot: record as PersistedAgentTurn,
    });
    const out = await new Promise<Awaited<ReturnType<typeof toPromise<typeof resumed>>>>((resolve, reject) => {
      toPromise(resumed).then(resolve, reject);
      resumed.start();
    });
    const calls = fixtureLog(log).filter((m) => m.method === 'tools/call');
    return { out, calls };
  }

  it('a tool without readOnlyHint/idempotentHint is not called again: its outcome is unknown', async () => {
    const { out, calls } = await crashWhileRunning('Use the MCP tool `echo` of server `fx` with `{"message":"once"}`.');
    expect(calls).toHaveLength(1);
    const result = out.requests.flatMap((r) => r.toolResults).find((r) => r.name === 'use_mcp_tool');
    expect(result?.isError).toBe(true);
    expect(result?.content).toMatch(/outcome is unknown/i);
  }, 30_000);

  it('a tool marked readOnlyHint is called again after the crash', async () => {
    const { out, calls } = await crashWhileRunning('Use the MCP tool `add` of server `fx` with `{"a":20,"b":22}`.');
    expect(calls).toHaveLength(2);
    const result = out.requests.flatMap((r) => r.toolResults).find((r) => r.name === 'use_mcp_tool');
    expect(result).toMatchObject({ content: '42', isError: false });
  }, 30_000);
});
