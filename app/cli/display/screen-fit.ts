// Fitting text to the terminal: lines wrapped at word boundaries to its width (a word longer than
// a row is broken), indentation kept as a hanging indent, widths measured in columns by
// string-width (wide characters take two, combining marks none), so the live region's row
// arithmetic matches what the terminal draws.
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { stripAnsi } from './ansi-style.js';

/** Columns the text takes on screen (escape sequences take none). */
export function columnsOf(text: string): number {
  return stringWidth(text);
}

/** Terminal rows one line takes at this width when the terminal wraps it itself. */
export function visualRows(line: string, columns: number): number {
  return Math.max(1, Math.ceil(stringWidth(line) / Math.max(1, columns)));
}

/** Terminal rows these lines take at this width. */
export function rowsOf(lines: readonly string[], columns: number): number {
  return lines.reduce((n, l) => n + visualRows(l, columns), 0);
}

/**
 * One line (no line feed) as rows of at most `columns` columns: broken at spaces, a longer word
 * broken where it must; leading spaces repeated on every row as a hanging indent.
 */
export function wrapLine(line: string, columns: number): string[] {
  const width = Math.max(1, columns);
  if (stringWidth(line) <= width) return [line];
  const indent = /^ */.exec(stripAnsi(line))![0];
  const hanging = indent.length > 0 && indent.length <= width / 2 && line.startsWith(indent) ? indent : '';
  const body = line.slice(hanging.length);
  const rows = wrapAnsi(body, width - hanging.length, { hard: true, trim: true }).split('\n');
  return rows.map((row) => hanging + row);
}

/** Every line wrapped: the rows to print, each at most `columns` wide. */
export function wrapLines(lines: readonly string[], columns: number): string[] {
  return lines.flatMap((l) => wrapLine(l, columns));
}

/** Text with line feeds wrapped line by line; a final line feed is kept. */
export function wrapText(text: string, columns: number): string {
  return wrapLines(text.split('\n'), columns).join('\n');
}

/**
 * The cursor cannot move above the screen's top, so a live region taller than the screen could
 * not be erased: wraps the lines and keeps the last rows that fit (the newest text and the
 * status line). Every returned row is at most `columns` wide.
 */
export function fitToScreen(lines: readonly string[], screenRows: number, columns: number): string[] {
  const maxRows = Math.max(3, screenRows - 1);
  const rows = wrapLines(lines, columns);
  return rows.length > maxRows ? rows.slice(-maxRows) : rows;
}

/** `text` split at its ` · ` separators outside parentheses ("a · b (c · d)" gives "a", "b (c · d)"). */
export function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && text.startsWith(' · ', i)) {
      parts.push(text.slice(start, i));
      start = i + 3;
      i += 2;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Parts joined by ` · ` into rows of at most `columns`, a row broken only between parts, the rows
 * after the first indented by two; a part too wide for a row on its own is wrapped at words.
 */
export function packParts(parts: readonly string[], columns: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const part of parts) {
    const joined = row === '' ? part : `${row} · ${part}`;
    if (row !== '' && columnsOf(joined) > columns) {
      rows.push(row);
      row = `  ${part}`;
    } else row = joined;
  }
  rows.push(row);
  return wrapLines(rows, columns);
}
