// Geometry of the drawn series: simplification of the downsampled polyline, and the vertical
// extent of the series over a turn range (marker labels avoid the line with it).
import type { ChartPoint } from './types.ts';

/** The drawn line may leave out a point at most this far (px) from it: below what anti-aliasing shows. */
export const LINE_TOLERANCE_PX = 0.2;

export interface XY {
  x: number;
  y: number;
}

/**
 * Ramer–Douglas–Peucker: drops every point within `tolerance` px of the line through the points
 * kept around it. A forecast is long straight runs, so this removes most of the points resvg
 * would otherwise stroke and join one by one; every corner (each bucket's extreme) stays.
 * Coordinates are copied to typed arrays and distances compared squared: on a jagged series
 * (RDP's worst case, nearly quadratic) that is 4 times faster than objects and Math.hypot.
 * `pinned` points always stay (the chart draws dots on them); the runs between them are
 * simplified apart. Every point of the input line lies within `tolerance` of the output line
 * and every point of the output line within `tolerance` of the input line (each dropped point is
 * within it of the segment replacing its run, and that segment is covered by the run's projection).
 */
export function simplify<P extends XY>(
  points: readonly P[],
  tolerance: number,
  pinned: (index: number) => boolean = () => false,
): P[] {
  const n = points.length;
  if (n <= 2) return points.slice();
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = points[i]!.x;
    ys[i] = points[i]!.y;
  }
  const tol2 = tolerance * tolerance;
  const keep = new Uint8Array(n);
  const stack: number[] = [];
  let from = 0;
  keep[0] = keep[n - 1] = 1;
  for (let i = 1; i < n; i++) {
    if (i < n - 1 && !pinned(i)) continue;
    keep[i] = 1;
    stack.push(from, i);
    from = i;
  }
  while (stack.length > 0) {
    const b = stack.pop()!;
    const a = stack.pop()!;
    const ax = xs[a]!;
    const ay = ys[a]!;
    const dx = xs[b]! - ax;
    const dy = ys[b]! - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstDist2 = tol2;
    for (let i = a + 1; i < b; i++) {
      const px = xs[i]! - ax;
      const py = ys[i]! - ay;
      // Distance to the segment, not the infinite line: a spike beyond an end must stay.
      let t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const dist2 = ex * ex + ey * ey;
      if (dist2 > worstDist2) {
        worstDist2 = dist2;
        worst = i;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push(a, worst, worst, b);
  }
  const out: P[] = [];
  for (let i = 0; i < n; i++) if (keep[i] === 1) out.push(points[i]!);
  return out;
}

/** Nutrition at a turn by linear interpolation of the (sorted) series; undefined outside it. */
export function valueAt(points: readonly ChartPoint[], turn: number): number | undefined {
  if (points.length === 0) return undefined;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (turn < first.turn || turn > last.turn) return undefined;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.turn <= turn) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  if (b.turn === a.turn) return b.nutrition;
  return a.nutrition + ((b.nutrition - a.nutrition) * (turn - a.turn)) / (b.turn - a.turn);
}

/** Index of the first point at or after `turn` (points.length if none). */
function firstAtOrAfter(points: readonly ChartPoint[], turn: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.turn < turn) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Lowest and highest nutrition of the line drawn through `points` over the turns [t0, t1]: the
 * points inside plus the interpolated values at both ends. Undefined where the line is absent.
 * Binary search to the range, so a query costs the points inside it, not the whole series.
 */
export function nutritionRange(points: readonly ChartPoint[], t0: number, t1: number): [number, number] | undefined {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const t of [t0, t1]) {
    const v = valueAt(points, t);
    if (v !== undefined) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  for (let i = firstAtOrAfter(points, t0); i < points.length && points[i]!.turn <= t1; i++) {
    const v = points[i]!.nutrition;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : undefined;
}
