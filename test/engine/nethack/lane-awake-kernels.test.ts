// The lane walk's awake-side kernels (laneAwakeKernels.ts) against the pair kernels (pairKernels.ts)
// run with both lanes the same: every f64 the lane kernel writes (row cells, faint rows, the dead at
// $out, both halves) equals lane a of the pair kernel's, bit for bit, and every extent the same.
import { describe, expect, it } from 'vitest';
import { burnFlags, defaultProfile, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel, passChance } from '../../../src/engine/nethack/calls.ts';
import { AWAKE_FUNCTIONS, type LaneAwakeKernels } from '../../../src/engine/nethack/laneAwakeKernels.ts';
import { KernelMemory, type PairKernels } from '../../../src/engine/nethack/pairKernels.ts';
import { AttackKernels } from '../../../src/engine/nethack/starvation.ts';
import { kernelMemories } from '../../../src/engine/nethack/wasmText.ts';
import { seededRandom } from '../../helpers/seeded.ts';

const BYTES = 1 << 21;
/** Cells a row holds in the test's memories (the widest row, ROW_PAD and some). */
const CELLS = 240;
const MAX_WIDTH = 208;
const ROWS = 4;
const ROWS_AT = 65_536;
const PASS_AT = 16_384;
const OUT_AT = 1024;
const EXT_AT = 2048;
const STAY_AT = 200_000;
const FAINT_AT = 800_000;
const DEAD_AT = 1_400_000;

/** Both memories: the pair one (rows 16 bytes a cell, both lanes the same) and the lane one (8 bytes). */
class Scene {
  readonly pair = new KernelMemory(BYTES);
  readonly lane = kernelMemories<LaneAwakeKernels>(AWAKE_FUNCTIONS)(BYTES);
  readonly pf = new Float64Array(this.pair.buffer);
  readonly lf = new Float64Array(this.lane.buffer);
  readonly pb = new BigUint64Array(this.pair.buffer);
  readonly lb = new BigUint64Array(this.lane.buffer);
  readonly pi = new Int32Array(this.pair.buffer);
  readonly li = new Int32Array(this.lane.buffer);
  /** The pair kernels (combinedAttacks13 is exported by the module, not named in PairKernels). */
  get pk(): PairKernels & { combinedAttacks13(...args: number[]): void } {
    return this.pair.kernels as PairKernels & { combinedAttacks13(...args: number[]): void };
  }
  get lk(): LaneAwakeKernels {
    return this.lane.kernels;
  }
  clear() {
    this.pf.fill(0);
    this.lf.fill(0);
  }
  /** Row r's address in each memory. */
  pairRow = (r: number) => ROWS_AT + r * 16 * CELLS;
  laneRow = (r: number) => ROWS_AT + r * 8 * CELLS;
  setCell(r: number, j: number, x: number) {
    const a = (this.pairRow(r) >> 3) + 2 * j;
    this.pf[a] = x;
    this.pf[a + 1] = x;
    this.lf[(this.laneRow(r) >> 3) + j] = x;
  }
  /** The same f64 at byte address `at` of both memories. */
  setF64(at: number, x: number) {
    this.pf[at >> 3] = x;
    this.lf[at >> 3] = x;
  }
  setI32(at: number, x: number) {
    this.pi[at >> 2] = x;
    this.li[at >> 2] = x;
  }
  /** The dead at OUT_AT (both halves, in both). */
  setOut(x: number) {
    this.setF64(OUT_AT, x);
    this.setF64(OUT_AT + 8, x);
  }
  /** Every difference: row cells (lane a), the out's both halves, the extents. */
  differences(label: string): string[] {
    const out: string[] = [];
    for (let r = 0; r < ROWS; r++)
      for (let j = 0; j < CELLS; j++) {
        const a = this.pb[(this.pairRow(r) >> 3) + 2 * j]!;
        const b = this.lb[(this.laneRow(r) >> 3) + j]!;
        if (a !== b) {
          out.push(
            `${label}: row ${r} cell ${j}: pair ${this.pf[(this.pairRow(r) >> 3) + 2 * j]} lane ${this.lf[(this.laneRow(r) >> 3) + j]}`,
          );
          return out;
        }
      }
    const outA = this.pb[OUT_AT >> 3]!;
    for (const h of [0, 1])
      if (this.lb[(OUT_AT >> 3) + h] !== outA)
        out.push(`${label}: out half ${h}: pair ${this.pf[OUT_AT >> 3]} lane ${this.lf[(OUT_AT >> 3) + h]}`);
    for (let e = 0; e < 8; e++)
      if (this.pi[(EXT_AT >> 2) + e] !== this.li[(EXT_AT >> 2) + e])
        out.push(`${label}: extent int ${e}: pair ${this.pi[(EXT_AT >> 2) + e]} lane ${this.li[(EXT_AT >> 2) + e]}`);
    return out;
  }
}

const scene = new Scene();

/** Kernel `name` of both memories, called with `args` of each memory's row addresses (pairRow, laneRow). */
function callBoth(name: keyof LaneAwakeKernels, args: (row: (r: number) => number) => readonly number[]) {
  type Kernels = Record<keyof LaneAwakeKernels, (...a: number[]) => void>;
  (scene.pk as unknown as Kernels)[name](...args(scene.pairRow));
  (scene.lk as unknown as Kernels)[name](...args(scene.laneRow));
}

/** A random mass: mostly ordinary, some exact zeros, some tiny (near the prune cut). */
function mass(r: () => number): number {
  const u = r();
  if (u < 0.15) return 0;
  if (u < 0.3) return 10 ** (-20 + 5 * r());
  return r() * 10 ** (-6 * r());
}
const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** A row r with mass over [lo, hi] (zero elsewhere). */
function fillRow(r: () => number, row: number, lo: number, hi: number) {
  for (let j = lo; j <= hi; j++) scene.setCell(row, j, mass(r));
}

/** The pass chances: passChance() from a random bottom, or random chances with exact 0 and 1. */
function fillPass(r: () => number, width: number) {
  const real = r() < 0.5;
  const bottom = -int(r, 0, 300);
  for (let j = 0; j < CELLS; j++) {
    const u = r();
    scene.setF64(PASS_AT + 8 * j, real ? passChance(j + bottom, '5.0') : u < 0.1 ? 0 : u < 0.2 ? 1 : r());
  }
  void width;
}

/** q0, q1 (q0 + q1 <= 1), q2. */
function qs(r: () => number): [number, number, number] {
  const q0 = r();
  const q1 = (1 - q0) * r();
  return [q0, q1, (1 - q0 - q1) * r()];
}

/** A random range [from, to) of a row of `width` cells, odd and even ends, sometimes empty. */
function range(r: () => number, width: number): [number, number] {
  const from = r() < 0.15 ? 0 : int(r, 0, width - 1);
  const to = r() < 0.1 ? from : int(r, from, width);
  return [from, to];
}

/**
 * An awake call's scene: row 0 filled, `faint` faint rows below it filled from a random cell, then
 * (as the call reads them) the pass chances and the dead; returns the arguments every call ends
 * with: a range [from, to) and its qs (q0, q1 and, for a burn of 0 to 2, q2).
 */
function callScene(r: () => number, points: 2 | 3, faint: number, reads: { pass?: boolean; out?: boolean } = {}) {
  const width = int(r, 20, MAX_WIDTH);
  fillRow(r, 0, 0, width - 1);
  for (let row = 1; row <= faint; row++) fillRow(r, row, int(r, 0, width - 1), width - 1);
  if (reads.pass) fillPass(r, width);
  if (reads.out) scene.setOut(r() < 0.5 ? 0 : r());
  const [from, to] = range(r, width);
  return [from, to, ...qs(r).slice(0, points)];
}

const CASES = 300;

function run(label: string, one: (r: () => number, k: number) => void) {
  const out: string[] = [];
  for (let k = 0; k < CASES && out.length === 0; k++) {
    scene.clear();
    one(seededRandom(1000 * label.length + k), k);
    out.push(...scene.differences(`${label} case ${k}`));
  }
  expect(out).toEqual([]);
}

describe('lane awake kernels equal the pair kernels (lane a) to the last bit', () => {
  for (const points of [2, 3] as const) {
    const s = points === 3 ? '3' : '';
    it(`callPlain${s}`, () =>
      run(`callPlain${s}`, (r) => {
        const rest = callScene(r, points, 0);
        callBoth(`callPlain${s}`, (row) => [row(0), ...rest]);
      }));
    it(`callDie${s}`, () =>
      run(`callDie${s}`, (r) => {
        const rest = callScene(r, points, 0, { pass: true, out: true });
        callBoth(`callDie${s}`, (row) => [row(0), PASS_AT, OUT_AT, ...rest]);
      }));
    it(`callFaintDie${s}`, () =>
      run(`callFaintDie${s}`, (r) => {
        const rest = callScene(r, points, 1, { pass: true, out: true });
        callBoth(`callFaintDie${s}`, (row) => [row(0), row(1), PASS_AT, OUT_AT, ...rest]);
      }));
    it(`callFaintKeep${s}`, () =>
      run(`callFaintKeep${s}`, (r) => {
        const rest = callScene(r, points, 1, { pass: true });
        callBoth(`callFaintKeep${s}`, (row) => [row(0), row(1), PASS_AT, ...rest]);
      }));
    it(`callFaintInto${s}`, () =>
      run(`callFaintInto${s}`, (r) => {
        const rest = callScene(r, points, 2, { pass: true });
        callBoth(`callFaintInto${s}`, (row) => [row(0), row(1), row(2), PASS_AT, ...rest]);
      }));
  }

  for (const name of ['addRow', 'moveCells'] as const)
    it(name, () =>
      run(name, (r) => {
        const width = int(r, 20, MAX_WIDTH);
        fillRow(r, 0, int(r, 0, width - 1), width - 1);
        fillRow(r, 1, int(r, 0, width - 1), width - 1);
        const [from, to] = range(r, width);
        callBoth(name, (row) => [row(0), row(1), from, to]);
      }),
    );

  /** A row's extent at `at`: [lo, hi] with mass, the cells near both ends sometimes tiny; or empty. */
  function extentRow(r: () => number, row: number, at: number, width: number, emptyChance = 0.05): [number, number] {
    if (r() < emptyChance) {
      scene.setI32(at, width);
      scene.setI32(at + 4, -1);
      return [width, -1];
    }
    const lo = r() < 0.2 ? 0 : int(r, 0, width - 1);
    const hi = int(r, lo, width - 1);
    fillRow(r, row, lo, hi);
    // tiny cells at the ends (pruned)
    const ends = int(r, 0, 4);
    for (let k = 0; k < ends && lo + k <= hi; k++) if (r() < 0.6) scene.setCell(row, lo + k, 10 ** (-20 + 5 * r()));
    for (let k = 0; k < ends && hi - k >= lo; k++) if (r() < 0.6) scene.setCell(row, hi - k, 10 ** (-20 + 5 * r()));
    scene.setI32(at, lo);
    scene.setI32(at + 4, hi);
    return [lo, hi];
  }
  const PRUNE = 1e-17;
  /** A limit below, inside or above [lo, hi]. */
  const limitFor = (r: () => number, lo: number, hi: number, width: number) => {
    const u = r();
    return u < 0.2 ? int(r, 0, Math.max(0, lo)) : u < 0.4 ? int(r, Math.min(hi + 1, width), width) : int(r, lo, hi + 1);
  };

  it('prune', () =>
    run('prune', (r) => {
      const width = int(r, 20, MAX_WIDTH);
      extentRow(r, 0, EXT_AT, width);
      callBoth('prune', (row) => [row(0), EXT_AT, width, PRUNE]);
    }));

  /**
   * An attack or turn call's scene: row 0 (rarely empty) and rows 1 to `more` (often empty) with their
   * extents at EXT_AT + 8 row, the pass chances, the dead, a limit; the arguments both calls take
   * after the rows: the pass chances, limit, width, the out, q0 and q1.
   */
  function extentScene(r: () => number, more: number) {
    const width = int(r, 20, MAX_WIDTH);
    const [lo, hi] = extentRow(r, 0, EXT_AT, width, 0.03);
    for (let row = 1; row <= more; row++) extentRow(r, row, EXT_AT + 8 * row, width, 0.5);
    fillPass(r, width);
    scene.setOut(r());
    const limit = limitFor(r, lo, hi, width);
    const [q0, q1] = qs(r);
    return [PASS_AT, limit, width, OUT_AT, q0, q1] as const;
  }

  it('attackCall', () =>
    run('attackCall', (r) => {
      const rest = extentScene(r, 1);
      callBoth('attackCall', (row) => [row(0), EXT_AT, row(1), EXT_AT + 8, ...rest, PRUNE]);
    }));

  it('turnCall', () =>
    run('turnCall', (r) => {
      const rest = extentScene(r, 2);
      callBoth('turnCall', (row) => [row(0), EXT_AT, row(1), EXT_AT + 8, row(2), EXT_AT + 16, ...rest]);
    }));

  /** Attack kernels of a 5.0 hero (slow digestion) with `attacks` attacks, built over the width. */
  function realKernels(attacks: number, width: number, bottom: number, limitIdx: number): AttackKernels {
    const profile: BurnProfile = { ...defaultProfile('5.0'), slowDigestion: true };
    const model = buildCallModel(profile, burnFlags(profile), attacks);
    const pass = Float64Array.from({ length: width }, (_, j) => passChance(j + bottom, '5.0'));
    const grid = { scratch: new Float64Array(width), pass, limitIdx, width };
    const kernels = new AttackKernels(grid, model.awake[0]!, model.attacks);
    kernels.ensureRange(0, width - 1);
    return kernels;
  }
  /** Random tables of AttackKernels' layout: entry (i, j) at i stride + j, span entries then 3 zeros. */
  function randomKernels(r: () => number, span: number, width: number) {
    const stride = span + 3;
    const stay = new Float64Array(width * stride);
    const faint = new Float64Array(width * stride);
    for (let i = 0; i < width; i++)
      for (let j = 0; j < span; j++) {
        stay[i * stride + j] = r() < 0.1 ? 0 : r();
        faint[i * stride + j] = r() < 0.1 ? 0 : r() * 1e-3;
      }
    const dead = Float64Array.from({ length: width }, () => r());
    return { span, stride, stay, faint, dead };
  }
  function loadKernels(k: { stay: Float64Array; faint: Float64Array; dead: Float64Array }) {
    for (const [at, a] of [
      [STAY_AT, k.stay],
      [FAINT_AT, k.faint],
      [DEAD_AT, k.dead],
    ] as const)
      for (let n = 0; n < a.length; n++) scene.setF64(at + 8 * n, a[n]!);
  }

  const REAL = new Map<string, AttackKernels>();
  function combined(name: 'combinedAttacks' | 'combinedAttacks13', spanOf: (r: () => number) => number) {
    return (r: () => number) => {
      const width = int(r, 20, MAX_WIDTH);
      const span = spanOf(r);
      let k: { span: number; stride: number; stay: Float64Array; faint: Float64Array; dead: Float64Array };
      if (r() < 0.5 && span <= 13) {
        // real: attacks with a burn of 0 or 1 (span = attacks + 1), the grid's bottom and limit as a walk's
        const attacks = span - 1;
        const bottom = -[0, 40, 120, 200][int(r, 0, 3)]!;
        const limitIdx = int(r, 0, MAX_WIDTH);
        const key = `${attacks} ${bottom} ${limitIdx}`;
        let real = REAL.get(key);
        if (!real) REAL.set(key, (real = realKernels(attacks, MAX_WIDTH, bottom, limitIdx)));
        k = real;
      } else k = randomKernels(r, span, MAX_WIDTH);
      expect(k.span).toBe(span);
      loadKernels(k);
      const lo = r() < 0.3 ? int(r, 0, span) : int(r, 0, width - 1);
      const hi = r() < 0.1 ? lo - 1 : int(r, lo, width - 1);
      fillRow(r, 0, lo, hi);
      fillRow(r, 1, int(r, 0, width - 1), width - 1);
      scene.setOut(r());
      callBoth(name, (row) => [row(0), row(1), lo, hi, STAY_AT, FAINT_AT, DEAD_AT, span, k.stride, OUT_AT]);
    };
  }
  it('combinedAttacks13 (12 attacks)', () =>
    run(
      'combinedAttacks13',
      combined('combinedAttacks13', () => 13),
    ));
  it('combinedAttacks, spans 3 to 30', () =>
    run(
      'combinedAttacks',
      combined('combinedAttacks', (r) => int(r, 3, 30)),
    ));
});
