// An approval as ACP's `session/request_permission`: the editor shows the tool call (its diff, its
// command) with the options allow once / allow always (when an "always" rule would hold) /
// reject. A cancelled prompt's open request is answered `cancelled` by the client; the turn
// stops waiting as soon as it is cancelled, whether or not the client answered yet.
import type { AgentContext, PermissionOption, ToolCallUpdate } from '@agentclientprotocol/sdk';

/** What the person chose; `cancelled`: the prompt was cancelled while the question was open. */
export type PermissionAnswer = 'allow-once' | 'allow-always' | 'reject' | 'cancelled';

export interface PermissionQuestion {
  client: Pick<AgentContext, 'request'>;
  sessionId: string;
  /** The tool call asked about (its id, title, kind, locations; the diff was sent before). */
  toolCall: ToolCallUpdate;
  /** Offer "allow always" (false when an always rule would not hold: the use is asked every time). */
  canAlways: boolean;
  signal: AbortSignal;
}

const OPTIONS: PermissionOption[] = [
  { optionId: 'allow-once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow-always', name: 'Allow always (this session)', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

/** Asks the client; resolves with the person's answer (never rejects: a failed request is a rejection). */
export async function askClientPermission(question: PermissionQuestion): Promise<PermissionAnswer> {
  const { signal } = question;
  if (signal.aborted) return 'cancelled';
  const options = question.canAlways ? OPTIONS : OPTIONS.filter((o) => o.kind !== 'allow_always');
  let onAbort: (() => void) | undefined;
  const cancelled = new Promise<PermissionAnswer>((resolve) => {
    onAbort = () => resolve('cancelled');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const asked = question.client
    .request('session/request_permission', { sessionId: question.sessionId, toolCall: question.toolCall, options })
    .then((response): PermissionAnswer => {
      const outcome = response.outcome;
      if (outcome.outcome === 'cancelled') return 'cancelled';
      const chosen = options.find((o) => o.optionId === outcome.optionId);
      return chosen ? (chosen.optionId as PermissionAnswer) : 'reject';
    })
    .catch((): PermissionAnswer => 'reject');
  try {
    return await Promise.race([asked, cancelled]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
