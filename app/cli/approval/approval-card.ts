// What a person sees before approving a tool use: the whole truth of it. A command whole, every
// line, hidden characters revealed; a write or an edit as the diff against the file on disk; any
// other tool's parameters whole. Nothing here is clipped: a long card goes to the pager.
import type { ChangePreview } from '../../tools/files/change-preview.js';
import { fileDiff } from '../../ui/file-diff.js';
import { countHiddenCharacters, revealInvisible } from '../../ui/visible-text.js';
import type { Style } from '../display/ansi-style.js';
import { isMcpToolUse, mcpApprovalCard } from '../mcp/mcp-approval-card.js';
import { describeFileChange, expandTabs, formatDiffLines } from '../display/diff-format.js';
import { runsCodeLater, type RunsLaterReason } from '../../tools/files/protected-paths.js';
import { dialectNote } from '../../ui/dialect-label.js';
import { parseCommand } from '../permissions/command-segments.js';

export interface ApprovalCard {
  /** The card's lines, shown above the question (or in the pager). */
  lines: string[];
  /** The question: "Run this command?", "Overwrite notes.md?". */
  question: string;
  /** What `v` offers to show again when the card went to the pager. */
  viewLabel: string;
  /** The write is to a file that runs code later (a git hook, .envrc, …): "always" never covers it. */
  runsLater?: RunsLaterReason;
}

interface ToolUseToApprove {
  name: string;
  params: Record<string, string>;
  /** The dialect the call was recovered from (e.g. `'hermes'`); absent for Cline's XML. */
  dialect?: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function revealed(text: string, style: Style): string {
  return expandTabs(revealInvisible(text, { mark: (label) => style.inverse(label) }));
}

function hiddenWarning(count: number, style: Style): string[] {
  return count === 0
    ? []
    : [`  ${style.yellow(`⚠ ${plural(count, 'hidden character')} (control, bidi or zero-width) shown as ⟨U+…⟩`)}`];
}

/**
 * The files a command writes through redirections and `tee`, on a line of their own (those that
 * run code later called out); where the shell's reading is not certain, said so.
 */
function writesLines(command: string, style: Style): string[] {
  const parse = parseCommand(command);
  const writes = [...new Set(parse.writes)];
  const out: string[] = [];
  if (writes.length > 0) out.push(`  ${style.dim('writes:')} ${writes.map((w) => revealed(w, style)).join(', ')}`);
  for (const target of writes) {
    const later = runsCodeLater(target);
    if (later)
      out.push(
        `  ${style.yellow(`⚠ ${revealed(target, style)} runs code later, outside the sandbox (${later.rule}): ${later.why}.`)}`,
      );
  }
  // Written somewhere the reading cannot name (`> $F`, `sh -c '… > x'`): the card does not pretend to know.
  // Line by line: more lines are each read on their own, and the first doubt is what the card says.
  const unsure = command
    .split(/\r\n|\r|\n/)
    .map((line) => parseCommand(line).denyUnsure)
    .find((reason) => reason !== undefined);
  if (unsure !== undefined && /[>]|\btee\b/.test(command))
    out.push(`  ${style.yellow(`⚠ writes: perhaps more files than named here (${revealed(unsure, style)})`)}`);
  return out;
}

function commandCard(params: Record<string, string>, style: Style): ApprovalCard {
  const command = params.command ?? '';
  const lines = command.split('\n');
  const card = lines.map((l) => `  ${style.dim('│')} ${revealed(l, style)}`);
  if (lines.length > 1) card.push(`  ${style.yellow(`⚠ ${lines.length} lines: every line runs`)}`);
  card.push(...hiddenWarning(countHiddenCharacters(command), style));
  card.push(...writesLines(command, style));
  for (const [key, value] of Object.entries(params)) {
    if (key !== 'command') card.push(`  ${style.dim(`${revealed(key, style)}:`)} ${revealed(value, style)}`);
  }
  return {
    lines: card,
    question: lines.length > 1 ? `Run this ${lines.length}-line command?` : 'Run this command?',
    viewLabel: 'view the command again',
  };
}

function changeCard(tool: ToolUseToApprove, preview: ChangePreview, style: Style, columns?: number): ApprovalCard {
  const path = revealed(tool.params.path ?? '', style);
  if (!preview.ok) {
    const card = [`  ${style.yellow(`⚠ no diff to show: ${revealed(preview.error.message, style)}`)}`];
    // Show what the model sent, whole, so the person still sees what would be written.
    const body = tool.name === 'write_to_file' ? tool.params.content : tool.params.diff;
    if (body !== undefined) {
      card.push(
        `  ${style.dim(`${tool.name === 'write_to_file' ? 'content' : 'diff'} as sent (${plural(body.split('\n').length, 'line')}):`)}`,
      );
      card.push(...body.split('\n').map((l) => `  ${style.dim('│')} ${revealed(l, style)}`));
    }
    return {
      lines: card,
      question: `${tool.name === 'write_to_file' ? 'Write' : 'Edit'} ${path} anyway?`,
      viewLabel: 'view it again',
    };
  }
  const diff = fileDiff(preview.change);
  const hidden = diff.lines
    .filter((l) => l.kind === 'add')
    .reduce((n, l) => n + countHiddenCharacters(l.text, { keepTabs: true }), 0);
  const lines = [
    `  ${style.bold(revealed(describeFileChange(diff), style))}`,
    ...formatDiffLines(diff, style, columns),
    ...hiddenWarning(hidden, style),
  ];
  const verb = diff.change === 'create' ? 'Create' : diff.change === 'overwrite' ? 'Overwrite' : 'Apply this edit to';
  return { lines, question: `${verb} ${path}?`, viewLabel: 'view the diff again' };
}

/** The warning that opens the card of a write to a file that runs code later. */
function runsLaterWarning(reason: RunsLaterReason, style: Style): string[] {
  return [
    `  ${style.yellow(`⚠ this file runs code later, outside the sandbox (${reason.rule}): ${reason.why}.`)}`,
    `  ${style.yellow('  "a" (always) does not cover it: each such write is asked on its own.')}`,
  ];
}

/**
 * The card for a tool use awaiting approval; `preview` is the change a write or an edit would make;
 * given the terminal's `columns`, a diff line wider than it is cut into marked continuation rows.
 */
export function approvalCard(
  tool: ToolUseToApprove,
  preview: ChangePreview | undefined,
  style: Style,
  columns?: number,
): ApprovalCard {
  const card = toolApprovalCard(tool, preview, style, columns);
  // A call recovered from another dialect says so first: the person approves knowing how it was read.
  const note = dialectNote(tool.dialect);
  return note === undefined ? card : { ...card, lines: [`  ${style.dim(`↳ ${note}`)}`, ...card.lines] };
}

function toolApprovalCard(
  tool: ToolUseToApprove,
  preview: ChangePreview | undefined,
  style: Style,
  columns?: number,
): ApprovalCard {
  if (tool.name === 'execute_command') return commandCard(tool.params, style);
  if (isMcpToolUse(tool)) return mcpApprovalCard(tool, style, (text) => revealed(text, style));
  if (tool.name === 'write_to_file' || tool.name === 'replace_in_file') {
    const reason = runsCodeLater(preview?.ok ? preview.change.path : (tool.params.path ?? ''));
    const card = preview ? changeCard(tool, preview, style, columns) : undefined;
    if (card && reason)
      return { ...card, lines: [...runsLaterWarning(reason, style), ...card.lines], runsLater: reason };
    if (card) return card;
  }
  const lines = Object.entries(tool.params).flatMap(([key, value]) => {
    const valueLines = value.split('\n');
    if (valueLines.length === 1) return [`  ${style.dim(`${revealed(key, style)}:`)} ${revealed(value, style)}`];
    return [
      `  ${style.dim(`${revealed(key, style)}:`)}`,
      ...valueLines.map((l) => `  ${style.dim('│')} ${revealed(l, style)}`),
    ];
  });
  return { lines, question: `Allow ${revealed(tool.name, style)}?`, viewLabel: 'view it again' };
}
