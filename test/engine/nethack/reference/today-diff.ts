// Every number of a forecast against today's engine's (reference/today/): the largest differences,
// absolute and relative, and every field that is not a number and differs.
export interface NumberDiff {
  path: string;
  a: number;
  b: number;
}

export interface TodayDiff {
  /** Fields other than numbers (texts, nulls, shapes) that differ. */
  other: string[];
  /** Integers that differ (percentiles, turns, moves, extremes). */
  integers: NumberDiff[];
  /** Every other number that differs. */
  numbers: NumberDiff[];
  /** The largest absolute difference among non-integer numbers. */
  maxAbs: NumberDiff | null;
  /** The largest relative difference among non-integer numbers. */
  maxRel: NumberDiff | null;
}

export function diffForecasts(a: unknown, b: unknown): TodayDiff {
  const out: TodayDiff = { other: [], integers: [], numbers: [], maxAbs: null, maxRel: null };
  walk(a, b, '', out);
  return out;
}

function walk(a: unknown, b: unknown, path: string, out: TodayDiff): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return;
    if (Number.isInteger(a) && Number.isInteger(b) && Math.abs(a) + Math.abs(b) > 1) {
      out.integers.push({ path, a, b });
      return;
    }
    out.numbers.push({ path, a, b });
    const abs = Math.abs(a - b);
    const rel = abs / Math.max(Math.abs(a), Math.abs(b));
    if (!out.maxAbs || abs > Math.abs(out.maxAbs.a - out.maxAbs.b)) out.maxAbs = { path, a, b };
    const r0 = out.maxRel
      ? Math.abs(out.maxRel.a - out.maxRel.b) / Math.max(Math.abs(out.maxRel.a), Math.abs(out.maxRel.b))
      : -1;
    if (rel > r0) out.maxRel = { path, a, b };
    return;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    if (a !== b) out.other.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    return;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out);
}
