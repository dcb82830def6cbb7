// The permission rules as the CLI's turns use them: the settings' rules plus those added by
// "always … this session", checked per tool use; deny refuses even tools that never ask; an
// "always" answer asks how far it goes and keeps the rule it adds (shown as the rule).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { runsCodeLater } from '../../tools/files/protected-paths.js';
import { toolError } from '../../tools/result-sentences.js';
import type { Style } from '../display/ansi-style.js';
import type { TurnPermissions } from '../conversation/conversation-types.js';
import { readKey, type KeyInput } from '../approval/key-reader.js';
import { parseCommand } from './command-segments.js';
import {
  decidePermission,
  parseRule,
  ruleFor,
  type PermissionDecision,
  type PermissionRules,
} from './permission-rules.js';

export interface TurnPermissionsOptions {
  rules: PermissionRules;
  /** Rules added this session ("always for this session"); the list grows. */
  sessionRules: string[];
  /** Keeps an "always in this project" rule (the user's settings file); absent: not offered. */
  rememberForProject?: (rule: string) => void;
  input?: Readable;
  output?: Writable;
  style: Style;
  /** The workspace: path rules are checked on where a path really leads too (a link to `.env` is `.env`). */
  root?: string;
  /** Commands run without a sandbox: each is asked, whatever an allow rule says. */
  unsandboxedCommands?: boolean;
}

const STRICTNESS = { allow: 0, ask: 1, deny: 2 } as const;

/** Where `requested` really leads, relative to the (real) root; undefined when it cannot be told. */
function realRelative(root: string, requested: string): string | undefined {
  try {
    const realRoot = realpathSync(root);
    let probe = path.resolve(realRoot, requested.trim());
    let rest = '';
    // The nearest ancestor that exists decides where the path leads (a new file under a linked folder).
    for (;;) {
      try {
        const real = path.join(realpathSync(probe), rest);
        const relative = path.relative(realRoot, real);
        return relative.startsWith('..') || path.isAbsolute(relative)
          ? undefined
          : relative.split(path.sep).join('/') || '.';
      } catch {
        const parent = path.dirname(probe);
        if (parent === probe) return undefined;
        rest = path.join(path.basename(probe), rest);
        probe = parent;
      }
    }
  } catch {
    return undefined;
  }
}

/** What a command writes (redirections, tee) that runs code later, said as a reason to ask. */
function runsLaterWrite(command: string): string | undefined {
  for (const target of parseCommand(command).writes) {
    const later = runsCodeLater(target);
    if (later)
      return `it writes ${target} (a redirection or tee), and ${target} runs code later (${later.why}): asked every time`;
  }
  return undefined;
}

/** Why an allowed tool use is asked anyway: a write that runs code later, a command with no sandbox. */
function askedAnyway(
  tool: string,
  params: Record<string, string | undefined>,
  unsandboxed: boolean,
): PermissionDecision | undefined {
  const ask = (reason: string): PermissionDecision => ({ decision: 'ask', byRule: false, reason });
  // A file that runs code later is asked every time, whatever a rule allows.
  const later = params.path !== undefined && tool !== 'read_file' ? runsCodeLater(params.path) : undefined;
  if (later !== undefined) return ask(`${params.path} runs code later: asked every time`);
  if (tool !== 'execute_command') return undefined;
  if (unsandboxed) return ask('commands run without a sandbox here: each one is asked, whatever the rules');
  const write = runsLaterWrite(params.command ?? '');
  return write === undefined ? undefined : ask(write);
}

/** The rules for one turn (or all turns of a conversation: the session rules are shared). */
export function createTurnPermissions(options: TurnPermissionsOptions): TurnPermissions {
  const { rules, sessionRules, style } = options;
  const all = (): PermissionRules => ({ ...rules, allow: [...(rules.allow ?? []), ...sessionRules] });
  const alsoAsk = [
    ...new Set(
      (rules.ask ?? []).flatMap((r) => {
        const parsed = parseRule(r);
        return parsed.ok ? [parsed.rule.tool] : [];
      }),
    ),
  ];
  return {
    alsoAsk,
    decide(tool, params) {
      let decision = decidePermission(all(), tool, params);
      // A path rule holds on where the path leads: a link to a denied file is denied.
      if (options.root !== undefined && params.path !== undefined) {
        const real = realRelative(options.root, params.path);
        if (real !== undefined) {
          const viaLink = decidePermission(all(), tool, { ...params, path: real });
          if (STRICTNESS[viaLink.decision] > STRICTNESS[decision.decision] && viaLink.byRule)
            decision = { ...viaLink, reason: `${viaLink.reason} (${params.path} leads to ${real})` };
        }
      }
      if (decision.decision !== 'allow') return decision;
      return askedAnyway(tool, params, options.unsandboxedCommands === true) ?? decision;
    },
    async always(tool, params) {
      const out = options.output;
      const rule = ruleFor(tool, params);
      if (!out || !options.input) return;
      if (rule === '') {
        out.write(`  ${style.dim('(no rule can name exactly this: approved for this turn only)')}\n`);
        return;
      }
      const keys = ['s', 't', ...(options.rememberForProject ? ['p'] : [])];
      out.write(
        `  Always: s for this session · ${options.rememberForProject ? 'p in this project · ' : ''}t this turn only — the rule: ${rule} `,
      );
      const key = await readKey(options.input as KeyInput, keys, new AbortController().signal, {
        onInterrupt: () => {},
      });
      if (key === 's' || key === 'p') {
        if (!sessionRules.includes(rule)) sessionRules.push(rule);
        if (key === 'p') {
          try {
            options.rememberForProject!(rule);
            out.write(
              `in this project\n  ${style.green(`+ allow ${rule}`)} ${style.dim('(kept in your settings for this workspace)')}\n`,
            );
          } catch (error) {
            out.write(
              `\n  ${style.yellow(`could not keep the rule: ${(error as Error).message}; it holds for this session`)}\n`,
            );
          }
        } else out.write(`for this session\n  ${style.green(`+ allow ${rule}`)}\n`);
      } else out.write('this turn only\n');
    },
  };
}

/**
 * The same tools; a use the rules deny gets an error result and never runs — nor does one asked
 * out of caution (a command deny rules cannot read with certainty) when nobody asks (`asked`, the
 * tools a person approves this turn, does not hold it: --yes).
 */
export function withDenyRules<T extends (toolUse: never, context: never) => unknown>(
  tools: Record<string, T>,
  permissions: TurnPermissions,
  asked: readonly string[],
): Record<string, T> {
  const wrapped: Record<string, T> = {};
  for (const [name, tool] of Object.entries(tools)) {
    wrapped[name] = (async (toolUse: { params?: unknown }, context: unknown) => {
      const decision = permissions.decide(name, (toolUse.params ?? {}) as Record<string, string | undefined>);
      if (decision.byRule && decision.decision === 'deny')
        return toolError('denied', `Not run: ${decision.reason} (a permission rule of the user).`);
      if (decision.caution && !asked.includes(name))
        return toolError(
          'denied',
          `Not run: ${decision.reason}, and nobody is asked this turn (--yes). Write it as a plain command the rules can read, or ask the user to run it.`,
        );
      return tool(toolUse as never, context as never);
    }) as unknown as T;
  }
  return wrapped;
}
