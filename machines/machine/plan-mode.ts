// Plan mode: only reading tools run. Writes, commands and any tool not named read-only are refused
// with a result that says the turn is planning, and the system prompt says so too; the completion
// tool presents the plan, which the person approves (the next turn runs in another mode).
import type { ToolUse } from '../../src/parser/blocks.js';
import type { ChatMessage } from '../../src/wire/types.js';
import { listCovers } from './tool-policy-names.js';

/** How a turn treats tools: `'default'` runs them (approval as set), `'plan'` runs only read-only ones. */
export type TurnMode = 'default' | 'plan';

/** The tools plan mode runs by default: those that only read (and the question to the person). */
export const DEFAULT_READ_ONLY_TOOLS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'read_file',
  'list_files',
  'search_files',
  'list_code_definition_names',
  'ask_followup_question',
  'access_mcp_resource',
]);

/** What the system prompt carries in plan mode. */
export function planModeNote(completionTool: string): string {
  return [
    'PLAN MODE: you are planning, not changing anything.',
    'Only reading tools run now; writes, edits, commands and other tools with effects are refused.',
    `Read what you need, then present a concrete, step-by-step plan with ${completionTool}.`,
    'The person reviews the plan; once they approve it, the work is done in a later turn.',
  ].join(' ');
}

/** The result of a tool that plan mode refused. */
export function planRefusalText(toolUse: ToolUse, completionTool: string): string {
  return (
    `${toolUse.name} was not run: this turn is in plan mode, where only reading tools run. ` +
    `Do not try to change anything yet; finish the plan and present it with ${completionTool} for the person to approve.`
  );
}

/** Whether a tool may run in this mode (the completion tool always may). */
export function runsInMode(
  mode: TurnMode,
  toolUse: ToolUse,
  readOnlyTools: readonly string[],
  completionTool: string,
): boolean {
  return mode !== 'plan' || toolUse.name === completionTool || listCovers(readOnlyTools, toolUse);
}

/** The messages sent in plan mode: the plan note added to the system message (or before the history when there is none). */
export function withPlanNote(messages: ChatMessage[], completionTool: string): ChatMessage[] {
  const note = planModeNote(completionTool);
  const first = messages[0];
  if (first?.role === 'system' && typeof first.content === 'string')
    return [{ ...first, content: `${first.content}\n\n${note}` }, ...messages.slice(1)];
  return [{ role: 'system', content: note }, ...messages];
}
