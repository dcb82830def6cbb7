// Settings files: the user's ($XDG_CONFIG_HOME/agent-turn/settings.json) and the project's
// (.agent-turn/settings.json in the workspace). A project file may only narrow what the user's
// allows: it adds deny and ask rules, turns the network off, lowers limits — it never chooses the
// endpoint or the model (where the key goes), never turns the sandbox or the network on, never
// allows. The API key never lives in a settings file (the environment only).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { McpServersConfig } from 'agent-turn/mcp';
import { ruleProblems, type PermissionRules } from '../permissions/permission-rules.js';
import { readSettingsText } from './read-settings-text.js';
import { mcpSettingsProblem, settingsMcpServers } from './settings-mcp.js';
import { hooksSettingsProblem, settingsHooks, type HooksConfig } from '../hooks/hook-settings.js';

/** What a settings file may hold. */
export interface Settings {
  model?: string;
  baseURL?: string;
  priceInput?: number;
  priceOutput?: number;
  /**
   * MCP servers by name, as --mcp-config's `mcpServers` (user file); the project file may only
   * narrow the user's (settings-mcp.ts: disable one, shorten its time-out, fewer tools unasked).
   */
  mcpServers?: Record<string, unknown>;
  sandbox?: { allowNetwork?: boolean; noSandbox?: boolean };
  permissions?: PermissionRules;
  checkpoints?: { maxFileBytes?: number; maxSessionBytes?: number };
  /** Rules added by "always in this project", by workspace root (user file only). */
  projects?: Record<string, { allow?: string[] }>;
  /** Command hooks by event, in Claude Code's shape (user file only: a project's are ignored, with a note). */
  hooks?: HooksConfig;
  /** Turns every hook off (the one thing a project's file may say about hooks). */
  disableAllHooks?: boolean;
}

export type SettingsRead = { ok: true; settings: Settings } | { ok: false; message: string };

/** The user's settings file. */
export function userSettingsFile(env: Record<string, string | undefined>): string {
  const config = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config');
  return path.join(config, 'agent-turn', 'settings.json');
}

/** The project's settings file. */
export function projectSettingsFile(root: string): string {
  return path.join(root, '.agent-turn', 'settings.json');
}

/** The 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}

/** The line where `"key"` first appears (the field's line, for messages). */
function lineOfKey(text: string, key: string): number {
  const at = text.indexOf(`"${key}"`);
  return at < 0 ? 1 : lineAt(text, at);
}

const KNOWN = new Set([
  'model',
  'baseURL',
  'priceInput',
  'priceOutput',
  'mcpServers',
  'sandbox',
  'permissions',
  'checkpoints',
  'projects',
  'hooks',
  'disableAllHooks',
  '$schema',
]);

/** Checks a parsed settings value; the first problem as [field, message]. */
function problemOf(value: Record<string, unknown>, scope: 'user' | 'project'): [string, string] | undefined {
  for (const key of Object.keys(value)) {
    if (/^(api[_-]?key|OPENAI_API_KEY)$/i.test(key))
      return [key, 'the API key never lives in a settings file: set OPENAI_API_KEY in the environment.'];
    if (!KNOWN.has(key))
      return [key, `unknown field (known: ${[...KNOWN].filter((k) => k !== '$schema').join(', ')}).`];
  }
  const isText = (k: string) =>
    value[k] === undefined || (typeof value[k] === 'string' && (value[k] as string).trim() !== '');
  if (!isText('model')) return ['model', 'expected a model name.'];
  if (value.baseURL !== undefined) {
    try {
      new URL(String(value.baseURL));
      if (typeof value.baseURL !== 'string') throw new Error();
    } catch {
      return ['baseURL', 'expected a URL such as http://localhost:8787/v1.'];
    }
  }
  for (const k of ['priceInput', 'priceOutput'])
    if (
      value[k] !== undefined &&
      !(typeof value[k] === 'number' && Number.isFinite(value[k]) && (value[k] as number) >= 0)
    )
      return [k, 'expected US dollars per million tokens, a number of at least 0.'];
  const object = (k: string) =>
    value[k] === undefined || (typeof value[k] === 'object' && value[k] !== null && !Array.isArray(value[k]));
  for (const k of ['mcpServers', 'sandbox', 'permissions', 'checkpoints', 'projects'])
    if (!object(k)) return [k, 'expected an object.'];
  const mcp = mcpSettingsProblem(value.mcpServers, scope);
  if (mcp) return mcp;
  // A project's hooks are never used (mergeSettings says so): only the user's are checked.
  const hooks = scope === 'user' ? hooksSettingsProblem(value.hooks) : undefined;
  if (hooks) return hooks;
  if (value.disableAllHooks !== undefined && typeof value.disableAllHooks !== 'boolean')
    return ['disableAllHooks', 'expected true or false.'];
  const sandbox = (value.sandbox ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(sandbox)) {
    if (k !== 'allowNetwork' && k !== 'noSandbox')
      return [`sandbox.${k}`, 'unknown field (known: allowNetwork, noSandbox).'];
    if (typeof sandbox[k] !== 'boolean') return [`sandbox.${k}`, 'expected true or false.'];
  }
  const permissions = (value.permissions ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(permissions)) {
    if (k !== 'allow' && k !== 'ask' && k !== 'deny')
      return [`permissions.${k}`, 'unknown field (known: allow, ask, deny).'];
    const list = permissions[k];
    if (!Array.isArray(list) || !list.every((r) => typeof r === 'string'))
      return [`permissions.${k}`, 'expected a list of rules such as "execute_command(git status)".'];
  }
  const bad = ruleProblems(permissions as PermissionRules)[0];
  if (bad) return ['permissions', bad.message];
  const checkpoints = (value.checkpoints ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(checkpoints)) {
    if (k !== 'maxFileBytes' && k !== 'maxSessionBytes')
      return [`checkpoints.${k}`, 'unknown field (known: maxFileBytes, maxSessionBytes).'];
    const n = checkpoints[k];
    if (!(typeof n === 'number' && Number.isInteger(n) && n >= 0))
      return [`checkpoints.${k}`, 'expected a whole number of bytes.'];
  }
  return undefined;
}

/** Reads and checks one settings file (the user's, or a project's: its MCP entries may only narrow); a missing file is empty settings. */
export function readSettingsFile(file: string, scope: 'user' | 'project' = 'user'): SettingsRead {
  const read = readSettingsText(file);
  if (!read.ok) return read.missing ? { ok: true, settings: {} } : { ok: false, message: read.message };
  const text = read.text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    const line = position ? lineAt(text, Number(position[1])) : 1;
    return { ok: false, message: `${file}:${line}: not valid JSON (${(error as Error).message}).` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: `${file}:1: expected an object of settings.` };
  const problem = problemOf(value as Record<string, unknown>, scope);
  if (problem) {
    const [field, message] = problem;
    const key = field
      .split('.')
      .at(-1)!
      .replace(/(\[\d+\])+$/, '');
    return { ok: false, message: `${file}:${lineOfKey(text, key)}: ${field}: ${message}` };
  }
  return { ok: true, settings: value as Settings };
}

/** The settings in force, and notes on what the project file asked for but may not do. */
export interface EffectiveSettings {
  settings: Settings;
  notes: string[];
  /** The MCP servers the settings start (the user's, narrowed by the project's). */
  mcpServers: McpServersConfig;
  /** The command hooks in force: the user's, unless either file sets "disableAllHooks". */
  hooks: HooksConfig;
}

/** The user's settings narrowed by the project's. */
export function mergeSettings(user: Settings, project: Settings, root: string): EffectiveSettings {
  const notes: string[] = [];
  const ignored = (what: string) => notes.push(`the project settings may only narrow: ${what} is ignored.`);
  if (project.model !== undefined) ignored('"model"');
  if (project.baseURL !== undefined) ignored('"baseURL"');
  if (project.priceInput !== undefined || project.priceOutput !== undefined) ignored('prices');
  if (project.projects !== undefined) ignored('"projects"');
  if (project.sandbox?.noSandbox === true) ignored('"sandbox.noSandbox": true');
  if (project.sandbox?.allowNetwork === true) ignored('"sandbox.allowNetwork": true');
  if ((project.permissions?.allow ?? []).length > 0)
    ignored('"permissions.allow" (answer "a" then "p" to allow in this project: it is kept in your own settings)');
  const remembered = user.projects?.[root]?.allow ?? [];
  const lower = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : Math.min(a, b);
  const maxFileBytes = lower(user.checkpoints?.maxFileBytes, project.checkpoints?.maxFileBytes);
  const maxSessionBytes = lower(user.checkpoints?.maxSessionBytes, project.checkpoints?.maxSessionBytes);
  const settings: Settings = {
    ...user,
    sandbox: {
      ...user.sandbox,
      ...(project.sandbox?.allowNetwork === false ? { allowNetwork: false } : {}),
      ...(project.sandbox?.noSandbox === false ? { noSandbox: false } : {}),
    },
    permissions: {
      allow: [...(user.permissions?.allow ?? []), ...remembered],
      ask: [...(user.permissions?.ask ?? []), ...(project.permissions?.ask ?? [])],
      deny: [...(user.permissions?.deny ?? []), ...(project.permissions?.deny ?? [])],
    },
    checkpoints: {
      ...(maxFileBytes !== undefined ? { maxFileBytes } : {}),
      ...(maxSessionBytes !== undefined ? { maxSessionBytes } : {}),
    },
  };
  let mcpServers: McpServersConfig = {};
  try {
    const mcp = settingsMcpServers(user.mcpServers, project.mcpServers);
    mcpServers = mcp.servers;
    notes.push(...mcp.notes);
  } catch (error) {
    notes.push(`the settings' mcpServers are not used: ${(error as Error).message}`);
  }
  const hooks = settingsHooks(
    user.disableAllHooks === true ? undefined : user.hooks,
    project.hooks,
    project.disableAllHooks,
  );
  notes.push(...hooks.notes);
  return { settings, notes, mcpServers, hooks: hooks.hooks };
}

/** Adds an allow rule for this project to the user's settings file (written atomically). */
export function rememberProjectRule(file: string, root: string, rule: string): void {
  const read = readSettingsFile(file);
  const settings: Settings = read.ok ? read.settings : {};
  if (!read.ok) throw new Error(read.message);
  const projects = { ...settings.projects };
  const allow = projects[root]?.allow ?? [];
  if (!allow.includes(rule)) projects[root] = { allow: [...allow, rule] };
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ ...settings, projects }, null, 2)}\n`);
  renameSync(temporary, file);
}
