// What a turn shows: the terminal renderer (live or plain), or NDJSON lines with --json.
import type { CliOptions } from '../options/cli-options.js';
import { createStyle } from '../display/ansi-style.js';
import { createTerminalRenderer } from '../display/terminal-renderer.js';
import { LAST_RESULTS_HINT } from '../display/last-results.js';
import { priceFor } from '../display/usage-figures.js';
import { createNdjsonReporter } from '../ndjson/ndjson-reporter.js';
import { isConversation } from '../conversation/conversation-mode.js';
import type { CliIo } from './cli-io.js';

/** The live display redraws at most this often (about 30 times a second) however fast a reply streams. */
const LIVE_REDRAW_MS = 33;

/** A turn's display: one of `renderer` (the terminal) and `reporter` (--json). */
export interface TurnDisplay {
  /** Redrawn in place, with colour: a terminal that is not dumb, without NO_COLOR or --json. */
  live: boolean;
  style: ReturnType<typeof createStyle>;
  renderer?: ReturnType<typeof createTerminalRenderer>;
  reporter?: ReturnType<typeof createNdjsonReporter>;
  /** The prices the cost line is figured at (the given ones, else the model's list price). */
  price?: ReturnType<typeof priceFor>;
}

/** The display of one turn for these options and this process. */
export function createTurnDisplay(io: CliIo, options: CliOptions): TurnDisplay {
  const live = !options.json && io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
  const price = priceFor(options);
  const renderer = options.json
    ? undefined
    : createTerminalRenderer({
        out: io.stdout,
        live,
        showReasoning: options.showReasoning,
        minRedrawMs: LIVE_REDRAW_MS,
        ...(price ? { price } : {}),
        // In the conversation, /last shows the turn's results whole.
        ...(isConversation(options, io) ? { wholeResultHint: LAST_RESULTS_HINT } : {}),
      });
  const reporter = options.json ? createNdjsonReporter(io.stdout) : undefined;
  return { live, style: createStyle(live), renderer, reporter, ...(price ? { price } : {}) };
}
