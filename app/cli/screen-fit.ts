import { stripAnsi, visualRows } from './ansi-style.js';

/** Terminal rows these lines take at this width. */
export function rowsOf(lines: readonly string[], columns: number): number {
  return lines.reduce((n, l) => n + visualRows(l, columns), 0);
}

/**
 * The cursor cannot move above the screen's top, so a live region taller than the screen could
 * not be erased: keep its last rows (the newest text and the status line).
 */
export function fitToScreen(lines: readonly string[], screenRows: number, columns: number): string[] {
  const maxRows = Math.max(3, screenRows - 1);
  const fitted = [...lines];
  let rows = rowsOf(fitted, columns);
  while (rows > maxRows && fitted.length > 1) rows -= visualRows(fitted.shift()!, columns);
  if (rows > maxRows) {
    // One line longer than the screen: an unfinished paragraph; show its end.
    const chars = [...stripAnsi(fitted[0])];
    fitted[0] = `…${chars.slice(-(maxRows * columns - 1)).join('')}`;
  }
  return fitted;
}
