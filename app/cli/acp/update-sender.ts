// `session/update` notifications sent one after another, in the order they were made: a slow
// client never sees a later update before an earlier one.
import type { AgentContext, SessionUpdate } from '@agentclientprotocol/sdk';

export interface UpdateSender {
  /** Queues an update; resolves once it (and every one before it) was sent. */
  send(update: SessionUpdate): Promise<void>;
  /** Resolves once every update queued so far was sent. */
  flushed(): Promise<void>;
}

/** A sender for one session's updates (a failed send is dropped: the client went away). */
export function createUpdateSender(client: Pick<AgentContext, 'notify'>, sessionId: string): UpdateSender {
  let chain: Promise<void> = Promise.resolve();
  return {
    send(update) {
      chain = chain.then(() => client.notify('session/update', { sessionId, update })).catch(() => undefined);
      return chain;
    },
    flushed: () => chain,
  };
}
