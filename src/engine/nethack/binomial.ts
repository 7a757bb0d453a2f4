// Sums of burns that are binomial, with a fast exact sweep. When every call burns a fixed amount
// r (which may depend on moves % 20) plus g with probability p, the same g and p for all calls -
// the 1-in-10 base charge of a sleeping hero (src/eat.c gethungry(): rn2(10)), or a 5.0 call with
// two possible burns (rn2(20) lands on a charged case or not) - then after N calls the burn is
// R + g x Binomial(N, p) with R fixed. The heaviest cases (heroes who burn almost nothing) are all
// of this kind, and for them each block of the crossing sweep costs O(1) instead of a convolution.
//
// Accuracy: binomial probabilities come from Loader's saddle-point formula (relative error about
// 1e-14); the sweep then moves by exact ratios of consecutive terms, and starts where the
// crossing probability is below 1e-30.
import { phaseOf, type CallModel, type CallPmf } from './calls.ts';
import { pointMass, trim, type OffsetPmf } from './distributions.ts';
import type { BlockCrossing, CrossingRequest, Sums } from './sums.ts';

const LN_2PI = Math.log(2 * Math.PI);
const LOG_FACTORIALS = (() => {
  const out = [0];
  let f = 1;
  for (let n = 1; n <= 15; n++) out.push(Math.log((f *= n)));
  return out;
})();

/** log(n!) - log(sqrt(2 pi n) (n/e)^n) (Stirling's error). */
function stirlerr(n: number): number {
  if (n <= 15) return n === 0 ? 0 : LOG_FACTORIALS[n]! - (n + 0.5) * Math.log(n) + n - 0.5 * LN_2PI;
  const nn = n * n;
  const S0 = 1 / 12;
  const S1 = 1 / 360;
  const S2 = 1 / 1260;
  const S3 = 1 / 1680;
  const S4 = 1 / 1188;
  if (n > 500) return (S0 - S1 / nn) / n;
  if (n > 80) return (S0 - (S1 - S2 / nn) / nn) / n;
  if (n > 35) return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
  return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
}

/** x log(x / m) + m - x, without cancellation near x = m. */
function bd0(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    let v = (x - m) / (x + m);
    let s = (x - m) * v;
    let ej = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j++) {
      ej *= v;
      const s1 = s + ej / (2 * j + 1);
      if (s1 === s) return s1;
      s = s1;
    }
  }
  return x * Math.log(x / m) + m - x;
}

/** log P(Binomial(n, p) = x) (Loader 2000). */
export function logBinomial(x: number, n: number, p: number): number {
  const q = 1 - p;
  if (x < 0 || x > n) return -Infinity;
  if (x === 0) return n * Math.log1p(-p);
  if (x === n) return n * Math.log(p);
  const lc = stirlerr(n) - stirlerr(x) - stirlerr(n - x) - bd0(x, n * p) - bd0(n - x, n * q);
  return lc - 0.5 * (LN_2PI + Math.log(x) + Math.log1p(-x / n));
}

/** A call burns r or r + g, the latter with probability p; null if it is not of that form. */
function twoPoint(pmf: CallPmf): { r: number; g: number; p: number } | null {
  const at: number[] = [];
  for (let k = 0; k < pmf.length; k++) if (pmf[k]! > 0) at.push(k);
  if (at.length !== 2) return null;
  return { r: at[0]!, g: at[1]! - at[0]!, p: pmf[at[1]!]! };
}

/**
 * The binomial form of every call of the model, or null. All calls must share g and p (the
 * deterministic part r may vary with moves % 20).
 */
function binomialForm(model: CallModel): { g: number; p: number; r: number[] } | null {
  const forms = model.awake.map(twoPoint);
  const f0 = forms[0];
  if (!f0 || forms.some((f) => !f || f.g !== f0.g || f.p !== f0.p)) return null;
  return { g: f0.g, p: f0.p, r: forms.map((f) => f!.r) };
}

export function binomialSums(model: CallModel, moves0: number): Sums | null {
  const form = binomialForm(model);
  return form ? new BinomialSums(model, moves0, form) : null;
}

/** P(B_N >= k) and P(B_N = k - 1) for B_N ~ Binomial(N, p), moved one call or one unit of k at a time. */
class Tail {
  tail = 0;
  below = 0; // P(B_N = k - 1)
  constructor(
    readonly p: number,
    public n: number,
    public k: number,
  ) {
    this.anchor(true);
  }
  /** The state kept elsewhere meanwhile (BinomialSweep.run(): locals, not captured, so never boxed). */
  set(tail: number, below: number, n: number, k: number): void {
    this.tail = tail;
    this.below = below;
    this.n = n;
    this.k = k;
  }
  /** Recompute P(B_N = k - 1) (and the tail when asked) from the formula. */
  anchor(withTail: boolean) {
    const { n, k, p } = this;
    this.below = k - 1 < 0 || k - 1 > n ? 0 : Math.exp(logBinomial(k - 1, n, p));
    if (!withTail) return;
    if (k <= 0) this.tail = 1;
    else if (k > n) this.tail = 0;
    else if (k > n * p) {
      // above the mean: the terms from k up fall fast
      let term = Math.exp(logBinomial(k, n, p));
      let s = 0;
      for (let j = k; j <= n && term > s * 1e-18; j++) {
        s += term;
        term *= ((n - j) / (j + 1)) * (p / (1 - p));
      }
      this.tail = s;
    } else {
      let term = this.below;
      let s = 0;
      for (let j = k - 1; j >= 0 && term > s * 1e-18; j--) {
        s += term;
        term *= (j / (n - j + 1)) * ((1 - p) / p);
      }
      this.tail = 1 - s;
    }
  }
  addCall() {
    const { p } = this;
    this.tail += p * this.below;
    this.n++;
    if (this.below === 0) this.anchor(false);
    else this.below *= ((1 - p) * this.n) / (this.n - this.k + 1);
  }
  /** Move the threshold to k2. */
  moveTo(k2: number) {
    const p = this.p;
    const ratio = p / (1 - p);
    while (this.k > k2) {
      // k - 1 now counts
      this.tail += this.below;
      this.k--;
      if (this.below === 0) this.anchor(false);
      else this.below *= this.k / (this.n - this.k + 1) / ratio;
    }
    while (this.k < k2) {
      const atK = this.below === 0 ? this.pmf(this.k) : (this.below * (this.n - this.k + 1) * ratio) / this.k;
      this.tail -= atK;
      this.below = atK;
      this.k++;
    }
  }
  /** P(B_N = b). */
  pmf(b: number): number {
    return b < 0 || b > this.n ? 0 : Math.exp(logBinomial(b, this.n, this.p));
  }
}

/**
 * The buffer of the sweep running (one at a time: each result copies out what it keeps), kept for
 * the next while it holds at most KEPT_VALUES: forecasts then make no garbage of it.
 */
let spare: Float64Array | null = null;
const KEPT_VALUES = 1 << 17;

/** A Float64Array that doubles as it fills (the sweep's crossings: one number per block, up to millions). */
class GrowingArray {
  /** The values: a[0 .. n - 1] (run() writes them itself: a number passed to a call may be boxed). */
  a: Float64Array;
  n = 0;
  constructor() {
    this.a = spare ?? new Float64Array(1024);
    spare = null;
  }
  push(x: number): void {
    if (this.n === this.a.length) this.grow();
    this.a[this.n++] = x;
  }
  /** Room for as many values again. */
  grow(): void {
    const bigger = new Float64Array(2 * this.n);
    bigger.set(this.a);
    this.a = bigger;
  }
  /** The values pushed, rounding noise below 0 read as 0. */
  nonNegative(): Float64Array {
    const out = this.a.slice(0, this.n);
    if (this.a.length <= KEPT_VALUES && (!spare || spare.length < this.a.length)) spare = this.a;
    for (let i = 0; i < out.length; i++) if (!(out[i]! > 0)) out[i] = 0;
    return out;
  }
}

class BinomialSums implements Sums {
  constructor(
    readonly model: CallModel,
    readonly moves0: number,
    readonly form: { g: number; p: number; r: number[] },
  ) {}

  /** Calls and fixed burn of block v. */
  private block(v: number): { calls: number; fixed: number } {
    const calls = (v >= 1 ? 1 : 0) + this.model.attacks; // blockCalls(): the turn call, then the attacks
    return { calls, fixed: calls * this.form.r[phaseOf(this.moves0 + v)]! };
  }

  /** Calls and fixed burn of blocks 0..u. */
  upTo(u: number): { calls: number; fixed: number } {
    let calls = 0;
    let fixed = 0;
    if (u < 0) return { calls, fixed };
    const b0 = this.block(0);
    calls += b0.calls;
    fixed += b0.fixed;
    // Blocks 1..u: whole cycles of 20, then the rest.
    let cycleCalls = 0;
    let cycleFixed = 0;
    for (let v = 1; v <= 20; v++) {
      const b = this.block(v);
      cycleCalls += b.calls;
      cycleFixed += b.fixed;
    }
    const q = Math.floor(u / 20);
    calls += q * cycleCalls;
    fixed += q * cycleFixed;
    for (let v = 20 * q + 1; v <= u; v++) {
      const b = this.block(v);
      calls += b.calls;
      fixed += b.fixed;
    }
    return { calls, fixed };
  }

  need(d: number, fixed: number) {
    return Math.ceil((d - fixed) / this.form.g);
  }

  /** crossing() for each threshold, one after the other (each sweep's arithmetic is its own). */
  crossings(requests: CrossingRequest[]): BlockCrossing[] {
    return requests.map((r) => this.crossing(r.d, r.near, r.onBlock));
  }

  crossing(d: number, near = 0, onBlock?: (v: number, before: OffsetPmf) => void): BlockCrossing {
    const sweep = new BinomialSweep(this, d, near, onBlock);
    sweep.run();
    return sweep.result();
  }

  /** The last block u0 at which the crossing chance is below 1e-30 (12 standard deviations short). */
  sweepStart(d: number): number {
    const { p } = this.form;
    let u0 = 0;
    for (let lo = 0, hi = 50_000_000; lo < hi; ) {
      const mid = Math.floor((lo + hi + 1) / 2);
      const s = this.upTo(mid);
      const k = this.need(d, s.fixed);
      const mean = s.calls * p;
      if (k - mean > 12 * Math.sqrt(s.calls * p * (1 - p)) + 2 && k > 0) lo = mid;
      else hi = mid - 1;
      u0 = lo;
    }
    return u0;
  }

  /** The burn before a block, restricted to its top `near` values below d. */
  before(t: Tail, fixed: number, d: number, near: number, row: OffsetPmf): OffsetPmf {
    const { g } = this.form;
    const lo = d - near;
    const out = row.p;
    for (let i = 0; i < near; i++) out[i] = 0;
    // burn = fixed + g b < d  <=>  b <= k - 1
    let b = Math.min(t.k - 1, t.n);
    let pb = b === t.k - 1 && t.below > 0 ? t.below : t.pmf(b);
    const ratio = (1 - this.form.p) / this.form.p;
    for (let burn = fixed + g * b; burn >= lo && b >= 0; b--, burn -= g) {
      if (pb === 0) pb = t.pmf(b); // a ratio step cannot leave an underflowed 0
      if (burn < d) out[burn - lo] = pb;
      pb *= (b / (t.n - b + 1)) * ratio;
    }
    return row;
  }

  atPrompt(K: number): OffsetPmf {
    if (K === 0) return pointMass(0);
    const s = this.upTo(K - 1);
    const calls = s.calls + 1;
    const fixed = s.fixed + this.form.r[phaseOf(this.moves0 + K)]!;
    const { g, p } = this.form;
    const mode = Math.floor((calls + 1) * p);
    const spread = Math.ceil(13 * Math.sqrt(calls * p * (1 - p))) + 10;
    const lo = Math.max(0, mode - spread);
    const hi = Math.min(calls, mode + spread);
    const out = new Float64Array((hi - lo) * g + 1);
    for (let b = lo; b <= hi; b++) out[(b - lo) * g] = Math.exp(logBinomial(b, calls, p));
    return trim({ offset: fixed + g * lo, p: out });
  }
}

/**
 * One threshold's sweep of BinomialSums: from where the crossing chance is below 1e-30 until less
 * than 1e-30 is left, a block a step (the turn call and the attacks, each burning r of its phase,
 * without an object per block: a sweep runs up to millions of them).
 */
class BinomialSweep {
  private readonly u0: number;
  private readonly t: Tail;
  private readonly out = new GrowingArray();
  private readonly scratch: OffsetPmf; // each block's `before` (burns d - near .. d - 1), read by onBlock at once
  private readonly calls: number;
  private fixed: number;
  private prev: number;
  private v: number;
  active: boolean;

  constructor(
    private readonly sums: BinomialSums,
    private readonly d: number,
    private readonly near: number,
    private readonly onBlock: ((v: number, before: OffsetPmf) => void) | undefined,
  ) {
    this.scratch = { offset: d - near, p: new Float64Array(near) };
    this.u0 = sums.sweepStart(d);
    const start = sums.upTo(this.u0);
    this.t = new Tail(sums.form.p, start.calls, sums.need(d, start.fixed));
    this.out.push(this.t.tail);
    this.fixed = start.fixed;
    if (onBlock && this.u0 === 0) onBlock(0, pointMass(0));
    this.prev = this.t.tail;
    this.v = this.u0;
    this.calls = 1 + sums.model.attacks;
    this.active = this.going();
  }

  /** Until the threshold is 12 standard deviations below the mean (less than 1e-30 left). */
  private going(): boolean {
    const t = this.t;
    const p = t.p;
    return t.k > 0 && t.n * p - t.k < 12 * Math.sqrt(t.n * p * (1 - p)) + 2;
  }

  /**
   * The sweep, a block a step (up to millions of them), on local copies of the tail's state: each
   * block's detail to onBlock, then the block's calls (addCall()) and the threshold moved to the new
   * fixed burn (moveTo()), every 512 blocks the tail anchored again. The rare fallbacks (an
   * underflowed term, the anchor, `before`) go through the Tail itself.
   */
  run(): void {
    const t = this.t;
    const p = t.p;
    const ratio = p / (1 - p);
    const { r, g } = this.sums.form;
    const calls = this.calls;
    const d = this.d;
    const out = this.out;
    let { tail, below, n, k } = t;
    let fixed = this.fixed;
    let prev = this.prev;
    let v = this.v;
    let phase = phaseOf(this.sums.moves0 + v);
    let sinceAnchor = (v - this.u0) % 512;
    let active = this.active;
    const { onBlock, near, scratch, sums } = this;
    while (active) {
      v++;
      if (onBlock) {
        t.set(tail, below, n, k);
        onBlock(v, sums.before(t, fixed, d, near, scratch));
      }
      phase = phase === 19 ? 0 : phase + 1;
      const burnt = calls * r[phase]!;
      fixed += burnt;
      for (let c = 0; c < calls; c++) {
        tail += p * below;
        n++;
        if (below === 0) {
          t.set(tail, below, n, k);
          t.anchor(false);
          below = t.below;
        } else below *= ((1 - p) * n) / (n - k + 1);
      }
      // k already is need(d, fixed) when fixed stayed the same
      const k2 = burnt === 0 ? k : Math.ceil((d - fixed) / g);
      while (k > k2) {
        tail += below;
        k--;
        if (below === 0) {
          t.set(tail, below, n, k);
          t.anchor(false);
          below = t.below;
        } else below *= k / (n - k + 1) / ratio;
      }
      while (k < k2) {
        let atK: number;
        if (below === 0) {
          t.set(tail, below, n, k);
          atK = t.pmf(k);
        } else atK = (below * (n - k + 1) * ratio) / k;
        tail -= atK;
        below = atK;
        k++;
      }
      if (++sinceAnchor === 512) {
        sinceAnchor = 0;
        t.set(tail, below, n, k);
        t.anchor(true); // keep rounding from adding up
        tail = t.tail;
        below = t.below;
      }
      if (out.n === out.a.length) out.grow();
      out.a[out.n++] = tail - prev;
      prev = tail;
      // going(): n p - k below 2 is below 12 sqrt(...) + 2 without the square root
      const ahead = n * p - k;
      active = !(k <= 0 || v > 50_000_000) && k > 0 && (ahead < 2 || ahead < 12 * Math.sqrt(n * p * (1 - p)) + 2);
    }
    t.set(tail, below, n, k);
    this.fixed = fixed;
    this.prev = prev;
    this.v = v;
    this.active = false;
  }

  result(): BlockCrossing {
    return { pmf: { offset: this.u0, p: this.out.nonNegative() }, never: Math.max(0, 1 - this.prev) };
  }
}
