// A thread that splits its two-kind walks (laneSplit.ts: two lane walks, here one after the other)
// answers within the documented error bound of a thread that runs them in one pass (the pair walk):
// every whole number the same (turns, percentiles, counts), every other number within 1e-9 (means
// relative to their size); and the split answer is the same from run to run, to the last bit.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultProfile, forecast, type ForecastInput } from '../../../src/engine/nethack/index.ts';
import { splitLanes, splitsLanes } from '../../../src/engine/nethack/laneSplit.ts';
import { clearWalkCache } from '../../../src/engine/nethack/walkCache.ts';

const P5 = (o: Record<string, unknown> = {}) => ({ ...defaultProfile('5.0'), ...o });
const INPUTS: ForecastInput[] = [
  { nutrition: 900, moves: 3, profile: P5({ slowDigestion: true }), attacksPerTurn: 1, con: 25 },
  { nutrition: 150, moves: 12_345, profile: P5({ slowDigestion: true }), attacksPerTurn: 12, con: 18, after: 3000 },
  { nutrition: 40, profile: P5(), attacksPerTurn: 2, con: 10 },
  { nutrition: 20, profile: P5({ regeneration: 'intrinsic', amulet: true }), con: 7, after: 50 },
];

/** Where two answers differ beyond the bound: whole numbers exactly, others within 1e-9. */
function beyondBound(x: unknown, y: unknown, path: string, out: string[]): void {
  if (typeof x === 'number' && typeof y === 'number') {
    if (Number.isInteger(x) && Number.isInteger(y)) {
      if (x !== y) out.push(`${path}: ${x} vs ${y}`);
    } else if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x))) out.push(`${path}: ${x} vs ${y}`);
  } else if (x && typeof x === 'object' && y && typeof y === 'object') {
    const a = x as Record<string, unknown>;
    const b = y as Record<string, unknown>;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) beyondBound(a[k], b[k], `${path}.${k}`, out);
  } else if (!Object.is(x, y)) out.push(`${path}: ${String(x)} vs ${String(y)}`);
}

const cold = (input: ForecastInput) => {
  clearWalkCache();
  return forecast(input);
};

afterEach(() => {
  splitLanes(undefined);
  clearWalkCache();
});

describe('split lane walks', () => {
  it('answer within the error bound of the pair walk, and the same every time', () => {
    for (const input of INPUTS) {
      expect(splitsLanes()).toBe(false);
      const pair = cold(input);
      splitLanes(null);
      const split = cold(input);
      expect(cold(input)).toEqual(split);
      splitLanes(undefined);
      const out: string[] = [];
      beyondBound(split, pair, `nutrition ${input.nutrition}`, out);
      expect(out).toEqual([]);
    }
  }, 60_000);
});
