// The pieces of the random-burn speed-up against plain computations: the deaths of several kinds of
// first faint by one FFT (every entry within the error bound distributions.ts states, against the
// direct sums), and first faints kept by iteration in typed arrays (as a Map of them would).
import { describe, expect, it } from 'vitest';
import { sumOfConvolutions, type OffsetPmf } from '../../../src/engine/nethack/distributions.ts';
import { IterationMasses } from '../../../src/engine/nethack/iterationMasses.ts';

/** A bell of `length` values around its middle, scaled to total `mass`. */
function bell(offset: number, length: number, width: number, mass: number): OffsetPmf {
  const p = Float64Array.from({ length }, (_, i) => Math.exp(-(((i - length / 2) / width) ** 2)));
  const t = p.reduce((a, b) => a + b, 0);
  return { offset, p: p.map((x) => (x * mass) / t) };
}

function directSum(pairs: [OffsetPmf, OffsetPmf][]): Map<number, number> {
  const out = new Map<number, number>();
  for (const [a, b] of pairs)
    for (let j = 0; j < b.p.length; j++)
      for (let i = 0; i < a.p.length; i++) {
        const k = a.offset + b.offset + i + j;
        out.set(k, (out.get(k) ?? 0) + a.p[i]! * b.p[j]!);
      }
  return out;
}

const largest = (d: OffsetPmf) => d.p.reduce((a, b) => Math.max(a, b), 0);

describe('deaths of several kinds of first faint by one FFT', () => {
  it('every entry within 5 log2(n) eps sqrt(max a max b) of the direct sums, summed over the pairs', () => {
    // Two kinds, the first faints wide and the walks' deaths offset as shiftedWalks() has them.
    const pairs: [OffsetPmf, OffsetPmf][] = [
      [bell(5_000, 3_000, 500, 0.55), bell(-1, 700, 120, 1)],
      [bell(5_001, 2_990, 480, 0.45), bell(3, 650, 100, 0.999)],
    ];
    const fft = sumOfConvolutions(pairs);
    const exact = directSum(pairs);
    let n = 4;
    while (n < 3_000 + 700 + 5) n <<= 1;
    const bound = pairs.reduce((s, [a, b]) => s + 5 * Math.log2(n) * 2 ** -53 * Math.sqrt(largest(a) * largest(b)), 0);
    let worst = 0;
    for (const [k, v] of exact) {
      const i = k - fft.offset;
      const got = i >= 0 && i < fft.p.length ? fft.p[i]! : 0;
      worst = Math.max(worst, Math.abs(got - v));
    }
    expect(worst).toBeLessThanOrEqual(bound);
    // Nothing outside the direct sums' support, and the total kept.
    expect(fft.offset).toBeGreaterThanOrEqual(Math.min(...exact.keys()));
    expect(fft.offset + fft.p.length - 1).toBeLessThanOrEqual(Math.max(...exact.keys()));
    const total = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);
    expect(total(fft.p)).toBeCloseTo(total(exact.values()), 12);
  });
});

describe('first faints by iteration', () => {
  it('hold what a Map of iteration -> mass holds, in the same order, growing both ways', () => {
    const masses = new IterationMasses();
    const map = new Map<number, number>();
    let x = 1;
    const add = (t: number, m: number) => {
      masses.add(t, m);
      map.set(t, (map.get(t) ?? 0) + m);
    };
    for (let t = 40_000; t < 43_000; t += 1 + (t % 3)) add(t, (x = (x * 7) % 11) / 100);
    add(39_000, 0.5); // below the first: the entries move up
    add(41_000, 0.25); // one already there
    add(50_000, 0.125); // far past the end: the array grows
    const seen: [number, number][] = [];
    masses.forEach((t, m) => {
      seen.push([t, m]);
    });
    expect(seen).toEqual([...map].sort((a, b) => a[0] - b[0]));
    expect(masses.first()).toBe(39_000);
    const pmf = masses.asPmf();
    expect(pmf.offset).toBe(39_000);
    expect(pmf.p.length).toBe(50_000 - 39_000 + 1);
    for (const [t, m] of map) expect(pmf.p[t - pmf.offset]).toBe(m);
  });
});
