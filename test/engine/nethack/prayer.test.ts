// Prayer: the rnz() law checked against an independent brute force of the C code (every random
// draw enumerated as a tree), a seeded simulation, and can_pray()/pleased()/angrygods() by hand.
import { describe, expect, it } from 'vitest';
import {
  TimeoutLaw,
  countAtMost,
  mean,
  rnlDistribution,
  rnzDistribution,
  rneCap,
  type IntDist,
} from '../../../src/engine/nethack/rnz.ts';
import {
  angerOutcome,
  isLowHp,
  prayerOutlook,
  prayerSafety,
  successLaw,
  timeoutAt,
  troublesFor,
} from '../../../src/engine/nethack/prayer.ts';

// ---- An enumerating RNG: runs the transliterated C function once per path of draws. ----
type Rn2 = (x: number) => number;
/** Runs f over every sequence of rn2() results; yields [value, probability] with probability as 1/product. */
function enumerate<T>(f: (rn2: Rn2) => T): Map<T, number> {
  const out = new Map<T, number>();
  const stack: number[][] = [[]]; // forced prefixes of draw results
  while (stack.length) {
    const prefix = stack.pop()!;
    let i = 0;
    let p = 1;
    const rn2: Rn2 = (x) => {
      if (i < prefix.length) {
        p /= x;
        return prefix[i++]!;
      }
      // branch: explore 1..x-1 later, take 0 now
      for (let r = 1; r < x; r++) stack.push([...prefix.slice(0, i), r]);
      prefix.push(0);
      i++;
      p /= x;
      return 0;
    };
    const v = f(rn2);
    out.set(v, (out.get(v) ?? 0) + p);
  }
  return out;
}

/** src/rnd.c rne() and rnz(), transliterated (ulevel given). */
function rneC(rn2: Rn2, x: number, ulevel: number): number {
  const utmp = ulevel < 15 ? 5 : Math.trunc(ulevel / 3);
  let tmp = 1;
  while (tmp < utmp && !rn2(x)) tmp++;
  return tmp;
}
function rnzC(rn2: Rn2, i: number, ulevel: number): number {
  let x = i;
  let tmp = 1000;
  tmp += rn2(1000);
  tmp *= rneC(rn2, 4, ulevel);
  if (rn2(2)) {
    x *= tmp;
    x = Math.trunc(x / 1000);
  } else {
    x *= 1000;
    x = Math.trunc(x / tmp);
  }
  return x;
}

function asMap(d: IntDist): Map<number, number> {
  return new Map(d.values.map((v, j) => [v, d.counts[j]! / d.denominator]));
}

// a small deterministic PRNG (mulberry32) for the simulations
function rng(seed: number): Rn2 {
  let a = seed >>> 0;
  return (x) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(u * x);
  };
}

describe('rnz() (src/rnd.c rnz(), rne())', () => {
  it('matches a brute force of every draw of the C code: rnz(350), rnz(1000) at level 1, rnz(250) at level 18', () => {
    for (const [i, lvl] of [
      [350, 1],
      [1000, 1],
      [250, 18],
    ] as const) {
      const mine = asMap(rnzDistribution(i, lvl));
      const brute = enumerate((rn2) => rnzC(rn2, i, lvl));
      expect(mine.size).toBe(brute.size);
      for (const [v, p] of brute) expect(mine.get(v)).toBeCloseTo(p, 14);
    }
  }, 60_000);
  it('counts are integers over 1000 x 4^(cap-1) x 2 and sum to it; the cap is 5 below level 15, level/3 above', () => {
    expect([1, 14, 15, 17, 18, 29, 30].map(rneCap)).toEqual([5, 5, 5, 5, 6, 9, 10]);
    const d = rnzDistribution(350, 1);
    expect(d.denominator).toBe(512000);
    expect(d.counts.reduce((a, b) => a + b, 0)).toBe(512000);
    expect(d.values[0]).toBe(35); // 350 * 1000 / (1999 * 5)
    expect(d.values.at(-1)).toBe(3498); // 350 * 1999 * 5 / 1000
  });
  it('a seeded simulation of 200,000 rnz(350) draws agrees with the exact law (CDF within 4 sigma)', () => {
    const d = rnzDistribution(350, 1);
    const rn2 = rng(12345);
    const n = 200_000;
    const draws = Array.from({ length: n }, () => rnzC(rn2, 350, 1));
    for (const t of [100, 200, 350, 500, 700, 1000, 2000]) {
      const p = countAtMost(d, t) / d.denominator;
      const seen = draws.filter((x) => x <= t).length / n;
      expect(Math.abs(seen - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
    }
    const m = draws.reduce((a, b) => a + b, 0) / n;
    expect(Math.abs(m - mean(d))).toBeLessThan(5);
  });
  it('level 30 (rne cap 10): a seeded simulation of 200,000 draws agrees with the exact law', () => {
    const d = rnzDistribution(350, 30);
    const rn2 = rng(99);
    const n = 200_000;
    const draws = Array.from({ length: n }, () => rnzC(rn2, 350, 30));
    for (const t of [50, 200, 350, 1000, 3000, 6000]) {
      const p = countAtMost(d, t) / d.denominator;
      const seen = draws.filter((x) => x <= t).length / n;
      expect(Math.abs(seen - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
    }
  });
  it('a sum law (rnz(350) + 2 x rnz(1000)) agrees with a seeded simulation of pleased()', () => {
    const law = successLaw('3.6.7', 1, true, true);
    const rn2 = rng(7);
    const n = 100_000;
    const draws = Array.from({ length: n }, () => rnzC(rn2, 350, 1) + 2 * rnzC(rn2, 1000, 1));
    for (const t of [1000, 2500, 5000, 10000]) {
      const p = law.atMost(t).probability;
      const seen = draws.filter((x) => x <= t).length / n;
      expect(Math.abs(seen - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
    }
  });
  it('quantiles are exact: P(<= q) >= level and P(<= q - 1) < level', () => {
    const law = new TimeoutLaw(rnzDistribution(350, 1), null, 0);
    for (const [a, b] of [
      [1, 2],
      [9, 10],
      [99, 100],
    ] as const) {
      const q = law.quantile(a, b);
      expect(law.atMost(q).probability).toBeGreaterThanOrEqual(a / b);
      expect(law.atMost(q - 1).probability).toBeLessThan(a / b);
    }
    expect(law.quantile(1, 2)).toBe(350); // symmetric in the two branches around i
  });
});

describe('rnl() (src/rnd.c)', () => {
  it('matches a brute force of the transliteration, 3.6.7 and 3.4.3', () => {
    const rnl367 = (rn2: Rn2, x: number, luck: number) => {
      let adj = luck;
      if (x <= 15) adj = Math.trunc((Math.abs(adj) + 1) / 3) * Math.sign(adj);
      let i = rn2(x);
      if (adj && rn2(37 + Math.abs(adj))) i = Math.min(x - 1, Math.max(0, i - adj));
      return i;
    };
    const rnl343 = (rn2: Rn2, x: number, luck: number) => {
      let i = rn2(x);
      if (luck && rn2(50 - luck))
        i = Math.min(x - 1, Math.max(0, i - (x <= 15 && luck >= -5 ? Math.trunc(luck / 3) : luck)));
      return i;
    };
    for (const luck of [-13, -4, -1, 0, 1, 2, 5, 13]) {
      for (const x of [2, 7, 20]) {
        const a = enumerate((r) => rnl367(r, x, luck));
        const b = enumerate((r) => rnl343(r, x, luck));
        rnlDistribution(x, luck, '3.6.7').forEach((p, i) => {
          expect(p).toBeCloseTo(a.get(i) ?? 0, 12);
        });
        rnlDistribution(x, luck, '3.4.3').forEach((p, i) => {
          expect(p).toBeCloseTo(b.get(i) ?? 0, 12);
        });
      }
    }
  });
});

describe('the prayer timeout (u_init.c 300; allmain.c -1 a turn; pleased() rnz(350))', () => {
  it('from the start: 300 at turn 1, 200 at turn 101 (safe for Weak), 0 at turn 301', () => {
    expect(timeoutAt('3.6.7', { kind: 'start' }, 1).value).toBe(300);
    expect(timeoutAt('3.6.7', { kind: 'start' }, 101).value).toBe(200);
    expect(timeoutAt('3.6.7', { kind: 'start' }, 400).value).toBe(0);
    expect(prayerSafety({ version: '3.6.7', turn: 100, nutrition: 40 }).safe.probability).toBe(0);
    expect(prayerSafety({ version: '3.6.7', turn: 101, nutrition: 40 }).safe.probability).toBe(1);
    expect(prayerSafety({ version: '3.6.7', turn: 201, nutrition: 100 }).safe.probability).toBe(1); // Hungry: <= 100
    expect(prayerSafety({ version: '3.6.7', turn: 200, nutrition: 100 }).safe.probability).toBe(0);
  });
  it('after a prayer: P(safe) = P(rnz(350) <= turns - 3 + limit), exactly', () => {
    const d = rnzDistribution(350, 1);
    const r = prayerSafety({ version: '3.6.7', turnsSincePrayer: 500, turn: 5000, nutrition: 40 });
    expect(r.safe.probability).toBeCloseTo(countAtMost(d, 497 + 200) / d.denominator, 15);
    expect(r.safe.numerator).toBe('1397');
    expect(r.safe.denominator).toBe('1600');
    // 50 % turn: the prayer ended at 4500 + 3, then the median 350 minus the limit 200 more turns
    expect(r.timeout.turn50).toBe(Math.max(5000, 4503 + 350 - 200));
    expect(r.verdict).toBe('Safe to pray: 87.3 %');
  });
  it('turnFor is the first turn meeting the level: checked by scanning', () => {
    const src = { kind: 'success' as const, atTurn: 1000, experienceLevel: 1, demigod: false, crowned: false };
    const now = timeoutAt('3.6.7', src, 1000);
    const t90 = now.turnFor(100, 9, 10);
    expect(timeoutAt('3.6.7', src, t90).atMost(100).probability).toBeGreaterThanOrEqual(0.9);
    expect(timeoutAt('3.6.7', src, t90 - 1).atMost(100).probability).toBeLessThan(0.9);
  });
  it('5.0 after turn 100,000: + (moves - 100000) / 100, capped at 32767', () => {
    const early = successLaw('5.0', 1, false, false, 100000);
    const late = successLaw('5.0', 1, false, false, 150000);
    expect(late.min).toBe(early.min + 500);
    expect(successLaw('5.0', 1, false, false, 5_000_000).max).toBe(32767);
    expect(successLaw('3.6.7', 1, false, false, 150000).min).toBe(early.min);
  });
});

describe('can_pray() (pray.c 3.6.7:1819-1834)', () => {
  it('Luck < 0, god anger or negative alignment make it unsafe whatever the timeout', () => {
    for (const bad of [{ luck: -1 }, { godAnger: 1 }, { alignmentRecord: -1 }]) {
      const r = prayerSafety({ version: '3.6.7', prayerTimeout: 0, nutrition: 40, ...bad });
      expect(r.safe.probability).toBe(0);
      expect(r.cases.map((c) => c.pType)).toEqual([1]);
    }
  });
  it('no trouble needs timeout 0; minor trouble 100; major 200', () => {
    expect(prayerSafety({ version: '3.6.7', prayerTimeout: 1 }).safe.probability).toBe(0);
    expect(prayerSafety({ version: '3.6.7', prayerTimeout: 0 }).safe.probability).toBe(1);
    expect(prayerSafety({ version: '3.6.7', prayerTimeout: 100, troubles: ['hungry'] }).safe.probability).toBe(1);
    expect(prayerSafety({ version: '3.6.7', prayerTimeout: 101, troubles: ['hungry'] }).safe.probability).toBe(0);
    expect(prayerSafety({ version: '3.6.7', prayerTimeout: 200, troubles: ['hungry', 'sick'] }).safe.probability).toBe(
      1,
    );
  });
  it('the worst trouble is the first in in_trouble() order; 3.4.3 has no stinking cloud', () => {
    const r = prayerSafety({
      version: '3.6.7',
      prayerTimeout: 0,
      troubles: ['hallucinating', 'hungry', 'weak', 'stoned'],
    });
    expect(r.worstTrouble?.key).toBe('stoned');
    expect(troublesFor('3.4.3').some((t) => t.key === 'gas')).toBe(false);
  });
  it('undead form: a lawful god always turns you (-1); a neutral god 1 time in 10', () => {
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, undeadForm: true, alignment: 'lawful' }).safe.probability,
    ).toBe(0);
    const n = prayerSafety({ version: '3.6.7', prayerTimeout: 0, undeadForm: true, alignment: 'neutral' });
    expect(n.safe.probability).toBeCloseTo(0.9, 15);
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, undeadForm: true, alignment: 'chaotic' }).safe.probability,
    ).toBe(1);
  });
  it('Gehennom: never safe; anger chance 1 - P(rnl(record) = 0)', () => {
    const r = prayerSafety({ version: '3.6.7', prayerTimeout: 0, inGehennom: true, alignmentRecord: 10, luck: 0 });
    expect(r.safe.probability).toBe(0);
    expect(r.gehennomAngerChance).toBeCloseTo(0.9, 12);
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, inGehennom: true, alignmentRecord: 0 }).gehennomAngerChance,
    ).toBe(1);
  });
  it('a demon form is refused except by a chaotic god (3.x); 5.0 refuses all but a neutral one', () => {
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, demonForm: true, alignment: 'chaotic' }).refused,
    ).toBeNull();
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, demonForm: true, alignment: 'lawful' }).refused,
    ).not.toBeNull();
    expect(
      prayerSafety({ version: '5.0', prayerTimeout: 0, demonForm: true, alignment: 'chaotic' }).refused,
    ).not.toBeNull();
    expect(
      prayerSafety({ version: '5.0', prayerTimeout: 0, demonForm: true, alignment: 'neutral' }).refused,
    ).toBeNull();
  });
});

describe('pleased() (pray.c 3.6.7:979-1004)', () => {
  it('Weak is always fixed off an altar with alignment >= 4 (action 1 fixes the worst major)', () => {
    const r = prayerSafety({ version: '3.6.7', prayerTimeout: 0, nutrition: 10, luck: 0 });
    expect(r.hunger?.fixedProbability).toBe(1);
  });
  it('Hungry off an altar: fixed only by action 3 = Luck / (Luck + 2); never with Luck 0', () => {
    for (const luck of [0, 1, 3, 10]) {
      const r = prayerSafety({ version: '3.6.7', prayerTimeout: 0, nutrition: 100, luck });
      expect(r.hunger?.fixedProbability).toBeCloseTo(luck / (luck + 2), 12);
    }
  });
  it('Hungry behind a worse minor trouble is not fixed by action 3; on an altar actions 4-5 fix all', () => {
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, nutrition: 100, luck: 5, troubles: ['wounded-legs'] }).hunger
        ?.fixedProbability,
    ).toBe(0);
    // altar: action uniform on 1..Luck+3; 4 and 5 (and more, capped) fix everything: (L+3-3)/(L+3)
    const r = prayerSafety({
      version: '3.6.7',
      prayerTimeout: 0,
      nutrition: 100,
      luck: 2,
      troubles: ['wounded-legs'],
      altar: 'coaligned',
    });
    expect(r.hunger?.fixedProbability).toBeCloseTo(2 / 5, 12);
  });
  it('alignment record 1-3: action 1 only; record 0: action 1 when rnl(2) is 0', () => {
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, nutrition: 100, luck: 10, alignmentRecord: 3 }).hunger
        ?.fixedProbability,
    ).toBe(0);
    expect(
      prayerSafety({ version: '3.6.7', prayerTimeout: 0, nutrition: 10, alignmentRecord: 3 }).hunger?.fixedProbability,
    ).toBe(1);
    const r = prayerSafety({ version: '3.6.7', prayerTimeout: 0, nutrition: 10, alignmentRecord: 0, luck: 0 });
    expect(r.hunger?.fixedProbability).toBeCloseTo(0.5, 12);
  });
  it('no trouble and alignment >= 14: a boon for sure, chosen by rn2((Luck + 6) >> 1)', () => {
    const r = prayerSafety({ version: '3.6.7', prayerTimeout: 0, alignmentRecord: 14, luck: 4 });
    expect(r.boon?.probability).toBe(1);
    expect(r.boon?.choices.length).toBe(5);
  });
});

describe('angrygods() (pray.c 3.6.7:682-741)', () => {
  it('maxanger = 3 x anger + (Luck > 0 or record >= 4 ? -Luck/3 : -Luck), clamped to 1..15', () => {
    expect(angerOutcome('3.6.7', 0, 10, 1, true).maxAnger).toBe(3);
    expect(angerOutcome('3.6.7', -5, 0, 2, true).maxAnger).toBe(11);
    expect(angerOutcome('3.6.7', 9, 10, 0, true).maxAnger).toBe(1);
    expect(angerOutcome('3.6.7', -13, 0, 5, true).maxAnger).toBe(15);
    const o = angerOutcome('3.6.7', -13, 0, 5, true).outcomes;
    expect(o.reduce((s, x) => s + x.probability, 0)).toBeCloseTo(1, 12);
    expect(o.find((x) => x.what.startsWith('lightning'))?.probability).toBeCloseTo(6 / 15, 12);
  });
  it('praying too soon: Luck - 3 and anger + 1 feed angrygods()', () => {
    const r = prayerSafety({ version: '3.6.7', prayerTimeout: 500, nutrition: 40, luck: 0 });
    expect(r.safe.probability).toBe(0);
    expect(r.anger?.godAngerUsed).toBe(1);
    expect(r.anger?.luckUsed).toBe(-3);
    expect(r.anger?.maxAnger).toBe(4); // 3 x 1 + (record 10 >= STRIDENT: -(-3)/3 = 1)
  });
});

describe('low hit points (critically_low_hp())', () => {
  it('3.6.7 divisor by level rank; 3.4.3 one seventh', () => {
    expect(isLowHp('3.6.7', 6, 30, 2)).toBe(true); // 6 x 5 = 30 <= min(30, 15 x 2)
    expect(isLowHp('3.6.7', 7, 30, 2)).toBe(false);
    expect(isLowHp('3.6.7', 6, 30, 1)).toBe(false); // max HP counts only up to 15 x level = 15
    expect(isLowHp('3.4.3', 6, 30, 2)).toBe(false); // 42 > 30
    expect(isLowHp('3.6.7', 5, 100, 10)).toBe(true);
  });
});

describe('prayerOutlook() for /hero', () => {
  it('never prayed: certain from turn 101 for Weak', () => {
    const o = prayerOutlook({ version: '3.6.7', currentTurn: 50, nutrition: 40 });
    expect(o.safeNow.probability).toBe(0);
    expect([o.turn50, o.turn90, o.turn99]).toEqual([101, 101, 101]);
  });
  it('after a good prayer at turn 1000: the same numbers as prayerSafety()', () => {
    const o = prayerOutlook({
      version: '3.6.7',
      currentTurn: 1800,
      nutrition: 40,
      source: { kind: 'success', atTurn: 1003, experienceLevel: 1, demigod: false, crowned: false },
    });
    const r = prayerSafety({ version: '3.6.7', turn: 1800, turnsSincePrayer: 800, nutrition: 40 });
    expect(o.safeNow.probability).toBe(r.safe.probability);
    expect(o.turn99).toBe(r.timeout.turn99);
    expect(prayerOutlook({ version: '3.6.7', currentTurn: 1800, luck: -1 }).blockedBy).toContain('Luck');
  });
});
