// One phrase per machine state for the status line.

const PHRASES: Record<string, string> = {
  'request.requesting': 'Waiting for the model…',
  'request.streaming': 'Streaming',
  'request.awaitingApproval': 'Waiting for your approval',
  'request.executingTool': 'Running a tool',
  retrying: 'Retrying after an error',
  finalizing: 'Finishing the reply',
  recursing: 'Sending tool results',
  done: 'Turn finished',
  aborted: 'Stopped',
  failed: 'Failed',
};

export function statusPhrase(state: string): string {
  return PHRASES[state] ?? state;
}

export type StatusTone = 'idle' | 'busy' | 'waiting' | 'ok' | 'error';

export function statusTone(state: string, reason: string | undefined): StatusTone {
  if (state === '') return 'idle';
  if (state === 'request.awaitingApproval') return 'waiting';
  if (state === 'done') return reason === 'completed' ? 'ok' : 'error';
  if (state === 'failed' || state === 'aborted') return 'error';
  return 'busy';
}
