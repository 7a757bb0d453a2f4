// Burn and forecast, checked against src/eat.c gethungry() / newuhs() by an independent
// turn-by-turn simulator written here from the C code (not from our engine).
import { describe, expect, it } from 'vitest';
import {
  advance,
  burnOnTurn,
  defaultProfile,
  forecast,
  parseRing,
  type BurnProfile,
  type Encumbrance,
} from '../../../src/engine/nethack/index.ts';
import { seededRandom } from '../../helpers/seeded.ts';

const ANY = parseRing('any ring that costs nutrition')!;
const P = (o: Partial<BurnProfile> = {}): BurnProfile => ({ ...defaultProfile('3.6.7'), ...o });

/** Seeded PRNG (mulberry32) for the test's own simulations. */
const rng = seededRandom;

interface SimHero {
  version: '3.6.7' | '3.4.3' | '5.0';
  left: { spe: number; charged: boolean; prop?: string } | null;
  right: { spe: number; charged: boolean; prop?: string } | null;
  amulet: boolean;
  haveAmulet: boolean;
  regenCosts: boolean;
  stressed: boolean;
  hunger: boolean;
  conflictCosts: boolean;
  eats: boolean;
  slowDig: boolean;
}

/** One gethungry() call, transcribed from src/eat.c (3.6.7 lines 2790-2845). */
function simGethungry(h: SimHero, moves: number, unaware: boolean, rand: () => number): number {
  let burn = 0;
  if ((!unaware || Math.floor(rand() * 10) === 0) && h.eats && !h.slowDig) burn++;
  const acc = h.version === '5.0' ? Math.floor(rand() * 20) : moves % 20;
  const odd = h.version === '5.0' ? acc % 2 === 1 : moves % 2 === 1;
  if (odd) {
    if (h.regenCosts) burn++;
    if (h.stressed) burn++;
  } else {
    if (h.hunger) burn++;
    if (h.conflictCosts) burn++;
    const counts = (r: SimHero['left']) => !!r && (r.spe !== 0 || !r.charged);
    if (acc === 4 && counts(h.left)) burn++;
    if (acc === 8 && h.amulet) burn++;
    if (acc === 12 && counts(h.right)) burn++;
    if (acc === 16 && h.haveAmulet) burn++;
  }
  return burn;
}

/**
 * Plain turn-by-turn stepping in moveloop()'s order: the hero's attacks at the prompt of `moves`
 * (moves = T), then each turn's own call (moves = T + k) followed by that turn's attacks. Returns
 * the turn each threshold (150, 50, 0) is first reached and the nutrition at the prompt `after`
 * turns later (before that prompt's attacks).
 */
function simulate(h: SimHero, nutrition: number, moves: number, attacks: number, after: number, cap = 200000) {
  const r = rng(1);
  const thresholds = [150, 50, 0];
  const crossed: (number | null)[] = thresholds.map((t) => (nutrition <= t ? 0 : null));
  let n = nutrition;
  let atK = after === 0 ? n : null;
  const call = (k: number) => {
    n -= simGethungry(h, moves + k, false, r);
    thresholds.forEach((t, j) => {
      if (crossed[j] === null && n <= t) crossed[j] = k;
    });
  };
  for (let c = 0; c < attacks; c++) call(0);
  for (let k = 1; k <= cap && (crossed[2] === null || atK === null); k++) {
    call(k);
    if (k === after) atK = n;
    for (let c = 0; c < attacks; c++) call(k);
  }
  return { crossed, atK };
}

const RING_NAMES = [
  'protection',
  'gain strength',
  'adornment',
  'regeneration',
  'conflict',
  'hunger',
  'slow digestion',
  'stealth',
  'searching',
  'levitation',
];

function randomHero(r: () => number, version: '3.6.7' | '3.4.3'): { profile: BurnProfile; sim: SimHero } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const ring = () => {
    if (r() < 0.35) return null;
    const name = pick(RING_NAMES);
    const spe = Math.floor(r() * 3) - 1; // -1, 0, +1
    return parseRing(`ring of ${name} ${spe >= 0 ? '+' : ''}${spe}`)!;
  };
  const left = ring();
  const right = ring();
  const enc = pick(['Unencumbered', 'Burdened', 'Stressed', 'Strained'] as Encumbrance[]);
  const regeneration = pick(['none', 'none', 'intrinsic', 'artifact', 'form'] as const);
  const conflict = pick(['none', 'none', 'artifact', 'ring'] as const);
  const profile: BurnProfile = {
    ...defaultProfile(version),
    leftRing: left,
    rightRing: right,
    amulet: r() < 0.4,
    yendor: r() < 0.15,
    regeneration,
    conflict,
    hunger: r() < 0.15,
    slowDigestion: false,
    encumbrance: enc,
    inediate: r() < 0.1,
  };
  const hasProp = (p: string) => left?.property === p || right?.property === p;
  const sim: SimHero = {
    version,
    left: left && { spe: left.enchantment, charged: left.chargeable },
    right: right && { spe: right.enchantment, charged: right.chargeable },
    amulet: profile.amulet,
    haveAmulet: profile.yendor,
    // 3.6.7: HRegeneration & ~FROMFORM or ERegeneration & ~(W_ARTI|W_WEP); 3.4.3: HRegeneration,
    // which a polymorph form never sets (include/youprop.h:295 adds regenerates() only to Regeneration)
    regenCosts: hasProp('REGENERATION') || regeneration === 'intrinsic',
    stressed: enc === 'Stressed' || enc === 'Strained',
    hunger: profile.hunger || hasProp('HUNGER'),
    conflictCosts: conflict === 'ring' || hasProp('CONFLICT'),
    eats: !profile.inediate,
    slowDig: hasProp('SLOW_DIGESTION'),
  };
  return { profile, sim };
}

describe('gethungry() worked examples (spec 2.3, H = 900 at moves 1)', () => {
  // Each row: the moves value when Hungry (H <= 150), Weak (<= 50) and Fainting (<= 0) start.
  const rows: [string, BurnProfile, [number, number, number]][] = [
    ['nothing extra: 1 per turn (eat.c:2799)', P(), [751, 851, 901]],
    [
      'two counting rings (eat.c:2822-2832, moves % 20 = 4 and 12)',
      P({ leftRing: ANY, rightRing: ANY }),
      [683, 773, 819],
    ],
    ['two rings + amulet (eat.c:2827)', P({ leftRing: ANY, rightRing: ANY, amulet: true }), [652, 740, 784]],
    [
      'ring of regeneration, right hand (eat.c:2808 odd turns)',
      P({ rightRing: parseRing('ring of regeneration')! }),
      [485, 550, 582],
    ],
    [
      'slow digestion + one other ring (eat.c:2803)',
      P({ leftRing: parseRing('slow digestion')!, rightRing: ANY }),
      [7492, 8492, 8992],
    ],
    [
      'everything (eat.c:2806-2837)',
      P({
        leftRing: parseRing('regeneration')!,
        rightRing: parseRing('conflict')!,
        hunger: true,
        encumbrance: 'Stressed',
        amulet: true,
        yendor: true,
      }),
      [236, 267, 283],
    ],
  ];
  for (const [name, profile, expected] of rows) {
    it(name, () => {
      const f = forecast({ nutrition: 900, moves: 1, profile, skipStarvation: true });
      expect(f.method).toBe('exact-cycle');
      expect(f.milestones.map((m) => m.moves)).toEqual(expected);
    });
  }
});

describe('ring hunger rules', () => {
  it('a +0 chargeable ring costs nothing in 3.6.7 (eat.c:2823 spe || !oc_charged)', () => {
    const f = forecast({
      nutrition: 900,
      profile: P({ leftRing: parseRing('ring of protection +0')! }),
      skipStarvation: true,
    });
    expect(f.per20).toBe(20);
    const g = forecast({
      nutrition: 900,
      profile: P({ leftRing: parseRing('ring of protection -1')! }),
      skipStarvation: true,
    });
    expect(g.per20).toBe(21);
  });
  it('a worn meat ring counts in 3.6.7 (oc_charged 0) but not in 5.0 (eat.c 5.0:3205)', () => {
    expect(
      forecast({ nutrition: 900, profile: P({ leftRing: parseRing('meat ring')! }), skipStarvation: true }).per20,
    ).toBe(21);
    expect(
      forecast({
        nutrition: 900,
        profile: { ...P({ leftRing: parseRing('meat ring')! }), version: '5.0' },
        skipStarvation: true,
      }).per20,
    ).toBe(20);
  });
  it('5.0: two +0 rings of protection cost one ring (left only); a +2 right ring makes the left +0 free', () => {
    const both0 = {
      ...P({ leftRing: parseRing('protection +0')!, rightRing: parseRing('protection +0')! }),
      version: '5.0' as const,
    };
    expect(forecast({ nutrition: 900, profile: both0, skipStarvation: true }).sources.map((s) => s.source)).toEqual([
      'base',
      'leftRing',
    ]);
    const mixed = {
      ...P({ leftRing: parseRing('protection +0')!, rightRing: parseRing('protection +2')! }),
      version: '5.0' as const,
    };
    expect(forecast({ nutrition: 900, profile: mixed, skipStarvation: true }).sources.map((s) => s.source)).toEqual([
      'base',
      'rightRing',
    ]);
  });
  it('the real Amulet worn costs twice per 20 turns (cases 8 and 16)', () => {
    expect(forecast({ nutrition: 900, profile: P({ amulet: true, yendor: true }), skipStarvation: true }).per20).toBe(
      22,
    );
  });
  it('burnOnTurn gives the exact breakdown of one call (moves 4: left ring slot, even turn)', () => {
    const t = burnOnTurn(P({ leftRing: ANY, hunger: true }), 4);
    expect(t.exact).toBe(true);
    expect(t.total).toBe(3); // base + Hunger + left ring
    expect(t.breakdown.map((b) => b.source).sort()).toEqual(['base', 'hunger', 'leftRing']);
  });
});

describe('forecast against a plain turn-by-turn simulation', () => {
  it('matches milestones and nutrition-after-K for 3000 random 3.6.7/3.4.3 heroes and start turns', () => {
    const r = rng(20240601);
    for (let i = 0; i < 3000; i++) {
      const version = r() < 0.75 ? '3.6.7' : '3.4.3';
      const hero = randomHero(r, version);
      const profile = hero.profile;
      const nutrition = 200 + Math.floor(r() * 1500);
      const moves = 1 + Math.floor(r() * 100000);
      const attacks = r() < 0.2 ? 1 + Math.floor(r() * 2) : 0;
      const f = forecast({ nutrition, moves, profile, attacksPerTurn: attacks, skipStarvation: true });
      // "after K" is exact arithmetic only before Fainting; past it the DP takes over (tested below).
      const faintTurn = f.milestones[2]!.turns;
      const after = Math.min(Math.floor(r() * 5000), faintTurn === null ? 5000 : faintTurn - 1);
      const g = forecast({ nutrition, moves, profile, attacksPerTurn: attacks, skipStarvation: true, after });
      const sim = simulate(hero.sim, nutrition, moves, f.attacks.applied, after);
      f.milestones.forEach((m, j) => {
        expect(m.never ? null : m.turns, `hero ${i} ${m.status}`).toBe(sim.crossed[j]);
      });
      expect(g.after!.nutrition, `hero ${i} after ${after}`).toBe(sim.atK);
    }
  });

  it('advance() is O(1) and exact for a million turns (ring of regeneration: 11 per 20 turns over 20 turns)', () => {
    const p = P({ leftRing: parseRing('regeneration')! });
    // From moves 20 (a multiple of 20), 1,000,000 turns = 50,000 whole cycles of 20 + 10 + 1 = 31.
    expect(advance(5_000_000, 20, p, 1_000_000).nutrition).toBe(5_000_000 - 50_000 * 31);
    // 7 turns from moves 1: moves 2..8; base 7, odd moves 3,5,7 -> 3, left ring slot moves 4 -> 1.
    expect(advance(900, 1, p, 7).nutrition).toBe(900 - 11);
  });
});

describe('5.0 random accessory timing (rn2(20) per call)', () => {
  it('turns until Weak from 900 with two rings and an amulet: mean 739.2, 725-753 (5.0 spec section 3)', () => {
    const any5 = { ...P({ leftRing: ANY, rightRing: ANY, amulet: true }), version: '5.0' as const };
    const f = forecast({ nutrition: 900, profile: any5, skipStarvation: true });
    const weak = f.milestones[1]!.turnsDistribution!;
    expect(weak.mean).toBeCloseTo(739.2, 1);
    expect([weak.p5, weak.p95]).toEqual([725, 753]);
  });

  it('agrees with a seeded Monte Carlo of gethungry() (ring of regeneration, 20000 runs)', () => {
    const profile = { ...P({ leftRing: parseRing('regeneration')! }), version: '5.0' as const };
    const sim: SimHero = {
      version: '5.0',
      left: { spe: 0, charged: false },
      right: null,
      amulet: false,
      haveAmulet: false,
      regenCosts: true,
      stressed: false,
      hunger: false,
      conflictCosts: false,
      eats: true,
      slowDig: false,
    };
    const f = forecast({ nutrition: 600, profile, skipStarvation: true });
    const r = rng(7);
    let total = 0;
    const runs = 20000;
    for (let i = 0; i < runs; i++) {
      let n = 600;
      let k = 0;
      while (n > 50) {
        k++;
        n -= simGethungry(sim, 1 + k, false, r);
      }
      total += k;
    }
    expect(f.milestones[1]!.turnsDistribution!.mean).toBeCloseTo(total / runs, 0);
  });
});

describe('past Fainting: fainting spells and starvation (newuhs())', () => {
  /** Independent simulation of the faint/starvation rules (eat.c 3.6.7:2975-3016, allmain.c:310). */
  function simDeath(h: SimHero, nutrition: number, moves: number, con: number, r: () => number): number {
    let n = nutrition;
    let multi = 0;
    let uhs: 'ok' | 'fainting' | 'fainted' = 'ok';
    for (let k = 1; k < 1e6; k++) {
      const unaware = multi < 0 && uhs === 'fainted';
      n -= simGethungry(h, moves + k, unaware, r);
      if (n <= 0) {
        const d = Math.sign(n) * Math.trunc((Math.abs(n) + 5) / 10);
        const passes = uhs === 'ok' || Math.floor(r() * (20 - d)) >= 19;
        if (passes) {
          if (uhs !== 'fainted' && multi >= 0) {
            multi = -(10 - d);
            uhs = 'fainted';
          }
        } else if (n < -(100 + 10 * con)) return k;
        if (uhs === 'ok') uhs = 'fainting';
      }
      if (multi < 0 && ++multi === 0) uhs = 'fainting';
    }
    return -1;
  }

  it('the DP death-turn distribution matches 4000 simulated starvations (plain 3.6.7 hero, Con 16)', () => {
    const sim: SimHero = {
      version: '3.6.7',
      left: null,
      right: null,
      amulet: false,
      haveAmulet: false,
      regenCosts: false,
      stressed: false,
      hunger: false,
      conflictCosts: false,
      eats: true,
      slowDig: false,
    };
    const f = forecast({ nutrition: 100, moves: 1, profile: P(), con: 16 });
    const d = f.starvation!.deathTurns!;
    const r = rng(99);
    const deaths: number[] = [];
    for (let i = 0; i < 4000; i++) deaths.push(simDeath(sim, 100, 1, 16, r));
    deaths.sort((a, b) => a - b);
    const q = (p: number) => deaths[Math.floor(p * deaths.length)]!;
    const mean = deaths.reduce((a, x) => a + x, 0) / deaths.length;
    expect(Math.abs(d.mean - mean) / mean).toBeLessThan(0.02);
    expect(Math.abs(d.median - q(0.5)) / q(0.5)).toBeLessThan(0.03);
    expect(Math.abs(d.p5 - q(0.05)) / q(0.05)).toBeLessThan(0.05);
    expect(Math.abs(d.p95 - q(0.95)) / q(0.95)).toBeLessThan(0.05);
  });

  it('the first faint is certain and lasts 10 - d turns (d = rounded H/10): H = 0 gives 10 turns', () => {
    const f = forecast({ nutrition: 100, moves: 1, profile: P(), con: 18 });
    expect(f.milestones[2]!.nutrition).toBe(0);
    expect(f.starvation!.firstFaintTurns).toBe(10);
    expect(f.starvation!.limit).toBe(-280); // dies below -(100 + 10 x 18)
  });

  it('3.4.3 uses the old limit -(200 + 20 x Con) (eat.c 3.4.3:2329)', () => {
    expect(forecast({ nutrition: 10, profile: { ...P(), version: '3.4.3' }, con: 10 }).starvation!.limit).toBe(-400);
  });

  it('nothing burns: never hungry', () => {
    const f = forecast({ nutrition: 900, profile: P({ inediate: true }), after: 1_000_000 });
    expect(f.milestones.every((m) => m.never)).toBe(true);
    expect(f.after!.nutrition).toBe(900);
  });
});
