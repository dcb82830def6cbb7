// A turn's output as JSON: what a Restate handler returns and a client reads back.
import type { AgentTurnOutput, TurnRequest } from '../../machines/machine/agent-turn-types.js';
import type { ChatErrorJSON } from '../../src/wire/errors.js';
import { recordChatError } from './recorded-reply.js';

/** One request of a {@link DurableTurnOutput}: a TurnRequest whose error is plain JSON. */
export type DurableTurnRequest = Omit<TurnRequest, 'error'> & { error?: ChatErrorJSON };

/** {@link AgentTurnOutput} as JSON: the errors (ChatError objects) as their facts. */
export type DurableTurnOutput = Omit<AgentTurnOutput, 'error' | 'requests'> & {
  requests: DurableTurnRequest[];
  error?: ChatErrorJSON;
};

/** The JSON form of a turn's output. */
export function toDurableOutput(output: AgentTurnOutput): DurableTurnOutput {
  const { error, requests, ...rest } = output;
  return {
    ...rest,
    requests: requests.map(({ error: requestError, ...request }) => ({
      ...request,
      ...(requestError !== undefined ? { error: recordChatError(requestError) } : {}),
    })),
    ...(error !== undefined ? { error: recordChatError(error) } : {}),
  };
}
