// A turn's setup checked before anything starts: a programming mistake (no client, maxRequests 0,
// approval as a string) is an AgentTurnOptionsError thrown at once, not 14 s of retries ending
// in "Cannot read properties of undefined", and not an option silently ignored.
import { AgentTurnOptionsError } from '../../src/errors/agent-turn-options-error.js';
import { clineThinkProtocol } from '../../src/protocol/cline-protocol.js';
import { isAgentTool } from '../../src/tools/define-tool.js';
import { DEFAULT_COMPLETION_TOOL, DEFAULT_IDEMPOTENT_TOOLS } from './turn-context.js';
import { toolsByName, type TurnTools } from './turn-tools.js';
import { checkHooks, checkPolicies } from './check-turn-policies.js';
import { count, describe, type Fail, isObject, type OptionalCheck } from './setup-values.js';

/** Every option a setup may hold (AgentTurnSetup and AgentTurnMachineInput). */
const KNOWN_SETUP_KEYS: ReadonlySet<string> = new Set([
  'client',
  'model',
  'messages',
  'tools',
  'protocol',
  'toolDefinitions',
  'requestOptions',
  'idPrefix',
  'maxRequests',
  'toolsPerMessage',
  'approval',
  'completionTool',
  'retry',
  'nudge',
  'startInReasoning',
  'drain',
  'idempotentTools',
  'contextWindow',
  'maxOutputTokens',
  'instructions',
  'nativeTools',
  'descriptions',
  'actorOptions',
  'snapshot',
  'resume',
  'history',
  'dialects',
  'signal',
  'endTurn',
  'hooks',
  'mode',
  'readOnlyTools',
]);

/** Levenshtein distance, for "did you mean" (option names are short). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** `tools`: functions or defineTool tools by name (each under its own name), or an array of defineTool tools. */
function checkTools(tools: unknown, fail: Fail): void {
  if (tools === undefined) return;
  const want =
    'tool functions or defineTool tools by name ({ read_file: async (use) => ... }), or an array of defineTool tools';
  if (Array.isArray(tools)) {
    const seen = new Set<string>();
    tools.forEach((t, i) => {
      if (!isAgentTool(t)) fail(`tools[${i}]`, `expected a tool made by defineTool, got ${describe(t)}`);
      if (seen.has(t.name)) fail(`tools[${i}]`, `a second tool named "${t.name}"`);
      seen.add(t.name);
    });
    return;
  }
  if (!isObject(tools)) fail('tools', `expected ${want}, got ${describe(tools)}`);
  for (const [name, tool] of Object.entries(tools as Record<string, unknown>)) {
    if (isAgentTool(tool)) {
      if (tool.name !== name)
        fail(`tools.${name}`, `the tool is named "${tool.name}": put it under that name (or give tools as an array)`);
    } else if (typeof tool !== 'function') fail(`tools.${name}`, `expected ${want}, got ${describe(tool)}`);
  }
}

/** The names a turn has: its tools' (or, with none given, its protocol's) and the completion tool. */
function namesOf(s: Record<string, unknown>): string[] {
  const protocol = s.protocol as { tools?: readonly { name: string }[] } | undefined;
  const given = s.tools === undefined ? undefined : Object.keys(toolsByName(s.tools as TurnTools));
  const names = given ?? (protocol?.tools ?? clineThinkProtocol.tools).map((t) => t.name);
  return [...names, typeof s.completionTool === 'string' ? s.completionTool : DEFAULT_COMPLETION_TOOL];
}

/**
 * Every name in `approval` and `idempotentTools` must be a tool the turn has (an MCP name
 * `use_mcp_tool:server/tool` by its tool, `use_mcp_tool`): a misspelt name would silently run a
 * tool unasked, or never run it again.
 */
function checkToolNames(s: Record<string, unknown>, fail: Fail): void {
  const known = namesOf(s);
  for (const option of ['approval', 'idempotentTools'] as const) {
    const list = s[option];
    if (!Array.isArray(list)) continue;
    list.forEach((name, i) => {
      if (typeof name !== 'string') return;
      const tool = name.split(':')[0]!;
      // The default idempotent names may be passed on as they are (agent-turn/mcp extends the default list).
      if (known.includes(tool) || (option === 'idempotentTools' && DEFAULT_IDEMPOTENT_TOOLS.includes(name))) return;
      const near = known
        .map((k) => ({ k, d: editDistance(tool, k) }))
        .filter(({ k, d }) => d <= Math.max(2, Math.floor(k.length / 3)))
        .sort((a, b) => a.d - b.d)[0]?.k;
      fail(
        `${option}[${i}]`,
        `"${name}" is not a tool of this turn${near !== undefined ? ` (did you mean "${near}"?)` : ''}; its tools: ${known.join(', ')}`,
      );
    });
  }
}

/** Throws an AgentTurnOptionsError for the first setting that cannot work. */
export function checkTurnSetup(setup: unknown): void {
  const fail = (option: string, message: string): never => {
    throw new AgentTurnOptionsError(`${option}: ${message}`, option);
  };
  if (!isObject(setup)) fail('setup', `expected an object ({ client, model, messages, ... }), got ${describe(setup)}`);
  const s = setup as Record<string, unknown>;
  // A misspelt option would be silently ignored: a key one or two letters from a known one is refused.
  for (const key of Object.keys(s)) {
    if (KNOWN_SETUP_KEYS.has(key)) continue;
    const near = [...KNOWN_SETUP_KEYS].find((known) => editDistance(key, known) <= 2 && key.length > 3);
    if (near !== undefined) fail(key, `unknown option (did you mean ${near}?)`);
  }
  const optional: OptionalCheck = (name, check, want, value = s[name]) => {
    if (value !== undefined && !check(value)) fail(name, `expected ${want}, got ${describe(value)}`);
  };

  if (s.client === undefined) fail('client', 'missing: pass a chat client, e.g. createChatClient({ baseURL, apiKey })');
  if (!isObject(s.client) || typeof s.client.stream !== 'function') {
    fail(
      'client',
      `expected a chat client with a stream(request, options) method (createChatClient), got ${describe(s.client)}`,
    );
  }
  if (typeof s.model !== 'string' || s.model.trim() === '')
    fail('model', `expected a model name, got ${describe(s.model)}`);
  if (!Array.isArray(s.messages))
    fail('messages', `expected an array of chat messages ({ role, content }), got ${describe(s.messages)}`);
  if ((s.messages as unknown[]).length === 0 && s.snapshot === undefined && s.resume === undefined)
    fail('messages', "empty: a turn needs at least the task, e.g. [{ role: 'user', content: 'Fix the failing test' }]");
  (s.messages as unknown[]).forEach((m, i) => {
    if (!isObject(m) || typeof m.role !== 'string')
      fail(`messages[${i}]`, `expected a chat message ({ role, content }), got ${describe(m)}`);
  });
  optional('maxRequests', count(1), 'a whole number of requests, at least 1');
  optional('toolsPerMessage', (v) => v === 'one' || v === 'sequential', "'one' or 'sequential'");
  if (typeof s.approval === 'string') {
    fail(
      'approval',
      `expected true, false or an array of tool names, got ${describe(s.approval)} (did you mean [${JSON.stringify(s.approval)}]?)`,
    );
  }
  optional(
    'approval',
    (v) => typeof v === 'boolean' || (Array.isArray(v) && v.every((n) => typeof n === 'string')),
    'true, false or an array of tool names',
  );
  optional('completionTool', (v) => typeof v === 'string' && v !== '', 'a tool name');
  checkTools(s.tools, fail);
  checkToolNames(s, fail);
  optional('endTurn', (v) => v === 'completion-tool' || v === 'text', "'completion-tool' or 'text'");
  optional(
    'signal',
    (v) => isObject(v) && typeof v.aborted === 'boolean' && typeof v.addEventListener === 'function',
    'an AbortSignal',
  );
  optional('toolDefinitions', Array.isArray, 'an array of OpenAI tool definitions');
  optional('requestOptions', isObject, 'an object of request fields');
  optional('startInReasoning', (v) => typeof v === 'boolean', 'true or false');
  optional('nativeTools', (v) => typeof v === 'boolean', 'true or false');
  optional('instructions', (v) => typeof v === 'string', 'a string');
  optional('protocol', isObject, 'a protocol (defineProtocol)');
  optional('contextWindow', count(1), 'a whole number of tokens');
  optional(
    'history',
    (v) =>
      isObject(v) &&
      [undefined, 'drop', 'tool-turns', 'all'].includes(v.reasoning as string | undefined) &&
      [undefined, 'reasoning_content', 'reasoning'].includes(v.reasoningField as string | undefined) &&
      [undefined, true, false].includes(v.keepInlineReasoning as boolean | undefined) &&
      [undefined, 'null', 'empty-string'].includes(v.emptyToolCallContent as string | undefined) &&
      (v.opaque === undefined ||
        (Array.isArray(v.opaque) && v.opaque.every((f) => f === 'reasoning_details' || f === 'extra_content'))),
    "a history rule such as { reasoning: 'tool-turns' } (reasoning: 'drop' | 'tool-turns' | 'all'; see docs/profiles.md)",
  );
  optional('maxOutputTokens', count(1), 'a whole number of tokens');
  optional('mode', (v) => v === 'default' || v === 'plan', "'default' or 'plan'");
  optional('readOnlyTools', (v) => Array.isArray(v) && v.every((n) => typeof n === 'string'), 'an array of tool names');
  checkHooks(s, optional, fail);
  checkPolicies(s, optional, fail);
}
