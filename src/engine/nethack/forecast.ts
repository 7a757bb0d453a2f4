// Hunger forecast: when a hero becomes Hungry, Weak and Fainting, nutrition after K turns, and
// past Fainting the fainting spells and the turn of death by starvation.
//
// Turn convention: see burn.ts and calls.ts. "Now" is the prompt of moves = T: the hero's
// `attacks` melee attacks call gethungry() with moves = T (src/hack.c overexertion()), then the
// turn ends and the turn call runs with moves = T + 1, then the attacks of the prompt of T + 1,
// and so on. An event's `turns` is the moves of the call that caused it minus T; "after K turns"
// is the prompt of T + K (its turn call made, its attacks not yet).
//
// Method, in phases. 3.6.7 and 3.4.3 burn a fixed amount on each call that depends only on
// moves % 20 (src/eat.c gethungry()), so the milestones and "after K turns" before Fainting are
// constant-time arithmetic (cycle.ts). Random burns (5.0's rn2(20) per call, the 1-in-10 base
// burn while Unaware) never go negative, so "Hungry by turn u" is "burned at least h0 - 150 by
// then": exact distributions of sums (sums.ts). Past Fainting the faint rolls make even a fixed
// burn random: the starvation walk (starvation.ts), cached per burn profile. All three are exact
// up to the cuts each file states; docs/json/nethack.md gives the error bound.
import { lastMilestoneTurns, nutritionSeries, seriesHorizon, type SeriesPoint } from './series.ts';
import type { Citation, NethackVersion } from '../cite.ts';
import { faintDivisor, starvationLimit, statusFor, type NethackStatus } from './status.ts';
import { burnFlags, canAttack, expectedPer20, tickAt, type BurnProfile, type SourceRow } from './burn.ts';
import { cite } from './sources.ts';
import { buildCallModel, collapses, effectiveAttacks, blockCalls, phaseOf, type CallModel } from './calls.ts';
import { buildCycle, burnedFromPrompt, exactCrossing, promptAfter, type Cycle, type ExactCrossing } from './cycle.ts';
import {
  below,
  BlockSums,
  crossingCalls,
  type BlockCrossing,
  type CallCrossing,
  type CrossingRequest,
  type Sums,
} from './sums.ts';
import { binomialSums } from './binomial.ts';
import {
  convolve,
  convolvesDirectly,
  pointMass,
  spreadOf,
  sumOfConvolutions,
  total,
  type OffsetPmf,
  type Spread,
} from './distributions.ts';
import {
  addSeed,
  emptySeeds,
  EntryLog,
  runHazard,
  runWalk,
  WALK_EPSILON,
  WALK_MAX_TURNS,
  type HelplessSeed,
  type WalkMass,
  type WalkOptions,
  type WalkResult,
} from './starvation.ts';
import { kindWalks } from './laneSplit.ts';
import { pairModel, pairWalkable, runAwakeWalk, runLaneWalk } from './pairWalk.ts';
import { IterationMasses } from './iterationMasses.ts';
import {
  cachedCrossing,
  cachedWalk,
  storedCrossing,
  isCached,
  resizeSumsTables,
  storedHazard,
  storeHazard,
  storeWalk,
  sumsTables,
  type StoredHazard,
} from './walkCache.ts';

export { advance, buildCycle, burnedOver, isExact, leadingBurn, type AdvanceResult, type Cycle } from './cycle.ts';
export type { Spread } from './distributions.ts';

export const MAX_FORECAST_TURNS = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Results

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
  /** Also compute the nutrition curve (`series`) a chart draws. */
  series?: boolean;
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
  /** The nutrition curve to just past the last milestone (only when asked: `series: true`). */
  series?: SeriesPoint[];
}

// ---------------------------------------------------------------------------------------------
// Phase 0: inputs, burn sources, notes

const THRESHOLDS: { status: 'Hungry' | 'Weak' | 'Fainting'; at: number }[] = [
  { status: 'Hungry', at: 150 },
  { status: 'Weak', at: 50 },
  { status: 'Fainting', at: 0 },
];

interface Context {
  profile: BurnProfile;
  v: NethackVersion;
  h0: number;
  moves0: number;
  con: number;
  after: number | null;
  skip: boolean;
  attacksAsked: number;
  model: CallModel;
  limit: number;
  sources: SourceRow[];
  per20: number;
  attackNote: string | null;
  notes: string[];
  citations: Citation[];
}

/** What each path (exact or random) works out. */
interface Body {
  methodText: string;
  next20: number[] | null;
  milestones: Milestone[];
  after: AfterK | null;
  starvation: StarvationForecast | null;
}

function prepare(input: ForecastInput): Context {
  const profile = input.profile;
  const v = profile.version;
  const h0 = input.nutrition;
  const moves0 = input.moves ?? 1;
  const con = input.con ?? 18;
  const after = input.after ?? null;
  if (!Number.isInteger(h0)) throw new RangeError('nutrition must be an integer');
  if (!Number.isInteger(moves0) || moves0 < 1) throw new RangeError('moves must be an integer >= 1');
  if (after !== null && (!Number.isInteger(after) || after < 0 || after > MAX_FORECAST_TURNS)) {
    throw new RangeError(`after must be 0..${MAX_FORECAST_TURNS}`);
  }
  const flags = burnFlags(profile);
  const attackCheck = canAttack(profile);
  const attacksAsked = input.attacksPerTurn ?? 0;
  const attacks = effectiveAttacks(profile, attacksAsked);
  const citations: Citation[] = [
    cite(v, 'gethungry', 'burn per turn'),
    cite(v, 'moveloop', 'one gethungry() per game turn'),
    cite(v, 'newuhs', 'status bands'),
  ];
  const sources = expectedPer20(profile, flags);
  for (const s of sources) citations.push(s.citation);
  const per20 = sources.reduce((a, s) => a + s.per20, 0) * (1 + attacks);
  if (attacks > 0) citations.push(attackCheck.citation);
  const attackNote =
    attacksAsked > 0 && !attackCheck.ok
      ? `Attacks ignored: ${attackCheck.reason}.`
      : attacks > 0
        ? v === '5.0'
          ? `Each of the ${attacks} attacks per turn makes its own gethungry() call with a fresh rn2(20) draw.`
          : `Each of the ${attacks} attacks per turn repeats that turn's whole gethungry() charge (same moves).`
        : null;
  const model = buildCallModel(profile, flags, attacks);
  const notes = profileNotes(profile, model, attackNote);
  return {
    profile,
    v,
    h0,
    moves0,
    con,
    after,
    skip: input.skipStarvation === true,
    attacksAsked,
    model,
    limit: starvationLimit(con, v),
    sources,
    per20,
    attackNote,
    notes,
    citations,
  };
}

function profileNotes(profile: BurnProfile, model: CallModel, attackNote: string | null): string[] {
  const v = profile.version;
  const notes: string[] = [];
  if (attackNote) notes.push(attackNote);
  const worn = (prop: string) => profile.leftRing?.property === prop || profile.rightRing?.property === prop;
  if (profile.regeneration === 'ring' && !worn('REGENERATION'))
    notes.push(
      'Regeneration from a ring whose hand is not given: its own 1-per-20-turn ring charge is not counted ' +
        '(name it as left_ring or right_ring).',
    );
  if (profile.conflict === 'ring' && !worn('CONFLICT'))
    notes.push('Conflict from a ring whose hand is not given: its own 1-per-20-turn ring charge is not counted.');
  for (const r of [profile.leftRing, profile.rightRing]) {
    if (!r?.chargeable || r.enchantment !== 0) continue;
    const onlyProtection = v === '5.0' && r.type === 'protection';
    const what = onlyProtection ? 'costs only if it is your only extrinsic Protection (5.0)' : 'costs no ring hunger';
    notes.push(`A +0 ${r.label.replace(/ \+0$/, '')} ${what}.`);
  }
  if (v === '5.0' && model.flags.slowDigestionArmor)
    notes.push(
      'Slow digestion without a ring of slow digestion is taken to come from white dragon armor, ' +
        'which burns on case 0 (5.0).',
    );
  return notes;
}

export function forecast(input: ForecastInput): ForecastResult {
  const c = prepare(input);
  const body = c.model.exact ? exactForecast(c) : randomForecast(c);
  return {
    game: 'nethack',
    version: c.v,
    input: {
      nutrition: c.h0,
      moves: c.moves0,
      attacksPerTurn: c.attacksAsked,
      con: c.con,
      after: c.after,
      profile: c.profile,
    },
    status: statusFor(c.h0),
    method: c.model.exact ? 'exact-cycle' : 'distribution-dp',
    methodText: body.methodText,
    sources: c.sources,
    per20: c.per20,
    next20: body.next20,
    attacks: { perTurn: c.attacksAsked, applied: c.model.attacks, note: c.attackNote },
    milestones: body.milestones,
    after: body.after,
    starvation: body.starvation,
    notes: c.notes,
    citations: c.citations,
    ...(input.series ? { series: seriesOf(c, body.milestones) } : {}),
  };
}

/** The curve a chart draws, to just past the last milestone (series.ts). */
function seriesOf(c: Context, milestones: readonly Milestone[]): SeriesPoint[] {
  const horizon = seriesHorizon(lastMilestoneTurns(milestones));
  return nutritionSeries(c.h0, c.moves0, c.profile, horizon, c.model.attacks);
}

// ---------------------------------------------------------------------------------------------
// Shared pieces of the result

function milestone(c: Context, status: Milestone['status'], at: number): Milestone {
  const already = c.h0 <= at;
  return {
    status,
    atOrBelow: at,
    already,
    exact: true,
    turns: already ? 0 : null,
    moves: already ? c.moves0 : null,
    nutrition: already ? c.h0 : null,
    call: null,
    turnsDistribution: null,
    never: false,
  };
}

const SUPPORT = 1e-18;

/** The prompt `after` turns on, from the alive heroes' nutrition and the dead. */
function afterFromState(c: Context, alive: OffsetPmf, dead: number): AfterK {
  const after = c.after!;
  const byStatus: Partial<Record<NethackStatus | 'Dead', number>> = {};
  let lo: number | null = null;
  let hi: number | null = null;
  for (let i = 0; i < alive.p.length; i++) {
    const p = alive.p[i]!;
    if (!(p > 0)) continue;
    const st = statusFor(alive.offset + i);
    byStatus[st] = (byStatus[st] ?? 0) + p;
    if (p > SUPPORT) {
      lo ??= alive.offset + i;
      hi = alive.offset + i;
    }
  }
  if (dead > 0) byStatus.Dead = dead;
  const dist = spreadOf(alive);
  const single = dist && lo !== null && lo === hi && dead === 0 ? lo : null;
  return {
    turns: after,
    moves: c.moves0 + after,
    exact: single !== null,
    nutrition: single,
    status: single !== null ? statusFor(single) : dead > 1 - 1e-6 ? 'Dead' : null,
    probabilityDead: dead,
    nutritionDistribution: dist,
    statusProbabilities: byStatus,
    note: null,
  };
}

function deathSummary(c: Context, walk: WalkResult): Pick<StarvationForecast, 'deathTurns' | 'deathMoves'> {
  const deathTurns = walk.deathSpread ? walk.deathSpread() : spreadOf(walk.deaths);
  const m = c.moves0;
  return {
    deathTurns,
    deathMoves: deathTurns ? { p5: m + deathTurns.p5, median: m + deathTurns.median, p95: m + deathTurns.p95 } : null,
  };
}

/** The union of distributions over nutrition (disjoint or not). */
function mergeOverH(parts: OffsetPmf[]): OffsetPmf {
  const used = parts.filter((d) => d.p.length > 0);
  if (used.length === 0) return { offset: 0, p: new Float64Array(0) };
  const lo = Math.min(...used.map((d) => d.offset));
  const hi = Math.max(...used.map((d) => d.offset + d.p.length - 1));
  const p = new Float64Array(hi - lo + 1);
  for (const d of used) for (let i = 0; i < d.p.length; i++) p[d.offset + i - lo]! += d.p[i]!;
  return { offset: lo, p };
}

// ---------------------------------------------------------------------------------------------
// Phase 1a: fixed burn (3.6.7/3.4.3 awake)

const EXACT_METHOD =
  'Exact: gethungry() burns a fixed amount each turn that depends only on moves % 20, so the 20-turn table ' +
  'of burns and its running totals give every milestone directly (no turn-by-turn stepping).';

function exactStarvationMethod(v: NethackVersion): string {
  const faint =
    v === '3.4.3'
      ? ' (10 - d turns, full burn while fainted)'
      : ' (10 - d turns, burning the base charge 1 turn in 10 while fainted)';
  const limit = v === '3.4.3' ? '-(200 + 20 x Con)' : '-(100 + 10 x Con)';
  return (
    'Exact distribution by dynamic programming over (nutrition, helpless turns left), turn by turn from the first ' +
    `faint: each hunger update rolls rn2(20 - d) >= 19 to faint${faint} and, when that roll fails, dies if ` +
    `nutrition < ${limit}.`
  );
}

function exactForecast(c: Context): Body {
  const { profile, model, h0, moves0 } = c;
  const cycle = buildCycle(profile, moves0, model.attacks, model.flags);
  const leadTick = profile.invulnerable ? 0 : tickAt(model.flags, moves0);
  const crossings = THRESHOLDS.map((th) =>
    h0 <= th.at ? null : exactCrossing(cycle, leadTick, model.attacks, h0, th.at),
  );
  const milestones = THRESHOLDS.map((th, i) => exactMilestone(c, th, crossings[i]!));
  const faintCross = crossings[2]!;
  const faintPrompt = faintCross ? promptAfter(faintCross) : h0 <= 0 ? 0 : null;
  let after: AfterK | null = null;
  if (c.after !== null && (faintPrompt === null || c.after < faintPrompt)) {
    const h = h0 - burnedFromPrompt(profile, model.flags, cycle, moves0, c.after, model.attacks);
    after = {
      turns: c.after,
      moves: moves0 + c.after,
      exact: true,
      nutrition: h,
      status: statusFor(h),
      probabilityDead: 0,
      nutritionDistribution: null,
      statusProbabilities: null,
      note: null,
    };
  }
  let starvation: StarvationForecast | null = null;
  if ((!c.skip && faintPrompt !== null) || (c.after !== null && after === null)) {
    const v = c.v;
    c.citations.push(
      cite(v, 'faintRoll', 'faint roll and length'),
      cite(v, 'starvation', 'starvation limit'),
      cite(v, 'helplessCount', 'helpless count in turns'),
    );
    const firstFaint = faintCross && h0 > 0 && !profile.unaware;
    const firstFaintTurns = firstFaint ? 10 - faintDivisor(faintCross.nutrition, v) : null;
    if (cycle.total === 0 && h0 >= c.limit) {
      // Fainting already and nothing burns, awake or not: no call ever goes below the limit, and the
      // faints go on for ever (the old engine walked 2,500,000 turns to say so).
      if (!c.skip)
        starvation = {
          con: c.con,
          limit: c.limit,
          firstFaintTurns: null,
          expectedFaints: null,
          expectedTurnsFainted: null,
          deathTurns: null,
          deathMoves: null,
          method: exactStarvationMethod(v),
        };
      if (after === null && c.after !== null) after = afterFromState(c, pointMass(h0), 0);
      c.notes.push(
        'Nothing burns and the hero is above the starvation limit: never starves (the fainting spells go on for ever).',
      );
      return { methodText: EXACT_METHOD, next20: cycle.burn, milestones, after, starvation };
    }
    const walk = exactWalk(c, cycle, leadTick, faintCross, after === null ? c.after : null);
    if (!c.skip)
      starvation = {
        con: c.con,
        limit: c.limit,
        firstFaintTurns,
        expectedFaints: collapses(model) ? null : walk.expectedFaints,
        expectedTurnsFainted: collapses(model) ? null : walk.expectedTurnsFainted,
        ...deathSummary(c, walk),
        method: exactStarvationMethod(v),
      };
    if (after === null && c.after !== null) after = afterFromWalk(c, cycle, walk);
    if (walk.aliveAtEnd >= WALK_EPSILON && walk.endIteration >= WALK_MAX_TURNS - 1)
      c.notes.push(`Starvation distribution cut at ${WALK_MAX_TURNS.toLocaleString('en-US')} turns.`);
  }
  return { methodText: EXACT_METHOD, next20: cycle.burn, milestones, after, starvation };
}

/** The prompt `after` turns on, past the first faint. */
function afterFromWalk(c: Context, cycle: Cycle, walk: WalkResult): AfterK {
  if (c.after === 0) return afterFromState(c, pointMass(c.h0), 0);
  if (collapses(c.model)) {
    // Fainting changed nothing: until a call takes the hero below the limit the burn is fixed.
    const h = c.h0 - burnedFromPrompt(c.profile, c.model.flags, cycle, c.moves0, c.after!, c.model.attacks);
    if (h >= c.limit) return afterFromState(c, pointMass(h), 0);
  }
  return afterFromState(c, walk.snapshot!.alive, walk.snapshot!.dead);
}

function exactMilestone(c: Context, th: (typeof THRESHOLDS)[number], cross: ExactCrossing | null): Milestone {
  const ms = milestone(c, th.status, th.at);
  if (ms.already) return ms;
  if (!cross) return { ...ms, never: true };
  return {
    ...ms,
    turns: cross.turns,
    moves: c.moves0 + cross.turns,
    nutrition: cross.nutrition,
    call: cross.call === 0 ? 'turn' : `attack ${cross.call}`,
  };
}

/**
 * The starvation walk of a fixed-burn hero: from the certain first faint (or from now when already
 * Fainting), or, when fainting changes nothing, from the call that takes the hero below the limit.
 */
function exactWalk(
  c: Context,
  cycle: Cycle,
  leadTick: number,
  faintCross: ExactCrossing | null,
  snapshotAt: number | null,
): WalkResult {
  const { model, h0, moves0, limit } = c;
  const one = Float64Array.of(1);
  if (collapses(model)) {
    // attacks = 0 here: every call is a turn call, the crossing below the limit is one of them.
    const start = h0 < limit ? { top: h0, mass: one } : null;
    const entries = new EntryLog();
    const cross = start ? null : exactCrossing(cycle, leadTick, 0, h0, limit - 1);
    if (cross) entries.add(cross.turns, cross.nutrition, one);
    return runHazard({ model, moves0, limit, entries, start, snapshotAt, toTheEnd: !c.skip });
  }
  const seeds = emptySeeds();
  let seedIteration: number;
  let kind: string;
  if (faintCross && h0 > 0) {
    // Entering Fainting always faints (u.uhs <= WEAK); an attack's faint starts at the next iteration.
    const attack = faintCross.call !== 0;
    seedIteration = faintCross.turns + (attack ? 1 : 0);
    kind = attack ? 'attack' : 'turn';
    addSeed(attack ? seeds.attackFaints : seeds.turnFaints, seedIteration, { top: faintCross.nutrition, mass: one });
  } else {
    seedIteration = 1;
    kind = 'awake';
    addSeed(seeds.awake, 1, { top: h0, mass: one });
  }
  const top = faintCross && h0 > 0 ? faintCross.nutrition : h0;
  return cachedWalk({ model, moves0, limit, seeds, snapshotAt, toTheEnd: !c.skip }, seedIteration, `${kind}:${top}`);
}

// ---------------------------------------------------------------------------------------------
// Phase 1b: random burn (5.0's rn2(20) per call, or asleep with the 1-in-10 base charge)

function randomMethodText(v: NethackVersion): string {
  return v === '5.0'
    ? '5.0 draws accessorytime = rn2(20) on every gethungry() call (src/eat.c), so the burn is random: exact ' +
        'distributions by dynamic programming over nutrition, turn by turn (mean and 5th-95th percentile).'
    : 'Unaware: the base charge is taken on 1 turn in 10 (rn2(10)), so the burn is random: exact distributions by ' +
        'dynamic programming over nutrition, turn by turn.';
}

const RANDOM_STARVATION_METHOD =
  'Exact distribution by dynamic programming over (nutrition, helpless turns left), turn by turn from now, with the ' +
  'random burn of each call, the faint rolls and the starvation check of newuhs().';

function randomForecast(c: Context): Body {
  const v = c.v;
  if (v === '5.0') c.citations.push(cite(v, 'accessoryRandom', 'accessorytime = rn2(20) per call'));
  c.citations.push(cite(v, 'faintRoll', 'faint roll and length'), cite(v, 'starvation', 'starvation limit'));
  const methodText = randomMethodText(v);
  if (c.model.awake.every((p) => p.length === 1)) return nothingBurns(c, methodText);
  const binomial = binomialSums(c.model, c.moves0);
  const tables = binomial ? null : sumsTables(c.model, c.moves0);
  const sums = binomial ?? new BlockSums(c.model, c.moves0, tables!);
  const collapse = collapses(c.model);
  const needWalk = !c.skip || (c.after !== null && c.after > 0);
  const faints: FirstFaints = new Map();
  const collectFaints = (th: (typeof THRESHOLDS)[number]) => (!collapse && needWalk && th.at === 0 ? faints : null);
  const hazard = needWalk && collapse ? usableHazard(c) : undefined;
  // Every crossing in one sweep: the milestones ahead and, when fainting changes nothing, the limit.
  const near = maxBlockBurn(c.model, c.moves0);
  const ahead = THRESHOLDS.filter((th) => c.h0 > th.at);
  const requests = ahead.map((th) => milestoneRequest(c, th, near, collectFaints(th)));
  const entries = new EntryLog();
  const limitAhead = needWalk && collapse && c.h0 >= c.limit && !hazard;
  if (limitAhead) requests.push(limitRequest(c, near, entries));
  // BlockSums sweep every threshold together (the largest sets the sweep): the limit stays, without detail.
  else if (hazard && !binomial && c.h0 >= c.limit) requests.push({ d: c.h0 - c.limit + 1, near });
  const crosses = binomial ? binomialCrossings(c, binomial, requests) : sums.crossings(requests);
  const milestones = THRESHOLDS.map((th) => randomMilestone(c, th, crosses[ahead.indexOf(th)]));
  // Who is still before the walk at the prompt `after` turns on: burned less than `firstOut`.
  let firstOut = c.h0; // the first faint (h <= 0) takes a hero into the walk
  let lastIn = randomCrossingEnd(milestones[2]!, c.h0);
  let walk: WalkResult | null = null;
  if (needWalk && collapse) {
    firstOut = c.h0 - c.limit + 1; // here only going below the limit does
    if (hazard) {
      lastIn = hazard.crossingEnd;
      walk = hazardWalk(hazard, c.after);
    } else {
      const below = limitEntries(c, entries, limitAhead ? crosses[crosses.length - 1]! : null);
      lastIn = below.end;
      walk = runHazard({
        model: c.model,
        moves0: c.moves0,
        limit: c.limit,
        entries: below.entries,
        start: below.start,
        snapshotAt: c.after,
        toTheEnd: !c.skip,
      });
      if (!c.skip)
        storeHazard(c.model, c.moves0, c.h0, c.limit, { walk: { ...walk, snapshot: null }, crossingEnd: lastIn });
    }
  } else if (needWalk) walk = randomWalk(c, faints);
  const after = c.after === null ? null : randomAfter(c, sums, walk, firstOut, lastIn);
  if (tables) resizeSumsTables(c.model, c.moves0, tables);
  const starvation: StarvationForecast | null =
    c.skip || !walk
      ? null
      : {
          con: c.con,
          limit: c.limit,
          firstFaintTurns: null,
          expectedFaints: collapse ? null : walk.expectedFaints,
          expectedTurnsFainted: collapse ? null : walk.expectedTurnsFainted,
          ...deathSummary(c, walk),
          method: RANDOM_STARVATION_METHOD,
        };
  return { methodText, next20: null, milestones, after, starvation };
}

/**
 * Binomial sums sweep each threshold on its own (side by side), so a crossing without per-block
 * detail is the same read from the cache as run again: the others are swept together.
 */
function binomialCrossings(c: Context, sums: Sums, requests: CrossingRequest[]): BlockCrossing[] {
  const stored = requests.map((r) => (r.onBlock ? undefined : storedCrossing(c.model, c.moves0, r.d)));
  const missing = requests.filter((_, i) => !stored[i]);
  const swept = sums.crossings(missing);
  return requests.map((r, i) => {
    const hit = stored[i];
    if (hit) return hit;
    const crossing = swept[missing.indexOf(r)]!;
    return r.onBlock ? crossing : cachedCrossing(c.model, c.moves0, r.d, () => crossing);
  });
}

/**
 * A stored hazard walk (run to its end) that answers this forecast: the deaths, and the prompt `after`
 * turns on when it is past the walk's end (then runHazard() reads the same leftover). Otherwise undefined.
 */
function usableHazard(c: Context): StoredHazard | undefined {
  if (c.skip) return undefined;
  const hit = storedHazard(c.model, c.moves0, c.h0, c.limit);
  return hit && (c.after === null || c.after > hit.walk.endIteration) ? hit : undefined;
}

/** The stored walk as runHazard() would return it with this snapshot, its death spread computed once. */
function hazardWalk(stored: StoredHazard, after: number | null): WalkResult {
  const deathSpread = () => {
    const s = (stored.spread ??= spreadOf(stored.walk.deaths));
    return s && { ...s };
  };
  return { ...stored.walk, snapshot: after === null ? null : stored.walk.leftover!, deathSpread };
}

/**
 * First faints of a random burn, by kind: a turn call's faint (helpless at once, 9 - d calls to
 * come) or an attack's after its first helpless call, each from a nutrition h_f (which sets d).
 * Each kind has one fixed shape, so only its mass varies with the iteration: `at`.
 */
type FirstFaints = Map<number, FirstFaint>;

interface FirstFaint {
  /** "turn:h_f" or "attack:h_f". */
  name: string;
  seed: HelplessSeed;
  at: IterationMasses;
}

/**
 * When one walk over absolute time replaces one cached walk per kind of first faint: above
 * `maxShiftedKinds` kinds always; above `maxColdKinds` while the kinds' walks are not all cached
 * (then one walk costs about what each kind's would, so many kinds cost many times more cold; with
 * two kinds, cached walks keep the hero's next questions cheap).
 */
export const walkTuning = { maxShiftedKinds: 6, maxColdKinds: 2 };

/**
 * The starvation walk of a random burn (5.0, awake): from every first faint. The deaths come from
 * one cached walk per kind of first faint (or from one walk over absolute time: see walkTuning); the heroes' state at the prompt `after` turns on (when
 * someone may have fainted by then) from one walk over absolute time up to that prompt, or, past
 * the end of every walk, from what the cached walks left.
 */
function randomWalk(c: Context, faints: FirstFaints): WalkResult | null {
  if (c.h0 <= 0) {
    const seeds = emptySeeds();
    const start = { top: c.h0, mass: Float64Array.of(1) };
    addSeed(seeds.awake, 1, start);
    const o = { model: c.model, moves0: c.moves0, limit: c.limit, seeds, snapshotAt: c.after, toTheEnd: !c.skip };
    const key = `awake:${c.h0}`;
    // The lane walk runs it (1.3-1.5x runWalk()'s speed), stored for cachedWalk() to read back.
    if (o.toTheEnd && pairModel(c.model) && !isCached(o, 1, key))
      storeWalk(o, 1, key, runAwakeWalk(c.model, c.limit, start, 1));
    return cachedWalk(o, 1, key);
  }
  let first = Infinity;
  for (const f of faints.values()) first = Math.min(first, f.at.first());
  const snapshot = c.after !== null && c.after >= first;
  if (c.skip && !snapshot) return null; // the prompt asked for comes before anyone faints
  // Skipping the starvation distribution, the cached walks still answer when they are all there.
  const cached = () => [...faints.values()].every((f) => isCached(...kindWalk(c, f)));
  const shifted =
    faints.size <= walkTuning.maxShiftedKinds && (c.skip || faints.size > walkTuning.maxColdKinds ? cached() : true);
  if (!shifted) return absoluteWalk(c, faints, !c.skip);
  const walk = shiftedWalks(c, faints);
  if (snapshot) walk.snapshot = c.after! > walk.endIteration ? walk.leftover! : absoluteWalk(c, faints, false).snapshot;
  return walk;
}

/** One walk over absolute time from every first faint (up to the prompt `after` turns on, or to the end). */
function absoluteWalk(c: Context, faints: FirstFaints, toTheEnd: boolean): WalkResult {
  const seeds = emptySeeds();
  for (const f of faints.values())
    f.at.forEach((t, m) => {
      addSeed(seeds.helpless, t, { ...f.seed, mass: f.seed.mass.map((x) => x * m) });
    });
  return runWalk({ model: c.model, moves0: c.moves0, limit: c.limit, seeds, snapshotAt: c.after, toTheEnd });
}

/** The walk from one kind of first faint, seeded at iteration 1 (5.0: the same at every moves). */
type KindWalk = [o: WalkOptions, seedIteration: number, seed: string];

function kindWalk(c: Context, f: FirstFaint): KindWalk {
  const seeds = emptySeeds();
  addSeed(seeds.helpless, 1, f.seed);
  return [
    { model: c.model, moves0: 1, limit: c.limit, seeds, snapshotAt: null, toTheEnd: true },
    1,
    `helpless:${f.name}`,
  ];
}

/**
 * 5.0 burns the same at every moves: the walk from each kind of first faint is one cached walk,
 * shifted to each iteration it happens at and weighted by its probability there.
 */
function shiftedWalks(c: Context, faints: FirstFaints): WalkResult {
  pairKindWalks(c, faints);
  const pairs: [OffsetPmf, OffsetPmf][] = [];
  const left: OffsetPmf[] = [];
  let expectedFaints = 0;
  let expectedTurnsFainted = 0;
  let endIteration = 0;
  for (const f of faints.values()) {
    const w = cachedWalk(...kindWalk(c, f));
    const at = f.at.asPmf();
    pairs.push([at, { offset: w.deaths.offset - 1, p: w.deaths.p }]);
    const mass = total(at);
    expectedFaints += mass * w.expectedFaints;
    expectedTurnsFainted += mass * w.expectedTurnsFainted;
    endIteration = Math.max(endIteration, at.offset + at.p.length + w.endIteration);
    const alive = w.leftover!.alive;
    left.push({ offset: alive.offset, p: alive.p.map((x) => x * mass) });
  }
  const deaths = deathsOfKinds(pairs);
  const dead = total(deaths);
  return {
    deaths,
    expectedFaints,
    expectedTurnsFainted,
    endIteration,
    aliveAtEnd: 1 - dead,
    snapshot: null,
    leftover: { alive: mergeOverH(left), dead },
  };
}

/**
 * Two kinds of first faint (a turn call's and an attack's, or two nutritions) whose walks are not
 * cached: when the model allows (pairWalkable()), both walks in one pass, stored for cachedWalk() to
 * read back. One kind runs in the lane walk (pairWalk.ts runLaneWalk()), faster than runWalk() alone.
 */
function pairKindWalks(c: Context, faints: FirstFaints): void {
  if (faints.size !== 1 && faints.size !== 2) return;
  const [a, b = a] = [...faints.values()].map((f) => kindWalk(c, f)) as [KindWalk, KindWalk?];
  const seedA = a[0].seeds.helpless.get(1)![0]!;
  const seedB = b[0].seeds.helpless.get(1)![0]!;
  if (isCached(...a) || isCached(...b) || !pairWalkable(c.model, seedA, seedB)) return;
  // One kind: the lane walk (what either lane of the pair walk gives, to the last bit, 1.3x faster).
  if (b === a) return void storeWalk(...a, runLaneWalk(c.model, c.limit, seedA, 1));
  // One pass on this thread, or two lane walks side by side with a helper thread (laneSplit.ts).
  const [ra, rb] = kindWalks(c.model, c.limit, [seedA, seedB], 1);
  storeWalk(...a, ra);
  storeWalk(...b, rb);
}

/**
 * The deaths: each kind's first faints ⊛ its walk's deaths, summed. Direct sums as convolve() takes
 * them when every product is short; else all products in one FFT (distributions.ts).
 */
function deathsOfKinds(pairs: [OffsetPmf, OffsetPmf][]): OffsetPmf {
  if (pairs.length === 0 || pairs.every(([a, b]) => convolvesDirectly(a, b)))
    return sumPmfs(pairs.map(([a, b]) => convolve(a, b)));
  return sumOfConvolutions(pairs);
}

function sumPmfs(parts: OffsetPmf[]): OffsetPmf {
  const merged = mergeOverH(parts);
  return merged.p.length ? merged : { offset: 0, p: new Float64Array(0) };
}

function nothingBurns(c: Context, methodText: string): Body {
  const milestones = THRESHOLDS.map((th) => {
    const ms = milestone(c, th.status, th.at);
    return ms.already ? ms : { ...ms, never: true };
  });
  const after: AfterK | null =
    c.after === null
      ? null
      : {
          turns: c.after,
          moves: c.moves0 + c.after,
          exact: true,
          nutrition: c.h0,
          status: statusFor(c.h0),
          probabilityDead: 0,
          nutritionDistribution: null,
          statusProbabilities: null,
          note: 'Nothing burns.',
        };
  return { methodText, next20: null, milestones, after, starvation: null };
}

/** Largest burn one block can take (bounds how close to a threshold a crossing can start). */
function maxBlockBurn(model: CallModel, moves0: number): number {
  let most = 0;
  for (let v = 0; v <= 20; v++) {
    most = Math.max(
      most,
      blockCalls(model, moves0, v).reduce((a, p) => a + p.length - 1, 0),
    );
  }
  return Math.max(1, most);
}

/**
 * The crossing a milestone of a random burn needs. For the first faint, `faints` also collects every
 * crossing call as the walk's starting point (an attack's faint starts helpless at the next
 * iteration's turn call, a turn call's at the one after).
 */
function milestoneRequest(
  c: Context,
  th: (typeof THRESHOLDS)[number],
  near: number,
  faints: FirstFaints | null,
): CrossingRequest {
  const d = c.h0 - th.at;
  if (!faints) return { d, near };
  const found = (cc: CallCrossing) => addFirstFaints(c, faints, cc);
  const onBlock = (v: number, before: OffsetPmf) => crossingCalls(c.model, c.moves0, v, before, d, c.h0, found);
  return { d, near, onBlock };
}

/** A milestone of a random burn: the block (turn) of the crossing as a distribution. */
function randomMilestone(
  c: Context,
  th: (typeof THRESHOLDS)[number],
  cross: (BlockCrossing & { spread?: () => Spread | null }) | undefined,
): Milestone {
  const ms = { ...milestone(c, th.status, th.at), exact: false };
  if (ms.already || !cross) return { ...ms, exact: true };
  const dist = cross.spread ? cross.spread() : spreadOf(cross.pmf);
  return { ...ms, turnsDistribution: dist, never: dist === null };
}

/**
 * Every call that first takes a hero to nutrition h_f <= 0 faints them for 10 - d turns. A turn
 * call's faint is helpless from the next iteration on; an attack's makes its first helpless call
 * at the turn call of the next iteration (block + 1), then is in the same state.
 */
function addFirstFaints(c: Context, faints: FirstFaints, cc: CallCrossing): void {
  const turnCall = cc.block >= 1 && cc.call === 0;
  const iteration = turnCall ? cc.block : cc.block + 1;
  for (let k = 0; k < cc.mass.length; k++) {
    const m = cc.mass[k]!;
    if (m === 0) continue;
    const hf = cc.top - k;
    const key = (turnCall ? 0 : 1) - 2 * hf;
    let f = faints.get(key);
    if (!f) {
      // The attack's first helpless call (no roll matters: nobody is near the limit yet).
      const shape = turnCall ? Float64Array.of(1) : Float64Array.from(c.model.fainted[phaseOf(c.moves0 + iteration)]!);
      const name = `${turnCall ? 'turn' : 'attack'}:${hf}`;
      const dur = 10 - faintDivisor(hf, c.v);
      faints.set(key, (f = { name, seed: { top: hf, mass: shape, dur }, at: new IterationMasses() }));
    }
    f.at.add(iteration, m);
  }
}

/** The last block with any crossing mass of a random milestone (everyone has crossed after it). */
function randomCrossingEnd(ms: Milestone, h0: number): number {
  if (ms.already || h0 <= 0) return -1;
  const d = ms.turnsDistribution;
  return d ? d.max + 1 : Infinity;
}

/** Collapsed walks: the calls that take a hero below the limit, by iteration (attacks = 0 here). */
interface LimitEntries {
  entries: EntryLog;
  start: WalkMass | null;
  end: number;
}

/** The crossing below the limit: each call that takes a hero there goes into `entries`. */
function limitRequest(c: Context, near: number, entries: EntryLog): CrossingRequest {
  const d = c.h0 - c.limit + 1;
  const found = (cc: CallCrossing) => entries.add(cc.block, cc.top, cc.mass);
  const onBlock = (v: number, before: OffsetPmf) => crossingCalls(c.model, c.moves0, v, before, d, c.h0, found);
  return { d, near, onBlock };
}

function limitEntries(c: Context, entries: EntryLog, cross: BlockCrossing | null): LimitEntries {
  if (!cross) return { entries, start: { top: c.h0, mass: Float64Array.of(1) }, end: -1 };
  return { entries, start: null, end: cross.pmf.offset + cross.pmf.p.length };
}

/** The prompt `after` turns on: heroes not yet in the walk (from the sums) and those in it. */
function randomAfter(c: Context, sums: Sums, walk: WalkResult | null, firstOut: number, lastIn: number): AfterK {
  const K = c.after!;
  if (K === 0) return afterFromState(c, pointMass(c.h0), 0);
  const parts: OffsetPmf[] = [];
  if (K - 1 <= lastIn) {
    const burned = below(sums.atPrompt(K), firstOut);
    const p = new Float64Array(burned.p.length);
    for (let i = 0; i < p.length; i++) p[p.length - 1 - i] = burned.p[i]!;
    if (total(burned) > 0) parts.push({ offset: c.h0 - (burned.offset + burned.p.length - 1), p });
  }
  if (walk?.snapshot) parts.push(walk.snapshot.alive);
  return afterFromState(c, mergeOverH(parts), walk?.snapshot?.dead ?? 0);
}
