// A hero's prayer timeout followed through its prayers: the law of u.ublesscnt from the last
// event that set it, and Luck timing out between prayers. Pure; the hero layer stores the steps.
//
// What sets the timeout (src/pray.c, 3.4.3 / 3.6.7 / 5.0 alike unless noted):
// - u_init(): 300 at turn 1; allmain.c moveloop(): minus 1 every turn while positive.
// - pleased() (a good prayer): rnz(350) + kick x rnz(1000), set when the prayer ends (prayer_done()
//   runs 3 turns after #pray, nomul(-3)).
// - prayer_done() too soon: ublesscnt += rnz(250), Luck - 3, then gods_upset() -> angrygods();
//   naughty: angrygods() at once. 3.4.3 / 3.6.7 angrygods(): ublesscnt = rnz(300), so the old value
//   is forgotten. 5.0 angrygods(): ublesscnt = max(ublesscnt, rnz(300)), so the old value counts:
//   the new law is max(old [+ rnz(250) when too soon], rnz(300)), with `old` conditioned on what the
//   failure tells (too soon: it was over the limit). Those laws are computed on dense arrays in
//   floating point (error below 1e-9 on every probability); all other laws are exact rationals.
import type { Citation, NethackVersion } from '../cite.ts';
import { nethackCite } from '../cite.ts';
import { pe } from './prayEatSources.ts';
import { lawAtSource, timeoutAt, type TimeoutNow, type TimeoutSource } from './prayer.ts';
import { exact, rnzDistribution, type ExactProbability, type IntDist, type TimeoutLaw } from './rnz.ts';

/** One event that set the timeout. A chain starts with a reset; 5.0 anger steps build on it. */
export type TimeoutStep =
  | { kind: 'start' }
  | { kind: 'known'; value: number; atTurn: number }
  | { kind: 'success'; atTurn: number; experienceLevel: number; demigod: boolean; crowned: boolean }
  | {
      kind: 'angered';
      /** prayer_done(): 3 turns after #pray. */
      atTurn: number;
      /** The #pray turn (can_pray() compared the timeout with `limit` then). */
      prayedAt: number;
      experienceLevel: number;
      /** The limit can_pray() used: 200 major trouble, 100 minor, 0 none. */
      limit: number;
      /** The hero was naughty (Luck < 0, anger, alignment < 0): the timeout may have been low enough. */
      naughty: boolean;
    };

/** Most 5.0 anger steps kept after a reset; older ones are dropped and the law becomes a bound. */
export const MAX_CHAIN = 12;

export interface Probability {
  probability: number;
  /** Exact rational when known (single-step laws), else null (floating point, error < 1e-9). */
  numerator: string | null;
  denominator: string | null;
}

export interface TrackedTimeout {
  /** 'exact': rationals; 'float': 5.0 anger composition in floating point; 'upper-bound': a chain
   * longer than MAX_CHAIN lost its oldest steps, so every probability of "low enough" is an upper bound. */
  precision: 'exact' | 'float' | 'upper-bound';
  /** The timeout now when it is known exactly. */
  value: number | null;
  /** P(timeout now <= limit). */
  atMost(limit: number): Probability;
  /** The first turn (>= now) from which P(timeout <= limit) >= numer / denom. */
  turnFor(limit: number, numer: number, denom: number): number;
  /** The law when it was last set: smallest, median and largest value, and the turn it was set. */
  law: { setAt: number; min: number; median: number; max: number; mean: number };
  citations: Citation[];
}

const fromExact = (p: ExactProbability): Probability => ({
  probability: p.probability,
  numerator: p.numerator,
  denominator: p.denominator,
});

/** The one-step source the exact engine (prayer.ts timeoutAt()) reads. */
export function sourceOfStep(step: TimeoutStep): TimeoutSource {
  if (step.kind === 'angered') return { kind: 'angered', atTurn: step.atTurn, experienceLevel: step.experienceLevel };
  return step;
}

function setTurnOf(step: TimeoutStep): number {
  return step.kind === 'start' ? 1 : step.atTurn;
}

/** The timeout at `turn` after the steps (oldest first). */
export function trackTimeout(version: NethackVersion, steps: readonly TimeoutStep[], turn: number): TrackedTimeout {
  const chain = steps.length ? steps : [{ kind: 'start' } as const];
  const citations = chainCitations(version, chain);
  if (chain.length === 1 || version !== '5.0') {
    const last = chain[chain.length - 1]!;
    return exactTracked(version, last, turn, citations);
  }
  return denseTracked(version, chain, turn, citations);
}

function chainCitations(version: NethackVersion, chain: readonly TimeoutStep[]): Citation[] {
  const out: Citation[] = [pe(version, 'decrement', 'timeout - 1 every turn')];
  const kinds = new Set(chain.map((s) => s.kind));
  if (kinds.has('start')) out.push(pe(version, 'startTimeout', '300 at the start'));
  if (kinds.has('success')) out.push(pe(version, 'newTimeout', 'rnz(350) after a good prayer'), pe(version, 'rnz'));
  if (kinds.has('angered')) {
    out.push(pe(version, 'angryTimeout', version === '5.0' ? 'max(old, rnz(300))' : 'rnz(300)'));
    out.push(pe(version, 'tooSoon', 'too soon: + rnz(250), Luck - 3'));
  }
  return out;
}

function exactTracked(version: NethackVersion, step: TimeoutStep, turn: number, citations: Citation[]): TrackedTimeout {
  const src = sourceOfStep(step);
  const now: TimeoutNow = timeoutAt(version, src, Math.max(turn, setTurnOf(step)));
  const law = lawAtSource(version, src);
  return {
    precision: 'exact',
    value: now.value,
    atMost: (limit) => fromExact(now.atMost(limit)),
    turnFor: (limit, numer, denom) => now.turnFor(limit, numer, denom),
    law: { setAt: setTurnOf(step), min: law.min, median: law.quantile(1, 2), max: law.max, mean: law.mean() },
    citations,
  };
}

// ---- 5.0: anger steps composed on dense arrays ------------------------------------------------

/** A law on 0..n-1 as probabilities. */
type Pmf = Float64Array;

function pmfOfDist(d: IntDist): Pmf {
  const out = new Float64Array(d.values[d.values.length - 1]! + 1);
  for (let j = 0; j < d.values.length; j++) out[d.values[j]!]! += d.counts[j]! / d.denominator;
  return out;
}

/** base + scale x extra + shift, capped (the law pleased() sets). */
function pmfOfLaw(law: TimeoutLaw): Pmf {
  const base = pmfOfDist(law.base);
  let sum: Pmf = base;
  if (law.extra && law.scale > 0) {
    const extra = law.extra;
    sum = new Float64Array(base.length + law.scale * extra.values[extra.values.length - 1]!);
    for (let j = 0; j < extra.values.length; j++) {
      const off = law.scale * extra.values[j]!;
      const w = extra.counts[j]! / extra.denominator;
      for (let i = 0; i < base.length; i++) if (base[i]) sum[i + off]! += base[i]! * w;
    }
  }
  if (!law.shift && law.cap === Infinity) return sum;
  const top = Math.min(sum.length - 1 + law.shift, law.cap);
  const out = new Float64Array(top + 1);
  for (let i = 0; i < sum.length; i++) if (sum[i]) out[Math.min(i + law.shift, top)]! += sum[i]!;
  return out;
}

/** max(0, X - d). */
function decremented(p: Pmf, d: number): Pmf {
  if (d <= 0) return p;
  const out = new Float64Array(Math.max(1, p.length - d));
  for (let i = 0; i < p.length; i++) out[Math.max(0, i - d)]! += p[i]!;
  return out;
}

function convolve(a: Pmf, b: IntDist): Pmf {
  const top = b.values[b.values.length - 1]!;
  const out = new Float64Array(a.length + top);
  for (let j = 0; j < b.values.length; j++) {
    const off = b.values[j]!;
    const w = b.counts[j]! / b.denominator;
    for (let i = 0; i < a.length; i++) if (a[i]) out[i + off]! += a[i]! * w;
  }
  return out;
}

function cdfOf(p: Pmf): Float64Array {
  const c = new Float64Array(p.length);
  let s = 0;
  for (let i = 0; i < p.length; i++) c[i] = s += p[i]!;
  return c;
}

/** max(X, R): P(max <= t) = P(X <= t) P(R <= t) for independent X and R. */
function maxWith(x: Pmf, r: IntDist): Pmf {
  const rp = cdfOf(pmfOfDist(r));
  const xc = cdfOf(x);
  const n = Math.max(x.length, rp.length);
  const out = new Float64Array(n);
  let prev = 0;
  for (let t = 0; t < n; t++) {
    const joint = (t < xc.length ? xc[t]! : 1) * (t < rp.length ? rp[t]! : 1);
    out[t] = joint - prev;
    prev = joint;
  }
  return out;
}

/** The law after one 5.0 anger step, from the law `p` set at `setAt`. */
function angerStep(p: Pmf, setAt: number, step: Extract<TimeoutStep, { kind: 'angered' }>): Pmf {
  // can_pray() at #pray: too soon when the timeout is over the limit.
  const atPray = decremented(p, step.prayedAt - setAt);
  const high = atPray.map((v, i) => (i > step.limit ? v : 0));
  const low = atPray.map((v, i) => (i <= step.limit ? v : 0));
  // Not naughty: the failure says it was too soon. Naughty: either (both parts, their own weights).
  const done = step.atTurn - step.prayedAt;
  let z = convolve(decremented(high, done), rnzDistribution(250, step.experienceLevel));
  if (step.naughty) {
    const lowDone = decremented(low, done);
    for (let i = 0; i < lowDone.length; i++) z[i]! += lowDone[i]!;
  }
  const mass = z.reduce((a, b) => a + b, 0);
  // An impossible history (anger reported with no chance of it) keeps the old law's timing at 0.
  z = mass > 0 ? z.map((v) => v / mass) : new Float64Array([1]);
  return maxWith(z, rnzDistribution(300, step.experienceLevel));
}

const denseCache = new Map<string, { pmf: Pmf; setAt: number }>();

function denseLaw(version: NethackVersion, chain: readonly TimeoutStep[]): { pmf: Pmf; setAt: number } {
  const key = JSON.stringify(chain);
  const hit = denseCache.get(key);
  if (hit) return hit;
  const head = chain[0]!;
  let pmf = pmfOfLaw(lawAtSource(version, sourceOfStep(head)));
  let setAt = setTurnOf(head);
  for (const step of chain.slice(1)) {
    if (step.kind !== 'angered') throw new Error('only anger steps follow the first step');
    pmf = angerStep(pmf, setAt, step);
    setAt = step.atTurn;
  }
  const out = { pmf, setAt };
  if (denseCache.size >= 64) denseCache.delete(denseCache.keys().next().value!);
  denseCache.set(key, out);
  return out;
}

const FLOAT_SLACK = 1e-9;

function denseTracked(
  version: NethackVersion,
  chain: readonly TimeoutStep[],
  turn: number,
  citations: Citation[],
): TrackedTimeout {
  // A truncated chain starts at an anger step, read as a reset (its rnz(300) alone): the dropped
  // max() terms can only raise the timeout, so P(low enough) computed without them is an upper bound.
  const truncated = chain[0]!.kind === 'angered';
  const { pmf, setAt } = denseLaw(version, chain);
  const cdf = cdfOf(pmf);
  const at = (i: number) => (i < 0 ? 0 : i >= cdf.length ? 1 : Math.min(1, cdf[i]!));
  const d = Math.max(0, turn - setAt);
  let min = 0;
  while (min < pmf.length - 1 && pmf[min]! <= 0) min++;
  let max = pmf.length - 1;
  while (max > 0 && pmf[max]! <= 0) max--;
  let median = 0;
  while (median < cdf.length - 1 && cdf[median]! < 0.5 - FLOAT_SLACK) median++;
  const mean = pmf.reduce((s, v, i) => s + v * i, 0);
  return {
    precision: truncated ? 'upper-bound' : 'float',
    value: min === max ? Math.max(0, min - d) : null,
    atMost: (limit) => ({ probability: at(limit + d), numerator: null, denominator: null }),
    turnFor(limit, numer, denom) {
      const q = numer / denom - FLOAT_SLACK;
      let i = Math.max(0, limit + d);
      while (i < cdf.length && cdf[i]! < q) i++;
      return Math.max(turn, setAt + Math.max(0, i - limit));
    },
    law: { setAt, min, median, max, mean },
    citations,
  };
}

/** Append a step: a reset replaces the chain; a 5.0 anger step extends it (3.x anger resets). */
export function pushStep(version: NethackVersion, steps: readonly TimeoutStep[], step: TimeoutStep): TimeoutStep[] {
  if (step.kind !== 'angered' || version !== '5.0') return [step];
  const base = steps.length ? [...steps] : [{ kind: 'start' } as const];
  const chain = [...base, step];
  // Past the cap the oldest steps go; the chain then starts at an anger step (read as a bound).
  return chain.length > MAX_CHAIN + 1 ? chain.slice(-MAX_CHAIN) : chain;
}

/** An exact probability as a Probability. */
export function probabilityOf(p: ExactProbability): Probability {
  return fromExact(p);
}

export const NEVER: Probability = fromExact(exact(0n, 1n));

// ---- Luck timing out ------------------------------------------------------------------------------

export const LUCKSTONES = ['none', 'blessed', 'uncursed', 'cursed'] as const;
export type Luckstone = (typeof LUCKSTONES)[number];

/** set_moreluck(): +3 with a blessed or uncursed luck item, -3 with a cursed one (LUCKADD). */
export function moreluck(stone: Luckstone): number {
  return stone === 'none' ? 0 : stone === 'cursed' ? -3 : 3;
}

/** u.uluck stays within LUCKMIN..LUCKMAX (-10..10); Luck = u.uluck + u.moreluck. */
export function clampUluck(uluck: number): number {
  return Math.max(-10, Math.min(10, uluck));
}

/** change_luck(n) on Luck (the total): u.uluck changes, clamped; moreluck stays. */
export function changeLuck(luck: number, n: number, stone: Luckstone): number {
  const more = moreluck(stone);
  return clampUluck(luck - more + n) + more;
}

/**
 * Luck after the turns from+1 .. to pass (src/timeout.c nh_timeout()): on every turn that is a
 * multiple of 300 (carrying the Amulet or the god angry) or 600, u.uluck moves one step toward the
 * base Luck 0, unless a luck item stops it: uncursed stops both ways, blessed stops good luck
 * timing out, cursed stops bad luck recovering. The base is taken as 0 (not a full moon, not Friday
 * the 13th; 5.0 also lowers it after the quest leader is killed and raises it for an Archeologist
 * in a fedora).
 */
export function luckAfter(
  luck: number,
  from: number,
  to: number,
  opts: { luckstone: Luckstone; fast: boolean },
): number {
  const more = moreluck(opts.luckstone);
  let uluck = luck - more;
  if (uluck === 0 || to <= from) return luck;
  const period = opts.fast ? 300 : 600;
  const ticks = Math.floor(to / period) - Math.floor(from / period);
  const stone = opts.luckstone;
  if (uluck > 0 && (stone === 'none' || stone === 'cursed')) uluck = Math.max(0, uluck - ticks);
  else if (uluck < 0 && (stone === 'none' || stone === 'blessed')) uluck = Math.min(0, uluck + ticks);
  return uluck + more;
}

const LUCK_LINES: Record<NethackVersion, { timeout: number; change: number; more: number }> = {
  '3.6.7': { timeout: 491, change: 340, more: 372 },
  '3.4.3': { timeout: 170, change: 199, more: 226 },
  '5.0': { timeout: 606, change: 411, more: 441 },
};

export function luckCitations(version: NethackVersion): Citation[] {
  const l = LUCK_LINES[version];
  return [
    nethackCite('src/timeout.c', 'nh_timeout()', {
      version,
      line: l.timeout,
      note: 'Luck times out every 600 (300) turns',
    }),
    nethackCite('src/attrib.c', 'change_luck()', { version, line: l.change, note: 'u.uluck within -10..10' }),
    nethackCite('src/attrib.c', 'set_moreluck()', { version, line: l.more, note: 'luck item: +/-3' }),
  ];
}

/** pleased(): "else if (u.ualign.record < 2 && trouble <= 0) adjalign(1);" */
const PLEASED_ALIGN_LINE: Record<NethackVersion, number> = { '3.6.7': 941, '3.4.3': 805, '5.0': 1088 };

export function pleasedAlignCitation(version: NethackVersion): Citation {
  return nethackCite('src/pray.c', 'pleased()', {
    version,
    line: PLEASED_ALIGN_LINE[version],
    note: 'alignment below 2 and no major trouble: +1',
  });
}
