// The machine's phases: every state carries exactly one of these as its tag, so a renderer asks
// `snapshot.hasTag('awaiting-approval')` (or reads selectView's `phase`) instead of matching state paths.

/**
 * What the turn is doing, as a person would say it:
 * - `waiting`: a request is sent, nothing has arrived yet;
 * - `streaming`: the reply is arriving (and complete blocks are being presented);
 * - `awaiting-approval`: a complete tool use waits for APPROVE / REJECT;
 * - `running-tool`: a tool runs;
 * - `retrying`: a failed attempt waits out its delay before the next;
 * - `closing`: the reply is being finished: after the turn stopped presenting it (one tool per
 *   message, the completion tool, a rejection) the rest of its stream is read briefly for the
 *   finish reason and usage, then it is closed and its results sent on;
 * - `finished`: the turn is over (done, aborted or failed; the reason says which).
 */
export type TurnPhase =
  | 'waiting'
  | 'streaming'
  | 'awaiting-approval'
  | 'running-tool'
  | 'retrying'
  | 'closing'
  | 'finished';

/** Every phase, in the order a turn usually meets them. */
export const TURN_PHASES: readonly TurnPhase[] = /* @__PURE__ */ Object.freeze([
  'waiting',
  'streaming',
  'awaiting-approval',
  'running-tool',
  'retrying',
  'closing',
  'finished',
]);

/** The phase of a snapshot, read from its tags. */
export function phaseOf(snapshot: { hasTag(tag: TurnPhase): boolean }): TurnPhase {
  for (const phase of TURN_PHASES) if (snapshot.hasTag(phase)) return phase;
  // Every state of the machine has a tag (a test checks it); a snapshot without one is not running yet.
  return 'waiting';
}
