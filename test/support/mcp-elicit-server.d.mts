// Types of mcp-elicit-server.mjs (the test server built on the official server SDK).
import type { McpServer } from '@modelcontextprotocol/server';

/** The form ask_name asks (a name, an age, a colour). */
export declare const PERSON_SCHEMA: Record<string, unknown>;
/** The server for one era: `legacy` sends elicitation/create, `modern` answers with input_required. */
export declare function createElicitServer(era: 'legacy' | 'modern', log?: string): McpServer;
