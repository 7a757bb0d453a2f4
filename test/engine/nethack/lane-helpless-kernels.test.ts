// The lane walk's helpless kernels (laneHelplessKernels.ts) against the pair kernels (pairKernels.ts)
// run with both lanes holding the same walk: every f64 they write (row cells, extents, the scratch's
// sums, maxima, dead, faints, kernel length) the same bits as lane a, on seeded random cases laid out
// as the pair walk lays them out (lane-helpless-layout.ts).
import { describe, expect, it } from 'vitest';
import { burnFlags, defaultProfile, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel } from '../../../src/engine/nethack/calls.ts';
import { laneHelplessMemories, type LaneHelplessKernels } from '../../../src/engine/nethack/laneHelplessKernels.ts';
import { KernelMemory, type PairKernels } from '../../../src/engine/nethack/pairKernels.ts';
import { DEPOSIT_CUT, PRUNE } from '../../../src/engine/nethack/starvation.ts';
import { starvationLimit } from '../../../src/engine/nethack/status.ts';
import { seededRandom } from '../../helpers/seeded.ts';
import {
  differences,
  layOut,
  layoutBytes,
  setCell,
  setExtent,
  walkOf,
  type Layout,
  type Walk,
} from './lane-helpless-layout.ts';

const SD: BurnProfile = { ...defaultProfile('5.0'), slowDigestion: true };
const PLAIN = defaultProfile('5.0');
const WALKS: Walk[] = [
  walkOf(buildCallModel(SD, burnFlags(SD), 2), starvationLimit(3, '5.0')),
  walkOf(buildCallModel(PLAIN, burnFlags(PLAIN), 1), starvationLimit(18, '5.0')),
  walkOf(buildCallModel(PLAIN, burnFlags(PLAIN), 6), starvationLimit(25, '5.0')),
];

type Rng = () => number;
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** A cell's mass: exact zeros, tiny values near the cuts (1e-20..1e-15), ordinary ones. */
function mass(r: Rng): number {
  const u = r();
  if (u < 0.15) return 0;
  if (u < 0.35) return 10 ** (-20 + 5 * r());
  return r() * 10 ** (-6 * r());
}

/** Cells lo..hi of a row given masses (the row's ends tiny or zero at times). */
function fillRow(l: Layout, r: Rng, row: number, lo: number, hi: number): void {
  for (let i = lo; i <= hi; i++) setCell(l, row, i, mass(r));
}

const bytes = Math.max(...WALKS.map(layoutBytes));
const pairMemory = new KernelMemory(bytes);
const laneMemory = laneHelplessMemories(bytes);
const P: PairKernels = pairMemory.kernels;
const L: LaneHelplessKernels = laneMemory.kernels;

/**
 * `cases` seeded cases: each lays out a walk in both memories, `scene` fills both alike (the same
 * random sequence) and returns the call for a layout; both run, and every byte is compared.
 */
function check(
  label: string,
  cases: number,
  scene: (l: Layout, w: Walk, r: Rng) => (k: PairKernels | LaneHelplessKernels) => number | undefined,
) {
  const found: string[] = [];
  for (let n = 0; n < cases && found.length === 0; n++) {
    const w = WALKS[n % WALKS.length]!;
    const pair = layOut(w, pairMemory.buffer, 16);
    const lane = layOut(w, laneMemory.buffer, 8);
    const runPair = scene(pair, w, seededRandom(1000 + n));
    const runLane = scene(lane, w, seededRandom(1000 + n));
    const a = runPair(P);
    const b = runLane(L);
    if (a !== b) found.push(`case ${n}: returned ${a} vs ${b}`);
    for (const d of differences(pair, lane)) found.push(`case ${n}: ${d}`);
  }
  expect(found, label).toEqual([]);
}

/** Random extents and contents for the awake and danger rings. */
function fillRings(l: Layout, w: Walk, r: Rng): void {
  for (const [rows, ext] of [
    [l.awake, l.ext],
    [l.danger, l.dangerExt],
  ] as const)
    rows.forEach((row, k) => {
      if (r() < 0.3) return;
      const lo = r() < 0.1 ? 0 : int(r, 0, w.width - 2);
      const hi = int(r, lo, Math.min(w.width - 1, lo + int(r, 0, 200)));
      fillRow(l, r, row, lo, hi);
      setExtent(l, ext + 8 * k, lo, hi);
    });
}

/** The scratch as the walk leaves it: faints and turns fainted, the dead, the last kernel length. */
function fillScratch(l: Layout, r: Rng): void {
  const f = new Float64Array(l.buffer, 0, 24);
  for (const at of [0, 1, 2, 3, 4, 5, 8, 9, 10, 11]) f[2 * at] = f[2 * at + 1] = r() < 0.3 ? 0 : r();
  new Int32Array(l.buffer, 0, 48)[24] = int(r, 0, 12);
}

/** Cells lo..hi inside the grid, lo >= `min`, narrow or wide, odd or even ends. */
function range(r: Rng, w: Walk, min = 0, wide = 200): [number, number] {
  const lo = r() < 0.1 ? min : int(r, min, w.width - 1);
  return [lo, int(r, lo, Math.min(w.width - 1, lo + int(r, 0, wide)))];
}

/** A limit below, inside or above [lo, hi]. */
function limitFor(r: Rng, w: Walk, lo: number, hi: number): number {
  const u = r();
  if (u < 0.2) return w.limit;
  if (u < 0.4) return int(r, 0, lo);
  if (u < 0.8) return int(r, lo, hi + 1);
  return int(r, hi + 1, w.width);
}

describe('the lane helpless kernels equal lane a of the pair kernels, bit for bit', () => {
  it('sumMax', () =>
    check('sumMax', 300, (l, w, r) => {
      fillScratch(l, r);
      const [lo, hi] = range(r, w);
      fillRow(l, r, l.seg, lo, hi);
      const from = int(r, lo, hi + 1);
      const to = int(r, from, hi + 1);
      return (k) => void k.sumMax(l.seg, from, to, 32);
    }));

  it('addNonzero', () =>
    check('addNonzero', 300, (l, w, r) => {
      fillRings(l, w, r);
      const [lo, hi] = range(r, w);
      fillRow(l, r, l.seg, lo, hi);
      const k = int(r, 0, w.ring - 1);
      const from = int(r, lo, hi + 1);
      const to = int(r, from, hi + 1);
      return (K) => void K.addNonzero(l.seg, l.danger[k]!, l.dangerExt + 8 * k, from, to);
    }));

  it('spread (every kernel length, blocks and single cells)', () =>
    check('spread', 400, (l, w, r) => {
      fillRings(l, w, r);
      const calls = int(r, 0, w.longest - 1);
      const kernel = w.kernels[calls]!;
      const len = int(r, 1, kernel.length);
      const [lo, hi] = range(r, w, len - 1, 60);
      fillRow(l, r, l.seg, lo, hi);
      const last = hi + 3 < w.width + 8 && r() < 0.7 ? hi + 3 : hi;
      const kp = new Int32Array(l.buffer, l.kernels, 3 * w.longest)[3 * calls]!;
      const k = int(r, 0, w.ring - 1);
      return (K) => void K.spread(l.seg, lo, hi, last, kp, len, l.awake[k]!);
    }));

  it('nearFaints', () =>
    check('nearFaints', 300, (l, w, r) => {
      fillScratch(l, r);
      const [lo, hi] = range(r, w, 0, 40);
      fillRow(l, r, l.attack, lo, hi);
      fillRow(l, r, l.turn, lo, hi);
      if (r() < 0.5) fillRow(l, r, l.seg, Math.max(0, lo - 1), hi);
      const from = int(r, lo, hi + 1);
      const to = int(r, from, hi + 1);
      const limit = limitFor(r, w, from, to);
      return (K) => void K.nearFaints(l.attack, l.turn, l.seg, l.pass, from, to, limit, 0, w.f0, w.f1);
    }));

  it('helplessCalls (20 to 30 danger rows, the floor cell, limits below, inside and above)', () =>
    check('helplessCalls', 400, (l, w, r) => {
      fillScratch(l, r);
      fillRings(l, w, r);
      const from = int(r, 0, 5000);
      const count = int(r, 1, w.ring - 1);
      const limit = r() < 0.5 ? w.limit : int(r, 0, w.width);
      const [q0, q1] = r() < 0.6 ? [w.f0, w.f1] : [w.q0, w.q1];
      return (K) =>
        void K.helplessCalls(
          l.danger[0]!,
          l.rowBytes,
          l.dangerExt,
          l.ring,
          from,
          count,
          l.pass,
          limit,
          l.width,
          0,
          q0,
          q1,
          PRUNE,
        );
    }));

  /** The rings and the fainted calls' kernels as settleBand and dispatchBands take them ($out at 0). */
  const rings = (l: Layout) =>
    [l.ring, l.awake[0]!, l.rowBytes, l.ext, l.danger[0]!, l.dangerExt, l.kernels, l.segLen, 0] as const;

  it('settleBand (m given or found; cells in danger, awake, or both)', () =>
    check('settleBand', 400, (l, w, r) => {
      fillScratch(l, r);
      fillRings(l, w, r);
      const [lo, hi] = range(r, w, 0, 30);
      fillRow(l, r, l.seg, lo, hi);
      const d = w.dur[hi]!;
      const t = int(r, 0, w.ring - 1);
      const limit = r() < 0.5 ? w.limit : limitFor(r, w, lo, hi);
      const seg = new Float64Array(l.buffer, l.seg, l.cellBytes === 16 ? 2 * w.width : w.width);
      let most = 0;
      for (let i = lo; i <= hi; i++) most = Math.max(most, seg[(l.cellBytes / 8) * i]!);
      const m = r() < 0.5 ? -1 : most;
      return (K) => void K.settleBand(l.seg, lo, hi, t, d, limit, m, ...rings(l), DEPOSIT_CUT);
    }));

  /**
   * The faint rows as dispatch() finds them: attack faints over [lo, hi], turn faints maybe; returns
   * the arguments farBands and dispatchBands take for them (lo, hi, durations, band starts, limit, t).
   */
  const faints = (l: Layout, w: Walk, r: Rng) => {
    fillScratch(l, r);
    fillRings(l, w, r);
    const [alo, ahi] = range(r, w, 1, 120);
    fillRow(l, r, l.attack, alo, ahi);
    setExtent(l, l.attackExt, alo, ahi);
    let [lo, hi] = [alo, ahi];
    if (r() < 0.7) {
      const [blo, bhi] = range(r, w, 1, 120);
      fillRow(l, r, l.turn, blo, bhi);
      setExtent(l, l.turnExt, blo, bhi);
      [lo, hi] = [Math.min(alo, blo), Math.max(ahi, bhi)];
    }
    const limit = r() < 0.6 ? w.limit : limitFor(r, w, lo, hi);
    // the segment is empty between dispatches; not always here (a band's cell below it is read)
    if (r() < 0.3) fillRow(l, r, l.seg, Math.max(0, lo - 1), hi);
    return [lo, hi, l.dur, l.band, limit, int(r, 1, 3000)] as const;
  };

  it('farBands', () =>
    check('farBands', 400, (l, w, r) => {
      const bands = faints(l, w, r);
      return (K) =>
        K.farBands(
          l.attack,
          l.turn,
          l.seg,
          ...bands,
          l.ring,
          l.awake[0]!,
          l.rowBytes,
          l.kernels,
          l.ext,
          l.segLen,
          0,
          w.f0,
          w.f1,
          DEPOSIT_CUT,
        );
    }));

  it('dispatchBands', () =>
    check('dispatchBands', 400, (l, w, r) => {
      const bands = faints(l, w, r);
      return (K) =>
        void K.dispatchBands(l.attack, l.turn, l.seg, l.pass, ...bands, ...rings(l), w.f0, w.f1, DEPOSIT_CUT);
    }));
});
