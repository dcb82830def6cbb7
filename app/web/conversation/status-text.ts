// One phrase and one tone per phase of the turn (read from the view, which reads the state's tag).
import type { TurnEndReason } from 'agent-turn';
import type { TurnPhase } from 'agent-turn';
import type { AgentTurnView } from 'agent-turn';
import { revealInvisible } from '../../ui/visible-text.js';

const PHRASES: Record<TurnPhase, string> = {
  waiting: 'Waiting for the model…',
  streaming: 'Streaming',
  'awaiting-approval': 'Waiting for your approval',
  'running-tool': 'Running a tool',
  retrying: 'Retrying after an error',
  closing: 'Finishing the reply',
  finished: 'Turn finished',
};

/** "Retrying in 30 s" while a retry is waited out (the server's Retry-After named when it set the wait). */
export function retryPhrase(view: Pick<AgentTurnView, 'retry'>, now: number): string {
  const retry = view.retry;
  if (retry === undefined) return PHRASES.retrying;
  const seconds = Math.max(0, Math.ceil((retry.at - now) / 1000));
  return `Retrying in ${seconds} s${retry.retryAfterMs !== undefined ? ' (the server asked to wait)' : ''}`;
}

export function statusPhrase(phase: TurnPhase, reason: TurnEndReason | undefined): string {
  if (phase === 'finished' && reason === 'aborted') return 'Stopped';
  if (phase === 'finished' && reason === 'failed') return 'Failed';
  return PHRASES[phase];
}

export type StatusTone = 'idle' | 'busy' | 'waiting' | 'ok' | 'error';

export function statusTone(phase: TurnPhase, reason: TurnEndReason | undefined): StatusTone {
  if (phase === 'awaiting-approval') return 'waiting';
  if (phase === 'finished') return reason === 'completed' ? 'ok' : 'error';
  return 'busy';
}

/** What the page's live region says about a view: the phase, and which tool waits for approval. */
export function announcement(view: Pick<AgentTurnView, 'phase' | 'reason' | 'blocks'>): string {
  const phrase = statusPhrase(view.phase, view.reason);
  if (view.phase !== 'awaiting-approval') return phrase;
  const waiting = view.blocks.find((b) => b.type === 'tool_use' && b.status === 'awaiting-approval');
  if (waiting?.type !== 'tool_use') return phrase;
  const target = waiting.params.path ?? waiting.params.command;
  return `${phrase}: ${waiting.name}${target !== undefined ? ` ${firstLine(target)}` : ''}`;
}

/** The first line, hidden characters spelled out, and how many lines follow. */
function firstLine(text: string): string {
  const lines = text.split('\n');
  const first = revealInvisible(lines[0]);
  return lines.length > 1 ? `${first} (and ${lines.length - 1} more line${lines.length === 2 ? '' : 's'})` : first;
}
