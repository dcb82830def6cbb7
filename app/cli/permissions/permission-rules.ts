// Permission rules: allow / ask / deny per tool, per path pattern and per command, in the form
// `tool` or `tool(pattern)` — `write_to_file(docs/**)`, `execute_command(git status)`,
// `execute_command(npm run test *)`. Command rules match whole parsed segments, never a prefix of
// the text (a trailing ` *` stands for any further arguments, word by word). Deny wins over ask,
// ask over allow; a command is allowed only when every segment is.
import { mcpToolName } from 'agent-turn/mcp';
import { globToRegExp } from '../../tools/files/glob-pattern.js';
import { parseCommand, programName, type CommandParse } from './command-segments.js';

/** The three lists of rules. */
export interface PermissionRules {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
}

/** What the rules say about one tool use. `byRule` false: no rule applies, the CLI's own policy decides. */
export interface PermissionDecision {
  decision: 'allow' | 'ask' | 'deny';
  byRule: boolean;
  /** The rule that decided, as written. */
  rule?: string;
  /** Why, in a sentence. */
  reason: string;
  /**
   * Asked out of caution: deny rules apply to commands and this one cannot be read with certainty.
   * With nobody to ask (--yes) it is refused, never run.
   */
  caution?: boolean;
}

/** A rule that could not be read: what and where. */
export interface RuleProblem {
  rule: string;
  message: string;
}

interface ParsedRule {
  text: string;
  tool: string;
  /** Undefined: every use of the tool. */
  pattern?: string;
}

const PAST = { allow: 'allowed', ask: 'asked', deny: 'denied' } as const;
const TOOL_NAME = /^[A-Za-z_][\w.-]*$/;
const PATH_TOOLS = new Set(['read_file', 'write_to_file', 'replace_in_file', 'list_files', 'search_files']);

/** Reads `tool` or `tool(pattern)`; a message when it is neither. */
export function parseRule(text: string): { ok: true; rule: ParsedRule } | { ok: false; message: string } {
  const trimmed = text.trim();
  const open = trimmed.indexOf('(');
  if (open < 0) {
    return TOOL_NAME.test(trimmed)
      ? { ok: true, rule: { text, tool: trimmed } }
      : {
          ok: false,
          message: `"${text}" is not a rule: expected tool or tool(pattern), e.g. execute_command(git status).`,
        };
  }
  const tool = trimmed.slice(0, open).trim();
  if (!TOOL_NAME.test(tool) || !trimmed.endsWith(')'))
    return { ok: false, message: `"${text}" is not a rule: expected tool(pattern) with the pattern in parentheses.` };
  const pattern = trimmed.slice(open + 1, -1).trim();
  if (pattern === '') return { ok: false, message: `"${text}": the pattern in parentheses is empty.` };
  if (tool === 'execute_command') {
    const words = commandRuleWords(pattern);
    if (!words.ok) return { ok: false, message: `"${text}": ${words.message}` };
  } else if (PATH_TOOLS.has(tool)) {
    const glob = globToRegExp(pattern);
    if (!glob.ok) return { ok: false, message: `"${text}": ${glob.message}.` };
  }
  return { ok: true, rule: { text, tool, pattern } };
}

/** A command rule's words; a trailing `*` (or `:*`) means any further arguments. */
function commandRuleWords(
  pattern: string,
): { ok: true; words: string[]; rest: boolean } | { ok: false; message: string } {
  let body = pattern;
  let rest = false;
  if (body.endsWith(':*')) {
    body = body.slice(0, -2);
    rest = true;
  } else if (body === '*' || body.endsWith(' *')) {
    body = body.slice(0, -1).trimEnd();
    rest = true;
  }
  const parsed = parseCommand(body);
  if (!parsed.ok) return { ok: false, message: `a command rule must be one plain command (${parsed.reason}).` };
  if (parsed.segments.length > 1) return { ok: false, message: 'a command rule must be one command, not a list.' };
  return { ok: true, words: parsed.segments[0] ?? [], rest };
}

function segmentMatches(rule: ParsedRule, words: readonly string[], anyFolder = false): boolean {
  const r = commandRuleWords(rule.pattern!);
  if (!r.ok) return false;
  if (r.rest ? words.length < r.words.length : words.length !== r.words.length) return false;
  // Deny and ask rules name a program wherever it lives: `rm` is `/bin/rm` too.
  const same = (w: string, i: number) =>
    anyFolder && i === 0 ? programName(w) === programName(words[0]!) : words[i] === w;
  return r.words.every(same);
}

/** The path as rules see it: relative, forward slashes, no `./`; undefined when it climbs out or is absolute. */
function rulePath(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const parts: string[] = [];
  const text = raw.trim().replace(/\\/g, '/');
  if (text.startsWith('/') || text.startsWith('~')) return undefined;
  for (const part of text.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

function pathMatches(rule: ParsedRule, params: Record<string, string | undefined>): boolean {
  const target = rulePath(params.path);
  if (target === undefined) return false;
  const glob = globToRegExp(rule.pattern!);
  return glob.ok && glob.regexp.test(target);
}

/** The rules that do not parse, with why (settings validation shows them). */
export function ruleProblems(rules: PermissionRules): RuleProblem[] {
  const out: RuleProblem[] = [];
  for (const list of [rules.allow, rules.ask, rules.deny])
    for (const rule of list ?? []) {
      const parsed = parseRule(rule);
      if (!parsed.ok) out.push({ rule, message: parsed.message });
    }
  return out;
}

const parsedList = (list: readonly string[] | undefined): ParsedRule[] =>
  (list ?? []).flatMap((text) => {
    const r = parseRule(text);
    return r.ok ? [r.rule] : [];
  });

/**
 * What the rules say about one tool use.
 *
 * @example
 * ```ts
 * const rules = { allow: ['execute_command(git status)'] };
 * decidePermission(rules, 'execute_command', { command: 'git status' }).decision; // 'allow'
 * decidePermission(rules, 'execute_command', { command: 'git status; curl x | sh' }).decision; // 'ask'
 * ```
 */
export function decidePermission(
  rules: PermissionRules,
  tool: string,
  params: Record<string, string | undefined>,
): PermissionDecision {
  // An MCP tool answers to its own name, its native name and `use_mcp_tool`, whichever form the call took.
  const names = toolNames(tool, params);
  const of = (list: readonly string[] | undefined) => parsedList(list).filter((r) => names.includes(r.tool));
  const deny = of(rules.deny);
  const ask = of(rules.ask);
  const allow = of(rules.allow);

  if (tool === 'execute_command') return decideCommand(parseCommand(params.command ?? ''), deny, ask, allow);

  const matches = (r: ParsedRule) => r.pattern === undefined || (PATH_TOOLS.has(tool) ? pathMatches(r, params) : false);
  for (const [decision, list] of [
    ['deny', deny],
    ['ask', ask],
    ['allow', allow],
  ] as const) {
    const hit = list.find(matches);
    if (hit)
      return {
        decision,
        byRule: true,
        rule: hit.text,
        reason: `${PAST[decision]} by ${hit.text}`,
      };
  }
  return { decision: 'ask', byRule: false, reason: 'no rule covers this tool use' };
}

/** The names rules may use for a tool: an MCP call's own, its native `mcp__server__tool` and `use_mcp_tool`. */
function toolNames(tool: string, params: Record<string, string | undefined>): string[] {
  if (tool === 'use_mcp_tool' && params.server_name !== undefined && params.tool_name !== undefined)
    return [tool, mcpToolName(params.server_name, params.tool_name)];
  if (tool.startsWith('mcp__')) return [tool, 'use_mcp_tool'];
  return [tool];
}

const whole = (list: ParsedRule[]) => list.find((r) => r.pattern === undefined);
const by = (decision: PermissionDecision['decision'], rule: ParsedRule): PermissionDecision => ({
  decision,
  byRule: true,
  rule: rule.text,
  reason: `${PAST[decision]} by ${rule.text}`,
});

/** A command against the rules: deny on anything it may run, ask likewise, allow only on plain commands. */
function decideCommand(
  parsed: CommandParse,
  deny: ParsedRule[],
  ask: ParsedRule[],
  allow: ParsedRule[],
): PermissionDecision {
  const wholeDeny = whole(deny);
  if (wholeDeny) return by('deny', wholeDeny);
  const firstHit = (list: ParsedRule[]) =>
    list.find((r) => r.pattern !== undefined && parsed.denyCandidates.some((words) => segmentMatches(r, words, true)));
  const denied = firstHit(deny);
  if (denied) return by('deny', denied);
  if (parsed.denyUnsure !== undefined && deny.length > 0)
    return {
      decision: 'ask',
      byRule: true,
      caution: true,
      rule: deny.map((r) => r.text).join(', '),
      reason: `asked out of caution: deny rules apply to commands and this one cannot be read with certainty (${parsed.denyUnsure})`,
    };
  const wholeAsk = whole(ask);
  if (wholeAsk) return by('ask', wholeAsk);
  const asked = firstHit(ask);
  if (asked) return by('ask', asked);
  const wholeAllow = whole(allow);
  if (wholeAllow) return by('allow', wholeAllow);
  if (allow.length === 0) return { decision: 'ask', byRule: false, reason: 'no rule covers this command' };
  if (!parsed.ok) return { decision: 'ask', byRule: false, reason: `no allow rule can cover it: ${parsed.reason}` };
  if (parsed.segments.length === 0) return { decision: 'ask', byRule: false, reason: 'the command is empty' };
  const used: string[] = [];
  for (const words of parsed.segments) {
    const hit = allow.find((r) => r.pattern !== undefined && segmentMatches(r, words));
    if (!hit) return { decision: 'ask', byRule: false, reason: `no allow rule covers \`${words.join(' ')}\`` };
    if (!used.includes(hit.text)) used.push(hit.text);
  }
  return { decision: 'allow', byRule: true, rule: used.join(', '), reason: `allowed by ${used.join(', ')}` };
}

/** The rule `a` ("always") adds for a tool use: the exact command, the exact path. */
export function ruleFor(tool: string, params: Record<string, string | undefined>): string {
  if (tool === 'execute_command') {
    const parsed = parseCommand(params.command ?? '');
    // Only a single plain command becomes a rule; anything else is allowed for the tool use only.
    if (parsed.ok && parsed.segments.length === 1) return `execute_command(${quoteWords(parsed.segments[0])})`;
    return '';
  }
  const target = rulePath(params.path);
  if (!PATH_TOOLS.has(tool)) return tool;
  // A path outside, or with a `]` (no literal form in a glob), gets no rule: approved for this use only.
  return target === undefined || target.includes(']') ? '' : `${tool}(${literalGlob(target)})`;
}

/**
 * A glob that matches exactly `target`: its glob characters in classes (`docs/**` → `docs/[*][*]`),
 * and a top-level name anchored (`./a.md`: a pattern with no `/` would match the name in any folder).
 */
function literalGlob(target: string): string {
  const escaped = target.replace(/[*?[{}]/g, (c) => `[${c}]`);
  return escaped.includes('/') ? escaped : `./${escaped}`;
}

function quoteWords(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}
