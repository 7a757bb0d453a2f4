// The faster pieces of a random-burn forecast against the plain computations they replace, to the
// last bit: the FFTs' SIMD stages (fftKernel.ts) against the JavaScript loops, crossingCalls()'s
// one-pass row for calls burning 0 or 1 against a plain per-call sum, spreadOf()'s tail loop against
// one cumulative pass, and the sums tables one hero leaves for the next (walkCache.ts) against a
// cold forecast.
import { describe, expect, it } from 'vitest';
import { defaultProfile, forecast, parseRing, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { fft, fftTabled, SPREAD_TAIL, spreadOf, type OffsetPmf } from '../../../src/engine/nethack/distributions.ts';
import { crossingCalls, type CallCrossing } from '../../../src/engine/nethack/sums.ts';
import type { CallModel } from '../../../src/engine/nethack/calls.ts';
import { clearWalkCache } from '../../../src/engine/nethack/walkCache.ts';
import { seededRandom } from '../../helpers/seeded.ts';

const P = (version: '3.6.7' | '3.4.3' | '5.0', o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});

const sameBits = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('FFT stages in the SIMD kernel', () => {
  it('fftTabled() and fft() give the JavaScript loops’ values to the last bit, both ways, every length', () => {
    const r = seededRandom(5);
    for (const n of [4, 8, 16, 512, 1024, 8192, 65536, 2048])
      for (const inverse of [false, true])
        for (const transform of [fftTabled, fft]) {
          const re = Float64Array.from({ length: n }, () => r() - 0.25);
          const im = Float64Array.from({ length: n }, () => (r() < 0.2 ? 0 : r()));
          const [jr, ji, sr, si] = [re.slice(), im.slice(), re.slice(), im.slice()];
          transform(jr, ji, inverse, false);
          transform(sr, si, inverse, true);
          expect(sameBits(sr, jr) && sameBits(si, ji), `${transform.name} n=${n} inverse=${inverse}`).toBe(true);
        }
  });
});

/** crossingCalls() written plainly: each call a full sum over the row, k ascending, zero terms skipped. */
function plainCrossingCalls(pmf: Float64Array, calls: number, before: OffsetPmf, d: number): [number, number[]][] {
  const width = d - before.offset;
  let x = Array.from({ length: width }, (_, i) => before.p[i] ?? 0);
  const out: [number, number[]][] = [];
  for (let c = 0; c < calls; c++) {
    const mass = new Map<number, number>(); // by how far past d
    const next = new Array<number>(width).fill(0);
    for (let j = 0; j < width; j++) {
      if (x[j] === 0) continue;
      for (let k = 0; k < pmf.length; k++) {
        if (pmf[k] === 0) continue;
        const m = x[j]! * pmf[k]!;
        if (j + k >= width) mass.set(j + k - width, (mass.get(j + k - width) ?? 0) + m);
      }
    }
    for (let j = 0; j < width; j++) {
      let sum = 0;
      let any = false;
      for (let k = 0; k < pmf.length && k <= j; k++)
        if (pmf[k] !== 0 && x[j - k] !== 0) {
          sum += x[j - k]! * pmf[k]!;
          any = true;
        }
      next[j] = any ? sum : 0;
    }
    x = next;
    if ([...mass.values()].some((m) => m > 0)) {
      const top = Math.max(...mass.keys());
      out.push([c, Array.from({ length: top + 1 }, (_, i) => mass.get(i) ?? 0)]);
    }
  }
  return out;
}

describe('crossingCalls()', () => {
  it('gives a plain per-call sum’s masses to the last bit (burns 0/1, and others)', () => {
    const r = seededRandom(7);
    for (let trial = 0; trial < 400; trial++) {
      const twoPoint = trial % 2 === 0;
      const pmf = twoPoint
        ? Float64Array.of(0.95, 0.05)
        : Float64Array.from({ length: 1 + Math.floor(r() * 4) }, () => (r() < 0.3 ? 0 : r()));
      if (pmf.every((p) => p === 0)) pmf[pmf.length - 1] = 1;
      const attacks = Math.floor(r() * 5);
      const model = { awake: Array.from({ length: 20 }, () => pmf), attacks } as unknown as CallModel;
      const near = 1 + Math.floor(r() * 14);
      const d = 500;
      const before = { offset: d - near, p: Float64Array.from({ length: near }, () => (r() < 0.2 ? 0 : r())) };
      const v = 1 + Math.floor(r() * 3);
      const got: [number, number[]][] = [];
      crossingCalls(model, 1, v, before, d, 40, (cc: CallCrossing) => {
        expect(cc.top).toBe(40 - d);
        got.push([cc.call, Array.from(cc.mass)]);
      });
      const want = plainCrossingCalls(pmf, 1 + attacks, before, d);
      expect(got.map(([c, m]) => [c, m.slice(0, m.findLastIndex((x) => x > 0) + 1)])).toEqual(want);
    }
  });
});

/** spreadOf()'s cumulative pass as one loop testing everything at every value. */
function plainExtremes(d: OffsetPmf): { min: number; max: number } {
  let tot = 0;
  for (let i = 0; i < d.p.length; i++) tot += d.p[i]!;
  let c = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (let i = 0; i < d.p.length; i++) {
    c += d.p[i]!;
    if (min === null && c > SPREAD_TAIL * tot) min = d.offset + i;
    if (max === null && tot - c <= SPREAD_TAIL * tot) max = d.offset + i;
  }
  const last = d.offset + d.p.length - 1;
  return { min: min ?? last, max: max ?? last };
}

describe('spreadOf()', () => {
  it('finds min and max where one cumulative pass testing every value does', () => {
    const r = seededRandom(9);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(r() * 4000);
      const mu = r() * n;
      const w = 1 + (r() * n) / 4;
      const p = Float64Array.from({ length: n }, (_, i) => (r() < 0.05 ? 0 : Math.exp(-(((i - mu) / w) ** 2))));
      const d = { offset: Math.floor(r() * 100), p };
      const s = spreadOf(d);
      if (!s) continue;
      expect({ min: s.min, max: s.max }).toEqual(plainExtremes(d));
    }
  });
});

describe('sums tables shared by heroes of the same burn and phase', () => {
  it('a hero asked after another answers what it answers cold, to the last bit', () => {
    // Burns of three values (BlockSums, not the binomial sweep): the tables are what they share.
    const amulet = P('5.0', { unaware: true, amulet: true });
    const ring = P('5.0', { unaware: true, leftRing: parseRing('regeneration') });
    const pairs = [
      [
        { nutrition: 900, profile: amulet, con: 18, after: 50 },
        { nutrition: 885, profile: amulet, con: 18, moves: 101, after: 50 },
      ],
      [
        { nutrition: 400, profile: ring, con: 10, moves: 33, after: 900 },
        { nutrition: 352, profile: ring, con: 10, moves: 133 },
      ],
      [
        { nutrition: 2500, profile: amulet, con: 25, moves: 7 },
        { nutrition: 140, profile: amulet, con: 3, moves: 8, after: 2000 },
      ],
    ];
    for (const [first, second] of pairs) {
      clearWalkCache();
      const cold = forecast(second!);
      clearWalkCache();
      forecast(first!);
      expect(forecast(second!)).toEqual(cold);
    }
  });
});
