// One MCP server, connected through the official SDK's Client: its tools, resources and resource
// templates listed once at start, calls with a time-out and cancellation, and every failure (a
// crash, a hang, a JSON-RPC error) a typed outcome.
import type { Client } from '@modelcontextprotocol/client';
import { mcpToolName } from '../../src/protocol/mcp-tool-name.js';
import { isStdioServer, type McpServerConfig } from './mcp-config.js';
import { McpError, type McpCallOutcome } from './mcp-errors.js';
import { startCallRound } from './mcp-call-round.js';
import { answerElicitation, type McpElicitationHandler, type McpElicitationRound } from './mcp-elicitation.js';
import { callResultText, DEFAULT_MCP_RESULT_MAX_CHARS, readResultText } from './mcp-result-text.js';
import { loadMcpSdk } from './mcp-sdk.js';
import { MCP_SIGN_IN_TIMEOUT_MS, needsSignIn, type McpSignIn, type McpSignInFactory } from './mcp-sign-in.js';
import { createMcpTransport, type McpTransportHandle, type McpTransportOptions } from './mcp-transport.js';
import { describeError } from '../../src/errors/describe-error.js';

/** MCP's behaviour hints of a tool (all optional, all advisory). */
export interface McpToolHints {
  readOnlyHint?: boolean;
  idempotentHint?: boolean;
  destructiveHint?: boolean;
  openWorldHint?: boolean;
}

/** A server's tool as the turn sees it. */
export interface McpTool {
  server: string;
  /** The tool's name on its server. */
  name: string;
  /** Its native tool name, `mcp__<server>__<tool>` (see {@link mcpToolName}), unique among the turn's tools. */
  nativeName: string;
  description?: string;
  /** Its JSON schema (an object schema). */
  inputSchema: Record<string, unknown>;
  hints: McpToolHints;
}

/** A resource a server offers. */
export interface McpResource {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

/** A resource template (`file:///{path}`) a server offers. */
export interface McpResourceTemplate {
  uriTemplate: string;
  name: string;
  description?: string;
  mimeType?: string;
}

/** How one call runs. */
export interface McpCallOptions {
  /** Cancels the call (the server gets `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Default: the server entry's `timeoutMs`, else 60,000. */
  timeoutMs?: number;
}

/** A connected (or failed) server. */
export interface McpServerConnection {
  readonly name: string;
  readonly config: McpServerConfig;
  /** `connected`; `failed` (never connected: see `error`); `closed` (it went away or was closed). */
  readonly status: 'connected' | 'failed' | 'closed';
  readonly error?: McpError;
  readonly tools: readonly McpTool[];
  readonly resources: readonly McpResource[];
  readonly resourceTemplates: readonly McpResourceTemplate[];
  /** What was left out, and why (a tool whose input schema is not an object schema). */
  readonly problems: readonly string[];
  /** The server's own name and version from its handshake. */
  readonly serverInfo?: { name: string; version: string };
  /** The server process's id (stdio) at the start. */
  readonly pid?: number;
  /** The id of the server process running now (stdio): another than `pid` once it was started again. */
  readonly currentPid?: number | undefined;
  /** Milliseconds from start to a listed server (or to the failure). */
  readonly startMs: number;
  /** Calls a listed tool; the arguments must already fit its schema. */
  callTool(tool: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<McpCallOutcome>;
  /** Reads a resource by URI. */
  readResource(uri: string, options?: McpCallOptions): Promise<McpCallOutcome>;
  /** Closes the connection; a stdio server's process is stopped. Safe to call twice. */
  close(): Promise<void>;
}

/** Options of {@link connectMcpServer}. */
export interface McpConnectOptions extends McpTransportOptions {
  /** Startup and listing must finish within this. Default 30,000 ms (a first `npx` may download). */
  connectTimeoutMs?: number;
  /** The most characters of one result. Default 64 KiB. */
  maxResultChars?: number;
  /** The client name sent in the handshake. Default `agent-turn`. */
  clientName?: string;
  /** Native names already taken (by other servers' tools): a clash gets a numbered name. */
  takenNames?: Set<string>;
  /** A stdio server that stopped by itself (it crashed, or was killed) is started again at its next call (at most 3 times). Default false: later calls fail with `mcp-server-closed`. */
  restartStoppedServers?: boolean;
  /** Told when a server stops by itself (not closed by {@link McpServerConnection.close}): its name and a sentence saying so. */
  onServerExit?: (server: string, message: string) => void;
  /** Told when a stopped server was started again. */
  onServerRestart?: (server: string) => void;
  /**
   * Asks the person when a server requests input (MCP elicitation, form mode). Given, the client
   * declares the `elicitation` capability; absent, it does not, and servers must do without.
   */
  onElicitation?: McpElicitationHandler;
  /**
   * Which protocol revisions the handshake may reach: `'auto'` asks the server first
   * (`server/discover`, revision 2026-07-28, where input comes as an `input_required` result),
   * falling back to the 2025 handshake; `'legacy'` uses the 2025 handshake only. Default: `'auto'`
   * for Streamable HTTP servers, `'legacy'` for stdio ones (the SDK's probe would start a stdio
   * server twice).
   */
  negotiation?: 'auto' | 'legacy';
  /**
   * Signs in to Streamable HTTP servers that ask for it (a 401: MCP authorization, OAuth 2.1).
   * Called once per HTTP server before it is reached; undefined for a server: no sign-in.
   */
  signIn?: McpSignInFactory;
}

/** How long one call may take when neither the call nor its server entry says: 60 s. */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 60_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** How often a stopped server is started again before its calls fail for good. */
const MAX_RESTARTS = 3;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** An SDK failure as a typed error. */
function callError(error: unknown, server: string, target: string, signal: AbortSignal | undefined, timeoutMs: number) {
  if (signal?.aborted)
    return new McpError('mcp-aborted', `the call was cancelled (the turn was aborted)`, server, target);
  const code = (error as { code?: unknown })?.code;
  if (code === 'REQUEST_TIMEOUT')
    return new McpError('mcp-timeout', `no answer within ${timeoutMs} ms; the call was cancelled`, server, target);
  if (code === 'CONNECTION_CLOSED' || code === 'NOT_CONNECTED')
    return new McpError('mcp-server-closed', `the server "${server}" went away before answering`, server, target);
  return new McpError(
    'mcp-call-failed',
    `the server "${server}" answered with an error: ${describeError(error)}`,
    server,
    target,
  );
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    const suffix = `_${n}`;
    name = base.slice(0, Math.min(base.length, 64 - suffix.length)) + suffix;
  }
  taken.add(name);
  return name;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Accepts any result: used to read a tool list the SDK's strict check refused, one tool at a time. */
const ANY_RESULT = {
  '~standard': { version: 1 as const, vendor: 'agent-turn', validate: (value: unknown) => ({ value }) },
};

/**
 * The server's tools. When the SDK refuses the whole list because one tool is malformed (an input
 * schema that is not an object schema), the list is read again unchecked, page by page, and only
 * the tools that have a name are kept (the schema check below leaves the bad ones out).
 */
async function listTools(
  client: Client,
  problems: string[],
): Promise<Array<Record<string, unknown> & { name: string }>> {
  try {
    return (await client.listTools()).tools as Array<Record<string, unknown> & { name: string }>;
  } catch (error) {
    if (!/tools\/list/.test(describeError(error))) throw error;
    const out: Array<Record<string, unknown> & { name: string }> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 64; page++) {
      const result = (await client.request(
        { method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) },
        ANY_RESULT,
      )) as { tools?: unknown; nextCursor?: unknown };
      for (const tool of Array.isArray(result.tools) ? result.tools : []) {
        if (isRecord(tool) && typeof tool.name === 'string')
          out.push(tool as Record<string, unknown> & { name: string });
        else problems.push('a tool without a name left out');
      }
      cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
      if (cursor === undefined) break;
    }
    return out;
  }
}

/** Lists every tool, resource and template (a server without resources lists none). */
async function listEverything(client: Client, server: string, taken: Set<string>) {
  const problems: string[] = [];
  const caps = client.getServerCapabilities() ?? {};
  const listed = caps.tools ? await listTools(client, problems) : [];
  const tools: McpTool[] = [];
  for (const t of listed) {
    const schema = t.inputSchema;
    if (!isRecord(schema) || (schema.type !== undefined && schema.type !== 'object')) {
      problems.push(`tool "${t.name}" left out: its input schema is not a JSON object schema`);
      continue;
    }
    const annotations = isRecord(t.annotations) ? t.annotations : {};
    const hints: McpToolHints = {};
    for (const key of ['readOnlyHint', 'idempotentHint', 'destructiveHint', 'openWorldHint'] as const)
      if (typeof annotations[key] === 'boolean') hints[key] = annotations[key] as boolean;
    tools.push({
      server,
      name: t.name,
      nativeName: uniqueName(mcpToolName(server, t.name), taken),
      ...(typeof t.description === 'string' ? { description: t.description } : {}),
      inputSchema: { ...schema, type: 'object' },
      hints,
    });
  }
  const resources: McpResource[] = caps.resources
    ? (await client.listResources()).resources.map((r) => ({
        uri: r.uri,
        name: r.name,
        ...(r.description ? { description: r.description } : {}),
        ...(r.mimeType ? { mimeType: r.mimeType } : {}),
      }))
    : [];
  const resourceTemplates: McpResourceTemplate[] = caps.resources
    ? (await client.listResourceTemplates().catch(() => ({ resourceTemplates: [] }))).resourceTemplates.map((r) => ({
        uriTemplate: r.uriTemplate,
        name: r.name,
        ...(r.description ? { description: r.description } : {}),
        ...(r.mimeType ? { mimeType: r.mimeType } : {}),
      }))
    : [];
  return { tools, resources, resourceTemplates, problems };
}

/** The SDK client for one connection: the elicitation capability and handler when asked for, the revisions to negotiate. */
function createClient(
  Client: typeof import('@modelcontextprotocol/client').Client,
  name: string,
  config: McpServerConfig,
  options: McpConnectOptions,
  activeCalls: Set<McpElicitationRound>,
): Client {
  const onElicitation = options.onElicitation;
  const negotiation = options.negotiation ?? (isStdioServer(config) ? 'legacy' : 'auto');
  const client = new Client(
    { name: options.clientName ?? 'agent-turn', version: '0.1.0' },
    {
      capabilities: onElicitation ? { elicitation: { form: {} } } : {},
      ...(negotiation === 'auto' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  if (onElicitation)
    client.setRequestHandler('elicitation/create', async (request, ctx) => {
      // The call it belongs to: the one running on this server (when one is).
      const call = activeCalls.size === 1 ? [...activeCalls][0] : undefined;
      const signals = [ctx.mcpReq.signal, ...(call?.signal ? [call.signal] : [])];
      return answerElicitation(onElicitation, name, request.params, call, AbortSignal.any(signals));
    });
  return client;
}

/** Waits for the browser's redirect, trades its code for tokens, and gives a new transport that sends them. */
async function afterSignIn(signIn: McpSignIn, handle: McpTransportHandle): Promise<McpTransportHandle> {
  const stop = new AbortController();
  try {
    const params = await withTimeout(signIn.callback(stop.signal), MCP_SIGN_IN_TIMEOUT_MS, 'signing in');
    await (handle.transport as unknown as { finishAuth(p: URLSearchParams): Promise<void> }).finishAuth(params);
  } finally {
    stop.abort();
  }
  await handle.transport.close().catch(() => undefined);
  return handle.recreate();
}

/** A connection that never came up: every call and read fails with `error`'s reason. */
function notConnected(name: string, config: McpServerConfig, error: McpError, started: number): McpServerConnection {
  const closed = async () => ({
    ok: false as const,
    error: new McpError('mcp-server-closed', `the server "${name}" is not connected: ${error.message}`, name),
  });
  return {
    name,
    config,
    status: 'failed',
    error: new McpError(error.code, error.message, name),
    tools: [],
    resources: [],
    resourceTemplates: [],
    problems: [],
    startMs: Date.now() - started,
    callTool: closed,
    readResource: closed,
    close: async () => undefined,
  };
}

/**
 * Starts (stdio) or reaches (HTTP) one server, does the MCP handshake and lists its tools,
 * resources and resource templates. Never rejects: a server that cannot be had is a connection
 * with `status: 'failed'` and an `error` saying why (its stderr's last lines included).
 */
export async function connectMcpServer(
  name: string,
  config: McpServerConfig,
  options: McpConnectOptions = {},
): Promise<McpServerConnection> {
  const started = Date.now();
  const maxChars = options.maxResultChars ?? DEFAULT_MCP_RESULT_MAX_CHARS;
  const taken = options.takenNames ?? new Set<string>();
  const sdk = await loadMcpSdk();
  if (!sdk.ok) return notConnected(name, config, sdk.error, started);
  const activeCalls = new Set<McpElicitationRound>();
  let client = createClient(sdk.Client, name, config, options, activeCalls);
  let handle: McpTransportHandle | undefined;
  const failed = (error: unknown): McpServerConnection => {
    const tail = handle?.stderrTail() ?? '';
    const why = `${describeError(error)}${tail ? ` (stderr: ${tail.split('\n').slice(-3).join(' | ')})` : ''}`;
    void client.close().catch(() => undefined);
    return notConnected(name, config, new McpError('mcp-connect-failed', why, name), started);
  };
  let listed: Awaited<ReturnType<typeof listEverything>>;
  const connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  let signIn: McpSignIn | undefined;
  try {
    signIn = !isStdioServer(config) && options.signIn ? await options.signIn(name, config.url) : undefined;
    handle = await createMcpTransport(config, options, signIn?.provider);
    try {
      await withTimeout(client.connect(handle.transport), connectTimeout, 'the MCP handshake');
    } catch (error) {
      if (signIn === undefined || !needsSignIn(error)) throw error;
      // The SDK has shown the person the authorization URL; the browser comes back with a code.
      handle = await afterSignIn(signIn, handle);
      void client.close().catch(() => undefined);
      client = createClient(sdk.Client, name, config, options, activeCalls);
      await withTimeout(client.connect(handle.transport), connectTimeout, 'the MCP handshake');
    }
    listed = await withTimeout(listEverything(client, name, taken), connectTimeout, 'listing its tools');
  } catch (error) {
    return failed(error);
  } finally {
    await signIn?.close?.();
  }
  const live: LiveServer = {
    ...{ name, config, options, Client: sdk.Client, activeCalls, connectTimeout },
    ...{ client, handle, closedByUs: false, restarts: 0, stopped: '', status: 'connected' },
  };
  watchClose(live, client, handle);
  const pid = handle.pid();
  return {
    name,
    config,
    get status() {
      return live.status;
    },
    tools: listed.tools,
    resources: listed.resources,
    resourceTemplates: listed.resourceTemplates,
    problems: listed.problems,
    ...(client.getServerVersion()
      ? { serverInfo: { name: client.getServerVersion()!.name, version: client.getServerVersion()!.version } }
      : {}),
    ...(pid !== undefined ? { pid } : {}),
    get currentPid() {
      return live.handle.pid();
    },
    startMs: Date.now() - started,
    callTool: (tool, args, callOptions) => callLiveTool(live, tool, args, maxChars, callOptions),
    readResource: (uri, callOptions) => readLiveResource(live, uri, maxChars, callOptions),
    async close() {
      live.closedByUs = true;
      live.status = 'closed';
      await live.client.close().catch(() => undefined);
    },
  };
}

/** One connected server's state, shared by its close watch, restart, readiness check and calls. */
interface LiveServer {
  readonly name: string;
  readonly config: McpServerConfig;
  readonly options: McpConnectOptions;
  readonly Client: typeof Client;
  readonly activeCalls: Set<McpElicitationRound>;
  readonly connectTimeout: number;
  client: Client;
  handle: McpTransportHandle;
  status: McpServerConnection['status'];
  closedByUs: boolean;
  restarts: number;
  /** Why the server stopped (its stderr's last lines), once it did. */
  stopped: string;
  restarting?: Promise<string | undefined> | undefined;
}

/** Marks the connection closed when this client's transport closes (and says so, unless closed by us). */
function watchClose(live: LiveServer, current: Client, currentHandle: McpTransportHandle): void {
  current.onclose = () => {
    if (live.client !== current) return;
    live.status = 'closed';
    if (live.closedByUs) return;
    const tail = currentHandle.stderrTail();
    live.stopped = `the server "${live.name}" stopped${tail ? ` (its stderr: ${tail.split('\n').slice(-3).join(' | ')})` : ''}`;
    live.options.onServerExit?.(live.name, live.stopped);
  };
}

/** A stopped stdio server started again (at most MAX_RESTARTS times); why not, when it cannot be. */
async function restartServer(live: LiveServer): Promise<string | undefined> {
  if (live.restarts >= MAX_RESTARTS) return `it stopped ${MAX_RESTARTS + 1} times and is not started again`;
  live.restarts++;
  const { name, config, options } = live;
  const next = createClient(live.Client, name, config, options, live.activeCalls);
  try {
    const nextHandle = await createMcpTransport(config, options);
    await withTimeout(next.connect(nextHandle.transport), live.connectTimeout, 'the MCP handshake');
    if (live.closedByUs) {
      await next.close().catch(() => undefined);
      return 'the connection was closed';
    }
    Object.assign(live, { client: next, handle: nextHandle });
    watchClose(live, next, nextHandle);
    live.status = 'connected';
    options.onServerRestart?.(name);
    return undefined;
  } catch (error) {
    void next.close().catch(() => undefined);
    return `starting it again failed: ${describeError(error)}`;
  }
}

/** Undefined when the server can be called (started again if it had stopped and may be), else the outcome to give. */
async function readiness(live: LiveServer, target: string): Promise<McpCallOutcome | undefined> {
  if (live.status === 'connected') return undefined;
  let why: string | undefined = 'it was closed';
  if (!live.closedByUs && live.options.restartStoppedServers === true && isStdioServer(live.config)) {
    live.restarting ??= restartServer(live).finally(() => {
      live.restarting = undefined;
    });
    why = await live.restarting;
    if (why === undefined) return undefined;
  }
  const said = live.stopped || `the server "${live.name}" is no longer connected`;
  return {
    ok: false,
    error: new McpError('mcp-server-closed', `${said}${why && live.stopped ? `; ${why}` : ''}`, live.name, target),
  };
}

const timeoutOf = (live: LiveServer, o: McpCallOptions | undefined) =>
  o?.timeoutMs ?? live.config.timeoutMs ?? DEFAULT_MCP_CALL_TIMEOUT_MS;

/** Calls one tool of a live server, on the call round's clock (stopped while a question of its server is open). */
async function callLiveTool(
  live: LiveServer,
  tool: string,
  args: Record<string, unknown>,
  maxChars: number,
  callOptions: McpCallOptions | undefined,
): Promise<McpCallOutcome> {
  const notReady = await readiness(live, tool);
  if (notReady) return notReady;
  const timeoutMs = timeoutOf(live, callOptions);
  // The call's clock (stopped while a question of its server is open) and its questions across rounds.
  const round = startCallRound(tool, timeoutMs, callOptions?.signal);
  live.activeCalls.add(round);
  try {
    // The SDK's own time-out is only a backstop: the round's clock decides.
    const result = await live.client.callTool(
      { name: tool, arguments: args },
      { timeout: 2_147_483_647, signal: round.signal },
    );
    return { ok: true, ...callResultText(result, maxChars) };
  } catch (error) {
    if (round.timedOut())
      return { ok: false, error: callError({ code: 'REQUEST_TIMEOUT' }, live.name, tool, undefined, timeoutMs) };
    return { ok: false, error: callError(error, live.name, tool, callOptions?.signal, timeoutMs) };
  } finally {
    round.end();
    live.activeCalls.delete(round);
  }
}

/** Reads one resource of a live server. */
async function readLiveResource(
  live: LiveServer,
  uri: string,
  maxChars: number,
  callOptions: McpCallOptions | undefined,
): Promise<McpCallOutcome> {
  const notReady = await readiness(live, uri);
  if (notReady) return notReady;
  const timeoutMs = timeoutOf(live, callOptions);
  try {
    const result = await live.client.readResource(
      { uri },
      { timeout: timeoutMs, ...(callOptions?.signal ? { signal: callOptions.signal } : {}) },
    );
    return { ok: true, content: readResultText(result, maxChars), isError: false };
  } catch (error) {
    return { ok: false, error: callError(error, live.name, uri, callOptions?.signal, timeoutMs) };
  }
}
