// TEST-ONLY REFERENCE: the pair walk (src/engine/nethack/pairWalk.ts) as it was in plain JavaScript
// before its hot loops moved to WebAssembly (commit 7273c48), kept so that the WebAssembly walk can
// be compared with it to the last bit (test/engine/nethack/pair-walk.test.ts). Never import this
// from src/. Verbatim except for imports.
// Two starvation walks in one pass ("lanes"). 5.0 draws every call's burn afresh (rn2(20)), so its
// walk from a first faint is the same at every moves and a forecast needs one walk per kind of first
// faint (forecast.ts shiftedWalks()): usually two, a turn call's faint and an attack's, from the
// same nutrition. Both walks apply the same calls, rolls and kernels to different masses: run
// together, each cell's coefficients are read once for both and every loop and row is shared
// (about 1.5x faster than the two walks one after the other).
//
// This is the walk of starvation.ts (see its comment for the method and the cuts), restricted to
// what these walks use: calls that burn 0 or 1, awake and fainted each with its own chances (slow
// digestion; a plain hero, who burns 1 awake and the base charge 1 turn in 10 fainted), one or more
// attacks, helpless seeds at one iteration, run to the end without a snapshot. Each lane gives what
// runWalk() gives for its seed alone, but for the cuts below 1e-16: a row's cell is pruned when both
// lanes are below 1e-16 there, and a deposit's kernel is cut where its tail times the larger lane's
// mass is below 1e-16 (each lane keeps at least as much as alone). Each lane stops where it would
// alone (less than 1e-10 alive) and keeps its deaths up to then.
import type { NethackVersion } from '../../../../src/engine/cite.ts';
import { faintTurns, passChance, type CallModel } from '../../../../src/engine/nethack/calls.ts';
import * as walk from '../../../../src/engine/nethack/starvation.ts';
import {
  AttackKernels,
  Kernels,
  refuseIfCachedOnly,
  starvationFloor,
  usefulLength,
  type HelplessSeed,
  type WalkResult,
  type WalkSnapshot,
} from '../../../../src/engine/nethack/starvation.ts';

// Read once: a module's exports can be getters (a call per read in a hot loop).
const { BLOCK, PRUNE, ROW_PAD, WALK_EPSILON, WALK_MAX_TURNS } = walk;

/**
 * Whether runWalkPair() can run the kind walks of this model (and the two seeds). Up to 64 attacks:
 * their combined kernels then stay far inside starvation.ts's memory bound on any grid of a 5.0 walk.
 */
export function pairWalkable(model: CallModel, a: HelplessSeed, b: HelplessSeed): boolean {
  if (model.period !== 1 || model.attacks < 1 || model.attacks > 64) return false;
  return model.awake[0]!.length === 2 && model.fainted[0]!.length === 2 && a.dur > 0 && b.dur > 0;
}

/** Both lanes of cell i at 2i and 2i + 1, cells lo..hi in use (either lane nonzero). */
class PairRow {
  readonly p: Float64Array;
  lo: number;
  hi: number;
  constructor(private readonly width: number) {
    this.p = new Float64Array(2 * (width + ROW_PAD));
    this.lo = width;
    this.hi = -1;
  }
  add(i: number, a: number, b: number) {
    this.p[2 * i]! += a;
    this.p[2 * i + 1]! += b;
    if (i < this.lo) this.lo = i;
    if (i > this.hi) this.hi = i;
  }
  reset() {
    this.lo = this.width;
    this.hi = -1;
  }
  prune() {
    const p = this.p;
    while (this.lo <= this.hi && p[2 * this.lo]! < PRUNE && p[2 * this.lo + 1]! < PRUNE) {
      p[2 * this.lo] = p[2 * this.lo + 1] = 0;
      this.lo++;
    }
    while (this.hi >= this.lo && p[2 * this.hi]! < PRUNE && p[2 * this.hi + 1]! < PRUNE) {
      p[2 * this.hi] = p[2 * this.hi + 1] = 0;
      this.hi--;
    }
    if (this.hi < this.lo) this.reset();
  }
}

/** Mass that died in the last call, by lane (written by the row operations below). */
const deadOut = new Float64Array(2);

/**
 * twoPointCall() of starvation.ts for both lanes: one call burning 0 (q0) or 1 (q1), then the roll
 * at the new nutrition; awake heroes (`faints` given) faint on a pass, helpless ones only die.
 */
function twoPoint(row: PairRow, q0: number, q1: number, pass: Float64Array, limitIdx: number, faints: PairRow | null) {
  deadOut[0] = deadOut[1] = 0;
  if (row.hi < row.lo) return;
  const p = row.p;
  const rlo = row.lo;
  const rhi = row.hi;
  const lo = rlo === 0 ? 0 : rlo - 1;
  const split = limitIdx < lo ? lo : limitIdx > rhi + 1 ? rhi + 1 : limitIdx;
  // Below the floor: kept at it (multiplied out either way: a branch first taken thousands of
  // iterations in would throw the compiled code away).
  const atFloor = rlo === 0 ? 1 : 0;
  const floorA = p[0]! * q1 * atFloor;
  const floorB = p[1]! * q1 * atFloor;
  let deadA = 0;
  let deadB = 0;
  let j = lo;
  if (faints) {
    const fp = faints.p;
    {
      const ya = p[2 * j]! * q0 + p[2 * j + 2]! * q1 + floorA;
      const yb = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1 + floorB;
      const s = pass[j]!;
      const oa = ya * s;
      const ob = yb * s;
      fp[2 * j]! += oa;
      fp[2 * j + 1]! += ob;
      if (j < split) {
        deadA += ya - oa;
        deadB += yb - ob;
        p[2 * j] = p[2 * j + 1] = 0;
      } else {
        p[2 * j] = ya - oa;
        p[2 * j + 1] = yb - ob;
      }
      j++;
    }
    for (; j < split; j++) {
      const ya = p[2 * j]! * q0 + p[2 * j + 2]! * q1;
      const yb = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1;
      const s = pass[j]!;
      const oa = ya * s;
      const ob = yb * s;
      fp[2 * j]! += oa;
      fp[2 * j + 1]! += ob;
      deadA += ya - oa;
      deadB += yb - ob;
      p[2 * j] = p[2 * j + 1] = 0;
    }
    for (; j <= rhi; j++) {
      const ya = p[2 * j]! * q0 + p[2 * j + 2]! * q1;
      const yb = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1;
      const s = pass[j]!;
      const oa = ya * s;
      const ob = yb * s;
      fp[2 * j]! += oa;
      fp[2 * j + 1]! += ob;
      p[2 * j] = ya - oa;
      p[2 * j + 1] = yb - ob;
    }
    if (lo < faints.lo) faints.lo = lo;
    if (rhi > faints.hi) faints.hi = rhi;
    row.lo = split;
    row.hi = split <= rhi ? rhi : -1;
  } else {
    {
      const ya = p[2 * j]! * q0 + p[2 * j + 2]! * q1 + floorA;
      const yb = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1 + floorB;
      if (j < split) {
        const s = pass[j]!;
        const oa = ya * s;
        const ob = yb * s;
        deadA += ya - oa;
        deadB += yb - ob;
        p[2 * j] = oa;
        p[2 * j + 1] = ob;
      } else {
        p[2 * j] = ya;
        p[2 * j + 1] = yb;
      }
      j++;
    }
    for (; j < split; j++) {
      const ya = p[2 * j]! * q0 + p[2 * j + 2]! * q1;
      const yb = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1;
      const s = pass[j]!;
      const oa = ya * s;
      const ob = yb * s;
      deadA += ya - oa;
      deadB += yb - ob;
      p[2 * j] = oa;
      p[2 * j + 1] = ob;
    }
    for (; j <= rhi; j++) {
      p[2 * j] = p[2 * j]! * q0 + p[2 * j + 2]! * q1;
      p[2 * j + 1] = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1;
    }
    row.lo = lo;
    row.hi = rhi;
  }
  if (row.hi >= row.lo) row.prune();
  else row.reset();
  deadOut[0] = deadA;
  deadOut[1] = deadB;
}

/**
 * The turn call of the awake heroes (twoPoint() with faints), whose heroes still awake after it
 * go straight to `into` (the next prompt's row): `row` is left empty.
 */
function turnCall(
  row: PairRow,
  q0: number,
  q1: number,
  pass: Float64Array,
  limitIdx: number,
  faints: PairRow,
  into: PairRow,
) {
  deadOut[0] = deadOut[1] = 0;
  if (row.hi < row.lo) return;
  const p = row.p;
  const fp = faints.p;
  const np = into.p;
  const rlo = row.lo;
  const rhi = row.hi;
  const lo = rlo === 0 ? 0 : rlo - 1;
  const split = limitIdx < lo ? lo : limitIdx > rhi + 1 ? rhi + 1 : limitIdx;
  const atFloor = rlo === 0 ? 1 : 0; // below the floor: kept at it (see twoPoint())
  let floorA = p[0]! * q1 * atFloor;
  let floorB = p[1]! * q1 * atFloor;
  let deadA = 0;
  let deadB = 0;
  let j = lo;
  for (; j < split; j++) {
    const ya = p[2 * j]! * q0 + p[2 * j + 2]! * q1 + floorA;
    const yb = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1 + floorB;
    floorA = floorB = 0;
    const s = pass[j]!;
    const oa = ya * s;
    const ob = yb * s;
    fp[2 * j]! += oa;
    fp[2 * j + 1]! += ob;
    deadA += ya - oa;
    deadB += yb - ob;
    p[2 * j] = p[2 * j + 1] = 0;
  }
  for (; j <= rhi; j++) {
    const ya = p[2 * j]! * q0 + p[2 * j + 2]! * q1 + floorA;
    const yb = p[2 * j + 1]! * q0 + p[2 * j + 3]! * q1 + floorB;
    floorA = floorB = 0;
    const s = pass[j]!;
    const oa = ya * s;
    const ob = yb * s;
    fp[2 * j]! += oa;
    fp[2 * j + 1]! += ob;
    np[2 * j]! += ya - oa;
    np[2 * j + 1]! += yb - ob;
    p[2 * j] = p[2 * j + 1] = 0;
  }
  if (lo < faints.lo) faints.lo = lo;
  if (rhi > faints.hi) faints.hi = rhi;
  if (split <= rhi) {
    if (split < into.lo) into.lo = split;
    if (rhi > into.hi) into.hi = rhi;
  }
  row.reset();
  deadOut[0] = deadA;
  deadOut[1] = deadB;
}

/** combinedAttacks() of starvation.ts for both lanes (two or more attacks, with their kernels). */
function combinedAttacks(row: PairRow, k: AttackKernels, faints: PairRow) {
  deadOut[0] = deadOut[1] = 0;
  if (row.hi < row.lo) return;
  const p = row.p;
  const fp = faints.p;
  const lo = row.lo;
  const hi = row.hi;
  const { span, stride, stay, faint } = k;
  const deadFrom = k.dead;
  let deadA = 0;
  let deadB = 0;
  let i = lo;
  // The cells whose outputs may fall below cell 0 (kept at 0), one at a time.
  for (; i <= hi && i < span - 1; i++) {
    const xa = p[2 * i]!;
    const xb = p[2 * i + 1]!;
    if (xa === 0 && xb === 0) continue;
    p[2 * i] = p[2 * i + 1] = 0;
    k.ensure(i);
    const base = i * stride;
    for (let j = 0; j < span; j++) {
      const to = i - j < 0 ? 0 : i - j;
      const s = stay[base + j]!;
      const f = faint[base + j]!;
      p[2 * to]! += xa * s;
      p[2 * to + 1]! += xb * s;
      fp[2 * to]! += xa * f;
      fp[2 * to + 1]! += xb * f;
    }
    deadA += xa * deadFrom[i]!;
    deadB += xb * deadFrom[i]!;
  }
  // Then four cells at a time: output i - j takes cell i + m's entry j + m.
  for (; i + 3 <= hi; i += 4) {
    const a0 = p[2 * i]!;
    const b0 = p[2 * i + 1]!;
    const a1 = p[2 * i + 2]!;
    const b1 = p[2 * i + 3]!;
    const a2 = p[2 * i + 4]!;
    const b2 = p[2 * i + 5]!;
    const a3 = p[2 * i + 6]!;
    const b3 = p[2 * i + 7]!;
    for (let m = 0; m < 8; m++) p[2 * i + m] = 0;
    for (let m = 0; m < BLOCK; m++) k.ensure(i + m);
    const d0 = deadFrom[i]!;
    const d1 = deadFrom[i + 1]!;
    const d2 = deadFrom[i + 2]!;
    const d3 = deadFrom[i + 3]!;
    deadA += a0 * d0 + a1 * d1 + a2 * d2 + a3 * d3;
    deadB += b0 * d0 + b1 * d1 + b2 * d2 + b3 * d3;
    const s0 = i * stride;
    const s1 = s0 + stride + 1;
    const s2 = s1 + stride + 1;
    const s3 = s2 + stride + 1;
    let s = stay[s3 - 3]!;
    let f = faint[s3 - 3]!;
    p[2 * i + 6]! += a3 * s;
    p[2 * i + 7]! += b3 * s;
    fp[2 * i + 6]! += a3 * f;
    fp[2 * i + 7]! += b3 * f;
    s = stay[s2 - 2]!;
    let t = stay[s3 - 2]!;
    f = faint[s2 - 2]!;
    let g = faint[s3 - 2]!;
    p[2 * i + 4]! += a2 * s + a3 * t;
    p[2 * i + 5]! += b2 * s + b3 * t;
    fp[2 * i + 4]! += a2 * f + a3 * g;
    fp[2 * i + 5]! += b2 * f + b3 * g;
    s = stay[s1 - 1]!;
    t = stay[s2 - 1]!;
    const u = stay[s3 - 1]!;
    f = faint[s1 - 1]!;
    g = faint[s2 - 1]!;
    const h = faint[s3 - 1]!;
    p[2 * i + 2]! += a1 * s + a2 * t + a3 * u;
    p[2 * i + 3]! += b1 * s + b2 * t + b3 * u;
    fp[2 * i + 2]! += a1 * f + a2 * g + a3 * h;
    fp[2 * i + 3]! += b1 * f + b2 * g + b3 * h;
    for (let j = 0; j < span; j++) {
      const o = 2 * (i - j);
      const y0 = stay[s0 + j]!;
      const y1 = stay[s1 + j]!;
      const y2 = stay[s2 + j]!;
      const y3 = stay[s3 + j]!;
      p[o]! += a0 * y0 + a1 * y1 + a2 * y2 + a3 * y3;
      p[o + 1]! += b0 * y0 + b1 * y1 + b2 * y2 + b3 * y3;
      const z0 = faint[s0 + j]!;
      const z1 = faint[s1 + j]!;
      const z2 = faint[s2 + j]!;
      const z3 = faint[s3 + j]!;
      fp[o]! += a0 * z0 + a1 * z1 + a2 * z2 + a3 * z3;
      fp[o + 1]! += b0 * z0 + b1 * z1 + b2 * z2 + b3 * z3;
    }
  }
  for (; i <= hi; i++) {
    // the last few, one at a time (no clamp: i >= span - 1)
    const xa = p[2 * i]!;
    const xb = p[2 * i + 1]!;
    if (xa === 0 && xb === 0) continue;
    p[2 * i] = p[2 * i + 1] = 0;
    k.ensure(i);
    const base = i * stride;
    for (let j = 0; j < span; j++) {
      const o = 2 * (i - j);
      const s = stay[base + j]!;
      const f = faint[base + j]!;
      p[o]! += xa * s;
      p[o + 1]! += xb * s;
      fp[o]! += xa * f;
      fp[o + 1]! += xb * f;
    }
    deadA += xa * deadFrom[i]!;
    deadB += xb * deadFrom[i]!;
  }
  const bottom = Math.max(0, lo - span + 1);
  if (bottom < faints.lo) faints.lo = bottom;
  if (hi > faints.hi) faints.hi = hi;
  row.lo = bottom;
  row.prune();
  faints.prune();
  deadOut[0] = deadA;
  deadOut[1] = deadB;
}

/**
 * spread() of starvation.ts for both lanes: arr[c - k] += seg[c] x kernel[k] for c in lo..hi and
 * k < len (lo >= len - 1), four source cells at a time (the cells past hi hold zeros).
 */
function spread(seg: Float64Array, lo: number, hi: number, kp: Float64Array, len: number, arr: Float64Array) {
  let c = lo;
  const last = 2 * (hi + 3) + 1 < seg.length ? hi + 3 : hi;
  for (; c + 3 <= last; c += 4) {
    const o = 2 * c;
    const a0 = seg[o]!;
    const b0 = seg[o + 1]!;
    const a1 = seg[o + 2]!;
    const b1 = seg[o + 3]!;
    const a2 = seg[o + 4]!;
    const b2 = seg[o + 5]!;
    const a3 = seg[o + 6]!;
    const b3 = seg[o + 7]!;
    const k0 = kp[0]!;
    const k1 = kp[1]!;
    const k2 = kp[2]!;
    arr[o + 6]! += a3 * k0;
    arr[o + 7]! += b3 * k0;
    arr[o + 4]! += a2 * k0 + a3 * k1;
    arr[o + 5]! += b2 * k0 + b3 * k1;
    arr[o + 2]! += a1 * k0 + a2 * k1 + a3 * k2;
    arr[o + 3]! += b1 * k0 + b2 * k1 + b3 * k2;
    for (let k = 0; k < len; k++) {
      const w = o - 2 * k;
      const x0 = kp[k]!;
      const x1 = kp[k + 1]!;
      const x2 = kp[k + 2]!;
      const x3 = kp[k + 3]!;
      arr[w]! += a0 * x0 + a1 * x1 + a2 * x2 + a3 * x3;
      arr[w + 1]! += b0 * x0 + b1 * x1 + b2 * x2 + b3 * x3;
    }
  }
  for (; c <= hi; c++) {
    const a = seg[2 * c]!;
    const b = seg[2 * c + 1]!;
    if (a === 0 && b === 0) continue;
    for (let k = 0; k < len; k++) {
      const w = 2 * (c - k);
      arr[w]! += a * kp[k]!;
      arr[w + 1]! += b * kp[k]!;
    }
  }
}

/** One lane's result, taken when it stops. */
interface LaneEnd {
  result: WalkResult;
}

/** The two walks: see the file comment. */
class PairWalk {
  private readonly version: NethackVersion;
  private readonly hBottom: number;
  private readonly width: number;
  private readonly pass: Float64Array;
  private readonly dur: Int32Array;
  private readonly bandLow: Int32Array;
  private readonly limitIdx: number;
  private readonly ringSize: number;
  private readonly awake: PairRow[];
  private readonly danger: PairRow[];
  private readonly faintAttack: PairRow;
  private readonly faintTurn: PairRow;
  private readonly segment: Float64Array;
  private readonly kernels: Kernels;
  private readonly combined: AttackKernels | null;
  /** An awake call burns 0 or 1 with these chances; a fainted call with f0, f1. */
  private readonly q0: number;
  private readonly q1: number;
  private readonly f0: number;
  private readonly f1: number;
  private deaths = [new Float64Array(0), new Float64Array(0)];
  private deathTop = [-1, -1];
  private deadTotal = [0, 0];
  private expectedFaints = [0, 0];
  private expectedTurnsFainted = [0, 0];
  private lastLength = 1;

  constructor(
    model: CallModel,
    limit: number,
    private readonly seeds: readonly [HelplessSeed, HelplessSeed],
  ) {
    this.version = model.version;
    let lowest = limit;
    for (const m of seeds) lowest = Math.min(lowest, m.top - m.mass.length + 1);
    this.hBottom = starvationFloor(model, lowest);
    this.width = 1 - this.hBottom;
    this.pass = new Float64Array(this.width);
    this.dur = new Int32Array(this.width);
    for (let i = 0; i < this.width; i++) {
      this.pass[i] = passChance(i + this.hBottom, this.version);
      this.dur[i] = faintTurns(i + this.hBottom, this.version);
    }
    this.bandLow = new Int32Array(this.width);
    for (let i = 1; i < this.width; i++) this.bandLow[i] = this.dur[i] === this.dur[i - 1] ? this.bandLow[i - 1]! : i;
    this.limitIdx = limit - this.hBottom;
    this.ringSize = this.dur[0]! + 2;
    this.awake = Array.from({ length: this.ringSize }, () => new PairRow(this.width));
    this.danger = Array.from({ length: this.ringSize }, () => new PairRow(this.width));
    this.faintAttack = new PairRow(this.width);
    this.faintTurn = new PairRow(this.width);
    this.segment = new Float64Array(2 * (this.width + ROW_PAD));
    this.kernels = new Kernels(model);
    const pmf = model.awake[0]!;
    this.q0 = pmf[0]!;
    this.q1 = pmf[1]!;
    this.f0 = model.fainted[0]![0]!;
    this.f1 = model.fainted[0]![1]!;
    const grid = { scratch: new Float64Array(this.width), pass: this.pass, limitIdx: this.limitIdx, width: this.width };
    const span = model.attacks * (pmf.length - 1) + 1;
    // starvation.ts bounds the kernels' memory at 400,000 entries; these grids stay far below it.
    if (model.attacks >= 2 && span * this.width > 400_000) throw new Error('runWalkPair: grid too wide');
    this.combined = model.attacks >= 2 ? new AttackKernels(grid, pmf, model.attacks) : null;
  }

  private idx(h: number) {
    return Math.max(0, h - this.hBottom);
  }

  /**
   * Room in the death arrays up to iteration t (run() asks before each iteration: no growth inside
   * the calls, whose compiled code a first growth thousands of iterations in would throw away).
   */
  private deathsUpTo(t: number) {
    for (let lane = 0; lane < 2; lane++) {
      const d = this.deaths[lane]!;
      if (t < d.length) continue;
      const bigger = new Float64Array(Math.max(t + 1, d.length * 2));
      bigger.set(d);
      this.deaths[lane] = bigger;
    }
  }

  private die(lane: number, u: number, x: number) {
    if (x === 0) return;
    const d = this.deaths[lane]!;
    d[u]! += x;
    if (u > this.deathTop[lane]!) this.deathTop[lane] = u;
    this.deadTotal[lane]! += x;
  }

  private dieBoth(u: number) {
    this.die(0, u, deadOut[0]!);
    this.die(1, u, deadOut[1]!);
  }

  /** The faints of iteration t (dispatch() of starvation.ts, both lanes). */
  private dispatch(t: number) {
    const A = this.faintAttack;
    const B = this.faintTurn;
    const attackFaints = A.hi >= A.lo;
    if (!attackFaints && B.hi < B.lo) return;
    const lo = Math.min(A.lo, B.lo);
    const hi = Math.max(A.hi, B.hi);
    const { f0, f1 } = this;
    const limitIdx = this.limitIdx;
    const { pass, dur, bandLow, segment: seg } = this;
    const ap = A.p;
    const bp = B.p;
    let deadA = 0;
    let deadB = 0;
    let faintsA = 0;
    let faintsB = 0;
    let turnsA = 0;
    let turnsB = 0;
    for (let i = hi; i >= lo; ) {
      const d = dur[i]!;
      const j = bandLow[i]! > lo ? bandLow[i]! : lo;
      let sumA = 0;
      let sumB = 0;
      let most = 0;
      if (!attackFaints)
        for (let c = j; c <= i; c++) {
          const a = bp[2 * c]!;
          const b = bp[2 * c + 1]!;
          sumA += a;
          sumB += b;
          if (a > most) most = a;
          if (b > most) most = b;
        }
      else if (j - 1 >= limitIdx) {
        // The first helpless call far from the limit (no roll can kill), in one pass with the turn
        // call's faints: cell c - 1 is complete once cell c's attack faints have made that call.
        for (let c = j; c <= i; c++) {
          const ta = bp[2 * c]!;
          const tb = bp[2 * c + 1]!;
          const a = ap[2 * c]!;
          const b = ap[2 * c + 1]!;
          sumA += ta + a;
          sumB += tb + b;
          seg[2 * c] = ta + a * f0;
          seg[2 * c + 1] = tb + b * f0;
          const belowA = (seg[2 * c - 2]! += a * f1);
          const belowB = (seg[2 * c - 1]! += b * f1);
          if (belowA > most) most = belowA;
          if (belowB > most) most = belowB;
        }
        if (seg[2 * i]! > most) most = seg[2 * i]!;
        if (seg[2 * i + 1]! > most) most = seg[2 * i + 1]!;
      } else {
        for (let c = j; c <= i; c++) {
          const a = bp[2 * c]!;
          const b = bp[2 * c + 1]!;
          seg[2 * c]! += a;
          seg[2 * c + 1]! += b;
          sumA += a;
          sumB += b;
        }
        most = -1; // settle() finds it
        for (let c = j; c <= i; c++) {
          const a = ap[2 * c]!;
          const b = ap[2 * c + 1]!;
          if (a === 0 && b === 0) continue;
          sumA += a;
          sumB += b;
          for (let k = 0; k <= 1; k++) {
            const q = k === 0 ? f0 : f1;
            const ma = a * q;
            const mb = b * q;
            const to = c - k < 0 ? 0 : c - k;
            if (to < limitIdx) {
              const s = pass[to]!;
              const la = ma * s;
              const lb = mb * s;
              deadA += ma - la;
              deadB += mb - lb;
              seg[2 * to]! += la;
              seg[2 * to + 1]! += lb;
            } else {
              seg[2 * to]! += ma;
              seg[2 * to + 1]! += mb;
            }
          }
        }
      }
      if (sumA > 0 || sumB > 0) {
        faintsA += sumA;
        faintsB += sumB;
        turnsA += sumA * d;
        turnsB += sumB * d;
        if (attackFaints) this.settle(seg, j - 1 < 0 ? 0 : j - 1, i, t, d, most);
        else this.settle(bp, j, i, t, d, most);
      }
      i = j - 1;
    }
    if (attackFaints) {
      ap.fill(0, 2 * A.lo, 2 * A.hi + 2);
      bp.fill(0, 2 * Math.max(0, B.lo), 2 * B.hi + 2);
    }
    A.reset();
    B.reset();
    this.die(0, t, deadA);
    this.die(1, t, deadB);
    this.expectedFaints[0]! += faintsA;
    this.expectedFaints[1]! += faintsB;
    this.expectedTurnsFainted[0]! += turnsA;
    this.expectedTurnsFainted[1]! += turnsB;
  }

  /** Helpless heroes at cells lo..hi of seg (cleared here), d - 1 calls to come: settle() of starvation.ts. */
  private settle(seg: Float64Array, lo: number, hi: number, t: number, d: number, most: number) {
    if (most < 0) {
      most = 0;
      for (let c = 2 * lo; c <= 2 * hi + 1; c++) if (seg[c]! > most) most = seg[c]!;
    }
    if (most === 0) return;
    const calls = d - 1;
    const wake = t + d;
    const kernel = this.kernels.get(calls, 0);
    const len = (this.lastLength = usefulLength(kernel, most, this.lastLength));
    const safeFrom = Math.max(lo, this.limitIdx + len - 1);
    if (safeFrom > lo) {
      const danger = this.danger[wake % this.ringSize]!;
      for (let c = lo; c <= hi && c < safeFrom; c++) {
        const a = seg[2 * c]!;
        const b = seg[2 * c + 1]!;
        if (a !== 0 || b !== 0) danger.add(c, a, b);
      }
    }
    if (safeFrom <= hi) {
      const row = this.awake[wake % this.ringSize]!;
      spread(seg, safeFrom, hi, kernel.padded, len, row.p);
      if (safeFrom - len + 1 < row.lo) row.lo = safeFrom - len + 1;
      if (hi > row.hi) row.hi = hi;
    }
    seg.fill(0, 2 * lo, 2 * hi + 2);
  }

  /** The seeds of iteration t, each in its own lane (settleSeed() of starvation.ts). */
  private settleSeeds(t: number) {
    const seg = this.segment;
    for (let lane = 0; lane < 2; lane++) {
      const seed = this.seeds[lane]!;
      let lo = this.width;
      let hi = -1;
      let sum = 0;
      for (let k = 0; k < seed.mass.length; k++) {
        const i = this.idx(seed.top - k);
        seg[2 * i + lane]! += seed.mass[k]!;
        sum += seed.mass[k]!;
        lo = Math.min(lo, i);
        hi = Math.max(hi, i);
      }
      this.expectedFaints[lane]! += sum;
      this.expectedTurnsFainted[lane]! += sum * seed.dur;
      if (hi >= lo) this.settle(seg, lo, hi, t, seed.dur, -1);
    }
  }

  private moveInto(from: PairRow, to: PairRow) {
    if (from.hi < from.lo) return;
    const a = from.p;
    const b = to.p;
    for (let i = 2 * from.lo; i <= 2 * from.hi + 1; i++) b[i]! += a[i]!;
    if (from.lo < to.lo) to.lo = from.lo;
    if (from.hi > to.hi) to.hi = from.hi;
    a.fill(0, 2 * Math.max(0, from.lo), 2 * from.hi + 2);
    from.reset();
  }

  /** One iteration: the attacks of block t - 1, the turn call of block t, then ++multi. */
  private iteration(t: number, seedIteration: number) {
    const here = this.awake[t % this.ringSize]!;
    const { q0, q1, pass, limitIdx } = this;
    if (this.combined) combinedAttacks(here, this.combined, this.faintAttack);
    else twoPoint(here, q0, q1, pass, limitIdx, this.faintAttack); // one attack
    this.dieBoth(t - 1);
    let deadA = 0;
    let deadB = 0;
    for (let w = t + 1; w <= t + this.ringSize - 1; w++) {
      const row = this.danger[w % this.ringSize]!;
      if (row.hi < row.lo) continue;
      twoPoint(row, this.f0, this.f1, pass, limitIdx, null);
      deadA += deadOut[0]!;
      deadB += deadOut[1]!;
    }
    this.die(0, t, deadA);
    this.die(1, t, deadB);
    // ++multi: who stays awake after the turn call acts at the next prompt (added there at once),
    // with who wakes up now (settled faints already there, the danger row's after the dispatch).
    const next = this.awake[(t + 1) % this.ringSize]!;
    turnCall(here, q0, q1, pass, limitIdx, this.faintTurn, next);
    this.dieBoth(t);
    this.dispatch(t);
    if (t === seedIteration) this.settleSeeds(t);
    this.moveInto(this.danger[(t + 1) % this.ringSize]!, next);
  }

  /** One lane's heroes still alive, in the awake rows they wake in or the danger rows they wait in. */
  private leftover(lane: number): WalkSnapshot {
    const alive = new Float64Array(this.width);
    for (const rows of [this.awake, this.danger])
      for (const row of rows) for (let i = row.lo; i <= row.hi; i++) alive[i]! += row.p[2 * i + lane]!;
    return { alive: { offset: this.hBottom, p: alive }, dead: this.deadTotal[lane]! };
  }

  private laneResult(lane: number, t: number, planned: number): WalkResult {
    const leftover = this.leftover(lane);
    return {
      leftover,
      deaths: { offset: 0, p: this.deaths[lane]!.slice(0, this.deathTop[lane]! + 1) },
      expectedFaints: this.expectedFaints[lane]!,
      expectedTurnsFainted: this.expectedTurnsFainted[lane]!,
      endIteration: t,
      aliveAtEnd: planned - this.deadTotal[lane]!,
      snapshot: null,
    };
  }

  run(seedIteration: number, iterations = WALK_MAX_TURNS): [WalkResult, WalkResult] {
    const planned = this.seeds.map((s) => s.mass.reduce((a, x) => a + x, 0));
    const ends: (LaneEnd | null)[] = [null, null];
    let t = seedIteration;
    for (const stop = Math.min(WALK_MAX_TURNS, seedIteration + iterations); t < stop; t++) {
      this.deathsUpTo(t);
      this.iteration(t, seedIteration);
      for (let lane = 0; lane < 2; lane++)
        if (!ends[lane] && planned[lane]! - this.deadTotal[lane]! < WALK_EPSILON)
          ends[lane] = { result: this.laneResult(lane, t, planned[lane]!) };
      if (ends[0] && ends[1]) break;
    }
    for (let lane = 0; lane < 2; lane++) ends[lane] ??= { result: this.laneResult(lane, t, planned[lane]!) };
    return [ends[0]!.result, ends[1]!.result];
  }
}

/**
 * runWalk() of the two helpless seeds (both at `seedIteration`, snapshot none, to the end), in one
 * pass: see pairWalkable() for the models it takes. Each result as runWalk() gives it for that seed.
 */
export function runWalkPair(
  model: CallModel,
  limit: number,
  seeds: readonly [HelplessSeed, HelplessSeed],
  seedIteration: number,
): [WalkResult, WalkResult] {
  refuseIfCachedOnly();
  if (!pairWalkable(model, seeds[0], seeds[1])) throw new Error('runWalkPair: not a walk it can run');
  if (!primed) prime(model);
  return new PairWalk(model, limit, seeds).run(seedIteration);
}

let primed = false;

/**
 * Before the first pair walk of a thread: two tiny walks (one attack, then several) from either
 * side of a limit, for a few dozen iterations, so that every path of the code has run before the
 * JIT compiles it. A real walk first takes the paths near the limit thousands of iterations in;
 * compiled without them, its code was thrown away and rebuilt there, over and over (the first walk
 * took 2-3 times as long as the next). Well under a millisecond.
 */
function prime(model: CallModel): void {
  primed = true;
  const limit = -30;
  const seed = (top: number, mass: number[]): HelplessSeed => ({
    top,
    mass: Float64Array.from(mass),
    dur: faintTurns(top, model.version),
  });
  // Heroes well above the limit (every row above it), just above it (danger rows above it, cells
  // too small to keep at a row's edges) and on both sides of it.
  const starts: [HelplessSeed, HelplessSeed][] = [
    [seed(-2, [1e-17, 0.5, 0.5, 1e-17]), seed(-9, [1])],
    [seed(-23, [1e-17, 0.5, 0.5, 1e-17]), seed(-27, [1])],
    [seed(-26, [0.25, 0.25, 0.25, 0.25]), seed(-31, [1])],
  ];
  // Every path is taken within 25 iterations (the seeds wake after 10 to 13); several attacks add
  // only their combined kernels, which know no limit.
  for (const seeds of starts) new PairWalk({ ...model, attacks: 1 }, limit, seeds).run(1, 25);
  new PairWalk({ ...model, attacks: 3 }, limit, starts[2]!).run(1, 25);
}
