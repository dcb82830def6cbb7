import type { Style } from './ansi-style.js';
import { SPINNER_FRAMES } from './ansi-style.js';
import type { AgentTurnView as TurnView } from 'agent-turn';
import type { TokenPrice } from '../../ui/usage-cost.js';
import { costText } from './usage-figures.js';
import { columnsOf } from './screen-fit.js';

/** Phases in which the person is waiting on something that gives no other sign of life. */
export function showsSpinner(view: TurnView): boolean {
  return (
    view.phase === 'waiting' || view.phase === 'running-tool' || view.phase === 'retrying' || view.phase === 'closing'
  );
}

/** "retrying in 30 s" (and whether the server asked for the wait), counted down from the view's `retry.at`. */
export function retryingLabel(view: Pick<TurnView, 'retry'>, now: number): string {
  const retry = view.retry;
  if (retry === undefined) return 'retrying';
  const seconds = Math.max(0, Math.ceil((retry.at - now) / 1000));
  return `retrying in ${seconds} s${retry.retryAfterMs !== undefined ? ' (the server asked to wait)' : ''}`;
}

/** The bottom line while the turn runs: what it is doing, the request number, tokens so far, and the finished requests' cost at a known price. */
export function statusLine(view: TurnView, style: Style, frame: number, now = Date.now(), price?: TokenPrice): string {
  const { icon, parts } = statusParts(view, style, frame, now, price);
  return `${icon} ${style.dim(parts.join(' · '))}`;
}

/**
 * The status line fitted to `columns`: one row when it fits; else broken between its parts
 * (never inside "12 tokens (3 reasoning)" or a cost), the rows after the first indented by two.
 * A part wider than a row on its own is left whole here (the screen fitting breaks it).
 */
export function statusRows(
  view: TurnView,
  style: Style,
  frame: number,
  columns: number,
  now = Date.now(),
  price?: TokenPrice,
): string[] {
  const { icon, parts } = statusParts(view, style, frame, now, price);
  const rows: string[][] = [[]];
  let used = 2; // the icon and its space
  for (const part of parts) {
    const row = rows[rows.length - 1];
    const width = columnsOf(part) + (row.length > 0 ? 3 : 0);
    if (row.length > 0 && used + width > columns) {
      rows.push([part]);
      used = 2 + columnsOf(part);
    } else {
      row.push(part);
      used += width;
    }
  }
  return rows.map((row, i) => `${i === 0 ? `${icon} ` : '  '}${style.dim(row.join(' · '))}`);
}

function statusParts(
  view: TurnView,
  style: Style,
  frame: number,
  now: number,
  price: TokenPrice | undefined,
): { icon: string; parts: string[] } {
  const icon = showsSpinner(view) ? style.cyan(SPINNER_FRAMES[frame % SPINNER_FRAMES.length]) : style.dim('·');
  const running = [...view.blocks].reverse().find((b) => b.type === 'tool_use' && b.status === 'running');
  const label =
    view.phase === 'waiting'
      ? 'waiting for the model'
      : view.phase === 'running-tool'
        ? `running ${running?.type === 'tool_use' ? running.name : 'a tool'}`
        : view.phase === 'awaiting-approval'
          ? 'waiting for your approval'
          : view.phase === 'retrying'
            ? retryingLabel(view, now)
            : view.phase === 'closing'
              ? 'finishing the reply'
              : 'streaming';
  const reasoning = view.tokens.reasoning > 0 ? ` (${view.tokens.reasoning} reasoning)` : '';
  const tokens = `${view.tokens.estimated ? '~' : ''}${view.tokens.total} tokens`;
  const cost = costText(view.usage, price);
  return { icon, parts: [label, `request ${view.request}`, `${tokens}${reasoning}`, ...(cost ? [cost] : [])] };
}
