// Min/max-per-bucket downsampling (M4): for each of `buckets` equal turn ranges keep the first,
// lowest, highest and last point, in turn order. A line drawn through the result covers the
// same pixels as the full series at that width, and every extreme survives.
import type { ChartPoint } from './types.ts';

export function downsample(points: readonly ChartPoint[], buckets: number): ChartPoint[] {
  const n = points.length;
  if (buckets < 1 || n <= buckets * 4) return points.slice();
  const first = points[0]!;
  const last = points[n - 1]!;
  const x0 = first.turn;
  const span = last.turn - x0;
  if (!(span > 0)) return [first, minOf(points), maxOf(points), last].filter(uniqueRefs());

  const out: ChartPoint[] = [];
  const bucketOf = (turn: number): number => Math.min(buckets - 1, Math.floor(((turn - x0) / span) * buckets));
  let i = 0;
  while (i < n) {
    const b = bucketOf(points[i]!.turn);
    let j = i;
    let lo = i;
    let hi = i;
    while (j + 1 < n && bucketOf(points[j + 1]!.turn) === b) {
      j++;
      if (points[j]!.nutrition < points[lo]!.nutrition) lo = j;
      if (points[j]!.nutrition > points[hi]!.nutrition) hi = j;
    }
    // i <= min(lo, hi) <= max(lo, hi) <= j: keep them in index order, each once.
    const [mid1, mid2] = lo < hi ? [lo, hi] : [hi, lo];
    out.push(points[i]!);
    if (mid1 !== i) out.push(points[mid1]!);
    if (mid2 !== mid1 && mid2 !== j) out.push(points[mid2]!);
    if (j !== i && j !== mid1) out.push(points[j]!);
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
