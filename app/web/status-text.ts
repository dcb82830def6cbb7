// One phrase and one tone per phase of the turn (read from the view, which reads the state's tag).
import type { TurnEndReason } from '../../machines/agent-turn-types.js';
import type { TurnPhase } from '../../machines/turn-phase.js';

const PHRASES: Record<TurnPhase, string> = {
  waiting: 'Waiting for the model…',
  streaming: 'Streaming',
  'awaiting-approval': 'Waiting for your approval',
  'running-tool': 'Running a tool',
  retrying: 'Retrying after an error',
  closing: 'Finishing the reply',
  finished: 'Turn finished',
};

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
