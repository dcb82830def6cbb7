// Faults the scripted model can inject, chosen per model (`faults` option) or per conversation
// (a `fault:<name>` marker in the task text).

/**
 * - `http-429-once`, `http-500-once`: the next request fails with that status and an OpenAI error
 *   body; once per model instance, so a retry succeeds.
 * - `error-mid-stream`: an `{ error }` chunk after part of the reply, then the stream ends.
 * - `malformed-chunk`: a data line that is not valid JSON after part of the reply, then the end
 *   (non-streamed: a cut-off JSON body).
 * - `cut-in-tool-call`: the stream stops inside the first tool call (tag or native arguments),
 *   with neither `finish_reason` nor `[DONE]`.
 * - `length-in-write`: `finish_reason: 'length'` in the middle of a `write_to_file` content
 *   (only in the reply that writes a file; non-streamed too).
 * - `slow-first-token`: an SSE comment, then a long wait (`slowFirstTokenMs`) before the first token.
 * - `invalid-structured`: a structured-output answer that breaks its schema (the repair succeeds).
 * - `no-usage`: streams carry no usage chunk, as from a provider that ignores `stream_options`
 *   (every reply of the conversation; clients then estimate).
 *
 * Every fault except the `-once` ones and `no-usage` fires at most once per conversation (keyed by
 * its task), on the first request that can show it, so the turn can still finish after a retry.
 */
export const scriptedFaults = [
  'http-429-once',
  'http-500-once',
  'error-mid-stream',
  'malformed-chunk',
  'cut-in-tool-call',
  'length-in-write',
  'slow-first-token',
  'invalid-structured',
  'no-usage',
] as const;

/** The name of one scripted fault (see {@link scriptedFaults}). */
export type ScriptedFault = (typeof scriptedFaults)[number];

const KNOWN = new Set<string>(scriptedFaults);

export function isScriptedFault(name: string): name is ScriptedFault {
  return KNOWN.has(name);
}

/** Fault names marked in a task as `fault:<name>` (unknown names are ignored). */
export function faultsInText(text: string): ScriptedFault[] {
  const found: ScriptedFault[] = [];
  const marker = /fault:([a-z0-9-]+)/g;
  for (let m = marker.exec(text); m !== null; m = marker.exec(text)) {
    if (isScriptedFault(m[1]) && !found.includes(m[1])) found.push(m[1]);
  }
  return found;
}

/** Remembers which faults already fired, per model instance. */
export class FaultLedger {
  private readonly fired = new Set<string>();

  constructor(private readonly configured: readonly ScriptedFault[]) {}

  /** The faults in force for a conversation: configured ones plus those marked in its task. */
  activeFaults(task: string): Set<ScriptedFault> {
    return new Set([...this.configured, ...faultsInText(task)]);
  }

  private key(fault: ScriptedFault, task: string): string {
    return fault.endsWith('-once') ? fault : `${fault}\u0000${task}`;
  }

  /** Whether `fault` is active and has not fired yet for this conversation; does not consume it. */
  pending(active: Set<ScriptedFault>, fault: ScriptedFault, task: string): boolean {
    return active.has(fault) && !this.fired.has(this.key(fault, task));
  }

  /** Marks `fault` as fired for this conversation. */
  consume(fault: ScriptedFault, task: string): void {
    this.fired.add(this.key(fault, task));
  }
}
