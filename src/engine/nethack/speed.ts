// The hero's movement allotment (src/allmain.c moveloop(); 5.0 u_calc_moveamt()): how many
// actions fit in a turn, so how many bites a meal takes per turn and which turns' gethungry()
// calls fall between them. Every action costs NORMAL_SPEED (12) movement; when the hero has less
// than 12 left, a turn passes (moves++, the once-per-turn gethungry()) and the turn's moveamt is
// added: the form's mmove, plus the speed bonus at random, less the encumbrance cut.
import { nethackCite, type Citation, type NethackVersion } from '../cite.ts';
import type { Encumbrance } from './burn.ts';

export const NORMAL_SPEED = 12;
export const HERO_SPEEDS = ['normal', 'fast', 'very fast'] as const;
/**
 * youprop.h: Fast = HFast || EFast; Very_fast = (HFast & ~INTRINSIC) || EFast. So intrinsic
 * speed alone is "fast"; speed boots (EFast) or a potion/spell of speed (HFast timeout) make
 * the hero "very fast".
 */
export type HeroSpeed = (typeof HERO_SPEEDS)[number];

const LINES: Record<NethackVersion, { line: number; symbol: string }> = {
  '3.6.7': { line: 137, symbol: 'moveloop()' },
  '3.4.3': { line: 108, symbol: 'moveloop()' },
  '5.0': { line: 125, symbol: 'u_calc_moveamt()' },
};

export function speedCitation(v: NethackVersion, note = 'movement allotment per turn'): Citation {
  return nethackCite('src/allmain.c', LINES[v].symbol, { version: v, line: LINES[v].line, note });
}

/** P(moveamt = x) for one turn: [moveamt, probability][]. */
export function moveamtDistribution(
  v: NethackVersion,
  speed: HeroSpeed,
  mmove: number,
  encumbrance: Encumbrance,
): [number, number][] {
  let base: [number, number][];
  if (v === '3.4.3') {
    // 3.4.3: Very_fast +6, and +6 more 1 time in 3; Fast +6 2 times in 3
    if (speed === 'very fast')
      base = [
        [mmove + 6, 2 / 3],
        [mmove + 12, 1 / 3],
      ];
    else if (speed === 'fast')
      base = [
        [mmove, 1 / 3],
        [mmove + 6, 2 / 3],
      ];
    else base = [[mmove, 1]];
  } else if (speed === 'very fast')
    base = [
      [mmove, 1 / 3],
      [mmove + NORMAL_SPEED, 2 / 3],
    ]; // rn2(3) != 0
  else if (speed === 'fast')
    base = [
      [mmove, 2 / 3],
      [mmove + NORMAL_SPEED, 1 / 3],
    ]; // rn2(3) == 0
  else base = [[mmove, 1]];
  const cut = (m: number) => {
    switch (encumbrance) {
      case 'Burdened':
        return m - Math.trunc(m / 4);
      case 'Stressed':
        return m - Math.trunc(m / 2);
      case 'Strained':
        return m - Math.trunc((m * 3) / 4);
      case 'Overtaxed':
        return m - Math.trunc((m * 7) / 8);
      default:
        return m; // Unencumbered; Overloaded has no case in the switch
    }
  };
  const out = new Map<number, number>();
  for (const [m, p] of base) out.set(cut(m), (out.get(cut(m)) ?? 0) + p);
  return [...out];
}

/** One way the next action can come: its movement, its moves, and the turns that passed before it. */
export interface NextAction {
  movement: number;
  moves: number;
  /** moves of each turn boundary crossed (each runs gethungry() once). */
  turns: number[];
  p: number;
}

/**
 * After an action taken with `movement` at `moves`: spend 12; while under 12, a turn passes
 * (moves + 1, + moveamt). Exact over the moveamt draws.
 */
export function nextAction(movement: number, moves: number, dist: [number, number][]): NextAction[] {
  const start = { movement: Math.max(0, movement - NORMAL_SPEED), moves, turns: [] as number[], p: 1 };
  if (start.movement >= NORMAL_SPEED) return [start];
  const done: NextAction[] = [];
  let open = [start];
  for (let guard = 0; open.length && guard < 200; guard++) {
    const next: NextAction[] = [];
    for (const s of open) {
      for (const [amt, q] of dist) {
        const t = { movement: s.movement + amt, moves: s.moves + 1, turns: [...s.turns, s.moves + 1], p: s.p * q };
        (t.movement >= NORMAL_SPEED ? done : next).push(t);
      }
    }
    open = next;
  }
  return done;
}

/**
 * Movement when the hero acts first in turn `moves`: the carry left from earlier turns
 * (c' = (c + moveamt) mod 12, at its long-run distribution) plus this turn's moveamt, given that
 * the hero acts this turn. Unencumbered 3.6.7/5.0 heroes always carry 0.
 */
export function firstActionMovement(dist: [number, number][]): [number, number][] {
  let carry = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < 500; i++) {
    const next = new Map<number, number>();
    for (const [c, p] of carry)
      for (const [a, q] of dist) {
        const k = (c + a) % NORMAL_SPEED;
        next.set(k, (next.get(k) ?? 0) + p * q);
      }
    // average two steps to damp period-2 chains
    const avg = new Map<number, number>();
    for (const [k, p] of next) avg.set(k, (avg.get(k) ?? 0) + p / 2);
    for (const [k, p] of carry) avg.set(k, (avg.get(k) ?? 0) + p / 2);
    carry = avg;
  }
  const out = new Map<number, number>();
  let mass = 0;
  for (const [c, p] of carry)
    for (const [a, q] of dist) {
      if (c + a < NORMAL_SPEED) continue;
      out.set(c + a, (out.get(c + a) ?? 0) + p * q);
      mass += p * q;
    }
  return [...out].map(([m, p]) => [m, p / mass] as [number, number]).filter(([, p]) => p > 1e-12);
}
