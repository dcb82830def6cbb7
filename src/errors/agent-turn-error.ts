// The one base of the package's errors: a `code`, and `instanceof` that holds across copies of
// the package (the marker logic of error-marker.ts, written here once for every class).

import { errorMarker, hasErrorMarker, markError } from './error-marker.js';

/** The facts every {@link AgentTurnError} may carry beyond its code and message. */
export interface AgentTurnErrorOptions {
  /** The error this one was caused by, as `Error.cause`. */
  cause?: unknown;
}

/**
 * The base of every error agent-turn throws: a `code` to branch on (never a message to parse)
 * and a message that says what was wrong and where. `instanceof` works across copies of the
 * package — the ESM and CJS builds, two entries, two installed versions — because each class
 * marks its instances with a registry symbol named after its {@link AgentTurnError.errorName}.
 * A class you derive from one of these answers `instanceof` by its prototype chain as usual.
 *
 * @example
 * ```ts
 * import { AgentTurnError, ChatError } from 'agent-turn';
 *
 * try {
 *   await runAgentTurn(setup);
 * } catch (error) {
 *   if (error instanceof ChatError && error.retryable) scheduleRetry();
 *   else if (error instanceof AgentTurnError) console.error(`${error.name} (${error.code}): ${error.message}`);
 *   else throw error;
 * }
 * ```
 */
export class AgentTurnError<Code extends string = string> extends Error {
  /**
   * The class's name, the same in every copy of the package: the instances' `name` and the key
   * of their marker. Each of the package's error classes declares its own.
   */
  static readonly errorName: string = 'AgentTurnError';

  /** What went wrong, as a stable string (each class lists its codes as a type). */
  readonly code: Code;

  /** True for an instance of this class made by any copy of the package (see the class's comment). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (!Object.hasOwn(this, 'errorName')) return Function.prototype[Symbol.hasInstance].call(this, value);
    return hasErrorMarker(value, errorMarker(this.errorName));
  }

  constructor(code: Code, message: string, options: AgentTurnErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = new.target.errorName;
    markClassChain(this, new.target);
  }
}

/** Marks `error` with the marker of every package class from `errorClass` up to the base. */
function markClassChain(error: AgentTurnError, errorClass: typeof AgentTurnError): void {
  for (let c: unknown = errorClass; c !== Error && typeof c === 'function'; c = Object.getPrototypeOf(c)) {
    if (Object.hasOwn(c, 'errorName')) markError(error, errorMarker((c as typeof AgentTurnError).errorName));
  }
}
