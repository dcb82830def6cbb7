// The page's MCP settings: Streamable HTTP servers by URL (a browser cannot start stdio servers).
// Connecting lists the server's tools; every later turn gets them (approval by default). With
// `onElicitation` the page declares the elicitation capability: a server's question during a call
// is put to the person as a form (conversation/elicitation-form.ts).
import { connectMcpServers, type McpElicitationHandler, type McpServers } from 'agent-turn/mcp';
import { byId } from './dom.js';

/** The connected servers, for the next turn. */
export interface McpPanel {
  current(): McpServers | undefined;
}

/** A server name from its URL: the host and port, made of the characters a tool name allows. */
export function serverNameOf(url: URL): string {
  return `${url.hostname}_${url.port || (url.protocol === 'https:' ? '443' : '80')}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Wires the URL field and its Connect button; the status line says how the connection went. */
export function createMcpPanel(onElicitation?: McpElicitationHandler): McpPanel {
  const input = byId<HTMLInputElement>('mcp-url');
  const button = byId<HTMLButtonElement>('mcp-connect');
  const status = byId('mcp-status');
  let servers: McpServers | undefined;
  button.addEventListener('click', async () => {
    const text = input.value.trim();
    await servers?.close();
    servers = undefined;
    if (text === '') {
      status.textContent = 'no MCP server';
      return;
    }
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      status.textContent = `not a URL: ${text}`;
      return;
    }
    button.disabled = true;
    status.textContent = 'connecting…';
    try {
      const connected = await connectMcpServers(
        { [serverNameOf(url)]: { url: url.href } },
        { connectTimeoutMs: 10_000, ...(onElicitation ? { onElicitation } : {}) },
      );
      servers = connected.connections.some((c) => c.status === 'connected') ? connected : undefined;
      status.textContent = connected.statusLines().join('; ');
    } finally {
      button.disabled = false;
    }
  });
  return { current: () => servers };
}
