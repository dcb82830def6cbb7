// The permission rules as the CLI's turns use them: the settings' rules plus those added by
// "always … this session", checked per tool use; deny refuses even tools that never ask; an
// "always" answer asks how far it goes and keeps the rule it adds (shown as the rule).
import type { Readable, Writable } from 'node:stream';
import type { WorkspaceTool } from '../../tools/index.js';
import { runsCodeLater } from '../../tools/protected-paths.js';
import { toolError } from '../../tools/result-sentences.js';
import type { Style } from '../ansi-style.js';
import type { TurnPermissions } from '../conversation/conversation-types.js';
import { readKey, type KeyInput } from '../key-reader.js';
import { decidePermission, parseRule, ruleFor, type PermissionRules } from './permission-rules.js';

export interface TurnPermissionsOptions {
  rules: PermissionRules;
  /** Rules added this session ("always for this session"); the list grows. */
  sessionRules: string[];
  /** Keeps an "always in this project" rule (the user's settings file); absent: not offered. */
  rememberForProject?: (rule: string) => void;
  input?: Readable;
  output?: Writable;
  style: Style;
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
      const decision = decidePermission(all(), tool, params);
      // A file that runs code later is asked every time, whatever a rule allows.
      const later = params.path !== undefined && tool !== 'read_file' ? runsCodeLater(params.path) : undefined;
      if (decision.decision === 'allow' && later !== undefined)
        return { decision: 'ask', byRule: false, reason: `${params.path} runs code later: asked every time` };
      return decision;
    },
    async always(tool, params) {
      const out = options.output;
      const rule = ruleFor(tool, params);
      if (!out || !options.input) return;
      if (rule === '') {
        out.write(`  ${style.dim('(no rule for a compound command: approved for this turn only)')}\n`);
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

/** The same tools; a use the rules deny gets an error result and never runs. */
export function withDenyRules(
  tools: Record<string, WorkspaceTool>,
  permissions: TurnPermissions,
): Record<string, WorkspaceTool> {
  const wrapped: Record<string, WorkspaceTool> = {};
  for (const [name, tool] of Object.entries(tools)) {
    wrapped[name] = async (toolUse, context) => {
      const decision = permissions.decide(name, toolUse.params as Record<string, string | undefined>);
      if (decision.byRule && decision.decision === 'deny')
        return toolError('denied', `Not run: ${decision.reason} (a permission rule of the user).`);
      return tool(toolUse, context);
    };
  }
  return wrapped;
}
