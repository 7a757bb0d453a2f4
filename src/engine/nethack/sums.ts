// Distributions of the nutrition burned before Fainting, where nothing but the burn happens.
//
// Burns never go negative, so "Hungry by turn u" is "burned at least h0 - 150 by the last call of
// block u": P(first reach <= u) = P(Y_u >= d) with Y_u the total burn of blocks 0..u (calls.ts).
// Blocks are independent and repeat every 20 (3.6.7/3.4.3: moves % 20; 5.0: all alike), so Y at
// any u comes from powers of the 20-block cycle by repeated squaring (FFT), and the crossing
// distribution from one sweep over the window where it has mass, a chunk of blocks at a time.
// Cuts: the sweep starts where less than 1e-16 has crossed and stops when less than 1e-16 is
// left; every other cut is the TRIM/FFT floor of distributions.ts.
import {
  convolve,
  convolveLong,
  normalized,
  power,
  pointMass,
  tailAtLeast,
  trim,
  type OffsetPmf,
} from './distributions.ts';
import { blockCalls, phaseOf, type CallModel, type CallPmf } from './calls.ts';

const SWEEP_EPS = 1e-16;

const asPmf = (p: CallPmf): OffsetPmf => trim({ offset: 0, p }, 0);

/** A per-block crossing distribution: mass[i] = P(first reach in block offset + i). */
export interface BlockCrossing {
  pmf: OffsetPmf;
  /** Probability it never happens within the sweep (below 1e-16 unless nothing burns). */
  never: number;
}

/** One crossing call: block v, call index c in that block (calls.ts order), nutrition after it. */
export interface CallCrossing {
  block: number;
  call: number;
  /** Mass by nutrition after the call: mass[k] is for h = top - k. */
  top: number;
  mass: Float64Array;
}

/**
 * One threshold of crossings(): the total burn d, and per-block detail of its top `near` values to
 * `onBlock` (its `before` may be reused once onBlock returns).
 */
export interface CrossingRequest {
  d: number;
  near?: number;
  onBlock?: (v: number, before: OffsetPmf) => void;
}

/** What the forecast needs of the burn before Fainting (BlockSums in general, binomial.ts when it applies). */
export interface Sums {
  /** The block at which the total burn first reaches d; per-block detail near d to `onBlock`. */
  crossing(d: number, near?: number, onBlock?: (v: number, before: OffsetPmf) => void): BlockCrossing;
  /** crossing() for several thresholds at once (one sweep where it helps). */
  crossings(requests: CrossingRequest[]): BlockCrossing[];
  /** Burn at the prompt after iteration t: blocks 0..t-1 and the turn call of block t. */
  atPrompt(t: number): OffsetPmf;
}

/**
 * What BlockSums compute that depends on the burn and moves0's phase alone, each always by the same
 * products in the same order: the blocks, the cycle and its squarings, the prefix sums of a chunk.
 * Heroes with the same burn and phase (the same hero asked again later) share them (walkCache.ts).
 */
export class SumsTables {
  /** By the block's absolute phase (-1: block 0). */
  readonly blocks = new Map<number, OffsetPmf>();
  cycle: OffsetPmf | null = null;
  /** squares[k]: the burn of 2^k cycles. */
  readonly squares: OffsetPmf[] = [];
  /** By the first block's absolute phase and the length (the last few used). */
  readonly prefixes = new Map<string, Prefix[]>();

  /** Bytes held (the bound of the cache that keeps them). */
  bytes(): number {
    const of = (d: OffsetPmf) => 8 * d.p.length + 64;
    let n = this.cycle ? of(this.cycle) : 0;
    for (const b of this.blocks.values()) n += of(b);
    for (const q of this.squares) n += of(q);
    for (const run of this.prefixes.values())
      for (const x of run) n += of(x.pmf) + 8 * (x.tails.length + x.weights.length) + 128;
    return n;
  }
}

/** How many prefix runs SumsTables keep (a forecast's sweeps use one or two). */
const PREFIX_RUNS = 4;

export class BlockSums implements Sums {
  private readonly throughCache = new Map<number, OffsetPmf>();

  constructor(
    readonly model: CallModel,
    readonly moves0: number,
    private readonly tables = new SumsTables(),
  ) {}

  /** Burn of block v (v = 0: the attacks at the prompt; v >= 1: turn call + attacks). */
  block(v: number): OffsetPmf {
    const key = v === 0 ? -1 : this.model.periodic ? phaseOf(this.moves0 + v) : 0;
    let b = this.tables.blocks.get(key);
    if (!b) {
      b = pointMass(0);
      for (const c of blockCalls(this.model, this.moves0, v)) b = convolve(b, asPmf(c));
      this.tables.blocks.set(key, b);
    }
    return b;
  }

  /** Burn of blocks from..to (inclusive, from >= 1). */
  private run(from: number, to: number): OffsetPmf {
    let d = pointMass(0);
    for (let v = from; v <= to; v++) d = convolve(d, this.block(v));
    return d;
  }

  /** Burn of the 20 blocks 1..20 (one full cycle of moves % 20). */
  private cycle(): OffsetPmf {
    return (this.tables.cycle ??= this.model.periodic ? this.run(1, 20) : power(this.block(1), 20));
  }

  /** The burn of q cycles: power(cycle, q) with the squarings kept (the same products, in the same order). */
  private cycles(q: number): OffsetPmf {
    let result = pointMass(0);
    const squares = this.tables.squares;
    for (let k = 0; q >> k > 0; k++) {
      if (k === squares.length)
        squares.push(k === 0 ? this.cycle() : normalized(convolveLong(squares[k - 1]!, squares[k - 1]!)));
      if ((q >> k) & 1) result = normalized(convolveLong(result, squares[k]!));
    }
    return result;
  }

  /** Y_u: burn of blocks 0..u. */
  through(u: number): OffsetPmf {
    if (u < 0) return pointMass(0);
    const hit = this.throughCache.get(u);
    if (hit) return hit;
    // From the nearest one known below: Y_u = Y_w + blocks w+1..u (any 20 in a row are one cycle).
    let w = -1;
    for (const k of this.throughCache.keys()) if (k < u && k > w) w = k;
    let y: OffsetPmf;
    if (w >= 0) {
      const q = Math.floor((u - w) / 20);
      y = normalized(convolveLong(convolve(this.throughCache.get(w)!, this.run(w + 1, u - 20 * q)), this.cycles(q)));
    } else {
      const q = Math.floor(u / 20);
      const rest = this.run(20 * q + 1, u); // blocks of the last partial cycle repeat those of the first
      y = normalized(convolve(convolveLong(this.block(0), this.cycles(q)), rest));
    }
    if (this.throughCache.size >= 8) this.throughCache.delete(this.throughCache.keys().next().value!);
    this.throughCache.set(u, y);
    return y;
  }

  /** Burn at the prompt after iteration t: blocks 0..t-1 and the turn call of block t. */
  atPrompt(t: number): OffsetPmf {
    if (t === 0) return pointMass(0);
    return convolve(this.through(t - 1), asPmf(this.model.awake[phaseOf(this.moves0 + t)]!));
  }

  /** Mean and variance of one block (averaged over a cycle). */
  private blockMoments(): { mu: number; v: number } {
    const c = this.cycle();
    let m = 0;
    let s = 0;
    let tot = 0;
    for (let i = 0; i < c.p.length; i++) {
      const x = c.offset + i;
      tot += c.p[i]!;
      m += x * c.p[i]!;
      s += x * x * c.p[i]!;
    }
    m /= tot;
    return { mu: m / 20, v: Math.max(0, s / tot - m * m) / 20 };
  }

  /** The last block u at which (almost) nobody has burned d yet: P(Y_u >= d) < SWEEP_EPS, or 0. */
  private sweepStart(d: number, mu: number, v: number): number {
    if (tailAtLeast(this.block(0), d) > 0) return 0;
    let guess = Math.floor((d - 12 * Math.sqrt((v * d) / mu) - 40) / mu);
    while (guess > 0) {
      if (tailAtLeast(this.through(guess), d) < SWEEP_EPS) return guess;
      guess = Math.floor(guess * 0.8) - 20;
    }
    return 0;
  }

  /**
   * The block at which the total burn first reaches d (d >= 1): exactly, by sweeping chunks of
   * blocks; `onBlock` also receives, for each block, the uncrossed distribution just before it
   * restricted to its top `near` values (for per-call detail).
   */
  crossing(d: number, near = 0, onBlock?: (v: number, before: OffsetPmf) => void): BlockCrossing {
    return this.crossings([{ d, near, onBlock }])[0]!;
  }

  /**
   * crossing() for several thresholds in one sweep: the total burn below the largest threshold is
   * carried chunk by chunk once, and each threshold reads its crossings off it from its own start
   * (where less than 1e-16 has crossed it) until less than 1e-16 is left below it.
   */
  crossings(requests: CrossingRequest[]): BlockCrossing[] {
    const { mu, v } = this.blockMoments();
    if (!(mu > 0)) return requests.map(() => ({ pmf: { offset: 0, p: new Float64Array(1) }, never: 1 }));
    if (requests.length === 0) return [];
    const sweeps = requests.map((r) => new ThresholdSweep(r, this.sweepStart(r.d, mu, v)));
    const dMax = Math.max(...requests.map((r) => r.d));
    let u0 = Math.min(...sweeps.map((s) => s.start));
    const y = this.through(u0);
    let above = tailAtLeast(y, dMax); // P(Y >= dMax): crossed every threshold
    let dist = below(y, dMax);
    const chunk = this.chunkLength(mu, v, dMax);
    // Prefix sums of the chunk's blocks, shared by every chunk (chunks start on the same phase).
    const prefixes = this.prefixes(u0 + 1, chunk);
    for (const s of sweeps) if (s.start === u0) begin(s, u0, above + tailAtLeast(dist, s.d), 0);
    while (sweeps.some((s) => !s.done)) {
      for (const s of sweeps) {
        if (s.done) continue;
        // This chunk's blocks j = from..chunk for this threshold (none before its start).
        const from = Math.max(1, s.start - u0);
        const crossedAt = crossedByBlocks(dist, prefixes, s.d, from, chunk);
        for (let j = from; j <= chunk; j++) {
          const block = u0 + j;
          if (block === s.start) {
            const crossed = crossedAt[j]!;
            begin(s, block, above + tailAtLeast(dist, s.d) + crossed, crossed);
            continue;
          }
          if (s.onBlock) {
            const before =
              j === 1
                ? nearTop(dist, s.d, s.near, s.before)
                : convolveTop(dist, prefixes[j - 2]!.pmf, s.d, s.near, s.before);
            s.onBlock(block, before);
          }
          const crossed = crossedAt[j]!;
          s.push(crossed - s.crossedBefore);
          s.crossedBefore = crossed;
        }
      }
      const next = convolve(dist, prefixes[chunk - 1]!.pmf);
      above += tailAtLeast(next, dMax);
      dist = below(next, dMax);
      u0 += chunk;
      for (const s of sweeps) {
        if (s.done || u0 < s.start) continue;
        s.crossedBefore = 0;
        s.left = totalBelow(dist, s.d);
        if (s.left < SWEEP_EPS || u0 > 50_000_000) s.done = true;
      }
    }
    return sweeps.map((s) => ({ pmf: { offset: s.start, p: s.crossings() }, never: s.left }));
  }

  /** Chunk length: long enough that few chunk steps are needed, short enough that prefixes stay small. */
  private chunkLength(mu: number, v: number, d: number): number {
    const blocksToCross = d / mu;
    const spread = Math.sqrt(v * blocksToCross) / mu; // standard deviation of the crossing block
    const k = Math.max(1, Math.min(40, Math.round(spread / 60)));
    return this.model.periodic ? 20 * k : Math.max(20, 20 * k);
  }

  /** prefixes[j - 1] = burn of blocks first .. first + j - 1. */
  private prefixes(first: number, n: number): Prefix[] {
    const key = `${this.model.periodic ? phaseOf(this.moves0 + first) : 0}:${n}`;
    const runs = this.tables.prefixes;
    const hit = runs.get(key);
    if (hit) return hit;
    const out: Prefix[] = [];
    let d = pointMass(0);
    for (let j = 0; j < n; j++) {
      d = convolve(d, this.block(first + j));
      out.push(withTails(d));
    }
    if (runs.size >= PREFIX_RUNS) runs.delete(runs.keys().next().value!);
    runs.set(key, out);
    return out;
  }
}

/** One threshold's state in crossings(). */
class ThresholdSweep {
  readonly d: number;
  readonly near: number;
  readonly onBlock: ((v: number, before: OffsetPmf) => void) | undefined;
  /** The row each block's `before` (burns d - near .. d - 1) is written to (onBlock reads it at once). */
  readonly before: OffsetPmf;
  /** P(crossed within the current chunk, up to the last block read). */
  crossedBefore = 0;
  /** P(not crossed yet) at the last chunk's end. */
  left = 1;
  done = false;
  /** The crossings from block `start` on (out[0] holds every crossing up to it). */
  private out = new Float64Array(1024);
  private count = 0;

  constructor(
    r: CrossingRequest,
    /** The block of out[0]. */
    readonly start: number,
  ) {
    this.d = r.d;
    this.near = r.near ?? 0;
    this.onBlock = r.onBlock;
    this.before = { offset: this.d - this.near, p: new Float64Array(this.near) };
  }

  push(x: number): void {
    if (this.count === this.out.length) {
      const bigger = new Float64Array(2 * this.count);
      bigger.set(this.out);
      this.out = bigger;
    }
    this.out[this.count++] = x;
  }

  crossings(): Float64Array {
    return this.out.slice(0, this.count);
  }
}

/** The first entry of a threshold's crossings: everything crossed by its start block. */
function begin(s: ThresholdSweep, block: number, crossedBy: number, inChunk: number): void {
  s.push(crossedBy);
  s.crossedBefore = inChunk;
  if (block === 0 && s.onBlock) s.onBlock(0, pointMass(0));
}

/** P(X < x). */
function totalBelow(d: OffsetPmf, x: number): number {
  let s = 0;
  for (let i = 0; i < d.p.length && d.offset + i < x; i++) s += d.p[i]!;
  return s;
}

/** The part of d below x. */
export function below(d: OffsetPmf, x: number): OffsetPmf {
  const keep = Math.min(d.p.length, x - d.offset);
  if (keep <= 0) return { offset: x - 1, p: new Float64Array(1) };
  return trim({ offset: d.offset, p: d.p.slice(0, keep) });
}

/** A prefix sum of blocks with its upper tails: tails[k] = P(prefix >= offset + k). */
interface Prefix {
  pmf: OffsetPmf;
  tails: Float64Array;
  /** weights[need + WEIGHT_PAD] = tails[need] for 1 <= need < length, 0 elsewhere (crossedByFour()). */
  weights: Float64Array;
}

/** How far past its tails a prefix's `weights` read 0 (the blocks crossedByBlocks() sums together differ by less). */
const WEIGHT_PAD = 64;

function withTails(pmf: OffsetPmf): Prefix {
  const tails = new Float64Array(pmf.p.length + 1);
  for (let k = pmf.p.length - 1; k >= 0; k--) tails[k] = tails[k + 1]! + pmf.p[k]!;
  const weights = new Float64Array(pmf.p.length + 2 * WEIGHT_PAD);
  for (let need = 1; need < pmf.p.length; need++) weights[need + WEIGHT_PAD] = tails[need]!;
  return { pmf, tails, weights };
}

/** crossedBy() of every block j = from..to of a chunk (at [j]), four blocks a loop where their ranges allow. */
let crossedScratch = new Float64Array(1024);

function crossedByBlocks(dist: OffsetPmf, prefixes: Prefix[], d: number, from: number, to: number): Float64Array {
  if (crossedScratch.length <= to) crossedScratch = new Float64Array(2 * (to + 1));
  const out = crossedScratch;
  let j = from;
  for (; j + 3 <= to; j += 4) if (!crossedByFour(dist, prefixes, d, j, out)) break;
  for (; j <= to; j++) out[j] = crossedBy(dist, prefixes[j - 1]!, d);
  return out;
}

function outsideWeights(base: number, p: Prefix, lo: number, hi: number): boolean {
  return base - lo > p.pmf.p.length - 1 + WEIGHT_PAD || base - (hi - 1) < -WEIGHT_PAD;
}

/**
 * crossedBy() of blocks j..j+3 in one pass over dist: four independent sums, each adding the same
 * products in the same order as crossedBy() (the other blocks' terms of the pass multiply by a
 * weight of 0, adding +0, which changes no sum), then each its values that any prefix takes past d.
 * False (nothing written) when a block's range reaches past its padded weights.
 */
function crossedByFour(dist: OffsetPmf, prefixes: Prefix[], d: number, j: number, out: Float64Array): boolean {
  const dp = dist.p;
  const end = Math.min(dp.length, d - dist.offset);
  const a = prefixes[j - 1]!;
  const b = prefixes[j]!;
  const c = prefixes[j + 1]!;
  const e = prefixes[j + 2]!;
  // base - i is the need of value i (crossedBy()); the tails part of the sum is i < whole.
  const baseA = d - dist.offset - a.pmf.offset;
  const baseB = d - dist.offset - b.pmf.offset;
  const baseC = d - dist.offset - c.pmf.offset;
  const baseE = d - dist.offset - e.pmf.offset;
  const firstA = Math.max(0, baseA - (a.pmf.p.length - 1));
  const firstB = Math.max(0, baseB - (b.pmf.p.length - 1));
  const firstC = Math.max(0, baseC - (c.pmf.p.length - 1));
  const firstE = Math.max(0, baseE - (e.pmf.p.length - 1));
  const wholeA = Math.min(end, Math.max(firstA, baseA));
  const wholeB = Math.min(end, Math.max(firstB, baseB));
  const wholeC = Math.min(end, Math.max(firstC, baseC));
  const wholeE = Math.min(end, Math.max(firstE, baseE));
  const lo = Math.min(firstA, firstB, firstC, firstE);
  const hi = Math.max(wholeA, wholeB, wholeC, wholeE);
  // Every need read, base - (hi - 1) .. base - lo, within the weights' padding.
  if (
    outsideWeights(baseA, a, lo, hi) ||
    outsideWeights(baseB, b, lo, hi) ||
    outsideWeights(baseC, c, lo, hi) ||
    outsideWeights(baseE, e, lo, hi)
  )
    return false;
  const wa = a.weights;
  const wb = b.weights;
  const wc = c.weights;
  const we = e.weights;
  const ka = baseA + WEIGHT_PAD;
  const kb = baseB + WEIGHT_PAD;
  const kc = baseC + WEIGHT_PAD;
  const ke = baseE + WEIGHT_PAD;
  let sa = 0;
  let sb = 0;
  let sc = 0;
  let se = 0;
  for (let i = lo; i < hi; i++) {
    const x = dp[i]!;
    sa += x * wa[ka - i]!;
    sb += x * wb[kb - i]!;
    sc += x * wc[kc - i]!;
    se += x * we[ke - i]!;
  }
  for (let i = wholeA; i < end; i++) sa += dp[i]!;
  for (let i = wholeB; i < end; i++) sb += dp[i]!;
  for (let i = wholeC; i < end; i++) sc += dp[i]!;
  for (let i = wholeE; i < end; i++) se += dp[i]!;
  out[j] = sa;
  out[j + 1] = sb;
  out[j + 2] = sc;
  out[j + 3] = se;
  return true;
}

/**
 * P(S + P >= d, S < d) for S ~ dist and P ~ prefix: only S near d can get there. The sum runs over
 * S upwards: first the values that need part of P (its tail), then those any P takes past d.
 */
function crossedBy(dist: OffsetPmf, prefix: Prefix, d: number): number {
  const { offset, p } = prefix.pmf;
  const tails = prefix.tails;
  const dp = dist.p;
  const top = offset + p.length - 1;
  let s = 0;
  const end = Math.min(dp.length, d - dist.offset);
  const first = Math.max(0, d - top - dist.offset);
  const whole = Math.min(end, Math.max(first, d - offset - dist.offset)); // from here need <= 0
  for (let i = first, need = d - dist.offset - offset - first; i < whole; i++, need--) s += dp[i]! * tails[need]!;
  for (let i = whole; i < end; i++) s += dp[i]!;
  return s;
}

/**
 * The top `near` values below d of dist ⊛ prefix (the rest cannot matter within one block). Each
 * value sums its products in increasing order of the prefix's values (as the row by row sum did:
 * a zero product adds +0, which changes no sum), two values a pass where they share one.
 */
function convolveTop(dist: OffsetPmf, prefix: OffsetPmf, d: number, near: number, row: OffsetPmf): OffsetPmf {
  const lo = d - near;
  const out = row.p;
  const pp = prefix.p;
  const dp = dist.p;
  // Value t sums pp[k] dp[base + t - k] over k = kFrom(t)..kTo(t): both bounds grow with t by 0 or 1.
  const base = lo - prefix.offset - dist.offset;
  const last = dp.length - 1;
  const top = pp.length - 1;
  let t = 0;
  for (; t + 1 < near; t += 2) {
    const i0 = base + t;
    const i1 = i0 + 1;
    const from1 = Math.max(0, i1 - last);
    const to0 = Math.min(top, i0);
    let s0 = 0;
    let s1 = 0;
    let k = Math.max(0, i0 - last);
    for (; k < from1 && k <= to0; k++) s0 += dp[i0 - k]! * pp[k]!;
    for (k = Math.max(k, from1); k <= to0; k++) {
      const q = pp[k]!;
      s0 += dp[i0 - k]! * q;
      s1 += dp[i1 - k]! * q;
    }
    for (k = Math.max(from1, to0 + 1); k <= Math.min(top, i1); k++) s1 += dp[i1 - k]! * pp[k]!;
    out[t] = s0;
    out[t + 1] = s1;
  }
  for (; t < near; t++) {
    let s0 = 0;
    for (let k = Math.max(0, base + t - last), to = Math.min(top, base + t); k <= to; k++)
      s0 += dp[base + t - k]! * pp[k]!;
    out[t] = s0;
  }
  return row;
}

function nearTop(dist: OffsetPmf, d: number, near: number, row: OffsetPmf): OffsetPmf {
  const lo = d - near;
  const out = row.p;
  out.fill(0);
  for (let i = 0; i < dist.p.length; i++) {
    const x = dist.offset + i;
    if (x >= lo && x < d) out[x - lo] = dist.p[i]!;
  }
  return row;
}

/** crossingCalls()'s working row and crossing masses, reused from block to block (a sweep makes up to millions). */
let scratch: Float64Array = new Float64Array(64);
let massScratch: Float64Array = new Float64Array(64);
/** Views of massScratch by length (a view per crossing call would cost more than the call's arithmetic). */
let massViews: Float64Array[] = [];
/** The crossing handed to `found`, refilled for each call. */
const crossed: CallCrossing = { block: 0, call: 0, top: 0, mass: massScratch };

function zeroed(buffer: Float64Array, n: number): Float64Array {
  if (buffer.length < n) return new Float64Array(Math.max(n, 2 * buffer.length));
  for (let i = 0; i < n; i++) buffer[i] = 0;
  return buffer;
}

function massView(length: number): Float64Array {
  if (massScratch.length < length) {
    massScratch = new Float64Array(Math.max(length, 2 * massScratch.length));
    massViews = [];
  }
  return (massViews[length] ??= massScratch.subarray(0, length));
}

/**
 * Per-call detail of a crossing inside block v: given the burn before the block (its top `near`
 * values below d), step through the block's calls; each call's mass that first reaches d goes to
 * `found` with the nutrition h0 - burn right after that call. In place, on burns lo..d-1. The
 * crossing handed to `found` (and its `mass`) is a working buffer, valid until `found` returns
 * (copy what is kept). Every call of a block draws from the same pmf (blockCalls()); its zero
 * entries are skipped (adding x * 0 changes no sum).
 */
export function crossingCalls(
  model: CallModel,
  moves0: number,
  v: number,
  before: OffsetPmf,
  d: number,
  h0: number,
  found: (cc: CallCrossing) => void,
): void {
  const pmf = model.awake[phaseOf(moves0 + v)]!;
  const calls = (v >= 1 ? 1 : 0) + model.attacks;
  const lo = before.offset;
  const width = d - lo; // x[j]: burn lo + j, below d
  const x = (scratch = zeroed(scratch, Math.max(0, width)));
  let a = width;
  let b = -1;
  for (let i = 0; i < before.p.length && i < width; i++) {
    const q = before.p[i]!;
    if (q === 0) continue;
    x[i] = q;
    if (i < a) a = i;
    b = i;
  }
  const top = h0 - d; // nutrition right at the threshold
  const n = pmf.length;
  let kmin = 0;
  while (kmin < n && pmf[kmin] === 0) kmin++;
  const twoPoint = n === 2 && pmf[0] !== 0 && pmf[1] !== 0;
  for (let c = 0; c < calls && b >= a; c++) {
    // Crossing: burn lo + j + k >= d.
    if (b + n - 1 >= width) {
      const length = b + n - width;
      const mass = massView(length);
      for (let i = 0; i < length; i++) mass[i] = 0;
      let any = false;
      for (let j = Math.max(a, width - n + 1); j <= b; j++) {
        const xj = x[j]!;
        if (xj === 0) continue;
        for (let k = Math.max(kmin, width - j); k < n; k++) {
          const pk = pmf[k]!;
          if (pk === 0) continue;
          const m = xj * pk;
          mass[j + k - width]! += m;
          if (m > 0) any = true;
        }
      }
      if (any) {
        crossed.block = v;
        crossed.call = c;
        crossed.top = top;
        crossed.mass = mass;
        found(crossed);
      }
    }
    // Below d, from the top down (each new value only reads older, lower ones).
    const nb = Math.min(width - 1, b + n - 1);
    if (twoPoint) {
      // The loop below for burns 0 and 1 (both possible): the same products, added in the same order.
      const p0 = pmf[0]!;
      const p1 = pmf[1]!;
      if (nb > b) x[nb] = x[b]! * p1;
      for (let j = b; j > a; j--) x[j] = x[j]! * p0 + x[j - 1]! * p1;
      x[a] = x[a]! * p0;
      b = nb;
      continue;
    }
    for (let j = nb; j >= a + kmin; j--) {
      let sum = 0;
      for (let k = kmin; k < n; k++) {
        const i = j - k;
        if (i < a) break;
        const pk = pmf[k]!;
        if (i <= b && pk !== 0) sum += x[i]! * pk;
      }
      x[j] = sum;
    }
    for (let i = a, end = Math.min(a + kmin, nb + 1); i < end; i++) x[i] = 0;
    a += kmin;
    b = nb;
  }
}
