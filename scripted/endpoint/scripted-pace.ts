// The scripted model's pace: the wait before the first token, between tokens, and their jitter;
// and how a stream's bytes are cut into reads.
import { seededRandom } from './scripted-random.js';
import type { NetworkShape } from './scripted-stream.js';

/** The pace in milliseconds. */
export interface ScriptedPace {
  firstTokenMs: number;
  tokenMs: number;
  jitterMs: number;
}

/** The `pace` option as milliseconds: undefined is realistic (300 ms, then 8 ms a token); a number is ms a token. */
export function paceOf(
  pace: number | { firstTokenMs?: number; tokenMs?: number; jitterMs?: number } | undefined,
): ScriptedPace {
  if (pace === undefined) return { firstTokenMs: 300, tokenMs: 8, jitterMs: 0 };
  if (typeof pace === 'number')
    return { firstTokenMs: Math.max(0, pace * 40), tokenMs: Math.max(0, pace), jitterMs: 0 };
  return {
    firstTokenMs: Math.max(0, pace.firstTokenMs ?? 0),
    tokenMs: Math.max(0, pace.tokenMs ?? 0),
    jitterMs: Math.max(0, pace.jitterMs ?? 0),
  };
}

/**
 * How the `n`th response's stream is cut into reads and its waits jittered: each response its
 * own random sequence from `seed`, the same on every run. Undefined without jitter or random reads.
 */
export function networkShape(
  pace: ScriptedPace,
  randomChunks: boolean,
  seed: number,
  n: number,
): NetworkShape | undefined {
  if (pace.jitterMs <= 0 && !randomChunks) return undefined;
  return { jitterMs: pace.jitterMs, randomChunks, random: seededRandom(seed * 7919 + n) };
}
