// MCP servers from the settings files. The rule: a server is a program (or a remote endpoint that
// receives the workspace's data), so only the user's own settings may define one — as they would
// with --mcp-config. The project's file (checked out with the code, written by whoever wrote the
// code) may only narrow a server the user defined: turn it off (`"disabled": true`), shorten its
// time-out, or keep fewer of its tools unasked (`alwaysAllow`, intersected with the user's). A
// project entry that would start or reach anything (command, args, env, cwd, url, headers) or
// names a server the user did not define is ignored, with a note; nothing asks for confirmation.
import { McpConfigError, parseMcpConfig, type McpServerConfig, type McpServersConfig } from 'agent-turn/mcp';

/** Fields a project entry may give: the ones that only take away. */
const NARROWING = new Set(['disabled', 'alwaysAllow', 'timeoutMs', 'timeout']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Why a settings file's `mcpServers` cannot be used, as [field, message]: the user's entries are
 * checked as --mcp-config's are, the project's as narrowing entries.
 */
export function mcpSettingsProblem(value: unknown, scope: 'user' | 'project'): [string, string] | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return ['mcpServers', 'expected an object of servers by name.'];
  if (scope === 'user') {
    try {
      parseMcpConfig({ mcpServers: value });
      return undefined;
    } catch (error) {
      if (error instanceof McpConfigError) return [error.where, error.message.slice(error.where.length + 2)];
      throw error;
    }
  }
  for (const [name, entry] of Object.entries(value)) {
    if (!isRecord(entry)) return [`mcpServers.${name}`, 'expected an object (e.g. { "disabled": true }).'];
    if (entry.disabled !== undefined && typeof entry.disabled !== 'boolean')
      return [`mcpServers.${name}.disabled`, 'expected true or false.'];
    if (entry.timeoutMs !== undefined && !(typeof entry.timeoutMs === 'number' && entry.timeoutMs > 0))
      return [`mcpServers.${name}.timeoutMs`, 'expected a positive number of milliseconds.'];
    if (entry.timeout !== undefined && !(typeof entry.timeout === 'number' && entry.timeout > 0))
      return [`mcpServers.${name}.timeout`, 'expected a positive number of seconds.'];
    if (
      entry.alwaysAllow !== undefined &&
      entry.alwaysAllow !== true &&
      !(Array.isArray(entry.alwaysAllow) && entry.alwaysAllow.every((t) => typeof t === 'string'))
    )
      return [`mcpServers.${name}.alwaysAllow`, 'expected a list of tool names (or true).'];
  }
  return undefined;
}

function narrowed(user: McpServerConfig, project: Record<string, unknown>): McpServerConfig {
  const out: McpServerConfig = { ...user };
  if (project.disabled === true) out.disabled = true;
  const timeoutMs =
    typeof project.timeoutMs === 'number'
      ? project.timeoutMs
      : typeof project.timeout === 'number'
        ? project.timeout * 1000
        : undefined;
  if (timeoutMs !== undefined) out.timeoutMs = Math.min(user.timeoutMs ?? 60_000, timeoutMs);
  if (Array.isArray(project.alwaysAllow)) {
    const asked = project.alwaysAllow as string[];
    out.alwaysAllow =
      user.alwaysAllow === true ? asked : (user.alwaysAllow ?? []).filter((tool) => asked.includes(tool));
  }
  return out;
}

/**
 * The servers the settings start: the user's, each narrowed by the project's entry of the same
 * name; a note for every project entry (or field) that is ignored. Both values checked already.
 *
 * @example
 * const { servers, notes } = settingsMcpServers(user.mcpServers, project.mcpServers);
 */
export function settingsMcpServers(user: unknown, project: unknown): { servers: McpServersConfig; notes: string[] } {
  const notes: string[] = [];
  const servers: Record<string, McpServerConfig> = isRecord(user) ? { ...parseMcpConfig({ mcpServers: user }) } : {};
  if (isRecord(project)) {
    for (const [name, entry] of Object.entries(project)) {
      if (!isRecord(entry)) continue;
      const widening = Object.keys(entry).filter((k) => !NARROWING.has(k));
      if (!Object.hasOwn(servers, name)) {
        notes.push(
          `the project settings may only narrow: mcpServers.${name} is not started (only your own settings or --mcp-config may define a server: it runs a program, or reaches a server, the project chose).`,
        );
        continue;
      }
      if (widening.length > 0)
        notes.push(
          `the project settings may only narrow: mcpServers.${name}.${widening.join(`, mcpServers.${name}.`)} ignored (your own settings define this server).`,
        );
      if (entry.disabled === false && servers[name].disabled === true)
        notes.push(`the project settings may only narrow: mcpServers.${name}.disabled: false is ignored.`);
      if (entry.alwaysAllow === true)
        notes.push(`the project settings may only narrow: mcpServers.${name}.alwaysAllow: true is ignored.`);
      servers[name] = narrowed(servers[name], entry);
    }
  }
  return { servers, notes };
}
