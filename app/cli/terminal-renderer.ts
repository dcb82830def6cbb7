import type { Style } from './ansi-style.js';
import { createStyle, eraseRowsAbove, HIDE_CURSOR, SHOW_CURSOR, SPINNER_FRAMES, clip, stripAnsi, visualRows } from './ansi-style.js';
import type { TurnView, TurnViewBlock } from './turn-view.js';
import { isSettled } from './turn-view.js';
import { formatToolHeader, formatToolOutcome } from './tool-card-format.js';

/** Where the renderer writes: process.stdout, or a fake in tests. */
export interface TerminalOutput {
  write(chunk: string): unknown;
  columns?: number;
  rows?: number;
}

export interface TerminalRendererOptions {
  out: TerminalOutput;
  /** Colours, a spinner and a live region redrawn in place; false gives plain append-only lines. */
  live: boolean;
  /** Keep the whole reasoning on screen instead of folding it to one line. */
  showReasoning?: boolean;
}

export interface TerminalRenderer {
  /** Draws what changed since the last view. */
  update(view: TurnView): void;
  /** Advances the spinner (live mode). */
  tick(): void;
  /** Freezes the screen so a prompt can be written below it: the live part is printed for good. */
  suspend(): void;
  /** Redraws after a prompt. */
  resume(): void;
  /** A permanent line above the live part (notes, errors). */
  note(line: string): void;
  /** Prints whatever is still unsettled, then the closing line; nothing is drawn after this. */
  finish(view: TurnView | undefined, summary: string): void;
}

/** How much of each block is already on screen for good. */
interface Printed {
  chars: number;
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
  const printed = new Map<string, Printed>();
  let liveRows = 0;
  let frame = 0;
  let lastView: TurnView | undefined;
  let suspended = false;
  let finished = false;
  let anyBlockPrinted = false;
  let lastRequestAnnounced = 1;
  // A pseudo-terminal without a size reports 0 columns.
  const columns = () => Math.max(20, out.columns || 80);

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

  const folded = (block: Extract<TurnViewBlock, { kind: 'reasoning' }>) => style.dim(`✻ thought for ${block.tokens} token${block.tokens === 1 ? '' : 's'}`);

  /** Output that becomes permanent for this block now; `final` settles everything. */
  function commit(block: TurnViewBlock, final: boolean): { text: string; blocking: boolean } {
    const p = progress(block.key);
    if (p.done) return { text: '', blocking: false };
    const settled = final || isSettled(block);
    let text = '';
    if (block.kind === 'notice') {
      p.done = true;
      return { text: `${begin(p)}${style.yellow(`↻ ${block.text}`)}\n`, blocking: false };
    }
    if (block.kind === 'text' || (block.kind === 'reasoning' && (showReasoning || !live))) {
      const body = block.text;
      if (block.kind === 'reasoning' && !showReasoning) {
        // Plain mode folds reasoning without streaming it.
        if (!settled) return { text: '', blocking: true };
        p.done = true;
        return { text: `${begin(p)}${folded(block)}\n`, blocking: false };
      }
      const paint = block.kind === 'reasoning' ? style.dim : (s: string) => s;
      // Live mode keeps the unfinished line in the live region; plain mode writes characters as they come.
      const upTo = settled ? body.length : live ? body.lastIndexOf('\n') + 1 : body.length;
      if (upTo > p.chars) {
        if (block.kind === 'reasoning' && !p.started) text += `${begin(p)}${style.dim('✻ thinking')}\n`;
        text += begin(p) + paint(body.slice(p.chars, upTo));
        p.chars = upTo;
      }
      if (settled) {
        if (p.started || body !== '') text += begin(p) + (p.chars > 0 && !body.endsWith('\n') ? '\n' : '');
        if (block.kind === 'reasoning') text += `${begin(p)}${folded(block)}\n`;
        p.done = true;
      }
      return { text, blocking: !settled };
    }
    if (block.kind === 'reasoning') {
      if (!settled) return { text: '', blocking: true };
      p.done = true;
      return { text: `${begin(p)}${folded(block)}\n`, blocking: false };
    }
    // Tool card: its header once the parameters are complete and either settled or frozen (plain mode, prompts).
    const paramsComplete = block.status !== 'streaming';
    if (!p.header && (settled || (paramsComplete && !live))) {
      text += begin(p) + formatToolHeader(block, style, columns()).join('\n') + '\n';
      p.header = true;
    }
    if (settled) {
      const outcome = formatToolOutcome(final && !isSettled(block) ? { ...block, status: block.status === 'streaming' ? 'cut-off' : block.status } : block, style, columns());
      if (outcome.length > 0) text += outcome.join('\n') + '\n';
      p.done = true;
    }
    return { text, blocking: !settled };
  }

  /** The live region: the unsettled blocks as they stand, then the status line. */
  function liveLines(view: TurnView, from: number): string[] {
    const lines: string[] = [];
    let first = true;
    for (let i = from; i < view.blocks.length; i++) {
      const block = view.blocks[i];
      const p = progress(block.key);
      if (p.done) continue;
      const gap = (!first || anyBlockPrinted) && !p.started ? [''] : [];
      first = false;
      if (block.kind === 'notice') continue; // always settled, never live
      if (block.kind === 'text') {
        const rest = block.text.slice(p.chars);
        if (rest !== '') lines.push(...gap, ...rest.split('\n'));
      } else if (block.kind === 'reasoning') {
        if (showReasoning) {
          const rest = block.text.slice(p.chars);
          if (!p.started) lines.push(...gap, style.dim('✻ thinking'));
          if (rest !== '') lines.push(...rest.split('\n').map((l) => style.dim(l)));
        } else {
          const tail = block.text.split('\n').filter((l) => l.trim() !== '').slice(-REASONING_TAIL_LINES);
          lines.push(...gap, style.dim(`✻ thinking… ${block.tokens} token${block.tokens === 1 ? '' : 's'}`));
          for (const l of tail) lines.push(style.dim(style.italic(`  ${clip(l, columns() - 3)}`)));
        }
      } else {
        if (!p.header) lines.push(...gap, ...formatToolHeader(block, style, columns()));
        if (block.status === 'running') lines.push(`  ${style.dim(`⎿ ${SPINNER_FRAMES[frame % SPINNER_FRAMES.length]} running`)}`);
        if (block.status === 'awaiting-approval') lines.push(`  ${style.yellow('⎿ waiting for approval')}`);
      }
    }
    if (lines.length > 0 || anyBlockPrinted) lines.push('');
    lines.push(statusLine(view));
    return lines;
  }

  function statusLine(view: TurnView): string {
    const spin = view.phase === 'waiting' || view.phase === 'running-tool' || view.phase === 'retrying';
    const icon = spin ? style.cyan(SPINNER_FRAMES[frame % SPINNER_FRAMES.length]) : style.dim('·');
    const running = [...view.blocks].reverse().find((b) => b.kind === 'tool' && b.status === 'running');
    const label =
      view.phase === 'waiting' ? 'waiting for the model'
      : view.phase === 'running-tool' ? `running ${running?.kind === 'tool' ? running.name : 'tool'}`
      : view.phase === 'awaiting-approval' ? 'waiting for your approval'
      : view.phase === 'retrying' ? 'retrying'
      : 'streaming';
    const reasoning = view.tokens.reasoning > 0 ? ` (${view.tokens.reasoning} reasoning)` : '';
    const tokens = `${view.tokens.estimated ? '~' : ''}${view.tokens.total} tokens`;
    return `${icon} ${style.dim(`${label} · request ${view.request} · ${tokens}${reasoning}`)}`;
  }

  /**
   * The cursor cannot move above the screen's top, so a live region taller than the screen
   * could not be erased: keep its last rows (the newest text and the status line).
   */
  function fitToScreen(lines: string[]): string[] {
    const maxRows = Math.max(3, (out.rows || 24) - 1);
    const fitted = [...lines];
    let rows = fitted.reduce((n, l) => n + visualRows(l, columns()), 0);
    while (rows > maxRows && fitted.length > 1) rows -= visualRows(fitted.shift()!, columns());
    if (rows > maxRows) {
      // One line longer than the screen: an unfinished paragraph; show its end.
      const chars = [...stripAnsi(fitted[0])];
      fitted[0] = `…${chars.slice(-(maxRows * columns() - 1)).join('')}`;
    }
    return fitted;
  }

  function draw(view: TurnView, final: boolean): void {
    let text = live && liveRows > 0 ? eraseRowsAbove(liveRows - 1) : '';
    let firstUnsettled = view.blocks.length;
    for (let i = 0; i < view.blocks.length; i++) {
      const block = view.blocks[i];
      // Plain output has no status line: say where a new request's reply begins.
      if (!live && block.request > lastRequestAnnounced && !progress(block.key).started) {
        lastRequestAnnounced = block.request;
        text += `${anyBlockPrinted ? '\n' : ''}[request ${block.request}]\n`;
        anyBlockPrinted = false; // the block follows its heading directly
      }
      const { text: t, blocking } = commit(block, final);
      text += t;
      if (blocking) {
        firstUnsettled = i;
        break;
      }
    }
    liveRows = 0;
    if (live && !final) {
      const lines = fitToScreen(liveLines(view, firstUnsettled));
      liveRows = lines.reduce((n, l) => n + visualRows(l, columns()), 0);
      text += lines.join('\n');
    }
    if (text !== '') out.write(text);
  }

  return {
    update(view) {
      lastView = view;
      if (suspended || finished) return;
      if (live && liveRows === 0) out.write(HIDE_CURSOR);
      draw(view, false);
    },
    tick() {
      frame++;
      // Redraw only when a spinner is on screen.
      const spinning = lastView && (lastView.phase === 'waiting' || lastView.phase === 'running-tool' || lastView.phase === 'retrying');
      if (live && spinning && !suspended && !finished) draw(lastView!, false);
    },
    suspend() {
      if (suspended || finished) return;
      suspended = true;
      if (!live) return;
      // Print the cards under way for good, so the prompt appears below them.
      let text = liveRows > 0 ? eraseRowsAbove(liveRows - 1) : '';
      liveRows = 0;
      for (const block of lastView?.blocks ?? []) {
        const p = progress(block.key);
        if (p.done) continue;
        if (block.kind === 'tool' && !p.header && block.status !== 'streaming') {
          text += begin(p) + formatToolHeader(block, style, columns()).join('\n') + '\n';
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
    note(line) {
      if (finished) return;
      const erase = live && liveRows > 0 ? eraseRowsAbove(liveRows - 1) : '';
      liveRows = 0;
      out.write(`${erase}${line}\n`);
      anyBlockPrinted = true;
      if (lastView && !suspended) draw(lastView, false);
    },
    finish(view, summary) {
      if (finished) return;
      const last = view ?? lastView;
      if (last) draw(last, true);
      else if (live && liveRows > 0) out.write(eraseRowsAbove(liveRows - 1));
      liveRows = 0;
      finished = true;
      out.write(`${anyBlockPrinted ? '\n' : ''}${summary}\n${live ? SHOW_CURSOR : ''}`);
    },
  };
}
