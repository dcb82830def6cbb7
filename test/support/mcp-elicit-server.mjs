// An MCP server built on the official server SDK (@modelcontextprotocol/server) whose tools ask
// the person for input, in both ways the protocol has: on a 2025-era connection the tool sends
// `elicitation/create` to the client (ctx.mcpReq.elicitInput); on a 2026-07-28 one it answers the
// `tools/call` with an `input_required` result and reads the answers from the retried call.
// `node mcp-elicit-server.mjs` serves it over stdio; `createElicitServer` is the factory the
// Streamable HTTP harness (mcp-elicit-http.ts) serves. Each tools/call it receives is appended
// to the file named by MCP_ELICIT_LOG, when set.
import { appendFileSync } from 'node:fs';
import { acceptedContent, inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

/** The form ask_name asks. */
export const PERSON_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 1 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    colour: { type: 'string', enum: ['red', 'green', 'blue'], title: 'Favourite colour' },
  },
  required: ['name'],
};

const NAME = { message: 'What is your name?', requestedSchema: PERSON_SCHEMA };
const CONFIRM = {
  message: 'Really deploy?',
  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
};

function logCall(log, text) {
  if (log) appendFileSync(log, `${text}\n`);
}

/** What an answer becomes in the tool's text. */
function said(result) {
  if (result === undefined) return 'no answer';
  if (result.action !== 'accept') return result.action;
  return JSON.stringify(result.content);
}

/** The 2025-era tools: questions sent to the client while the call runs. */
function legacyTools(server) {
  server.registerTool('ask_name', { description: 'Asks for your name', inputSchema: z.object({}) }, async (_a, ctx) => {
    const result = await ctx.mcpReq.elicitInput({ mode: 'form', ...NAME });
    return { content: [{ type: 'text', text: `answer: ${said(result)}` }] };
  });
  server.registerTool(
    'deploy',
    { description: 'Deploys after two questions', inputSchema: z.object({ env: z.string() }) },
    async ({ env }, ctx) => {
      // The same question twice (as a 2026 server's second round repeats it), then another.
      const first = await ctx.mcpReq.elicitInput({ mode: 'form', ...NAME });
      const again = await ctx.mcpReq.elicitInput({ mode: 'form', ...NAME });
      const confirm = await ctx.mcpReq.elicitInput({ mode: 'form', ...CONFIRM });
      return {
        content: [{ type: 'text', text: `deploy ${env}: ${said(first)} / ${said(again)} / ${said(confirm)}` }],
      };
    },
  );
}

/** The 2026-07-28 tools: input_required results; the answers come back in the retried call. */
function modernTools(server, log) {
  server.registerTool('ask_name', { description: 'Asks for your name', inputSchema: z.object({}) }, async (_a, ctx) => {
    logCall(log, 'tools/call ask_name');
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'name');
    if (answer.kind === 'missing') return inputRequired({ inputRequests: { name: inputRequired.elicit(NAME) } });
    return { content: [{ type: 'text', text: `answer: ${said(ctx.mcpReq.inputResponses?.name)}` }] };
  });
  server.registerTool(
    'deploy',
    { description: 'Deploys after two rounds of questions', inputSchema: z.object({ env: z.string() }) },
    async ({ env }, ctx) => {
      logCall(log, 'tools/call deploy');
      const responses = ctx.mcpReq.inputResponses ?? {};
      const state = String(ctx.mcpReq.requestState() ?? '0');
      const round = Number(state.split(':')[0]);
      if (round === 0) return inputRequired({ inputRequests: { name: inputRequired.elicit(NAME) }, requestState: '1' });
      // The second round asks the first question again (this server forgets) and one more.
      if (round === 1)
        return inputRequired({
          inputRequests: { name: inputRequired.elicit(NAME), confirm: inputRequired.elicit(CONFIRM) },
          requestState: `2:${JSON.stringify(acceptedContent(responses, 'name') ?? null)}`,
        });
      const first = JSON.parse(state.slice(2));
      return {
        content: [
          {
            type: 'text',
            text: `deploy ${env}: ${JSON.stringify(first)} / ${said(responses.name)} / ${said(responses.confirm)}`,
          },
        ],
      };
    },
  );
}

/** The server for one era (the SDK asks the factory per connection or per request). */
export function createElicitServer(era, log = process.env.MCP_ELICIT_LOG) {
  const server = new McpServer({ name: 'elicit-test', version: '1.0.0' }, { capabilities: { tools: {} } });
  if (era === 'modern') modernTools(server, log);
  else legacyTools(server);
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) serveStdio((ctx) => createElicitServer(ctx.era));
