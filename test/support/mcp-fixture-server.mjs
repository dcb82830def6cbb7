// A tiny MCP server over stdio in raw JSON-RPC (no SDK: the SDK's server package is not installed),
// for the failures real servers do not show: `node mcp-fixture-server.mjs <mode>` where mode is
//   normal     echo + add tools (add is readOnly), one resource
//   crash      exits (code 3) when a tool is called
//   hang       never answers a tool call (but honours nothing: only a cancellation is logged)
//   malformed  one tool whose inputSchema is not an object schema, one good tool
//   many       50 tools named tool_00 … tool_49
//   no-init    never answers the handshake
//   escapes    tools whose names and descriptions hold terminal escape sequences (OSC 52 included)
// Each line it receives is appended to the file named by MCP_FIXTURE_LOG, when set.
import { appendFileSync, writeFileSync } from 'node:fs';

const mode = process.argv[2] ?? 'normal';
const log = process.env.MCP_FIXTURE_LOG;
// Its process id goes to the file named by MCP_FIXTURE_PIDFILE, when set (for the no-orphans tests).
if (process.env.MCP_FIXTURE_PIDFILE) writeFileSync(process.env.MCP_FIXTURE_PIDFILE, String(process.pid));

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function tools() {
  const echo = {
    name: 'echo',
    description: 'Echoes its message back.',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  };
  if (mode === 'many')
    return Array.from({ length: 50 }, (_, i) => ({
      name: `tool_${String(i).padStart(2, '0')}`,
      description: `Fixture tool number ${i}.`,
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      annotations: { readOnlyHint: true },
    }));
  if (mode === 'escapes')
    return [
      {
        name: '\x1b]52;c;ZXZpbA==\x07clip',
        description: 'A schema that is a string.',
        inputSchema: { type: 'string' },
      },
      {
        name: 'red\x1b[31m\x1b[2J',
        description: 'Clears \x1b[2J\x1b]52;c;ZXZpbA==\x07 the screen.',
        inputSchema: { type: 'object' },
      },
    ];
  if (mode === 'malformed')
    return [{ name: 'broken', description: 'Its schema is a string.', inputSchema: { type: 'string' } }, echo];
  return [
    echo,
    {
      name: 'add',
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
  ];
}

function handle(message) {
  const { id, method, params } = message;
  if (id === undefined) return; // a notification (initialized, cancelled)
  if (method === 'initialize') {
    if (mode === 'no-init') return;
    send({
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {}, ...(mode === 'normal' ? { resources: {} } : {}) },
        serverInfo: { name: `fixture-${mode}`, version: '1.0.0' },
      },
    });
    return;
  }
  if (method === 'ping') return send({ jsonrpc: '2.0', id, result: {} });
  if (method === 'tools/list') return send({ jsonrpc: '2.0', id, result: { tools: tools() } });
  if (method === 'resources/list')
    return send({
      jsonrpc: '2.0',
      id,
      result: { resources: [{ uri: 'fixture://hello', name: 'hello', mimeType: 'text/plain' }] },
    });
  if (method === 'resources/templates/list') return send({ jsonrpc: '2.0', id, result: { resourceTemplates: [] } });
  if (method === 'resources/read')
    return send({
      jsonrpc: '2.0',
      id,
      result: { contents: [{ uri: params.uri, mimeType: 'text/plain', text: `contents of ${params.uri}` }] },
    });
  if (method === 'tools/call') {
    if (mode === 'crash') process.exit(3);
    if (mode === 'hang') return;
    const args = params?.arguments ?? {};
    if (params?.name === 'add')
      return send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: String(args.a + args.b) }] } });
    if (params?.name === 'echo')
      return send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `Echo: ${args.message}` }] } });
    if (/^tool_\d\d$/.test(params?.name ?? ''))
      return send({
        jsonrpc: '2.0',
        id,
        result: { content: [{ type: 'text', text: `${params.name} got ${args.n}` }] },
      });
    return send({ jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: ${params?.name}` } });
  }
  send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
}

let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
    const line = buffer.slice(0, nl).trim();
    buffer = buffer.slice(nl + 1);
    if (line === '') continue;
    if (log) appendFileSync(log, `${line}\n`);
    handle(JSON.parse(line));
  }
});
process.stdin.on('end', () => process.exit(0));
