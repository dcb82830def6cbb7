// The pure parts of agent-turn/mcp: the config check, native names, result text, argument decoding,
// and the machine's policy names for Cline's MCP tags.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callResultText,
  McpConfigError,
  mcpToolName,
  parseMcpConfig,
  readResultText,
} from '../../../bindings/mcp/index.js';
import { argumentsFromParams } from '../../../bindings/mcp/mcp-arguments.js';
import { listCovers, toolPolicyNames } from '../../../machines/machine/tool-policy-names.js';
import type { ToolUse } from '../../../src/parser/blocks.js';

describe('parseMcpConfig', () => {
  it('reads the mcpServers shape of Claude Code, Cline and Cursor', () => {
    expect(
      parseMcpConfig({
        mcpServers: {
          fs: { command: 'npx', args: ['-y', 'pkg', '/tmp'], env: { A: '1' }, alwaysAllow: ['read_file'], timeout: 5 },
          web: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, disabled: true },
        },
      }),
    ).toEqual({
      fs: { command: 'npx', args: ['-y', 'pkg', '/tmp'], env: { A: '1' }, alwaysAllow: ['read_file'], timeoutMs: 5000 },
      web: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, disabled: true },
    });
  });

  it.each([
    [{ mcpServers: [] }, 'mcpServers: expected an object of servers by name, got an array'],
    [{ mcpServers: { a: {} } }, 'mcpServers.a: needs "command" (a local server) or "url" (a remote one)'],
    [{ mcpServers: { a: { command: 'x', args: ['ok', 3] } } }, 'mcpServers.a.args[1]: expected a string, got number 3'],
    [{ mcpServers: { a: { command: 'x', env: { K: 1 } } } }, 'mcpServers.a.env.K: expected a string, got number 1'],
    [{ mcpServers: { a: { url: 'ftp://x' } } }, 'mcpServers.a.url: expected an http: or https: URL, got ftp:'],
    [{ mcpServers: { a: { url: 'not a url' } } }, 'mcpServers.a.url: is not a URL: "not a url"'],
    [{ mcpServers: { a: { command: 'x', url: 'http://h' } } }, 'mcpServers.a: has both "command" and "url"'],
    [{ mcpServers: { a: { command: 'x', timeoutMs: -1 } } }, 'mcpServers.a.timeoutMs: expected a positive number'],
  ])('refuses %j saying where', (value, message) => {
    let error: unknown;
    try {
      parseMcpConfig(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(McpConfigError);
    expect((error as McpConfigError).code).toBe('invalid-mcp-config');
    expect((error as Error).message).toContain(message);
  });
});

describe('mcpToolName', () => {
  it('is mcp__<server>__<tool> with other characters replaced', () => {
    expect(mcpToolName('memory', 'create_entities')).toBe('mcp__memory__create_entities');
    expect(mcpToolName('my server', 'get.sum/ü')).toBe('mcp__my_server__get_sum__');
  });

  it('always fits providers (only [A-Za-z0-9_-], at most 64 characters) and is deterministic', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.string({ maxLength: 120 }), (server, tool) => {
        const name = mcpToolName(server, tool);
        expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(mcpToolName(server, tool)).toBe(name);
      }),
    );
  });

  it('keeps two long names that share their first 64 characters apart', () => {
    const long = 'x'.repeat(70);
    expect(mcpToolName('s', `${long}a`)).not.toBe(mcpToolName('s', `${long}b`));
  });
});

describe('MCP result text', () => {
  it('text as it is, images and audio described, resources by their text or size, isError kept', () => {
    const png = Buffer.alloc(3000).toString('base64');
    expect(
      callResultText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image', mimeType: 'image/png', data: png },
          { type: 'audio', mimeType: 'audio/wav', data: 'AAAA' },
          { type: 'resource', resource: { uri: 'a://b', mimeType: 'text/plain', text: 'inside' } },
          { type: 'resource', resource: { uri: 'a://c', mimeType: 'application/zip', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'a://d', name: 'd' },
        ],
        isError: true,
      }),
    ).toEqual({
      content: [
        'one',
        '[image: image/png, 2.9 KB, not shown]',
        '[audio: audio/wav, 3 bytes, not shown]',
        '[resource a://b (text/plain)]\ninside',
        '[resource a://c: application/zip, 3 bytes, not shown]',
        '[resource link: a://d "d"]',
      ].join('\n\n'),
      isError: true,
    });
  });

  it('structured content when there is no content; a note when there is nothing', () => {
    expect(callResultText({ structuredContent: { a: 1 } }).content).toBe('{\n  "a": 1\n}');
    expect(callResultText({ content: [] }).content).toBe('(the tool returned no content)');
    expect(readResultText({ contents: [] })).toBe('(the resource has no contents)');
  });

  it('is capped like the built-in tools, saying how much was left out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 1000 }), (max, length) => {
        const text = 'y'.repeat(length);
        const out = callResultText({ content: [{ type: 'text', text }] }, max).content;
        if (length <= max) expect(out).toBe(text);
        else {
          expect(out.startsWith('y'.repeat(max))).toBe(true);
          expect(out).toContain(`${length - max} more characters not shown`);
        }
      }),
    );
  });
});

describe('native arguments', () => {
  it('decodes params by the schema types: strings stay, numbers, booleans, arrays and objects are JSON', () => {
    const schema = {
      type: 'object',
      properties: {
        s: { type: 'string' },
        n: { type: 'number' },
        b: { type: 'boolean' },
        list: { type: 'array' },
        o: { type: 'object' },
      },
    };
    expect(argumentsFromParams({ s: '12', n: '12', b: 'true', list: '[1,"a"]', o: '{"k":null}' }, schema)).toEqual({
      ok: true,
      value: { s: '12', n: 12, b: true, list: [1, 'a'], o: { k: null } },
    });
  });
});

describe('policy names of Cline MCP tags', () => {
  const use = (params: Record<string, string>, name = 'use_mcp_tool'): ToolUse => ({
    type: 'tool_use',
    name,
    params,
    partial: false,
    call_id: 'c',
  });
  it('name a tool use by its server and tool, so one MCP tool can be listed alone', () => {
    expect(toolPolicyNames(use({ server_name: 'm', tool_name: 't' }))).toEqual(['use_mcp_tool', 'use_mcp_tool:m/t']);
    expect(toolPolicyNames(use({ server_name: 'm', uri: 'x://y' }, 'access_mcp_resource'))).toEqual([
      'access_mcp_resource',
      'access_mcp_resource:m',
    ]);
    expect(toolPolicyNames(use({ path: 'a' }, 'read_file'))).toEqual(['read_file']);
    expect(listCovers(['use_mcp_tool:m/t'], use({ server_name: 'm', tool_name: 't' }))).toBe(true);
    expect(listCovers(['use_mcp_tool:m/t'], use({ server_name: 'm', tool_name: 'other' }))).toBe(false);
    expect(listCovers(['use_mcp_tool'], use({ server_name: 'm', tool_name: 'other' }))).toBe(true);
  });
});
