// The official MCP SDK (@modelcontextprotocol/client, an optional peer dependency), loaded when a
// server is first connected — never at import — so a program that never connects one runs
// without it, and one that does is told what to install.
import type { Client } from '@modelcontextprotocol/client';
import { McpError } from './mcp-errors.js';
import { describeError } from '../../src/errors/describe-error.js';

/** What `npm install` needs for MCP servers. */
const MCP_SDK_PACKAGE = '@modelcontextprotocol/client';

/** The SDK's Client class, or why it cannot be had (`mcp-sdk-missing`, with what to install). */
export async function loadMcpSdk(): Promise<{ ok: true; Client: typeof Client } | { ok: false; error: McpError }> {
  try {
    const sdk = await import('@modelcontextprotocol/client');
    return { ok: true, Client: sdk.Client };
  } catch (error) {
    const why = describeError(error);
    return {
      ok: false,
      error: new McpError(
        'mcp-sdk-missing',
        `MCP servers need the optional package ${MCP_SDK_PACKAGE}, which could not be loaded (${why.split('\n')[0]}): install it with \`npm install ${MCP_SDK_PACKAGE}\``,
      ),
    };
  }
}
