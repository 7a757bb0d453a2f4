// The awake side of the pair walk's kernels (pairKernels.ts) for the lane walk: one walk, a row being
// plain f64 cells (a row's cell j at row + 8 j), a vector covering two adjacent cells. Every function
// keeps its pair name and parameter list; each value written is the one of lane a of the pair kernel
// run with both lanes the same, to the last bit: each cell's value comes from the same IEEE operations
// in the same order (a vector's lanes are two cells, each doing its own cell's operations), and what is
// summed along cells (the dead) is one sequential chain in the pair kernel's cell order. Where the pair
// kernel writes an f64x2 result (the dead), the single value is written to both halves.
//
// Ranges of cells are half-open [from, to): two cells a vector while two are left, then the odd last
// one as scalar code. Reads may go one cell past a range (rows carry ROW_PAD zero cells past their top).
import { type AwakeCallCell, awakeCalls, FIRST_CELL_EXTENT } from './pairKernels.ts';
import { atFrom, f64, i32, PRUNE_ROW, SWAP, v128 } from './laneText.ts';
import type { WasmFunction } from './wasmText.ts';

/**
 * The cells from..to - 1: `pair` for cells (from, from + 1) while two are left (each pointer then
 * steps two cells), then `single` for the odd last one.
 */
function eachPair(pointers: string[], pair: string, single: string): string {
  const steps = pointers.map((p) => `local.get ${p} i32.const 16 i32.add local.set ${p}`).join('\n');
  return `
    block $pairsDone
      local.get $from i32.const 1 i32.add local.get $to i32.ge_s br_if $pairsDone
      loop $pairs
        ${pair}
        ${steps}
        local.get $from i32.const 2 i32.add local.tee $from
        i32.const 1 i32.add local.get $to i32.lt_s br_if $pairs
      end
    end
    local.get $from local.get $to i32.lt_s
    if
      ${single}
    end`;
}

/**
 * The call of two cells: $y = p[j] q0 + p[j + 1] q1 (+ p[j + 2] q2 with three points), then $o =
 * $y x pass[j] (who passes the roll); vector forms (Q0.., $y, $o) and scalar ones ($q0.., $ys, $os).
 */
const callV = (points: number) => `
  local.get $p v128.load local.get $Q0 f64x2.mul
  local.get $p v128.load offset=8 local.get $Q1 f64x2.mul
  f64x2.add${points === 3 ? ' local.get $p v128.load offset=16 local.get $Q2 f64x2.mul f64x2.add' : ''} local.set $y`;
const callS = (points: number) => `
  local.get $p f64.load local.get $q0 f64.mul
  local.get $p f64.load offset=8 local.get $q1 f64.mul
  f64.add${points === 3 ? ' local.get $p f64.load offset=16 local.get $q2 f64.mul f64.add' : ''} local.set $ys`;
const rollV = (points: number) => `${callV(points)}
  local.get $y local.get $pass v128.load f64x2.mul local.set $o`;
const rollS = (points: number) => `${callS(points)}
  local.get $ys local.get $pass f64.load f64.mul local.set $os`;
/** faints[j] += $o */
const FAINT_V = 'local.get $f local.get $f v128.load local.get $o f64x2.add v128.store';
const FAINT_S = 'local.get $f local.get $f f64.load local.get $os f64.add f64.store';
/** $dead += $y - $o, cell j then cell j + 1 */
const DIE_V = `local.get $y local.get $o f64x2.sub local.set $d
  local.get $dead local.get $d f64x2.extract_lane 0 f64.add local.get $d f64x2.extract_lane 1 f64.add local.set $dead`;
const DIE_S = 'local.get $dead local.get $ys local.get $os f64.sub f64.add local.set $dead';
/** p[j] = 0 */
const CLEAR_V = 'local.get $p local.get $zero v128.store';
const CLEAR_S = 'local.get $p f64.const 0 f64.store';

const DEAD_IN = `${atFrom('$pass')} local.get $out f64.load local.set $dead`;
const DEAD_OUT = 'local.get $out local.get $dead f64x2.splat v128.store';

/**
 * The calls of a row for a burn of 0 or 1 (names as in pairKernels.ts, parameters q0, q1) or of 0, 1
 * or 2 (`points` 3: names ending in 3, parameters q0, q1, q2).
 */
function callFunctions(points: 2 | 3): WasmFunction[] {
  const suffix = points === 3 ? '3' : '';
  const qs = points === 3 ? ['$q0', '$q1', '$q2'] : ['$q0', '$q1'];
  const params: [string, 'i32' | 'f64'][] = [...i32('$from', '$to'), ...qs.map((q): [string, 'f64'] => [q, 'f64'])];
  const locals = [
    ...v128(...qs.map((q) => q.replace('$q', '$Q')), '$y', '$o', '$d', '$zero'),
    ...f64('$ys', '$os', '$dead'),
  ];
  const start = `${qs.map((q) => `local.get ${q} f64x2.splat local.set ${q.replace('$q', '$Q')}`).join(' ')} ${atFrom('$p')}`;
  const ROLL_V = rollV(points);
  const ROLL_S = rollS(points);
  return [
    {
      // A call with no roll that can kill (above the limit), no faints: p[j] = p[j] q0 + p[j + 1] q1
      // (ascending: cells j, j + 1 read j + 2 before it is written).
      name: `callPlain${suffix}`,
      params: [...i32('$p'), ...params],
      locals,
      body: `${start} ${eachPair(
        ['$p'],
        `${callV(points)} local.get $p local.get $y v128.store`,
        `${callS(points)} local.get $p local.get $ys f64.store`,
      )}`,
    },
    {
      // A helpless call below the limit: those who pass the roll stay (p[j] = $o), the rest die
      // (added to the dead at $out).
      name: `callDie${suffix}`,
      params: [...i32('$p', '$pass', '$out'), ...params],
      locals,
      body: `${start} ${DEAD_IN}
        ${eachPair(
          ['$p', '$pass'],
          `${ROLL_V} ${DIE_V} local.get $p local.get $o v128.store`,
          `${ROLL_S} ${DIE_S} local.get $p local.get $os f64.store`,
        )} ${DEAD_OUT}`,
    },
    {
      // An awake call below the limit: who passes the roll faints (into faints $f), the rest die.
      name: `callFaintDie${suffix}`,
      params: [...i32('$p', '$f', '$pass', '$out'), ...params],
      locals,
      body: `${start} ${atFrom('$f')} ${DEAD_IN}
        ${eachPair(
          ['$p', '$f', '$pass'],
          `${ROLL_V} ${FAINT_V} ${DIE_V} ${CLEAR_V}`,
          `${ROLL_S} ${FAINT_S} ${DIE_S} ${CLEAR_S}`,
        )} ${DEAD_OUT}`,
    },
    {
      // An awake call above the limit: who passes the roll faints, the rest stay (p[j] = $y - $o).
      name: `callFaintKeep${suffix}`,
      params: [...i32('$p', '$f', '$pass'), ...params],
      locals,
      body: `${start} ${atFrom('$f')} ${atFrom('$pass')}
        ${eachPair(
          ['$p', '$f', '$pass'],
          `${ROLL_V} ${FAINT_V} local.get $p local.get $y local.get $o f64x2.sub v128.store`,
          `${ROLL_S} ${FAINT_S} local.get $p local.get $ys local.get $os f64.sub f64.store`,
        )}`,
    },
    {
      // The turn call above the limit: who passes faints, the rest go to the next prompt's row $n.
      name: `callFaintInto${suffix}`,
      params: [...i32('$p', '$f', '$n', '$pass'), ...params],
      locals,
      body: `${start} ${atFrom('$f')} ${atFrom('$n')} ${atFrom('$pass')}
        ${eachPair(
          ['$p', '$f', '$n', '$pass'],
          `${ROLL_V} ${FAINT_V} ${CLEAR_V}
           local.get $n local.get $n v128.load local.get $y local.get $o f64x2.sub f64x2.add v128.store`,
          `${ROLL_S} ${FAINT_S} ${CLEAR_S}
           local.get $n local.get $n f64.load local.get $ys local.get $os f64.sub f64.add f64.store`,
        )}`,
    },
  ];
}

/** The spans whose combinedAttacks() has its blocks unrolled (as pairKernels.ts UNROLLED_SPANS). */
export const LANE_UNROLLED_SPANS: readonly number[] = [13];

/**
 * The block part of combinedAttacks() for the cells i..i + 3 (f64 $a0..$a3, splat in $v0..$v3; at $x
 * in the row, already cleared): outputs i - j for -3 <= j < span, two a vector, lanes (i - j,
 * i - j - 1) swapped for the store. The outputs above i (j < 0) read the zeros padding each cell's
 * entries (x 0 + y is y): their sums are the pair kernel's sums of their nonzero terms, in the same
 * order (((a0 k0 + a1 k1) + a2 k2) + a3 k3, added to the old cell). Generic (`span` undefined: a loop)
 * or for one span (unrolled: every entry at a constant offset from one address a block).
 */
function laneBlockEntries(span?: number): string {
  const kernels = [
    ['$stay', '$p'],
    ['$faint', '$f'],
  ] as const;
  if (!span)
    return `
          ;; entry offsets in bytes of entry j = -3: s0 = 8 i stride - 24, s(m+1) = s(m) + 8 (stride + 1)
          local.get $i local.get $stride i32.mul i32.const 3 i32.shl i32.const 24 i32.sub local.set $s0
          local.get $s0 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $s1
          local.get $s1 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $s2
          local.get $s2 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $s3
          ;; the outputs (i - j - 1, i - j) at $ws, $wf (rows p, f): cells i + 2, i + 3 first
          local.get $x i32.const 16 i32.add local.set $ws
          local.get $f local.get $x i32.add local.get $p i32.sub i32.const 16 i32.add local.set $wf
          i32.const -3 local.set $j
          block $pairsDone
            loop $pairs
              local.get $j i32.const 1 i32.add local.get $span i32.ge_s br_if $pairsDone
${kernels
  .map(([k, r]) => {
    const w = r === '$p' ? '$ws' : '$wf';
    const e = (s: string) => `local.get ${k} local.get ${s} i32.add v128.load`;
    return `              local.get ${w} local.get ${w} v128.load
                local.get $v0 ${e('$s0')} f64x2.mul
                local.get $v1 ${e('$s1')} f64x2.mul f64x2.add
                local.get $v2 ${e('$s2')} f64x2.mul f64x2.add
                local.get $v3 ${e('$s3')} f64x2.mul f64x2.add
                local.tee $u local.get $u ${SWAP}
              f64x2.add v128.store`;
  })
  .join('\n')}
              ${['$s0', '$s1', '$s2', '$s3'].map((s) => `local.get ${s} i32.const 16 i32.add local.set ${s}`).join(' ')}
              local.get $ws i32.const 16 i32.sub local.set $ws
              local.get $wf i32.const 16 i32.sub local.set $wf
              local.get $j i32.const 2 i32.add local.set $j
              br $pairs
            end
          end
          ;; the last one (an even span): output i - j at $ws + 8
          local.get $j local.get $span i32.lt_s
          if
${kernels
  .map(([k, r]) => {
    const w = r === '$p' ? '$ws' : '$wf';
    const e = (s: string) => `local.get ${k} local.get ${s} i32.add f64.load`;
    return `            local.get ${w} local.get ${w} f64.load offset=8
              local.get $a0 ${e('$s0')} f64.mul
              local.get $a1 ${e('$s1')} f64.mul f64.add
              local.get $a2 ${e('$s2')} f64.mul f64.add
              local.get $a3 ${e('$s3')} f64.mul f64.add
            f64.add f64.store offset=8`;
  })
  .join('\n')}
          end
`;
  const stride = span + 3; // AttackKernels: span + BLOCK - 1
  const outputs = span + 3; // j = -3 .. span - 1
  const pairs = Math.floor(outputs / 2);
  // From $ks, $kf (the kernels at 8 i stride - 24): cell i + m's entry j + m at 8 (m (stride + 1) + j + 3).
  // From $ws, $wf (the rows at cell i - span + 1): output i - j at 8 (span - 1 - j).
  const entry = (m: number, j: number) => 8 * (m * (stride + 1) + j + 3);
  const at = (j: number) => 8 * (span - 1 - j);
  const rows = [
    ['$stay', '$p', '$ks', '$ws'],
    ['$faint', '$f', '$kf', '$wf'],
  ] as const;
  const vectorOut = (k: string, w: string, j: number) =>
    `local.get ${w} local.get ${w} v128.load offset=${at(j + 1)}
              local.get $v0 local.get ${k} v128.load offset=${entry(0, j)} f64x2.mul
              local.get $v1 local.get ${k} v128.load offset=${entry(1, j)} f64x2.mul f64x2.add
              local.get $v2 local.get ${k} v128.load offset=${entry(2, j)} f64x2.mul f64x2.add
              local.get $v3 local.get ${k} v128.load offset=${entry(3, j)} f64x2.mul f64x2.add
              local.tee $u local.get $u ${SWAP}
            f64x2.add v128.store offset=${at(j + 1)}`;
  const scalarOut = (k: string, w: string, j: number) =>
    `local.get ${w} local.get ${w} f64.load offset=${at(j)}
              local.get $a0 local.get ${k} f64.load offset=${entry(0, j)} f64.mul
              local.get $a1 local.get ${k} f64.load offset=${entry(1, j)} f64.mul f64.add
              local.get $a2 local.get ${k} f64.load offset=${entry(2, j)} f64.mul f64.add
              local.get $a3 local.get ${k} f64.load offset=${entry(3, j)} f64.mul f64.add
            f64.add f64.store offset=${at(j)}`;
  return `
          local.get $i i32.const ${8 * stride} i32.mul i32.const 24 i32.sub local.set $s0
          ${rows
            .map(
              ([kernel, row, k, w]) => `
          local.get ${kernel} local.get $s0 i32.add local.set ${k}
          local.get ${row} local.get $x i32.add local.get $p i32.sub i32.const ${8 * (span - 1)} i32.sub local.set ${w}`,
            )
            .join('')}
          ;; outputs (i - j, i - j - 1) for j = -3, -1, ..., two a vector
          ${Array.from({ length: pairs }, (_, n) =>
            rows.map(([, , k, w]) => vectorOut(k, w, -3 + 2 * n)).join('\n'),
          ).join('\n')}
          ${outputs % 2 === 1 ? rows.map(([, , k, w]) => scalarOut(k, w, span - 1)).join('\n') : ''}
`;
}

/** combinedAttacks()'s cell i one at a time: read into $a0 (splat in $v0) and cleared; $s0 its kernels' row. */
const TAKE_CELL = `
          local.get $p local.get $i i32.const 3 i32.shl i32.add local.tee $x f64.load local.tee $a0 f64x2.splat
          local.set $v0
          local.get $x f64.const 0 f64.store
          local.get $i local.get $stride i32.mul i32.const 3 i32.shl local.set $s0`;
/** Outputs (i - j - 1, i - j) at $ws, $wf (stay, faint) added to, a vector each; $ws, $wf, $s0 a pair on. */
const ADD_PAIR = `
              local.get $ws local.get $ws v128.load
                local.get $v0 local.get $stay local.get $s0 i32.add v128.load f64x2.mul local.tee $u local.get $u ${SWAP}
              f64x2.add v128.store
              local.get $wf local.get $wf v128.load
                local.get $v0 local.get $faint local.get $s0 i32.add v128.load f64x2.mul local.tee $u local.get $u ${SWAP}
              f64x2.add v128.store
              local.get $ws i32.const 16 i32.sub local.set $ws
              local.get $wf i32.const 16 i32.sub local.set $wf
              local.get $s0 i32.const 16 i32.add local.set $s0`;
/** Cell i's dead added (one chain, in the pair kernel's order), then the next cell. */
const DEAD_NEXT = `
          local.get $dead local.get $a0
          local.get $deadFrom local.get $i i32.const 3 i32.shl i32.add f64.load f64.mul f64.add
          local.set $dead
          local.get $i i32.const 1 i32.add local.set $i`;

/**
 * combinedAttacks() in lane form, generic (`span` undefined) or for one span (combinedAttacks13):
 * cells lo..hi of the row at $p, faints to $f, with the kernels (stay, faint at $stay, $faint: entry
 * (i, j) at 8 (i stride + j); dead at $deadFrom + 8 i) built for every cell used: the cells whose
 * outputs may fall below cell 0 one at a time, then four at a time, then the last ones one at a time.
 * The dead (one chain, in the pair kernel's order) at $out, both halves.
 */
function combinedAttacksFunction(span?: number): WasmFunction {
  return {
    name: span ? `combinedAttacks${span}` : 'combinedAttacks',
    params: i32('$p', '$f', '$lo', '$hi', '$stay', '$faint', '$deadFrom', '$span', '$stride', '$out'),
    locals: [
      ...i32('$i', '$j', '$to', '$w', '$s0', '$s1', '$s2', '$s3', '$x', '$end', '$ks', '$kf', '$ws', '$wf', '$c'),
      ...f64('$a0', '$a1', '$a2', '$a3', '$dead', '$b0', '$b1'),
      ...v128('$v0', '$v1', '$v2', '$v3', '$u', '$zero'),
    ],
    body: `
      local.get $lo local.set $i
      ;; one at a time while outputs may fall below cell 0 (kept there): outputs i - j for j < i two a
      ;; vector (distinct cells), then j = i .. span - 1 into cell 0 one after another
      block $clampedDone
        loop $clamped
          local.get $i local.get $hi i32.gt_s br_if $clampedDone
          local.get $i local.get $span i32.const 1 i32.sub i32.ge_s br_if $clampedDone
          ${TAKE_CELL}
          ;; j = 0, 1, ... while j + 1 < i: cells (i - j - 1, i - j) at row + 8 (i - j - 1)
          i32.const 0 local.set $j
          local.get $x i32.const 8 i32.sub local.set $ws
          local.get $f local.get $ws i32.add local.get $p i32.sub local.set $wf
          block $vecDone
            loop $vec
              local.get $j i32.const 1 i32.add local.get $i i32.ge_s br_if $vecDone
              ${ADD_PAIR}
              local.get $j i32.const 2 i32.add local.set $j
              br $vec
            end
          end
          ;; output 1 (j = i - 1) when the pairs stopped there
          local.get $j local.get $i i32.lt_s
          if
            local.get $p local.get $p f64.load offset=8 local.get $a0 local.get $stay local.get $s0 i32.add f64.load
            f64.mul f64.add f64.store offset=8
            local.get $f local.get $f f64.load offset=8 local.get $a0 local.get $faint local.get $s0 i32.add f64.load
            f64.mul f64.add f64.store offset=8
            local.get $s0 i32.const 8 i32.add local.set $s0
            local.get $j i32.const 1 i32.add local.set $j
          end
          ;; j = i .. span - 1: all into cell 0, one after another (the same additions in the same
          ;; order, the cell held in $b0, $b1 between them)
          local.get $p f64.load local.set $b0
          local.get $f f64.load local.set $b1
          local.get $stay local.get $s0 i32.add local.set $ks
          local.get $faint local.get $s0 i32.add local.set $kf
          local.get $stay local.get $i local.get $stride i32.mul local.get $span i32.add i32.const 3 i32.shl i32.add
          local.set $end
          loop $one
            local.get $b0 local.get $a0 local.get $ks f64.load f64.mul f64.add local.set $b0
            local.get $b1 local.get $a0 local.get $kf f64.load f64.mul f64.add local.set $b1
            local.get $kf i32.const 8 i32.add local.set $kf
            local.get $ks i32.const 8 i32.add local.tee $ks
            local.get $end i32.lt_s br_if $one
          end
          local.get $p local.get $b0 f64.store
          local.get $f local.get $b1 f64.store
          ${DEAD_NEXT}
          br $clamped
        end
      end
      ;; four at a time: output i - j takes cell i + m's entry j + m
      block $blocksDone
        loop $block
          local.get $i i32.const 3 i32.add local.get $hi i32.gt_s br_if $blocksDone
          local.get $p local.get $i i32.const 3 i32.shl i32.add local.tee $x f64.load local.tee $a0 f64x2.splat
          local.set $v0
          local.get $x f64.load offset=8 local.tee $a1 f64x2.splat local.set $v1
          local.get $x f64.load offset=16 local.tee $a2 f64x2.splat local.set $v2
          local.get $x f64.load offset=24 local.tee $a3 f64x2.splat local.set $v3
          local.get $x local.get $zero v128.store
          local.get $x local.get $zero v128.store offset=16
          local.get $deadFrom local.get $i i32.const 3 i32.shl i32.add local.set $w
          local.get $dead
            local.get $a0 local.get $w f64.load f64.mul
            local.get $a1 local.get $w f64.load offset=8 f64.mul f64.add
            local.get $a2 local.get $w f64.load offset=16 f64.mul f64.add
            local.get $a3 local.get $w f64.load offset=24 f64.mul f64.add
          f64.add local.set $dead
${laneBlockEntries(span)}          local.get $i i32.const 4 i32.add local.set $i
          br $block
        end
      end
      ;; the last few one at a time (no clamp: i >= span - 1): outputs (i - j - 1, i - j) two a vector
      block $lastDone
        loop $last
          local.get $i local.get $hi i32.gt_s br_if $lastDone
          ${TAKE_CELL}
          local.get $x i32.const 8 i32.sub local.set $ws
          local.get $f local.get $ws i32.add local.get $p i32.sub local.set $wf
          local.get $s0 local.get $span i32.const 3 i32.shl i32.add local.set $end
          block $vecDone
            loop $vec
              local.get $s0 i32.const 8 i32.add local.get $end i32.ge_s br_if $vecDone
              ${ADD_PAIR}
              br $vec
            end
          end
          local.get $s0 local.get $end i32.lt_s
          if
            ;; an odd span: its last output at $ws + 8
            local.get $ws local.get $ws f64.load offset=8 local.get $a0 local.get $stay local.get $s0 i32.add f64.load
            f64.mul f64.add f64.store offset=8
            local.get $wf local.get $wf f64.load offset=8 local.get $a0 local.get $faint local.get $s0 i32.add f64.load
            f64.mul f64.add f64.store offset=8
          end
          ${DEAD_NEXT}
          br $last
        end
      end
      local.get $out local.get $dead f64x2.splat v128.store`,
  };
}

/**
 * attackCall() and turnCall() (pairKernels.ts awakeCalls()) on a scalar first cell, 8 bytes: $y, $o
 * the call and who passes at cell $lo (at $x), its faints added to $f; the dead at $out in both halves.
 */
const LANE_CALL_CELL: AwakeCallCell = {
  first: `${FIRST_CELL_EXTENT}
      local.get $p local.get $lo i32.const 3 i32.shl i32.add local.set $x
      local.get $x f64.load local.get $q0 f64.mul
      local.get $x f64.load offset=8 local.get $q1 f64.mul f64.add
      local.get $p f64.load local.get $q1 f64.mul
      local.get $rlo i32.eqz f64.convert_i32_s f64.mul
      f64.add local.set $y
      local.get $y local.get $pass local.get $lo i32.const 3 i32.shl i32.add f64.load f64.mul local.set $o
      local.get $f local.get $lo i32.const 3 i32.shl i32.add local.tee $c
      local.get $c f64.load local.get $o f64.add f64.store`,
  locals: [...i32('$rlo', '$rhi', '$lo', '$split', '$x', '$c'), ...f64('$y', '$o'), ...v128('$zero')],
  deadOut: 'local.get $out local.get $y local.get $o f64.sub f64x2.splat v128.store',
  clear: 'local.get $x f64.const 0 f64.store',
  keep: 'local.get $x local.get $y local.get $o f64.sub f64.store',
  into: `local.get $n local.get $lo i32.const 3 i32.shl i32.add local.tee $c
        local.get $c f64.load local.get $y local.get $o f64.sub f64.add f64.store`,
};

/** The lane walk's awake-side kernels (names and parameters as in pairKernels.ts, 8 bytes a cell). */
export const AWAKE_FUNCTIONS: WasmFunction[] = [
  ...callFunctions(2),
  {
    // dst[j] += src[j]
    name: 'addRow',
    params: i32('$src', '$dst', '$from', '$to'),
    body: `${atFrom('$src')} ${atFrom('$dst')}
      ${eachPair(
        ['$src', '$dst'],
        'local.get $dst local.get $dst v128.load local.get $src v128.load f64x2.add v128.store',
        'local.get $dst local.get $dst f64.load local.get $src f64.load f64.add f64.store',
      )}`,
  },
  {
    // PairRow.prune(): the cells below $prune off either end of the row at $p, cleared; its extent
    // (lo, hi at $e) narrowed, or reset (width, -1) when nothing is left.
    name: 'prune',
    params: [...i32('$p', '$e', '$width'), ['$prune', 'f64']],
    locals: i32('$lo', '$hi', '$x'),
    body: `
      local.get $e i32.load local.set $lo
      local.get $e i32.load offset=4 local.set $hi
      ${PRUNE_ROW}`,
  },
  combinedAttacksFunction(),
  ...LANE_UNROLLED_SPANS.map((span) => combinedAttacksFunction(span)),
  ...awakeCalls(LANE_CALL_CELL),
  {
    // moveInto() of pairWalk.ts: dst[j] += src[j], src[j] = 0.
    name: 'moveCells',
    params: i32('$src', '$dst', '$from', '$to'),
    locals: v128('$zero'),
    body: `${atFrom('$src')} ${atFrom('$dst')}
      ${eachPair(
        ['$src', '$dst'],
        `local.get $dst local.get $dst v128.load local.get $src v128.load f64x2.add v128.store
         local.get $src local.get $zero v128.store`,
        `local.get $dst local.get $dst f64.load local.get $src f64.load f64.add f64.store
         local.get $src f64.const 0 f64.store`,
      )}`,
  },
  ...callFunctions(3),
];

/** The kernels of AWAKE_FUNCTIONS (signatures as in pairKernels.ts PairKernels; rows 8 bytes a cell). */
export interface LaneAwakeKernels {
  callPlain(p: number, from: number, to: number, q0: number, q1: number): void;
  callDie(p: number, pass: number, out: number, from: number, to: number, q0: number, q1: number): void;
  callFaintDie(p: number, f: number, pass: number, out: number, from: number, to: number, q0: number, q1: number): void;
  callFaintKeep(p: number, f: number, pass: number, from: number, to: number, q0: number, q1: number): void;
  callFaintInto(p: number, f: number, n: number, pass: number, from: number, to: number, q0: number, q1: number): void;
  /** The calls above for a burn of 0, 1 or 2 (q0, q1, q2 last). */
  callPlain3(p: number, from: number, to: number, q0: number, q1: number, q2: number): void;
  callDie3(...args: number[]): void;
  callFaintDie3(...args: number[]): void;
  callFaintKeep3(...args: number[]): void;
  callFaintInto3(...args: number[]): void;
  addRow(src: number, dst: number, from: number, to: number): void;
  prune(p: number, e: number, width: number, prune: number): void;
  combinedAttacks(...args: number[]): void;
  combinedAttacks13(...args: number[]): void;
  attackCall(...args: number[]): void;
  turnCall(...args: number[]): void;
  moveCells(src: number, dst: number, from: number, to: number): void;
}
