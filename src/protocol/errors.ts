import { AgentTurnError } from '../errors/agent-turn-error.js';

/** What a {@link ProtocolError} complains about. */
export type ProtocolErrorCode =
  | 'invalid-name'
  | 'reserved-name'
  | 'unknown-raw-param'
  | 'name-conflict'
  | 'invalid-definition'
  | 'invalid-dialect'
  | 'invalid-tool';

/** A protocol definition that cannot work; `code` says which rule it broke. */
export class ProtocolError extends AgentTurnError<ProtocolErrorCode> {
  static override readonly errorName: string = 'ProtocolError';
}
