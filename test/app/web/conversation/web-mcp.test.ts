// The page's MCP servers: one reached by URL over Streamable HTTP (server-everything on
// 127.0.0.1) joins the page's turn: the prompt lists it, the scripted model calls its tool after
// the page's approval, and the server name comes from the URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createMemoryTools, createMemoryWorkspace } from '../../../../app/tools/memory/index.js';
import { serverNameOf } from '../../../../app/web/mcp-panel.js';
import { createTurnActor, turnInput } from '../../../../app/web/conversation/turn-runner.js';
import { connectMcpServers, type McpServers } from '../../../../bindings/mcp/index.js';
import { createScriptedModel } from '../../../../scripted/index.js';
import { createChatClient } from '../../../../src/wire/index.js';
import { startEverythingOverHttp } from '../../../support/mcp-servers.js';
import { TEST_WIRE } from '../../../support/test-wire.js';

let http: Awaited<ReturnType<typeof startEverythingOverHttp>>;
let mcp: McpServers;
let name: string;

beforeAll(async () => {
  http = await startEverythingOverHttp();
  name = serverNameOf(new URL(http.url));
  mcp = await connectMcpServers({ [name]: { url: http.url } });
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await http?.stop();
});

describe('the page with an MCP server by URL', () => {
  it('names the server by host and port, and its tools join the turn after approval', async () => {
    expect(name).toMatch(/^127_0_0_1_\d+$/);
    const settings = {
      client: createChatClient({
        wire: TEST_WIRE,
        baseURL: 'http://scripted.invalid/v1',
        fetch: createScriptedModel({ pace: 0 }),
      }),
      model: 'scripted',
      task: `Use the MCP tool \`echo\` of server \`${name}\` with \`{"message":"from the page"}\`.`,
      tools: createMemoryTools(createMemoryWorkspace({})),
      approval: ['write_to_file'],
      nativeTools: false,
      retryDelaysMs: [0],
      mcp,
    };
    expect(turnInput(settings).messages[0].content).toContain(`## ${name} (${http.url})`);
    const actor = createTurnActor(settings, () => undefined);
    let asked = 0;
    actor.subscribe((s) => {
      if (s.hasTag('awaiting-approval')) {
        asked++;
        queueMicrotask(() => actor.send({ type: 'APPROVE' }));
      }
    });
    const done = toPromise(actor);
    actor.start();
    const out = await done;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(out.result).toContain(`MCP ${name}/echo: Echo: from the page`);
  }, 60_000);
});
