// A pair walk's memory and a lane walk's laid out alike (as pairWalk.ts's PairWalk constructor does):
// the kernels' scratch (192 bytes, $out = 0), the pass chances, durations, band starts, the fainted
// calls' kernel table and kernels (starvation.ts Kernels: padded, tail, length), the extents of every
// row, then the rows (the awake ring, the danger ring, the attack and turn faint rows, the segment),
// 16 bytes a cell in the pair memory, 8 in the lane one. The rows are filled alike (lane a = lane b =
// the lane's cell), and compared lane a against the lane's cell, the rest byte by byte.
import { faintTurns, passChance, type CallModel } from '../../../src/engine/nethack/calls.ts';
import { Kernels, ROW_PAD, starvationFloor } from '../../../src/engine/nethack/starvation.ts';

export const SCRATCH = 192;

export interface Walk {
  readonly width: number;
  readonly hBottom: number;
  readonly limit: number;
  readonly ring: number;
  readonly longest: number;
  readonly dur: Int32Array;
  readonly bandLow: Int32Array;
  readonly pass: Float64Array;
  readonly kernels: { padded: Float64Array; tail: Float64Array; length: number }[];
  readonly f0: number;
  readonly f1: number;
  readonly q0: number;
  readonly q1: number;
}

/** The walk's constants as PairWalk's constructor computes them (no seeds: the lowest nutrition is `limit`). */
export function walkOf(model: CallModel, limit: number): Walk {
  const hBottom = starvationFloor(model, limit);
  const width = 1 - hBottom;
  const dur = Int32Array.from({ length: width }, (_, i) => faintTurns(i + hBottom, model.version));
  const ring = dur[0]! + 2;
  const longest = dur[0]!;
  const bandLow = new Int32Array(width);
  for (let i = 1; i < width; i++) bandLow[i] = dur[i] === dur[i - 1] ? bandLow[i - 1]! : i;
  const pass = Float64Array.from({ length: width }, (_, i) => passChance(i + hBottom, model.version));
  const k = new Kernels(model);
  const kernels = Array.from({ length: longest }, (_, calls) => {
    const kernel = k.get(calls, 0);
    return { padded: kernel.padded, tail: kernel.tail, length: kernel.p.length };
  });
  return {
    width,
    hBottom,
    limit: limit - hBottom,
    ring,
    longest,
    dur,
    bandLow,
    pass,
    kernels,
    f0: model.fainted[0]![0]!,
    f1: model.fainted[0]![1]!,
    q0: model.awake[0]![0]!,
    q1: model.awake[0]![1]!,
  };
}

/** Addresses of one memory's arrays (the same in both but for the rows). */
export interface Layout {
  readonly cellBytes: 8 | 16;
  readonly buffer: ArrayBuffer;
  readonly bytes: number;
  readonly width: number;
  readonly ring: number;
  readonly pass: number;
  readonly dur: number;
  readonly band: number;
  readonly kernels: number;
  readonly ext: number;
  readonly dangerExt: number;
  readonly attackExt: number;
  readonly turnExt: number;
  readonly segExt: number;
  /** Row addresses: awake[k], danger[k], attack, turn, seg. */
  readonly awake: number[];
  readonly danger: number[];
  readonly attack: number;
  readonly turn: number;
  readonly seg: number;
  readonly rowBytes: number;
  /** The segment's length: in float64s (pair) or cells (lane), as each kernel takes it. */
  readonly segLen: number;
  /** Every row's address (for the comparison). */
  readonly rows: number[];
  readonly rowsStart: number;
}

const align = (n: number) => Math.ceil(n / 16) * 16;

/** The byte size a layout of this walk needs (rows of 16 bytes a cell: enough for both). */
export function layoutBytes(w: Walk): number {
  let bytes = SCRATCH + 3 * align(8 * w.width) + align(12 * w.longest);
  for (const k of w.kernels) bytes += align(8 * k.padded.length) + align(8 * k.tail.length);
  const rows = 2 * w.ring + 3;
  bytes += align(8 * rows) + rows * align(16 * (w.width + ROW_PAD));
  return bytes + 64;
}

/** Lays the walk out in `buffer` (zeroed first): its constant arrays written, every row empty. */
export function layOut(w: Walk, buffer: ArrayBuffer, cellBytes: 8 | 16): Layout {
  const bytes = layoutBytes(w);
  new Uint8Array(buffer, 0, bytes).fill(0);
  let top = SCRATCH;
  const take = (n: number) => {
    const at = top;
    top += align(n);
    return at;
  };
  const pass = take(8 * w.width);
  new Float64Array(buffer, pass, w.width).set(w.pass);
  const dur = take(4 * w.width);
  new Int32Array(buffer, dur, w.width).set(w.dur);
  const band = take(4 * w.width);
  new Int32Array(buffer, band, w.width).set(w.bandLow);
  const kernels = take(12 * w.longest);
  const table = new Int32Array(buffer, kernels, 3 * w.longest);
  w.kernels.forEach((k, calls) => {
    const padded = take(8 * k.padded.length);
    new Float64Array(buffer, padded, k.padded.length).set(k.padded);
    const tail = take(8 * k.tail.length);
    new Float64Array(buffer, tail, k.tail.length).set(k.tail);
    table.set([padded, tail, k.length], 3 * calls);
  });
  const count = 2 * w.ring + 3;
  const extents = take(8 * count);
  const ends = new Int32Array(buffer, extents, 2 * count);
  for (let r = 0; r < count; r++) ends.set([w.width, -1], 2 * r);
  const rowsStart = top;
  const rowBytes = align(cellBytes * (w.width + ROW_PAD));
  const rows = Array.from({ length: count }, () => take(rowBytes));
  if (top > bytes) throw new Error('layout: too small');
  return {
    cellBytes,
    buffer,
    bytes: top,
    width: w.width,
    ring: w.ring,
    pass,
    dur,
    band,
    kernels,
    ext: extents,
    dangerExt: extents + 8 * w.ring,
    attackExt: extents + 8 * 2 * w.ring,
    turnExt: extents + 8 * (2 * w.ring + 1),
    segExt: extents + 8 * (2 * w.ring + 2),
    awake: rows.slice(0, w.ring),
    danger: rows.slice(w.ring, 2 * w.ring),
    attack: rows[2 * w.ring]!,
    turn: rows[2 * w.ring + 1]!,
    seg: rows[2 * w.ring + 2]!,
    rowBytes,
    segLen: cellBytes === 16 ? 2 * (w.width + ROW_PAD) : w.width + ROW_PAD,
    rows,
    rowsStart,
  };
}

/** Cell i of the row at `row` set to x (both lanes of a pair cell). */
export function setCell(l: Layout, row: number, i: number, x: number): void {
  const f = new Float64Array(l.buffer);
  if (l.cellBytes === 16) f[(row + 16 * i) / 8] = f[(row + 16 * i) / 8 + 1] = x;
  else f[(row + 8 * i) / 8] = x;
}

/** The extent (lo, hi) at `e` set. */
export function setExtent(l: Layout, e: number, lo: number, hi: number): void {
  new Int32Array(l.buffer).set([lo, hi], e / 4);
}

/**
 * Every difference between the pair memory and the lane memory: each row cell (lane a of the pair
 * cell against the lane's cell, bit for bit; lane b must equal lane a), everything else byte by byte.
 */
export function differences(pair: Layout, lane: Layout, max = 10): string[] {
  const out: string[] = [];
  const pb = new Uint8Array(pair.buffer);
  const lb = new Uint8Array(lane.buffer);
  for (let i = 0; i < pair.rowsStart && out.length < max; i++)
    if (pb[i] !== lb[i]) out.push(`byte ${i} (${region(pair, i)}): ${pb[i]} vs ${lb[i]}`);
  const pu = new BigUint64Array(pair.buffer);
  const lu = new BigUint64Array(lane.buffer);
  const pf = new Float64Array(pair.buffer);
  const lf = new Float64Array(lane.buffer);
  for (let r = 0; r < pair.rows.length && out.length < max; r++)
    for (let i = 0; i < pair.width + ROW_PAD && out.length < max; i++) {
      const a = (pair.rows[r]! + 16 * i) / 8;
      const b = (lane.rows[r]! + 8 * i) / 8;
      if (pu[a] !== lu[b]) out.push(`row ${r} cell ${i}: ${pf[a]} vs ${lf[b]}`);
      if (pu[a] !== pu[a + 1]) out.push(`row ${r} cell ${i}: pair lanes differ ${pf[a]} ${pf[a + 1]}`);
    }
  return out;
}

function region(l: Layout, i: number): string {
  if (i < SCRATCH) return `scratch +${i}`;
  if (i >= l.ext && i < l.rowsStart) return `extent ${Math.floor((i - l.ext) / 8)}`;
  return 'arrays';
}
