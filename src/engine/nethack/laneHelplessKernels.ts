// The helpless side of the pair walk's kernels (pairKernels.ts) in single-lane form, for the lane walk:
// one walk, a row's cell j a plain f64 at row + 8 j, the vector operations covering two adjacent cells
// (j, j + 1) where the cells are independent. Each function keeps the name and the parameters of its
// pair kernel (row and segment addresses now 8 bytes a cell; pass chances, durations, bands and
// kernel entries unchanged) and gives, to the last bit, lane a of the pair kernel run with both lanes
// holding the same walk: every cell from the same IEEE operations in the same order; whatever the
// pair kernel sums or maximizes along cells (dead mass, sums, maxima) one sequential chain in its
// cell order (lane 0, then lane 1 of a vector); every f64x2 result the pair kernel writes to memory
// written with the one value in both halves (code reading lane b still works).
//
// The one parameter whose unit changes besides the addresses: `segLen` (settleBand, dispatchBands,
// farBands) is the segment's length in cells (the pair kernels take its length in float64s, two a
// cell): spread()'s blocks run past hi while hi + 3 < segLen, as in the pair kernel.
//
// spread(): output cells two at a time: the block at c gives outputs c - k and c - k - 1 the sums over
// m < 4 of seg[c + m] x kernel[k + m] and x kernel[k + m + 1], the entries (k + m, k + m + 1) one
// unaligned load each (a window slid by two entries a step), the two sums then swapped into the
// outputs' order (i8x16.shuffle). The block's three upper cells (c + 3, c + 2, c + 1) are its first
// two steps, with zeros for the entries below 0 (x 0 + y is y: the same bits as the pair kernel's
// shorter sums). Maxima (farBands) are f64x2.pmax of both lanes splatted, one cell after the other:
// the pair kernel's chain in its order, with no branch.
import { BAND_BOUNDS, dispatchBands, eachCell, FAR_BAND_WAKE, SPREAD_EXTENT, settleBand } from './pairKernels.ts';
import { atFrom, f64, i32, PRUNE_ROW, SWAP, v128 } from './laneText.ts';
import { kernelMemories, type WasmFunction } from './wasmText.ts';

/** (a, b) (c, d) -> (b, c): lane 1 of the first, lane 0 of the second. */
const HIGH_LOW = 'i8x16.shuffle 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23';
/** Lane 0 or lane 1 of the vector on the stack (twice) in both lanes. */
const LANE0 = 'i8x16.shuffle 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7';
const LANE1 = 'i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15';
/** (x, _) (zero) -> (0, x). */
const ZERO_LOW = 'i8x16.shuffle 16 17 18 19 20 21 22 23 0 1 2 3 4 5 6 7';

/**
 * spread()'s body (see there), its parameters and locals named with `prefix` after the $: inline in
 * farBands() as in pairKernels.ts. clearSource: each source cell read is cleared at once.
 */
function spreadBody(prefix: string, clearSource = false): string {
  const body = SPREAD_BODY.replace(
    ';;CLEAR_BLOCK',
    clearSource ? 'local.get $x local.get $zero v128.store local.get $x local.get $zero v128.store offset=16' : '',
  ).replace(';;CLEAR_CELL', clearSource ? 'local.get $x f64.const 0 f64.store' : '');
  return body.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => `$${prefix}${name}`);
}
const SPREAD_I32 = ['$c', '$w', '$k', '$x', '$end'];
const SPREAD_F64 = ['$b0'];
const SPREAD_V128 = ['$zero', '$a0', '$a1', '$a2', '$a3', '$v0', '$v1', '$v2', '$v3', '$y'];
/** entries (k + 1, k) from the kernel address on the stack (offset `o`). */
const swapped = (o: number) => `v128.load offset=${o} local.tee $y local.get $y ${SWAP}`;
/**
 * One step of a block: outputs c - k - 1, c - k (at $w) += the window's sums (entries (k + m, k + m + 1) in
 * u0..u3, the sums' lanes swapped into the outputs'); $w, $k moved on by two cells.
 */
const blockStep = (u0: string, u1: string, u2: string, u3: string) => `
              local.get $w local.get $w v128.load
                local.get $a0 local.get ${u0} f64x2.mul
                local.get $a1 local.get ${u1} f64x2.mul f64x2.add
                local.get $a2 local.get ${u2} f64x2.mul f64x2.add
                local.get $a3 local.get ${u3} f64x2.mul f64x2.add
                local.tee $y local.get $y ${SWAP}
                f64x2.add v128.store
              local.get $w i32.const 16 i32.sub local.set $w
              local.get $k i32.const 16 i32.add local.set $k`;
const SPREAD_BODY = `
      local.get $lo local.set $c
      local.get $kp local.get $len i32.const 3 i32.shl i32.add local.set $end
      block $blocksDone
        local.get $c i32.const 3 i32.add local.get $last i32.gt_s br_if $blocksDone
        loop $block
          local.get $seg local.get $c i32.const 3 i32.shl i32.add local.tee $x v128.load64_splat local.set $a0
          local.get $x v128.load64_splat offset=8 local.set $a1
          local.get $x v128.load64_splat offset=16 local.set $a2
          local.get $x v128.load64_splat offset=24 local.set $a3
          ;;CLEAR_BLOCK
          ;; the window at k = -3 (outputs c + 3, c + 2): entries (k + m, k + m + 1), zero below entry 0
          local.get $zero local.set $v0
          local.get $zero local.set $v1
          local.get $kp v128.load local.tee $v3 local.get $zero ${ZERO_LOW} local.set $v2
          ;; $k: the kernel address of entry k + 2; $w: outputs c - k - 1, c - k (the sums swapped into them)
          local.get $kp i32.const 8 i32.sub local.set $k
          local.get $arr local.get $c i32.const 3 i32.shl i32.add i32.const 16 i32.add local.set $w
          block $pairsDone
            loop $pair
              ;; two steps a turn: the window's registers in turn (no moves)
              ${blockStep('$v0', '$v1', '$v2', '$v3')}
              local.get $k local.get $end i32.gt_s br_if $pairsDone
              local.get $k v128.load local.set $v0
              local.get $k v128.load offset=8 local.set $v1
              ${blockStep('$v2', '$v3', '$v0', '$v1')}
              local.get $k local.get $end i32.gt_s br_if $pairsDone
              local.get $k v128.load local.set $v2
              local.get $k v128.load offset=8 local.set $v3
              br $pair
            end
          end
          ;; k = len - 1 left alone (output c - len + 1, at $w + 8)
          local.get $k local.get $end i32.const 8 i32.add i32.eq
          if
            local.get $end i32.const 8 i32.sub local.set $k
            local.get $w local.get $w f64.load offset=8
              local.get $a0 f64x2.extract_lane 0 local.get $k f64.load f64.mul
              local.get $a1 f64x2.extract_lane 0 local.get $k f64.load offset=8 f64.mul f64.add
              local.get $a2 f64x2.extract_lane 0 local.get $k f64.load offset=16 f64.mul f64.add
              local.get $a3 f64x2.extract_lane 0 local.get $k f64.load offset=24 f64.mul f64.add
              f64.add f64.store offset=8
          end
          local.get $c i32.const 4 i32.add local.tee $c
          i32.const 3 i32.add local.get $last i32.le_s br_if $block
        end
      end
      block $cellsDone
        local.get $c local.get $hi i32.gt_s br_if $cellsDone
        loop $cell
          local.get $seg local.get $c i32.const 3 i32.shl i32.add local.tee $x f64.load local.tee $b0
          f64x2.splat local.set $a0
          ;;CLEAR_CELL
          ;; outputs (c - k - 1, c - k) at $w, entries (k + 1, k) at $k
          local.get $arr local.get $c i32.const 3 i32.shl i32.add i32.const 8 i32.sub local.set $w
          local.get $kp local.set $k
          block $pairsDone
            loop $pair
              local.get $k i32.const 16 i32.add local.get $end i32.gt_s br_if $pairsDone
              local.get $w local.get $w v128.load
                local.get $a0 local.get $k ${swapped(0)} f64x2.mul f64x2.add v128.store
              local.get $w i32.const 16 i32.sub local.set $w
              local.get $k i32.const 16 i32.add local.set $k
              br $pair
            end
          end
          local.get $k local.get $end i32.lt_s
          if
            local.get $w local.get $w f64.load offset=8 local.get $b0 local.get $k f64.load f64.mul f64.add
            f64.store offset=8
          end
          local.get $c i32.const 1 i32.add local.tee $c
          local.get $hi i32.le_s br_if $cell
        end
      end`;

/** spread()'s `last`: hi + 3 while the segment (segLen cells) has room, else hi (of the local `hi`). */
const lastOf = (hi: string) =>
  `local.get ${hi} i32.const 3 i32.add local.get ${hi}
   local.get ${hi} i32.const 3 i32.add local.get $segLen i32.lt_s select`;

export const HELPLESS_FUNCTIONS: WasmFunction[] = [
  {
    // The sum over the cells (at $out, both halves) and their largest value (at $out + 16, both).
    name: 'sumMax',
    params: i32('$p', '$from', '$to', '$out'),
    locals: v128('$x', '$sum', '$most'),
    body: `${atFrom('$p')}
      ${eachCell(
        [['$p', 8]],
        `local.get $p v128.load64_splat local.set $x
        local.get $sum local.get $x f64x2.add local.set $sum
        local.get $most local.get $x f64x2.pmax local.set $most`,
      )}
      local.get $out local.get $sum v128.store
      local.get $out local.get $most v128.store offset=16`,
  },
  {
    // spread(): arr[c - k] += seg[c] kernel[k] for c in lo..hi, k < len, four source cells at a
    // time up to `last` (cells past hi hold zeros), then one at a time.
    name: 'spread',
    params: i32('$seg', '$lo', '$hi', '$last', '$kp', '$len', '$arr'),
    locals: [...i32(...SPREAD_I32), ...f64(...SPREAD_F64), ...v128(...SPREAD_V128)],
    body: spreadBody(''),
  },
  {
    // PairRow.add() of the nonzero cells from..to - 1 of the row at $src into the row at $dst, whose
    // extent (lo, hi) is at $e.
    name: 'addNonzero',
    params: i32('$src', '$dst', '$e', '$from', '$to'),
    locals: [...i32('$lo', '$hi', '$x'), ...f64('$a')],
    body: `
      local.get $e i32.load local.set $lo
      local.get $e i32.load offset=4 local.set $hi
      ${atFrom('$src')} ${atFrom('$dst')}
      ${eachCell(
        [
          ['$src', 8],
          ['$dst', 8],
        ],
        `local.get $src f64.load local.tee $a f64.const 0 f64.ne
        if
          local.get $dst local.get $dst f64.load local.get $a f64.add f64.store
          local.get $from local.get $lo local.get $from local.get $lo i32.lt_s select local.set $lo
          local.get $from local.get $hi local.get $from local.get $hi i32.gt_s select local.set $hi
        end`,
      )}
      local.get $e local.get $lo i32.store
      local.get $e local.get $hi i32.store offset=4`,
  },
  {
    // dispatch()'s band near the limit, cells from..to - 1 (cleared in both rows as read): the turn
    // faints into the segment, then each attack faint's first helpless call (burn 0 or 1, f0 and f1)
    // with its roll below the limit. The band's sum at $out, the dispatch's dead (in and out) at
    // $out + 16 (both halves).
    name: 'nearFaints',
    params: [...i32('$attack', '$turn', '$seg', '$pass', '$from', '$to', '$limit', '$out'), ...f64('$f0', '$f1')],
    locals: [...i32('$c', '$x', '$at'), ...f64('$a', '$m', '$l', '$sum', '$dead')],
    body: `
      local.get $out f64.load offset=16 local.set $dead
      local.get $from local.set $c
      block $turnsDone
        local.get $c local.get $to i32.ge_s br_if $turnsDone
        loop $turns
          local.get $turn local.get $c i32.const 3 i32.shl i32.add local.tee $at f64.load local.set $a
          local.get $at f64.const 0 f64.store
          local.get $seg local.get $c i32.const 3 i32.shl i32.add local.tee $x
          local.get $x f64.load local.get $a f64.add f64.store
          local.get $sum local.get $a f64.add local.set $sum
          local.get $c i32.const 1 i32.add local.tee $c
          local.get $to i32.lt_s br_if $turns
        end
      end
      local.get $from local.set $c
      block $attacksDone
        local.get $c local.get $to i32.ge_s br_if $attacksDone
        loop $attacks
          local.get $attack local.get $c i32.const 3 i32.shl i32.add local.tee $at f64.load local.set $a
          local.get $at f64.const 0 f64.store
          local.get $sum local.get $a f64.add local.set $sum
          ${[
            ['$f0', 'local.get $c'],
            ['$f1', 'local.get $c i32.const 1 i32.sub i32.const 0 local.get $c i32.const 1 i32.ge_s select'],
          ]
            .map(
              ([q, cell]) => `
          ${cell} local.set $at
          local.get $a local.get ${q} f64.mul local.set $m
          local.get $at local.get $limit i32.lt_s
          if
            local.get $m local.get $pass local.get $at i32.const 3 i32.shl i32.add f64.load f64.mul local.set $l
            local.get $dead local.get $m local.get $l f64.sub f64.add local.set $dead
            local.get $l local.set $m
          end
          local.get $seg local.get $at i32.const 3 i32.shl i32.add local.tee $x
          local.get $x f64.load local.get $m f64.add f64.store`,
            )
            .join('')}
          local.get $c i32.const 1 i32.add local.tee $c
          local.get $to i32.lt_s br_if $attacks
        end
      end
      local.get $out local.get $sum f64x2.splat v128.store
      local.get $out local.get $dead f64x2.splat v128.store offset=16`,
  },
  {
    // The helpless calls of iteration t: twoPoint() without faints (pairWalk.ts) of every waiting
    // row from ring index of $from on, $count of them, each row's extent (lo, hi) at $ext + 8 k
    // (updated, pruned); the first cell (the floor's mass) alone, then the cells below the limit
    // (callDie) and above it (callPlain) two at a time, the dead summed cell by cell. The dead summed
    // row by row at $out (both halves).
    name: 'helplessCalls',
    params: [
      ...i32('$rows', '$rowBytes', '$ext', '$ring', '$from', '$count', '$pass', '$limit', '$width', '$out'),
      ...f64('$q0', '$q1', '$prune'),
    ],
    locals: [
      ...i32('$w', '$k', '$e', '$p', '$lo', '$hi', '$j', '$split', '$x', '$c', '$cp', '$pp'),
      ...f64('$y', '$o', '$total', '$dead'),
      ...v128('$Q0', '$Q1', '$Y', '$O'),
    ],
    body: `
      local.get $q0 f64x2.splat local.set $Q0
      local.get $q1 f64x2.splat local.set $Q1
      local.get $from local.set $w
      local.get $from local.get $count i32.add local.set $count
      local.get $from local.get $ring i32.rem_u local.set $k
      block $rowsDone
        local.get $w local.get $count i32.ge_s br_if $rowsDone
        loop $row
          local.get $ext local.get $k i32.const 3 i32.shl i32.add local.set $e
          local.get $e i32.load local.set $lo
          local.get $e i32.load offset=4 local.set $hi
          local.get $hi local.get $lo i32.ge_s
          if
            local.get $rows local.get $k local.get $rowBytes i32.mul i32.add local.set $p
            ;; j = lo == 0 ? 0 : lo - 1; split = limit clamped to j..hi + 1
            local.get $lo i32.const 1 i32.sub i32.const 0 local.get $lo select local.set $j
            local.get $limit local.set $split
            local.get $j local.get $split local.get $split local.get $j i32.lt_s select local.set $split
            local.get $hi i32.const 1 i32.add local.get $split local.get $split local.get $hi i32.const 1 i32.add i32.gt_s
            select local.set $split
            ;; the first cell: y = p[j] q0 + p[j + 1] q1 + p[0] q1 (the floor's, when lo == 0)
            local.get $p local.get $j i32.const 3 i32.shl i32.add local.set $x
            local.get $x f64.load local.get $q0 f64.mul
            local.get $x f64.load offset=8 local.get $q1 f64.mul f64.add
            local.get $p f64.load local.get $q1 f64.mul
            local.get $lo i32.eqz f64.convert_i32_s f64.mul
            f64.add local.set $y
            local.get $j i32.const 1 i32.add local.tee $c i32.const 3 i32.shl local.get $p i32.add local.set $cp
            local.get $j local.get $split i32.lt_s
            if
              local.get $y local.get $pass local.get $j i32.const 3 i32.shl i32.add f64.load f64.mul local.set $o
              local.get $y local.get $o f64.sub local.set $dead
              local.get $x local.get $o f64.store
              ;; cells j + 1 .. split - 1 (callDie), two at a time
              local.get $c i32.const 3 i32.shl local.get $pass i32.add local.set $pp
              block $dieDone
                loop $die
                  local.get $c i32.const 1 i32.add local.get $split i32.ge_s br_if $dieDone
                  local.get $cp v128.load local.get $Q0 f64x2.mul
                  local.get $cp v128.load offset=8 local.get $Q1 f64x2.mul
                  f64x2.add local.tee $Y local.get $pp v128.load f64x2.mul local.set $O
                  local.get $Y local.get $O f64x2.sub local.set $Y
                  local.get $dead local.get $Y f64x2.extract_lane 0 f64.add
                  local.get $Y f64x2.extract_lane 1 f64.add local.set $dead
                  local.get $cp local.get $O v128.store
                  local.get $cp i32.const 16 i32.add local.set $cp
                  local.get $pp i32.const 16 i32.add local.set $pp
                  local.get $c i32.const 2 i32.add local.set $c
                  br $die
                end
              end
              local.get $c local.get $split i32.lt_s
              if
                local.get $cp f64.load local.get $q0 f64.mul
                local.get $cp f64.load offset=8 local.get $q1 f64.mul
                f64.add local.tee $y local.get $pp f64.load f64.mul local.set $o
                local.get $dead local.get $y local.get $o f64.sub f64.add local.set $dead
                local.get $cp local.get $o f64.store
                local.get $cp i32.const 8 i32.add local.set $cp
                local.get $c i32.const 1 i32.add local.set $c
              end
            else
              f64.const 0 local.set $dead
              local.get $x local.get $y f64.store
            end
            ;; cells max(split, j + 1) .. hi (callPlain), two at a time
            block $plainDone
              loop $plain
                local.get $c local.get $hi i32.ge_s br_if $plainDone
                local.get $cp
                local.get $cp v128.load local.get $Q0 f64x2.mul
                local.get $cp v128.load offset=8 local.get $Q1 f64x2.mul
                f64x2.add v128.store
                local.get $cp i32.const 16 i32.add local.set $cp
                local.get $c i32.const 2 i32.add local.set $c
                br $plain
              end
            end
            local.get $c local.get $hi i32.eq
            if
              local.get $cp
              local.get $cp f64.load local.get $q0 f64.mul
              local.get $cp f64.load offset=8 local.get $q1 f64.mul
              f64.add f64.store
            end
            local.get $total local.get $dead f64.add local.set $total
            local.get $e local.get $j i32.store
            ;; pruned here (a call a row cost more than most rows' cells)
            local.get $j local.set $lo
            ${PRUNE_ROW}
          end
          local.get $k i32.const 1 i32.add local.tee $k local.get $ring i32.eq
          if i32.const 0 local.set $k end
          local.get $w i32.const 1 i32.add local.tee $w
          local.get $count i32.lt_s br_if $row
        end
      end
      local.get $out local.get $total f64x2.splat v128.store`,
  },
  {
    // dispatch()'s bands far from the limit (see pairKernels.ts farBands()), from cell $hi down: each
    // band's first fainted call (turn and attack faints: f0 stays, f1 one cell down; two cells at a
    // time, the sum and the maximum cell by cell), its sums, then settle() of its cells with no cell
    // in danger (spread() inline). Stops at the first band near the limit (returns its top cell) or,
    // after the sums, at a band with cells in danger (returns its top cell, flag set). The faints and
    // turns fainted (at $out + 64, + 80, both halves) are added to; the rows' cells read are cleared.
    name: 'farBands',
    params: [
      ...i32('$attack', '$turn', '$seg', '$lo', '$hi', '$dur', '$band', '$limit', '$t', '$ring', '$rows'),
      ...i32('$rowBytes', '$kernels', '$ext', '$segLen', '$out'),
      ...f64('$f0', '$f1', '$cut'),
    ],
    result: 'i32',
    locals: [
      ...i32('$i', '$j', '$c', '$d', '$k', '$len', '$kt', '$tail', '$plen', '$A', '$T', '$S', '$x'),
      ...i32(
        ...['$seg', '$lo', '$hi', '$last', '$kp', '$len', '$arr', ...SPREAD_I32].map((n) => n.replace('$', '$s_')),
      ),
      ...f64(...SPREAD_F64.map((n) => n.replace('$', '$s_'))),
      ...v128(...SPREAD_V128.map((n) => n.replace('$', '$s_'))),
      ...f64('$m', '$sum', '$tv', '$av', '$below'),
      ...v128('$most', '$F0', '$F1', '$TV', '$AV', '$X', '$PV', '$faints', '$turns', '$zero'),
    ],
    body: `
      local.get $f0 f64x2.splat local.set $F0
      local.get $f1 f64x2.splat local.set $F1
      local.get $out v128.load offset=64 local.set $faints
      local.get $out v128.load offset=80 local.set $turns
      local.get $out i32.load offset=96 local.set $len
      local.get $t local.get $ring i32.rem_u local.set $t
      local.get $hi local.set $i
      block $exit
        loop $band
          local.get $i local.get $lo i32.lt_s br_if $exit
          ${BAND_BOUNDS}
          ;; the first fainted call, cells j..i: seg[c] = turn[c] + attack[c] f0, then
          ;; seg[c - 1] += attack[c] f1 (its maximum taken); $PV's lane 1 holds seg[c - 1]
          f64.const 0 local.set $sum
          local.get $zero local.set $most
          local.get $attack local.get $j i32.const 3 i32.shl i32.add local.set $A
          local.get $turn local.get $j i32.const 3 i32.shl i32.add local.set $T
          local.get $seg local.get $j i32.const 3 i32.shl i32.add local.tee $S
          i32.const 8 i32.sub v128.load64_splat local.set $PV
          local.get $j local.set $c
          block $pairsDone
            loop $pair
              local.get $c local.get $i i32.ge_s br_if $pairsDone
              local.get $T v128.load local.set $TV
              local.get $A v128.load local.set $AV
              local.get $T local.get $zero v128.store
              local.get $A local.get $zero v128.store
              local.get $TV local.get $AV f64x2.add local.set $X
              local.get $sum local.get $X f64x2.extract_lane 0 f64.add
              local.get $X f64x2.extract_lane 1 f64.add local.set $sum
              local.get $TV local.get $AV local.get $F0 f64x2.mul f64x2.add local.set $X
              local.get $S local.get $X v128.store
              local.get $PV local.get $X ${HIGH_LOW} local.get $AV local.get $F1 f64x2.mul f64x2.add local.set $PV
              local.get $S i32.const 8 i32.sub local.get $PV v128.store
              local.get $most local.get $PV local.get $PV ${LANE0} f64x2.pmax
              local.get $PV local.get $PV ${LANE1} f64x2.pmax local.set $most
              local.get $X local.set $PV
              local.get $A i32.const 16 i32.add local.set $A
              local.get $T i32.const 16 i32.add local.set $T
              local.get $S i32.const 16 i32.add local.set $S
              local.get $c i32.const 2 i32.add local.set $c
              br $pair
            end
          end
          local.get $c local.get $i i32.eq
          if
            local.get $T f64.load local.set $tv
            local.get $A f64.load local.set $av
            local.get $T f64.const 0 f64.store
            local.get $A f64.const 0 f64.store
            local.get $sum local.get $tv local.get $av f64.add f64.add local.set $sum
            local.get $tv local.get $av local.get $f0 f64.mul f64.add local.tee $tv f64x2.splat local.set $X
            local.get $S local.get $tv f64.store
            local.get $PV f64x2.extract_lane 1 local.get $av local.get $f1 f64.mul f64.add local.set $below
            local.get $S i32.const 8 i32.sub local.get $below f64.store
            local.get $most local.get $below f64x2.splat f64x2.pmax local.set $most
            local.get $X local.set $PV
          end
          ;; m: the largest of the band (the maxima and cell i), pmax(cell i, most)
          local.get $PV local.get $PV ${LANE1} local.get $most f64x2.pmax f64x2.extract_lane 0 local.set $m
          local.get $sum f64.const 0 f64.gt
          if
            local.get $faints local.get $sum f64x2.splat f64x2.add local.set $faints
            local.get $turns local.get $sum f64x2.splat local.get $d f64.convert_i32_s f64x2.splat f64x2.mul f64x2.add
            local.set $turns
            local.get $m f64.const 0 f64.ne
            if
              ${FAR_BAND_WAKE}
              local.get $seg local.set $s_seg
              local.get $j i32.const 1 i32.sub local.set $s_lo
              local.get $i local.set $s_hi
              ${lastOf('$i')} local.set $s_last
              local.get $kt i32.load local.set $s_kp
              local.get $len local.set $s_len
              local.get $rows local.get $k local.get $rowBytes i32.mul i32.add local.set $s_arr
              ${spreadBody('s_', true)}
              ${SPREAD_EXTENT}
              ;; the segment's cells j - 1..i: cleared as spread read them
            end
          end
          local.get $j i32.const 1 i32.sub local.set $i
          br $band
        end
      end
      local.get $out local.get $faints v128.store offset=64
      local.get $out local.get $turns v128.store offset=80
      local.get $out local.get $len i32.store offset=96
      local.get $i`,
  },
  // pairKernels.ts's, on cells of 8 bytes.
  settleBand({ vectors: v128('$v'), last: lastOf('$hi'), shift: 3, clear: 'local.get $x f64.const 0 f64.store' }),
  // pairKernels.ts's: it addresses no cell.
  dispatchBands(),
];

export interface LaneHelplessKernels {
  sumMax(p: number, from: number, to: number, out: number): void;
  spread(seg: number, lo: number, hi: number, last: number, kp: number, len: number, arr: number): void;
  farBands(...args: number[]): number;
  helplessCalls(...args: number[]): void;
  nearFaints(...args: number[]): void;
  addNonzero(src: number, dst: number, e: number, from: number, to: number): void;
  settleBand(...args: number[]): void;
  dispatchBands(...args: number[]): void;
}

/** The kernels above on memories of their own (see wasmText.ts kernelMemories()). */
export const laneHelplessMemories = kernelMemories<LaneHelplessKernels>(HELPLESS_FUNCTIONS);
