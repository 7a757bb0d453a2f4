// TEST-ONLY REFERENCE: the NetHack forecast engine as it was before the fast rewrite (commit f0425c1,
// src/engine/nethack/forecast.ts), kept so that the new engine can be compared with it on a broad
// sweep (test/engine/nethack/forecast-sweep.test.ts). Never import this from src/. It carries the
// two rule fixes made to that engine before the rewrite (commit after e037fc6): the hero's attacks
// at the prompt of turn T come before the turn call of T + 1 (issue 11.1: 'leadingAttacks',
// exactCrossingFromPrompt, leadingBurn, snapshots before the attacks), and heroes who start below
// limit - 160 are no longer clamped up to it (hBottom). A third, marked REFERENCE PATCH (floor),
// lowers that floor where fast burners outlive it. Otherwise verbatim except for imports.
//
// Hunger forecast: when a hero becomes Hungry, Weak and Fainting, nutrition after K turns, and
// past Fainting the fainting spells and the turn of death by starvation.
//
// Turn convention: see burn.ts. "Now" is the prompt of moves = T: the hero's `attacks` melee
// attacks call gethungry() with moves = T (src/hack.c overexertion()), then the turn ends and the
// turn call runs with moves = T + 1, then the attacks of the prompt of T + 1, and so on. An event's
// `turns` is the moves of the call that caused it minus T; "after K turns" is the prompt of T + K
// (its turn call made, its attacks not yet).
//
// Method. 3.6.7 and 3.4.3 burn a fixed amount on each turn that depends only on moves % 20
// (src/eat.c gethungry()), so a 20-turn table of burns and its prefix sums give every milestone
// and "after K turns" in constant time (exact). Randomness (5.0's rn2(20) per call, the 1-in-10
// base burn while Unaware, and the faint rolls past 0) is handled by exact dynamic programming
// over (nutrition, helpless turns left) turn by turn; its cost is bounded by the time to starve,
// never by K.
import type { Citation, NethackVersion } from '../../../../src/engine/cite.ts';
import { faintDivisor, starvationLimit, statusFor, type NethackStatus } from '../../../../src/engine/nethack/status.ts';
import {
  burnFlags,
  callPmf,
  canAttack,
  expectedPer20,
  pmfMean,
  tickAt,
  type BurnFlags,
  type BurnProfile,
  type SourceRow,
} from '../../../../src/engine/nethack/burn.ts';
import { cite } from '../../../../src/engine/nethack/sources.ts';

export const MAX_FORECAST_TURNS = 1_000_000;
/** DP stops when the hero is dead with probability at least 1 - DP_EPSILON. */
const DP_EPSILON = 1e-10;
/** Hard stop for the DP, in turns past "now" (only reached by heroes who burn almost nothing). */
const DP_MAX_TURNS = 2_500_000;
/** Probability below which edge states are dropped (their total stays far below DP_EPSILON). */
const PRUNE = 1e-18;

// ---------------------------------------------------------------------------------------------
// Exact arithmetic for 3.6.7 / 3.4.3

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

export interface AdvanceResult {
  nutrition: number;
  moves: number;
  burned: number;
  status: NethackStatus;
  /** True when nutrition reached 0 or below on the way: from then on fainting changes the burn. */
  reachedFainting: boolean;
}

function effectiveAttacks(profile: BurnProfile, attacksPerTurn: number): number {
  return attacksPerTurn > 0 && canAttack(profile).ok ? attacksPerTurn : 0;
}

/**
 * Nutrition and moves after `turns` turns from (nutrition, moves): exact and O(1) in 3.6.7/3.4.3.
 * Pure burn arithmetic (src/eat.c gethungry()); fainting past 0 is not modelled here (see
 * `reachedFainting`, and forecast() for what happens after). Throws for random burn (5.0, or an
 * Unaware hero who burns the base charge): use forecast() for those.
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
  if (!isExact(profile, flags))
    throw new Error(
      `advance() is exact only for a fixed burn (3.6.7/3.4.3, awake); ${profile.version} is random: use forecast()`,
    );
  const attacks = effectiveAttacks(profile, attacksPerTurn);
  const cycle = buildCycle(profile, moves, attacks, flags);
  // The attacks of the action at the prompt of `moves` come first; those of moves + turns are not made yet.
  const burned =
    leadingBurn(profile, flags, moves, attacks) +
    burnedOver(cycle, turns) -
    leadingBurn(profile, flags, moves + turns, attacks);
  const h = nutrition - burned;
  return { nutrition: h, moves: moves + turns, burned, status: statusFor(h), reachedFainting: h <= 0 };
}

/**
 * Burn of the hero's action at the prompt of `moves`: its `attacks` melee attacks call gethungry()
 * with that same moves before moveloop() increments it (issue 11.1; see burn.ts).
 */
export function leadingBurn(profile: BurnProfile, flags: BurnFlags, moves: number, attacks: number): number {
  return profile.invulnerable || attacks === 0 ? 0 : attacks * tickAt(flags, moves);
}

interface ExactCrossing {
  turns: number;
  /** Which call of that turn crossed: 0 = the turn's own call, i = the i-th attack. */
  call: number;
  /** Nutrition right after the crossing call. */
  nutrition: number;
}

/** First call after which nutrition <= threshold. O(1). null if it never happens. */
function exactCrossing(cycle: Cycle, nutrition: number, threshold: number): ExactCrossing | null {
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

/** exactCrossing() for a hero at the prompt of moves T: the `attacks` calls at T come before the cycle. */
function exactCrossingFromPrompt(
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
  return exactCrossing(cycle, nutrition - attacks * leadTick, threshold);
}

// ---------------------------------------------------------------------------------------------
// Results

export interface Spread {
  mean: number;
  p5: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  /** Probability the event happened within the computed range (1 unless capped). */
  probability: number;
}

export interface Milestone {
  status: 'Hungry' | 'Weak' | 'Fainting';
  /** Reached when nutrition <= this (src/eat.c newuhs(): > 150, > 50, > 0). */
  atOrBelow: number;
  /** Already at or below it now. */
  already: boolean;
  /** False when the burn is random: see `turnsDistribution`. */
  exact: boolean;
  /** Exact turns from now (null when random or never). */
  turns: number | null;
  /** moves at that point (null when random or never). */
  moves: number | null;
  /** Nutrition right after the call that crossed (exact only). */
  nutrition: number | null;
  /** Which call of that turn crossed: "turn" (the once-per-turn call) or "attack N". */
  call: string | null;
  /** Turns from now as a distribution (random burn only). */
  turnsDistribution: Spread | null;
  /** Never happens: nothing burns. */
  never: boolean;
}

export interface AfterK {
  turns: number;
  moves: number;
  exact: boolean;
  /** Exact nutrition (null if random or past Fainting). */
  nutrition: number | null;
  /** Status when known for certain. */
  status: NethackStatus | 'Dead' | null;
  /** Random or past Fainting: probability of being dead of starvation by then. */
  probabilityDead: number | null;
  /** Random: distribution of nutrition among heroes still alive. */
  nutritionDistribution: Spread | null;
  /** Random: probability of each status (Dead included). */
  statusProbabilities: Partial<Record<NethackStatus | 'Dead', number>> | null;
  note: string | null;
}

export interface StarvationForecast {
  con: number;
  /** Death when nutrition < this limit (strict), on a hunger update whose faint roll fails. */
  limit: number;
  /** Exact first faint (3.6.7/3.4.3 awake): its length in turns. */
  firstFaintTurns: number | null;
  /** Expected number of faints before death (null when not tracked: see method). */
  expectedFaints: number | null;
  /** Expected total length of those faints, in turns (null when not tracked). */
  expectedTurnsFainted: number | null;
  /** Turns from now until death by starvation. */
  deathTurns: Spread | null;
  /** moves at death (from `deathTurns`). */
  deathMoves: { p5: number; median: number; p95: number } | null;
  method: string;
}

export interface ForecastInput {
  nutrition: number;
  /** Current turn counter (moves). Default 1. */
  moves?: number;
  profile: BurnProfile;
  attacksPerTurn?: number;
  /** Constitution (ACURR(A_CON)) for the starvation limit. Default 18. */
  con?: number;
  /** Report nutrition and status after this many turns. */
  after?: number;
  /** Skip the starvation distribution (faster; the milestones stay). */
  skipStarvation?: boolean;
}

export interface ForecastResult {
  game: 'nethack';
  version: NethackVersion;
  input: {
    nutrition: number;
    moves: number;
    attacksPerTurn: number;
    con: number;
    after: number | null;
    profile: BurnProfile;
  };
  status: NethackStatus;
  method: 'exact-cycle' | 'distribution-dp';
  methodText: string;
  sources: SourceRow[];
  /** Nutrition per 20 turns from all sources including attacks (expected value when random). */
  per20: number;
  /** Exact burn of each of the next 20 turns (3.6.7/3.4.3), turn moves+1 first. */
  next20: number[] | null;
  attacks: { perTurn: number; applied: number; note: string | null };
  milestones: Milestone[];
  after: AfterK | null;
  starvation: StarvationForecast | null;
  notes: string[];
  citations: Citation[];
}

// ---------------------------------------------------------------------------------------------
// Helpers

function spreadOf(masses: Map<number, number> | number[], offset = 0): Spread | null {
  const entries: [number, number][] = Array.isArray(masses)
    ? masses.map((p, i) => [i + offset, p] as [number, number]).filter(([, p]) => p > 0)
    : [...masses.entries()].filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((a, [, p]) => a + p, 0);
  if (total <= 0) return null;
  let mean = 0;
  for (const [x, p] of entries) mean += x * p;
  mean /= total;
  const q = (f: number) => {
    let c = 0;
    for (const [x, p] of entries) {
      c += p / total;
      if (c >= f - 1e-12) return x;
    }
    return entries[entries.length - 1]![0];
  };
  return {
    mean,
    p5: q(0.05),
    median: q(0.5),
    p95: q(0.95),
    min: entries[0]![0],
    max: entries[entries.length - 1]![0],
    probability: total,
  };
}

/** newuhs(): chance the faint roll passes at nutrition h (h <= 0, already Fainting). */
function passChance(h: number, version: NethackVersion): number {
  const d = faintDivisor(h, version);
  const sides = 20 - d;
  return (sides - 19) / sides;
}

// ---------------------------------------------------------------------------------------------
// Dynamic programming over (nutrition, helpless turns left)

interface DpSeed {
  /** Turn index (turns from now) whose processing is complete. */
  t: number;
  /** state: nutrition h, helpless count m (0 = awake), probability p. */
  states: { h: number; m: number; p: number }[];
}

interface DpResult {
  crossing: { hungry: Map<number, number>; weak: Map<number, number>; fainting: Map<number, number> };
  death: Map<number, number>;
  expectedFaints: number;
  expectedTurnsFainted: number;
  /** False when the faint count was not tracked (collapsed DP). */
  faintsCounted: boolean;
  snapshot: { alive: Map<number, number>; byStatus: Partial<Record<NethackStatus | 'Dead', number>> } | null;
  endT: number;
  aliveAtEnd: number;
}

/**
 * REFERENCE PATCH (floor): the grid's floor was limit - 160, where mass was clamped; a 3.4.3 hero who
 * burns fast outlives that at the 1e-9 level (the pass chance grows with depth), so the floor now
 * follows the fastest descent from the lowest start until survival is below 1e-16 (as the engine's
 * starvationFloor(), written again here).
 */
function referenceFloor(
  profile: BurnProfile,
  flags: BurnFlags,
  attacks: number,
  v: NethackVersion,
  lowest: number,
): number {
  let burn = 0;
  for (let m = 0; m < 20; m++) burn = Math.max(burn, callPmf(profile, flags, m, profile.unaware).length - 1);
  let h = lowest - 1;
  let logSurvival = 0;
  for (let calls = 0; burn > 0 && logSurvival > Math.log(1e-16) && calls < 100_000; calls++) {
    h -= burn;
    logSurvival += Math.log(passChance(h, v));
  }
  void attacks;
  return Math.min(h, lowest - 160) - 10;
}

function runDp(opts: {
  profile: BurnProfile;
  flags: BurnFlags;
  moves0: number;
  attacks: number;
  limit: number;
  seed: DpSeed;
  snapshotAt: number | null;
  hTop: number;
}): DpResult {
  const { profile, flags, moves0, attacks, limit, seed, snapshotAt } = opts;
  const v = profile.version;
  const hTop = Math.max(opts.hTop, 1);
  // Below the limit every update can kill; mass 160 below it (or below a hero who starts lower)
  // is negligible. (It used to be limit - 160 even for heroes already below that, whose nutrition
  // was then clamped up to it.)
  const hBottom = referenceFloor(profile, flags, attacks, v, Math.min(limit, ...seed.states.map((s) => s.h)));
  const width = hTop - hBottom + 1;
  const mMax = 10 - faintDivisor(hBottom, v) + 1;
  const idx = (h: number) => Math.max(h, hBottom) - hBottom;

  let cur: Float64Array[] = Array.from({ length: mMax + 1 }, () => new Float64Array(width));
  let nxt: Float64Array[] = Array.from({ length: mMax + 1 }, () => new Float64Array(width));
  const lo = new Int32Array(mMax + 1).fill(width);
  const hi = new Int32Array(mMax + 1).fill(-1);
  const nlo = new Int32Array(mMax + 1);
  const nhi = new Int32Array(mMax + 1);
  const put = (arr: Float64Array[], l: Int32Array, hh: Int32Array, m: number, h: number, p: number) => {
    const i = idx(h);
    arr[m]![i]! += p;
    if (i < l[m]!) l[m] = i;
    if (i > hh[m]!) hh[m] = i;
  };
  for (const s of seed.states) put(cur, lo, hi, s.m, s.h, s.p);

  const crossing = {
    hungry: new Map<number, number>(),
    weak: new Map<number, number>(),
    fainting: new Map<number, number>(),
  };
  const death = new Map<number, number>();
  const addAt = (map: Map<number, number>, t: number, p: number) => map.set(t, (map.get(t) ?? 0) + p);
  let expectedFaints = 0;
  let expectedTurnsFainted = 0;
  let snapshot: DpResult['snapshot'] = null;
  let alive = seed.states.reduce((a, s) => a + s.p, 0);
  const pass = new Float64Array(width);
  for (let i = 0; i < width; i++) pass[i] = passChance(Math.min(0, i + hBottom), v);
  const durOf = (h: number) => 10 - faintDivisor(h, v);
  const fainted3_4 = v === '3.4.3'; // 3.4.3: a fainted hero is not asleep, full base burn

  /** The state at the prompt of turn t: `parts` are the vectors holding alive mass, `deadNow` deaths of turn t so far. */
  const takeSnapshot = (t: number, parts?: { row: Float64Array; from: number; to: number }[], deadNow = 0) => {
    const aliveMap = new Map<number, number>();
    const byStatus: Partial<Record<NethackStatus | 'Dead', number>> = {};
    const sources = parts ?? Array.from({ length: mMax + 1 }, (_, m) => ({ row: cur[m]!, from: lo[m]!, to: hi[m]! }));
    for (const { row, from, to } of sources) {
      for (let i = from; i <= to; i++) {
        const p = row[i]!;
        if (p <= 0) continue;
        const h = i + hBottom;
        aliveMap.set(h, (aliveMap.get(h) ?? 0) + p);
        const st = statusFor(h);
        byStatus[st] = (byStatus[st] ?? 0) + p;
      }
    }
    let dead = deadNow;
    for (const [tt, p] of death) if (tt <= t) dead += p;
    if (dead > 0) byStatus.Dead = dead;
    snapshot = { alive: aliveMap, byStatus };
  };

  let t = seed.t;
  if (snapshotAt !== null && snapshotAt === t) takeSnapshot(t);
  // At the prompt of turn T the hero acts (its attacks, moves = T) before moveloop() runs the turn
  // call of T + 1 (issue 11.1): a DP that starts now first runs "turn 0", the attacks alone.
  let leadingAttacks = seed.t === 0 && attacks > 0;
  const work = new Float64Array(width);
  const work2 = new Float64Array(width);
  const wake = new Float64Array(width);
  let wakeLo = width;
  let wakeHi = -1;
  const awakeCache: number[][] = [];
  const faintCache: number[][] = [];
  // When fainting does not change the burn (no base charge to slow, or 3.4.3, or asleep anyway)
  // and there are no attacks to skip, the death hazard ignores m: one row suffices. Faints are
  // then not counted (that needs m).
  const fastFaint = flags.base === 0 || v === '3.4.3' || profile.unaware;
  const collapse = fastFaint && attacks === 0;
  if (collapse) {
    for (let m = 1; m <= mMax; m++) {
      for (let i = lo[m]!; i <= hi[m]!; i++) {
        const p = cur[m]![i]!;
        if (p) put(cur, lo, hi, 0, i + hBottom, p);
        cur[m]![i] = 0;
      }
      lo[m] = width;
      hi[m] = -1;
    }
  }
  while (t < DP_MAX_TURNS) {
    const noneLeft = alive < DP_EPSILON;
    if (noneLeft && (snapshotAt === null || snapshotAt <= t)) break;
    if (noneLeft && snapshotAt !== null) {
      t = snapshotAt;
      takeSnapshot(t);
      break;
    }
    const leading = leadingAttacks;
    leadingAttacks = false;
    if (!leading) t++;
    const moves = moves0 + t;
    let deadNow = 0;
    let crossH = 0;
    let crossW = 0;
    let crossF = 0;
    const slot = ((moves % 20) + 20) % 20; // every call's burn depends on moves only through moves % 20
    const pmfAwake = (awakeCache[slot] ??= callPmf(profile, flags, moves, profile.unaware));
    const pmfFaint = (faintCache[slot] ??= callPmf(profile, flags, moves, profile.unaware || !fainted3_4));
    for (let m = 0; m <= mMax; m++) {
      nlo[m] = width;
      nhi[m] = -1;
    }
    // Fainted (m > 0): Unaware call, roll passes harmlessly or fails into the starvation check.
    // Turn 0 has no turn call: fainted heroes stay as they are.
    for (let m = 1; m <= mMax && leading; m++) {
      for (let i = lo[m]!; i <= hi[m]!; i++) {
        const p = cur[m]![i]!;
        if (p) put(nxt, nlo, nhi, m, i + hBottom, p);
        cur[m]![i] = 0;
      }
    }
    for (let m = 1; m <= mMax && !leading; m++) {
      const row = cur[m]!;
      for (let i = lo[m]!; i <= hi[m]!; i++) {
        const p = row[i]!;
        if (p === 0) continue;
        row[i] = 0;
        const h = i + hBottom;
        for (let k = 0; k < pmfFaint.length; k++) {
          const q = pmfFaint[k]!;
          if (q === 0) continue;
          const h2 = h - k;
          let p2 = p * q;
          if (h2 < limit) {
            const ps = pass[idx(h2)]!;
            const die = p2 * (1 - ps);
            deadNow += die;
            p2 -= die;
          }
          // ++multi at the end of the turn block. When it reaches 0, unmul() wakes the hero, who
          // then acts on this same turn (moveloop() reaches rhack() with multi == 0: 3.6.7
          // src/allmain.c:321-326 then 431-435; 3.4.3 allmain.c:284 then 404-408): that turn's
          // attacks are made awake.
          if (m === 1 && attacks > 0) {
            const j = idx(h2);
            wake[j]! += p2;
            if (j < wakeLo) wakeLo = j;
            if (j > wakeHi) wakeHi = j;
          } else put(nxt, nlo, nhi, m - 1, h2, p2);
        }
      }
    }
    // Awake (m = 0): the turn's call, then each attack (every call is one gethungry()).
    let wlo = lo[0]!;
    let whi = hi[0]!;
    for (let i = wlo; i <= whi; i++) {
      work[i] = cur[0]![i]!;
      cur[0]![i] = 0;
    }
    let midSnapshot = !leading && attacks > 0 && snapshotAt === t;
    const snapshotBeforeAttacks = () => {
      // The prompt of turn t: after its turn call, before the hero's attacks (moves = T + t).
      const parts: { row: Float64Array; from: number; to: number }[] = [
        { row: work, from: wlo, to: whi },
        { row: wake, from: wakeLo, to: wakeHi },
      ];
      for (let m = 1; m <= mMax; m++) parts.push({ row: nxt[m]!, from: nlo[m]!, to: nhi[m]! });
      takeSnapshot(t, parts, deadNow);
      midSnapshot = false;
    };
    for (let call = leading ? 1 : 0; call <= attacks && (whi >= wlo || wakeHi >= wakeLo); call++) {
      if (call === 1 && midSnapshot) snapshotBeforeAttacks();
      if (call === 1 && wakeHi >= wakeLo) {
        // heroes who woke up at the end of this turn's block join for the attacks
        for (let i = wakeLo; i <= wakeHi; i++) {
          work[i]! += wake[i]!;
          wake[i] = 0;
        }
        if (wlo > whi) {
          wlo = wakeLo;
          whi = wakeHi;
        } else {
          wlo = Math.min(wlo, wakeLo);
          whi = Math.max(whi, wakeHi);
        }
        wakeLo = width;
        wakeHi = -1;
      }
      const faintShift = call === 0 ? -1 : 0; // turn-call faint: this turn's ++multi still follows
      let olo = width;
      let ohi = -1;
      for (let i = wlo; i <= whi; i++) {
        const p = work[i]!;
        if (p === 0) continue;
        work[i] = 0;
        const h = i + hBottom;
        for (let k = 0; k < pmfAwake.length; k++) {
          const q = pmfAwake[k]!;
          if (q === 0) continue;
          const h2 = h - k;
          const p2 = p * q;
          if (h > 150 && h2 <= 150) crossH += p2;
          if (h > 50 && h2 <= 50) crossW += p2;
          let stay = p2;
          if (h2 <= 0) {
            const first = h > 0; // u.uhs <= WEAK: the roll passes for sure
            if (first) crossF += p2;
            const faint = first ? p2 : p2 * pass[idx(h2)]!;
            stay = p2 - faint;
            if (faint > 0) {
              if (profile.unaware)
                stay += faint; // asleep (multi < 0): a passing roll does nothing
              else if (collapse)
                stay += faint; // m does not change the burn: one row
              else {
                const dur = durOf(h2);
                expectedFaints += faint;
                expectedTurnsFainted += faint * dur;
                put(nxt, nlo, nhi, Math.min(mMax, dur + faintShift), h2, faint);
              }
            }
            const failed = first ? 0 : p2 - faint;
            if (failed > 0 && h2 < limit) {
              deadNow += failed;
              stay -= failed;
            }
          }
          if (stay > 0) {
            const j = idx(h2);
            work2[j]! += stay;
            if (j < olo) olo = j;
            if (j > ohi) ohi = j;
          }
        }
      }
      // work2 becomes the input of the next call
      for (let i = olo; i <= ohi; i++) {
        work[i] = work2[i]!;
        work2[i] = 0;
      }
      wlo = olo;
      whi = ohi;
    }
    if (midSnapshot) snapshotBeforeAttacks(); // nobody left awake to attack
    for (let i = wlo; i <= whi; i++) {
      const p = work[i]!;
      if (p !== 0) put(nxt, nlo, nhi, 0, i + hBottom, p);
      work[i] = 0;
    }
    if (deadNow > 0) {
      death.set(t, deadNow);
      alive -= deadNow;
    }
    if (crossH > 0) addAt(crossing.hungry, t, crossH);
    if (crossW > 0) addAt(crossing.weak, t, crossW);
    if (crossF > 0) addAt(crossing.fainting, t, crossF);
    // swap
    const tmp = cur;
    cur = nxt;
    nxt = tmp;
    for (let m = 0; m <= mMax; m++) {
      lo[m] = nlo[m]!;
      hi[m] = nhi[m]!;
      // prune negligible mass at the edges
      const row = cur[m]!;
      let l = lo[m]!;
      let hh = hi[m]!;
      while (l <= hh && row[l]! < PRUNE) row[l++] = 0;
      while (hh >= l && row[hh]! < PRUNE) row[hh--] = 0;
      lo[m] = l;
      hi[m] = hh;
    }
    if (snapshotAt !== null && t === snapshotAt && !leading && attacks === 0) takeSnapshot(t);
  }
  return {
    crossing,
    death,
    expectedFaints,
    expectedTurnsFainted,
    faintsCounted: !collapse,
    snapshot,
    endT: t,
    aliveAtEnd: alive,
  };
}

// ---------------------------------------------------------------------------------------------
// The forecast

const THRESHOLDS: { status: 'Hungry' | 'Weak' | 'Fainting'; at: number }[] = [
  { status: 'Hungry', at: 150 },
  { status: 'Weak', at: 50 },
  { status: 'Fainting', at: 0 },
];

export function forecast(input: ForecastInput): ForecastResult {
  const profile = input.profile;
  const v = profile.version;
  const h0 = input.nutrition;
  const moves0 = input.moves ?? 1;
  const con = input.con ?? 18;
  const after = input.after ?? null;
  if (!Number.isInteger(h0)) throw new RangeError('nutrition must be an integer');
  if (!Number.isInteger(moves0) || moves0 < 1) throw new RangeError('moves must be an integer >= 1');
  if (after !== null && (!Number.isInteger(after) || after < 0 || after > MAX_FORECAST_TURNS))
    throw new RangeError(`after must be 0..${MAX_FORECAST_TURNS}`);
  const flags = burnFlags(profile);
  const attackCheck = canAttack(profile);
  const attacksAsked = input.attacksPerTurn ?? 0;
  const attacks = attacksAsked > 0 && attackCheck.ok ? attacksAsked : 0;
  const limit = starvationLimit(con, v);
  const exact = isExact(profile, flags);
  const notes: string[] = [];
  const citations: Citation[] = [
    cite(v, 'gethungry', 'burn per turn'),
    cite(v, 'moveloop', 'one gethungry() per game turn'),
    cite(v, 'newuhs', 'status bands'),
  ];

  const sources = expectedPer20(profile, flags);
  for (const s of sources) citations.push(s.citation);
  const basePer20 = sources.reduce((a, s) => a + s.per20, 0);
  const per20 = basePer20 * (1 + attacks);
  if (attacks > 0) citations.push(attackCheck.citation);
  const attackNote =
    attacksAsked > 0 && !attackCheck.ok
      ? `Attacks ignored: ${attackCheck.reason}.`
      : attacks > 0
        ? v === '5.0'
          ? `Each of the ${attacks} attacks per turn makes its own gethungry() call with a fresh rn2(20) draw.`
          : `Each of the ${attacks} attacks per turn repeats that turn's whole gethungry() charge (same moves).`
        : null;
  if (attackNote) notes.push(attackNote);
  if (
    profile.regeneration === 'ring' &&
    !(profile.leftRing?.property === 'REGENERATION' || profile.rightRing?.property === 'REGENERATION')
  )
    notes.push(
      'Regeneration from a ring whose hand is not given: its own 1-per-20-turn ring charge is not counted (name it as left_ring or right_ring).',
    );
  if (
    profile.conflict === 'ring' &&
    !(profile.leftRing?.property === 'CONFLICT' || profile.rightRing?.property === 'CONFLICT')
  )
    notes.push('Conflict from a ring whose hand is not given: its own 1-per-20-turn ring charge is not counted.');
  for (const r of [profile.leftRing, profile.rightRing]) {
    if (r?.chargeable && r.enchantment === 0)
      notes.push(
        `A +0 ${r.label.replace(/ \+0$/, '')} ${v === '5.0' && r.type === 'protection' ? 'costs only if it is your only extrinsic Protection (5.0)' : 'costs no ring hunger'}.`,
      );
  }
  if (v === '5.0' && flags.slowDigestionArmor)
    notes.push(
      'Slow digestion without a ring of slow digestion is taken to come from white dragon armor, which burns on case 0 (5.0).',
    );

  let next20: number[] | null = null;
  const milestones: Milestone[] = [];
  let afterK: AfterK | null = null;
  let starvation: StarvationForecast | null = null;
  let methodText: string;

  const mkMilestone = (status: Milestone['status'], at: number): Milestone => ({
    status,
    atOrBelow: at,
    already: h0 <= at,
    exact: true,
    turns: null,
    moves: null,
    nutrition: null,
    call: null,
    turnsDistribution: null,
    never: false,
  });

  const deathSpread = (dp: DpResult, offsetTurns = 0): Spread | null => {
    const m = new Map<number, number>();
    for (const [t, p] of dp.death) m.set(t + offsetTurns, p);
    return spreadOf(m);
  };

  if (exact) {
    const cycle = buildCycle(profile, moves0, attacks, flags);
    const leadTick = profile.invulnerable ? 0 : tickAt(flags, moves0);
    next20 = cycle.burn;
    methodText =
      'Exact: gethungry() burns a fixed amount each turn that depends only on moves % 20, so the 20-turn table of burns and its running totals give every milestone directly (no turn-by-turn stepping).';
    let faintCross: ExactCrossing | null = null;
    for (const th of THRESHOLDS) {
      const ms = mkMilestone(th.status, th.at);
      const c = exactCrossingFromPrompt(cycle, leadTick, attacks, h0, th.at);
      if (ms.already) {
        ms.turns = 0;
        ms.moves = moves0;
        ms.nutrition = h0;
      } else if (!c) ms.never = true;
      else {
        ms.turns = c.turns;
        ms.moves = moves0 + c.turns;
        ms.nutrition = c.nutrition;
        ms.call = c.call === 0 ? 'turn' : `attack ${c.call}`;
        if (th.status === 'Fainting') faintCross = c;
      }
      milestones.push(ms);
    }
    // The first prompt at which the hero is fainted: after the turn call that crossed, or the
    // prompt after the one whose attack crossed.
    const faintTurn = faintCross ? faintCross.turns + (faintCross.call === 0 ? 0 : 1) : h0 <= 0 ? 0 : null;
    if (after !== null) {
      if (faintTurn === null || after < faintTurn) {
        const burned =
          leadingBurn(profile, flags, moves0, attacks) +
          burnedOver(cycle, after) -
          leadingBurn(profile, flags, moves0 + after, attacks);
        const h = h0 - burned;
        afterK = {
          turns: after,
          moves: moves0 + after,
          exact: true,
          nutrition: h,
          status: statusFor(h),
          probabilityDead: 0,
          nutritionDistribution: null,
          statusProbabilities: null,
          note: null,
        };
      }
    }
    const needAfterDp = after !== null && afterK === null;
    if ((!input.skipStarvation && faintTurn !== null) || needAfterDp) {
      citations.push(
        cite(v, 'faintRoll', 'faint roll and length'),
        cite(v, 'starvation', 'starvation limit'),
        cite(v, 'helplessCount', 'helpless count in turns'),
      );
      // Seed the DP at the crossing call (or now, if already Fainting).
      let seed: DpSeed;
      let firstFaintTurns: number | null = null;
      if (faintCross && h0 > 0) {
        // Entering Fainting always passes the roll; an asleep hero (multi < 0) does not faint.
        const dur = 10 - faintDivisor(faintCross.nutrition, v);
        firstFaintTurns = profile.unaware ? null : dur;
        const m = profile.unaware ? 0 : faintCross.call === 0 ? dur - 1 : dur;
        seed = { t: faintCross.turns, states: [{ h: faintCross.nutrition, m, p: 1 }] };
      } else seed = { t: 0, states: [{ h: h0, m: 0, p: 1 }] };
      const dp = runDp({
        profile,
        flags,
        moves0,
        attacks,
        limit,
        seed,
        snapshotAt: afterK ? null : after,
        hTop: Math.max(h0, 1),
      });
      const ds = deathSpread(dp);
      if (!input.skipStarvation)
        starvation = {
          con,
          limit,
          firstFaintTurns,
          expectedFaints: dp.faintsCounted ? dp.expectedFaints + (firstFaintTurns !== null ? 1 : 0) : null,
          expectedTurnsFainted: dp.faintsCounted ? dp.expectedTurnsFainted + (firstFaintTurns ?? 0) : null,
          deathTurns: ds,
          deathMoves: ds ? { p5: moves0 + ds.p5, median: moves0 + ds.median, p95: moves0 + ds.p95 } : null,
          method:
            'Exact distribution by dynamic programming over (nutrition, helpless turns left), turn by turn from the first faint: each hunger update rolls rn2(20 - d) >= 19 to faint (10 - d turns, burning the base charge 1 turn in 10 while fainted) and, when that roll fails, dies if nutrition < -(100 + 10 x Con).'
              .replace('-(100 + 10 x Con)', v === '3.4.3' ? '-(200 + 20 x Con)' : '-(100 + 10 x Con)')
              .replace(
                ' (10 - d turns, burning the base charge 1 turn in 10 while fainted)',
                v === '3.4.3'
                  ? ' (10 - d turns, full burn while fainted)'
                  : ' (10 - d turns, burning the base charge 1 turn in 10 while fainted)',
              ),
        };
      if (after !== null && afterK === null) afterK = afterFromDp(dp, after, moves0);
      if (dp.aliveAtEnd >= DP_EPSILON && dp.endT >= DP_MAX_TURNS)
        notes.push(`Starvation distribution cut at ${DP_MAX_TURNS.toLocaleString('en-US')} turns.`);
    }
  } else {
    methodText =
      v === '5.0'
        ? '5.0 draws accessorytime = rn2(20) on every gethungry() call (src/eat.c), so the burn is random: exact distributions by dynamic programming over nutrition, turn by turn (mean and 5th-95th percentile).'
        : 'Unaware: the base charge is taken on 1 turn in 10 (rn2(10)), so the burn is random: exact distributions by dynamic programming over nutrition, turn by turn.';
    if (v === '5.0') citations.push(cite(v, 'accessoryRandom', 'accessorytime = rn2(20) per call'));
    citations.push(cite(v, 'faintRoll', 'faint roll and length'), cite(v, 'starvation', 'starvation limit'));
    const perCall = pmfMean(callPmf(profile, flags, moves0 + 1, profile.unaware));
    if (perCall === 0) {
      for (const th of THRESHOLDS) {
        const ms = mkMilestone(th.status, th.at);
        ms.never = !ms.already;
        if (ms.already) {
          ms.turns = 0;
          ms.moves = moves0;
          ms.nutrition = h0;
        }
        milestones.push(ms);
      }
      if (after !== null)
        afterK = {
          turns: after,
          moves: moves0 + after,
          exact: true,
          nutrition: h0,
          status: statusFor(h0),
          probabilityDead: 0,
          nutritionDistribution: null,
          statusProbabilities: null,
          note: 'Nothing burns.',
        };
    } else {
      const dp = runDp({
        profile,
        flags,
        moves0,
        attacks,
        limit,
        seed: { t: 0, states: [{ h: h0, m: 0, p: 1 }] },
        snapshotAt: after,
        hTop: Math.max(h0, 1),
      });
      const maps = { Hungry: dp.crossing.hungry, Weak: dp.crossing.weak, Fainting: dp.crossing.fainting };
      for (const th of THRESHOLDS) {
        const ms = mkMilestone(th.status, th.at);
        ms.exact = false;
        if (ms.already) {
          ms.exact = true;
          ms.turns = 0;
          ms.moves = moves0;
          ms.nutrition = h0;
        } else {
          ms.turnsDistribution = spreadOf(maps[th.status]);
          ms.never = ms.turnsDistribution === null;
        }
        milestones.push(ms);
      }
      if (after !== null) afterK = afterFromDp(dp, after, moves0);
      if (!input.skipStarvation) {
        const ds = deathSpread(dp);
        starvation = {
          con,
          limit,
          firstFaintTurns: null,
          expectedFaints: dp.faintsCounted ? dp.expectedFaints : null,
          expectedTurnsFainted: dp.faintsCounted ? dp.expectedTurnsFainted : null,
          deathTurns: ds,
          deathMoves: ds ? { p5: moves0 + ds.p5, median: moves0 + ds.median, p95: moves0 + ds.p95 } : null,
          method: `Exact distribution by dynamic programming over (nutrition, helpless turns left), turn by turn from now, with the random burn of each call, the faint rolls and the starvation check of newuhs().`,
        };
      }
    }
  }

  return {
    game: 'nethack',
    version: v,
    input: { nutrition: h0, moves: moves0, attacksPerTurn: attacksAsked, con, after, profile },
    status: statusFor(h0),
    method: exact ? 'exact-cycle' : 'distribution-dp',
    methodText,
    sources,
    per20,
    next20,
    attacks: { perTurn: attacksAsked, applied: attacks, note: attackNote },
    milestones,
    after: afterK,
    starvation,
    notes,
    citations,
  };
}

function afterFromDp(dp: DpResult, after: number, moves0: number): AfterK {
  const snap = dp.snapshot as DpResult['snapshot'];
  if (!snap) {
    // The DP ended before `after`: everyone is dead by then (or the cap was hit).
    let dead = 0;
    for (const [, p] of dp.death) dead += p;
    return {
      turns: after,
      moves: moves0 + after,
      exact: false,
      nutrition: null,
      status: dead > 1 - 1e-6 ? 'Dead' : null,
      probabilityDead: dead,
      nutritionDistribution: null,
      statusProbabilities: { Dead: dead },
      note: 'Past the last turn anyone survives.',
    };
  }
  const dead = snap.byStatus.Dead ?? 0;
  const dist = spreadOf(snap.alive);
  const single = dist && dist.min === dist.max && dead === 0 ? dist.min : null;
  return {
    turns: after,
    moves: moves0 + after,
    exact: single !== null,
    nutrition: single,
    status: single !== null ? statusFor(single) : dead > 1 - 1e-6 ? 'Dead' : null,
    probabilityDead: dead,
    nutritionDistribution: dist,
    statusProbabilities: snap.byStatus,
    note: null,
  };
}
