// One error identity across copies of the package. The ESM and CJS builds, `agent-turn` and
// `agent-turn/core`, or two installed versions each hold their own class objects, so a plain
// `instanceof` fails across them. Every error class of the package therefore marks its
// instances with a registry symbol (`Symbol.for`, the same in every copy and realm) and answers
// `instanceof` from that marker: AgentTurnError (agent-turn-error.ts) does both, once for them all.

/** The marker symbol of the error class named `className` (the same in every copy of the package). */
export function errorMarker(className: string): symbol {
  return Symbol.for(`agent-turn.error.${className}`);
}

/** Sets `marker` on `error` (not enumerable, so equality checks and JSON ignore it). */
export function markError(error: Error, marker: symbol): void {
  Object.defineProperty(error, marker, { value: true, enumerable: false, configurable: false, writable: false });
  // A bundler that renamed the class to avoid a clash (`_ChatError`) made Node print that name:
  // the class gets its own back, once. (esbuild's keepNames would do it for every function, at
  // twice the parser's bundle size.)
  const errorClass = error.constructor;
  if (errorClass.name !== error.name && errorClass.name === `_${error.name}`)
    Object.defineProperty(errorClass, 'name', { value: error.name, configurable: true });
}

/** Whether `value` carries `marker`, whichever copy of the package made it. */
export function hasErrorMarker(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}
