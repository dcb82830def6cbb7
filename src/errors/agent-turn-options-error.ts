// An option the package cannot use, refused when it is given: not a crash later, and not an
// option silently ignored.

import { AgentTurnError } from './agent-turn-error.js';

/**
 * An option that cannot work, thrown where it is given: a turn's setup given to
 * `createAgentTurnActor` (thrown) or `runAgentTurn` (its rejection) before any request is sent,
 * or the options of {@link createChatClient} and {@link readChatCompletionStream}. `option` names
 * the culprit (`'client'`, `'retry.delaysMs'`, `'baseURL'`).
 */
export class AgentTurnOptionsError extends AgentTurnError<'invalid-options'> {
  static override readonly errorName: string = 'AgentTurnOptionsError';
  /** The option at fault, as a path into the options (`'retry.delaysMs'`). */
  readonly option: string;

  constructor(message: string, option = 'setup') {
    super('invalid-options', message);
    this.option = option;
  }
}
