// A command's output as the terminal shows it: its last lines live while it runs (from the
// runner's onOutput), and after it ends its output from the result, capped to a head and a tail
// with the number of lines left out between them.
import type { Style } from './ansi-style.js';
import { clip, printable } from './ansi-style.js';

/** Live output kept per running command: enough for the last lines, never the whole stream. */
const LIVE_TAIL_CHARS = 16 * 1024;
/** Lines of live output shown under a running command. */
export const LIVE_OUTPUT_LINES = 5;
/** After the end: up to this many lines shown whole; more are cut to a head and a tail. */
const SHOWN_OUTPUT_LINES = 12;
const HEAD_LINES = 4;
const TAIL_LINES = SHOWN_OUTPUT_LINES - HEAD_LINES - 1;

/** The tail of each running command's output, by the tool use's call_id. */
export class LiveCommandOutput {
  private readonly tails = new Map<string, string>();

  append(callId: string, text: string): void {
    const tail = (this.tails.get(callId) ?? '') + text;
    this.tails.set(callId, tail.length > LIVE_TAIL_CHARS ? tail.slice(-LIVE_TAIL_CHARS) : tail);
  }

  /** The last complete-or-not lines, control characters made harmless, each clipped to `width`. */
  lastLines(callId: string, count: number, width: number): string[] {
    return this.keptLines(callId)
      .slice(-count)
      .map((l) => clip(printable(l), width));
  }

  /**
   * Every line still kept of the command's output (raw: not made printable, not clipped), and
   * whether earlier output was dropped to keep the tail small. What a stopped command leaves on screen.
   */
  keptOutput(callId: string): { lines: string[]; earlierDropped: boolean } {
    const tail = this.tails.get(callId) ?? '';
    const earlierDropped = tail.length >= LIVE_TAIL_CHARS;
    const lines = this.keptLines(callId);
    // The first line of a cut tail is most likely the end of a longer one: left out.
    return { lines: earlierDropped ? lines.slice(1) : lines, earlierDropped };
  }

  private keptLines(callId: string): string[] {
    const tail = this.tails.get(callId);
    if (!tail) return [];
    // A carriage return redraws a line (progress bars): keep what is after the last one.
    const lines = tail
      .replace(/\r\n/g, '\n')
      .split('\n')
      .map((l) => l.slice(l.lastIndexOf('\r') + 1));
    if (lines.at(-1) === '') lines.pop();
    return lines;
  }

  forget(callId: string): void {
    this.tails.delete(callId);
  }
}

/** execute_command's result split into its status line and its output (the words are result-sentences.ts's). */
export function splitCommandResult(result: string): { status: string; output: string[] } {
  const match = /^(.*?)\nOutput(?: so far)?:\n([\s\S]*)$/.exec(result);
  if (!match) return { status: result.split('\n')[0] ?? '', output: [] };
  const output = match[2] === '(no output)' ? [] : match[2].split('\n');
  return { status: match[1], output };
}

/**
 * The output a command showed live before it was stopped (Ctrl-C, the turn's end), kept under
 * its card: the lines as a finished command's are shown, then a mark saying it was stopped there.
 */
export function formatStoppedOutput(
  kept: { lines: readonly string[]; earlierDropped: boolean },
  style: Style,
  width: number,
): string[] {
  if (kept.lines.length === 0) return [];
  return [
    ...(kept.earlierDropped ? [`    ${style.dim('… earlier output not kept …')}`] : []),
    ...formatCommandOutput(kept.lines, style, width),
    `    ${style.yellow('■ stopped')}${style.dim(' · the output shown while it ran')}`,
  ];
}

/**
 * The output lines shown under a finished command: all of a short one, the head and the tail of
 * a long one; `hint` says in the mark between them how to see the rest (e.g. "/last shows all").
 */
export function formatCommandOutput(lines: readonly string[], style: Style, width: number, hint?: string): string[] {
  const shown = (l: string) => `    ${clip(printable(l), width - 4)}`;
  if (lines.length <= SHOWN_OUTPUT_LINES) return lines.map(shown);
  const hidden = lines.length - HEAD_LINES - TAIL_LINES;
  return [
    ...lines.slice(0, HEAD_LINES).map(shown),
    `    ${style.dim(`… ${hidden} more lines${hint ? `, ${hint}` : ''} …`)}`,
    ...lines.slice(-TAIL_LINES).map(shown),
  ];
}
