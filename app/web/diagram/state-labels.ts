// Where the diagram's edge labels go: near the middle of their edge, beside the line rather than
// on it, and clear of every other line, state and label. Candidates are tried along the edge
// (middle first) on both sides; the first free one wins, else the one with the fewest conflicts.
import { pointAlong, type Point } from '../files/path-samples.js';
import type { Box } from './state-layout-types.js';

export interface LabelRequest {
  id: string;
  text: string;
  /** Points along the label's own edge. */
  samples: readonly Point[];
}

export interface LabelObstacles {
  /** Points along every edge (the label's own included: the label goes beside its line). */
  lines: readonly (readonly Point[])[];
  /** Boxes a label must not touch (leaf states, compound state titles). */
  boxes: readonly Box[];
  /** Boxes whose outline a label must not cross (compound states): inside or outside is fine. */
  outlines: readonly Box[];
}

/** Label font metrics in diagram units (12 px text at scale 1). */
export const LABEL_CHAR_W = 7;
export const LABEL_H = 15;
const GAP = 3;
const SHARES = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.12, 0.88];

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (p: Point, b: Box) => p[0] > b.x && p[0] < b.x + b.w && p[1] > b.y && p[1] < b.y + b.h;
const contains = (outer: Box, b: Box) =>
  b.x >= outer.x && b.y >= outer.y && b.x + b.w <= outer.x + outer.w && b.y + b.h <= outer.y + outer.h;

/** How many things a label box would sit on. */
function conflicts(box: Box, obstacles: LabelObstacles, placed: readonly Box[]): number {
  const padded = { x: box.x - 1, y: box.y - 1, w: box.w + 2, h: box.h + 2 };
  let count = 0;
  for (const line of obstacles.lines) if (line.some((p) => inside(p, padded))) count++;
  for (const b of obstacles.boxes) if (overlaps(padded, b)) count++;
  for (const o of obstacles.outlines) if (overlaps(padded, o) && !contains(o, padded)) count++;
  for (const p of placed) if (overlaps(padded, p)) count++;
  if (box.x < 0 || box.y < 0) count++;
  return count;
}

/** Places near the edge, best first: closest to the line, middle of the edge first. */
function candidates(request: LabelRequest): Box[] {
  const w = request.text.length * LABEL_CHAR_W + 4;
  const out: Box[] = [];
  for (const gap of [GAP, GAP + 10, GAP + 22]) {
    for (const share of SHARES) {
      const { at, across } = pointAlong(request.samples, share);
      const [x, y] = at;
      const above = { x: x - w / 2, y: y - LABEL_H - gap, w, h: LABEL_H };
      const below = { x: x - w / 2, y: y + gap, w, h: LABEL_H };
      const right = { x: x + gap + 2, y: y - LABEL_H / 2, w, h: LABEL_H };
      const left = { x: x - gap - 2 - w, y: y - LABEL_H / 2, w, h: LABEL_H };
      // Beside a corner the label can also hang off to one side of the point.
      const aboveRight = { x: x + gap, y: y - LABEL_H - gap, w, h: LABEL_H };
      const aboveLeft = { x: x - gap - w, y: y - LABEL_H - gap, w, h: LABEL_H };
      out.push(...(across ? [above, below, right, left] : [right, left, above, below]), aboveRight, aboveLeft);
    }
  }
  return out;
}

/** A box for every label, in request order (earlier labels get the better places). */
export function placeLabels(requests: readonly LabelRequest[], obstacles: LabelObstacles): Map<string, Box> {
  const placed = new Map<string, Box>();
  for (const request of requests) {
    let best: Box | undefined;
    let bestConflicts = Number.POSITIVE_INFINITY;
    for (const box of candidates(request)) {
      const n = conflicts(box, obstacles, [...placed.values()]);
      if (n < bestConflicts) {
        best = box;
        bestConflicts = n;
        if (n === 0) break;
      }
    }
    if (best) placed.set(request.id, best);
  }
  return placed;
}
