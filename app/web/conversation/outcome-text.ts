// The closing line of a turn, from the machine's output.
import type { AgentTurnOutput } from 'agent-turn';

export function outcomeText(output: Pick<AgentTurnOutput, 'reason'> & Partial<AgentTurnOutput>): {
  reason: string;
  tone: 'ok' | 'error';
  text: string;
} {
  switch (output.reason) {
    case 'completed':
      return {
        reason: 'completed',
        tone: 'ok',
        text: `Completed in ${output.requests?.filter((r) => r.attempt === 0).length ?? 1} requests.`,
      };
    case 'aborted':
      return { reason: 'aborted', tone: 'error', text: 'Stopped by you. What arrived is kept above.' };
    case 'max_requests':
      return {
        reason: 'max_requests',
        tone: 'error',
        text: 'Stopped: the request limit was reached before the model completed.',
      };
    case 'too_many_mistakes':
      return {
        reason: 'too_many_mistakes',
        tone: 'error',
        text: 'Stopped: the model replied several times without using a tool.',
      };
    case 'failed': {
      const e = output.error;
      return { reason: 'failed', tone: 'error', text: e ? `Failed — ${e.code}: ${e.message}` : 'Failed.' };
    }
  }
}
