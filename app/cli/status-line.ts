import type { Style } from './ansi-style.js';
import { SPINNER_FRAMES } from './ansi-style.js';
import type { AgentTurnView as TurnView } from '../../machines/view/index.js';
import type { TokenPrice } from '../ui/usage-cost.js';
import { costText } from './usage-figures.js';

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
  return `${icon} ${style.dim(`${label} · request ${view.request} · ${tokens}${reasoning}${cost ? ` · ${cost}` : ''}`)}`;
}
