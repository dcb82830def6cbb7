// A broken invariant of a replayed path, as a value with a code: which rule, and where.

import { AgentTurnError } from '../../src/errors/agent-turn-error.js';

/** What kind of rule broke: see {@link checkTurnInvariants} and {@link createTurnTestModel}. */
export type TurnInvariantCode =
  | 'tool-ran-twice'
  | 'partial-tool-ran'
  | 'unapproved-tool-ran'
  | 'recorded-tool-ran-again'
  | 'bad-presentation'
  | 'bad-history'
  | 'view-went-back'
  | 'bad-end'
  | 'unexpected-state';

/** Thrown by a replay when the turn broke a rule every agent must keep. */
export class TurnInvariantError extends AgentTurnError<TurnInvariantCode> {
  static override readonly errorName: string = 'TurnInvariantError';
  /** The path's steps so far, as event types (where it broke: the last). */
  readonly steps: readonly string[];
  constructor(code: TurnInvariantCode, message: string, steps: readonly string[] = []) {
    super(code, `${code}: ${message}${steps.length ? `\n  after: ${steps.join(' → ')}` : ''}`);
    this.steps = steps;
  }
}
