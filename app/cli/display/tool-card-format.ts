import type { Style } from './ansi-style.js';
import { clip, printable } from './ansi-style.js';
import { revealInvisible } from '../../ui/visible-text.js';
import { expandTabs } from './diff-format.js';
import { formatCommandOutput, splitCommandResult } from './command-output-view.js';
import type { ToolBlockStatus } from 'agent-turn';
import { dialectBadge } from '../../ui/dialect-label.js';

/** What a tool card shows of a tool block (a ToolBlockView fits). */
interface ToolBlock {
  name: string;
  params: Record<string, string>;
  status: ToolBlockStatus;
  result?: string;
  /** The dialect the call was recovered from (e.g. `'hermes'`); absent for Cline's XML. */
  dialect?: string;
}

/** The parameter shown beside the tool's name, most telling first. */
const HEADLINE_PARAMS = ['path', 'command', 'regex', 'question'];
/** Parameters that are the answer itself: shown whole, not clipped. */
const FULL_TEXT_PARAMS: Record<string, string> = { attempt_completion: 'result', ask_followup_question: 'question' };
const SHOWN_VALUE_LINES = 6;

function headlineParam(block: ToolBlock): string | undefined {
  if (FULL_TEXT_PARAMS[block.name]) return undefined;
  return HEADLINE_PARAMS.find((p) => block.params[p] !== undefined);
}

/**
 * A value cut off while its close tag was being written ends with the start of that tag
 * (`</r`, `</content`, a lone `<`): the part of the tag is not the model's value, so it is left
 * out. Only the start of the parameter's own close tag or the tool's is removed.
 */
export function withoutPartialCloseTag(value: string, param: string, tool: string): string {
  const at = value.lastIndexOf('<');
  if (at < 0) return value;
  const tail = value.slice(at);
  if (tail.includes('>')) return value;
  const isStartOf = (tag: string) => tag.startsWith(tail);
  return isStartOf(`</${param}>`) || isStartOf(`</${tool}>`) ? value.slice(0, at).replace(/\n$/, '') : value;
}

/** Tools whose approval card (approval-card.ts) shows their parameters whole: their header stays one line while they await approval. */
const CARD_SHOWN_TOOLS = new Set(['write_to_file', 'replace_in_file', 'execute_command']);

/**
 * The card's top: name, headline parameter and the others, values clipped; last lines while
 * streaming, first lines after. A tool awaiting approval whose approval card shows it whole gets
 * only its first line here.
 */
export function formatToolHeader(tool: ToolBlock, style: Style, columns: number): string[] {
  // Parameter names and values are the model's: shown, never interpreted by the terminal, and
  // with their hidden characters (controls, bidi overrides, zero-width) made visible.
  const shown = (text: string) => expandTabs(revealInvisible(text, { keepTabs: true }));
  const cut = tool.status === 'streaming' || tool.status === 'cut-off';
  const block = {
    ...tool,
    params: Object.fromEntries(
      Object.entries(tool.params).map(([k, v]) => [shown(k), shown(cut ? withoutPartialCloseTag(v, k, tool.name) : v)]),
    ),
  };
  const width = Math.max(20, columns - 4);
  const headline = headlineParam(block);
  const streaming = block.status === 'streaming';
  const title = block.name === 'attempt_completion' ? 'Completion' : block.name;
  const headlineLines = headline ? block.params[headline].split('\n') : [];
  const more =
    headlineLines.length > 1 ? ` (+${headlineLines.length - 1} line${headlineLines.length === 2 ? '' : 's'})` : '';
  // A call recovered from another dialect says which, beside its name (the model's own words otherwise).
  const badge = dialectBadge(block.dialect);
  const via = badge === undefined ? '' : ` [${badge}]`;
  const lines = [
    `${style.cyan('⏺')} ${style.bold(title)}${style.dim(via)}${headline ? ` ${clip(headlineLines[0], width - block.name.length - via.length - 2 - more.length)}${style.yellow(more)}` : ''}`,
  ];
  if (block.status === 'awaiting-approval' && CARD_SHOWN_TOOLS.has(block.name)) return lines;
  for (const [key, value] of Object.entries(block.params)) {
    if (key === headline) continue;
    const valueLines = value.split('\n');
    if (FULL_TEXT_PARAMS[block.name] === key) {
      lines.push(...valueLines.map((l) => `  ${l}`));
      continue;
    }
    if (valueLines.length === 1 && value.length <= width - key.length - 4) {
      lines.push(`  ${style.dim(`${key}:`)} ${value}`);
      continue;
    }
    lines.push(`  ${style.dim(`${key} (${valueLines.length} line${valueLines.length === 1 ? '' : 's'})`)}`);
    const shown = streaming ? valueLines.slice(-SHOWN_VALUE_LINES) : valueLines.slice(0, SHOWN_VALUE_LINES);
    for (const l of shown) lines.push(`  ${style.dim('│')} ${clip(l, width - 2)}`);
    if (!streaming && valueLines.length > SHOWN_VALUE_LINES)
      lines.push(`  ${style.dim(`│ … ${valueLines.length - SHOWN_VALUE_LINES} more lines`)}`);
  }
  return lines;
}

/**
 * The lines saying how the tool ended (its result, a long one as head and tail); empty while it
 * has not. `hint` says in a long result's cut how to see it whole (e.g. "/last shows all").
 */
export function formatToolOutcome(block: ToolBlock, style: Style, columns: number, hint?: string): string[] {
  const width = Math.max(20, columns - 6);
  const result = printable(block.result ?? '').trim();
  const first = clip(result.split('\n')[0] ?? '', width);
  const commandOutput = block.name === 'execute_command' ? splitCommandResult(block.result ?? '') : undefined;
  switch (block.status) {
    case 'done':
      if (block.name === 'attempt_completion') return [];
      if (commandOutput)
        return [
          `  ${style.dim('⎿')} ${clip(printable(commandOutput.status), width)}`,
          ...formatCommandOutput(commandOutput.output, style, columns, hint),
        ];
      if (block.name === 'read_file' || block.name === 'list_files')
        return [`  ${style.dim('⎿')} ${summarizeResult(block.name, result, width)}`];
      return formatResultLines(result, (l) => l, style, width, undefined, hint);
    case 'error':
      if (commandOutput && commandOutput.output.length > 0) {
        return [
          `  ${style.red('⎿ ✗')} ${style.red(clip(printable(commandOutput.status), width))}`,
          ...formatCommandOutput(commandOutput.output, style, columns, hint),
        ];
      }
      return formatResultLines(result || 'failed', style.red, style, width, style.red('⎿ ✗'), hint);
    case 'rejected': {
      // The machine quotes the person's feedback inside <feedback> tags; show just that.
      const feedback = /<feedback>\n?([\s\S]*?)\n?<\/feedback>/.exec(result)?.[1]?.trim();
      return [
        `  ${style.yellow('⎿ rejected')}${feedback ? style.dim(`: ${clip(feedback.split('\n')[0], width - 10)}`) : ''}`,
      ];
    }
    case 'skipped':
      return [`  ${style.dim(`⎿ skipped${first ? `: ${first}` : ''}`)}`];
    case 'cut-off':
      return [`  ${style.yellow('⎿ cut off')}${first ? ` ${style.dim(first)}` : ''}`];
    default:
      return [];
  }
}

/** Up to this many lines of a result are shown whole; a longer one as its head and its tail. */
export const SHOWN_RESULT_LINES = 8;
const RESULT_HEAD_LINES = 3;
const RESULT_TAIL_LINES = SHOWN_RESULT_LINES - RESULT_HEAD_LINES - 1;

/**
 * A result under its card: the first line after the `⎿` mark, the others indented below it; a
 * result over {@link SHOWN_RESULT_LINES} lines keeps its head and tail with the number of lines
 * left out between them (and `hint`, how to see them). Each line is clipped to `width`.
 */
export function formatResultLines(
  result: string,
  paint: (text: string) => string,
  style: Style,
  width: number,
  mark = style.dim('⎿'),
  hint?: string,
): string[] {
  const lines = result === '' ? ['(no output)'] : result.split('\n');
  const shown = (l: string, i: number) =>
    i === 0 ? `  ${mark} ${paint(clip(l, width))}` : `    ${paint(clip(l, width - 2))}`;
  if (lines.length <= SHOWN_RESULT_LINES) return lines.map(shown);
  const hidden = lines.length - RESULT_HEAD_LINES - RESULT_TAIL_LINES;
  return [
    ...lines.slice(0, RESULT_HEAD_LINES).map(shown),
    `    ${style.dim(`… ${hidden} more lines${hint ? `, ${hint}` : ''} …`)}`,
    ...lines.slice(-RESULT_TAIL_LINES).map((l) => shown(l, 1)),
  ];
}

/** A person's summary of a successful result: counts for listings and files, the first line otherwise. */
export function summarizeResult(tool: string, result: string, width: number): string {
  const lines = result === '' ? [] : result.split('\n');
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (tool === 'read_file') return `read ${count(lines.length, 'line')}`;
  if (tool === 'list_files')
    return result.endsWith(' is empty.') ? result : `${lines.length} ${lines.length === 1 ? 'entry' : 'entries'}`;
  const more = lines.length > 1 ? ` (+${count(lines.length - 1, 'line')})` : '';
  return `${clip(lines[0] ?? '(no output)', width - more.length)}${more}`;
}
