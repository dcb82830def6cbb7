// ANSI escape sequences, written by hand: the CLI needs only a handful.

export interface Style {
  readonly enabled: boolean;
  dim(text: string): string;
  bold(text: string): string;
  italic(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
  inverse(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) =>
  text === '' ? '' : `\x1b[${open}m${text}\x1b[${close}m`;

/** Colours when `enabled`, identity functions otherwise (pipes, NO_COLOR). */
export function createStyle(enabled: boolean): Style {
  if (!enabled) {
    const same = (text: string) => text;
    return {
      enabled,
      dim: same,
      bold: same,
      italic: same,
      red: same,
      green: same,
      yellow: same,
      cyan: same,
      magenta: same,
      inverse: same,
    };
  }
  return {
    enabled,
    dim: wrap(2, 22),
    bold: wrap(1, 22),
    italic: wrap(3, 23),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    magenta: wrap(35, 39),
    inverse: wrap(7, 27),
  };
}

/**
 * Moves the cursor to the start of the line `rows` rows up and clears everything below it.
 * The erase-below (ED) is sent from the second column, after that line is cleared whole: tmux
 * (`scroll-on-clear`) takes an ED from the top-left corner for clearing the whole screen and
 * moves the screen into its scrollback first, which would leave every redraw of a live region
 * that starts on the top row in the history.
 */
export function eraseRowsAbove(rows: number): string {
  return `\r${rows > 0 ? `\x1b[${rows}A` : ''}\x1b[2K\x1b[2G\x1b[J\r`;
}

export const HIDE_CURSOR = '\x1b[?25l';
export const SHOW_CURSOR = '\x1b[?25h';

// eslint-disable-next-line no-control-regex
const ANSI_SEQUENCE = /\x1b\[[0-9;?]*[A-Za-z]/g;

// Control characters other than tab and line feed (C0, DEL, C1): in text from the model, a file
// or a command they would recolour, move the cursor or clear a person's terminal, put escape
// codes into plain output, and break the live region's row arithmetic.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /\r\n|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

function controlPicture(c: string): string {
  if (c === '\r\n') return '\n';
  const code = c.charCodeAt(0);
  return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
}

/** Text from outside (model, files, commands) made safe to print: control characters shown as symbols (ESC as ␛), CRLF as LF. */
export function printable(text: string): string {
  return text.replace(CONTROL_CHARACTER, controlPicture);
}

/** {@link printable}, and on one line: a line feed shown as ␊ (a start-up or status line cannot forge another). */
export function printableLine(text: string): string {
  return printable(text).replace(/\n/g, '\u240a');
}

/** The text a person sees, escape sequences removed. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_SEQUENCE, '');
}

/** Cuts a line to `max` visible characters, ending in '…'. Only for unstyled text. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;
