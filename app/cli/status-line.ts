import type { Style } from './ansi-style.js';
import { SPINNER_FRAMES } from './ansi-style.js';
import type { AgentTurnView as TurnView } from '../../machines/turn-view-types.js';

/** Phases in which the person is waiting on something that gives no other sign of life. */
export function showsSpinner(view: TurnView): boolean {
  return view.phase === 'waiting' || view.phase === 'running-tool' || view.phase === 'retrying' || view.phase === 'closing';
}

/** The bottom line while the turn runs: what it is doing, the request number, tokens so far. */
export function statusLine(view: TurnView, style: Style, frame: number): string {
  const icon = showsSpinner(view) ? style.cyan(SPINNER_FRAMES[frame % SPINNER_FRAMES.length]) : style.dim('·');
  const running = [...view.blocks].reverse().find((b) => b.type === 'tool_use' && b.status === 'running');
  const label =
    view.phase === 'waiting' ? 'waiting for the model'
    : view.phase === 'running-tool' ? `running ${running?.type === 'tool_use' ? running.name : 'a tool'}`
    : view.phase === 'awaiting-approval' ? 'waiting for your approval'
    : view.phase === 'retrying' ? 'retrying'
    : view.phase === 'closing' ? 'finishing the reply'
    : 'streaming';
  const reasoning = view.tokens.reasoning > 0 ? ` (${view.tokens.reasoning} reasoning)` : '';
  const tokens = `${view.tokens.estimated ? '~' : ''}${view.tokens.total} tokens`;
  return `${icon} ${style.dim(`${label} · request ${view.request} · ${tokens}${reasoning}`)}`;
}
