// What a command hook's run means, by Claude Code's contract: exit 0 is success (stdout may be a
// JSON answer), exit 2 blocks with stderr told to the model, any other exit (or a time-out) is an
// error shown to the user that blocks nothing. The answers of every hook that matched are merged:
// a refusal wins over a question, a question over an approval.
import type { HookEventName } from './hook-settings.js';
import type { HookRun } from './run-command-hook.js';

/** The merged answer of the hooks of one event. */
export interface HookOutcome {
  /** `'deny'` / `'block'`: refused (PreToolUse: the tool; UserPromptSubmit: the prompt; Stop: the end). */
  decision?: 'allow' | 'ask' | 'deny' | 'block';
  reason?: string;
  additionalContext?: string;
  updatedInput?: Record<string, string>;
  /** Lines for the person (errors, time-outs, a `stopReason`). */
  notes: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const RANK = { allow: 1, ask: 2, block: 3, deny: 3 } as const;

function parseJson(stdout: string): Record<string, unknown> | undefined {
  const t = stdout.trim();
  if (!t.startsWith('{')) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function stringParams(v: unknown): Record<string, string> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) out[k] = typeof x === 'string' ? x : JSON.stringify(x);
  return out;
}

/** One run's answer for an event (`label` names the hook in notes). */
export function outcomeOfRun(event: HookEventName, run: HookRun, label: string): HookOutcome {
  const notes: string[] = [];
  if (run.dropped > 0) notes.push(`hook ${label}: ${run.dropped} bytes of output past the cap were dropped.`);
  if (run.error !== undefined) return { notes: [...notes, `hook ${label} could not start: ${run.error}`] };
  if (run.timedOut) return { notes: [...notes, `hook ${label} timed out and was stopped.`] };
  if (run.code === 2) {
    const reason = text(run.stderr) ?? 'a hook refused it (exit code 2, nothing on stderr)';
    return { decision: event === 'PreToolUse' ? 'deny' : 'block', reason, notes };
  }
  if (run.code !== 0)
    return { notes: [...notes, `hook ${label} failed (exit code ${run.code}): ${text(run.stderr) ?? 'no message'}`] };
  const json = parseJson(run.stdout);
  if (json === undefined) {
    // Plain stdout of these two events is context for the model (as Claude Code takes it).
    const context = event === 'UserPromptSubmit' || event === 'SessionStart' ? text(run.stdout) : undefined;
    return { ...(context !== undefined ? { additionalContext: context } : {}), notes };
  }
  const specific = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const out: HookOutcome = { notes };
  const permission = specific.permissionDecision;
  if (permission === 'allow' || permission === 'deny' || permission === 'ask') {
    out.decision = permission;
    out.reason = text(specific.permissionDecisionReason) ?? text(json.reason);
  } else if (json.decision === 'block') {
    out.decision = event === 'PreToolUse' ? 'deny' : 'block';
    out.reason = text(json.reason);
  } else if (json.decision === 'approve' && event === 'PreToolUse') {
    out.decision = 'allow';
  }
  if (json.continue === false) {
    const why = text(json.stopReason) ?? 'a hook stopped it';
    notes.push(`hook ${label}: ${why}`);
    // A stop hook that says stop lets the turn end; anywhere else it refuses.
    if (event !== 'Stop') {
      out.decision = event === 'PreToolUse' ? 'deny' : 'block';
      out.reason = out.reason ?? why;
    } else out.decision = undefined;
  }
  const context = text(specific.additionalContext) ?? text(json.additionalContext);
  if (context !== undefined) out.additionalContext = context;
  const updated = stringParams(specific.updatedInput);
  if (updated !== undefined && event === 'PreToolUse') out.updatedInput = updated;
  return out;
}

/** The answers of several hooks as one. */
export function mergeOutcomes(outcomes: readonly HookOutcome[]): HookOutcome {
  const merged: HookOutcome = { notes: [] };
  const reasons: string[] = [];
  const contexts: string[] = [];
  for (const o of outcomes) {
    merged.notes.push(...o.notes);
    if (o.decision !== undefined && (merged.decision === undefined || RANK[o.decision] > RANK[merged.decision]))
      merged.decision = o.decision;
    if (o.reason !== undefined && (o.decision === 'deny' || o.decision === 'block' || o.decision === 'ask'))
      reasons.push(o.reason);
    if (o.additionalContext !== undefined) contexts.push(o.additionalContext);
    if (o.updatedInput !== undefined) merged.updatedInput = o.updatedInput;
  }
  if (reasons.length > 0) merged.reason = reasons.join('\n');
  if (contexts.length > 0) merged.additionalContext = contexts.join('\n\n');
  return merged;
}
