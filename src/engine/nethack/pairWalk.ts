// Two starvation walks in one pass ("lanes"). 5.0 draws every call's burn afresh (rn2(20)), so its
// walk from a first faint is the same at every moves and a forecast needs one walk per kind of first
// faint (forecast.ts shiftedWalks()): usually two, a turn call's faint and an attack's, from the
// same nutrition. Both walks apply the same calls, rolls and kernels to different masses: run
// together, each cell's coefficients are read once for both and every loop and row is shared
// (about 1.5x faster than the two walks one after the other). One walk alone (a single kind of
// first faint: runLaneWalk(); a hero already Fainting: runAwakeWalk()) runs in the lane walk: the
// same code on rows of one lane, 8 bytes a cell, with the lane kernels (laneKernels.ts), which do
// each vector operation on two adjacent cells; it gives what either lane of the pair walk would
// give running that walk in both, to the last bit, in about 0.73 of the pair walk's time (the pair
// walk itself is 1.5 to 2.5x faster than runWalk() of starvation.ts). With attacks, every
// iteration after the seeds' one runs whole in WebAssembly (pairKernels.ts iterations(), a chunk
// of iterations a call: iterationsFrom()); JavaScript keeps the seeds' iteration, the walks with no
// attacks and the results.
//
// This is the walk of starvation.ts (see its comment for the method and the cuts), restricted to
// what these walks use: calls that burn 0 or 1, awake and fainted each with its own chances (slow
// digestion; a plain hero, who burns 1 awake and the base charge 1 turn in 10 fainted), one or more
// attacks; or no attacks, with calls that burn 0 or 1 or 0 to 2 (regeneration, an amulet: the two
// first faints are then a turn call's at 0 and at -1); helpless seeds at one iteration (or awake
// heroes), run to the end without a snapshot. Each lane gives what runWalk() gives for its seed
// alone, but for the cuts below 1e-16: a row's cell is pruned when both lanes are below 1e-16
// there, and a deposit's kernel is cut where its tail times the larger lane's mass is below 1e-16
// (each lane keeps at least as much as alone). Each lane stops where it would alone (less than
// 1e-10 alive) and keeps its deaths up to then; keeping a little more, it can cross that stop one
// iteration before the walk alone (seen with several attacks: the deaths of that iteration, below
// 1e-11, are then the only difference beyond the cuts).
import type { NethackVersion } from '../cite.ts';
import { faintTurns, passChance, type CallModel, type CallPmf } from './calls.ts';
import { LaneKernelMemory } from './laneKernels.ts';
import { CONTEXT, CONTEXT_BYTES, KernelMemory, type PairKernels } from './pairKernels.ts';
import * as walk from './starvation.ts';
import {
  AttackKernels,
  DEPOSIT_CUT,
  Kernels,
  refuseIfCachedOnly,
  starvationFloor,
  usefulLength,
  type HelplessSeed,
  type WalkMass,
  type WalkResult,
  type WalkSnapshot,
} from './starvation.ts';

// Read once: a module's exports can be getters (a call per read in a hot loop).
const { BLOCK, PRUNE, ROW_PAD, WALK_EPSILON, WALK_MAX_TURNS } = walk;

/**
 * Whether runWalkPair() can run the kind walks of this model (and the two seeds). Up to 64 attacks:
 * their combined kernels then stay far inside starvation.ts's memory bound on any grid of a 5.0 walk.
 * With attacks, calls that burn 0 or 1 (the attack kernels and dispatch()'s first helpless call
 * are written for them); with none, calls that burn 0 or 1 or 0 to 2 (regeneration, an amulet:
 * threePoint()), awake and fainted each.
 */
export function pairWalkable(model: CallModel, a: HelplessSeed, b: HelplessSeed): boolean {
  return a.dur > 0 && b.dur > 0 && pairModel(model);
}

/** Whether the pair walk runs this model's walks (see pairWalkable()), whatever they start from. */
export function pairModel(model: CallModel): boolean {
  if (model.period !== 1 || model.attacks < 0 || model.attacks > 64) return false;
  const awake = model.awake[0]!.length;
  const fainted = model.fainted[0]!.length;
  if (model.attacks >= 1) return awake === 2 && fainted === 2;
  return (awake === 2 || awake === 3) && (fainted === 2 || fainted === 3);
}

/**
 * The walk's arrays live in one WebAssembly memory (one per thread, reused), where the hot loops (pairKernels.ts) read them by address; JavaScript reads them through
 * views. Its first bytes are the kernels' scratch: sums and maxima out, dead mass in and out.
 */
const SCRATCH_BYTES = 192 + CONTEXT_BYTES;
/** Iterations a call of iterations() (pairKernels.ts) runs at most: their deaths fit its chunk. */
const CHUNK = 1024;
/** Cells whose attack kernels are built beyond the awake row's (deterministic by cell: any cells). */
const KERNEL_MARGIN = 16;
/** The walk's context (pairKernels.ts CONTEXT), after the kernels' scratch: written once a walk. */
const CONTEXT_AT = 192;
/** The first memory's size: every walk of the forecast sweep fits (1.2 MB at most). */
const MIN_MEMORY_BYTES = 2 << 20;
/**
 * How a walk's rows hold their cells: the pair walk's two lanes (a, b) side by side, 16 bytes a
 * cell, or the lane walk's one (laneKernels.ts): 8 bytes a cell, the same kernels by name, which
 * write each result to both halves of its f64x2 slot (so what JavaScript reads as lane b is lane a).
 */
interface Layout {
  /** Floats a cell, and lane b's offset in it (0: the lane walk's single lane). */
  readonly cf: 1 | 2;
  readonly b: 0 | 1;
  readonly memory: (bytes: number) => { readonly buffer: ArrayBuffer; readonly kernels: PairKernels };
  current: { readonly buffer: ArrayBuffer; readonly kernels: PairKernels } | null;
  /** The kinds of walk primed in this thread (see prime()). */
  readonly primed: Set<string>;
}
const PAIR: Layout = { cf: 2, b: 1, memory: (bytes) => new KernelMemory(bytes), current: null, primed: new Set() };
const LANE: Layout = {
  cf: 1,
  b: 0,
  memory: (bytes) => new LaneKernelMemory(bytes),
  current: null,
  primed: new Set(),
};
/** The layout of the walk running now, set by its Arena (walks run one at a time, each to its end). */
let CF: 1 | 2 = 2;
let LB: 0 | 1 = 1;
let K: PairKernels;
/**
 * The scratch as float64s: [0], [1] the two lanes' dead mass or sums, [2], [3] the maxima; [8] to
 * [11] farBands()'s faints and turns fainted; [13] its band's largest cell. As int32s: [24] the
 * kernel length to start from, [25] farBands()'s flag (a band with cells in danger).
 */
let scratch = new Float64Array(0);
let scratchInts = new Int32Array(0);

/** Bump allocation of one walk's arrays (all zeros), 16-byte aligned. */
class Arena {
  private top = SCRATCH_BYTES;
  readonly buffer: ArrayBuffer;
  constructor(
    bytes: number,
    readonly layout: Layout,
  ) {
    bytes += SCRATCH_BYTES;
    let memory = layout.current;
    if (!memory || memory.buffer.byteLength < bytes) {
      // Room for walks up to twice this one's (most fit the first memory; see KernelMemory).
      memory = layout.current = layout.memory(Math.max(2 * bytes, MIN_MEMORY_BYTES));
    }
    this.buffer = memory.buffer;
    new Uint8Array(this.buffer, 0, bytes).fill(0);
    this.enter();
  }
  /** Make this walk's layout, kernels and scratch the ones the row operations below use. */
  enter() {
    K = this.layout.current!.kernels;
    CF = this.layout.cf;
    LB = this.layout.b;
    scratch = new Float64Array(this.buffer, 0, SCRATCH_BYTES / 8);
    scratchInts = new Int32Array(this.buffer, 0, SCRATCH_BYTES / 4);
  }
  /** Bytes for n float64s, rounded up to 16. */
  static bytes(n: number): number {
    return Math.ceil(n / 2) * 16;
  }
  floats(n: number): { at: number; view: Float64Array } {
    const at = this.take(Arena.bytes(n));
    return { at, view: new Float64Array(this.buffer, at, n) };
  }
  ints(n: number): { at: number; view: Int32Array } {
    const at = this.take(Arena.bytes(Math.ceil(n / 2)));
    return { at, view: new Int32Array(this.buffer, at, n) };
  }
  private take(bytes: number): number {
    const at = this.top;
    this.top += bytes;
    if (this.top > this.buffer.byteLength) throw new Error('pairWalk: arena overflow');
    return at;
  }
}

/**
 * Both lanes of cell i at 2i and 2i + 1, cells lo..hi in use (either lane nonzero); at `at` in the
 * arena, lo and hi too (at the row's index in the walk's table of extents, read by the kernels).
 */
class PairRow {
  readonly p: Float64Array;
  readonly at: number;
  private readonly ends: Int32Array;
  private readonly e: number;
  /** The address of lo and hi. */
  readonly endsAt: number;
  constructor(
    private readonly width: number,
    arena: Arena,
    extents: { at: number; view: Int32Array },
    index: number,
  ) {
    ({ at: this.at, view: this.p } = arena.floats(PairRow.floats(width, arena.layout)));
    this.ends = extents.view;
    this.e = 2 * index;
    this.endsAt = extents.at + 8 * index;
    this.reset();
  }
  static floats(width: number, layout: Layout): number {
    return layout.cf * (width + ROW_PAD);
  }
  get lo(): number {
    return this.ends[this.e]!;
  }
  set lo(i: number) {
    this.ends[this.e] = i;
  }
  get hi(): number {
    return this.ends[this.e + 1]!;
  }
  set hi(i: number) {
    this.ends[this.e + 1] = i;
  }
  add(i: number, a: number, b: number) {
    this.p[CF * i]! += a;
    if (LB) this.p[CF * i + LB]! += b;
    if (i < this.lo) this.lo = i;
    if (i > this.hi) this.hi = i;
  }
  reset() {
    this.lo = this.width;
    this.hi = -1;
  }
  /** Cells below PRUNE in both lanes off either end, cleared (pairKernels.ts). */
  prune() {
    K.prune(this.at, this.endsAt, this.width, PRUNE);
  }
}

/** Mass that died in the last call, by lane (written by the row operations below). */
const deadOut = new Float64Array(2);

/** The chances to pass the roll by cell, as a view and as an address in the arena. */
interface Chances {
  pass: Float64Array;
  at: number;
}

/**
 * twoPointCall() of starvation.ts for both lanes: one call burning 0 (q0) or 1 (q1), then the roll
 * at the new nutrition; awake heroes (`faints` given) faint on a pass, helpless ones only die. The
 * first cell here (it may hold the floor's mass), the others in pairKernels.ts.
 */
function twoPoint(row: PairRow, q0: number, q1: number, chances: Chances, limitIdx: number, faints: PairRow | null) {
  deadOut[0] = deadOut[1] = 0;
  if (row.hi < row.lo) return;
  const p = row.p;
  const pass = chances.pass;
  const rlo = row.lo;
  const rhi = row.hi;
  const lo = rlo === 0 ? 0 : rlo - 1;
  const split = limitIdx < lo ? lo : limitIdx > rhi + 1 ? rhi + 1 : limitIdx;
  // Below the floor: kept at it.
  const atFloor = rlo === 0 ? 1 : 0;
  const floorA = p[0]! * q1 * atFloor;
  const floorB = p[LB]! * q1 * atFloor;
  const j = lo;
  const ya = p[CF * j]! * q0 + p[CF * j + CF]! * q1 + floorA;
  const yb = p[CF * j + LB]! * q0 + p[CF * j + CF + LB]! * q1 + floorB;
  const keepFrom = split > j + 1 ? split : j + 1;
  if (faints) {
    const fp = faints.p;
    const s = pass[j]!;
    const oa = ya * s;
    const ob = yb * s;
    fp[CF * j]! += oa;
    if (LB) fp[CF * j + LB]! += ob;
    if (j < split) {
      scratch[0] = ya - oa;
      scratch[1] = yb - ob;
      p[CF * j] = p[CF * j + LB] = 0;
    } else {
      p[CF * j] = ya - oa;
      p[CF * j + LB] = yb - ob;
    }
    if (j + 1 < split) K.callFaintDie(row.at, faints.at, chances.at, 0, j + 1, split, q0, q1);
    if (keepFrom <= rhi) K.callFaintKeep(row.at, faints.at, chances.at, keepFrom, rhi + 1, q0, q1);
    if (lo < faints.lo) faints.lo = lo;
    if (rhi > faints.hi) faints.hi = rhi;
    row.lo = split;
    row.hi = split <= rhi ? rhi : -1;
  } else {
    if (j < split) {
      const s = pass[j]!;
      const oa = ya * s;
      const ob = yb * s;
      scratch[0] = ya - oa;
      scratch[1] = yb - ob;
      p[CF * j] = oa;
      p[CF * j + LB] = ob;
    } else {
      p[CF * j] = ya;
      p[CF * j + LB] = yb;
    }
    if (j + 1 < split) K.callDie(row.at, chances.at, 0, j + 1, split, q0, q1);
    if (keepFrom <= rhi) K.callPlain(row.at, keepFrom, rhi + 1, q0, q1);
    row.lo = lo;
    row.hi = rhi;
  }
  if (row.hi >= row.lo) row.prune();
  else row.reset();
  if (j < split) {
    deadOut[0] = scratch[0]!;
    deadOut[1] = scratch[1]!;
  }
}

/**
 * shortCall() of starvation.ts for both lanes, a call burning 0, 1 or 2 (pmf q), in place: awake
 * heroes (`faints` given) faint on a pass and die below the limit otherwise, helpless ones only
 * die. Cell 0 (which also takes what burns below the floor, added last) here, the others in
 * pairKernels.ts, in the same order of operations.
 */
function threePoint(row: PairRow, q: CallPmf, chances: Chances, limitIdx: number, faints: PairRow | null) {
  deadOut[0] = deadOut[1] = 0;
  if (row.hi < row.lo) return;
  const p = row.p;
  const q0 = q[0]!;
  const q1 = q[1]!;
  const q2 = q[2]!;
  const rlo = row.lo;
  const rhi = row.hi;
  const lo = rlo < 2 ? 0 : rlo - 2;
  const split = limitIdx < lo ? lo : limitIdx > rhi + 1 ? rhi + 1 : limitIdx;
  scratch[0] = scratch[1] = 0;
  const from = lo === 0 ? 1 : lo;
  if (lo === 0) {
    // Cells 0 and 1 burning past cell 0 (kept at the floor), in shortCall()'s order.
    let floorA = 0;
    let floorB = 0;
    for (let i = rlo; i < 2 && i <= rhi; i++)
      for (let k = i + 1; k < 3; k++) {
        floorA += p[CF * i]! * q[k]!;
        floorB += p[CF * i + LB]! * q[k]!;
      }
    const ya = p[0]! * q0 + p[CF]! * q1 + p[2 * CF]! * q2 + floorA;
    const yb = p[LB]! * q0 + p[CF + LB]! * q1 + p[2 * CF + LB]! * q2 + floorB;
    const s = chances.pass[0]!;
    const oa = ya * s;
    const ob = yb * s;
    if (faints) {
      faints.p[0]! += oa;
      if (LB) faints.p[LB]! += ob;
    }
    if (0 < split) {
      scratch[0] = ya - oa;
      scratch[1] = yb - ob;
    }
    p[0] = 0 < split ? (faints ? 0 : oa) : faints ? ya - oa : ya;
    p[LB] = 0 < split ? (faints ? 0 : ob) : faints ? yb - ob : yb;
  }
  const keepFrom = split > from ? split : from;
  if (faints) {
    if (from < split) K.callFaintDie3(row.at, faints.at, chances.at, 0, from, split, q0, q1, q2);
    if (keepFrom <= rhi) K.callFaintKeep3(row.at, faints.at, chances.at, keepFrom, rhi + 1, q0, q1, q2);
    if (lo < faints.lo) faints.lo = lo;
    if (rhi > faints.hi) faints.hi = rhi;
    row.lo = split;
    row.hi = split <= rhi ? rhi : -1;
  } else {
    if (from < split) K.callDie3(row.at, chances.at, 0, from, split, q0, q1, q2);
    if (keepFrom <= rhi) K.callPlain3(row.at, keepFrom, rhi + 1, q0, q1, q2);
    row.lo = lo;
    row.hi = rhi;
  }
  if (row.hi >= row.lo) row.prune();
  else row.reset();
  deadOut[0] = scratch[0]!;
  deadOut[1] = scratch[1]!;
}

/**
 * The turn call of the awake heroes (twoPoint() with faints), whose heroes still awake after it
 * go straight to `into` (the next prompt's row): `row` is left empty.
 */
function turnCall(
  row: PairRow,
  q0: number,
  q1: number,
  chances: Chances,
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
  const j = lo;
  const ya = p[CF * j]! * q0 + p[CF * j + CF]! * q1 + p[0]! * q1 * atFloor;
  const yb = p[CF * j + LB]! * q0 + p[CF * j + CF + LB]! * q1 + p[LB]! * q1 * atFloor;
  const s = chances.pass[j]!;
  const oa = ya * s;
  const ob = yb * s;
  fp[CF * j]! += oa;
  if (LB) fp[CF * j + LB]! += ob;
  if (j < split) {
    scratch[0] = ya - oa;
    scratch[1] = yb - ob;
  } else {
    np[CF * j]! += ya - oa;
    if (LB) np[CF * j + LB]! += yb - ob;
  }
  p[CF * j] = p[CF * j + LB] = 0;
  if (j + 1 < split) K.callFaintDie(row.at, faints.at, chances.at, 0, j + 1, split, q0, q1);
  const intoFrom = split > j + 1 ? split : j + 1;
  if (intoFrom <= rhi) K.callFaintInto(row.at, faints.at, into.at, chances.at, intoFrom, rhi + 1, q0, q1);
  if (lo < faints.lo) faints.lo = lo;
  if (rhi > faints.hi) faints.hi = rhi;
  if (split <= rhi) {
    if (split < into.lo) into.lo = split;
    if (rhi > into.hi) into.hi = rhi;
  }
  row.reset();
  if (j < split) {
    deadOut[0] = scratch[0]!;
    deadOut[1] = scratch[1]!;
  }
}

/**
 * combinedAttacks() of starvation.ts for both lanes (two or more attacks, with their kernels, which
 * `k` has built for every cell of the row): the cells' calls in pairKernels.ts.
 */
function combinedAttacks(row: PairRow, k: AttackKernels, faints: PairRow) {
  deadOut[0] = deadOut[1] = 0;
  if (row.hi < row.lo) return;
  const lo = row.lo;
  const hi = row.hi;
  const { span, stride } = k;
  K.combinedAttacks(
    row.at,
    faints.at,
    lo,
    hi,
    k.stay.byteOffset,
    k.faint.byteOffset,
    k.dead.byteOffset,
    span,
    stride,
    0,
  );
  const bottom = Math.max(0, lo - span + 1);
  if (bottom < faints.lo) faints.lo = bottom;
  if (hi > faints.hi) faints.hi = hi;
  row.lo = bottom;
  row.prune();
  faints.prune();
  deadOut[0] = scratch[0]!;
  deadOut[1] = scratch[1]!;
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
  private readonly chances: Chances;
  private readonly dur: Int32Array;
  private readonly bandLow: Int32Array;
  private readonly limitIdx: number;
  private readonly ringSize: number;
  private readonly awake: PairRow[];
  private readonly danger: PairRow[];
  private readonly faintAttack: PairRow;
  private readonly faintTurn: PairRow;
  private readonly segment: PairRow;
  private readonly kernels: Kernels;
  /** The fainted calls' kernels in the arena, by their number of calls: padded, tail (addresses), length. */
  private readonly kernelTable: { at: number; view: Int32Array };
  private readonly durAt: number;
  private readonly bandLowAt: number;
  private readonly awakeExtentsAt: number;
  private readonly dangerExtentsAt: number;
  private readonly arena: Arena;
  /** iterations()'s deaths, by iteration from the one before its first (both lanes a cell). */
  private readonly deathChunk: { at: number; view: Float64Array };
  private readonly combined: AttackKernels | null;
  /** An awake call burns 0 or 1 with these chances; a fainted call with f0, f1. */
  private readonly q0: number;
  private readonly q1: number;
  private readonly f0: number;
  private readonly f1: number;
  /** The awake and the fainted call (with no attacks, either may burn 0 to 2: threePoint()). */
  private readonly awakePmf: CallPmf;
  private readonly faintedPmf: CallPmf;
  private readonly attacks: number;
  private deaths = [new Float64Array(0), new Float64Array(0)];
  private deathTop = [-1, -1];
  private deadTotal = [0, 0];
  private expectedFaints = [0, 0];
  private expectedTurnsFainted = [0, 0];
  private lastLength = 1;
  /** The cells whose combined attack kernels are built (an interval). */
  private builtLo = Number.POSITIVE_INFINITY;
  private builtHi = -1;

  constructor(
    model: CallModel,
    limit: number,
    private readonly seeds: readonly [HelplessSeed, HelplessSeed] | readonly [],
    /** Or heroes awake (already Fainting) at the start of the first iteration, in both lanes. */
    private readonly awakeSeed: WalkMass | null = null,
    /** The lane walk (LANE) runs one walk: its seeds, if any, are the same seed twice. */
    layout: Layout = PAIR,
  ) {
    if (layout === LANE && seeds.length === 2 && seeds[0] !== seeds[1]) throw new Error('laneWalk: one seed only');
    this.version = model.version;
    let lowest = limit;
    for (const m of [...seeds, ...(awakeSeed ? [awakeSeed] : [])]) lowest = Math.min(lowest, m.top - m.mass.length + 1);
    this.hBottom = starvationFloor(model, lowest);
    this.width = 1 - this.hBottom;
    const dur = Int32Array.from({ length: this.width }, (_, i) => faintTurns(i + this.hBottom, this.version));
    this.ringSize = dur[0]! + 2;
    let longest = dur[0]!;
    for (const m of seeds) longest = Math.max(longest, m.dur);
    const ints = (n: number) => Arena.bytes(Math.ceil(n / 2));
    this.kernels = new Kernels(model);
    // The rows, the segment, the chances, every kernel (padded, and its tail) and the tables of integers.
    let kernelBytes = 0;
    for (let calls = 0; calls < longest; calls++) {
      const kernel = this.kernels.get(calls, 0);
      kernelBytes += Arena.bytes(kernel.padded.length) + Arena.bytes(kernel.tail.length);
    }
    const rows = 2 * this.ringSize + 3;
    // The combined attack kernels (stay and faint, stride entries a cell, and the dead).
    const span = model.attacks * (model.awake[0]!.length - 1) + 1;
    // starvation.ts bounds the kernels' memory at 400,000 entries; these grids stay far below it.
    if (model.attacks >= 2 && span * this.width > 400_000) throw new Error('runWalkPair: grid too wide');
    const attackBytes =
      model.attacks >= 2 ? 2 * Arena.bytes(this.width * (span + BLOCK - 1)) + Arena.bytes(this.width) : 0;
    this.arena = new Arena(
      attackBytes +
        rows * Arena.bytes(PairRow.floats(this.width, layout)) +
        Arena.bytes(this.width) +
        kernelBytes +
        2 * ints(this.width) +
        ints(3 * longest) +
        ints(2 * rows) +
        Arena.bytes(2 * (CHUNK + 1)),
      layout,
    );
    this.deathChunk = this.arena.floats(2 * (CHUNK + 1));
    const chances = this.arena.floats(this.width);
    this.pass = chances.view;
    this.chances = { pass: this.pass, at: chances.at };
    for (let i = 0; i < this.width; i++) this.pass[i] = passChance(i + this.hBottom, this.version);
    const durIn = this.arena.ints(this.width);
    this.dur = durIn.view;
    this.dur.set(dur);
    this.durAt = durIn.at;
    const bandLow = this.arena.ints(this.width);
    this.bandLow = bandLow.view;
    this.bandLowAt = bandLow.at;
    for (let i = 1; i < this.width; i++) this.bandLow[i] = this.dur[i] === this.dur[i - 1] ? this.bandLow[i - 1]! : i;
    this.limitIdx = limit - this.hBottom;
    this.kernelTable = this.arena.ints(3 * longest);
    for (let calls = 0; calls < longest; calls++) {
      const kernel = this.kernels.get(calls, 0);
      const padded = this.arena.floats(kernel.padded.length);
      padded.view.set(kernel.padded);
      const tail = this.arena.floats(kernel.tail.length);
      tail.view.set(kernel.tail);
      this.kernelTable.view.set([padded.at, tail.at, kernel.p.length], 3 * calls);
    }
    // Rows by index: the awake ring, the danger ring, the two faint rows, the segment.
    const extents = this.arena.ints(2 * rows);
    this.awakeExtentsAt = extents.at;
    this.dangerExtentsAt = extents.at + 8 * this.ringSize;
    let index = 0;
    const row = () => new PairRow(this.width, this.arena, extents, index++);
    this.awake = Array.from({ length: this.ringSize }, row);
    this.danger = Array.from({ length: this.ringSize }, row);
    this.faintAttack = row();
    this.faintTurn = row();
    this.segment = row();
    const pmf = model.awake[0]!;
    this.awakePmf = pmf;
    this.faintedPmf = model.fainted[0]!;
    this.attacks = model.attacks;
    this.q0 = pmf[0]!;
    this.q1 = pmf[1]!;
    this.f0 = model.fainted[0]![0]!;
    this.f1 = model.fainted[0]![1]!;
    const grid = { scratch: new Float64Array(this.width), pass: this.pass, limitIdx: this.limitIdx, width: this.width };
    this.combined =
      model.attacks >= 2 ? new AttackKernels(grid, pmf, model.attacks, (n) => this.arena.floats(n).view) : null;
    this.writeContext();
  }

  /** The walk's context for iterate() (pairKernels.ts), after the scratch. */
  private writeContext() {
    const ints = new Int32Array(this.arena.buffer, CONTEXT_AT, CONTEXT_BYTES / 4);
    const floats = new Float64Array(this.arena.buffer, CONTEXT_AT, CONTEXT_BYTES / 8);
    const int = (field: keyof typeof CONTEXT, x: number) => void (ints[CONTEXT[field] / 4] = x);
    const float = (field: keyof typeof CONTEXT, x: number) => void (floats[CONTEXT[field] / 8] = x);
    const { awake, danger, combined } = this;
    int('rows', awake[0]!.at);
    int('rowBytes', awake[1]!.at - awake[0]!.at);
    int('ext', this.awakeExtentsAt);
    int('dangerRows', danger[0]!.at);
    int('dangerExt', this.dangerExtentsAt);
    int('ring', this.ringSize);
    int('width', this.width);
    int('limit', this.limitIdx);
    int('pass', this.chances.at);
    int('dur', this.durAt);
    int('band', this.bandLowAt);
    int('kernels', this.kernelTable.at);
    int('segLen', this.segment.p.length);
    int('attack', this.faintAttack.at);
    int('attackExt', this.faintAttack.endsAt);
    int('turn', this.faintTurn.at);
    int('turnExt', this.faintTurn.endsAt);
    int('seg', this.segment.at);
    int('stay', combined ? combined.stay.byteOffset : 0);
    int('faint', combined ? combined.faint.byteOffset : 0);
    int('deadFrom', combined ? combined.dead.byteOffset : 0);
    int('span', combined ? combined.span : 0);
    int('stride', combined ? combined.stride : 0);
    int('attacks', this.attacks);
    int('deaths', this.deathChunk.at);
    float('q0', this.q0);
    float('q1', this.q1);
    float('f0', this.f0);
    float('f1', this.f1);
    float('prune', PRUNE);
    float('cut', DEPOSIT_CUT);
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

  /**
   * The faints of iteration t (dispatch() of starvation.ts, both lanes): with attack faints, whole in
   * pairKernels.ts (dispatchBands()); turn faints alone, band by band from their row.
   */
  private dispatch(t: number) {
    const A = this.faintAttack;
    const B = this.faintTurn;
    const attackFaints = A.hi >= A.lo;
    if (!attackFaints && B.hi < B.lo) return;
    const lo = Math.min(A.lo, B.lo);
    const hi = Math.max(A.hi, B.hi);
    const { dur, bandLow } = this;
    let deadA = 0;
    let deadB = 0;
    let faintsA = 0;
    let faintsB = 0;
    let turnsA = 0;
    let turnsB = 0;
    if (attackFaints) {
      this.dispatchBands(t, lo, hi);
      faintsA = scratch[8]!;
      faintsB = scratch[9]!;
      turnsA = scratch[10]!;
      turnsB = scratch[11]!;
      deadA = scratch[2]!;
      deadB = scratch[3]!;
      A.p.fill(0, CF * A.lo, CF * A.hi + CF);
      B.p.fill(0, CF * Math.max(0, B.lo), CF * B.hi + CF);
    } else
      for (let i = hi; i >= lo; ) {
        const d = dur[i]!;
        const j = bandLow[i]! > lo ? bandLow[i]! : lo;
        K.sumMax(B.at, j, i + 1, 0);
        const sumA = scratch[0]!;
        const sumB = scratch[1]!;
        if (sumA > 0 || sumB > 0) {
          faintsA += sumA;
          faintsB += sumB;
          turnsA += sumA * d;
          turnsB += sumB * d;
          this.settle(B, j, i, t, d, Math.max(scratch[2]!, scratch[3]!));
        }
        i = j - 1;
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

  /**
   * dispatch()'s bands of cells lo..hi with attack faints, all in pairKernels.ts (dispatchBands()):
   * the faints and turns fainted and the dead in the scratch.
   */
  private dispatchBands(t: number, lo: number, hi: number) {
    const awake = this.awake;
    const danger = this.danger;
    scratchInts[24] = this.lastLength;
    scratch[8] = scratch[9] = scratch[10] = scratch[11] = 0;
    const seg = this.segment;
    K.dispatchBands(
      this.faintAttack.at,
      this.faintTurn.at,
      seg.at,
      this.chances.at,
      lo,
      hi,
      this.durAt,
      this.bandLowAt,
      this.limitIdx,
      t,
      this.ringSize,
      awake[0]!.at,
      awake[1]!.at - awake[0]!.at,
      this.awakeExtentsAt,
      danger[0]!.at,
      this.dangerExtentsAt,
      this.kernelTable.at,
      seg.p.length,
      0,
      this.f0,
      this.f1,
      DEPOSIT_CUT,
    );
    this.lastLength = scratchInts[24]!;
  }

  /**
   * Helpless heroes at cells lo..hi of `from` (cleared here), d - 1 calls to come: settle() of
   * starvation.ts, with spread() in pairKernels.ts.
   */
  private settle(from: PairRow, lo: number, hi: number, t: number, d: number, most: number) {
    const seg = from.p;
    if (most < 0) {
      K.sumMax(from.at, lo, hi + 1, 0);
      most = Math.max(scratch[2]!, scratch[3]!);
    }
    if (most === 0) return;
    const calls = d - 1;
    const wake = t + d;
    const kernel = this.kernels.get(calls, 0);
    const len = (this.lastLength = usefulLength(kernel, most, this.lastLength));
    const safeFrom = Math.max(lo, this.limitIdx + len - 1);
    if (safeFrom > lo) {
      const k = wake % this.ringSize;
      K.addNonzero(from.at, this.danger[k]!.at, this.dangerExtentsAt + 8 * k, lo, Math.min(hi + 1, safeFrom));
    }
    if (safeFrom <= hi) {
      const row = this.awake[wake % this.ringSize]!;
      // Blocks may run past hi while the row has room: the cells above hi hold zeros (settled already).
      const last = CF * (hi + 3) + LB < seg.length ? hi + 3 : hi;
      K.spread(from.at, safeFrom, hi, last, this.kernelTable.view[3 * calls]!, len, row.at);
      if (safeFrom - len + 1 < row.lo) row.lo = safeFrom - len + 1;
      if (hi > row.hi) row.hi = hi;
    }
    seg.fill(0, CF * lo, CF * hi + CF);
  }

  /** The seeds of iteration t, each in its own lane (settleSeed() of starvation.ts). */
  private settleSeeds(t: number) {
    const seg = this.segment.p;
    for (let lane = 0; lane < this.seeds.length; lane++) {
      const seed = this.seeds[lane]!;
      let lo = this.width;
      let hi = -1;
      let sum = 0;
      // The lane walk's one lane: lane b's seed is lane a's, already settled (its totals alike).
      const mirror = LB === 0 && lane === 1;
      for (let k = 0; k < seed.mass.length; k++) {
        const i = this.idx(seed.top - k);
        if (!mirror) seg[CF * i + lane]! += seed.mass[k]!;
        sum += seed.mass[k]!;
        lo = Math.min(lo, i);
        hi = Math.max(hi, i);
      }
      this.expectedFaints[lane]! += sum;
      this.expectedTurnsFainted[lane]! += sum * seed.dur;
      if (hi >= lo && !mirror) this.settle(this.segment, lo, hi, t, seed.dur, -1);
    }
  }

  /** Heroes awake at the start of iteration t, in both lanes (inject() of starvation.ts). */
  private injectAwake(t: number, m: WalkMass) {
    const here = this.awake[t % this.ringSize]!;
    for (let k = 0; k < m.mass.length; k++) {
      const x = m.mass[k]!;
      if (x !== 0) here.add(this.idx(m.top - k), x, x);
    }
  }

  private moveInto(from: PairRow, to: PairRow) {
    if (from.hi < from.lo) return;
    K.addRow(from.at, to.at, from.lo, from.hi + 1);
    if (from.lo < to.lo) to.lo = from.lo;
    if (from.hi > to.hi) to.hi = from.hi;
    from.p.fill(0, CF * Math.max(0, from.lo), CF * from.hi + CF);
    from.reset();
  }

  /** The combined attack kernels of cells lo..hi built (deterministic by cell: built in any order). */
  private buildAttackKernels(lo: number, hi: number) {
    if (hi < lo || (lo >= this.builtLo && hi <= this.builtHi)) return;
    const from = Math.min(lo, this.builtLo);
    const to = Math.max(hi, this.builtHi);
    for (let i = from; i <= to; i++) this.combined!.ensure(i);
    this.builtLo = from;
    this.builtHi = to;
  }

  /**
   * One iteration: the attacks of block t - 1, the turn call of block t, then ++multi. Run here for
   * the seeds' iteration only; the others as iterate() of pairKernels.ts does the same.
   */
  private iteration(t: number, seedIteration: number) {
    const here = this.awake[t % this.ringSize]!;
    const { q0, q1, chances, limitIdx } = this;
    if (this.combined) {
      this.buildAttackKernels(here.lo, here.hi);
      combinedAttacks(here, this.combined, this.faintAttack);
    } else twoPoint(here, q0, q1, chances, limitIdx, this.faintAttack); // one attack
    this.dieBoth(t - 1);
    this.helplessCalls(t);
    // ++multi: who stays awake after the turn call acts at the next prompt (added there at once),
    // with who wakes up now (settled faints already there, the danger row's after the dispatch).
    const next = this.awake[(t + 1) % this.ringSize]!;
    turnCall(here, q0, q1, chances, limitIdx, this.faintTurn, next);
    this.dieBoth(t);
    this.dispatch(t);
    if (t === seedIteration) this.settleSeeds(t);
    this.moveInto(this.danger[(t + 1) % this.ringSize]!, next);
  }

  /**
   * One iteration with no attacks (iteration() of starvation.ts as it is: the helpless calls, the
   * turn call, the faints, then ++multi: who wakes up now and who stays awake to the next prompt).
   */
  private quietIteration(t: number, seedIteration: number) {
    const here = this.awake[t % this.ringSize]!;
    const { chances, limitIdx } = this;
    if (this.faintedPmf.length === 2) this.helplessCalls(t);
    else {
      let deadA = 0;
      let deadB = 0;
      for (let w = t + 1; w <= t + this.ringSize - 1; w++) {
        const row = this.danger[w % this.ringSize]!;
        if (row.hi < row.lo) continue;
        threePoint(row, this.faintedPmf, chances, limitIdx, null);
        deadA += deadOut[0]!;
        deadB += deadOut[1]!;
      }
      this.die(0, t, deadA);
      this.die(1, t, deadB);
    }
    if (this.awakePmf.length === 2) twoPoint(here, this.q0, this.q1, chances, limitIdx, this.faintTurn);
    else threePoint(here, this.awakePmf, chances, limitIdx, this.faintTurn);
    this.dieBoth(t);
    this.dispatch(t);
    if (t === seedIteration) this.settleSeeds(t);
    const next = this.awake[(t + 1) % this.ringSize]!;
    this.moveInto(this.danger[(t + 1) % this.ringSize]!, next);
    this.moveInto(here, next);
  }

  /** The helpless calls (burning 0 or 1) of iteration t in every danger row, in pairKernels.ts. */
  private helplessCalls(t: number) {
    const danger = this.danger;
    K.helplessCalls(
      danger[0]!.at,
      danger[1]!.at - danger[0]!.at,
      this.dangerExtentsAt,
      this.ringSize,
      t + 1,
      this.ringSize - 1,
      this.chances.at,
      this.limitIdx,
      this.width,
      0,
      this.f0,
      this.f1,
      PRUNE,
    );
    this.die(0, t, scratch[0]!);
    this.die(1, t, scratch[1]!);
  }

  /** One lane's heroes still alive, in the awake rows they wake in or the danger rows they wait in. */
  private leftover(lane: number): WalkSnapshot {
    const alive = new Float64Array(this.width);
    for (const rows of [this.awake, this.danger])
      for (const row of rows) for (let i = row.lo; i <= row.hi; i++) alive[i]! += row.p[CF * i + lane * LB]!;
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

  /**
   * Iterations t.. (before `stop`, at most CHUNK) in pairKernels.ts (iterations()), with the walk's
   * totals: the deaths, dead, faints and turns fainted read back. Returns the first iteration not
   * run (t itself when the awake row's attack kernels are not all built).
   */
  private iterationsFrom(t: number, stop: number, planned: number[], ends: (LaneEnd | null)[]): number {
    const to = Math.min(stop, t + CHUNK);
    this.deathsUpTo(to);
    const ctx = new Int32Array(this.arena.buffer, CONTEXT_AT, CONTEXT_BYTES / 4);
    const ctxFloats = new Float64Array(this.arena.buffer, CONTEXT_AT, CONTEXT_BYTES / 8);
    const int = (field: keyof typeof CONTEXT, x: number) => void (ctx[CONTEXT[field] / 4] = x);
    const pair = (field: keyof typeof CONTEXT, xs: number[]) => ctxFloats.set(xs, CONTEXT[field] / 8);
    int('builtLo', Math.min(this.builtLo, this.width));
    int('builtHi', this.builtHi);
    int('deathsBase', t - 1);
    int('ended', (ends[0] ? 1 : 0) | (ends[1] ? 2 : 0));
    ctxFloats[CONTEXT.epsilon / 8] = WALK_EPSILON;
    pair('planned', planned);
    pair('dead', this.deadTotal);
    pair('faints', this.expectedFaints);
    pair('turns', this.expectedTurnsFainted);
    const chunk = this.deathChunk.view; // each iteration's cell cleared by iterations() at its start
    chunk[0] = this.deaths[0]![t - 1]!;
    chunk[1] = this.deaths[1]![t - 1]!;
    scratchInts[24] = this.lastLength;
    const reached = K.iterations(t, to, CONTEXT_AT, 0);
    this.lastLength = scratchInts[24]!;
    for (let lane = 0; lane < 2; lane++) {
      const deaths = this.deaths[lane]!;
      for (let u = t - 1; u < reached; u++) {
        const x = chunk[2 * (u - t + 1) + lane]!;
        deaths[u] = x;
        if (x !== 0 && u > this.deathTop[lane]!) this.deathTop[lane] = u;
      }
      this.deadTotal[lane] = ctxFloats[CONTEXT.dead / 8 + lane]!;
      this.expectedFaints[lane] = ctxFloats[CONTEXT.faints / 8 + lane]!;
      this.expectedTurnsFainted[lane] = ctxFloats[CONTEXT.turns / 8 + lane]!;
    }
    return reached;
  }

  run(seedIteration: number, iterations = WALK_MAX_TURNS): [WalkResult, WalkResult] {
    this.arena.enter();
    const sum = (m: WalkMass) => m.mass.reduce((a, x) => a + x, 0);
    const planned = this.awakeSeed ? [sum(this.awakeSeed), sum(this.awakeSeed)] : this.seeds.map(sum);
    const ends: (LaneEnd | null)[] = [null, null];
    let t = seedIteration;
    const stop = Math.min(WALK_MAX_TURNS, seedIteration + iterations);
    while (t < stop) {
      let next = t + 1;
      if (this.attacks === 0 || t === seedIteration) {
        this.deathsUpTo(t);
        if (t === seedIteration && this.awakeSeed) this.injectAwake(t, this.awakeSeed);
        if (this.attacks === 0) this.quietIteration(t, seedIteration);
        else this.iteration(t, seedIteration);
      } else {
        // Whole iterations in WebAssembly, back here when a lane stops or kernels are missing.
        next = this.iterationsFrom(t, stop, planned, ends);
        if (next === t) {
          // Kernels for a few cells more below (where the row grows), not to come back each iteration.
          const here = this.awake[t % this.ringSize]!;
          this.buildAttackKernels(Math.max(0, Math.min(here.lo, this.builtLo - KERNEL_MARGIN)), here.hi);
          continue;
        }
      }
      const done = next - 1;
      for (let lane = 0; lane < 2; lane++)
        if (!ends[lane] && planned[lane]! - this.deadTotal[lane]! < WALK_EPSILON)
          ends[lane] = { result: this.laneResult(lane, done, planned[lane]!) };
      if (ends[0] && ends[1]) {
        t = done;
        break;
      }
      t = next;
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
  const kind = primeKind(model);
  if (!PAIR.primed.has(kind)) prime(model, kind, PAIR);
  return new PairWalk(model, limit, seeds).run(seedIteration);
}

/**
 * runWalk() of heroes awake (already Fainting: nutrition top - k with probability mass[k]) at the
 * start of iteration `seedIteration`, snapshot none, to the end, in the pair walk (the same walk in
 * both lanes: its kernels run it faster than runWalk() alone). For the models of pairModel(); the
 * result as runWalk() gives it, but for the cuts of the file comment.
 */
export function runAwakeWalk(
  model: CallModel,
  limit: number,
  start: WalkMass,
  seedIteration: number,
  walk: 'lane' | 'pair' = 'lane',
): WalkResult {
  refuseIfCachedOnly();
  if (!pairModel(model)) throw new Error('runAwakeWalk: not a walk the pair walk can run');
  const layout = walk === 'lane' ? LANE : PAIR;
  const kind = primeKind(model);
  if (!layout.primed.has(kind)) prime(model, kind, layout);
  return new PairWalk(model, limit, [], start, layout).run(seedIteration)[0];
}

/**
 * runWalk() of one helpless seed (at `seedIteration`, snapshot none, to the end) in the lane walk:
 * what either lane of runWalkPair(model, limit, [seed, seed]) gives, to the last bit, in about half
 * its time. For the models and seeds of pairWalkable().
 */
export function runLaneWalk(model: CallModel, limit: number, seed: HelplessSeed, seedIteration: number): WalkResult {
  refuseIfCachedOnly();
  if (!pairWalkable(model, seed, seed)) throw new Error('runLaneWalk: not a walk it can run');
  const kind = primeKind(model);
  if (!LANE.primed.has(kind)) prime(model, kind, LANE);
  return new PairWalk(model, limit, [seed, seed], null, LANE).run(seedIteration)[0];
}

const primeKind = (model: CallModel) =>
  model.attacks >= 1 ? 'attacks' : `no attacks, ${model.awake[0]!.length} and ${model.fainted[0]!.length}`;

/**
 * Before the first pair walk of a thread: two tiny walks (one attack, then several) from either
 * side of a limit, for a few dozen iterations, so that every path of the code has run before the
 * JIT compiles it. A real walk first takes the paths near the limit thousands of iterations in;
 * compiled without them, its code was thrown away and rebuilt there, over and over (the first walk
 * took 2-3 times as long as the next). Well under a millisecond.
 */
function prime(model: CallModel, kind: string, layout: Layout): void {
  layout.primed.add(kind);
  const limit = -30;
  const seed = (top: number, mass: number[]): HelplessSeed => ({
    top,
    mass: Float64Array.from(mass),
    dur: faintTurns(top, model.version),
  });
  // Heroes well above the limit (every row above it), just above it (danger rows above it, cells
  // too small to keep at a row's edges) and on both sides of it.
  // The lane walk runs one seed: each of a pair's, in turn.
  const walkOf = (m: CallModel, seeds: [HelplessSeed, HelplessSeed]) => ({
    run: (t: number, n: number) => {
      if (layout === PAIR) return void new PairWalk(m, limit, seeds).run(t, n);
      for (const one of seeds) new PairWalk(m, limit, [one, one], null, LANE).run(t, n);
    },
  });
  const starts: [HelplessSeed, HelplessSeed][] = [
    [seed(-2, [1e-17, 0.5, 0.5, 1e-17]), seed(-9, [1])],
    [seed(-23, [1e-17, 0.5, 0.5, 1e-17]), seed(-27, [1])],
    [seed(-26, [0.25, 0.25, 0.25, 0.25]), seed(-31, [1])],
  ];
  // Every path is taken within 25 iterations (the seeds wake after 10 to 13); several attacks add
  // only their combined kernels, which know no limit.
  if (model.attacks === 0) {
    for (const seeds of starts) walkOf(model, seeds).run(1, 25);
    return;
  }
  for (const seeds of starts) walkOf({ ...model, attacks: 1 }, seeds).run(1, 25);
  walkOf({ ...model, attacks: 3 }, starts[2]!).run(1, 25);
}
