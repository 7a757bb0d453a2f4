// TEST-ONLY REFERENCE: the single starvation walk (src/engine/nethack/starvation.ts) as it was before its
// hot loops were rewritten for speed (commit de16cf9), kept so that the new walk can be compared with it
// (test/engine/nethack/walk-reference.test.ts). Never import this from src/. Verbatim except for imports.
// Past Fainting: the faint spells and the turn of death by starvation (src/eat.c newuhs()), as an
// exact distribution. Every awake call at nutrition h <= 0 rolls rn2(20 - d) >= 19 (d = rounded
// h / 10): a pass faints the hero for 10 - d turns (nomul(-(10 - d)), counted down by moveloop()'s
// ++multi after each turn call), a failure kills when h < -(100 + 10 Con) (3.4.3: -(200 + 20 Con)).
// A fainted hero's calls burn the base charge 1 turn in 10 (Unaware; 3.4.3 burns in full) and
// roll too, harmlessly unless below the limit.
//
// Method ("walk"). The state is the awake heroes' nutrition at each iteration (calls.ts). A faint
// that cannot reach the limit before the hero wakes is settled at once: the burn of its helpless
// calls is a fixed distribution (the kernel), so its mass goes straight to the iteration the hero
// wakes at. Faints that may reach the limit are followed call by call ("danger rows"). The walk
// depends only on the burn profile, Con, the attacks and moves % 20, not on the nutrition the hero
// started from, so a walk from one first faint is cached and shifted.
//
// Cuts (all accounted for in the error bound of docs/json/nethack.md): the walk stops when less
// than 1e-10 is alive (as the old engine did; the probability left out is reported); edge states
// below 1e-16, kernel tails below 1e-16 and deposit tails below 1e-16 per cell are dropped (at
// most a few 1e-11 in a whole walk); mass more than 160 below the limit (or below the starting
// nutrition) is kept at that floor, where everyone dies.
import type { NethackVersion } from '../../../../src/engine/cite.ts';
import { faintTurns, passChance, phaseOf, type CallModel, type CallPmf } from '../../../../src/engine/nethack/calls.ts';
import type { OffsetPmf, Spread } from '../../../../src/engine/nethack/distributions.ts';

export const WALK_EPSILON = 1e-10;
export const WALK_MAX_TURNS = 2_500_000;
export const PRUNE = 1e-16;

/**
 * The floor of a walk's nutrition grid: deep enough that reaching it alive is below 1e-16. Below
 * the limit every call (awake or helpless) dies unless its roll passes, and the pass chance grows
 * with depth (3.4.3: 0.79 at -700), so a hero who burns fast can outlive a fixed 160 below: the
 * floor follows the fastest possible descent from the lowest start until its survival is that small.
 */
export function starvationFloor(model: CallModel, lowest: number): number {
  let burn = 0;
  for (const pmf of model.awake) burn = Math.max(burn, pmf.length - 1);
  let h = lowest - 1;
  let logSurvival = 0;
  for (let calls = 0; burn > 0 && logSurvival > Math.log(1e-16) && calls < 100_000; calls++) {
    h -= burn;
    logSurvival += Math.log(passChance(h, model.version));
  }
  return Math.min(h, lowest - 160) - 10;
}

/** Mass entering the walk: nutrition h = top - k with probability mass[k]. */
export interface WalkMass {
  top: number;
  mass: Float64Array;
}

/** What the walk starts from, by iteration. */
export interface WalkSeeds {
  /** Awake (already Fainting) at the start of iteration t, before its attacks. */
  awake: Map<number, WalkMass[]>;
  /** Fainted by an attack of iteration t (helpless from its turn call, 10 - d calls). */
  attackFaints: Map<number, WalkMass[]>;
  /** Fainted by the turn call of iteration t (helpless from the next one, 9 - d calls). */
  turnFaints: Map<number, WalkMass[]>;
  /**
   * Helpless at the end of iteration t, for `dur` - 1 more calls (a faint of `dur` turns whose first
   * call has been made): a faint of the turn call of t, or of an attack of t - 1 after its first call.
   */
  helpless: Map<number, HelplessSeed[]>;
}

export interface HelplessSeed extends WalkMass {
  dur: number;
}

export const emptySeeds = (): WalkSeeds => ({
  awake: new Map(),
  attackFaints: new Map(),
  turnFaints: new Map(),
  helpless: new Map(),
});

export function addSeed<M extends WalkMass>(map: Map<number, M[]>, t: number, m: M): void {
  const list = map.get(t);
  if (list) list.push(m);
  else map.set(t, [m]);
}

export interface WalkResult {
  /** Death by turn u = moves of the fatal call - T. */
  deaths: OffsetPmf;
  expectedFaints: number;
  expectedTurnsFainted: number;
  /** Iteration after which the walk stopped, and the mass still alive then. */
  endIteration: number;
  aliveAtEnd: number;
  /** Alive heroes by nutrition at the prompt after iteration `snapshotAt`, and the dead by then. */
  snapshot: WalkSnapshot | null;
  /**
   * A walk run to its end: the less than 1e-10 left alive then, where each wakes or stands, and all
   * the dead. It answers every snapshot after `endIteration` ("what is left stays as it was").
   */
  leftover?: WalkSnapshot;
  /** spreadOf(deaths), when known without reading them again (a cached walk). */
  deathSpread?: () => Spread | null;
}

export interface WalkSnapshot {
  alive: OffsetPmf;
  dead: number;
}

export interface WalkOptions {
  model: CallModel;
  moves0: number;
  limit: number;
  seeds: WalkSeeds;
  snapshotAt: number | null;
  /** Keep going past the snapshot until (almost) everyone is dead. */
  toTheEnd: boolean;
}

/** Zero cells a Row carries past its top: an in-place call of a pmf up to this long reads them. */
export const ROW_PAD = 8;

/** A vector over nutrition hBottom..0 with the range of its nonzero entries. */
class Row {
  readonly p: Float64Array;
  lo: number;
  hi: number;
  constructor(width: number) {
    this.p = new Float64Array(width + ROW_PAD); // zero cells past the top (in-place calls read them)
    this.lo = width;
    this.hi = -1;
  }
  add(i: number, x: number) {
    this.p[i]! += x;
    if (i < this.lo) this.lo = i;
    if (i > this.hi) this.hi = i;
  }
  clear() {
    this.p.fill(0, Math.max(0, this.lo), this.hi + 1);
    this.lo = this.p.length;
    this.hi = -1;
  }
  get empty() {
    return this.hi < this.lo;
  }
  prune() {
    while (this.lo <= this.hi && this.p[this.lo]! < PRUNE) this.p[this.lo++] = 0;
    while (this.hi >= this.lo && this.p[this.hi]! < PRUNE) this.p[this.hi--] = 0;
    if (this.hi < this.lo) {
      this.lo = this.p.length;
      this.hi = -1;
    }
  }
}

/** The nutrition grid of a walk: index i is h = hBottom + i (h < limit <=> i < limitIdx). */
interface Grid {
  scratch: Float64Array;
  pass: Float64Array;
  limitIdx: number;
  width: number;
}

/**
 * One gethungry() call for every hero in `row` (in place): the burn, then newuhs()'s roll at the
 * new nutrition. Awake heroes (`faints` given): a pass faints (the mass goes to `faints`), a failed
 * roll kills below the limit. Helpless or asleep heroes (`faints` null): a pass does nothing, a
 * failed roll kills below the limit. Returns the mass that died.
 */
function callRow(g: Grid, row: Row, pmf: CallPmf, faints: Row | null): number {
  if (row.hi < row.lo) return 0;
  if (pmf.length === 2) return twoPointCall(g, row, pmf[0]!, pmf[1]!, faints);
  if (pmf.length === 1 && !faints) return rollOnly(g, row);
  if (pmf.length <= ROW_PAD) return shortCall(g, row, pmf, faints);
  const p = row.p;
  const s = g.scratch;
  const rlo = row.lo;
  const rhi = row.hi;
  const n = pmf.length;
  const lo = rlo - n + 1 < 0 ? 0 : rlo - n + 1;
  // The burn: s = p shifted down by each possible amount (index = nutrition - hBottom).
  for (let k = 0; k < n; k++) {
    const q = pmf[k]!;
    if (q === 0) continue;
    if (rlo - k >= 0) for (let i = rlo; i <= rhi; i++) s[i - k]! += p[i]! * q;
    else for (let i = rlo; i <= rhi; i++) s[i - k < 0 ? 0 : i - k]! += p[i]! * q;
  }
  p.fill(0, rlo, rhi + 1);
  // The roll at the new nutrition: below the limit a failed roll kills.
  const pass = g.pass;
  const split = g.limitIdx < lo ? lo : g.limitIdx > rhi + 1 ? rhi + 1 : g.limitIdx;
  let dead = 0;
  if (faints) {
    const fp = faints.p;
    for (let j = lo; j < split; j++) {
      const x = s[j]!;
      const passed = x * pass[j]!;
      fp[j]! += passed;
      dead += x - passed;
      s[j] = 0;
    }
    for (let j = split; j <= rhi; j++) {
      const x = s[j]!;
      const passed = x * pass[j]!;
      fp[j]! += passed;
      p[j] = x - passed;
      s[j] = 0;
    }
    if (lo < faints.lo) faints.lo = lo;
    if (rhi > faints.hi) faints.hi = rhi;
    row.lo = split;
    row.hi = split <= rhi ? rhi : -1;
  } else {
    for (let j = lo; j < split; j++) {
      const x = s[j]!;
      const passed = x * pass[j]!;
      dead += x - passed;
      p[j] = passed;
      s[j] = 0;
    }
    for (let j = split; j <= rhi; j++) {
      p[j] = s[j]!;
      s[j] = 0;
    }
    row.lo = lo;
    row.hi = rhi;
  }
  row.prune();
  return dead;
}

/**
 * callRow() for a short pmf (the usual 5.0 call, or 3.6.7's with rings): the burn and the roll in
 * one ascending pass, in place. Cell j reads the old j .. j + n - 1 only (rows carry ROW_PAD zero
 * cells past the top) and sums them in the same order as callRow()'s scratch, so the values are the
 * same; what a call burns below the floor is kept at cell 0, added last.
 */
function shortCall(g: Grid, row: Row, pmf: CallPmf, faints: Row | null): number {
  const p = row.p;
  const pass = g.pass;
  const n = pmf.length;
  const rlo = row.lo;
  const rhi = row.hi;
  const lo = rlo - n + 1 < 0 ? 0 : rlo - n + 1;
  let belowFloor = 0; // cells i < n - 1 burning k > i land below cell 0
  if (lo === 0)
    for (let i = rlo; i < n - 1 && i <= rhi; i++) for (let k = i + 1; k < n; k++) belowFloor += p[i]! * pmf[k]!;
  const limitIdx = g.limitIdx;
  let dead = 0;
  if (faints) {
    const fp = faints.p;
    for (let j = lo; j <= rhi; j++) {
      let x = 0;
      for (let k = 0; k < n; k++) x += p[j + k]! * pmf[k]!;
      if (j === 0) x += belowFloor;
      const passed = x * pass[j]!;
      fp[j]! += passed;
      if (j < limitIdx) {
        dead += x - passed;
        p[j] = 0;
      } else p[j] = x - passed;
    }
    if (lo < faints.lo) faints.lo = lo;
    if (rhi > faints.hi) faints.hi = rhi;
    const split = limitIdx < lo ? lo : limitIdx > rhi + 1 ? rhi + 1 : limitIdx;
    row.lo = split;
    row.hi = split <= rhi ? rhi : -1;
  } else {
    for (let j = lo; j <= rhi; j++) {
      let x = 0;
      for (let k = 0; k < n; k++) x += p[j + k]! * pmf[k]!;
      if (j === 0) x += belowFloor;
      if (j < limitIdx) {
        const passed = x * pass[j]!;
        dead += x - passed;
        p[j] = passed;
      } else p[j] = x;
    }
    row.lo = lo;
    row.hi = rhi;
  }
  row.prune();
  return dead;
}

/** callRow() for a helpless call that burns nothing: only the roll below the limit. */
function rollOnly(g: Grid, row: Row): number {
  const p = row.p;
  const pass = g.pass;
  const top = g.limitIdx - 1 < row.hi ? g.limitIdx - 1 : row.hi;
  let dead = 0;
  for (let j = row.lo; j <= top; j++) {
    const x = p[j]!;
    const passed = x * pass[j]!;
    dead += x - passed;
    p[j] = passed;
  }
  row.prune();
  return dead;
}

/**
 * callRow() for a call that burns 0 or 1 (the usual case): the burn and the roll in one ascending
 * pass, in place (cell j reads the old j and j + 1 only). The rows carry one zero cell past the top,
 * so every cell reads the same two terms; the floor's own burn (kept at cell 0) is added first.
 */
function twoPointCall(g: Grid, row: Row, q0: number, q1: number, faints: Row | null): number {
  const p = row.p;
  const pass = g.pass;
  const rlo = row.lo;
  const rhi = row.hi;
  const lo = rlo === 0 ? 0 : rlo - 1;
  const split = g.limitIdx < lo ? lo : g.limitIdx > rhi + 1 ? rhi + 1 : g.limitIdx;
  const floorBurn = rlo === 0 ? p[0]! * q1 : 0; // below the floor: kept at it
  let dead = 0;
  if (faints) {
    const fp = faints.p;
    let j = lo;
    if (j < split) {
      const x = p[j]! * q0 + p[j + 1]! * q1 + floorBurn;
      const passed = x * pass[j]!;
      fp[j]! += passed;
      dead += x - passed;
      p[j] = 0;
      for (j++; j < split; j++) {
        const y = p[j]! * q0 + p[j + 1]! * q1;
        const ok = y * pass[j]!;
        fp[j]! += ok;
        dead += y - ok;
        p[j] = 0;
      }
    } else {
      const x = p[j]! * q0 + p[j + 1]! * q1 + floorBurn;
      const passed = x * pass[j]!;
      fp[j]! += passed;
      p[j] = x - passed;
      j++;
    }
    for (; j <= rhi; j++) {
      const y = p[j]! * q0 + p[j + 1]! * q1;
      const ok = y * pass[j]!;
      fp[j]! += ok;
      p[j] = y - ok;
    }
    if (lo < faints.lo) faints.lo = lo;
    if (rhi > faints.hi) faints.hi = rhi;
    row.lo = split;
    row.hi = split <= rhi ? rhi : -1;
  } else {
    let j = lo;
    const x0 = p[j]! * q0 + p[j + 1]! * q1 + floorBurn;
    if (j < split) {
      const passed = x0 * pass[j]!;
      dead += x0 - passed;
      p[j] = passed;
    } else p[j] = x0;
    for (j++; j < split; j++) {
      const y = p[j]! * q0 + p[j + 1]! * q1;
      const ok = y * pass[j]!;
      dead += y - ok;
      p[j] = ok;
    }
    for (; j <= rhi; j++) p[j] = p[j]! * q0 + p[j + 1]! * q1;
    row.lo = lo;
    row.hi = rhi;
  }
  row.prune();
  return dead;
}

/** The one burn a call can have, or -1 when it is random. */
function fixedBurn(pmf: CallPmf): number {
  let at = -1;
  for (let k = 0; k < pmf.length; k++)
    if (pmf[k] !== 0) {
      if (at >= 0 || pmf[k] !== 1) return -1;
      at = k;
    }
  return at;
}

/**
 * The attacks of one prompt for the awake heroes (in place; faints to `faints`). Calls that cannot
 * burn only roll, so above the limit they make one step: stay awake with (1 - pass)^attacks;
 * several that can burn use the combined kernels; a single one is an ordinary call.
 * Returns the mass that died.
 */
function attackCalls(
  g: Grid,
  row: Row,
  pmf: CallPmf,
  faints: Row,
  stayAll: Float64Array,
  combined: AttackKernels | null,
): number {
  if (row.hi < row.lo) return 0;
  const burn = fixedBurn(pmf);
  if (burn !== 0 && combined) return combinedAttacks(row, combined, faints);
  if (burn < 0) return callRow(g, row, pmf, faints); // a single attack
  if (burn > 0) return shiftCall(g, row, burn, faints);
  const p = row.p;
  const fp = faints.p;
  const pass = g.pass;
  let dead = 0;
  const split = Math.min(Math.max(g.limitIdx, row.lo), row.hi + 1);
  for (let j = row.lo; j < split; j++) {
    // below the limit the first roll decides: faint, or die
    const x = p[j]!;
    const passed = x * pass[j]!;
    fp[j]! += passed;
    dead += x - passed;
    p[j] = 0;
  }
  for (let j = split; j <= row.hi; j++) {
    const x = p[j]!;
    const stay = x * stayAll[j]!;
    fp[j]! += x - stay;
    p[j] = stay;
  }
  if (row.lo < faints.lo) faints.lo = row.lo;
  if (row.hi > faints.hi) faints.hi = row.hi;
  row.lo = split;
  row.prune();
  return dead;
}

/**
 * All the attacks of one prompt from each cell at once (two or more attacks that can burn): for a
 * hero awake at cell i, stay[k] is the chance to be still awake after them having burned k, and
 * faint[k] the chance to have fainted on the call that brought the burn to k (the rest died).
 * Stored flat: entry (i, k) at i * stride + k, each cell's span entries followed by BLOCK - 1 zeros.
 */
export class AttackKernels {
  readonly span: number;
  readonly stride: number;
  readonly stay: Float64Array;
  readonly faint: Float64Array;
  readonly dead: Float64Array;
  private readonly built: Uint8Array;
  private readonly work: Float64Array[];
  /** `zeros(n)`: n zeros where the walk wants them (the pair walk: in its WebAssembly memory). */
  constructor(
    private readonly g: Grid,
    private readonly pmf: CallPmf,
    private readonly attacks: number,
    zeros: (n: number) => Float64Array = (n) => new Float64Array(n),
  ) {
    this.span = attacks * (pmf.length - 1) + 1;
    this.stride = this.span + BLOCK - 1;
    this.stay = zeros(g.width * this.stride);
    this.faint = zeros(g.width * this.stride);
    this.dead = zeros(g.width);
    this.built = new Uint8Array(g.width);
    this.work = [new Float64Array(this.span), new Float64Array(this.span)];
  }
  ensure(i: number): void {
    if (this.built[i]) return;
    this.built[i] = 1;
    const { pmf, attacks, g, span } = this;
    // Two working rows, swapped after each attack (built for every cell: no allocation per attack).
    let cur = this.work[0]!.fill(0);
    let next = this.work[1]!;
    cur[0] = 1;
    const base = i * this.stride;
    let dead = 0;
    for (let a = 0; a < attacks; a++) {
      next.fill(0);
      for (let k = 0; k < span; k++) {
        const x = cur[k]!;
        if (x === 0) continue;
        for (let j = 0; j < pmf.length && k + j < span; j++) next[k + j]! += x * pmf[j]!;
      }
      for (let k = 0; k < span; k++) {
        const x = next[k]!;
        if (x === 0) continue;
        const cell = i - k < 0 ? 0 : i - k;
        const passed = x * g.pass[cell]!;
        this.faint[base + k]! += passed;
        if (cell < g.limitIdx) {
          dead += x - passed;
          next[k] = 0;
        } else next[k] = x - passed;
      }
      const done = next;
      next = cur;
      cur = done;
    }
    this.stay.set(cur, base);
    this.dead[i] = dead;
  }
}

/**
 * combinedAttacks() for one source cell, entry by entry: its mass leaves, what stays awake and what
 * faints land at or below it (below cell 0: at 0, the floor). Returns the mass that dies.
 */
function attackCell(p: Float64Array, fp: Float64Array, kernels: AttackKernels, i: number): number {
  const x = p[i]!;
  if (x === 0) return 0;
  p[i] = 0;
  kernels.ensure(i);
  const { span, stride, stay, faint } = kernels;
  const base = i * stride;
  for (let j = 0; j < span; j++) {
    const to = i - j < 0 ? 0 : i - j;
    p[to]! += x * stay[base + j]!;
    fp[to]! += x * faint[base + j]!;
  }
  return x * kernels.dead[i]!;
}

function combinedAttacks(row: Row, kernels: AttackKernels, faints: Row): number {
  const p = row.p;
  const fp = faints.p;
  const lo = row.lo;
  const hi = row.hi;
  const { span, stride, stay, faint } = kernels;
  const deadFrom = kernels.dead;
  let dead = 0;
  // Ascending: every output lands at or below its source, whose mass has been taken already.
  let i = lo;
  // The cells whose outputs may fall below cell 0 (kept at 0), one at a time.
  for (; i <= hi && i < span - 1; i++) dead += attackCell(p, fp, kernels, i);
  // Then four cells at a time (as spread() does): output i - j takes cell i + m's entry j + m.
  for (; i + 3 <= hi; i += 4) {
    const x0 = p[i]!;
    const x1 = p[i + 1]!;
    const x2 = p[i + 2]!;
    const x3 = p[i + 3]!;
    p[i] = p[i + 1] = p[i + 2] = p[i + 3] = 0;
    for (let m = 0; m < BLOCK; m++) kernels.ensure(i + m);
    dead += x0 * deadFrom[i]! + x1 * deadFrom[i + 1]! + x2 * deadFrom[i + 2]! + x3 * deadFrom[i + 3]!;
    const b0 = i * stride;
    const b1 = b0 + stride + 1;
    const b2 = b1 + stride + 1;
    const b3 = b2 + stride + 1;
    p[i + 3]! += x3 * stay[b3 - 3]!;
    fp[i + 3]! += x3 * faint[b3 - 3]!;
    p[i + 2]! += x2 * stay[b2 - 2]! + x3 * stay[b3 - 2]!;
    fp[i + 2]! += x2 * faint[b2 - 2]! + x3 * faint[b3 - 2]!;
    p[i + 1]! += x1 * stay[b1 - 1]! + x2 * stay[b2 - 1]! + x3 * stay[b3 - 1]!;
    fp[i + 1]! += x1 * faint[b1 - 1]! + x2 * faint[b2 - 1]! + x3 * faint[b3 - 1]!;
    for (let j = 0; j < span; j++) {
      p[i - j]! += x0 * stay[b0 + j]! + x1 * stay[b1 + j]! + x2 * stay[b2 + j]! + x3 * stay[b3 + j]!;
      fp[i - j]! += x0 * faint[b0 + j]! + x1 * faint[b1 + j]! + x2 * faint[b2 + j]! + x3 * faint[b3 + j]!;
    }
  }
  for (; i <= hi; i++) dead += attackCell(p, fp, kernels, i); // the last few, one at a time
  const bottom = Math.max(0, lo - span + 1);
  if (bottom < faints.lo) faints.lo = bottom;
  if (hi > faints.hi) faints.hi = hi;
  row.lo = bottom;
  row.prune();
  faints.prune();
  return dead;
}

/** An awake call that burns exactly `burn` (> 0): one pass, moving each cell down as it goes. */
function shiftCall(g: Grid, row: Row, burn: number, faints: Row): number {
  if (row.hi < row.lo) return 0;
  const p = row.p;
  const fp = faints.p;
  const pass = g.pass;
  const limitIdx = g.limitIdx;
  let dead = 0;
  const lo = Math.max(0, row.lo - burn);
  const hi = row.hi;
  for (let i = row.lo; i <= hi; i++) {
    const x = p[i]!;
    if (x === 0) continue;
    p[i] = 0;
    const j = i - burn < 0 ? 0 : i - burn;
    const passed = x * pass[j]!;
    fp[j]! += passed;
    if (j < limitIdx) dead += x - passed;
    else p[j]! += x - passed;
  }
  if (lo < faints.lo) faints.lo = lo;
  if (Math.max(0, hi - burn) > faints.hi) faints.hi = Math.max(0, hi - burn);
  row.lo = lo;
  row.hi = Math.max(lo, hi - burn);
  row.prune();
  return dead;
}

/** Adds `from` into `to` and clears it. */
function moveInto(from: Row, to: Row): void {
  if (from.hi < from.lo) return;
  const a = from.p;
  const b = to.p;
  for (let i = from.lo; i <= from.hi; i++) b[i]! += a[i]!;
  if (from.lo < to.lo) to.lo = from.lo;
  if (from.hi > to.hi) to.hi = from.hi;
  from.clear();
}

/** The burn of a run of helpless calls, and its tail sums (tail[k] = mass at k and above). */
interface Kernel {
  p: Float64Array;
  tail: Float64Array;
  /** p followed by BLOCK - 1 zeros (settle() reads a few entries past any prefix it uses). */
  padded: Float64Array;
}

/** Source cells settle() spreads at once: each output cell is then written once per BLOCK sources. */
export const BLOCK = 4;

/** Burn of `calls` consecutive helpless calls starting at a given phase; tails below PRUNE cut. */
export class Kernels {
  private readonly byPhase: Kernel[][] = [];
  constructor(private readonly model: CallModel) {}
  get(calls: number, phase: number): Kernel {
    const key = phase % this.model.period; // the fainted calls repeat every period
    let chain = this.byPhase[key];
    if (!chain) this.byPhase[key] = chain = [withTail(Float64Array.of(1))];
    if (calls < chain.length) return chain[calls]!;
    while (chain.length <= calls) {
      const prev = chain[chain.length - 1]!.p;
      const call = this.model.fainted[(key + chain.length - 1) % 20]!;
      const next = new Float64Array(prev.length + call.length - 1);
      for (let i = 0; i < prev.length; i++) for (let k = 0; k < call.length; k++) next[i + k]! += prev[i]! * call[k]!;
      let top = next.length - 1;
      while (top > 0 && next[top]! < PRUNE) top--;
      chain.push(withTail(next.slice(0, top + 1)));
    }
    return chain[calls]!;
  }
}

function withTail(p: Float64Array): Kernel {
  const tail = new Float64Array(p.length + 1);
  for (let k = p.length - 1; k >= 0; k--) tail[k] = tail[k + 1]! + p[k]!;
  const padded = new Float64Array(p.length + BLOCK - 1);
  padded.set(p);
  return { p, tail, padded };
}

/**
 * arr[c - k] += seg[c] x kernel[k] for c in lo..hi and k < len (lo >= len - 1: no clamp), four
 * source cells at a time: output c - k then takes seg[c + j] x kernel[k + j] for j < 4, so the
 * three upper cells of a block also use up to three kernel entries past `len` (more exact, never
 * less; `padded` ends in zeros) and each output cell is read and written once per block.
 */
function spread(seg: Float64Array, lo: number, hi: number, kp: Float64Array, len: number, arr: Float64Array): void {
  let c = lo;
  // Blocks may run past hi while seg has room: the cells above hi hold zeros (settled already).
  const last = hi + 3 < seg.length ? hi + 3 : hi;
  for (; c + 3 <= last; c += 4) {
    const x0 = seg[c]!;
    const x1 = seg[c + 1]!;
    const x2 = seg[c + 2]!;
    const x3 = seg[c + 3]!;
    arr[c + 3]! += x3 * kp[0]!;
    arr[c + 2]! += x2 * kp[0]! + x3 * kp[1]!;
    arr[c + 1]! += x1 * kp[0]! + x2 * kp[1]! + x3 * kp[2]!;
    for (let k = 0; k < len; k++) arr[c - k]! += x0 * kp[k]! + x1 * kp[k + 1]! + x2 * kp[k + 2]! + x3 * kp[k + 3]!;
  }
  for (; c <= hi; c++) {
    const x = seg[c]!;
    if (x === 0) continue;
    for (let k = 0; k < len; k++) arr[c - k]! += x * kp[k]!;
  }
}

/** Deposits of a faint whose dropped kernel tail would carry less than this are cut short. */
export const DEPOSIT_CUT = 1e-16;

/**
 * The shortest prefix of the kernel whose dropped tail, times m, is below DEPOSIT_CUT, searched
 * from `near` (the last answer: neighbouring bands ask about similar kernels and masses).
 */
export function usefulLength(kernel: Kernel, m: number, near: number): number {
  const tail = kernel.tail;
  let len = near < 1 ? 1 : near > kernel.p.length ? kernel.p.length : near;
  while (len < kernel.p.length && tail[len]! * m >= DEPOSIT_CUT) len++;
  while (len > 1 && tail[len - 1]! * m < DEPOSIT_CUT) len--;
  return len;
}

interface InFlight {
  start: number;
  calls: number;
  wake: number;
  i: number;
  mass: number;
}

/** The walk itself: see the file comment. */
class Walk {
  private readonly version: NethackVersion;
  private readonly hBottom: number;
  private readonly width: number;
  private readonly pass: Float64Array;
  private readonly dur: Int32Array;
  /** bandLow[i]: the lowest cell of i's band (the cells whose faints last as long as at i). */
  private readonly bandLow: Int32Array;
  private readonly ringSize: number;
  private readonly awake: Row[];
  private readonly danger: Row[];
  private readonly grid: Grid;
  private readonly segment: Float64Array;
  /** (1 - pass)^attacks: an awake hero above the limit making all the turn's attacks without burning. */
  private readonly stayAllAttacks: Float64Array;
  /** Several attacks that can burn: their combined effect per cell, by phase (see AttackKernels). */
  private readonly combined = new Map<number, AttackKernels | null>();
  private readonly faintAttack: Row;
  private readonly faintTurn: Row;
  private readonly kernels: Kernels;
  private deaths = new Float64Array(1024);
  private deathTop = -1;
  private deadTotal = 0;
  private injected = 0;
  private expectedFaints = 0;
  private expectedTurnsFainted = 0;
  private readonly inFlight: InFlight[] = [];
  /** The last usefulLength() answer (where the next search starts). */
  private lastLength = 1;

  constructor(private readonly o: WalkOptions) {
    this.version = o.model.version;
    let lowest = o.limit;
    for (const map of [o.seeds.awake, o.seeds.attackFaints, o.seeds.turnFaints, o.seeds.helpless])
      for (const list of map.values()) for (const m of list) lowest = Math.min(lowest, m.top - m.mass.length + 1);
    this.hBottom = starvationFloor(o.model, lowest);
    this.width = 1 - this.hBottom;
    this.pass = new Float64Array(this.width);
    this.dur = new Int32Array(this.width);
    for (let i = 0; i < this.width; i++) {
      this.pass[i] = passChance(i + this.hBottom, this.version);
      this.dur[i] = faintTurns(i + this.hBottom, this.version);
    }
    this.bandLow = new Int32Array(this.width);
    for (let i = 1; i < this.width; i++) this.bandLow[i] = this.dur[i] === this.dur[i - 1] ? this.bandLow[i - 1]! : i;
    this.ringSize = this.dur[0]! + 2;
    this.awake = Array.from({ length: this.ringSize }, () => new Row(this.width));
    this.grid = {
      scratch: new Float64Array(this.width),
      pass: this.pass,
      limitIdx: o.limit - this.hBottom,
      width: this.width,
    };
    this.danger = Array.from({ length: this.ringSize }, () => new Row(this.width));
    this.segment = new Float64Array(this.width);
    this.stayAllAttacks = this.pass.map((x) => (1 - x) ** o.model.attacks);

    this.faintAttack = new Row(this.width);
    this.faintTurn = new Row(this.width);
    this.kernels = new Kernels(o.model);
  }

  private idx(h: number) {
    return Math.max(0, h - this.hBottom);
  }

  private die(u: number, x: number) {
    if (x === 0) return;
    if (u >= this.deaths.length) {
      const bigger = new Float64Array(Math.max(u + 1, this.deaths.length * 2));
      bigger.set(this.deaths);
      this.deaths = bigger;
    }
    this.deaths[u]! += x;
    if (u > this.deathTop) this.deathTop = u;
    this.deadTotal += x;
  }

  private awakeCall(row: Row, pmf: CallPmf, u: number, faints: Row) {
    this.die(u, callRow(this.grid, row, pmf, faints));
  }

  /** The turn call of t for the helpless heroes near the limit (every danger row), deaths summed. */
  private dangerCalls(t: number, pmf: CallPmf) {
    let dead = 0;
    for (let w = t + 1; w <= t + this.ringSize - 1; w++) {
      const row = this.danger[w % this.ringSize]!;
      if (row.hi >= row.lo) dead += callRow(this.grid, row, pmf, null);
    }
    this.die(t, dead);
  }

  /**
   * The faints of iteration t. A faint by an attack is helpless from this iteration's turn call,
   * 10 - d calls; one by the turn call from the next, 9 - d calls; both wake at iteration t + 10 - d.
   * So the attack faints first make that one helpless call (with its roll below the limit), then
   * both kinds share the kernel of the remaining 9 - d calls, band by band (d fixed by where the
   * faint happened).
   */
  private dispatch(t: number, record: boolean) {
    const A = this.faintAttack;
    const B = this.faintTurn;
    const attackFaints = A.hi >= A.lo;
    if (!attackFaints && B.hi < B.lo) return;
    const lo = Math.min(A.lo, B.lo);
    const hi = Math.max(A.hi, B.hi);
    const first = this.o.model.fainted[phaseOf(this.o.moves0 + t)]!;
    const spill = first.length - 1;
    const phase = phaseOf(this.o.moves0 + t + 1);
    const limitIdx = this.grid.limitIdx;
    const { pass, dur, bandLow, segment: seg } = this;
    const ap = A.p;
    const bp = B.p;
    let dead = 0;
    let faints = 0;
    let turnsFainted = 0;
    for (let i = hi; i >= lo; ) {
      const d = dur[i]!;
      const j = bandLow[i]! > lo ? bandLow[i]! : lo;
      let sum = 0;
      let most = 0;
      if (!attackFaints)
        for (let c = j; c <= i; c++) {
          // settled from B itself
          const x = bp[c]!;
          sum += x;
          if (x > most) most = x;
        }
      else {
        for (let c = j; c <= i; c++) {
          const turnFaint = bp[c]!;
          seg[c]! += turnFaint;
          sum += turnFaint;
        }
        let c = j;
        if (spill === 1 && j - 1 >= limitIdx) {
          // The usual first helpless call (burns 0 or 1) far from the limit: no roll can kill.
          const f0 = first[0]!;
          const f1 = first[1]!;
          for (; c <= i; c++) {
            const x = ap[c]!;
            sum += x;
            seg[c]! += x * f0;
            const below = (seg[c - 1]! += x * f1); // cell c - 1 is complete now
            if (below > most) most = below;
          }
          if (seg[i]! > most) most = seg[i]!;
        } else most = -1; // settle() finds it
        for (; c <= i; c++) {
          const x = ap[c]!;
          if (x === 0) continue;
          sum += x;
          if (c - spill >= limitIdx) {
            for (let k = 0; k <= spill; k++) seg[c - k]! += x * first[k]!; // no roll can kill up here
            continue;
          }
          for (let k = 0; k <= spill; k++) {
            const m = x * first[k]!;
            const to = c - k < 0 ? 0 : c - k;
            if (to < limitIdx) {
              const lived = m * pass[to]!;
              dead += m - lived;
              seg[to]! += lived;
            } else seg[to]! += m;
          }
        }
      }
      if (sum > 0) {
        faints += sum;
        turnsFainted += sum * d;
        if (attackFaints) this.settle(seg, j - spill < 0 ? 0 : j - spill, i, t, d, phase, record, most);
        else this.settle(bp, j, i, t, d, phase, record, most);
      }
      i = j - 1;
    }
    if (attackFaints) {
      ap.fill(0, A.lo, A.hi + 1);
      bp.fill(0, Math.max(0, B.lo), B.hi + 1);
    }
    A.lo = B.lo = this.width;
    A.hi = B.hi = -1;
    this.die(t, dead);
    this.expectedFaints += faints;
    this.expectedTurnsFainted += turnsFainted;
  }

  /**
   * Helpless heroes at cells lo..hi (cleared here), with the 9 - d calls of iterations t + 1 ..
   * t + 9 - d to come: straight to their wake-up, or into a danger row when the limit is within reach.
   */
  private settle(
    seg: Float64Array,
    lo: number,
    hi: number,
    t: number,
    d: number,
    phase: number,
    record: boolean,
    most = -1, // the largest of seg[lo..hi] when the caller knows it
  ) {
    if (most < 0) {
      most = 0;
      for (let c = lo; c <= hi; c++) if (seg[c]! > most) most = seg[c]!;
    }
    if (most === 0) return;
    const calls = d - 1;
    const wake = t + d;
    const kernel = this.kernels.get(calls, phase);
    const len = (this.lastLength = usefulLength(kernel, most, this.lastLength));
    const safeFrom = Math.max(lo, this.grid.limitIdx + len - 1); // these cannot reach the limit before waking
    if (safeFrom > lo) {
      const danger = this.danger[wake % this.ringSize]!;
      for (let c = lo; c <= hi && c < safeFrom; c++) if (seg[c]! !== 0) danger.add(c, seg[c]!);
    }
    if (safeFrom <= hi) {
      const row = this.awake[wake % this.ringSize]!;
      const arr = row.p;
      spread(seg, safeFrom, hi, kernel.padded, len, arr);
      if (safeFrom - len + 1 < row.lo) row.lo = safeFrom - len + 1;
      if (hi > row.hi) row.hi = hi;
      if (record)
        for (let c = safeFrom; c <= hi; c++)
          if (seg[c]! !== 0)
            this.inFlight.push({
              start: t + 1,
              calls,
              wake,
              i: c,
              mass: seg[c]!,
            });
    }
    for (let c = lo; c <= hi; c++) seg[c] = 0;
  }

  private settleSeed(seed: HelplessSeed, t: number, record: boolean) {
    const seg = this.segment;
    let lo = this.width;
    let hi = -1;
    let sum = 0;
    for (let k = 0; k < seed.mass.length; k++) {
      const i = this.idx(seed.top - k);
      seg[i]! += seed.mass[k]!;
      sum += seed.mass[k]!;
      lo = Math.min(lo, i);
      hi = Math.max(hi, i);
    }
    this.injected += sum;
    this.expectedFaints += sum;
    this.expectedTurnsFainted += sum * seed.dur;
    if (hi >= lo) this.settle(seg, lo, hi, t, seed.dur, phaseOf(this.o.moves0 + t + 1), record);
  }

  private inject(list: WalkMass[] | undefined, into: Row) {
    if (!list) return;
    for (const m of list)
      for (let k = 0; k < m.mass.length; k++) {
        const x = m.mass[k]!;
        if (x === 0) continue;
        into.add(this.idx(m.top - k), x);
        this.injected += x;
      }
  }

  /** The first iteration with a seed, and the total mass the seeds will bring in. */
  private seedSpan(): { first: number; planned: number } {
    let first = Infinity;
    let planned = 0;
    for (const map of [this.o.seeds.awake, this.o.seeds.attackFaints, this.o.seeds.turnFaints, this.o.seeds.helpless])
      for (const [t, list] of map) {
        first = Math.min(first, t);
        for (const m of list) for (let k = 0; k < m.mass.length; k++) planned += m.mass[k]!;
      }
    return { first, planned };
  }

  /** One iteration: the attacks of block t - 1, the turn call of block t, then ++multi. */
  private iteration(t: number, record: boolean) {
    const { model, moves0, seeds } = this.o;
    const here = this.awake[t % this.ringSize]!;
    this.inject(seeds.awake.get(t), here);
    this.inject(seeds.attackFaints.get(t), this.faintAttack);
    if (model.attacks > 0) {
      const phase = phaseOf(moves0 + t - 1) % model.period;
      const pmf = model.awake[phase]!;
      let combined = this.combined.get(phase);
      if (combined === undefined) {
        const span = model.attacks * (pmf.length - 1) + 1;
        const worth = model.attacks >= 2 && fixedBurn(pmf) !== 0 && span * this.width <= 400_000; // memory bound
        combined = worth ? new AttackKernels(this.grid, pmf, model.attacks) : null;
        this.combined.set(phase, combined);
      }
      this.die(t - 1, attackCalls(this.grid, here, pmf, this.faintAttack, this.stayAllAttacks, combined));
    }
    const faintedPmf = model.fainted[phaseOf(moves0 + t)]!;
    this.dangerCalls(t, faintedPmf);
    this.awakeCall(here, model.awake[phaseOf(moves0 + t)]!, t, this.faintTurn);
    this.inject(seeds.turnFaints.get(t), this.faintTurn);
    this.dispatch(t, record);
    const helpless = seeds.helpless.get(t);
    if (helpless) for (const seed of helpless) this.settleSeed(seed, t, record);
    // ++multi: who wakes up now acts at the next prompt; the rest of the awake stay awake.
    const next = this.awake[(t + 1) % this.ringSize]!;
    moveInto(this.danger[(t + 1) % this.ringSize]!, next);
    moveInto(here, next);
  }

  /** Alive heroes at the prompt after iteration t (just run). */
  private snapshot(t: number): { alive: OffsetPmf; dead: number } {
    const alive = new Float64Array(this.width);
    const addRow = (row: Row) => {
      for (let i = row.lo; i <= row.hi; i++) alive[i]! += row.p[i]!;
    };
    addRow(this.awake[(t + 1) % this.ringSize]!);
    for (let w = t + 2; w <= t + this.ringSize; w++) addRow(this.danger[w % this.ringSize]!);
    for (const f of this.inFlight) {
      if (f.wake <= t + 1) continue;
      const made = Math.max(0, t - f.start + 1);
      const kernel = this.kernels.get(made, phaseOf(this.o.moves0 + f.start)).p;
      for (let k = 0; k < kernel.length; k++) alive[f.i - k < 0 ? 0 : f.i - k]! += f.mass * kernel[k]!;
    }
    return { alive: { offset: this.hBottom, p: alive }, dead: this.deadTotal };
  }

  /** Everyone still alive, in the awake rows they wake in or the danger rows they wait in. */
  private leftover(): WalkSnapshot {
    const alive = new Float64Array(this.width);
    for (const rows of [this.awake, this.danger])
      for (const row of rows) for (let i = row.lo; i <= row.hi; i++) alive[i]! += row.p[i]!;
    return { alive: { offset: this.hBottom, p: alive }, dead: this.deadTotal };
  }

  run(): WalkResult {
    const { snapshotAt, toTheEnd } = this.o;
    const { first, planned } = this.seedSpan();
    let snapshot: WalkResult['snapshot'] = null;
    let t = Number.isFinite(first) ? first : 1;
    if (snapshotAt !== null && snapshotAt < t) snapshot = { alive: { offset: 0, p: new Float64Array(0) }, dead: 0 };
    const recordFrom = snapshotAt === null ? Infinity : snapshotAt - this.ringSize - 1;
    for (; t < WALK_MAX_TURNS; t++) {
      this.iteration(t, t >= recordFrom && t <= snapshotAt!); // faints in flight at the snapshot
      if (snapshotAt === t) {
        snapshot = this.snapshot(t);
        if (!toTheEnd) break;
      }
      // Stop, as the old engine did, when less than 1e-10 of everyone is left alive (seeds to come included).
      if (planned - this.deadTotal < WALK_EPSILON) break;
    }
    const ended = toTheEnd || snapshot === null;
    const leftover = ended ? this.leftover() : undefined;
    // Everyone (but less than 1e-10) died before: what is left stays as it was.
    if (snapshotAt !== null && snapshot === null) snapshot = leftover!;
    return {
      leftover,
      deaths: { offset: 0, p: this.deaths.slice(0, this.deathTop + 1) },
      expectedFaints: this.expectedFaints,
      expectedTurnsFainted: this.expectedTurnsFainted,
      endIteration: t,
      aliveAtEnd: planned - this.deadTotal,
      snapshot,
    };
  }
}

export function runWalk(o: WalkOptions): WalkResult {
  refuseIfCachedOnly();
  return new Walk(o).run();
}

// ---------------------------------------------------------------------------------------------
// Answering from cached walks only. A walk takes milliseconds to seconds; everything else a
// fixed-burn forecast does takes microseconds. A thread that must never run long (the main
// thread) asks under cachedWalksOnly(): any walk to run (a cache miss, a partial walk for a
// snapshot, the hazard walk) throws WalkNotCached instead, and the caller hands the question to a
// worker. The answer, when there is one, is the same to the last bit (the same code on the same data).

/** A walk would have to run inside cachedWalksOnly(). */
export class WalkNotCached extends Error {
  override readonly name = 'WalkNotCached';
}

let cachedOnly = false;

export function refuseIfCachedOnly(): void {
  if (cachedOnly) throw new WalkNotCached('a starvation walk is not cached here');
}

/** `fn()`, where running any starvation walk throws WalkNotCached. */
export function cachedWalksOnly<T>(fn: () => T): T {
  const outer = cachedOnly;
  cachedOnly = true;
  try {
    return fn();
  } finally {
    cachedOnly = outer;
  }
}

// ---------------------------------------------------------------------------------------------
// When fainting changes nothing (calls.ts collapses()): no bookkeeping of faints, only the
// starvation check of each call below the limit.

/**
 * Masses entering a walk, by iteration, packed in growing typed arrays: a random burn's sweep adds
 * one for every block that can cross (up to millions), added in order of iteration.
 */
export class EntryLog {
  private iterations = new Float64Array(64);
  private tops = new Float64Array(64);
  /** Entry e's masses are values[starts[e] .. starts[e + 1] - 1]. */
  private starts = new Float64Array(65);
  private values: Float64Array = new Float64Array(256);
  count = 0;

  /** Adds a copy of `mass` (h = top - k with probability mass[k]) entering at iteration t (>= the last). */
  add(t: number, top: number, mass: Float64Array): void {
    const e = this.count;
    if (e > 0 && t < this.iterations[e - 1]!) throw new Error('EntryLog: entries must come in order of iteration');
    if (e + 1 >= this.iterations.length) {
      this.iterations = grown(this.iterations, e + 1);
      this.tops = grown(this.tops, e + 1);
      this.starts = grown(this.starts, e + 2);
    }
    const at = this.starts[e]!;
    if (at + mass.length > this.values.length) this.values = grown(this.values, at + mass.length);
    this.values.set(mass, at);
    this.iterations[e] = t;
    this.tops[e] = top;
    this.starts[e + 1] = at + mass.length;
    this.count = e + 1;
  }
  iteration(e: number): number {
    return this.iterations[e]!;
  }
  top(e: number): number {
    return this.tops[e]!;
  }
  /** How many masses entry e has. */
  length(e: number): number {
    return this.starts[e + 1]! - this.starts[e]!;
  }
  /** sum + entry e's masses, added in order (as a loop over mass(e) would, without a view per entry). */
  addMass(e: number, sum: number): number {
    const v = this.values;
    for (let i = this.starts[e]!, end = this.starts[e + 1]!; i < end; i++) sum += v[i]!;
    return sum;
  }
  /** Entry e's masses (a view on the log). */
  mass(e: number): Float64Array {
    return this.values.subarray(this.starts[e]!, this.starts[e + 1]!);
  }
}

function grown(a: Float64Array, need: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(Math.max(need + 1, 2 * a.length));
  bigger.set(a);
  return bigger;
}

export interface HazardOptions {
  model: CallModel;
  moves0: number;
  limit: number;
  /** Heroes whose turn call of iteration t took them below the limit, before that call's roll. */
  entries: EntryLog;
  /** Heroes already below the limit at the prompt of T. */
  start: WalkMass | null;
  snapshotAt: number | null;
  toTheEnd: boolean;
}

/** The starvation walk below the limit (deaths by turn, snapshot of the heroes below it). */
export function runHazard(o: HazardOptions): WalkResult {
  refuseIfCachedOnly();
  let lowest = o.limit;
  let first = Infinity;
  let planned = 0;
  if (o.start) {
    first = 1;
    lowest = Math.min(lowest, o.start.top - o.start.mass.length + 1);
    for (let k = 0; k < o.start.mass.length; k++) planned += o.start.mass[k]!;
  }
  const log = o.entries;
  for (let e = 0; e < log.count; e++) {
    first = Math.min(first, log.iteration(e));
    lowest = Math.min(lowest, log.top(e) - log.length(e) + 1);
    planned = log.addMass(e, planned);
  }
  const hBottom = starvationFloor(o.model, lowest);
  const width = o.limit - hBottom; // h from hBottom to limit - 1
  const pass = new Float64Array(width);
  for (let i = 0; i < width; i++) pass[i] = passChance(i + hBottom, o.model.version);
  const grid: Grid = { scratch: new Float64Array(width), pass, limitIdx: width, width };
  const row = new Row(width);
  const entering = new Row(width);
  let deaths = new Float64Array(1024);
  let deathTop = -1;
  let dead = 0;
  let _injected = 0;
  const die = (u: number, x: number) => {
    if (x === 0) return;
    if (u >= deaths.length) {
      const bigger = new Float64Array(Math.max(u + 1, deaths.length * 2));
      bigger.set(deaths);
      deaths = bigger;
    }
    deaths[u]! += x;
    deathTop = Math.max(deathTop, u);
    dead += x;
  };
  const snap = () => ({ alive: { offset: hBottom, p: row.p.slice(0, width) }, dead });
  if (o.start)
    for (let k = 0; k < o.start.mass.length; k++) {
      row.add(Math.max(0, o.start.top - k - hBottom), o.start.mass[k]!);
      _injected += o.start.mass[k]!;
    }
  let snapshot: WalkResult['snapshot'] = null;
  let t = Number.isFinite(first) ? first : 1;
  if (o.snapshotAt !== null && o.snapshotAt < t) snapshot = { alive: { offset: 0, p: new Float64Array(0) }, dead: 0 };
  const none = Float64Array.of(1);
  let next = 0; // the first entry not injected yet (the log is in order of iteration)
  while (next < log.count && log.iteration(next) < t) next++;
  for (; t < WALK_MAX_TURNS; t++) {
    die(t, callRow(grid, row, o.model.awake[phaseOf(o.moves0 + t)]!, null));
    for (; next < log.count && log.iteration(next) === t; next++) {
      const mass = log.mass(next);
      const top = log.top(next);
      for (let k = 0; k < mass.length; k++) {
        const x = mass[k]!;
        if (x === 0) continue;
        entering.add(Math.max(0, top - k - hBottom), x);
        _injected += x;
      }
    }
    // Their own call has burned already: only its roll.
    die(t, callRow(grid, entering, none, null));
    for (let i = entering.lo; i <= entering.hi; i++) if (entering.p[i]! !== 0) row.add(i, entering.p[i]!);
    entering.clear();
    if (o.snapshotAt === t) {
      snapshot = snap();
      if (!o.toTheEnd) break;
    }
    if (planned - dead < WALK_EPSILON) break;
  }
  const leftover = o.toTheEnd || snapshot === null ? snap() : undefined;
  if (o.snapshotAt !== null && snapshot === null) snapshot = leftover!;
  return {
    leftover,
    deaths: { offset: 0, p: deaths.slice(0, deathTop + 1) },
    expectedFaints: 0,
    expectedTurnsFainted: 0,
    endIteration: t,
    aliveAtEnd: planned - dead,
    snapshot,
  };
}
