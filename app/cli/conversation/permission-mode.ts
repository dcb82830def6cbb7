// The conversation's modes, as Claude Code cycles them with Shift+Tab: the default (writes and
// commands asked as the flags say), auto-accept edits (file edits run without asking; commands are
// still asked), and plan mode (only reading tools run — the turn's `mode: 'plan'` — until the
// person approves the plan the model presents).
import type { Style } from '../display/ansi-style.js';

/** One of the conversation's modes. */
export type ConversationMode = 'default' | 'accept-edits' | 'plan';

/** The order Shift+Tab goes through. */
export const MODE_CYCLE: readonly ConversationMode[] = ['default', 'accept-edits', 'plan'];

/** The mode after `mode` in the cycle. */
export function nextMode(mode: ConversationMode): ConversationMode {
  return MODE_CYCLE[(MODE_CYCLE.indexOf(mode) + 1) % MODE_CYCLE.length];
}

/** The file edits auto-accept edits runs without asking. */
export const EDIT_TOOLS: readonly string[] = ['write_to_file', 'replace_in_file'];

/** The tools that wait for a person in `mode`, from those the flags make wait. */
export function approvalInMode(mode: ConversationMode, approval: readonly string[]): string[] {
  return mode === 'accept-edits' ? approval.filter((t) => !EDIT_TOOLS.includes(t)) : [...approval];
}

/** The prompt for a mode: the mode named before the `›` (none in the default mode). */
export function modePrompt(mode: ConversationMode, style: Style): string {
  const mark = style.bold('› ');
  if (mode === 'plan') return `${style.cyan('⏸ plan')} ${mark}`;
  if (mode === 'accept-edits') return `${style.magenta('⏵⏵ accept edits')} ${mark}`;
  return mark;
}

/** One line saying what the mode now does (after /plan or Shift+Tab). */
export function modeLine(mode: ConversationMode): string {
  switch (mode) {
    case 'plan':
      return 'Plan mode: only reading tools run; the agent plans and presents the plan for you to approve (Shift+Tab or /plan to leave).';
    case 'accept-edits':
      return 'Auto-accept edits: file edits run without asking; commands are still asked (Shift+Tab for plan mode).';
    default:
      return 'Default mode: writes and commands are asked as usual (Shift+Tab for auto-accept edits).';
  }
}

/** The message that starts the work once the plan for `task` is approved (the request named again). */
export function planApprovedMessage(task: string): string {
  return `The plan is approved: carry it out now. The request it answers: ${task}`;
}
