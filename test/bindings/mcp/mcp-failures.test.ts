// Servers that misbehave (tiny raw JSON-RPC fixtures, test/support/mcp-fixture-server.mjs): one that
// crashes mid-call, one that never answers, one with a malformed tool schema, one with 50 tools,
// one that never finishes its handshake; bad arguments never reach a server; an abort sends
// notifications/cancelled. Every failure is a typed tool error and the turn goes on.
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentTurnActor, runAgentTurn } from '../../../machines/machine/agent-turn-actor.js';
import { connectMcpServers, type McpServers } from '../../../bindings/mcp/index.js';
import type { ToolUse } from '../../../src/parser/blocks.js';
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

async function connect(...args: Parameters<typeof connectMcpServers>) {
  const mcp = await connectMcpServers(...args);
  opened.push(mcp);
  return mcp;
}

function logFile(): string {
  const folder = tempFolder();
  folders.push(folder);
  return `${folder.dir}/received.jsonl`;
}

const scripted = (pace = 0) =>
  createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.invalid/v1', fetch: createScriptedModel({ pace }) });

const use = (server: string, tool: string, args: string): ToolUse => ({
  type: 'tool_use',
  name: 'use_mcp_tool',
  params: { server_name: server, tool_name: tool, arguments: args },
  partial: false,
  call_id: 'c1',
});

const signal = () => new AbortController().signal;

describe('MCP servers that misbehave', () => {
  it('a server that crashes mid-call gives mcp-server-closed and the turn completes', async () => {
    const mcp = await connect({ crash: { ...fixtureServer('crash'), alwaysAllow: true } });
    const out = await runAgentTurn(
      mcp.addTo({
        client: scripted(),
        model: 'scripted',
        messages: [{ role: 'user', content: 'Use the MCP tool `echo` of server `crash` with `{"message":"boom"}`.' }],
        tools: {},
      }),
    );
    expect(out.reason).toBe('completed');
    const result = out.requests[0].toolResults[0];
    expect(result).toMatchObject({ name: 'use_mcp_tool', isError: true });
    expect(result.content).toContain('mcp-server-closed');
    expect(out.result).toContain('MCP crash/echo failed: Error (mcp-server-closed)');
    expect(mcp.connections[0].status).toBe('closed');
    // A later call says at once that the server is gone.
    const again = await mcp
      .toolFunctions('tag')
      .use_mcp_tool(use('crash', 'echo', '{"message":"x"}'), { signal: signal() });
    expect(again).toMatchObject({ isError: true, content: expect.stringContaining('mcp-server-closed') });
  }, 30_000);

  it('a server that never answers times out per call (mcp-timeout) and is sent notifications/cancelled', async () => {
    const log = logFile();
    const mcp = await connect({ hang: { ...fixtureServer('hang', log), alwaysAllow: true, timeoutMs: 300 } });
    const started = Date.now();
    const out = await runAgentTurn(
      mcp.addTo({
        client: scripted(),
        model: 'scripted:gpt-4.1-mini',
        nativeTools: true,
        messages: [{ role: 'user', content: 'Use the MCP tool `echo` of server `hang` with `{"message":"wait"}`.' }],
        tools: {},
      }),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(out.reason).toBe('completed');
    expect(out.requests[0].toolResults[0]).toMatchObject({ name: 'mcp__hang__echo', isError: true });
    expect(out.requests[0].toolResults[0].content).toContain('Error (mcp-timeout): no answer within 300 ms');
    await new Promise((r) => setTimeout(r, 100));
    const received = fixtureLog(log);
    const call = received.find((m) => m.method === 'tools/call') as { id?: unknown } | undefined;
    expect(call).toBeDefined();
    expect(received.some((m) => m.method === 'notifications/cancelled' && m.params?.requestId === call?.id)).toBe(true);
  }, 30_000);

  it('ABORT cancels a running MCP call (notifications/cancelled) and the turn ends aborted', async () => {
    const log = logFile();
    const mcp = await connect({ hang: { ...fixtureServer('hang', log), alwaysAllow: true } });
    const actor = createAgentTurnActor(
      mcp.addTo({
        client: scripted(),
        model: 'scripted',
        messages: [{ role: 'user', content: 'Use the MCP tool `echo` of server `hang` with `{"message":"wait"}`.' }],
        tools: {},
      }),
    );
    const running = new Promise<void>((resolve) =>
      actor.subscribe((s) => {
        if (Object.values(s.context.toolOutcomes).some((o) => o.status === 'running')) resolve();
      }),
    );
    actor.start();
    await running;
    // The call reached the server before the abort.
    for (let i = 0; i < 50 && !fixtureLog(log).some((m) => m.method === 'tools/call'); i++)
      await new Promise((r) => setTimeout(r, 20));
    actor.send({ type: 'ABORT' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output?.reason).toBe('aborted');
    for (let i = 0; i < 50 && !fixtureLog(log).some((m) => m.method === 'notifications/cancelled'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(fixtureLog(log).some((m) => m.method === 'notifications/cancelled')).toBe(true);
  }, 30_000);

  it('a tool with a malformed input schema is left out (said in the status line); the server and its other tools work', async () => {
    const mcp = await connect({ odd: fixtureServer('malformed') });
    expect(mcp.statusLines()[0]).toMatch(
      /^odd: connected, 1 tool, tool "broken" left out: its input schema is not a JSON object schema/,
    );
    expect(mcp.tools.map((t) => t.name)).toEqual(['echo']);
    const tools = mcp.toolFunctions('tag');
    expect(await tools.use_mcp_tool(use('odd', 'broken', '{}'), { signal: signal() })).toMatchObject({
      isError: true,
      content: expect.stringMatching(
        /^Error \(mcp-unknown-tool\): the server "odd" has no tool "broken". Its tools: echo\./,
      ),
    });
    expect(await tools.use_mcp_tool(use('odd', 'echo', '{"message":"ok"}'), { signal: signal() })).toEqual({
      content: 'Echo: ok',
      isError: false,
    });
  }, 30_000);

  it('50 tools on one server: 50 native definitions with unique valid names, and any of them callable', async () => {
    const mcp = await connect({ many: { ...fixtureServer('many'), alwaysAllow: true } });
    const defs = mcp.toolDefinitions();
    expect(defs).toHaveLength(50);
    expect(new Set(defs.map((d) => d.function.name)).size).toBe(50);
    for (const d of defs) expect(d.function.name).toMatch(/^mcp__many__tool_\d\d$/);
    expect(mcp.prompt('tag').match(/^- tool_\d\d: /gm)).toHaveLength(50);
    const out = await runAgentTurn(
      mcp.addTo({
        client: scripted(),
        model: 'scripted:gpt-4.1-mini',
        nativeTools: true,
        messages: [{ role: 'user', content: 'Use the MCP tool `tool_42` of server `many` with `{"n":7}`.' }],
        tools: {},
      }),
    );
    expect(out.requests[0].toolResults[0]).toMatchObject({
      name: 'mcp__many__tool_42',
      content: 'tool_42 got 7',
      isError: false,
    });
    // The native request carried all 50 schemas beside the completion tool.
    expect(out.reason).toBe('completed');
  }, 30_000);

  it('a server that never finishes its handshake, or cannot start, fails alone; the others connect', async () => {
    const mcp = await connect(
      {
        slow: fixtureServer('no-init'),
        missing: { command: '/nonexistent/mcp-server' },
        fine: fixtureServer('normal'),
      },
      { connectTimeoutMs: 1500 },
    );
    const lines = mcp.statusLines();
    expect(lines[0]).toBe('slow: failed: the MCP handshake took longer than 1500 ms');
    expect(lines[1]).toMatch(/^missing: failed: .*ENOENT/);
    expect(lines[2]).toMatch(/^fine: connected, 2 tools, 1 resource/);
    expect(await mcp.toolFunctions('tag').use_mcp_tool(use('slow', 'echo', '{}'), { signal: signal() })).toMatchObject({
      isError: true,
      content: expect.stringContaining('mcp-unknown-server'),
    });
  }, 30_000);

  it('arguments that break the input schema, or are not JSON, get mcp-invalid-arguments and nothing is sent', async () => {
    const log = logFile();
    const mcp = await connect({ fx: fixtureServer('normal', log) });
    const tools = mcp.toolFunctions('tag');
    const cases: Array<[string, RegExp]> = [
      ['{"a":"1","b":2}', /arguments\.a: expected number, got string/],
      ['{"a":1}', /arguments\.b: required but missing/],
      ['{"a":1,"b":2,"c":3}', /arguments\.c: not allowed/],
      ['{"a":1,', /arguments is not valid JSON/],
      ['[1,2]', /arguments must be a JSON object/],
    ];
    for (const [args, problem] of cases) {
      const result = (await tools.use_mcp_tool(use('fx', 'add', args), { signal: signal() })) as {
        content: string;
        isError: boolean;
      };
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/^Error \(mcp-invalid-arguments\): /);
      expect(result.content).toMatch(problem);
    }
    expect(fixtureLog(log).filter((m) => m.method === 'tools/call')).toEqual([]);
    expect(await tools.use_mcp_tool(use('fx', 'add', '{"a":1,"b":2}'), { signal: signal() })).toEqual({
      content: '3',
      isError: false,
    });
  }, 30_000);
});
