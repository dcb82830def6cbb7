// Real MCP servers from node_modules (server-everything over stdio and over Streamable HTTP on
// 127.0.0.1, server-memory, server-filesystem) in whole agent turns: the scripted model calls their
// tools when the task asks, in both protocol shapes, at pace 0 and at a real pace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../../machines/machine/agent-turn-actor.js';
import { connectMcpServers, type McpServers } from '../../../bindings/mcp/index.js';
import { createScriptedModel } from '../../../scripted/index.js';
import { createChatClient } from '../../../src/wire/index.js';
import { referenceServer, startEverythingOverHttp, tempFolder } from '../../support/mcp-servers.js';
import { TEST_WIRE } from '../../support/test-wire.js';

let mcp: McpServers;
let http: Awaited<ReturnType<typeof startEverythingOverHttp>>;
const folder = tempFolder({ 'hello.txt': 'Hello from the filesystem server\nsecond line\n' });

beforeAll(async () => {
  http = await startEverythingOverHttp();
  mcp = await connectMcpServers({
    everything: { ...referenceServer('everything', 'stdio'), alwaysAllow: true },
    memory: {
      ...referenceServer('memory'),
      env: { MEMORY_FILE_PATH: `${folder.dir}/memory.jsonl` },
      alwaysAllow: true,
    },
    fs: { ...referenceServer('filesystem', folder.dir), alwaysAllow: true },
    web: { url: http.url, alwaysAllow: true },
  });
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await http?.stop();
  folder.remove();
});

const TASK = [
  'Use the MCP tool `echo` of server `everything` with `{"message":"hello mcp"}`,',
  'then the MCP tool `get-sum` of server `everything` with `{"a":2,"b":3}`,',
  'the MCP tool `get-tiny-image` of server `everything`,',
  'the MCP tool `create_entities` of server `memory` with `{"entities":[{"name":"Ada","entityType":"person","observations":["wrote the notes"]}]}`,',
  'the MCP tool `read_graph` of server `memory`,',
  'the MCP tool `read_text_file` of server `fs` with `{"path":"FOLDER/hello.txt"}`,',
  'the MCP tool `echo` of server `web` with `{"message":"over http"}`',
  'and read the MCP resource `demo://resource/static/document/architecture.md` of server `everything`.',
].join(' ');

describe('real MCP servers in a turn', () => {
  it('connects all four and lists their tools, resources and templates', () => {
    const lines = mcp.statusLines();
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/: connected, \d+ tools/);
    const count = (server: string) => mcp.tools.filter((t) => t.server === server).length;
    expect(count('everything')).toBeGreaterThanOrEqual(10);
    expect(count('web')).toBe(count('everything'));
    expect(count('memory')).toBeGreaterThanOrEqual(8);
    expect(count('fs')).toBeGreaterThanOrEqual(10);
    const everything = mcp.connections.find((c) => c.name === 'everything')!;
    expect(everything.resources.length).toBeGreaterThan(0);
    expect(everything.resourceTemplates.length).toBeGreaterThan(0);
    expect(mcp.prompt('tag')).toContain('## memory');
    expect(mcp.prompt('tag')).toContain('"entities"');
  });

  for (const shape of ['tag', 'native'] as const) {
    for (const pace of [0, 'real'] as const) {
      it(`the scripted model calls 7 MCP tools and reads a resource (${shape} mode, pace ${pace})`, async () => {
        const client = createChatClient({
          wire: TEST_WIRE,
          baseURL: 'http://scripted.invalid/v1',
          fetch: createScriptedModel({
            pace: pace === 0 ? 0 : { firstTokenMs: 5, tokenMs: 1, jitterMs: 2 },
            seed: 7,
          }),
        });
        const out = await runAgentTurn(
          mcp.addTo({
            client,
            model: shape === 'native' ? 'scripted:gpt-4.1-mini' : 'scripted:glm-5.1',
            nativeTools: shape === 'native',
            messages: [{ role: 'user', content: TASK.replace('FOLDER', folder.dir) }],
            tools: {},
            maxRequests: 12,
          }),
        );
        expect(out.reason).toBe('completed');
        const results = out.requests.flatMap((r) => r.toolResults).filter((t) => t.name !== 'attempt_completion');
        expect(results.map((r) => r.name)).toEqual(
          shape === 'tag'
            ? [...Array(7).fill('use_mcp_tool'), 'access_mcp_resource']
            : [
                'mcp__everything__echo',
                'mcp__everything__get-sum',
                'mcp__everything__get-tiny-image',
                'mcp__memory__create_entities',
                'mcp__memory__read_graph',
                'mcp__fs__read_text_file',
                'mcp__web__echo',
                'access_mcp_resource',
              ],
        );
        expect(results.every((r) => r.status === 'done' && !r.isError)).toBe(true);
        const text = results.map((r) => r.content);
        expect(text[0]).toBe('Echo: hello mcp');
        expect(text[1]).toContain('5');
        expect(text[2]).toMatch(/\[image: image\/png, [\d.]+ KB, not shown\]/);
        expect(text[4]).toContain('Ada');
        expect(text[5]).toContain('Hello from the filesystem server');
        expect(text[6]).toBe('Echo: over http');
        expect(text[7]).toContain('# Everything Server');
        expect(out.result).toContain('MCP everything/echo: Echo: hello mcp');
        expect(out.result).toContain('MCP web/echo: Echo: over http');
        if (shape === 'native') {
          for (const d of mcp.toolDefinitions()) expect(d.function.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        }
      }, 60_000);
    }
  }
});
