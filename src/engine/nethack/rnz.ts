// Exact distributions of NetHack's random helpers rnz(), rne() and rnl() (src/rnd.c). The code is
// the same in 3.4.3, 3.6.7 and 5.0 except rnl()'s Luck adjustment (see rnlDistribution()).
//
// rnz(i): tmp = 1000 + rn2(1000); tmp *= rne(4); then with rn2(2) != 0: x = i * tmp / 1000,
// else x = i * 1000 / tmp (C long division, positive values: floor). rne(4) = 1 + the number of
// rn2(4) == 0 draws in a row, capped at utmp = (ulevel < 15) ? 5 : ulevel / 3.
// Every outcome has probability (1/1000) x P(rne = k) x (1/2), and P(rne = k) is w_k / 4^(utmp-1)
// with integer weights w_k = 3 x 4^(utmp-1-k) (k < utmp) and w_utmp = 1, so the whole distribution
// is integer counts over the denominator 1000 x 4^(utmp-1) x 2 (512,000 below level 15): exact.
import type { NethackVersion } from '../cite.ts';

/** A distribution on integers as exact integer counts over one denominator. */
export interface IntDist {
  /** Distinct values, ascending. */
  values: number[];
  /** counts[j] outcomes give values[j]. */
  counts: number[];
  /** Sum of counts: every probability is count / denominator. */
  denominator: number;
}

/** rne()'s cap: (u.ulevel < 15) ? 5 : u.ulevel / 3 (src/rnd.c rne()). */
export function rneCap(experienceLevel: number): number {
  return experienceLevel < 15 ? 5 : Math.trunc(experienceLevel / 3);
}

/** P(rne(4) = k) x 4^(utmp-1), for k = 1..utmp. */
export function rneWeights(utmp: number): number[] {
  const w: number[] = [];
  for (let k = 1; k <= utmp; k++) w.push(k < utmp ? 3 * 4 ** (utmp - 1 - k) : 1);
  return w;
}

const cache = new Map<string, IntDist>();

/** The exact distribution of rnz(i) for a hero of this experience level. */
export function rnzDistribution(i: number, experienceLevel = 1): IntDist {
  const utmp = rneCap(experienceLevel);
  const key = `${i}/${utmp}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const weights = rneWeights(utmp);
  const tally = new Map<number, number>();
  const add = (v: number, c: number) => tally.set(v, (tally.get(v) ?? 0) + c);
  for (let r = 0; r < 1000; r++) {
    for (let k = 1; k <= utmp; k++) {
      const tmp = (1000 + r) * k;
      const w = weights[k - 1]!;
      add(Math.floor((i * tmp) / 1000), w); // rn2(2) != 0: x *= tmp; x /= 1000
      add(Math.floor((i * 1000) / tmp), w); // rn2(2) == 0: x *= 1000; x /= tmp
    }
  }
  const values = [...tally.keys()].sort((a, b) => a - b);
  const dist: IntDist = { values, counts: values.map((v) => tally.get(v)!), denominator: 1000 * 4 ** (utmp - 1) * 2 };
  cache.set(key, dist);
  return dist;
}

/** Number of outcomes with value <= t (prefix sums are built lazily). */
const prefixCache = new WeakMap<IntDist, number[]>();
function prefix(d: IntDist): number[] {
  let p = prefixCache.get(d);
  if (!p) {
    p = [];
    let s = 0;
    for (const c of d.counts) p.push((s += c));
    prefixCache.set(d, p);
  }
  return p;
}

export function countAtMost(d: IntDist, t: number): number {
  const { values } = d;
  let lo = 0;
  let hi = values.length; // first index with value > t
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : prefix(d)[lo - 1]!;
}

export function mean(d: IntDist): number {
  let s = 0;
  for (let j = 0; j < d.values.length; j++) s += d.values[j]! * d.counts[j]!;
  return s / d.denominator;
}

/** An exact probability: numerator / denominator as decimal strings (they can pass 2^53). */
export interface ExactProbability {
  probability: number;
  numerator: string;
  denominator: string;
}

export function exact(num: bigint, den: bigint): ExactProbability {
  const g = gcd(num, den);
  const n = num / g;
  const d = den / g;
  return { probability: Number(n) / Number(d), numerator: n.toString(), denominator: d.toString() };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}

/**
 * The law of base + scale x extra (+ shift), capped at `cap`: the prayer timeout set by pleased()
 * is rnz(350) + kick x rnz(1000) (kick = 0, 1 or 2, one rnz draw multiplied), and 5.0 adds a
 * fixed shift after turn 100,000 and caps the sum at LARGEST_INT. Queries are exact (BigInt).
 */
export class TimeoutLaw {
  readonly denominator: bigint;
  constructor(
    readonly base: IntDist,
    readonly extra: IntDist | null,
    readonly scale: number,
    readonly shift = 0,
    readonly cap = Infinity,
  ) {
    this.denominator = BigInt(base.denominator) * BigInt(extra && scale > 0 ? extra.denominator : 1);
  }

  /** Number of outcomes (over `denominator`) with a timeout <= t. */
  countAtMost(t: number): bigint {
    if (t >= this.cap) return this.denominator;
    const u = t - this.shift;
    if (!this.extra || this.scale === 0) return BigInt(countAtMost(this.base, u));
    let total = 0n;
    const { values, counts } = this.extra;
    for (let j = 0; j < values.length; j++) {
      const rest = u - this.scale * values[j]!;
      if (rest < this.base.values[0]!) break;
      total += BigInt(counts[j]!) * BigInt(countAtMost(this.base, rest));
    }
    return total;
  }

  atMost(t: number): ExactProbability {
    return exact(this.countAtMost(t), this.denominator);
  }

  get min(): number {
    return Math.min(
      this.cap,
      this.base.values[0]! + this.shift + (this.extra && this.scale ? this.scale * this.extra.values[0]! : 0),
    );
  }

  get max(): number {
    const v = this.base.values;
    const e = this.extra?.values;
    return Math.min(this.cap, v[v.length - 1]! + this.shift + (e && this.scale ? this.scale * e[e.length - 1]! : 0));
  }

  mean(): number {
    const m = mean(this.base) + this.shift + (this.extra && this.scale ? this.scale * mean(this.extra) : 0);
    return this.cap === Infinity ? m : Math.min(m, this.cap); // capped laws only arise past turn 100,000
  }

  private readonly quantiles = new Map<string, number>();

  /** Smallest t with P(timeout <= t) >= numer/denom (exact comparison; remembered per law). */
  quantile(numer: number, denom: number): number {
    const key = `${numer}/${denom}`;
    const known = this.quantiles.get(key);
    if (known !== undefined) return known;
    const q = this.search(numer, denom);
    this.quantiles.set(key, q);
    return q;
  }

  private search(numer: number, denom: number): number {
    let lo = this.min;
    let hi = this.max;
    const need = (count: bigint) => count * BigInt(denom) >= BigInt(numer) * this.denominator;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (need(this.countAtMost(mid))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** rnl(x) as exact probabilities P(rnl(x) = i) for i = 0..x-1, by version and Luck. */
export function rnlDistribution(x: number, luck: number, version: NethackVersion): number[] {
  // 3.6.7 and 5.0 (src/rnd.c rnl()): for x <= 15 the adjustment is Luck/3 rounded away from 0;
  // it applies when rn2(37 + |adjustment|) != 0.
  // 3.4.3: it applies when Luck && rn2(50 - Luck) != 0; it is Luck/3 (C truncation) when x <= 15 and
  // Luck >= -5, else Luck.
  let adjustment: number;
  let applies: number;
  if (version === '3.4.3') {
    adjustment = luck === 0 ? 0 : x <= 15 && luck >= -5 ? Math.trunc(luck / 3) : luck;
    applies = luck === 0 ? 0 : (50 - luck - 1) / (50 - luck);
  } else {
    adjustment = x <= 15 ? Math.trunc((Math.abs(luck) + 1) / 3) * Math.sign(luck) : luck;
    applies = adjustment === 0 ? 0 : (37 + Math.abs(adjustment) - 1) / (37 + Math.abs(adjustment));
  }
  const p = new Array<number>(x).fill(0);
  for (let i = 0; i < x; i++) {
    p[i]! += (1 - applies) / x;
    const j = Math.min(x - 1, Math.max(0, i - adjustment));
    p[j]! += applies / x;
  }
  return p;
}
