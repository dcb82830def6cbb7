// The live region at the bottom of a live terminal: the blocks not yet settled as they stand
// (streaming text, thinking, tool cards running or awaiting approval), then the status line.
import type { AgentTurnView, ReasoningBlockView, ToolBlockView } from 'agent-turn';
import { clip, printable, SPINNER_FRAMES } from './ansi-style.js';
import { LIVE_OUTPUT_LINES } from './command-output-view.js';
import type { Printed, RenderContext } from './render-context.js';
import { statusRows } from './status-line.js';
import type { TerminalBlock } from './terminal-blocks.js';
import { formatToolHeader } from './tool-card-format.js';

/** Lines of folded reasoning shown while it streams. */
const REASONING_TAIL_LINES = 5;

/** Only the end of a long unfinished paragraph can be on screen: the rest is not wrapped on every redraw. */
function liveTail(context: RenderContext, text: string): string {
  const most = context.screenRows() * context.columns();
  return text.length > most ? `…${text.slice(-most)}` : text;
}

/** Reasoning as it streams: whole (--show-reasoning) or as its token count and last few lines. */
function reasoningLines(context: RenderContext, block: ReasoningBlockView, p: Printed, gap: string[]): string[] {
  const { style } = context;
  const lines: string[] = [];
  if (context.showReasoning) {
    const rest = liveTail(context, block.reasoning.slice(p.chars));
    if (!p.started) lines.push(...gap, style.dim('✻ thinking'));
    if (rest !== '')
      lines.push(
        ...printable(rest)
          .split('\n')
          .map((l) => style.dim(l)),
      );
    return lines;
  }
  const tail = block.reasoning
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-REASONING_TAIL_LINES);
  lines.push(...gap, style.dim(`✻ thinking… ${block.tokens} token${block.tokens === 1 ? '' : 's'}`));
  for (const l of tail) lines.push(style.dim(style.italic(`  ${clip(printable(l), context.columns() - 3)}`)));
  return lines;
}

/** A tool card not yet settled: its header (unless printed), a spinner and live output while running. */
function toolCardLines(context: RenderContext, block: ToolBlockView, p: Printed, gap: string[]): string[] {
  const { style, columns } = context;
  const lines: string[] = [];
  if (!p.header) lines.push(...gap, ...formatToolHeader(block, style, columns()));
  if (block.status === 'running') {
    lines.push(`  ${style.dim(`⎿ ${SPINNER_FRAMES[context.frame % SPINNER_FRAMES.length]} running`)}`);
    for (const l of context.commandOutputs.lastLines(block.call_id, LIVE_OUTPUT_LINES, columns() - 4))
      lines.push(`    ${style.dim(l)}`);
  }
  if (block.status === 'awaiting-approval') lines.push(`  ${style.yellow('⎿ waiting for approval')}`);
  return lines;
}

/** The live region: the unsettled blocks from `from` on as they stand, then the status line. */
export function liveLines(
  context: RenderContext,
  view: AgentTurnView,
  blocks: readonly TerminalBlock[],
  from: number,
): string[] {
  const lines: string[] = [];
  let first = true;
  for (let i = from; i < blocks.length; i++) {
    const block = blocks[i];
    const p = context.progress(block.key);
    if (p.done) continue;
    const gap = (!first || context.anyBlockPrinted) && !p.started ? [''] : [];
    first = false;
    if (block.type === 'notice' || block.type === 'usage') continue; // always settled, never live
    if (block.type === 'text') {
      const rest = liveTail(context, block.content.slice(p.chars));
      if (rest !== '') lines.push(...gap, ...printable(rest).split('\n'));
    } else if (block.type === 'reasoning') lines.push(...reasoningLines(context, block, p, gap));
    else lines.push(...toolCardLines(context, block, p, gap));
  }
  if (lines.length > 0 || context.anyBlockPrinted) lines.push('');
  lines.push(...statusRows(view, context.style, context.frame, context.columns(), Date.now(), context.price));
  return lines;
}
