// Points along the diagram's edge paths, so labels can be placed where no line runs: a cubic
// curve sampled by its parameter, a polyline every few units, and the point at a share of a path's
// length.

export type Point = readonly [number, number];

/** Points of the cubic Bézier p0 → p3 (controls p1, p2), `steps` + 1 of them. */
export function cubicSamples(p0: Point, p1: Point, p2: Point, p3: Point, steps = 32): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    out.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return out;
}

/** Points along a polyline, at most `step` apart (its corners included). */
export function polylineSamples(points: readonly Point[], step = 3): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[i + 1];
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 0; k < n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  if (points.length > 0) out.push(points[points.length - 1]);
  return out;
}

/** The point at `share` (0..1) of the path's length, and whether the path runs mostly across there. */
export function pointAlong(samples: readonly Point[], share: number): { at: Point; across: boolean } {
  const lengths = [0];
  for (let i = 1; i < samples.length; i++)
    lengths.push(lengths[i - 1] + Math.hypot(samples[i][0] - samples[i - 1][0], samples[i][1] - samples[i - 1][1]));
  const target = lengths[lengths.length - 1] * share;
  let i = 1;
  while (i < samples.length - 1 && lengths[i] < target) i++;
  const [x0, y0] = samples[i - 1];
  const [x1, y1] = samples[Math.min(i, samples.length - 1)];
  const span = lengths[i] - lengths[i - 1] || 1;
  const k = Math.min(1, Math.max(0, (target - lengths[i - 1]) / span));
  return { at: [x0 + (x1 - x0) * k, y0 + (y1 - y0) * k], across: Math.abs(x1 - x0) >= Math.abs(y1 - y0) };
}
