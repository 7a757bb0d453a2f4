// Issue 11.1, attacks on the current turn: a turn-by-turn replay of moveloop()'s order, written
// from the C code and independent of the engine, over many random heroes with melee attacks.
//
// moveloop() (3.6.7 src/allmain.c:172-317 then rhack() at 431-435; 3.4.3 allmain.c:131-284 then
// 402-408; 5.0 moveloop_core() 244-388 then 530-536): when the turn ends, `moves++`, the turn's own
// gethungry() (3.6.7:281), then `if (multi < 0 && ++multi == 0) unmul()`; only then does the hero
// act (rhack) with that same `moves`. So at the prompt of turn T the hero's next melee attack calls
// gethungry() with moves = T (src/uhitm.c:408 attack() -> src/hack.c:1978 overexertion(); 3.4.3
// src/hack.c:1078 domove()), before the turn call of T + 1. The replay below follows exactly that
// order, with the exact probability of every branch (rn2(10) while Unaware, rn2(20) in 5.0, the
// faint roll rn2(20 - d) >= 19 of newuhs()), and compares the engine's forecast with it.
import { describe, expect, it } from 'vitest';
import {
  defaultProfile,
  forecast,
  parseRing,
  type BurnProfile,
  type Encumbrance,
} from '../../../src/engine/nethack/index.ts';
import { seededRandom } from '../../helpers/seeded.ts';

type Version = '3.6.7' | '3.4.3' | '5.0';

/** What the replay needs to know about a hero: which charges apply (read off the C conditions). */
interface ReplayHero {
  version: Version;
  eats: boolean; // carnivorous || herbivorous (|| metallivorous) and !Slow_digestion
  regen: boolean; // the odd-turn Regeneration charge
  stressed: boolean; // near_capacity() > SLT_ENCUMBER
  hunger: boolean;
  conflict: boolean;
  left: boolean; // the left ring's case-4 charge applies
  amulet: boolean; // case 8
  right: boolean; // case 12
  yendor: boolean; // case 16
  armorSlowDigestion: boolean; // 5.0 case 0
  asleep: boolean;
  canAttack: boolean;
}

/** Seeded PRNG (mulberry32). */
const rng = seededRandom;

/** gethungry() at `moves`: every outcome with its probability (src/eat.c 3.6.7:2790-2845, 5.0:3163-3260). */
function gethungry(h: ReplayHero, moves: number, unaware: boolean): [number, number][] {
  const base: [number, number][] = !h.eats
    ? [[0, 1]]
    : unaware
      ? [
          [0, 0.9],
          [1, 0.1],
        ]
      : [[1, 1]];
  const rest = (slot: number, odd: boolean) => {
    if (odd) return (h.regen ? 1 : 0) + (h.stressed ? 1 : 0);
    let n = (h.hunger ? 1 : 0) + (h.conflict ? 1 : 0);
    if (slot === 0 && h.armorSlowDigestion) n++;
    if (slot === 4 && h.left) n++;
    if (slot === 8 && h.amulet) n++;
    if (slot === 12 && h.right) n++;
    if (slot === 16 && h.yendor) n++;
    return n;
  };
  const slots =
    h.version === '5.0' ? Array.from({ length: 20 }, (_, i) => [i, 1 / 20] as const) : ([[moves % 20, 1]] as const);
  const out = new Map<number, number>();
  for (const [slot, ps] of slots) {
    const odd = h.version === '5.0' ? slot % 2 === 1 : moves % 2 === 1;
    for (const [b, pb] of base) {
      const k = b + rest(slot, odd);
      out.set(k, (out.get(k) ?? 0) + ps * pb);
    }
  }
  return [...out];
}

const FAINTING = 1;
const FAINTED = 2; // u.uhs; 0 = any better status
interface St {
  h: number;
  multi: number; // 0 awake, < 0 helpless turns left
  uhs: number;
}

/** newuhs() after a call left the hero at h: each outcome with its probability, or death. */
function newuhs(h: ReplayHero, s: St, con: number): [St | 'dead', number][] {
  if (s.h > 0) return [[{ ...s, uhs: 0 }, 1]];
  const v = h.version;
  const d = v === '3.4.3' ? Math.trunc(s.h / 10) : Math.sign(s.h) * Math.trunc((Math.abs(s.h) + 5) / 10);
  const limit = v === '3.4.3' ? -(200 + 20 * con) : -(100 + 10 * con);
  const passes = s.uhs === 0 ? 1 : (20 - d - 19) / (20 - d); // u.uhs <= WEAK || rn2(20 - d) >= 19
  const onPass = (): St =>
    s.uhs !== FAINTED && s.multi >= 0
      ? {
          h: s.h,
          multi: -(10 - d),
          uhs: FAINTED,
        }
      : { ...s, uhs: s.uhs === FAINTED ? FAINTED : FAINTING };
  const out: [St | 'dead', number][] = [];
  if (passes > 0) out.push([onPass(), passes]);
  if (passes < 1) out.push([s.h < limit ? 'dead' : { ...s, uhs: s.uhs === FAINTED ? FAINTED : FAINTING }, 1 - passes]);
  return out;
}

interface Replay {
  alive: Map<string, number>;
  dead: number;
  /** Per threshold (150, 50, 0): probability of first reaching it at each moves offset. */
  crossing: Map<number, number>[];
}

const THRESHOLDS = [150, 50, 0];

/** The prompt of `moves0` with nutrition h0, then `turns` turns in moveloop()'s order. */
function replay(h: ReplayHero, h0: number, moves0: number, attacks: number, con: number, turns: number): Replay {
  const key = (s: St) => `${s.h},${s.multi},${s.uhs}`;
  const parse = (k: string): St => {
    const [a, b, c] = k.split(',').map(Number);
    return { h: a!, multi: b!, uhs: c! };
  };
  let states = new Map<string, number>([[key({ h: h0, multi: h.asleep ? -1e9 : 0, uhs: h0 > 0 ? 0 : FAINTING }), 1]]);
  const crossing = THRESHOLDS.map(() => new Map<number, number>());
  let dead = 0;
  /** One gethungry() call for the states `pick` selects. */
  const call = (moves: number, pick: (s: St) => boolean) => {
    const next = new Map<string, number>();
    for (const [k, p] of states) {
      const s = parse(k);
      if (!pick(s)) {
        next.set(k, (next.get(k) ?? 0) + p);
        continue;
      }
      // Unaware: asleep, or fainted (3.6.7/5.0 is_fainted() is Unaware; 3.4.3 only u.usleep slows the burn).
      const unaware = h.asleep || (s.uhs === FAINTED && s.multi < 0 && h.version !== '3.4.3');
      for (const [burn, pb] of gethungry(h, moves, unaware)) {
        const h2 = s.h - burn;
        THRESHOLDS.forEach((th, i) => {
          if (s.h > th && h2 <= th) crossing[i]!.set(moves - moves0, (crossing[i]!.get(moves - moves0) ?? 0) + p * pb);
        });
        for (const [o, po] of newuhs(h, { ...s, h: h2 }, con)) {
          if (o === 'dead') dead += p * pb * po;
          else next.set(key(o), (next.get(key(o)) ?? 0) + p * pb * po);
        }
      }
    }
    states = next;
  };
  for (let j = 0; j < turns; j++) {
    const moves = moves0 + j;
    // The hero acts at the prompt (multi == 0): each attack is one gethungry() with this moves;
    // one that leaves the hero fainted (multi < 0) ends the action.
    if (h.canAttack) for (let a = 0; a < attacks; a++) call(moves, (s) => s.multi === 0);
    // The turn ends: moves++, the turn's gethungry() for everyone, then ++multi.
    call(moves + 1, () => true);
    const next = new Map<string, number>();
    for (const [k, p] of states) {
      const s = parse(k);
      // unmul() -> unfaint()
      if (s.multi < 0 && s.multi > -1e8 && ++s.multi === 0 && s.uhs === FAINTED) s.uhs = FAINTING;
      next.set(key(s), (next.get(key(s)) ?? 0) + p);
    }
    states = next;
  }
  return { alive: states, dead, crossing };
}

const RINGS = [
  ...['protection +1', 'protection +0', 'regeneration', 'conflict', 'hunger', 'slow digestion', 'searching'],
  'adornment -1',
];

/** A random hero, as the engine's BurnProfile and as the replay's reading of the C conditions. */
function randomHero(r: () => number): { profile: BurnProfile; hero: ReplayHero } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const version: Version = pick(['3.6.7', '3.6.7', '3.4.3', '5.0'] as const);
  const ring = () => (r() < 0.5 ? null : parseRing(`ring of ${pick(RINGS)}`)!);
  const left = ring();
  const right = ring();
  const enc = pick(['Unencumbered', 'Burdened', 'Stressed', 'Strained', 'Overtaxed'] as Encumbrance[]);
  const profile: BurnProfile = {
    ...defaultProfile(version),
    leftRing: left,
    rightRing: right,
    amulet: r() < 0.3,
    yendor: r() < 0.1,
    regeneration: pick(['none', 'none', 'intrinsic', 'artifact'] as const),
    conflict: pick(['none', 'none', 'artifact', 'ring'] as const),
    hunger: r() < 0.15,
    slowDigestion: version === '5.0' && r() < 0.2,
    encumbrance: enc,
    inediate: r() < 0.1,
    unaware: r() < 0.1,
  };
  const has = (prop: string) => left?.property === prop || right?.property === prop;
  // eat.c: `uleft->spe || !oc_charged`; 5.0 adds the lone +0 ring of protection (no other
  // protection here) and never counts a meat ring (none here).
  const counts = (ring: typeof left, other: typeof left, hand: 'left' | 'right') => {
    if (!ring) return false;
    if (ring.enchantment !== 0 || !ring.chargeable) return true;
    if (version !== '5.0' || ring.type !== 'protection') return false;
    if (other?.type !== 'protection') return true;
    return hand === 'left' && other.enchantment === 0;
  };
  const slow = profile.slowDigestion || has('SLOW_DIGESTION');
  const hero: ReplayHero = {
    version,
    eats: !profile.inediate && !slow,
    regen: has('REGENERATION') || profile.regeneration === 'intrinsic',
    stressed: ['Stressed', 'Strained', 'Overtaxed'].includes(enc),
    hunger: profile.hunger || has('HUNGER'),
    conflict: has('CONFLICT') || profile.conflict === 'ring',
    left: counts(left, right, 'left'),
    amulet: profile.amulet,
    right: counts(right, left, 'right'),
    yendor: profile.yendor,
    armorSlowDigestion: version === '5.0' && slow && !has('SLOW_DIGESTION'),
    asleep: profile.unaware,
    // attack(): check_capacity() refuses Overtaxed+ (3.4.3: only Overloaded cannot move); asleep heroes do not act.
    canAttack: !profile.unaware && (version === '3.4.3' || enc !== 'Overtaxed'),
  };
  return { profile, hero };
}

function aliveStats(rep: Replay) {
  let mass = 0;
  let mean = 0;
  const byStatus: Record<string, number> = {};
  for (const [k, p] of rep.alive) {
    const h = Number(k.split(',')[0]);
    mass += p;
    mean += h * p;
    const st = h > 1000 ? 'Satiated' : h > 150 ? 'Not Hungry' : h > 50 ? 'Hungry' : h > 0 ? 'Weak' : 'Fainting';
    byStatus[st] = (byStatus[st] ?? 0) + p;
  }
  return { mass, mean: mean / mass, byStatus };
}

describe('attacks come before the turn call (moveloop() order), replayed turn by turn', () => {
  it('the state at the prompt K turns later matches the exact replay for 120 random heroes with attacks', () => {
    const r = rng(11_1);
    for (let i = 0; i < 120; i++) {
      const { profile, hero } = randomHero(r);
      const h0 = Math.floor(r() * 70) - 15;
      const moves0 = 1 + Math.floor(r() * 400);
      const attacks = 1 + Math.floor(r() * 3);
      const con = 3 + Math.floor(r() * 23);
      const after = Math.floor(r() * 45);
      const rep = replay(hero, h0, moves0, attacks, con, after);
      const f = forecast({
        nutrition: h0,
        moves: moves0,
        profile,
        attacksPerTurn: attacks,
        con,
        after,
        skipStarvation: true,
      });
      const a = f.after!;
      const label = `hero ${i} (${profile.version}, H ${h0}, T ${moves0}, ${attacks} attacks, after ${after})`;
      const sim = aliveStats(rep);
      expect(a.probabilityDead ?? 0, label).toBeCloseTo(rep.dead, 9);
      if (a.exact) {
        // One nutrition for everyone (helpless or not: fainting may change nothing about the burn).
        const hs = new Set([...rep.alive.keys()].map((k) => Number(k.split(',')[0])));
        expect([...hs], label).toEqual([a.nutrition]);
      } else if (sim.mass > 1e-9) {
        expect(a.nutritionDistribution!.mean, label).toBeCloseTo(sim.mean, 7);
        for (const [st, p] of Object.entries(sim.byStatus)) {
          expect(a.statusProbabilities?.[st as 'Weak'] ?? 0, `${label} ${st}`).toBeCloseTo(p, 9);
        }
      }
    }
  });

  it('Hungry, Weak and Fainting are reached on the same call as in the replay (exact heroes, long horizons)', () => {
    const r = rng(2_011);
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const { profile, hero } = randomHero(r);
      if (hero.version === '5.0' || (hero.asleep && hero.eats)) continue; // random burn: next test
      const h0 = 1 + Math.floor(r() * 400);
      const moves0 = 1 + Math.floor(r() * 1000);
      const attacks = Math.floor(r() * 4);
      const f = forecast({
        nutrition: h0,
        moves: moves0,
        profile,
        attacksPerTurn: attacks,
        con: 18,
        skipStarvation: true,
      });
      const reach = f.milestones.map((m) => (m.already ? 0 : m.never ? Infinity : m.turns!));
      const horizon = Math.max(...reach.filter(Number.isFinite), 0) + 2;
      if (horizon > 3000) continue;
      const rep = replay(hero, h0, moves0, attacks, 18, horizon);
      f.milestones.forEach((m, j) => {
        if (m.already || m.never) return;
        const hits = [...rep.crossing[j]!];
        expect(hits, `hero ${i} ${m.status}`).toEqual([[m.turns, 1]]);
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('random burns (5.0, asleep): the mean turn of each milestone matches the replay', () => {
    const r = rng(3_011);
    let checked = 0;
    for (let i = 0; checked < 40 && i < 4000; i++) {
      const { profile, hero } = randomHero(r);
      if (hero.version !== '5.0' && !(hero.asleep && hero.eats)) continue;
      const h0 = 55 + Math.floor(r() * 60);
      const attacks = Math.floor(r() * 3);
      const f = forecast({
        nutrition: h0,
        moves: 1 + Math.floor(r() * 50),
        profile,
        attacksPerTurn: attacks,
        con: 18,
        skipStarvation: true,
      });
      const weak = f.milestones[1]!;
      // keep the replay small
      if (weak.already || weak.never || !weak.turnsDistribution || weak.turnsDistribution.max > 160) continue;
      const rep = replay(hero, h0, f.input.moves, attacks, 18, weak.turnsDistribution.max + 2);
      let mass = 0;
      let mean = 0;
      for (const [t, p] of rep.crossing[1]!) {
        mass += p;
        mean += t * p;
      }
      expect(mass, `hero ${i}`).toBeCloseTo(1, 9);
      expect(weak.turnsDistribution.mean, `hero ${i}`).toBeCloseTo(mean, 6);
      checked++;
    }
    expect(checked).toBe(40);
  });
});
