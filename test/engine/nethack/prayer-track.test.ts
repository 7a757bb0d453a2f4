// A hero's prayer timeout through its prayers (prayerTrack.ts), checked against the C code:
// 3.4.3 / 3.6.7 angrygods() forget the old timeout (u.ublesscnt = rnz(300)); 5.0 keeps
// max(old [+ rnz(250) when too soon], rnz(300)). The 5.0 laws are compared with an exact
// enumeration (a known old value) and with seeded simulations of prayer_done() and angrygods()
// transliterated from src/pray.c; Luck timing out with a turn-by-turn nh_timeout().
import { describe, expect, it } from 'vitest';
import { timeoutAt } from '../../../src/engine/nethack/prayer.ts';
import {
  MAX_CHAIN,
  changeLuck,
  luckAfter,
  pushStep,
  trackTimeout,
  type Luckstone,
  type TimeoutStep,
} from '../../../src/engine/nethack/prayerTrack.ts';
import { countAtMost, rnzDistribution } from '../../../src/engine/nethack/rnz.ts';

type Rn2 = (x: number) => number;

/** src/rnd.c rne() and rnz(), transliterated. */
function rnzC(rn2: Rn2, i: number, ulevel: number): number {
  const utmp = ulevel < 15 ? 5 : Math.trunc(ulevel / 3);
  let k = 1;
  while (k < utmp && !rn2(4)) k++;
  const tmp = (1000 + rn2(1000)) * k;
  return rn2(2) ? Math.trunc((i * tmp) / 1000) : Math.trunc((i * 1000) / tmp);
}

function rng(seed: number): Rn2 {
  let a = seed >>> 0;
  return (x) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * x);
  };
}

/** allmain.c: the timeout falls by 1 a turn while positive. */
const decrement = (v: number, turns: number) => Math.max(0, v - turns);

/**
 * 5.0 prayer_done() for a prayer at `prayedAt` that the god answered in anger, then angrygods():
 * too soon (timeout > limit at #pray) adds rnz(250); the timeout becomes max(that, rnz(300)).
 */
function angry50(rn2: Rn2, atPray: number, limit: number, ulevel: number): number {
  let v = decrement(atPray, 3); // three turns until prayer_done()
  if (atPray > limit) v += rnzC(rn2, 250, ulevel);
  const fresh = rnzC(rn2, 300, ulevel);
  return fresh > v ? fresh : v;
}

const within = (seen: number, p: number, n: number) => Math.abs(seen - p) < 4 * Math.sqrt((p * (1 - p)) / n) + 1e-9;

describe('one step: the exact laws of prayer.ts', () => {
  it('start, known and a good prayer agree with timeoutAt() exactly, in every version', () => {
    const steps: TimeoutStep[] = [
      { kind: 'start' },
      { kind: 'known', value: 420, atTurn: 1000 },
      { kind: 'success', atTurn: 2003, experienceLevel: 12, demigod: false, crowned: true },
    ];
    for (const v of ['3.6.7', '3.4.3', '5.0'] as const) {
      for (const step of steps) {
        for (const turn of [1, 150, 1500, 2200, 4000]) {
          const t = trackTimeout(v, [step], Math.max(turn, step.kind === 'start' ? 1 : step.atTurn));
          const ref = timeoutAt(v, step, Math.max(turn, step.kind === 'start' ? 1 : step.atTurn));
          expect(t.precision).toBe('exact');
          for (const limit of [0, 100, 200]) expect(t.atMost(limit).numerator).toBe(ref.atMost(limit).numerator);
          expect(t.turnFor(200, 99, 100)).toBe(ref.turnFor(200, 99, 100));
        }
      }
    }
  });

  it("3.4.3 / 3.6.7: an angry god forgets the old timeout, rnz(300) from the prayer's end", () => {
    const success: TimeoutStep = { kind: 'success', atTurn: 503, experienceLevel: 1, demigod: false, crowned: false };
    const anger: TimeoutStep = {
      kind: 'angered',
      atTurn: 703,
      prayedAt: 700,
      experienceLevel: 1,
      limit: 200,
      naughty: false,
    };
    for (const v of ['3.6.7', '3.4.3'] as const) {
      const chain = pushStep(v, [success], anger);
      expect(chain).toEqual([anger]);
      const t = trackTimeout(v, chain, 803);
      const r300 = rnzDistribution(300, 1);
      // P(rnz(300) - 100 <= 200) exactly
      expect(t.atMost(200).probability).toBeCloseTo(countAtMost(r300, 300) / r300.denominator, 15);
      expect(t.precision).toBe('exact');
    }
  });
});

describe('5.0: an angry god keeps the larger timeout', () => {
  it('from a known timeout: equals the exact enumeration of max(old - 3 + rnz(250), rnz(300))', () => {
    // Never prayed: 300 at turn 1. Praying at turn 51 (timeout 250 > 200): too soon.
    const chain = pushStep('5.0', [], {
      kind: 'angered',
      atTurn: 54,
      prayedAt: 51,
      experienceLevel: 1,
      limit: 200,
      naughty: false,
    });
    expect(chain[0]).toEqual({ kind: 'start' });
    const old = decrement(300 - 50, 3);
    const r250 = rnzDistribution(250, 1);
    const r300 = rnzDistribution(300, 1);
    const t = trackTimeout('5.0', chain, 54);
    expect(t.precision).toBe('float');
    for (const x of [0, 100, 200, 260, 300, 400, 600, 1000, 2500, 3000]) {
      const pz = countAtMost(r250, x - old) / r250.denominator;
      const pr = countAtMost(r300, x) / r300.denominator;
      expect(t.atMost(x).probability).toBeCloseTo(pz * pr, 9);
    }
    // 100 turns later the same law shifted by 100
    const later = trackTimeout('5.0', chain, 154);
    expect(later.atMost(200).probability).toBeCloseTo(t.atMost(300).probability, 12);
  });

  it('after a good prayer (unknown timeout): a seeded simulation of pleased(), prayer_done() and angrygods()', () => {
    const success: TimeoutStep = { kind: 'success', atTurn: 1003, experienceLevel: 8, demigod: false, crowned: false };
    // Weak again at turn 1200 and the god was angry: the timeout was over 200 then.
    const anger: TimeoutStep = {
      kind: 'angered',
      atTurn: 1203,
      prayedAt: 1200,
      experienceLevel: 8,
      limit: 200,
      naughty: false,
    };
    const t = trackTimeout('5.0', pushStep('5.0', [success], anger), 1403);
    const rn2 = rng(2024);
    const draws: number[] = [];
    while (draws.length < 100_000) {
      const atPray = decrement(rnzC(rn2, 350, 8), 1200 - 1003);
      if (atPray <= 200) continue; // this history says it was too soon
      draws.push(decrement(angry50(rn2, atPray, 200, 8), 1403 - 1203));
    }
    for (const limit of [0, 100, 200, 400, 800, 1500]) {
      const seen = draws.filter((x) => x <= limit).length / draws.length;
      expect(within(seen, t.atMost(limit).probability, draws.length), `limit ${limit}`).toBe(true);
    }
  });

  it('a naughty hero: either too soon or not, each with its own weight (seeded simulation)', () => {
    const success: TimeoutStep = { kind: 'success', atTurn: 3, experienceLevel: 1, demigod: false, crowned: false };
    const anger: TimeoutStep = {
      kind: 'angered',
      atTurn: 303,
      prayedAt: 300,
      experienceLevel: 1,
      limit: 100,
      naughty: true,
    };
    const t = trackTimeout('5.0', pushStep('5.0', [success], anger), 303);
    const rn2 = rng(77);
    const n = 100_000;
    const draws = Array.from({ length: n }, () => angry50(rn2, decrement(rnzC(rn2, 350, 1), 297), 100, 1));
    for (const limit of [0, 100, 300, 600, 1200]) {
      const seen = draws.filter((x) => x <= limit).length / n;
      expect(within(seen, t.atMost(limit).probability, n), `limit ${limit}`).toBe(true);
    }
  });

  it('turnFor() is the first turn the probability reaches the level', () => {
    const chain = pushStep('5.0', [], {
      kind: 'angered',
      atTurn: 54,
      prayedAt: 51,
      experienceLevel: 1,
      limit: 200,
      naughty: false,
    });
    const t = trackTimeout('5.0', chain, 54);
    const turn = t.turnFor(200, 99, 100);
    expect(trackTimeout('5.0', chain, turn).atMost(200).probability).toBeGreaterThanOrEqual(0.99 - 1e-9);
    expect(trackTimeout('5.0', chain, turn - 1).atMost(200).probability).toBeLessThan(0.99);
  });

  it(`past ${MAX_CHAIN} angry prayers the oldest are dropped and the answer is an upper bound`, () => {
    let chain: TimeoutStep[] = [];
    for (let i = 0; i < MAX_CHAIN + 3; i++) {
      const at = 100 + i * 400;
      chain = pushStep('5.0', chain, {
        kind: 'angered',
        atTurn: at + 3,
        prayedAt: at,
        experienceLevel: 1,
        limit: 200,
        naughty: true,
      });
    }
    expect(chain.length).toBeLessThanOrEqual(MAX_CHAIN + 1);
    expect(chain[0]!.kind).toBe('angered');
    expect(trackTimeout('5.0', chain, 10_000).precision).toBe('upper-bound');
  });
});

describe('Luck timing out (src/timeout.c nh_timeout())', () => {
  /** Turn by turn, as nh_timeout() does on every turn from+1 .. to. */
  function byTurn(luck: number, from: number, to: number, stone: Luckstone, fast: boolean): number {
    const more = stone === 'none' ? 0 : stone === 'cursed' ? -3 : 3;
    let u = luck - more;
    const timeLuck = stone === 'blessed' ? 1 : stone === 'cursed' ? -1 : 0;
    const nostone = stone === 'none';
    for (let moves = from + 1; moves <= to; moves++) {
      if (u !== 0 && moves % (fast ? 300 : 600) === 0) {
        if (u > 0 && (nostone || timeLuck < 0)) u--;
        else if (u < 0 && (nostone || timeLuck > 0)) u++;
      }
    }
    return u + more;
  }

  it('agrees with a turn-by-turn run for every luck item, both periods, many spans', () => {
    const rn2 = rng(5);
    for (let i = 0; i < 400; i++) {
      const stone = (['none', 'blessed', 'uncursed', 'cursed'] as const)[rn2(4)]!;
      const more = stone === 'none' ? 0 : stone === 'cursed' ? -3 : 3;
      const luck = rn2(21) - 10 + more;
      const from = 1 + rn2(5000);
      const to = from + rn2(6000);
      const fast = rn2(2) === 1;
      expect(luckAfter(luck, from, to, { luckstone: stone, fast }), `${luck} ${stone} ${from}..${to}`).toBe(
        byTurn(luck, from, to, stone, fast),
      );
    }
  });

  it("change_luck() clamps u.uluck to -10..10 and keeps the luck item's +/-3", () => {
    expect(changeLuck(-9, -3, 'none')).toBe(-10);
    expect(changeLuck(-6, -3, 'uncursed')).toBe(-7); // u.uluck -9 - 3 = -12, clamped to -10; Luck -10 + 3
    expect(changeLuck(0, -3, 'cursed')).toBe(-3); // u.uluck 3 - 3 = 0; Luck 0 - 3
    expect(changeLuck(13, 2, 'blessed')).toBe(13); // u.uluck 10 stays 10
  });
});
