// The gethungry() calls of a forecast, in moveloop()'s order (see the turn convention in burn.ts):
// at the prompt of turn T the hero's `attacks` melee attacks call gethungry() with moves = T, then
// each later turn T + v makes its own call (moves = T + v) followed by that prompt's attacks. A
// "block" is every call made with one value of moves: block 0 is the attacks at T alone, block
// v >= 1 the turn call of T + v and the attacks at T + v. An "iteration" t >= 1 is what separates
// the prompt of T + t - 1 from the prompt of T + t: the attacks of block t - 1, then the turn call
// of block t (then a helpless hero's ++multi).
import type { NethackVersion } from '../cite.ts';
import { callPmf, canAttack, type BurnFlags, type BurnProfile } from './burn.ts';
import { faintDivisor } from './status.ts';

/** Burn of one gethungry() call as a pmf over 0, 1, 2, ... (index = nutrition burned). */
export type CallPmf = Float64Array;

export interface CallModel {
  version: NethackVersion;
  profile: BurnProfile;
  flags: BurnFlags;
  /** Melee attacks per turn that are actually made (0 when the hero cannot attack). */
  attacks: number;
  /** The burn depends on moves % 20 (3.6.7/3.4.3); 5.0 draws rn2(20) on every call instead. */
  periodic: boolean;
  /** The calls repeat every `period` turns (a divisor of 20; 1 when moves does not matter). */
  period: number;
  /** Every call burns a fixed amount (3.6.7/3.4.3 awake): the exact-cycle arithmetic applies. */
  exact: boolean;
  /** One call by an awake hero at moves ≡ phase (mod 20); Unaware (asleep) heroes included. */
  awake: CallPmf[];
  /** One call while fainted: Unaware in 3.6.7/5.0, a full burn in 3.4.3 (only sleep slows it there). */
  fainted: CallPmf[];
}

export const phaseOf = (moves: number) => ((moves % 20) + 20) % 20;

export function effectiveAttacks(profile: BurnProfile, asked: number): number {
  return asked > 0 && canAttack(profile).ok ? asked : 0;
}

/** The per-phase pmfs of a burn (read-only, shared): the few kinds of hero asked about, by their burn. */
const TABLES = new Map<string, { awake: CallPmf[]; fainted: CallPmf[]; period: number }>();

export function buildCallModel(profile: BurnProfile, flags: BurnFlags, attacks: number): CallModel {
  const v = profile.version;
  const exact = profile.invulnerable === true || (v !== '5.0' && !(profile.unaware && flags.base === 1));
  const key = JSON.stringify([v, flags, profile.invulnerable === true, profile.unaware]);
  let tables = TABLES.get(key);
  if (!tables) {
    const pmfs = (unaware: boolean) =>
      Array.from({ length: 20 }, (_, phase) => Float64Array.from(callPmf(profile, flags, phase, unaware)));
    const awake = pmfs(profile.unaware);
    const fainted = pmfs(profile.unaware || v !== '3.4.3');
    tables = { awake, fainted, period: periodOf([awake, fainted]) };
    if (TABLES.size >= 256) TABLES.delete(TABLES.keys().next().value!);
    TABLES.set(key, tables);
  }
  return { version: v, profile, flags, attacks, periodic: v !== '5.0', exact, ...tables };
}

const same = (a: CallPmf, b: CallPmf) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The shortest repeat of the per-phase pmfs (5.0's are all alike: 1). */
function periodOf(tables: CallPmf[][]): number {
  return [1, 2, 4, 5, 10, 20].find((p) => tables.every((tab) => tab.every((pmf, i) => same(pmf, tab[(i + p) % 20]!))))!;
}

/**
 * Does being fainted change nothing about the burn? True when the hero has no base charge to slow
 * down, in 3.4.3 (a fainted hero burns in full), or when asleep anyway; with no attacks to skip
 * either, the helpless count never matters and the starvation walk needs no faint bookkeeping.
 */
export function faintIsFree(model: CallModel): boolean {
  return model.flags.base === 0 || model.version === '3.4.3' || model.profile.unaware;
}

export const collapses = (model: CallModel) => faintIsFree(model) && model.attacks === 0;

/** The calls of block v in order (moves = T + v): the turn call (v >= 1), then the attacks. */
export function blockCalls(model: CallModel, moves0: number, v: number): CallPmf[] {
  const pmf = model.awake[phaseOf(moves0 + v)]!;
  const calls: CallPmf[] = v >= 1 ? [pmf] : [];
  for (let a = 0; a < model.attacks; a++) calls.push(pmf);
  return calls;
}

/** newuhs(): chance the faint roll passes at nutrition h <= 0 (rn2(20 - d) >= 19). */
export function passChance(h: number, version: NethackVersion): number {
  const sides = 20 - faintDivisor(h, version);
  return (sides - 19) / sides;
}

/** newuhs(): helpless turns of a faint at nutrition h: 10 - d. */
export const faintTurns = (h: number, version: NethackVersion) => 10 - faintDivisor(h, version);
