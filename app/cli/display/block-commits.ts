// What each block puts on screen for good: text and reasoning as they stream (Markdown rendered a
// finished block at a time), a tool card's header and outcome, notices and usage lines at once.
import { isBlockSettled } from 'agent-turn';
import type { ReasoningBlockView, TextBlockView, ToolBlockView } from 'agent-turn';
import { advanceMarkdownScan, newMarkdownScan } from '../markdown/markdown-boundary.js';
import { printable } from './ansi-style.js';
import { formatStoppedOutput, splitCommandResult } from './command-output-view.js';
import { foldedReasoning, type Printed, type RenderContext } from './render-context.js';
import { wrapText } from './screen-fit.js';
import type { TerminalBlock } from './terminal-blocks.js';
import { formatToolHeader, formatToolOutcome } from './tool-card-format.js';
import { usageFigures } from './usage-figures.js';

/** Output made permanent by a block now, and whether the block is still unsettled (later blocks wait for it). */
export interface Commit {
  text: string;
  blocking: boolean;
}

/** The prose of a text or reasoning block. */
const proseOf = (block: TextBlockView | ReasoningBlockView) =>
  block.type === 'text' ? block.content : block.reasoning;

/** Text in live mode: each finished Markdown block printed rendered, for good; the one being written stays in the live region. */
function commitMarkdown(
  context: RenderContext,
  block: TextBlockView,
  p: Printed,
  settled: boolean,
  render: (s: string) => string,
): Commit {
  const body = block.content;
  p.markdown ??= newMarkdownScan();
  const upTo = settled ? body.length : advanceMarkdownScan(p.markdown, body);
  let text = '';
  const piece = body.slice(p.chars, upTo);
  if (piece.trim() !== '') {
    // Blocks committed apart keep the blank line between them.
    text += context.begin(p) + (p.chars > 0 ? '\n' : '') + render(piece);
  }
  p.chars = Math.max(p.chars, upTo);
  if (!settled) return { text, blocking: true };
  p.done = true;
  return { text, blocking: false };
}

/** Text, or reasoning kept on screen (--show-reasoning): streamed for good as it grows; whole lines only in live mode. */
function commitProse(
  context: RenderContext,
  block: TextBlockView | ReasoningBlockView,
  p: Printed,
  settled: boolean,
): Commit {
  const { style, markdown } = context;
  if (block.type === 'text' && markdown !== undefined) return commitMarkdown(context, block, p, settled, markdown);
  const body = proseOf(block);
  const paint = block.type === 'reasoning' ? style.dim : (s: string) => s;
  let text = '';
  // Live mode keeps the unfinished line in the live region; plain mode writes characters as they come.
  const upTo = settled ? body.length : context.fitsWidth ? body.lastIndexOf('\n') + 1 : body.length;
  if (upTo > p.chars) {
    if (block.type === 'reasoning' && !p.started) text += `${context.begin(p)}${style.dim('✻ thinking')}\n`;
    text += context.begin(p) + paint(printable(body.slice(p.chars, upTo)));
    p.chars = upTo;
  }
  if (!settled) return { text, blocking: true };
  // End the last line, unless the text itself did.
  if (p.chars > 0 && !body.endsWith('\n')) text += '\n';
  if (block.type === 'reasoning') text += `${context.begin(p)}${foldedReasoning(context, block)}\n`;
  p.done = true;
  return { text, blocking: false };
}

/** A tool card: its header once the parameters are complete and settled (or, in plain mode, once they are complete), then its outcome. */
function commitToolCard(context: RenderContext, block: ToolBlockView, p: Printed, settled: boolean): Commit {
  const { style, columns, commandOutputs } = context;
  let text = '';
  if (!p.header && (settled || (block.status !== 'streaming' && !context.live))) {
    text += context.begin(p) + formatToolHeader(block, style, columns()).join('\n') + '\n';
    p.header = true;
  }
  if (!settled) return { text, blocking: true };
  // Settled by the end of the turn while still streaming: it was cut off.
  const outcome = formatToolOutcome(
    block.status === 'streaming' ? { ...block, status: 'cut-off' } : block,
    style,
    columns(),
    context.wholeResultHint,
  );
  if (outcome.length > 0) text += outcome.join('\n') + '\n';
  // A command stopped before its result could carry its output (Ctrl-C): what it showed live stays.
  if (
    block.name === 'execute_command' &&
    splitCommandResult('result' in block ? (block.result ?? '') : '').output.length === 0
  ) {
    const stopped = formatStoppedOutput(commandOutputs.keptOutput(block.call_id), style, columns());
    if (stopped.length > 0) text += stopped.join('\n') + '\n';
  }
  commandOutputs.forget(block.call_id);
  p.done = true;
  return { text, blocking: false };
}

/** Output that becomes permanent for this block now; `final` settles everything. */
export function commitBlock(context: RenderContext, block: TerminalBlock, final: boolean): Commit {
  const { style } = context;
  const p = context.progress(block.key);
  if (p.done) return { text: '', blocking: false };
  if (block.type === 'notice') {
    p.done = true;
    return { text: `${context.begin(p)}${style.yellow(`↻ ${printable(block.text)}`)}\n`, blocking: false };
  }
  if (block.type === 'usage') {
    p.done = true;
    return {
      text: `${style.dim(`  ⎯ request ${block.request}: ${usageFigures(block.usage, context.price)}`)}\n`,
      blocking: false,
    };
  }
  const settled = final || isBlockSettled(block);
  if (block.type === 'tool_use') return commitToolCard(context, block, p, settled);
  if (block.type === 'text' || context.showReasoning) return commitProse(context, block, p, settled);
  // Folded reasoning: one line once it is complete (the live region shows it while it streams).
  if (!settled) return { text: '', blocking: true };
  p.done = true;
  return { text: `${context.begin(p)}${foldedReasoning(context, block)}\n`, blocking: false };
}

/**
 * Before a prompt: what the live region shows of the paragraph being written and of the tool
 * cards under way, printed for good (wrapped), so the prompt appears below them.
 */
export function commitBeforePrompt(context: RenderContext, blocks: readonly TerminalBlock[]): string {
  const { markdown, style, columns } = context;
  let text = '';
  for (const block of blocks) {
    const p = context.progress(block.key);
    if (p.done) continue;
    // The paragraph being written goes on screen as it stands (a prompt must not hide it).
    if (block.type === 'text' && markdown !== undefined && block.content.length > p.chars) {
      const piece = block.content.slice(p.chars);
      if (piece.trim() !== '')
        text += context.begin(p) + wrapText((p.chars > 0 ? '\n' : '') + markdown(piece), columns());
      p.chars = block.content.length;
      p.markdown = { scanned: block.content.lastIndexOf('\n') + 1, fence: undefined, boundary: p.chars };
    }
    if (block.type === 'tool_use' && !p.header && block.status !== 'streaming') {
      text += context.begin(p) + wrapText(formatToolHeader(block, style, columns()).join('\n'), columns()) + '\n';
      p.header = true;
    }
  }
  return text;
}
