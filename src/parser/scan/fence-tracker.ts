// Code fences in prose: a run of three backticks opens or closes one. A dialect's opener inside a
// fence is an example the model shows, never a call. Tracked over text as the scan passes it.

import type { ScanState } from './scan-state.js';

const BACKTICK = 96;

/** Takes `input[from, to)` (text) into the fence state; chunk borders inside a run of backticks count alike. */
export function trackFences(s: ScanState, input: string, from: number, to: number): void {
  let run = s.backtickRun;
  let inFence = s.inFence;
  for (let i = from; i < to; i++) {
    if (input.charCodeAt(i) === BACKTICK) {
      if (++run === 3) inFence = !inFence;
    } else run = 0;
  }
  s.backtickRun = run;
  s.inFence = inFence;
}
