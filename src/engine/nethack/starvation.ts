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
//
// Speed. The walk's rows and arrays live in one WebAssembly memory (an arena, reused walk after
// walk), where the hot loops of walkKernels.ts run on them: the calls that burn 0 or 1 and the
// rolls, the attacks, spread(), the bands of dispatch() far from the limit (farBands()), the
// combined attacks' blocks. Each does the same IEEE operations in the same order as the
// JavaScript it replaced, which stays for the rest (and for whatever finds no room in the arena):
// the results are the same to the last bit (test/engine/nethack/walk-reference.test.ts). After the
// last seed, an iteration whose calls burn 0 or 1 (the period-20 ring models, 5.0's random burns)
// runs in one WebAssembly call (walkIterationKernels.ts, see fastIteration()): the rows' extents
// live in the walk memory (Row's lo and hi), so nothing is read back between the steps.
import type { NethackVersion } from '../cite.ts';
import { faintTurns, passChance, phaseOf, type CallModel, type CallPmf } from './calls.ts';
import type { OffsetPmf, Spread } from './distributions.ts';
import { CTX_BYTES, CTX_FLOAT_AT, CTX_FLOATS, CTX_INTS } from './walkIterationKernels.ts';
import { WalkMemory, type WalkKernels } from './walkKernels.ts';

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
  /** The byte address of p in the walk's WebAssembly memory, or -1 (an array of its own). */
  readonly at: number;
  /** lo at h[s], hi at h[s + 1]: a walk's rows keep them in its memory (the iteration kernel reads them). */
  private readonly h: Int32Array;
  private readonly s: number;
  constructor(width: number, arena?: Arena, header?: { h: Int32Array; slot: number }) {
    // zero cells past the top (in-place calls read them)
    if (arena) ({ at: this.at, view: this.p } = arena.floats(width + ROW_PAD));
    else {
      this.p = new Float64Array(width + ROW_PAD);
      this.at = -1;
    }
    this.h = header ? header.h : new Int32Array(2);
    this.s = header ? 2 * header.slot : 0;
    this.lo = width;
    this.hi = -1;
  }
  get lo(): number {
    return this.h[this.s]!;
  }
  set lo(v: number) {
    this.h[this.s] = v;
  }
  get hi(): number {
    return this.h[this.s + 1]!;
  }
  set hi(v: number) {
    this.h[this.s + 1] = v;
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
    const p = this.p;
    let lo = this.lo;
    let hi = this.hi;
    while (lo <= hi && p[lo]! < PRUNE) p[lo++] = 0;
    while (hi >= lo && p[hi]! < PRUNE) p[hi--] = 0;
    if (hi < lo) {
      lo = p.length;
      hi = -1;
    }
    this.lo = lo;
    this.hi = hi;
  }
}

/** The nutrition grid of a walk: index i is h = hBottom + i (h < limit <=> i < limitIdx). */
interface Grid {
  scratch: Float64Array;
  pass: Float64Array;
  limitIdx: number;
  width: number;
  /** The WebAssembly loops, when every row of the walk and `pass` (at `passAt`) live in their memory. */
  k?: WalkKernels;
  passAt?: number;
  /** Where the walk's pmfs of up to ROW_PAD entries are in that memory. */
  pmfAt?: Map<CallPmf, number>;
}

/** The single walk's WebAssembly memory (one a thread, reused: a walk's arrays never outlive its run()). */
let walkMemory: WalkMemory | null = null;
/**
 * The first memory's size: every walk of the forecast sweep fits (11 MB at most). A new memory
 * brings new kernel functions, and every caller of the old ones is deoptimized once (tens of ms).
 */
const MIN_WALK_MEMORY_BYTES = 32 << 20;
/** The most an arena keeps for reversed kernels, and for combined attack kernels. */
const KERNEL_ROOM_BYTES = 8 << 20;

/** Bump allocation of one walk's arrays (all zeros) in the walk memory, 16-byte aligned. */
class Arena {
  private top = 0;
  readonly buffer: ArrayBuffer;
  readonly k: WalkKernels;
  /** `bytes` in all, the first `zeroBytes` zeros (see zeroed()). */
  constructor(
    readonly bytes: number,
    private readonly zeroBytes: number,
  ) {
    if (!walkMemory || walkMemory.buffer.byteLength < bytes)
      walkMemory = new WalkMemory(Math.max(2 * bytes, MIN_WALK_MEMORY_BYTES)); // room for bigger walks
    this.buffer = walkMemory.buffer;
    this.k = walkMemory.kernels;
    new Uint8Array(this.buffer, 0, zeroBytes).fill(0);
  }
  /** Past the zeroed part: what is taken from here on is not zeroed (its taker writes it in full). */
  zeroed(): void {
    if (this.top > this.zeroBytes) throw new Error('starvation walk: arena overflow');
  }
  /** Bytes for n float64s, rounded up to 16. */
  static bytes(n: number): number {
    return Math.ceil(n / 2) * 16;
  }
  /** n zeros, or null when the arena is full. */
  tryFloats(n: number): { at: number; view: Float64Array } | null {
    const at = this.top;
    if (at + Arena.bytes(n) > this.bytes) return null;
    this.top += Arena.bytes(n);
    return { at, view: new Float64Array(this.buffer, at, n) };
  }
  floats(n: number): { at: number; view: Float64Array } {
    const got = this.tryFloats(n);
    if (!got) throw new Error('starvation walk: arena overflow');
    return got;
  }
  ints(n: number): { at: number; view: Int32Array } {
    const { at } = this.floats(Math.ceil(n / 2));
    return { at, view: new Int32Array(this.buffer, at, n) };
  }
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
  if (pmf.length === 1 && g.k) return burnNothing(g, row, pmf[0]!, faints!);
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
  // In WebAssembly (when the walk has the pmf in its memory) from the first cell above cell 0 on.
  const pmfAt = g.k ? g.pmfAt!.get(pmf) : undefined;
  const jsTop = pmfAt === undefined ? rhi : lo === 0 ? 0 : lo - 1;
  if (faints) {
    const fp = faints.p;
    for (let j = lo; j <= jsTop; j++) {
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
    if (pmfAt !== undefined)
      dead = g.k!.shortCells(row.at, faints.at, g.passAt!, pmfAt, n, jsTop + 1, rhi + 1, limitIdx, 1, dead);
    if (lo < faints.lo) faints.lo = lo;
    if (rhi > faints.hi) faints.hi = rhi;
    const split = limitIdx < lo ? lo : limitIdx > rhi + 1 ? rhi + 1 : limitIdx;
    row.lo = split;
    row.hi = split <= rhi ? rhi : -1;
  } else {
    for (let j = lo; j <= jsTop; j++) {
      let x = 0;
      for (let k = 0; k < n; k++) x += p[j + k]! * pmf[k]!;
      if (j === 0) x += belowFloor;
      if (j < limitIdx) {
        const passed = x * pass[j]!;
        dead += x - passed;
        p[j] = passed;
      } else p[j] = x;
    }
    if (pmfAt !== undefined)
      dead = g.k!.shortCells(row.at, 0, g.passAt!, pmfAt, n, jsTop + 1, rhi + 1, limitIdx, 0, dead);
    row.lo = lo;
    row.hi = rhi;
  }
  row.prune();
  return dead;
}

/**
 * shortCall() for an awake call that burns nothing (pmf [q]), in WebAssembly: x q + 0 is shortCall()'s
 * 0 + x q, and the same cells roll.
 */
function burnNothing(g: Grid, row: Row, q: number, faints: Row): number {
  const k = g.k!;
  const lo = row.lo;
  const rhi = row.hi;
  const split = g.limitIdx < lo ? lo : g.limitIdx > rhi + 1 ? rhi + 1 : g.limitIdx;
  const dead = k.faintDie(row.at, faints.at, g.passAt!, lo, split, q, 0, 0);
  k.faintKeep(row.at, faints.at, g.passAt!, split, rhi + 1, q, 0);
  if (lo < faints.lo) faints.lo = lo;
  if (rhi > faints.hi) faints.hi = rhi;
  row.lo = split;
  row.hi = split <= rhi ? rhi : -1;
  row.prune();
  return dead;
}

/** callRow() for a helpless call that burns nothing: only the roll below the limit. */
function rollOnly(g: Grid, row: Row): number {
  const p = row.p;
  const pass = g.pass;
  const top = g.limitIdx - 1 < row.hi ? g.limitIdx - 1 : row.hi;
  let dead = 0;
  if (g.k) {
    dead = g.k.rollDie(row.at, g.passAt!, row.lo, top + 1, 1, 0, 0); // x 1 + 0: the same x
    row.prune();
    return dead;
  }
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
  const k = g.k;
  if (faints) {
    const fp = faints.p;
    let j = lo;
    if (j < split) {
      const x = p[j]! * q0 + p[j + 1]! * q1 + floorBurn;
      const passed = x * pass[j]!;
      fp[j]! += passed;
      dead += x - passed;
      p[j] = 0;
      if (k) {
        dead = k.faintDie(row.at, faints.at, g.passAt!, j + 1, split, q0, q1, dead);
        j = split;
      } else
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
    if (k) k.faintKeep(row.at, faints.at, g.passAt!, j, rhi + 1, q0, q1);
    else
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
    if (k) {
      dead = k.rollDie(row.at, g.passAt!, j + 1, split, q0, q1, dead);
      k.plain(row.at, split > j + 1 ? split : j + 1, rhi + 1, q0, q1);
    } else {
      for (j++; j < split; j++) {
        const y = p[j]! * q0 + p[j + 1]! * q1;
        const ok = y * pass[j]!;
        dead += y - ok;
        p[j] = ok;
      }
      for (; j <= rhi; j++) p[j] = p[j]! * q0 + p[j + 1]! * q1;
    }
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
  stayAt = -1, // stayAll's address in the walk memory
): number {
  if (row.hi < row.lo) return 0;
  const burn = fixedBurn(pmf);
  if (burn !== 0 && combined) return combinedAttacks(row, combined, faints, g.k);
  if (burn < 0) return callRow(g, row, pmf, faints); // a single attack
  if (burn > 0) return shiftCall(g, row, burn, faints);
  const p = row.p;
  const fp = faints.p;
  const pass = g.pass;
  let dead = 0;
  const split = Math.min(Math.max(g.limitIdx, row.lo), row.hi + 1);
  if (g.k && stayAt >= 0) {
    dead = g.k.faintDie(row.at, faints.at, g.passAt!, row.lo, split, 1, 0, 0); // x 1 + 0: the same x
    g.k.attackStay(row.at, faints.at, stayAt, split, row.hi + 1);
    if (row.lo < faints.lo) faints.lo = row.lo;
    if (row.hi > faints.hi) faints.hi = row.hi;
    row.lo = split;
    row.prune();
    return dead;
  }
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
  /** The cells below and above which every cell is built (ensureRange()). */
  private builtLo = 0;
  private builtHi = -1;
  /** ensure() for cells lo..hi. */
  ensureRange(lo: number, hi: number): void {
    if (hi < lo || (lo >= this.builtLo && hi <= this.builtHi)) return;
    if (this.builtHi < this.builtLo || hi < this.builtLo - 1 || lo > this.builtHi + 1) {
      for (let i = lo; i <= hi; i++) this.ensure(i);
      this.builtLo = lo;
      this.builtHi = hi;
      return;
    }
    for (let i = lo; i < this.builtLo; i++) this.ensure(i); // the range grows: only its new cells
    for (let i = this.builtHi + 1; i <= hi; i++) this.ensure(i);
    this.builtLo = Math.min(this.builtLo, lo);
    this.builtHi = Math.max(this.builtHi, hi);
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

function combinedAttacks(row: Row, kernels: AttackKernels, faints: Row, k?: WalkKernels): number {
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
  if (k && row.at >= 0 && stay.buffer === row.p.buffer && i + 3 <= hi) {
    const end = i + 4 * Math.floor((hi - i + 1) / 4);
    for (let c = i; c < end; c++) kernels.ensure(c);
    dead = k.attackBlocks(
      row.at,
      faints.at,
      stay.byteOffset,
      faint.byteOffset,
      deadFrom.byteOffset,
      i,
      hi,
      span,
      stride,
      dead,
    );
    i = end;
  }
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
function moveInto(from: Row, to: Row, k?: WalkKernels): void {
  if (from.hi < from.lo) return;
  if (k) {
    k.moveRow(from.at, to.at, from.lo, from.hi + 1);
    if (from.lo < to.lo) to.lo = from.lo;
    if (from.hi > to.hi) to.hi = from.hi;
    from.lo = from.p.length;
    from.hi = -1;
    return;
  }
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
  /** Where the single walk keeps it reversed in its memory (-1: nowhere yet, -2: no room). */
  reversedAt: number;
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
  return { p, tail, padded, reversedAt: -1 };
}

/**
 * arr[c - k] += seg[c] x kernel[k] for c in lo..hi and k < len (lo >= len - 1: no clamp), four
 * source cells at a time: output c - k then takes seg[c + j] x kernel[k + j] for j < 4, so the
 * three upper cells of a block also use up to three kernel entries past `len` (more exact, never
 * less; `padded` ends in zeros) and each output cell is read and written once per block. Clears
 * seg[lo..hi] as it reads it.
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
    seg[c] = seg[c + 1] = seg[c + 2] = seg[c + 3] = 0;
    arr[c + 3]! += x3 * kp[0]!;
    arr[c + 2]! += x2 * kp[0]! + x3 * kp[1]!;
    arr[c + 1]! += x1 * kp[0]! + x2 * kp[1]! + x3 * kp[2]!;
    for (let k = 0; k < len; k++) arr[c - k]! += x0 * kp[k]! + x1 * kp[k + 1]! + x2 * kp[k + 2]! + x3 * kp[k + 3]!;
  }
  for (; c <= hi; c++) {
    const x = seg[c]!;
    if (x === 0) continue;
    seg[c] = 0;
    for (let k = 0; k < len; k++) arr[c - k]! += x * kp[k]!;
  }
}

/** Where the iteration kernel's context has a value. */
const I = Object.fromEntries(CTX_INTS.map((n, i) => [n, i])) as Record<(typeof CTX_INTS)[number], number>;
const F = Object.fromEntries(CTX_FLOATS.map((n, i) => [n, i])) as Record<(typeof CTX_FLOATS)[number], number>;
const NEAR = I.near;
const DANGER_WAKE = I.dangerWake;

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
  private segment: Float64Array;
  /** (1 - pass)^attacks: an awake hero above the limit making all the turn's attacks without burning. */
  private stayAllAttacks: Float64Array;
  /** Several attacks that can burn: their combined effect per cell, by phase (see AttackKernels). */
  private readonly combined: (AttackKernels | null | undefined)[] = [];
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
  /** The iteration kernel's context (walkIterationKernels.ts): its int32s and float64s. */
  private readonly ctxAt: number;
  private readonly ctxInts: Int32Array;
  private readonly ctxFloats: Float64Array;
  /** By phase: whether the turn calls (awake and helpless) burn 0 or 1, as the iteration kernel needs. */
  private readonly fastCalls: boolean[];
  /** The phase (of the period) whose turn calls the context holds (-1: none yet). */
  private turnCallsAt = -1;
  /** By attack phase: fixedBurn() of its pmf. */
  private readonly burnOf: number[] = [];
  /** By phase of the period: the calls tabulateFor() has tabulated, lowest and highest (a range). */
  private readonly tabulated: number[][] = [];
  /** The last iteration with a seed. */
  private lastSeed = -Infinity;
  private readonly arena: Arena;
  private readonly segmentAt: number;
  private readonly stayAt: number;
  /**
   * The kernels' scratch: as float64s [0], [1] farBands()' faints and turns fainted, [2] the sum of
   * the band it stopped at, [3] the largest cell (sumMax(), gatherBand()); as int32s [8] the kernel
   * length to start from, [9] whether farBands() stopped at a gathered band, [10] its log's length.
   */
  private readonly scratchAt: number;
  private readonly scratch: Float64Array;
  private readonly scratchInts: Int32Array;
  private readonly durAt: number;
  private readonly bandLowAt: number;
  /** By phase (of the period) and calls: a kernel's reversed copy (0: not there yet) and length. */
  private readonly tableAt: number;
  /**
   * Beside the table: 1 + the one burn of a kernel that is a point mass, else 0 (the iteration
   * kernel shifts those).
   */
  private readonly pointsAt: number;
  private readonly points: Int32Array;
  private readonly table: Int32Array;
  /** farBands()' log: the wake row, lowest and highest cell of each deposit. */
  private readonly logAt: number;
  private readonly log: Int32Array;
  private readonly rowBytes: number;
  /** dangerRows()' table: address, lo and hi of each danger row in use. */
  private readonly dangerTableAt: number;
  private readonly dangerTable: Int32Array;

  /** The last usefulLength() answer (where the next search starts): in the context. */
  private get lastLength(): number {
    return this.ctxInts[NEAR]!;
  }
  private set lastLength(v: number) {
    this.ctxInts[NEAR] = v;
  }
  /** The latest wake of a danger row filled so far (the rows after it are empty): in the context. */
  private get dangerWake(): number {
    return this.ctxInts[DANGER_WAKE]!;
  }
  private set dangerWake(v: number) {
    this.ctxInts[DANGER_WAKE] = v;
  }

  constructor(private readonly o: WalkOptions) {
    this.version = o.model.version;
    let lowest = o.limit;
    for (const map of [o.seeds.awake, o.seeds.attackFaints, o.seeds.turnFaints, o.seeds.helpless])
      for (const list of map.values()) for (const m of list) lowest = Math.min(lowest, m.top - m.mass.length + 1);
    this.hBottom = starvationFloor(o.model, lowest);
    for (const map of [o.seeds.awake, o.seeds.attackFaints, o.seeds.turnFaints, o.seeds.helpless])
      for (const t of map.keys()) this.lastSeed = Math.max(this.lastSeed, t);
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
    const arena = (this.arena = Walk.arena(o.model, this.width, this.ringSize));
    // Row headers: awake w at slot w, danger w at ringSize + w, then the attack and turn faints.
    const { view: h } = arena.ints(2 * (2 * this.ringSize + 2));
    const hdrAt = h.byteOffset;
    ({ at: this.ctxAt } = arena.floats(Math.ceil(CTX_BYTES / 8)));
    this.ctxInts = new Int32Array(arena.buffer, this.ctxAt, CTX_INTS.length);
    this.ctxFloats = new Float64Array(arena.buffer, this.ctxAt + CTX_FLOAT_AT, CTX_FLOATS.length);
    this.lastLength = 1;
    this.dangerWake = -1;
    this.awake = Array.from({ length: this.ringSize }, (_, slot) => new Row(this.width, arena, { h, slot }));
    const pass = arena.floats(this.width);
    pass.view.set(this.pass);
    this.grid = {
      scratch: new Float64Array(this.width),
      pass: this.pass,
      limitIdx: o.limit - this.hBottom,
      width: this.width,
      k: arena.k,
      passAt: pass.at,
    };
    this.danger = Array.from(
      { length: this.ringSize },
      (_, w) => new Row(this.width, arena, { h, slot: this.ringSize + w }),
    );
    // spread() reads up to 3 cells past the top
    ({ at: this.segmentAt, view: this.segment } = arena.floats(this.width + BLOCK - 1));
    this.segment = this.segment.subarray(0, this.width);
    const stay = arena.floats(this.width);
    for (let i = 0; i < this.width; i++) stay.view[i] = (1 - this.pass[i]!) ** o.model.attacks;
    ({ at: this.stayAt, view: this.stayAllAttacks } = stay);

    this.faintAttack = new Row(this.width, arena, { h, slot: 2 * this.ringSize });
    this.faintTurn = new Row(this.width, arena, { h, slot: 2 * this.ringSize + 1 });
    ({ at: this.scratchAt, view: this.scratch } = arena.floats(6));
    this.scratchInts = new Int32Array(arena.buffer, this.scratchAt, 12);
    const dur = arena.ints(this.width);
    dur.view.set(this.dur);
    const bandLow = arena.ints(this.width);
    bandLow.view.set(this.bandLow);
    this.durAt = dur.at;
    this.bandLowAt = bandLow.at;
    ({ at: this.tableAt, view: this.table } = arena.ints(2 * this.ringSize * o.model.period));
    ({ at: this.pointsAt, view: this.points } = arena.ints(this.ringSize * o.model.period));
    ({ at: this.logAt, view: this.log } = arena.ints(3 * this.width));
    ({ at: this.dangerTableAt, view: this.dangerTable } = arena.ints(3 * this.ringSize));
    const pmfAt = (this.grid.pmfAt = new Map());
    for (const pmf of [...o.model.awake, ...o.model.fainted])
      if (pmf.length <= ROW_PAD && !pmfAt.has(pmf)) {
        const got = arena.floats(ROW_PAD);
        got.view.set(pmf);
        pmfAt.set(pmf, got.at);
      }
    this.rowBytes = Arena.bytes(this.width + ROW_PAD);
    for (let w = 0; w < this.ringSize; w++)
      if (
        this.awake[w]!.at !== this.awake[0]!.at + w * this.rowBytes ||
        this.danger[w]!.at !== this.danger[0]!.at + w * this.rowBytes
      )
        throw new Error('starvation walk: rows apart');
    this.kernels = new Kernels(o.model);
    this.fastCalls = Array.from({ length: 20 }, (_, phase) => {
      const a = o.model.awake[phase]!;
      const f = o.model.fainted[phase]!;
      return a.length <= 2 && (f.length === 2 || (f.length === 1 && f[0] === 1));
    });
    this.setContext(hdrAt, pass.at);
    arena.zeroed(); // the reversed kernels come after: each written in full
  }

  /**
   * The walk's arena: its rows and arrays, then room for a reversed copy of every kernel it can
   * use (settle(): up to ringSize - 2 calls from each phase of the period).
   */
  private static arena(model: CallModel, width: number, ringSize: number): Arena {
    const rowBytes = Arena.bytes(width + ROW_PAD);
    const arrays =
      (2 * ringSize + 2) * rowBytes +
      2 * Arena.bytes(width) +
      Arena.bytes(width + BLOCK - 1) +
      Arena.bytes(6) +
      2 * Arena.bytes(Math.ceil(width / 2)) +
      Arena.bytes(Math.ceil((2 * ringSize * model.period) / 2)) +
      Arena.bytes(Math.ceil((ringSize * model.period) / 2)) +
      Arena.bytes(Math.ceil((3 * width) / 2)) +
      Arena.bytes(Math.ceil((3 * ringSize) / 2)) +
      40 * Arena.bytes(ROW_PAD) + // the pmfs
      Arena.bytes(2 * ringSize + 2) + // the row headers
      Arena.bytes(Math.ceil(CTX_BYTES / 8));
    let burn = 0;
    for (const pmf of model.fainted) burn = Math.max(burn, pmf.length - 1);
    let kernels = 0;
    // each reversed, with its tail after it: 2 n + 4 entries for a kernel of n
    for (let calls = 0; calls <= ringSize - 2; calls++) kernels += Arena.bytes(2 * (calls * burn + 1) + BLOCK);
    let attackKernels = 0; // AttackKernels' stay, faint and dead, for each phase that has them
    for (let phase = 0; phase < model.period; phase++) {
      const pmf = model.awake[phase]!;
      const span = model.attacks * (pmf.length - 1) + 1;
      if (model.attacks >= 2 && fixedBurn(pmf) !== 0 && span * width <= 400_000)
        attackKernels += 2 * Arena.bytes(width * (span + BLOCK - 1)) + Arena.bytes(width);
    }
    // Past 8 MB each, kernels stay in JavaScript (spread() and combinedAttacks() there: the same values).
    const room = Math.min(model.period * kernels, KERNEL_ROOM_BYTES) + Math.min(attackKernels, KERNEL_ROOM_BYTES);
    return new Arena(arrays + room, arrays);
  }

  /** The kernel reversed in the arena (see walkKernels.ts spread), or -2 when it has no room. */
  private reversed(kernel: Kernel): number {
    if (kernel.reversedAt !== -1) return kernel.reversedAt;
    const kp = kernel.padded;
    const got = this.arena.tryFloats(kp.length + kernel.tail.length);
    if (got) {
      for (let m = 0; m < kp.length; m++) got.view[m] = kp[kp.length - 1 - m]!;
      got.view.set(kernel.tail, kp.length); // for farBands()' usefulLength()
    }
    return (kernel.reversedAt = got ? got.at : -2);
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
    const last = Math.min(t + this.ringSize - 1, this.dangerWake); // no danger row wakes later
    // A call that burns 0 or 1 (or nothing: pmf [1] is the call 1, 0, the same values), all rows in one go.
    if (pmf.length === 2 || (pmf.length === 1 && pmf[0] === 1)) {
      this.die(t, this.dangerRows(t, last, pmf[0]!, pmf.length === 2 ? pmf[1]! : 0));
      return;
    }
    for (let w = t + 1; w <= last; w++) {
      const row = this.danger[w % this.ringSize]!;
      if (row.hi >= row.lo) dead += callRow(this.grid, row, pmf, null);
    }
    this.die(t, dead);
  }

  /** dangerCalls() in WebAssembly: twoPointCall() and prune() for each row in use, in order. */
  private dangerRows(t: number, last: number, q0: number, q1: number): number {
    const rows = this.dangerTable;
    let n = 0;
    for (let w = t + 1; w <= last; w++) {
      const row = this.danger[w % this.ringSize]!;
      if (row.hi < row.lo) continue;
      rows[3 * n] = row.at;
      rows[3 * n + 1] = row.lo;
      rows[3 * n + 2] = row.hi;
      n++;
    }
    if (n === 0) return 0;
    const empty = this.width + ROW_PAD; // Row's lo when empty (p.length)
    const dead = this.grid.k!.dangerRows(
      this.dangerTableAt,
      n,
      this.grid.passAt!,
      this.grid.limitIdx,
      empty,
      q0,
      q1,
      PRUNE,
      0,
    );
    n = 0;
    for (let w = t + 1; w <= last; w++) {
      const row = this.danger[w % this.ringSize]!;
      if (row.hi < row.lo) continue;
      row.lo = rows[3 * n + 1]!;
      row.hi = rows[3 * n + 2]!;
      n++;
    }
    return dead;
  }

  /**
   * The faints of iteration t. A faint by an attack is helpless from this iteration's turn call,
   * 10 - d calls; one by the turn call from the next, 9 - d calls; both wake at iteration t + 10 - d.
   * So the attack faints first make that one helpless call (with its roll below the limit), then
   * both kinds share the kernel of the remaining 9 - d calls, band by band (d fixed by where the
   * faint happened).
   */
  private dispatch(t: number, record: boolean, resume = false) {
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
    const k = this.grid.k!;
    const { scratchAt: out, scratch: outView } = this;
    let dead = 0;
    let faints = 0;
    let turnsFainted = 0;
    let i = hi;
    if (resume) {
      // the iteration kernel has done the bands above (see fastIteration())
      i = this.ctxInts[I.stop]!;
      dead = this.ctxFloats[F.dispatchDead]!;
      faints = this.ctxFloats[F.faints]!;
      turnsFainted = this.ctxFloats[F.turns]!;
    } else if (!record && (!attackFaints || spill <= 1)) {
      i = this.farBands(t, lo, hi, attackFaints, first, phase);
      faints = outView[0]!;
      turnsFainted = outView[1]!;
      if (this.scratchInts[9] === 1) {
        // the band it stopped at is gathered: settle it here (some cells may reach the limit)
        const d = dur[i]!;
        const j = bandLow[i]! > lo ? bandLow[i]! : lo;
        const sum = outView[2]!;
        faints += sum;
        turnsFainted += sum * d;
        if (attackFaints) this.settle(seg, j - spill, i, t, d, phase, record, outView[3]!);
        else this.settle(bp, j, i, t, d, phase, record, outView[3]!);
        i = j - 1;
      }
    }
    while (i >= lo) {
      const d = dur[i]!;
      const j = bandLow[i]! > lo ? bandLow[i]! : lo;
      let sum = 0;
      let most = 0;
      const far = (spill === 0 && j >= limitIdx) || (spill === 1 && j - 1 >= limitIdx);
      if (!attackFaints) {
        // settled from B itself
        sum = k.sumMax(B.at, j, i + 1, out + 24);
        most = outView[3]!;
      } else if (far) {
        // A first helpless call that burns 0 or 1 far from the limit: no roll can kill.
        sum = k.gatherBand(
          this.segmentAt,
          A.at,
          B.at,
          j,
          i + 1,
          spill,
          out + 24,
          first[0]!,
          spill === 1 ? first[1]! : 0,
        );
        most = outView[3]!;
      } else {
        for (let c = j; c <= i; c++) {
          const turnFaint = bp[c]!;
          seg[c]! += turnFaint;
          sum += turnFaint;
        }
        most = -1; // settle() finds it
        for (let c = j; c <= i; c++) {
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
    if (calls < this.ringSize) this.tabulate(kernel, calls, phase);
    const len = (this.lastLength = usefulLength(kernel, most, this.lastLength));
    const safeFrom = Math.max(lo, this.grid.limitIdx + len - 1); // these cannot reach the limit before waking
    if (safeFrom > lo) this.toDanger(seg, lo, safeFrom <= hi ? safeFrom - 1 : hi, wake);
    if (safeFrom <= hi) {
      const row = this.awake[wake % this.ringSize]!;
      if (record)
        for (let c = safeFrom; c <= hi; c++)
          if (seg[c]! !== 0) this.inFlight.push({ start: t + 1, calls, wake, i: c, mass: seg[c]! });
      const rk = kernel.reversedAt >= 0 ? kernel.reversedAt : this.reversed(kernel);
      if (rk >= 0) {
        const last = hi + 3 < seg.length ? hi + 3 : hi; // as spread() has it
        const segAt = seg === this.segment ? this.segmentAt : this.faintTurn.at; // the two settle() is given
        this.grid.k!.spread(segAt, safeFrom, hi, last, rk, kernel.p.length, len, row.at);
      } else spread(seg, safeFrom, hi, kernel.padded, len, row.p); // clears seg[safeFrom..hi]
      if (safeFrom - len + 1 < row.lo) row.lo = safeFrom - len + 1;
      if (hi > row.hi) row.hi = hi;
    }
  }

  /** n zeros for AttackKernels: in the arena when it has room (then combinedAttacks() runs in WebAssembly). */
  private zeros(n: number): Float64Array {
    const got = this.arena.tryFloats(n);
    return got ? got.view.fill(0) : new Float64Array(n);
  }

  /** The kernel of `calls` helpless calls from `phase` where farBands() finds it. */
  private tabulate(kernel: Kernel, calls: number, phase: number) {
    const e = 2 * ((phase % this.o.model.period) * this.ringSize + calls);
    if (this.table[e] !== 0) return;
    const rk = kernel.reversedAt >= 0 ? kernel.reversedAt : this.reversed(kernel);
    if (rk < 0) return; // no room: settle() spreads it in JavaScript
    this.table[e] = rk;
    this.table[e + 1] = kernel.p.length;
    this.points[e / 2] = fixedBurn(kernel.p) + 1;
  }

  /**
   * dispatch()'s bands from `hi` down in WebAssembly while each can be settled at once: far from
   * the limit (no roll of an attack faint's first helpless call can kill), its kernel in the table
   * (settle() puts it there the first time), and no cell that may reach the limit before waking
   * (the band is then gathered and left to dispatch()). The same operations as dispatch() and
   * settle() in the same order. Returns the band's top cell where it stopped (lo - 1: done).
   */
  private farBands(t: number, lo: number, hi: number, attack: boolean, first: CallPmf, phase: number): number {
    const k = this.grid.k!;
    const out = this.scratch;
    const ints = this.scratchInts;
    out[0] = 0;
    out[1] = 0;
    ints[8] = this.lastLength;
    const spill = first.length - 1;
    const table = this.tableAt + 8 * (phase % this.o.model.period) * this.ringSize;
    const B = this.faintTurn;
    const i = k.farBands(
      this.segmentAt,
      this.faintAttack.at,
      B.at,
      attack ? 1 : 0,
      lo,
      hi,
      spill,
      this.grid.limitIdx,
      this.durAt,
      this.bandLowAt,
      table,
      this.ringSize,
      t,
      this.ringSize,
      this.awake[0]!.at,
      this.rowBytes,
      attack ? this.segment.length : B.p.length,
      this.scratchAt,
      this.logAt,
      first[0]!,
      spill === 1 ? first[1]! : 0,
      DEPOSIT_CUT,
    );
    this.lastLength = ints[8]!;
    const log = this.log;
    for (let e = 0, n = 3 * ints[10]!; e < n; e += 3) {
      const row = this.awake[log[e]!]!;
      if (log[e + 1]! < row.lo) row.lo = log[e + 1]!;
      if (log[e + 2]! > row.hi) row.hi = log[e + 2]!;
    }
    return i;
  }

  /** Helpless heroes at cells lo..hi (cleared here) into the danger row of those who wake at `wake`. */
  private toDanger(seg: Float64Array, lo: number, hi: number, wake: number) {
    const danger = this.danger[wake % this.ringSize]!;
    const dp = danger.p;
    let from = danger.lo;
    let to = danger.hi;
    for (let c = lo; c <= hi; c++) {
      const x = seg[c]!;
      if (x === 0) continue;
      seg[c] = 0;
      dp[c]! += x;
      if (c < from) from = c;
      if (c > to) to = c;
    }
    danger.lo = from;
    danger.hi = to;
    if (wake > this.dangerWake) this.dangerWake = wake;
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
    if (!record && t > this.lastSeed && this.fastIteration(t)) return;
    const { model, moves0, seeds } = this.o;
    const here = this.awake[t % this.ringSize]!;
    const seeding = t <= this.lastSeed; // no seed after: no lookups
    if (seeding) {
      this.inject(seeds.awake.get(t), here);
      this.inject(seeds.attackFaints.get(t), this.faintAttack);
    }
    if (model.attacks > 0) {
      const phase = phaseOf(moves0 + t - 1) % model.period;
      const pmf = model.awake[phase]!;
      const combined = this.combinedAt(phase);
      this.die(t - 1, attackCalls(this.grid, here, pmf, this.faintAttack, this.stayAllAttacks, combined, this.stayAt));
    }
    const faintedPmf = model.fainted[phaseOf(moves0 + t)]!;
    this.dangerCalls(t, faintedPmf);
    this.awakeCall(here, model.awake[phaseOf(moves0 + t)]!, t, this.faintTurn);
    if (seeding) this.inject(seeds.turnFaints.get(t), this.faintTurn);
    this.dispatch(t, record);
    const helpless = seeding ? seeds.helpless.get(t) : undefined;
    if (helpless) for (const seed of helpless) this.settleSeed(seed, t, record);
    // ++multi: who wakes up now acts at the next prompt; the rest of the awake stay awake.
    const next = this.awake[(t + 1) % this.ringSize]!;
    moveInto(this.danger[(t + 1) % this.ringSize]!, next, this.grid.k);
    moveInto(here, next, this.grid.k);
  }

  /** The combined attack kernels of an attack phase (built the first time it is asked), or null. */
  private combinedAt(phase: number): AttackKernels | null {
    let combined = this.combined[phase];
    if (combined === undefined) {
      const { model } = this.o;
      const pmf = model.awake[phase]!;
      const span = model.attacks * (pmf.length - 1) + 1;
      const worth = model.attacks >= 2 && fixedBurn(pmf) !== 0 && span * this.width <= 400_000; // memory bound
      combined = worth ? new AttackKernels(this.grid, pmf, model.attacks, (n) => this.zeros(n)) : null;
      this.combined[phase] = combined;
    }
    return combined;
  }

  /** The context's constants (walkIterationKernels.ts). */
  private setContext(hdrAt: number, passAt: number): void {
    const c = this.ctxInts;
    c[I.ring] = this.ringSize;
    c[I.limitIdx] = this.grid.limitIdx;
    c[I.emptyLo] = this.width + ROW_PAD;
    c[I.rowBytes] = this.rowBytes;
    c[I.awakeAt] = this.awake[0]!.at;
    c[I.dangerAt] = this.danger[0]!.at;
    c[I.hdrAt] = hdrAt;
    c[I.passAt] = passAt;
    c[I.stayAt] = this.stayAt;
    c[I.segAt] = this.segmentAt;
    c[I.width] = this.width;
    c[I.durAt] = this.durAt;
    c[I.bandLowAt] = this.bandLowAt;
    c[I.aAt] = this.faintAttack.at;
    c[I.bAt] = this.faintTurn.at;
    this.ctxFloats[F.prune] = PRUNE;
    this.ctxFloats[F.cut] = DEPOSIT_CUT;
  }

  /**
   * Iteration t in one WebAssembly call (walkIterationKernels.ts) when its calls burn 0 or 1 (no
   * seed, no faint to record: the caller sees to that); attacks it has no kernel for run here first,
   * and dispatch() goes on here from a band whose kernel is not tabulated yet. False: not run.
   */
  private fastIteration(t: number): boolean {
    const { model, moves0 } = this.o;
    const phase = phaseOf(moves0 + t);
    if (!this.fastCalls[phase]) return false;
    const c = this.ctxInts;
    const f = this.ctxFloats;
    const slot = t % this.ringSize;
    const here = this.awake[slot]!;
    let attackMode = 0;
    if (model.attacks > 0) {
      const attackPhase = ((phase + 19) % 20) % model.period;
      const pmf = model.awake[attackPhase]!;
      const combined = this.combinedAt(attackPhase);
      const burn = this.burnOf[attackPhase] ?? (this.burnOf[attackPhase] = fixedBurn(pmf));
      if (burn !== 0 && combined) {
        if (combined.stay.buffer === this.arena.buffer && here.lo >= combined.span - 1) {
          combined.ensureRange(here.lo, here.hi);
          attackMode = 2;
          c[I.combStay] = combined.stay.byteOffset;
          c[I.combFaint] = combined.faint.byteOffset;
          c[I.combDead] = combined.dead.byteOffset;
          c[I.span] = combined.span;
          c[I.stride] = combined.stride;
        }
      } else if (burn < 0) {
        if (pmf.length === 2) {
          attackMode = 3;
          f[F.aq0] = pmf[0]!;
          f[F.aq1] = pmf[1]!;
        }
      } else if (burn === 0) attackMode = 1;
      if (attackMode === 0) {
        const stay = this.stayAllAttacks;
        this.die(t - 1, attackCalls(this.grid, here, pmf, this.faintAttack, stay, combined, this.stayAt));
      }
    }
    c[I.attackMode] = attackMode;
    c[I.t] = t;
    c[I.tSlot] = slot;
    if (phase % model.period !== this.turnCallsAt) {
      // the turn calls of this phase (written again only when they change)
      this.turnCallsAt = phase % model.period;
      const fainted = model.fainted[phase]!;
      f[F.dq0] = fainted[0]!;
      f[F.dq1] = fainted.length === 2 ? fainted[1]! : 0;
      const awake = model.awake[phase]!;
      c[I.awakeMode] = awake.length === 2 ? 1 : 2;
      f[F.wq0] = awake[0]!;
      f[F.wq1] = awake.length === 2 ? awake[1]! : 0;
      c[I.spill] = fainted.length - 1;
      f[F.f0] = fainted[0]!;
      f[F.f1] = fainted.length === 2 ? fainted[1]! : 0;
    }
    const settlePhase = ((phase + 1) % 20) % model.period;
    this.tabulateFor(here, settlePhase, attackMode === 2 ? c[I.span]! : 1);
    c[I.table] = this.tableAt + 8 * settlePhase * this.ringSize;
    c[I.points] = this.pointsAt + 4 * settlePhase * this.ringSize;
    const unfinished = this.grid.k!.iterate(this.ctxAt);
    if (attackMode !== 0) this.die(t - 1, f[F.attackDead]!);
    this.die(t, f[F.dangerDead]!);
    this.die(t, f[F.awakeDead]!);
    if (unfinished) {
      this.dispatch(t, false, true);
      const next = this.awake[slot + 1 === this.ringSize ? 0 : slot + 1]!;
      moveInto(this.danger[slot + 1 === this.ringSize ? 0 : slot + 1]!, next, this.grid.k);
      moveInto(here, next, this.grid.k);
    } else {
      this.die(t, f[F.dispatchDead]!);
      this.expectedFaints += f[F.faints]!;
      this.expectedTurnsFainted += f[F.turns]!;
    }
    return true;
  }

  /**
   * Every kernel the faints of this iteration can settle with, in the table before the iteration
   * kernel runs (else dispatch() goes on in JavaScript): the faints of the awake heroes at cells
   * here.lo - reach - 1 .. here.hi (their attacks burn `reach` - 1 at most) last dur[] of those cells.
   */
  private tabulateFor(here: Row, phase: number, reach: number): void {
    if (here.hi < here.lo) return;
    const fewest = this.dur[here.hi]! - 1; // dur grows with depth
    const most = this.dur[Math.max(0, here.lo - reach - 1)]! - 1;
    const done = this.tabulated[phase] ?? (this.tabulated[phase] = [fewest, fewest - 1]);
    if (fewest >= done[0]! && most <= done[1]!) return;
    const from = Math.min(fewest, done[0]!); // the range grows (any gap between included)
    const to = Math.max(most, done[1]!);
    for (let calls = from; calls <= to; calls++)
      if (calls < done[0]! || calls > done[1]!) this.tabulate(this.kernels.get(calls, phase), calls, phase);
    done[0] = from;
    done[1] = to;
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
