// Min/max-per-column downsampling (M4): for each of `buckets` equal turn ranges keep the first,
// lowest, highest and last point, in turn order. When the buckets are the plot's pixel columns
// (svg.ts passes the x domain and the plot width), the line through the result has, over every
// column, exactly the highest and lowest point of the line through the full series: segments
// between columns are kept whole (each column's last point and the next one's first), and inside
// a column both lines move between the same extremes. Every extreme survives.
import type { ChartPoint } from './types.ts';

export interface DownsampleOptions {
  /** The turn range split into the buckets; default the series' own first and last turn. */
  domain?: readonly [number, number];
  /** Points at these turns are kept too (marker and "now" positions the chart draws a dot on). */
  keepTurns?: ReadonlySet<number>;
}

export function downsample(points: readonly ChartPoint[], buckets: number, opts: DownsampleOptions = {}): ChartPoint[] {
  const n = points.length;
  if (buckets < 1 || n <= buckets * 4) return points.slice();
  const first = points[0]!;
  const last = points[n - 1]!;
  const [x0, x1] = opts.domain ?? [first.turn, last.turn];
  const span = x1 - x0;
  if (!(span > 0)) return [first, minOf(points), maxOf(points), last].filter(uniqueRefs());

  const keepTurns = opts.keepTurns ?? new Set<number>();
  const out: ChartPoint[] = [];
  const bucketOf = (turn: number): number =>
    Math.max(0, Math.min(buckets - 1, Math.floor(((turn - x0) / span) * buckets)));
  let i = 0;
  while (i < n) {
    const b = bucketOf(points[i]!.turn);
    let j = i;
    let lo = i;
    let hi = i;
    let pinned: number[] | undefined;
    if (keepTurns.has(points[i]!.turn)) pinned = [i];
    while (j + 1 < n && bucketOf(points[j + 1]!.turn) === b) {
      j++;
      if (points[j]!.nutrition < points[lo]!.nutrition) lo = j;
      if (points[j]!.nutrition > points[hi]!.nutrition) hi = j;
      if (keepTurns.has(points[j]!.turn)) (pinned ??= []).push(j);
    }
    if (pinned) {
      // Rare (a marker inside this column): the general merge.
      for (const k of [...new Set([i, lo, hi, j, ...pinned])].sort((a, c) => a - c)) out.push(points[k]!);
    } else {
      // i <= min(lo, hi) <= max(lo, hi) <= j: keep them in index order, each once.
      const mid1 = Math.min(lo, hi);
      const mid2 = Math.max(lo, hi);
      out.push(points[i]!);
      if (mid1 !== i) out.push(points[mid1]!);
      if (mid2 !== mid1 && mid2 !== j) out.push(points[mid2]!);
      if (j !== i && j !== mid1) out.push(points[j]!);
    }
    i = j + 1;
  }
  return out;
}

function minOf(points: readonly ChartPoint[]): ChartPoint {
  return points.reduce((a, p) => (p.nutrition < a.nutrition ? p : a));
}
function maxOf(points: readonly ChartPoint[]): ChartPoint {
  return points.reduce((a, p) => (p.nutrition > a.nutrition ? p : a));
}
function uniqueRefs<T>(): (v: T) => boolean {
  const seen = new Set<T>();
  return (v) => (seen.has(v) ? false : (seen.add(v), true));
}
