// The `mcpServers` configuration that Claude Code, Cline and Cursor share: a server is a command to
// start (stdio) or a URL to reach (Streamable HTTP), plus this package's approval and time-out
// settings. parseMcpConfig checks a parsed JSON value and says what is wrong and where.

import { AgentTurnError } from '../../src/errors/agent-turn-error.js';

/** Settings every server entry may have. */
export interface McpServerCommon {
  /** Tools of this server that run without asking (Cline's `alwaysAllow`); `true` for all of them. */
  alwaysAllow?: readonly string[] | true;
  /** The most one call may take, in milliseconds, before it is cancelled. Default 60,000. */
  timeoutMs?: number;
  /** A disabled entry is not started (Cline's `disabled`). */
  disabled?: boolean;
}

/** A local server: a process started with its command, speaking MCP over stdin/stdout (Node only). */
export interface McpStdioServerConfig extends McpServerCommon {
  command: string;
  args?: readonly string[];
  /** The server's environment on top of a minimal safe set (PATH, HOME, USER, SHELL, TERM, LOGNAME); nothing else of the caller's. */
  env?: Readonly<Record<string, string>>;
  /** Its working directory. Default: the caller's. */
  cwd?: string;
}

/** A remote server reached over Streamable HTTP (Node and browsers). */
export interface McpHttpServerConfig extends McpServerCommon {
  url: string;
  /** Sent with every request (e.g. `Authorization`). */
  headers?: Readonly<Record<string, string>>;
}

/** One entry of `mcpServers`. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** Server name -> entry, as in `{ "mcpServers": { … } }`. */
export type McpServersConfig = Readonly<Record<string, McpServerConfig>>;

/** A configuration that cannot be used: what is wrong, and where (`mcpServers.fs.args[1]`). */
export class McpConfigError extends AgentTurnError<'invalid-mcp-config'> {
  static override readonly errorName: string = 'McpConfigError';

  constructor(
    /** Where in the configuration the problem is (`mcpServers.fs.args[1]`). */
    readonly where: string,
    problem: string,
  ) {
    super('invalid-mcp-config', `${where}: ${problem}`);
  }
}

/** Whether an entry starts a local process. */
export function isStdioServer(config: McpServerConfig): config is McpStdioServerConfig {
  return typeof (config as McpStdioServerConfig).command === 'string';
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function stringList(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) throw new McpConfigError(where, `expected an array of strings, got ${kind(value)}`);
  return value.map((item, i) => {
    if (typeof item !== 'string') throw new McpConfigError(`${where}[${i}]`, `expected a string, got ${kind(item)}`);
    return item;
  });
}

function stringMap(value: unknown, where: string): Record<string, string> {
  if (!isRecord(value)) throw new McpConfigError(where, `expected an object of strings, got ${kind(value)}`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new McpConfigError(`${where}.${key}`, `expected a string, got ${kind(item)}`);
    out[key] = item;
  }
  return out;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new McpConfigError(where, `expected a string, got ${kind(value)}`);
  return value;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function common(entry: Record<string, unknown>, where: string): McpServerCommon {
  const out: { alwaysAllow?: readonly string[] | true; timeoutMs?: number; disabled?: boolean } = {};
  if (entry.alwaysAllow !== undefined)
    out.alwaysAllow = entry.alwaysAllow === true ? true : stringList(entry.alwaysAllow, `${where}.alwaysAllow`);
  if (entry.timeoutMs !== undefined) {
    if (typeof entry.timeoutMs !== 'number' || !(entry.timeoutMs > 0))
      throw new McpConfigError(
        `${where}.timeoutMs`,
        `expected a positive number of milliseconds, got ${kind(entry.timeoutMs)}`,
      );
    out.timeoutMs = entry.timeoutMs;
  }
  // Cline writes its time-out in seconds as `timeout`.
  if (entry.timeout !== undefined && out.timeoutMs === undefined) {
    if (typeof entry.timeout !== 'number' || !(entry.timeout > 0))
      throw new McpConfigError(`${where}.timeout`, `expected a positive number of seconds, got ${kind(entry.timeout)}`);
    out.timeoutMs = entry.timeout * 1000;
  }
  if (entry.disabled !== undefined) {
    if (typeof entry.disabled !== 'boolean')
      throw new McpConfigError(`${where}.disabled`, `expected true or false, got ${kind(entry.disabled)}`);
    out.disabled = entry.disabled;
  }
  return out;
}

function serverEntry(value: unknown, where: string): McpServerConfig {
  if (!isRecord(value))
    throw new McpConfigError(where, `expected an object with "command" or "url", got ${kind(value)}`);
  const shared = common(value, where);
  if (value.command !== undefined && value.url !== undefined)
    throw new McpConfigError(where, 'has both "command" and "url": give one (a local process or a remote server)');
  if (typeof value.command === 'string') {
    if (value.command.trim() === '') throw new McpConfigError(`${where}.command`, 'is empty');
    return {
      ...shared,
      command: value.command,
      ...(value.args !== undefined ? { args: stringList(value.args, `${where}.args`) } : {}),
      ...(value.env !== undefined ? { env: stringMap(value.env, `${where}.env`) } : {}),
      ...(value.cwd !== undefined ? { cwd: text(value.cwd, `${where}.cwd`) } : {}),
    };
  }
  if (typeof value.url === 'string') {
    let url: URL;
    try {
      url = new URL(value.url);
    } catch {
      throw new McpConfigError(`${where}.url`, `is not a URL: ${JSON.stringify(value.url)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new McpConfigError(`${where}.url`, `expected an http: or https: URL, got ${url.protocol}`);
    return {
      ...shared,
      url: value.url,
      ...(value.headers !== undefined ? { headers: stringMap(value.headers, `${where}.headers`) } : {}),
    };
  }
  throw new McpConfigError(where, 'needs "command" (a local server) or "url" (a remote one)');
}

/**
 * Checks a parsed configuration: `{ "mcpServers": { name: entry } }` (the file of Claude Code,
 * Cline and Cursor) or the inner object alone. Throws an {@link McpConfigError} naming the first
 * problem and where it is.
 *
 * @example
 * ```ts
 * import { parseMcpConfig } from 'agent-turn/mcp';
 *
 * const servers = parseMcpConfig({
 *   mcpServers: {
 *     memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
 *     docs: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer …' } },
 *   },
 * });
 * ```
 */
export function parseMcpConfig(value: unknown): McpServersConfig {
  const servers = isRecord(value) && value.mcpServers !== undefined ? value.mcpServers : value;
  const where = isRecord(value) && value.mcpServers !== undefined ? 'mcpServers' : '(top level)';
  if (!isRecord(servers))
    throw new McpConfigError(where, `expected an object of servers by name, got ${kind(servers)}`);
  const out: Record<string, McpServerConfig> = {};
  for (const [name, entry] of Object.entries(servers)) {
    if (name.trim() === '') throw new McpConfigError(where, 'a server has an empty name');
    out[name] = serverEntry(entry, where === '(top level)' ? name : `${where}.${name}`);
  }
  return out;
}
