// Mistral's markers in brackets: `[TOOL_CALLS]` (calls follow), `[THINK]` … `[/THINK]` (Magistral's
// reasoning). Found by their '[' (a one-character search is far faster than a longer one), once
// per input and position.

import { MISTRAL_MARKER } from '../dialects/mistral.js';
import type { ScanState } from './scan-state.js';

/** Magistral's reasoning opens here… */
export const MARKER_THINK = '[THINK]';
/** …and closes here. */
export const MARKER_THINK_END = '[/THINK]';

const MARKERS = [MISTRAL_MARKER, MARKER_THINK, MARKER_THINK_END];

/** The marker at `at`, or undefined. */
function markerAt(input: string, at: number): string | undefined {
  for (const m of MARKERS) if (input.startsWith(m, at)) return m;
  return undefined;
}

/** The next marker at or after `from` in this input (its text in `s.markerText`), or -1. */
export function nextMarker(s: ScanState, input: string, from: number): number {
  let at = s.markerAt;
  if (at === -2 || (at >= 0 && at < from)) {
    at = input.indexOf('[', from);
    let text: string | undefined;
    while (at !== -1 && (text = markerAt(input, at)) === undefined) at = input.indexOf('[', at + 1);
    s.markerAt = at;
    s.markerText = text ?? '';
  }
  return at;
}

/** Where the input's tail, from `from` on, is an unfinished marker, or -1. */
export function partialMarkerAt(input: string, from: number): number {
  for (let at = input.indexOf('[', from); at !== -1; at = input.indexOf('[', at + 1)) {
    const tail = input.slice(at);
    for (const m of MARKERS) if (m.startsWith(tail)) return at;
  }
  return -1;
}
