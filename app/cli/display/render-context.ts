// What the terminal renderer's parts share: the options made concrete, what each block has
// already put on screen for good, and the live region as last drawn.
import type { ReasoningBlockView } from 'agent-turn';
import type { TokenPrice } from '../../ui/usage-cost.js';
import type { MarkdownScan } from '../markdown/markdown-boundary.js';
import { createMarkdownRenderer } from '../markdown/terminal-markdown.js';
import type { Style } from './ansi-style.js';
import { createStyle } from './ansi-style.js';
import { LiveCommandOutput } from './command-output-view.js';

/** Where the renderer writes: process.stdout, or a fake in tests. */
export interface TerminalOutput {
  write(chunk: string): unknown;
  columns?: number;
  rows?: number;
  /** [columns, rows] asked of the terminal now (a TTY's getWindowSize). */
  getWindowSize?(): number[];
}

/** How the terminal renderer is set up. */
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

/** How much of each block is already on screen for good. */
export interface Printed {
  chars: number;
  /** Where the text's finished Markdown blocks end (live mode renders them as they finish). */
  markdown?: MarkdownScan;
  header: boolean;
  done: boolean;
  started: boolean;
}

/** The renderer's shared state; the mutable fields are changed by its parts as they draw. */
export interface RenderContext {
  readonly out: TerminalOutput;
  readonly live: boolean;
  readonly showReasoning: boolean;
  readonly style: Style;
  /** Renders finished Markdown blocks (live mode with Markdown on); undefined prints the source. */
  readonly markdown: ((source: string) => string) | undefined;
  readonly price: TokenPrice | undefined;
  readonly wholeResultHint: string | undefined;
  /** Text is committed in whole lines wrapped to the terminal's width (a terminal, not a pipe). */
  readonly fitsWidth: boolean;
  readonly commandOutputs: LiveCommandOutput;
  /** The terminal's width now (at least 20). */
  columns(): number;
  /** The terminal's height now. */
  screenRows(): number;
  /** What the block with this key has printed so far (created empty the first time). */
  progress(key: string): Printed;
  /** A blank line between blocks, returned the first time a block prints anything. */
  begin(p: Printed): string;
  /** Whether any block has printed yet (the next one is set apart by a blank line). */
  anyBlockPrinted: boolean;
  /** The spinner's frame. */
  frame: number;
  /** Rows the live region takes on screen now (0: none drawn). */
  liveRows: number;
  /** The live region's rows as last drawn: to erase them as the terminal lays them out after a resize. */
  liveRegion: string[];
  /** The width the live region was last drawn at. */
  drawnColumns: number;
  /** Plain mode: the last request whose reply was announced with a `[request N]` heading. */
  lastRequestAnnounced: number;
}

/** The shared state for a renderer with these options, nothing printed yet. */
export function createRenderContext(options: TerminalRendererOptions): RenderContext {
  const { out, live } = options;
  const style = createStyle(live);
  const printed = new Map<string, Printed>();
  const context: RenderContext = {
    out,
    live,
    showReasoning: options.showReasoning ?? false,
    style,
    // Live mode renders the model's Markdown, a finished block at a time; plain mode (a pipe,
    // NO_COLOR) prints the source. The block still being written stays plain in the live region.
    markdown: live && options.markdown !== false ? createMarkdownRenderer(style) : undefined,
    price: options.price,
    wholeResultHint: options.wholeResultHint,
    // On a terminal (live, or plain with NO_COLOR) text is committed in whole lines, wrapped at word
    // boundaries to its width; a pipe gets the characters as they come, unwrapped.
    fitsWidth: live || (out.columns !== undefined && out.columns > 0),
    commandOutputs: new LiveCommandOutput(),
    // The size is asked of the terminal on every draw (a resize is seen before its SIGWINCH is);
    // a pseudo-terminal without a size reports 0 columns.
    columns: () => Math.max(20, out.getWindowSize?.()[0] || out.columns || 80),
    screenRows: () => out.getWindowSize?.()[1] || out.rows || 24,
    progress(key) {
      let p = printed.get(key);
      if (!p) printed.set(key, (p = { chars: 0, header: false, done: false, started: false }));
      return p;
    },
    begin(p) {
      if (p.started) return '';
      p.started = true;
      const gap = context.anyBlockPrinted ? '\n' : '';
      context.anyBlockPrinted = true;
      return gap;
    },
    anyBlockPrinted: false,
    frame: 0,
    liveRows: 0,
    liveRegion: [],
    drawnColumns: 0,
    lastRequestAnnounced: 1,
  };
  return context;
}

/** Folded reasoning's one line. */
export const foldedReasoning = (context: RenderContext, block: ReasoningBlockView): string =>
  context.style.dim(`✻ thought for ${block.tokens} token${block.tokens === 1 ? '' : 's'}`);
