import type { Style } from './ansi-style.js';
import {
  createStyle,
  eraseRowsAbove,
  HIDE_CURSOR,
  SHOW_CURSOR,
  SPINNER_FRAMES,
  clip,
  printable,
} from './ansi-style.js';
import { fitToScreen, packParts, rowsOf, topLevelParts, wrapText } from './screen-fit.js';
import { showsSpinner, statusRows } from './status-line.js';
import { isBlockSettled } from 'agent-turn';
import type { AgentTurnView, ReasoningBlockView, TextBlockView, ToolBlockView } from 'agent-turn';
import { terminalBlocks, type TerminalBlock } from './terminal-blocks.js';
import { formatToolHeader, formatToolOutcome } from './tool-card-format.js';
import {
  formatStoppedOutput,
  LIVE_OUTPUT_LINES,
  LiveCommandOutput,
  splitCommandResult,
} from './command-output-view.js';
import type { TokenPrice } from '../../ui/usage-cost.js';
import { usageFigures } from './usage-figures.js';
import { advanceMarkdownScan, newMarkdownScan, type MarkdownScan } from '../markdown/markdown-boundary.js';
import { createMarkdownRenderer } from '../markdown/terminal-markdown.js';

/** The prose of a text or reasoning block. */
const proseOf = (block: TextBlockView | ReasoningBlockView) =>
  block.type === 'text' ? block.content : block.reasoning;

/** Where the renderer writes: process.stdout, or a fake in tests. */
export interface TerminalOutput {
  write(chunk: string): unknown;
  columns?: number;
  rows?: number;
  /** [columns, rows] asked of the terminal now (a TTY's getWindowSize). */
  getWindowSize?(): number[];
}

export interface TerminalRendererOptions {
  out: TerminalOutput;
  /** Colours, a spinner and a live region redrawn in place; false gives plain append-only lines. */
  live: boolean;
  /** Keep the whole reasoning on screen instead of folding it to one line. */
  showReasoning?: boolean;
  /** The model's price, for costs beside the token counts (none shown without it). */
  price?: TokenPrice;
  /**
   * Live mode: views arriving sooner than this after the last draw are drawn together, at most
   * this long later (a reply streams hundreds of chunks a second; wrapping each is wasted work).
   * 0 (the default) draws every view at once.
   */
  minRedrawMs?: number;
  /** Said in a long result's `… N more lines …` cut: how to see it whole (the conversation's "/last shows all"). */
  wholeResultHint?: string;
  /** Live mode: render the model's Markdown (headings, emphasis, lists, code, tables). Default true; plain mode always prints the source. */
  markdown?: boolean;
}

export interface TerminalRenderer {
  /** Draws what changed since the last view. */
  update(view: AgentTurnView): void;
  /** Advances the spinner (live mode). */
  tick(): void;
  /** Output of the running command whose tool use has this call_id; shown live at the next tick. */
  commandOutput(callId: string, text: string): void;
  /** Freezes the screen so a prompt can be written below it: the live part is printed for good. */
  suspend(): void;
  /** Redraws after a prompt. */
  resume(): void;
  /** The terminal changed size: the live region is erased as the terminal reflowed it and drawn again at the new width. */
  resize(): void;
  /** Prints whatever is still unsettled, then the closing line; nothing is drawn after this. */
  finish(view: AgentTurnView | undefined, summary: string): void;
}

/** How much of each block is already on screen for good. */
interface Printed {
  chars: number;
  /** Where the text's finished Markdown blocks end (live mode renders them as they finish). */
  markdown?: MarkdownScan;
  header: boolean;
  done: boolean;
  started: boolean;
}

const REASONING_TAIL_LINES = 5;

/**
 * Renders turn views for people. Live mode: settled blocks are printed once, for good; the
 * unsettled ones and a status line form a live region at the bottom, erased and redrawn on
 * every view (text is committed line by line as it streams, so the region stays small).
 * Plain mode: the same output as append-only lines, without colours or cursor moves.
 */
export function createTerminalRenderer(options: TerminalRendererOptions): TerminalRenderer {
  const { out, live } = options;
  const showReasoning = options.showReasoning ?? false;
  const style: Style = createStyle(live);
  // Live mode renders the model's Markdown, a finished block at a time; plain mode (a pipe,
  // NO_COLOR) prints the source. The block still being written stays plain in the live region.
  const markdown = live && options.markdown !== false ? createMarkdownRenderer(style) : undefined;
  const printed = new Map<string, Printed>();
  let liveRows = 0;
  let frame = 0;
  let lastView: AgentTurnView | undefined;
  let suspended = false;
  let finished = false;
  let anyBlockPrinted = false;
  let lastRequestAnnounced = 1;
  const commandOutputs = new LiveCommandOutput();
  // The size is asked of the terminal on every draw (a resize is seen before its SIGWINCH is);
  // a pseudo-terminal without a size reports 0 columns.
  const columns = () => Math.max(20, out.getWindowSize?.()[0] || out.columns || 80);
  const screenRows = () => out.getWindowSize?.()[1] || out.rows || 24;
  /** The width the live region was last drawn at. */
  let drawnColumns = 0;
  // On a terminal (live, or plain with NO_COLOR) text is committed in whole lines, wrapped at word
  // boundaries to its width; a pipe gets the characters as they come, unwrapped.
  const fitsWidth = live || (out.columns !== undefined && out.columns > 0);
  /** The live region's rows as last drawn: to erase them as the terminal lays them out after a resize. */
  let liveRegion: string[] = [];

  const progress = (key: string): Printed => {
    let p = printed.get(key);
    if (!p) printed.set(key, (p = { chars: 0, header: false, done: false, started: false }));
    return p;
  };

  /** A blank line between blocks, written the first time a block prints anything. */
  const begin = (p: Printed): string => {
    if (p.started) return '';
    p.started = true;
    const gap = anyBlockPrinted ? '\n' : '';
    anyBlockPrinted = true;
    return gap;
  };

  const folded = (block: ReasoningBlockView) =>
    style.dim(`✻ thought for ${block.tokens} token${block.tokens === 1 ? '' : 's'}`);

  type Commit = { text: string; blocking: boolean };

  /** Text in live mode: each finished Markdown block printed rendered, for good; the one being written stays in the live region. */
  function commitMarkdown(block: TextBlockView, p: Printed, settled: boolean, render: (s: string) => string): Commit {
    const body = block.content;
    p.markdown ??= newMarkdownScan();
    const upTo = settled ? body.length : advanceMarkdownScan(p.markdown, body);
    let text = '';
    const piece = body.slice(p.chars, upTo);
    if (piece.trim() !== '') {
      // Blocks committed apart keep the blank line between them.
      text += begin(p) + (p.chars > 0 ? '\n' : '') + render(piece);
    }
    p.chars = Math.max(p.chars, upTo);
    if (!settled) return { text, blocking: true };
    p.done = true;
    return { text, blocking: false };
  }

  /** Text, or reasoning kept on screen (--show-reasoning): streamed for good as it grows; whole lines only in live mode. */
  function commitProse(block: TextBlockView | ReasoningBlockView, p: Printed, settled: boolean): Commit {
    if (block.type === 'text' && markdown !== undefined) return commitMarkdown(block, p, settled, markdown);
    const body = proseOf(block);
    const paint = block.type === 'reasoning' ? style.dim : (s: string) => s;
    let text = '';
    // Live mode keeps the unfinished line in the live region; plain mode writes characters as they come.
    const upTo = settled ? body.length : fitsWidth ? body.lastIndexOf('\n') + 1 : body.length;
    if (upTo > p.chars) {
      if (block.type === 'reasoning' && !p.started) text += `${begin(p)}${style.dim('✻ thinking')}\n`;
      text += begin(p) + paint(printable(body.slice(p.chars, upTo)));
      p.chars = upTo;
    }
    if (!settled) return { text, blocking: true };
    // End the last line, unless the text itself did.
    if (p.chars > 0 && !body.endsWith('\n')) text += '\n';
    if (block.type === 'reasoning') text += `${begin(p)}${folded(block)}\n`;
    p.done = true;
    return { text, blocking: false };
  }

  /** A tool card: its header once the parameters are complete and settled (or, in plain mode, once they are complete), then its outcome. */
  function commitToolCard(block: ToolBlockView, p: Printed, settled: boolean): Commit {
    let text = '';
    if (!p.header && (settled || (block.status !== 'streaming' && !live))) {
      text += begin(p) + formatToolHeader(block, style, columns()).join('\n') + '\n';
      p.header = true;
    }
    if (!settled) return { text, blocking: true };
    // Settled by the end of the turn while still streaming: it was cut off.
    const outcome = formatToolOutcome(
      block.status === 'streaming' ? { ...block, status: 'cut-off' } : block,
      style,
      columns(),
      options.wholeResultHint,
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
  function commit(block: TerminalBlock, final: boolean): Commit {
    const p = progress(block.key);
    if (p.done) return { text: '', blocking: false };
    if (block.type === 'notice') {
      p.done = true;
      return { text: `${begin(p)}${style.yellow(`↻ ${printable(block.text)}`)}\n`, blocking: false };
    }
    if (block.type === 'usage') {
      p.done = true;
      return {
        text: `${style.dim(`  ⎯ request ${block.request}: ${usageFigures(block.usage, options.price)}`)}\n`,
        blocking: false,
      };
    }
    const settled = final || isBlockSettled(block);
    if (block.type === 'tool_use') return commitToolCard(block, p, settled);
    if (block.type === 'text' || showReasoning) return commitProse(block, p, settled);
    // Folded reasoning: one line once it is complete (the live region shows it while it streams).
    if (!settled) return { text: '', blocking: true };
    p.done = true;
    return { text: `${begin(p)}${folded(block)}\n`, blocking: false };
  }

  /** Only the end of a long unfinished paragraph can be on screen: the rest is not wrapped on every redraw. */
  const liveTail = (text: string): string => {
    const most = screenRows() * columns();
    return text.length > most ? `…${text.slice(-most)}` : text;
  };

  /** The live region: the unsettled blocks as they stand, then the status line. */
  function liveLines(view: AgentTurnView, blocks: readonly TerminalBlock[], from: number): string[] {
    const lines: string[] = [];
    let first = true;
    for (let i = from; i < blocks.length; i++) {
      const block = blocks[i];
      const p = progress(block.key);
      if (p.done) continue;
      const gap = (!first || anyBlockPrinted) && !p.started ? [''] : [];
      first = false;
      if (block.type === 'notice' || block.type === 'usage') continue; // always settled, never live
      if (block.type === 'text') {
        const rest = liveTail(block.content.slice(p.chars));
        if (rest !== '') lines.push(...gap, ...printable(rest).split('\n'));
      } else if (block.type === 'reasoning') {
        if (showReasoning) {
          const rest = liveTail(block.reasoning.slice(p.chars));
          if (!p.started) lines.push(...gap, style.dim('✻ thinking'));
          if (rest !== '')
            lines.push(
              ...printable(rest)
                .split('\n')
                .map((l) => style.dim(l)),
            );
        } else {
          const tail = block.reasoning
            .split('\n')
            .filter((l) => l.trim() !== '')
            .slice(-REASONING_TAIL_LINES);
          lines.push(...gap, style.dim(`✻ thinking… ${block.tokens} token${block.tokens === 1 ? '' : 's'}`));
          for (const l of tail) lines.push(style.dim(style.italic(`  ${clip(printable(l), columns() - 3)}`)));
        }
      } else {
        if (!p.header) lines.push(...gap, ...formatToolHeader(block, style, columns()));
        if (block.status === 'running') {
          lines.push(`  ${style.dim(`⎿ ${SPINNER_FRAMES[frame % SPINNER_FRAMES.length]} running`)}`);
          for (const l of commandOutputs.lastLines(block.call_id, LIVE_OUTPUT_LINES, columns() - 4))
            lines.push(`    ${style.dim(l)}`);
        }
        if (block.status === 'awaiting-approval') lines.push(`  ${style.yellow('⎿ waiting for approval')}`);
      }
    }
    if (lines.length > 0 || anyBlockPrinted) lines.push('');
    lines.push(...statusRows(view, style, frame, columns(), Date.now(), options.price));
    return lines;
  }

  function draw(view: AgentTurnView, final: boolean): void {
    // The terminal changed width since the live region was drawn: it laid those rows out again (most terminals re-wrap them).
    if (live && liveRows > 0 && columns() !== drawnColumns) liveRows = rowsOf(liveRegion, columns());
    let text = live && liveRows > 0 ? eraseRowsAbove(liveRows - 1) : '';
    const blocks = terminalBlocks(view);
    let firstUnsettled = blocks.length;
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i];
      // Plain output has no status line: say where a new request's reply begins.
      if (!live && block.request > lastRequestAnnounced && !progress(block.key).started) {
        lastRequestAnnounced = block.request;
        text += `${anyBlockPrinted ? '\n' : ''}[request ${block.request}]\n`;
        anyBlockPrinted = false; // the block follows its heading directly
      }
      const { text: t, blocking } = commit(block, final);
      text += fitsWidth ? wrapText(t, columns()) : t;
      if (blocking) {
        firstUnsettled = i;
        break;
      }
    }
    liveRows = 0;
    if (live && !final) {
      const lines = fitToScreen(liveLines(view, blocks, firstUnsettled), screenRows(), columns());
      liveRows = rowsOf(lines, columns());
      liveRegion = lines;
      drawnColumns = columns();
      text += lines.join('\n');
    }
    if (text !== '') out.write(text);
  }

  const minRedrawMs = live ? (options.minRedrawMs ?? 0) : 0;
  let lastDrawAt = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const cancelPending = () => {
    if (pending !== undefined) clearTimeout(pending);
    pending = undefined;
  };
  /** Draws the last view now. */
  function drawNow(): void {
    cancelPending();
    if (!lastView || suspended || finished) return;
    lastDrawAt = Date.now();
    draw(lastView, false);
  }
  /** Draws the last view now, or once minRedrawMs has passed since the last draw. */
  function drawSoon(): void {
    const wait = lastDrawAt + minRedrawMs - Date.now();
    if (minRedrawMs === 0 || wait <= 0) drawNow();
    else if (pending === undefined) pending = setTimeout(drawNow, wait);
  }

  return {
    update(view) {
      lastView = view;
      if (suspended || finished) return;
      if (live && liveRows === 0 && lastDrawAt === 0) out.write(HIDE_CURSOR);
      drawSoon();
    },
    commandOutput(callId, text) {
      commandOutputs.append(callId, text);
    },
    tick() {
      frame++;
      // Redraw only when a spinner is on screen.
      if (live && lastView && showsSpinner(lastView) && !suspended && !finished) drawNow();
    },
    suspend() {
      if (suspended || finished) return;
      // Whatever a later draw would have committed goes on screen before the prompt.
      if (pending) drawNow();
      suspended = true;
      if (!live) return;
      // Print the cards under way for good, so the prompt appears below them.
      let text = liveRows > 0 ? eraseRowsAbove(liveRows - 1) : '';
      liveRows = 0;
      for (const block of lastView ? terminalBlocks(lastView) : []) {
        const p = progress(block.key);
        if (p.done) continue;
        // The paragraph being written goes on screen as it stands (a prompt must not hide it).
        if (block.type === 'text' && markdown !== undefined && block.content.length > p.chars) {
          const piece = block.content.slice(p.chars);
          if (piece.trim() !== '') text += begin(p) + wrapText((p.chars > 0 ? '\n' : '') + markdown(piece), columns());
          p.chars = block.content.length;
          p.markdown = { scanned: block.content.lastIndexOf('\n') + 1, fence: undefined, boundary: p.chars };
        }
        if (block.type === 'tool_use' && !p.header && block.status !== 'streaming') {
          text += begin(p) + wrapText(formatToolHeader(block, style, columns()).join('\n'), columns()) + '\n';
          p.header = true;
        }
      }
      out.write(text + SHOW_CURSOR);
    },
    resume() {
      if (!suspended || finished) return;
      suspended = false;
      if (lastView) {
        if (live) out.write(HIDE_CURSOR);
        draw(lastView, false);
      }
    },
    resize() {
      if (!live || suspended || finished || !lastView || liveRows === 0) return;
      draw(lastView, false);
    },
    finish(view, summary) {
      if (finished) return;
      cancelPending();
      const last = view ?? lastView;
      if (last) draw(last, true);
      else if (live && liveRows > 0) out.write(eraseRowsAbove(liveRows - 1));
      liveRows = 0;
      finished = true;
      out.write(
        // The closing line breaks between its parts (never inside "(1000 in · 50 out)") where it must.
        `${anyBlockPrinted ? '\n' : ''}${
          fitsWidth
            ? summary
                .split('\n')
                .flatMap((l) => packParts(topLevelParts(l), columns()))
                .join('\n')
            : summary
        }\n${live ? SHOW_CURSOR : ''}`,
      );
    },
  };
}
