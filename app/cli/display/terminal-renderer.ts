import type { AgentTurnView } from 'agent-turn';
import { eraseRowsAbove, HIDE_CURSOR, SHOW_CURSOR } from './ansi-style.js';
import { commitBeforePrompt, commitBlock } from './block-commits.js';
import { liveLines } from './live-region.js';
import { createRenderContext, type RenderContext, type TerminalRendererOptions } from './render-context.js';
import { fitToScreen, packParts, rowsOf, topLevelParts, wrapText } from './screen-fit.js';
import { showsSpinner } from './status-line.js';
import { terminalBlocks } from './terminal-blocks.js';

export type { TerminalRendererOptions } from './render-context.js';

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

/** Erases the live region, commits what settled, and (live, not final) draws the live region again. */
function draw(context: RenderContext, view: AgentTurnView, final: boolean): void {
  const { live, columns } = context;
  // The terminal changed width since the live region was drawn: it laid those rows out again (most terminals re-wrap them).
  if (live && context.liveRows > 0 && columns() !== context.drawnColumns)
    context.liveRows = rowsOf(context.liveRegion, columns());
  let text = live && context.liveRows > 0 ? eraseRowsAbove(context.liveRows - 1) : '';
  const blocks = terminalBlocks(view);
  let firstUnsettled = blocks.length;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    // Plain output has no status line: say where a new request's reply begins.
    if (!live && block.request > context.lastRequestAnnounced && !context.progress(block.key).started) {
      context.lastRequestAnnounced = block.request;
      text += `${context.anyBlockPrinted ? '\n' : ''}[request ${block.request}]\n`;
      context.anyBlockPrinted = false; // the block follows its heading directly
    }
    const { text: t, blocking } = commitBlock(context, block, final);
    text += context.fitsWidth ? wrapText(t, columns()) : t;
    if (blocking) {
      firstUnsettled = i;
      break;
    }
  }
  context.liveRows = 0;
  if (live && !final) {
    const lines = fitToScreen(liveLines(context, view, blocks, firstUnsettled), context.screenRows(), columns());
    context.liveRows = rowsOf(lines, columns());
    context.liveRegion = lines;
    context.drawnColumns = columns();
    text += lines.join('\n');
  }
  if (text !== '') context.out.write(text);
}

/** The closing line, broken between its parts (never inside "(1000 in · 50 out)") where it must. */
function closingText(context: RenderContext, summary: string): string {
  const body = context.fitsWidth
    ? summary
        .split('\n')
        .flatMap((l) => packParts(topLevelParts(l), context.columns()))
        .join('\n')
    : summary;
  return `${context.anyBlockPrinted ? '\n' : ''}${body}\n${context.live ? SHOW_CURSOR : ''}`;
}

/** Draws views at once, or (minRedrawMs > 0) views close together once, at most that long later. */
interface RedrawSchedule {
  /** Draws now. */
  now(): void;
  /** Draws now, or once minRedrawMs has passed since the last draw. */
  soon(): void;
  /** Whether a later draw is waiting. */
  pending(): boolean;
  /** Forgets a waiting draw. */
  cancel(): void;
  /** Whether anything has been drawn yet. */
  drawnYet(): boolean;
}

function scheduleRedraws(minRedrawMs: number, drawLast: () => boolean): RedrawSchedule {
  let lastDrawAt = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (pending !== undefined) clearTimeout(pending);
    pending = undefined;
  };
  const now = () => {
    cancel();
    const at = Date.now();
    if (drawLast()) lastDrawAt = at;
  };
  return {
    now,
    soon() {
      const wait = lastDrawAt + minRedrawMs - Date.now();
      if (minRedrawMs === 0 || wait <= 0) now();
      else if (pending === undefined) pending = setTimeout(now, wait);
    },
    pending: () => pending !== undefined,
    cancel,
    drawnYet: () => lastDrawAt !== 0,
  };
}

/**
 * Renders turn views for people. Live mode: settled blocks are printed once, for good; the
 * unsettled ones and a status line form a live region at the bottom, erased and redrawn on
 * every view (text is committed line by line as it streams, so the region stays small).
 * Plain mode: the same output as append-only lines, without colours or cursor moves.
 */
export function createTerminalRenderer(options: TerminalRendererOptions): TerminalRenderer {
  const context = createRenderContext(options);
  const { out, live } = context;
  let lastView: AgentTurnView | undefined;
  let suspended = false;
  let finished = false;
  const redraw = scheduleRedraws(live ? (options.minRedrawMs ?? 0) : 0, () => {
    if (!lastView || suspended || finished) return false;
    draw(context, lastView, false);
    return true;
  });

  return {
    update(view) {
      lastView = view;
      if (suspended || finished) return;
      if (live && context.liveRows === 0 && !redraw.drawnYet()) out.write(HIDE_CURSOR);
      redraw.soon();
    },
    commandOutput(callId, text) {
      context.commandOutputs.append(callId, text);
    },
    tick() {
      context.frame++;
      // Redraw only when a spinner is on screen.
      if (live && lastView && showsSpinner(lastView) && !suspended && !finished) redraw.now();
    },
    suspend() {
      if (suspended || finished) return;
      // Whatever a later draw would have committed goes on screen before the prompt.
      if (redraw.pending()) redraw.now();
      suspended = true;
      if (!live) return;
      // Print the cards under way for good, so the prompt appears below them.
      const erase = context.liveRows > 0 ? eraseRowsAbove(context.liveRows - 1) : '';
      context.liveRows = 0;
      out.write(erase + commitBeforePrompt(context, lastView ? terminalBlocks(lastView) : []) + SHOW_CURSOR);
    },
    resume() {
      if (!suspended || finished) return;
      suspended = false;
      if (lastView) {
        if (live) out.write(HIDE_CURSOR);
        draw(context, lastView, false);
      }
    },
    resize() {
      if (!live || suspended || finished || !lastView || context.liveRows === 0) return;
      draw(context, lastView, false);
    },
    finish(view, summary) {
      if (finished) return;
      redraw.cancel();
      const last = view ?? lastView;
      if (last) draw(context, last, true);
      else if (live && context.liveRows > 0) out.write(eraseRowsAbove(context.liveRows - 1));
      context.liveRows = 0;
      finished = true;
      out.write(closingText(context, summary));
    },
  };
}
