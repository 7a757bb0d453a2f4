// The parts of the fast forecast, each against a plain computation: binomial terms, the two ways
// of sweeping crossings, convolution by FFT, the walk cache (a cached walk shifted in time is the
// same walk), and the one case the old engine could not end (nothing burns, above the limit).
import { describe, expect, it } from 'vitest';
import { burnFlags, defaultProfile, forecast, parseRing, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { walkTuning } from '../../../src/engine/nethack/forecast.ts';
import { buildCallModel } from '../../../src/engine/nethack/calls.ts';
import { binomialSums, logBinomial } from '../../../src/engine/nethack/binomial.ts';
import { BlockSums } from '../../../src/engine/nethack/sums.ts';
import { convolve, spreadOf, total, type OffsetPmf } from '../../../src/engine/nethack/distributions.ts';
import { clearWalkCache } from '../../../src/engine/nethack/walkCache.ts';

const P = (version: '3.6.7' | '3.4.3' | '5.0', o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});

describe('binomial terms (Loader): log P(Binomial(n, p) = x)', () => {
  it('matches the exact product for small n and the recurrence for large n', () => {
    for (const [n, p] of [
      [7, 0.1],
      [40, 0.05],
      [25, 0.55],
    ] as const) {
      let choose = 1;
      for (let x = 0; x <= n; x++) {
        const exact = Math.log(choose) + x * Math.log(p) + (n - x) * Math.log1p(-p);
        expect(logBinomial(x, n, p)).toBeCloseTo(exact, 11);
        choose = (choose * (n - x)) / (x + 1);
      }
    }
    // n = 60000, p = 1/20: consecutive terms keep the exact ratio (n - x) / (x + 1) * p / q.
    const n = 60_000;
    const p = 0.05;
    for (const x of [2500, 3000, 3100]) {
      const ratio = Math.exp(logBinomial(x + 1, n, p) - logBinomial(x, n, p));
      expect(ratio / (((n - x) / (x + 1)) * (p / (1 - p)))).toBeCloseTo(1, 12);
    }
    // and they add up to 1
    let s = 0;
    for (let x = 2000; x <= 4000; x++) s += Math.exp(logBinomial(x, n, p));
    expect(s).toBeCloseTo(1, 12);
  });
});

describe('crossing sweeps: chunked convolution and the binomial sweep agree', () => {
  const models = [
    ['3.6.7 asleep, ring of regeneration', P('3.6.7', { unaware: true, leftRing: parseRing('regeneration') }), 0],
    ['5.0 slow digestion, 2 attacks', P('5.0', { slowDigestion: true }), 2],
    ['5.0 regeneration + amulet', P('5.0', { regeneration: 'intrinsic', amulet: true }), 0],
  ] as const;
  for (const [name, profile, attacks] of models) {
    it(name, () => {
      const model = buildCallModel(profile, burnFlags(profile), attacks);
      const fast = binomialSums(model, 37)!;
      expect(fast).not.toBeNull();
      const plain = new BlockSums(model, 37);
      for (const d of [1, 40, 333]) {
        const a = fast.crossing(d).pmf;
        const b = plain.crossing(d).pmf;
        const sa = spreadOf(a)!;
        const sb = spreadOf(b)!;
        expect([sa.p5, sa.median, sa.p95]).toEqual([sb.p5, sb.median, sb.p95]);
        expect(sa.mean).toBeCloseTo(sb.mean, 8);
        expect(total(a)).toBeCloseTo(1, 12);
      }
      for (const K of [1, 19, 250]) {
        const a = fast.atPrompt(K);
        const b = plain.atPrompt(K);
        expect(spreadOf(a)!.mean).toBeCloseTo(spreadOf(b)!.mean, 9);
        for (let s = b.offset; s < b.offset + b.p.length; s++) {
          expect(a.p[s - a.offset] ?? 0).toBeCloseTo(b.p[s - b.offset]!, 14);
        }
      }
    });
  }
});

describe('convolution', () => {
  it('by FFT equals the direct sum within its noise floor', () => {
    const a: OffsetPmf = {
      offset: 3,
      p: Float64Array.from({ length: 700 }, (_, i) => Math.exp(-((i - 350) ** 2) / 5000)),
    };
    const b: OffsetPmf = { offset: -2, p: Float64Array.from({ length: 900 }, (_, i) => 1 / (1 + i)) };
    const fft = convolve(a, b); // 630,000 multiply-adds: FFT
    for (const k of [0, 100, 777, 1500]) {
      let direct = 0;
      for (let i = 0; i < a.p.length; i++) {
        const j = k - i;
        if (j >= 0 && j < b.p.length) direct += a.p[i]! * b.p[j]!;
      }
      expect(fft.p[k + a.offset + b.offset - fft.offset]!).toBeCloseTo(direct, 10);
    }
  });
});

describe('the starvation walk cache', () => {
  it('a walk reused for a hero who starts elsewhere gives the same forecast as a fresh one', () => {
    const profile = P('3.6.7', { leftRing: parseRing('regeneration') });
    const a = forecast({ nutrition: 400, moves: 17, profile, con: 14 });
    // Same first faint (same phase of moves % 20, same nutrition after the crossing call): cache hit.
    const input = { nutrition: 400 + 31, moves: 17, profile, con: 14 };
    const cached = forecast(input);
    clearWalkCache();
    const fresh = forecast(input);
    const { deathTurns: cd, ...cs } = cached.starvation!;
    const { deathTurns: fd, ...fs } = fresh.starvation!;
    expect(cs).toEqual(fs);
    expect({ ...cd!, mean: 0 }).toEqual({ ...fd!, mean: 0 });
    expect(cd!.mean).toBeCloseTo(fd!.mean, 9); // summed from another offset: the last bit may differ
    const shift = cached.milestones[2]!.turns! - a.milestones[2]!.turns!;
    expect(cached.starvation!.deathTurns!.median - a.starvation!.deathTurns!.median).toBe(shift);
  });

  it('5.0: the walks of each kind of first faint, shifted and weighted, equal one walk over time', () => {
    const profile = P('5.0', { regeneration: 'intrinsic' });
    const input = { nutrition: 300, profile, con: 9, attacksPerTurn: 1 };
    clearWalkCache();
    const tuning = { ...walkTuning };
    let shifted: ReturnType<typeof forecast>;
    let single: ReturnType<typeof forecast>;
    try {
      walkTuning.maxColdKinds = 6; // the walks of each kind even when none is cached
      shifted = forecast({ ...input, after: 400 });
      walkTuning.maxShiftedKinds = 0; // force the single walk over absolute time
      single = forecast({ ...input, after: 400 });
    } finally {
      Object.assign(walkTuning, tuning);
    }
    const [a, b] = [shifted.starvation!, single.starvation!];
    expect(a.deathTurns!.median).toBe(b.deathTurns!.median);
    expect(a.deathTurns!.mean).toBeCloseTo(b.deathTurns!.mean, 8);
    expect(a.expectedFaints!).toBeCloseTo(b.expectedFaints!, 9);
    expect(shifted.after).toEqual(single.after); // the state at a prompt comes from the same walk
  });

  it('a cached walk answers "after K turns" before its end (walked again up to K) and past it (what is left)', () => {
    const profile = P('3.6.7', { leftRing: parseRing('regeneration') });
    for (const after of [1000, 1400, 5000, 100_000]) {
      const input = { nutrition: 400 + 31, moves: 17, profile, con: 14, after };
      forecast({ ...input, after: undefined }); // the walk is cached
      const cached = forecast(input);
      clearWalkCache();
      const fresh = forecast(input);
      expect(cached.after!.statusProbabilities).toEqual(fresh.after!.statusProbabilities);
      expect(cached.after!.nutritionDistribution).toEqual(fresh.after!.nutritionDistribution);
      expect(cached.after!.probabilityDead).toBeCloseTo(fresh.after!.probabilityDead!, 15);
    }
  });
});

describe('nothing burns, above the limit (src/eat.c gethungry(): no charge at all)', () => {
  it('a polymorphed hero who does not eat, already Fainting, never starves: the faints go on for ever', () => {
    const f = forecast({
      nutrition: -27,
      profile: P('3.6.7', { inediate: true }),
      attacksPerTurn: 4,
      con: 13,
      after: 1281,
    });
    expect(f.starvation!.deathTurns).toBeNull();
    expect(f.starvation!.expectedFaints).toBeNull();
    expect(f.after!.nutrition).toBe(-27);
    expect(f.notes.some((n) => n.includes('never starves'))).toBe(true);
  });
  it('below the limit the first failed roll kills even so', () => {
    const f = forecast({ nutrition: -300, profile: P('3.6.7', { inediate: true }), con: 3 });
    expect(f.starvation!.deathTurns!.p95).toBeLessThan(100);
  });
});

describe('stored crossings and hazard walks (collapsed walks)', () => {
  // Each input asked cold, then again (crossings and the hazard walk read back), and after a hero
  // elsewhere stored thresholds it shares: every answer equals the cold one to the last bit.
  const inputs = [
    // binomial sums: each threshold swept on its own, the limit's sweep skipped on a hit
    { nutrition: 900, profile: P('5.0', { leftRing: parseRing('ring of slow digestion')! }), con: 18 },
    { nutrition: 700, moves: 9, profile: P('3.6.7', { unaware: true }), con: 11, after: 100_000 },
    { nutrition: 700, moves: 9, profile: P('3.6.7', { unaware: true }), con: 11, after: 5000 },
    // block sums (three burns a call): every threshold swept together, the limit kept without detail
    { nutrition: 500, profile: P('5.0', { unaware: true, leftRing: parseRing('regeneration')! }), con: 16 },
  ];
  for (const input of inputs)
    it(`${input.profile.version} nutrition ${input.nutrition} after ${input.after ?? '-'}`, () => {
      const model = buildCallModel(input.profile, burnFlags(input.profile), 0);
      expect(!!binomialSums(model, input.moves ?? 1)).toBe(input.nutrition !== 500);
      clearWalkCache();
      const cold = forecast(input);
      expect(forecast(input)).toEqual(cold);
      clearWalkCache();
      forecast({ ...input, nutrition: input.nutrition + 100 }); // its Hungry is this one's Weak
      expect(forecast(input)).toEqual(cold);
    });
});
