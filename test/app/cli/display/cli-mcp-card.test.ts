// The approval card of an MCP call: server, tool and the arguments as formatted JSON, in both shapes.
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';
import { approvalCard } from '../../../../app/cli/approval/approval-card.js';
import { registerMcpTools } from '../../../../app/cli/mcp/mcp-approval-card.js';

const plain = createStyle(false);

describe('MCP approval card', () => {
  it('a use_mcp_tool tag: server, tool, arguments pretty-printed, hidden characters revealed', () => {
    const card = approvalCard(
      {
        name: 'use_mcp_tool',
        params: {
          server_name: 'memory',
          tool_name: 'create_entities',
          arguments: '{"entities":[{"name":"A\u202eB"}]}',
        },
      },
      undefined,
      plain,
    );
    expect(card.lines).toEqual([
      '  MCP server: memory',
      '  tool: create_entities',
      '  arguments:',
      '  │ {',
      '  │   "entities": [',
      '  │     {',
      '  │       "name": "A⟨U+202E RLO⟩B"',
      '  │     }',
      '  │   ]',
      '  │ }',
    ]);
    expect(card.question).toBe('Run create_entities on memory?');
  });

  it('a native mcp__ call names its server and tool and shows its params as JSON', () => {
    registerMcpTools([
      {
        server: 'fs',
        name: 'write_file',
        nativeName: 'mcp__fs__write_file',
        inputSchema: { type: 'object' },
        hints: { readOnlyHint: false },
      },
    ]);
    const card = approvalCard(
      { name: 'mcp__fs__write_file', params: { path: 'a.txt', content: 'x', n: '3' } },
      undefined,
      plain,
    );
    expect(card.lines).toEqual([
      '  MCP server: fs',
      '  tool: write_file',
      '  arguments:',
      '  │ {',
      '  │   "path": "a.txt",',
      '  │   "content": "x",',
      '  │   "n": 3',
      '  │ }',
    ]);
  });

  it('a resource read names the server and the URI', () => {
    const card = approvalCard(
      { name: 'access_mcp_resource', params: { server_name: 'e', uri: 'demo://x' } },
      undefined,
      plain,
    );
    expect(card.lines).toEqual(['  MCP server: e', '  resource: demo://x']);
    expect(card.question).toBe('Read this resource from e?');
  });
});
