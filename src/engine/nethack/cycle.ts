// Exact arithmetic for a fixed burn (3.6.7/3.4.3, awake): every gethungry() call burns an amount
// that depends only on moves % 20 (src/eat.c gethungry()), so a 20-turn table of burns and its
// running totals give every milestone and "nutrition after K turns" in constant time.
import { statusFor, type NethackStatus } from './status.ts';
import { burnFlags, tickAt, type BurnFlags, type BurnProfile } from './burn.ts';
import { effectiveAttacks } from './calls.ts';

/** Per-turn burn for the 20 turns after `moves` (index j = turn moves + 1 + j), with attacks. */
export interface Cycle {
  /** burn[j]: nutrition burned on turn moves + 1 + j (all calls of that turn). */
  burn: number[];
  /** tick[j]: burn of one call on that turn. */
  tick: number[];
  /** prefix[r]: burned over the first r turns (prefix[20] = per-cycle total). */
  prefix: number[];
  total: number;
  callsPerTurn: number;
}

export function isExact(profile: BurnProfile, flags = burnFlags(profile)): boolean {
  if (profile.invulnerable) return true;
  return profile.version !== '5.0' && !(profile.unaware && flags.base === 1);
}

export function buildCycle(
  profile: BurnProfile,
  moves: number,
  attacksPerTurn: number,
  flags = burnFlags(profile),
): Cycle {
  const calls = 1 + attacksPerTurn;
  const tick: number[] = [];
  const burn: number[] = [];
  const prefix = [0];
  for (let j = 0; j < 20; j++) {
    const t = profile.invulnerable ? 0 : tickAt(flags, moves + 1 + j);
    tick.push(t);
    burn.push(t * calls);
    prefix.push(prefix[j]! + t * calls);
  }
  return { burn, tick, prefix, total: prefix[20]!, callsPerTurn: calls };
}

/** Nutrition burned over the first `turns` turns after the cycle's start. O(1). */
export function burnedOver(cycle: Cycle, turns: number): number {
  const q = Math.floor(turns / 20);
  return q * cycle.total + cycle.prefix[turns - q * 20]!;
}

/**
 * Burn of the hero's action at the prompt of `moves`: its `attacks` melee attacks call gethungry()
 * with that same moves before moveloop() increments it (issue 11.1; see burn.ts).
 */
export function leadingBurn(profile: BurnProfile, flags: BurnFlags, moves: number, attacks: number): number {
  return profile.invulnerable || attacks === 0 ? 0 : attacks * tickAt(flags, moves);
}

/** Burned from the prompt of `moves` to the prompt `turns` later (its attacks not made yet). */
export function burnedFromPrompt(
  profile: BurnProfile,
  flags: BurnFlags,
  cycle: Cycle,
  moves: number,
  turns: number,
  attacks: number,
): number {
  const lead = leadingBurn(profile, flags, moves, attacks);
  return lead + burnedOver(cycle, turns) - leadingBurn(profile, flags, moves + turns, attacks);
}

export interface AdvanceResult {
  nutrition: number;
  moves: number;
  burned: number;
  status: NethackStatus;
  /** True when nutrition reached 0 or below on the way: from then on fainting changes the burn. */
  reachedFainting: boolean;
}

/**
 * Nutrition and moves after `turns` turns from the prompt of (nutrition, moves): exact and O(1) in
 * 3.6.7/3.4.3. Pure burn arithmetic (src/eat.c gethungry()); fainting past 0 is not modelled here
 * (see `reachedFainting`, and forecast() for what happens after). Throws for random burn (5.0, or
 * an Unaware hero who burns the base charge): use forecast() for those.
 */
export function advance(
  nutrition: number,
  moves: number,
  profile: BurnProfile,
  turns: number,
  attacksPerTurn = 0,
): AdvanceResult {
  if (!Number.isInteger(turns) || turns < 0) throw new RangeError('turns must be a non-negative integer');
  const flags = burnFlags(profile);
  if (!isExact(profile, flags)) {
    const why = `${profile.version} is random: use forecast()`;
    throw new Error(`advance() is exact only for a fixed burn (3.6.7/3.4.3, awake); ${why}`);
  }
  const attacks = effectiveAttacks(profile, attacksPerTurn);
  const cycle = buildCycle(profile, moves, attacks, flags);
  const burned = burnedFromPrompt(profile, flags, cycle, moves, turns, attacks);
  const h = nutrition - burned;
  return { nutrition: h, moves: moves + turns, burned, status: statusFor(h), reachedFainting: h <= 0 };
}

export interface ExactCrossing {
  /** moves of the crossing call minus the prompt's moves. */
  turns: number;
  /** Which call of that moves crossed: 0 = the turn's own call, i = the i-th attack. */
  call: number;
  /** Nutrition right after the crossing call. */
  nutrition: number;
}

/** First call after which nutrition <= threshold, counting from the cycle's first turn. O(1). */
function cycleCrossing(cycle: Cycle, nutrition: number, threshold: number): ExactCrossing | null {
  const need = nutrition - threshold; // must burn at least this much
  if (need <= 0) return { turns: 0, call: -1, nutrition };
  if (cycle.total === 0) return null;
  const q = Math.floor((need - 1) / cycle.total); // q full cycles burn < need; q + 1 cycles burn >= need
  let r = 1;
  while (q * cycle.total + cycle.prefix[r]! < need) r++;
  const turns = q * 20 + r;
  const before = nutrition - (q * cycle.total + cycle.prefix[r - 1]!);
  const tick = cycle.tick[r - 1]!;
  const calls = Math.ceil((before - threshold) / tick); // 1..callsPerTurn
  return { turns, call: calls - 1, nutrition: before - calls * tick };
}

/** The first call, from the prompt of moves T, after which nutrition <= threshold: the attacks at T first. */
export function exactCrossing(
  cycle: Cycle,
  leadTick: number,
  attacks: number,
  nutrition: number,
  threshold: number,
): ExactCrossing | null {
  const need = nutrition - threshold;
  if (need > 0 && leadTick > 0 && attacks * leadTick >= need) {
    const calls = Math.ceil(need / leadTick);
    return { turns: 0, call: calls, nutrition: nutrition - calls * leadTick };
  }
  return cycleCrossing(cycle, nutrition - attacks * leadTick, threshold);
}

/** The first prompt at which a crossing call has happened (a turn call is before its prompt, an attack after). */
export const promptAfter = (c: ExactCrossing) => c.turns + (c.call === 0 ? 0 : 1);
