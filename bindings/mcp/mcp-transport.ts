// The SDK transport for a server entry: a child process over stdio (Node: the SDK's `./stdio`
// entry, loaded only when a stdio server is configured, so a browser bundle never needs it) or
// Streamable HTTP (Node and browsers).
import type { OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import { isStdioServer, type McpServerConfig } from './mcp-config.js';

/** A transport and what it can tell about the server process. */
export interface McpTransportHandle {
  transport: Transport;
  /** The server process's id (stdio), once started. */
  pid(): number | undefined;
  /** The last lines the server wrote to stderr (stdio), for a failure's message. */
  stderrTail(): string;
  /** A new transport of the same entry (after a sign-in: it sends the tokens). */
  recreate(): Promise<McpTransportHandle>;
}

/** Options of {@link createMcpTransport}. */
export interface McpTransportOptions {
  /** Where a stdio server's relative `cwd` (and the default working directory) is. */
  cwd?: string;
  /** The fetch an HTTP transport uses (tests, proxies). Default: the global fetch. */
  fetch?: typeof fetch;
  /** Each line a stdio server writes to stderr (default: kept for error messages only, never printed). */
  onStderr?: (line: string) => void;
}

const STDERR_TAIL_CHARS = 2000;

/** Builds (does not start) the transport of one server entry. */
export async function createMcpTransport(
  config: McpServerConfig,
  options: McpTransportOptions = {},
  authProvider?: OAuthClientProvider,
): Promise<McpTransportHandle> {
  const recreate = () => createMcpTransport(config, options, authProvider);
  if (isStdioServer(config)) {
    const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
    const transport = new StdioClientTransport({
      command: config.command,
      args: [...(config.args ?? [])],
      ...(config.env ? { env: { ...config.env } } : {}),
      ...(config.cwd !== undefined || options.cwd !== undefined ? { cwd: config.cwd ?? options.cwd } : {}),
      stderr: 'pipe',
    });
    let tail = '';
    let partial = '';
    transport.stderr?.on('data', (chunk: { toString(): string }) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-STDERR_TAIL_CHARS);
      if (options.onStderr) {
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) options.onStderr(line);
      }
    });
    return { transport, pid: () => transport.pid ?? undefined, stderrTail: () => tail.trim(), recreate };
  }
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const transport = new StreamableHTTPClientTransport(new URL(config.url), {
    ...(config.headers ? { requestInit: { headers: { ...config.headers } } } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(authProvider ? { authProvider } : {}),
  });
  return { transport, pid: () => undefined, stderrTail: () => '', recreate };
}
