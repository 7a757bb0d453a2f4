// The hot loops of the pair walk (pairWalk.ts) in WebAssembly with SIMD: a cell holds both lanes
// (a, b) side by side, one f64x2, so each operation of the JavaScript loops is one vector
// operation on both lanes, with no bounds checks. Every value is computed by the same IEEE
// operations in the same order as the JavaScript it replaces (no fused multiply-add in these
// instructions), so the walk's results are the same to the last bit. About 3x the speed of the
// JavaScript loops, also in V8's baseline compiler (`npm start` runs with --no-wasm-tier-up).
//
// Maxima use f64x2.pmax (one instruction, `a < b ? b : a`), not f64x2.max (NaN- and -0-aware, several
// dependent instructions a cell in a loop-carried chain): on these masses (no NaN, no -0) the two are
// the same, as is the JavaScript `if (x > most) most = x`.
//
// Addresses are in bytes into the one memory: a row's cell j at row + 16 j, a chance array's
// entry j at pass + 8 j, a kernel's entry k at kp + 8 k. Ranges of cells are half-open [from, to).
//
// Whole iterations. After the seeds' iteration, a walk with attacks runs here without JavaScript:
// iterations() runs up to a chunk of iterations (iterate() each: the attacks, the helpless calls,
// the turn call, the dispatch, ++multi), adding each part's dead to the deaths in the order of
// pairWalk.ts's die() calls, and returns when a lane stops or the awake row needs attack kernels
// not built yet (JavaScript builds them: starvation.ts AttackKernels). The walk's fixed addresses
// and constants are a context in memory (CONTEXT). Functions call each other (`call`), each the
// same operations in the same order as the JavaScript it replaced: same bits (pair-walk-wasm.test.ts
// against the b53e7db walk, reference/pairWalk-wasm1.ts).
import { kernelMemories, type ValType, type WasmFunction } from './wasmText.ts';

/** Point `ptr` (a row or array address) at cell `from`: 16 bytes a cell (shift 4) or 8 (shift 3). */
const atFrom = (ptr: string, shift: number) =>
  `local.get ${ptr} local.get $from i32.const ${shift} i32.shl i32.add local.set ${ptr}`;
const splat = (x: string, into: string) => `local.get ${x} f64x2.splat local.set ${into}`;

/** The cells from..to - 1, `body` once each, each pointer then stepping its stride in bytes (also the lane kernels'). */
export function eachCell(pointers: [string, number][], body: string): string {
  const steps = pointers.map(([p, s]) => `local.get ${p} i32.const ${s} i32.add local.set ${p}`).join('\n');
  return `
    block $done
      local.get $from local.get $to i32.ge_s br_if $done
      loop $next
        ${body}
        ${steps}
        local.get $from i32.const 1 i32.add local.tee $from
        local.get $to i32.lt_s br_if $next
      end
    end`;
}

/**
 * $y = p[j] q0 + p[j + 1] q1 (a call burning 0 or 1; with three points, + p[j + 2] q2 after them, as
 * shortCall() of starvation.ts sums), then $o = $y x pass[j] (who passes the roll).
 */
const call = (points: number) => `
  local.get $p v128.load local.get $Q0 f64x2.mul
  local.get $p v128.load offset=16 local.get $Q1 f64x2.mul
  f64x2.add${points === 3 ? ' local.get $p v128.load offset=32 local.get $Q2 f64x2.mul f64x2.add' : ''} local.set $y`;
const roll = (points: number) => `${call(points)}
  local.get $y local.get $pass v128.load64_splat f64x2.mul local.set $o`;
/** faints[j] += $o */
const FAINT = 'local.get $f local.get $f v128.load local.get $o f64x2.add v128.store';
/** $dead += $y - $o */
const DIE = 'local.get $dead local.get $y local.get $o f64x2.sub f64x2.add local.set $dead';
/** p[j] = 0 */
const CLEAR = 'local.get $p local.get $zero v128.store';

const i32 = (...names: string[]) => names.map((n): [string, 'i32'] => [n, 'i32']);
const v128 = (...names: string[]) => names.map((n): [string, 'v128'] => [n, 'v128']);
const DEAD_IN = `${atFrom('$pass', 3)} local.get $out v128.load local.set $dead`;
const DEAD_OUT = 'local.get $out local.get $dead v128.store';

/**
 * The calls of a row for a burn of 0 or 1 (names as here, parameters q0, q1) or of 0, 1 or 2
 * (`points` 3: names ending in 3, parameters q0, q1, q2).
 */
function callFunctions(points: 2 | 3): WasmFunction[] {
  const suffix = points === 3 ? '3' : '';
  const qs = points === 3 ? ['$q0', '$q1', '$q2'] : ['$q0', '$q1'];
  const params: [string, 'i32' | 'f64'][] = [...i32('$from', '$to'), ...qs.map((q): [string, 'f64'] => [q, 'f64'])];
  const locals = v128(...qs.map((q) => q.replace('$q', '$Q')), '$y', '$o', '$dead', '$zero'); // locals start at zero
  const start = `${qs.map((q) => splat(q, q.replace('$q', '$Q'))).join(' ')} ${atFrom('$p', 4)}`;
  const CALL = call(points);
  const ROLL = roll(points);
  return [
    {
      // A call with no roll that can kill (above the limit), no faints: p[j] = p[j] q0 + p[j + 1] q1.
      name: `callPlain${suffix}`,
      params: [...i32('$p'), ...params],
      locals,
      body: `${start} ${eachCell([['$p', 16]], `${CALL} local.get $p local.get $y v128.store`)}`,
    },
    {
      // A helpless call below the limit: those who pass the roll stay (p[j] = $o), the rest die
      // (added to the f64x2 at $out).
      name: `callDie${suffix}`,
      params: [...i32('$p', '$pass', '$out'), ...params],
      locals,
      body: `${start} ${DEAD_IN}
        ${eachCell(
          [
            ['$p', 16],
            ['$pass', 8],
          ],
          `${ROLL} ${DIE} local.get $p local.get $o v128.store`,
        )} ${DEAD_OUT}`,
    },
    {
      // An awake call below the limit: who passes the roll faints (into faints $f), the rest die.
      name: `callFaintDie${suffix}`,
      params: [...i32('$p', '$f', '$pass', '$out'), ...params],
      locals,
      body: `${start} ${atFrom('$f', 4)} ${DEAD_IN}
        ${eachCell(
          [
            ['$p', 16],
            ['$f', 16],
            ['$pass', 8],
          ],
          `${ROLL} ${FAINT} ${DIE} ${CLEAR}`,
        )} ${DEAD_OUT}`,
    },
    {
      // An awake call above the limit: who passes the roll faints, the rest stay (p[j] = $y - $o).
      name: `callFaintKeep${suffix}`,
      params: [...i32('$p', '$f', '$pass'), ...params],
      locals,
      body: `${start} ${atFrom('$f', 4)} ${atFrom('$pass', 3)}
        ${eachCell(
          [
            ['$p', 16],
            ['$f', 16],
            ['$pass', 8],
          ],
          `${ROLL} ${FAINT} local.get $p local.get $y local.get $o f64x2.sub v128.store`,
        )}`,
    },
    {
      // The turn call above the limit: who passes faints, the rest go to the next prompt's row $n.
      name: `callFaintInto${suffix}`,
      params: [...i32('$p', '$f', '$n', '$pass'), ...params],
      locals,
      body: `${start} ${atFrom('$f', 4)} ${atFrom('$n', 4)} ${atFrom('$pass', 3)}
        ${eachCell(
          [
            ['$p', 16],
            ['$f', 16],
            ['$n', 16],
            ['$pass', 8],
          ],
          `${ROLL} ${FAINT} ${CLEAR}
           local.get $n local.get $n v128.load local.get $y local.get $o f64x2.sub f64x2.add v128.store`,
        )}`,
    },
  ];
}

/**
 * PairRow.prune() of the row at $p with its extent in $lo, $hi: the cells below $prune in both lanes
 * off either end cleared, the extent (or width, -1 when nothing is left) stored at $e. Locals $x (i32),
 * $y, $zero (v128).
 */
const PRUNE_ROW = `
      block $lowDone
        loop $low
          local.get $lo local.get $hi i32.gt_s br_if $lowDone
          local.get $p local.get $lo i32.const 4 i32.shl i32.add local.tee $x v128.load local.set $y
          local.get $y f64x2.extract_lane 0 local.get $prune f64.lt
          local.get $y f64x2.extract_lane 1 local.get $prune f64.lt i32.and i32.eqz br_if $lowDone
          local.get $x local.get $zero v128.store
          local.get $lo i32.const 1 i32.add local.set $lo
          br $low
        end
      end
      block $highDone
        loop $high
          local.get $hi local.get $lo i32.lt_s br_if $highDone
          local.get $p local.get $hi i32.const 4 i32.shl i32.add local.tee $x v128.load local.set $y
          local.get $y f64x2.extract_lane 0 local.get $prune f64.lt
          local.get $y f64x2.extract_lane 1 local.get $prune f64.lt i32.and i32.eqz br_if $highDone
          local.get $x local.get $zero v128.store
          local.get $hi i32.const 1 i32.sub local.set $hi
          br $high
        end
      end
      local.get $hi local.get $lo i32.lt_s
      if
        local.get $width local.set $lo
        i32.const -1 local.set $hi
      end
      local.get $e local.get $lo i32.store
      local.get $e local.get $hi i32.store offset=4`;

/**
 * spread()'s body (see there), its parameters and locals named with `prefix` after the $: inline in
 * farBands() (a call a band spills the vector registers; the bands are often a dozen cells).
 */
function spreadBody(prefix: string, clearSource = false): string {
  // clearSource: each source cell read is cleared at once (every cell lo..hi is read).
  const body = clearSource
    ? SPREAD_BODY.replace(
        'local.get $x v128.load offset=48 local.set $a3',
        `local.get $x v128.load offset=48 local.set $a3
          local.get $x local.get $zero v128.store local.get $x local.get $zero v128.store offset=16
          local.get $x local.get $zero v128.store offset=32 local.get $x local.get $zero v128.store offset=48`,
      ).replace(
        'local.get $seg local.get $c i32.const 4 i32.shl i32.add v128.load local.set $a0',
        `local.get $seg local.get $c i32.const 4 i32.shl i32.add local.tee $x v128.load local.set $a0
          local.get $x local.get $zero v128.store`,
      )
    : SPREAD_BODY;
  return body.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => `$${prefix}${name}`);
}
const SPREAD_I32 = ['$c', '$w', '$k', '$x', '$end'];
const SPREAD_V128 = ['$zero', '$a0', '$a1', '$a2', '$a3', '$k0', '$k1', '$k2', '$x0', '$x1', '$x2', '$x3'];
const SPREAD_BODY = `
      local.get $lo local.set $c
      block $blocksDone
        local.get $c i32.const 3 i32.add local.get $last i32.gt_s br_if $blocksDone
        loop $block
          local.get $seg local.get $c i32.const 4 i32.shl i32.add local.set $x
          local.get $x v128.load local.set $a0
          local.get $x v128.load offset=16 local.set $a1
          local.get $x v128.load offset=32 local.set $a2
          local.get $x v128.load offset=48 local.set $a3
          local.get $kp v128.load64_splat local.set $k0
          local.get $kp v128.load64_splat offset=8 local.set $k1
          local.get $kp v128.load64_splat offset=16 local.set $k2
          local.get $arr local.get $c i32.const 4 i32.shl i32.add local.set $w
          local.get $w local.get $w v128.load offset=48
            local.get $a3 local.get $k0 f64x2.mul f64x2.add v128.store offset=48
          local.get $w local.get $w v128.load offset=32
            local.get $a2 local.get $k0 f64x2.mul local.get $a3 local.get $k1 f64x2.mul f64x2.add
            f64x2.add v128.store offset=32
          local.get $w local.get $w v128.load offset=16
            local.get $a1 local.get $k0 f64x2.mul local.get $a2 local.get $k1 f64x2.mul f64x2.add
            local.get $a3 local.get $k2 f64x2.mul f64x2.add
            f64x2.add v128.store offset=16
          local.get $kp local.set $k
          local.get $kp local.get $len i32.const 3 i32.shl i32.add local.set $end
          ;; entries k .. k + 3 of the kernel, slid by one each step (one load a step)
          local.get $k0 local.set $x0
          local.get $k1 local.set $x1
          local.get $k2 local.set $x2
          loop $entry
            local.get $k v128.load64_splat offset=24 local.set $x3
            local.get $w local.get $w v128.load
              local.get $a0 local.get $x0 f64x2.mul
              local.get $a1 local.get $x1 f64x2.mul f64x2.add
              local.get $a2 local.get $x2 f64x2.mul f64x2.add
              local.get $a3 local.get $x3 f64x2.mul f64x2.add
              f64x2.add v128.store
            local.get $x1 local.set $x0
            local.get $x2 local.set $x1
            local.get $x3 local.set $x2
            local.get $w i32.const 16 i32.sub local.set $w
            local.get $k i32.const 8 i32.add local.tee $k
            local.get $end i32.lt_s br_if $entry
          end
          local.get $c i32.const 4 i32.add local.tee $c
          i32.const 3 i32.add local.get $last i32.le_s br_if $block
        end
      end
      block $cellsDone
        local.get $c local.get $hi i32.gt_s br_if $cellsDone
        loop $cell
          local.get $seg local.get $c i32.const 4 i32.shl i32.add v128.load local.set $a0
          local.get $arr local.get $c i32.const 4 i32.shl i32.add local.set $w
          local.get $kp local.set $k
          local.get $kp local.get $len i32.const 3 i32.shl i32.add local.set $end
          loop $entry
            local.get $w local.get $w v128.load
              local.get $a0 local.get $k v128.load64_splat f64x2.mul f64x2.add v128.store
            local.get $w i32.const 16 i32.sub local.set $w
            local.get $k i32.const 8 i32.add local.tee $k
            local.get $end i32.lt_s br_if $entry
          end
          local.get $c i32.const 1 i32.add local.tee $c
          local.get $hi i32.le_s br_if $cell
        end
      end`;

/** The row context of settleBand() and dispatchBands(): where the rings of rows and kernels are. */
const RINGS = i32('$ring', '$rows', '$rowBytes', '$ext', '$dangerRows', '$dangerExt', '$kernels', '$segLen', '$out');
const passRings = RINGS.map(([n]) => `local.get ${n}`).join(' ');

/**
 * usefulLength() (starvation.ts) of the kernel of $d - 1 helpless calls for the largest cell $m, from
 * the last answer ($len): entries of the kernel table at $kt (padded, tail, length); leaves $kt set.
 * No cell addresses: the lane walk's settleBand() and farBands() use it as is.
 */
const USEFUL_LENGTH = `
              local.get $kernels local.get $d i32.const 1 i32.sub i32.const 12 i32.mul i32.add local.set $kt
              local.get $kt i32.load offset=4 local.set $tail
              local.get $kt i32.load offset=8 local.set $plen
              local.get $len i32.const 1 local.get $len i32.const 1 i32.ge_s select local.set $len
              local.get $len local.get $plen local.get $len local.get $plen i32.le_s select local.set $len
              block $grown
                loop $grow
                  local.get $len local.get $plen i32.ge_s br_if $grown
                  local.get $tail local.get $len i32.const 3 i32.shl i32.add f64.load local.get $m f64.mul
                  local.get $cut f64.lt br_if $grown
                  local.get $len i32.const 1 i32.add local.set $len
                  br $grow
                end
              end
              block $shrunk
                loop $shrink
                  local.get $len i32.const 1 i32.le_s br_if $shrunk
                  local.get $tail local.get $len i32.const 3 i32.shl i32.add i32.const 8 i32.sub f64.load
                  local.get $m f64.mul local.get $cut f64.lt i32.eqz br_if $shrunk
                  local.get $len i32.const 1 i32.sub local.set $len
                  br $shrink
                end
              end`;

/** What settleBand() does differently by the segment's layout (a cell's width). */
export interface SettleCells {
  /** The v128 locals: $v, and what `clear` uses. */
  vectors: [string, ValType][];
  /** spread()'s `last` for the cells up to $hi (the segment, $segLen long, permitting). */
  last: string;
  /** A cell's bytes, log2. */
  shift: 3 | 4;
  /** The cell at $x cleared. */
  clear: string;
}

/** settleBand() of the pair walk and of the lane walk (laneHelplessKernels.ts): the same but for `cells`. */
export function settleBand(cells: SettleCells): WasmFunction {
  return {
    // settle() of pairWalk.ts: the helpless heroes at cells lo..hi of the segment $seg, faint $d
    // turns from iteration t ($t: t % ring), the largest cell $m (negative: found here): the cells
    // in danger added to the danger row of their wake-up, the others spread into its awake row,
    // the segment cleared. The kernel length (usefulLength()'s last answer) at $out + 96.
    name: 'settleBand',
    params: [...i32('$seg', '$lo', '$hi', '$t', '$d', '$limit'), ['$m', 'f64'], ...RINGS, ['$cut', 'f64']],
    locals: [...i32('$len', '$kt', '$tail', '$plen', '$safe', '$k', '$x', '$c'), ...cells.vectors],
    body: `
    local.get $m f64.const 0 f64.lt
    if
      local.get $seg local.get $lo local.get $hi i32.const 1 i32.add local.get $out i32.const 32 i32.add call sumMax
      local.get $out v128.load offset=48 local.set $v
      local.get $v f64x2.extract_lane 0 local.get $v f64x2.extract_lane 1
      local.get $v f64x2.extract_lane 0 local.get $v f64x2.extract_lane 1 f64.gt select local.set $m
    end
    local.get $m f64.const 0 f64.eq if return end
    local.get $out i32.load offset=96 local.set $len
    ${USEFUL_LENGTH}
    local.get $out local.get $len i32.store offset=96
    ;; safe = max(lo, limit + len - 1); the ring index k of wake-up t + d
    local.get $limit local.get $len i32.add i32.const 1 i32.sub local.tee $safe
    local.get $lo local.get $safe local.get $lo i32.gt_s select local.set $safe
    local.get $t local.get $d i32.add local.set $k
    local.get $k local.get $ring i32.ge_s if local.get $k local.get $ring i32.sub local.set $k end
    local.get $safe local.get $lo i32.gt_s
    if
      local.get $seg local.get $dangerRows local.get $k local.get $rowBytes i32.mul i32.add
      local.get $dangerExt local.get $k i32.const 3 i32.shl i32.add
      local.get $lo
      local.get $hi i32.const 1 i32.add local.get $safe local.get $hi i32.const 1 i32.add local.get $safe i32.lt_s select
      call addNonzero
    end
    local.get $safe local.get $hi i32.le_s
    if
      local.get $seg local.get $safe local.get $hi
      ${cells.last}
      local.get $kt i32.load local.get $len
      local.get $rows local.get $k local.get $rowBytes i32.mul i32.add
      call spread
      ;; the awake row's extent: lo = min(lo, safe - len + 1), hi = max(hi, hi)
      local.get $ext local.get $k i32.const 3 i32.shl i32.add local.set $x
      local.get $safe local.get $len i32.sub i32.const 1 i32.add local.set $c
      local.get $x local.get $c local.get $x i32.load local.get $c local.get $x i32.load i32.lt_s select i32.store
      local.get $x local.get $hi local.get $x i32.load offset=4 local.get $hi local.get $x i32.load offset=4
      i32.gt_s select i32.store offset=4
    end
    ;; the segment's cells lo..hi cleared
    local.get $seg local.get $lo i32.const ${cells.shift} i32.shl i32.add local.set $x
    local.get $lo local.set $c
    block $cleared
      local.get $c local.get $hi i32.gt_s br_if $cleared
      loop $clear
        ${cells.clear}
        local.get $x i32.const ${1 << cells.shift} i32.add local.set $x
        local.get $c i32.const 1 i32.add local.tee $c
        local.get $hi i32.le_s br_if $clear
      end
    end`,
  };
}

const PAIR_SETTLE_CELLS: SettleCells = {
  vectors: v128('$v', '$zero'),
  last: `local.get $hi i32.const 3 i32.add local.get $hi
        local.get $hi i32.const 3 i32.add i32.const 1 i32.shl i32.const 1 i32.add local.get $segLen i32.lt_s select`,
  shift: 4,
  clear: 'local.get $x local.get $zero v128.store',
};

/**
 * Addresses no cell (its callees do): the lane walk (laneHelplessKernels.ts) uses it as is, its
 * callees writing every result to both halves.
 */
export function dispatchBands(): WasmFunction {
  return {
    // dispatch() of pairWalk.ts with attack faints (rows $attack and $turn, cells lo..hi): the bands
    // far from the limit in farBands(), the others (and those with cells in danger) here, from the
    // top down. The faints and turns fainted at $out + 64, + 80 (added to), the dead at $out + 16.
    name: 'dispatchBands',
    params: [
      ...i32('$attack', '$turn', '$seg', '$pass', '$lo', '$hi', '$dur', '$band', '$limit', '$t'),
      ...RINGS,
      ['$f0', 'f64'],
      ['$f1', 'f64'],
      ['$cut', 'f64'],
    ],
    locals: [...i32('$i', '$j', '$d', '$tm'), ...v128('$dead', '$sum')],
    body: `
    local.get $t local.get $ring i32.rem_u local.set $tm
    local.get $hi local.set $i
    block $exit
      loop $bands
        local.get $out i32.const 0 i32.store offset=100
        local.get $attack local.get $turn local.get $seg local.get $lo local.get $i local.get $dur local.get $band
        local.get $limit local.get $t local.get $ring local.get $rows local.get $rowBytes local.get $kernels
        local.get $ext local.get $segLen local.get $out local.get $f0 local.get $f1 local.get $cut
        call farBands local.set $i
        local.get $i local.get $lo i32.lt_s br_if $exit
        local.get $band local.get $i i32.const 2 i32.shl i32.add i32.load local.tee $j
        local.get $lo local.get $j local.get $lo i32.gt_s select local.set $j
        local.get $dur local.get $i i32.const 2 i32.shl i32.add i32.load local.set $d
        local.get $out i32.load offset=100
        if
          ;; a far band with cells in danger, its sums taken: settled here
          local.get $seg local.get $j i32.const 1 i32.sub local.get $i local.get $tm local.get $d local.get $limit
          local.get $out f64.load offset=104 ${passRings} local.get $cut call settleBand
        else
          ;; a band near the limit: its first helpless call can kill (the dead carried through)
          local.get $out local.get $dead v128.store offset=16
          local.get $attack local.get $turn local.get $seg local.get $pass local.get $j local.get $i i32.const 1 i32.add
          local.get $limit local.get $out local.get $f0 local.get $f1 call nearFaints
          local.get $out v128.load offset=16 local.set $dead
          local.get $out v128.load local.tee $sum f64x2.extract_lane 0 f64.const 0 f64.gt
          local.get $sum f64x2.extract_lane 1 f64.const 0 f64.gt i32.or
          if
            local.get $out local.get $out v128.load offset=64 local.get $sum f64x2.add v128.store offset=64
            local.get $out local.get $out v128.load offset=80
            local.get $sum local.get $d f64.convert_i32_s f64x2.splat f64x2.mul f64x2.add v128.store offset=80
            local.get $seg local.get $j i32.const 1 i32.sub i32.const 0 local.get $j i32.const 1 i32.ge_s select
            local.get $i local.get $tm local.get $d local.get $limit f64.const -1 ${passRings} local.get $cut
            call settleBand
          end
        end
        local.get $j i32.const 1 i32.sub local.set $i
        br $bands
      end
    end
    local.get $out local.get $dead v128.store offset=16`,
  };
}

/**
 * The spans whose combinedAttacks() has its blocks unrolled (combinedAttacks13): 12 attacks, the
 * slowest pair walks of the forecast sweep (about 12 % less time in combinedAttacks(); the kernel
 * loads bound it). Each costs about 1.7 ms more assembly a thread, so the other spans use the loop.
 */
export const UNROLLED_SPANS: readonly number[] = [13];

/**
 * The block part of combinedAttacks() for the cells i..i + 3 (a0..a3, at $x in the row): generic
 * (entry offsets computed, a loop over the entries) or for one span, unrolled.
 */
function blockEntries(span?: number): string {
  if (!span)
    return `
          ;; entry offsets in bytes: s0 = 8 i stride, s(m+1) = s(m) + 8 (stride + 1)
          local.get $i local.get $stride i32.mul i32.const 3 i32.shl local.set $s0
          local.get $s0 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $s1
          local.get $s1 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $s2
          local.get $s2 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $s3
          ;; the three upper cells: i + 3, i + 2, i + 1
          ${[
            ['$stay', '$p'],
            ['$faint', '$f'],
          ]
            .map(
              ([k, r]) => `
          local.get ${r} local.get $x i32.add local.get $p i32.sub local.set $w
          local.get $w local.get $w v128.load offset=48
            local.get $a3 local.get ${k} local.get $s3 i32.add i32.const 24 i32.sub v128.load64_splat f64x2.mul
          f64x2.add v128.store offset=48
          local.get $w local.get $w v128.load offset=32
            local.get $a2 local.get ${k} local.get $s2 i32.add i32.const 16 i32.sub v128.load64_splat f64x2.mul
            local.get $a3 local.get ${k} local.get $s3 i32.add i32.const 16 i32.sub v128.load64_splat f64x2.mul
            f64x2.add
          f64x2.add v128.store offset=32
          local.get $w local.get $w v128.load offset=16
            local.get $a1 local.get ${k} local.get $s1 i32.add i32.const 8 i32.sub v128.load64_splat f64x2.mul
            local.get $a2 local.get ${k} local.get $s2 i32.add i32.const 8 i32.sub v128.load64_splat f64x2.mul
            f64x2.add
            local.get $a3 local.get ${k} local.get $s3 i32.add i32.const 8 i32.sub v128.load64_splat f64x2.mul
            f64x2.add
          f64x2.add v128.store offset=16`,
            )
            .join('')}
          ;; every entry j < span, output i - j
          local.get $x local.set $w
          local.get $f local.get $x i32.add local.get $p i32.sub local.set $to
          i32.const 0 local.set $j
          loop $entries
            ${[
              ['$stay', '$w'],
              ['$faint', '$to'],
            ]
              .map(
                ([k, r]) => `
            local.get ${r} local.get ${r} v128.load
              local.get $a0 local.get ${k} local.get $s0 i32.add local.get $j i32.add v128.load64_splat f64x2.mul
              local.get $a1 local.get ${k} local.get $s1 i32.add local.get $j i32.add v128.load64_splat f64x2.mul
              f64x2.add
              local.get $a2 local.get ${k} local.get $s2 i32.add local.get $j i32.add v128.load64_splat f64x2.mul
              f64x2.add
              local.get $a3 local.get ${k} local.get $s3 i32.add local.get $j i32.add v128.load64_splat f64x2.mul
              f64x2.add
            f64x2.add v128.store`,
              )
              .join('')}
            local.get $w i32.const 16 i32.sub local.set $w
            local.get $to i32.const 16 i32.sub local.set $to
            local.get $j i32.const 8 i32.add local.tee $j
            local.get $span i32.const 3 i32.shl i32.lt_s br_if $entries
          end
`;
  const stride = span + 3; // AttackKernels: span + BLOCK - 1
  // Cell i + m's entry e at 8 (m stride + e) from the block's kernel address; output i - j at
  // 16 (span - 1 - j) from the rows' addresses moved down by span - 1 cells.
  const entry = (m: number, e: number) => 8 * (m * stride + e);
  const rows = [
    ['$stay', '$p', '$ks', '$ws'],
    ['$faint', '$f', '$kf', '$wf'],
  ] as const;
  const term = (k: string, a: number, e: number) =>
    `local.get $a${a} local.get ${k} v128.load64_splat offset=${entry(a, e)} f64x2.mul`;
  const sum = (k: string, terms: [number, number][]) =>
    terms.map(([a, e], n) => `${term(k, a, e)}${n > 0 ? ' f64x2.add' : ''}`).join(' ');
  const out = (w: string, at: number, k: string, terms: [number, number][]) =>
    `local.get ${w} local.get ${w} v128.load offset=${at} ${sum(k, terms)} f64x2.add v128.store offset=${at}`;
  const base = 16 * (span - 1);
  return `
          local.get $i i32.const ${8 * stride} i32.mul local.set $s0
          ${rows
            .map(
              ([kernel, row, k, w]) => `
          local.get ${kernel} local.get $s0 i32.add local.set ${k}
          local.get ${row} local.get $x i32.add local.get $p i32.sub i32.const ${base} i32.sub local.set ${w}`,
            )
            .join('')}
          ;; the three upper cells: i + 3, i + 2, i + 1
          ${rows
            .map(([, , k, w]) =>
              [
                out(w, base + 48, k, [[3, 0]]),
                out(w, base + 32, k, [
                  [2, 0],
                  [3, 1],
                ]),
                out(w, base + 16, k, [
                  [1, 0],
                  [2, 1],
                  [3, 2],
                ]),
              ].join('\n'),
            )
            .join('\n')}
          ;; every entry j < span, output i - j
          ${Array.from({ length: span }, (_, j) =>
            rows
              .map(([, , k, w]) =>
                out(w, base - 16 * j, k, [
                  [0, j],
                  [1, j + 1],
                  [2, j + 2],
                  [3, j + 3],
                ]),
              )
              .join('\n'),
          ).join('\n')}
`;
}

/**
 * combinedAttacks(), generic (`span` undefined) or for one span (as combinedAttacks13: its blocks'
 * entries unrolled, every kernel entry at a constant offset from one address a block, no loop).
 */
function combinedAttacksFunction(span?: number): WasmFunction {
  return {
    // combinedAttacks() (pairWalk.ts) for cells lo..hi of the row at $p, faints to $f, with the
    // kernels (stay, faint at $stay, $faint: entry (i, j) at 8 (i stride + j); dead at $deadFrom + 8 i)
    // built for every cell used: the cells whose outputs may fall below cell 0 one at a time, then
    // four at a time, then the last ones one at a time. The dead by lane at $out.
    name: span ? `combinedAttacks${span}` : 'combinedAttacks',
    params: i32('$p', '$f', '$lo', '$hi', '$stay', '$faint', '$deadFrom', '$span', '$stride', '$out'),
    locals: [
      ...i32('$i', '$j', '$to', '$w', '$s0', '$s1', '$s2', '$s3', '$x', '$end', '$ks', '$kf', '$ws', '$wf'),
      ...v128('$a0', '$a1', '$a2', '$a3', '$dead', '$zero'),
    ],
    body: `
      local.get $lo local.set $i
      ;; one at a time while outputs may fall below cell 0 (kept there)
      block $clampedDone
        loop $clamped
          local.get $i local.get $hi i32.gt_s br_if $clampedDone
          local.get $i local.get $span i32.const 1 i32.sub i32.ge_s br_if $clampedDone
          local.get $p local.get $i i32.const 4 i32.shl i32.add local.tee $x v128.load local.set $a0
          local.get $x local.get $zero v128.store
          local.get $i local.get $stride i32.mul i32.const 3 i32.shl local.set $s0
          i32.const 0 local.set $j
          loop $entry
            local.get $i local.get $j i32.sub local.tee $to i32.const 0 local.get $to i32.const 0 i32.gt_s select
            i32.const 4 i32.shl local.set $w
            local.get $p local.get $w i32.add local.tee $x
            local.get $x v128.load local.get $a0 local.get $stay local.get $s0 i32.add v128.load64_splat f64x2.mul
            f64x2.add v128.store
            local.get $f local.get $w i32.add local.tee $x
            local.get $x v128.load local.get $a0 local.get $faint local.get $s0 i32.add v128.load64_splat f64x2.mul
            f64x2.add v128.store
            local.get $s0 i32.const 8 i32.add local.set $s0
            local.get $j i32.const 1 i32.add local.tee $j
            local.get $span i32.lt_s br_if $entry
          end
          local.get $dead local.get $a0
          local.get $deadFrom local.get $i i32.const 3 i32.shl i32.add v128.load64_splat f64x2.mul f64x2.add
          local.set $dead
          local.get $i i32.const 1 i32.add local.set $i
          br $clamped
        end
      end
      ;; four at a time: output i - j takes cell i + m's entry j + m
      block $blocksDone
        loop $block
          local.get $i i32.const 3 i32.add local.get $hi i32.gt_s br_if $blocksDone
          local.get $p local.get $i i32.const 4 i32.shl i32.add local.tee $x v128.load local.set $a0
          local.get $x v128.load offset=16 local.set $a1
          local.get $x v128.load offset=32 local.set $a2
          local.get $x v128.load offset=48 local.set $a3
          local.get $x local.get $zero v128.store
          local.get $x local.get $zero v128.store offset=16
          local.get $x local.get $zero v128.store offset=32
          local.get $x local.get $zero v128.store offset=48
          local.get $deadFrom local.get $i i32.const 3 i32.shl i32.add local.set $w
          local.get $dead
            local.get $a0 local.get $w v128.load64_splat f64x2.mul
            local.get $a1 local.get $w v128.load64_splat offset=8 f64x2.mul f64x2.add
            local.get $a2 local.get $w v128.load64_splat offset=16 f64x2.mul f64x2.add
            local.get $a3 local.get $w v128.load64_splat offset=24 f64x2.mul f64x2.add
          f64x2.add local.set $dead
${blockEntries(span)}          local.get $i i32.const 4 i32.add local.set $i
          br $block
        end
      end
      ;; the last few one at a time (no clamp: i >= span - 1)
      block $lastDone
        loop $last
          local.get $i local.get $hi i32.gt_s br_if $lastDone
          local.get $p local.get $i i32.const 4 i32.shl i32.add local.tee $x v128.load local.set $a0
          local.get $x local.get $zero v128.store
          local.get $i local.get $stride i32.mul i32.const 3 i32.shl local.set $s0
          local.get $x local.set $w
          local.get $f local.get $x i32.add local.get $p i32.sub local.set $to
          local.get $s0 local.get $span i32.const 3 i32.shl i32.add local.set $end
          loop $entry
            local.get $w local.get $w v128.load local.get $a0 local.get $stay local.get $s0 i32.add v128.load64_splat
            f64x2.mul f64x2.add v128.store
            local.get $to local.get $to v128.load local.get $a0 local.get $faint local.get $s0 i32.add v128.load64_splat
            f64x2.mul f64x2.add v128.store
            local.get $w i32.const 16 i32.sub local.set $w
            local.get $to i32.const 16 i32.sub local.set $to
            local.get $s0 i32.const 8 i32.add local.tee $s0
            local.get $end i32.lt_s br_if $entry
          end
          local.get $dead local.get $a0
          local.get $deadFrom local.get $i i32.const 3 i32.shl i32.add v128.load64_splat f64x2.mul f64x2.add
          local.set $dead
          local.get $i i32.const 1 i32.add local.set $i
          br $last
        end
      end
      local.get $out local.get $dead v128.store`,
  };
}

/**
 * The walk's fixed context (pairWalk.ts writes it once a walk, at CONTEXT_AT): i32 fields, then f64
 * ones, at these byte offsets.
 */
export const CONTEXT = {
  rows: 0,
  rowBytes: 4,
  ext: 8,
  dangerRows: 12,
  dangerExt: 16,
  ring: 20,
  width: 24,
  limit: 28,
  pass: 32,
  dur: 36,
  band: 40,
  kernels: 44,
  segLen: 48,
  attack: 52,
  attackExt: 56,
  turn: 60,
  turnExt: 64,
  seg: 68,
  stay: 72,
  faint: 76,
  deadFrom: 80,
  span: 84,
  stride: 88,
  attacks: 92,
  q0: 96,
  q1: 104,
  f0: 112,
  f1: 120,
  prune: 128,
  cut: 136,
  // iterations(): the cells whose combined attack kernels are built, the deaths' chunk (f64x2 by
  // iteration from deathsBase on), the lanes that have stopped (bit by lane), the stop; by lane
  // (f64x2): the mass planned, dead in all, faints and turns fainted.
  builtLo: 144,
  builtHi: 148,
  deaths: 152,
  deathsBase: 156,
  ended: 160,
  epsilon: 168,
  planned: 176,
  dead: 192,
  faints: 208,
  turns: 224,
} as const;
export const CONTEXT_BYTES = 240;
/** iterate()'s dead by lane (f64x2 each) at these offsets of the scratch: the attacks', the helpless calls', the turn call's, the dispatch's. */
const ITERATION_DEAD = [128, 144, 160, 176] as const;

/** Extents (lo, hi at $e): lo = min(lo, $a), hi = max(hi, $b), the temporaries $x (i32). */
const widen = (e: string, a: string, b: string) => `
      local.get ${e} ${a} local.set $x local.get $x local.get ${e} i32.load local.get $x local.get ${e} i32.load
      i32.lt_s select i32.store
      local.get ${e} ${b} local.set $x local.get $x local.get ${e} i32.load offset=4 local.get $x
      local.get ${e} i32.load offset=4 i32.gt_s select i32.store offset=4`;
/** An empty extent at $e: lo = width, hi = -1. */
const emptyExtent = (e: string) =>
  `local.get ${e} local.get $width i32.store local.get ${e} i32.const -1 i32.store offset=4`;

/**
 * The start of an awake call's first cell (twoPoint(), turnCall() of pairWalk.ts), the same in the
 * lane walk (laneAwakeKernels.ts): the dead at $out cleared, the row's extent at $pe read; nothing to
 * do (returns) when empty; else $lo (j), $split, $rhi set.
 */
export const FIRST_CELL_EXTENT = `
      local.get $out local.get $zero v128.store
      local.get $pe i32.load local.set $rlo
      local.get $pe i32.load offset=4 local.set $rhi
      local.get $rhi local.get $rlo i32.lt_s if return end
      local.get $rlo i32.const 1 i32.sub i32.const 0 local.get $rlo select local.set $lo
      local.get $limit local.set $split
      local.get $lo local.get $split local.get $split local.get $lo i32.lt_s select local.set $split
      local.get $rhi i32.const 1 i32.add local.get $split local.get $split local.get $rhi i32.const 1 i32.add i32.gt_s
      select local.set $split`;

/** The parts of attackCall() and turnCall() that depend on a row's layout (a cell's width). */
export interface AwakeCallCell {
  /** The first cell: FIRST_CELL_EXTENT, then $y, $o the call and who passes at cell $lo (at $x), faints to $f. */
  first: string;
  locals: [string, ValType][];
  /** Cell $lo's dead ($y - $o) stored at $out (the dead by lane). */
  deadOut: string;
  /** Cell $lo (at $x) cleared. */
  clear: string;
  /** Cell $lo's survivors ($y - $o) stored at $x (attackCall). */
  keep: string;
  /** Cell $lo's survivors added to the row at $n (turnCall). */
  into: string;
}

/**
 * The awake row's calls of an iteration (iteration() of pairWalk.ts): one attack, the turn call;
 * the pair walk's and the lane walk's (laneAwakeKernels.ts) differ only in the first cell's operations.
 */
export function awakeCalls(cell: AwakeCallCell): WasmFunction[] {
  return [
    {
      // twoPoint() of pairWalk.ts with faints (one attack) of the row at $p (extent at $pe), faints
      // to $f (extent at $fe): the dead by lane at $out.
      name: 'attackCall',
      params: [
        ...i32('$p', '$pe', '$f', '$fe', '$pass', '$limit', '$width', '$out'),
        ['$q0', 'f64'],
        ['$q1', 'f64'],
        ['$prune', 'f64'],
      ],
      locals: cell.locals,
      body: `${cell.first}
      local.get $lo local.get $split i32.lt_s
      if
        ${cell.deadOut}
        ${cell.clear}
      else
        ${cell.keep}
      end
      local.get $lo i32.const 1 i32.add local.get $split i32.lt_s
      if
        local.get $p local.get $f local.get $pass local.get $out local.get $lo i32.const 1 i32.add local.get $split
        local.get $q0 local.get $q1 call callFaintDie
      end
      local.get $split local.get $lo i32.const 1 i32.add local.get $split local.get $lo i32.gt_s select local.tee $c
      local.get $rhi i32.le_s
      if
        local.get $p local.get $f local.get $pass local.get $c local.get $rhi i32.const 1 i32.add
        local.get $q0 local.get $q1 call callFaintKeep
      end
      ${widen('$fe', 'local.get $lo', 'local.get $rhi')}
      local.get $pe local.get $split i32.store
      local.get $pe local.get $rhi i32.const -1 local.get $split local.get $rhi i32.le_s select i32.store offset=4
      local.get $split local.get $rhi i32.le_s
      if
        local.get $p local.get $pe local.get $width local.get $prune call prune
      else
        ${emptyExtent('$pe')}
      end`,
    },
    {
      // turnCall() of pairWalk.ts: the turn call of the row at $p (extent at $pe, left empty),
      // faints to $f, who stays awake to $n (extents at $fe, $ne): the dead by lane at $out.
      name: 'turnCall',
      params: [
        ...i32('$p', '$pe', '$f', '$fe', '$n', '$ne', '$pass', '$limit', '$width', '$out'),
        ['$q0', 'f64'],
        ['$q1', 'f64'],
      ],
      locals: cell.locals,
      body: `${cell.first}
      local.get $lo local.get $split i32.lt_s
      if
        ${cell.deadOut}
      else
        ${cell.into}
      end
      ${cell.clear}
      local.get $lo i32.const 1 i32.add local.get $split i32.lt_s
      if
        local.get $p local.get $f local.get $pass local.get $out local.get $lo i32.const 1 i32.add local.get $split
        local.get $q0 local.get $q1 call callFaintDie
      end
      local.get $split local.get $lo i32.const 1 i32.add local.get $split local.get $lo i32.gt_s select local.tee $c
      local.get $rhi i32.le_s
      if
        local.get $p local.get $f local.get $n local.get $pass local.get $c local.get $rhi i32.const 1 i32.add
        local.get $q0 local.get $q1 call callFaintInto
      end
      ${widen('$fe', 'local.get $lo', 'local.get $rhi')}
      local.get $split local.get $rhi i32.le_s
      if
        ${widen('$ne', 'local.get $split', 'local.get $rhi')}
      end
      ${emptyExtent('$pe')}`,
    },
  ];
}

/** The pair walk's awake calls: a cell both lanes, 16 bytes. */
const PAIR_CALL_CELL: AwakeCallCell = {
  first: `${FIRST_CELL_EXTENT}
      local.get $q0 f64x2.splat local.set $Q0
      local.get $q1 f64x2.splat local.set $Q1
      local.get $p local.get $lo i32.const 4 i32.shl i32.add local.set $x
      local.get $x v128.load local.get $Q0 f64x2.mul
      local.get $x v128.load offset=16 local.get $Q1 f64x2.mul f64x2.add
      local.get $p v128.load local.get $Q1 f64x2.mul
      local.get $rlo i32.eqz f64.convert_i32_s f64x2.splat f64x2.mul
      f64x2.add local.set $y
      local.get $y local.get $pass local.get $lo i32.const 3 i32.shl i32.add v128.load64_splat f64x2.mul local.set $o
      local.get $f local.get $lo i32.const 4 i32.shl i32.add local.tee $c
      local.get $c v128.load local.get $o f64x2.add v128.store`,
  locals: [...i32('$rlo', '$rhi', '$lo', '$split', '$x', '$c'), ...v128('$Q0', '$Q1', '$y', '$o', '$zero')],
  deadOut: 'local.get $out local.get $y local.get $o f64x2.sub v128.store',
  clear: 'local.get $x local.get $zero v128.store',
  keep: 'local.get $x local.get $y local.get $o f64x2.sub v128.store',
  into: `local.get $n local.get $lo i32.const 4 i32.shl i32.add local.tee $c
        local.get $c v128.load local.get $y local.get $o f64x2.sub f64x2.add v128.store`,
};

/**
 * One whole iteration with attacks (iteration() of pairWalk.ts) and a chunk of them: the same for
 * the lane walk (laneKernels.ts), whose parts have the same names and parameters and write every
 * result to both halves of its f64x2 slot, so these read it as two lanes; they address no cell.
 */
export function iterationDrivers(): WasmFunction[] {
  return [
    {
      // iterate() from iteration $from until $to, while each stopping lane is alive and the attack
      // kernels the awake row needs are built: the deaths of each iteration's parts added to the
      // chunk (die() of pairWalk.ts: the attacks' at t - 1, the others at t, in that order), the dead,
      // faints and turns fainted to the context's totals. Returns the first iteration not run: after
      // one where a lane still running fell below the stop, or one whose kernels are missing.
      name: 'iterations',
      params: i32('$from', '$to', '$ctx', '$out'),
      result: 'i32',
      locals: [
        ...i32('$t', '$deaths', '$base', '$ring', '$ext', '$e', '$lo', '$hi', '$several', '$ended', '$at'),
        ['$epsilon', 'f64'],
        ...v128('$planned', '$dead', '$faints', '$turns', '$x', '$zero'),
      ],
      body: `
      local.get $ctx i32.load offset=${CONTEXT.deaths} local.set $deaths
      local.get $ctx i32.load offset=${CONTEXT.deathsBase} local.set $base
      local.get $ctx i32.load offset=${CONTEXT.ring} local.set $ring
      local.get $ctx i32.load offset=${CONTEXT.ext} local.set $ext
      local.get $ctx i32.load offset=${CONTEXT.ended} local.set $ended
      local.get $ctx i32.load offset=${CONTEXT.attacks} i32.const 1 i32.gt_s local.set $several
      local.get $ctx f64.load offset=${CONTEXT.epsilon} local.set $epsilon
      local.get $ctx v128.load offset=${CONTEXT.planned} local.set $planned
      local.get $ctx v128.load offset=${CONTEXT.dead} local.set $dead
      local.get $ctx v128.load offset=${CONTEXT.faints} local.set $faints
      local.get $ctx v128.load offset=${CONTEXT.turns} local.set $turns
      local.get $from local.set $t
      block $stop
        loop $each
          local.get $t local.get $to i32.ge_s br_if $stop
          local.get $several
          if
            ;; the awake row's cells must have their kernels
            local.get $ext local.get $t local.get $ring i32.rem_u i32.const 3 i32.shl i32.add local.tee $e
            i32.load local.set $lo
            local.get $e i32.load offset=4 local.set $hi
            local.get $hi local.get $lo i32.ge_s
            if
              local.get $lo local.get $ctx i32.load offset=${CONTEXT.builtLo} i32.lt_s br_if $stop
              local.get $hi local.get $ctx i32.load offset=${CONTEXT.builtHi} i32.gt_s br_if $stop
            end
          end
          local.get $t local.get $ctx local.get $out call iterate
          ;; the attacks' dead at t - 1, the rest at t
          local.get $deaths local.get $t i32.const 1 i32.sub local.get $base i32.sub i32.const 4 i32.shl i32.add
          local.tee $at local.get $at v128.load local.get $out v128.load offset=${ITERATION_DEAD[0]} local.tee $x
          f64x2.add v128.store
          local.get $dead local.get $x f64x2.add local.set $dead
          ;; iteration t's cell starts at 0 (0 + x is x: no deaths are -0)
          local.get $at i32.const 16 i32.add local.tee $at local.get $zero v128.store
          ${ITERATION_DEAD.slice(1)
            .map(
              (offset) => `
          local.get $at local.get $at v128.load local.get $out v128.load offset=${offset} local.tee $x
          f64x2.add v128.store
          local.get $dead local.get $x f64x2.add local.set $dead`,
            )
            .join('')}
          local.get $faints local.get $out v128.load offset=64 f64x2.add local.set $faints
          local.get $turns local.get $out v128.load offset=80 f64x2.add local.set $turns
          local.get $t i32.const 1 i32.add local.set $t
          ;; a lane still running below the stop: back to JavaScript, which takes its result
          local.get $planned local.get $dead f64x2.sub local.set $x
          local.get $ended i32.const 1 i32.and i32.eqz
          local.get $x f64x2.extract_lane 0 local.get $epsilon f64.lt i32.and br_if $stop
          local.get $ended i32.const 2 i32.and i32.eqz
          local.get $x f64x2.extract_lane 1 local.get $epsilon f64.lt i32.and br_if $stop
          br $each
        end
      end
      local.get $ctx local.get $dead v128.store offset=${CONTEXT.dead}
      local.get $ctx local.get $faints v128.store offset=${CONTEXT.faints}
      local.get $ctx local.get $turns v128.store offset=${CONTEXT.turns}
      local.get $t`,
    },
    {
      // iteration() of pairWalk.ts for iteration $t (after the seeds' one), with the walk's context at
      // $ctx: the attacks of the awake row (one: attackCall; several: combinedAttacks), the helpless
      // calls, the turn call, the dispatch of the faints, ++multi. The dead of each part by lane at
      // $out + ITERATION_DEAD; the dispatch's faints and turns fainted at $out + 64, + 80.
      name: 'iterate',
      params: i32('$t', '$ctx', '$out'),
      locals: [
        ...i32('$rows', '$rowBytes', '$ext', '$dangerRows', '$dangerExt', '$ring', '$width', '$limit', '$pass'),
        ...i32('$dur', '$band', '$kernels', '$segLen', '$attack', '$attackExt', '$turn', '$turnExt', '$seg'),
        ...i32('$k', '$k1', '$here', '$hereExt', '$next', '$nextExt', '$lo', '$hi', '$alo', '$ahi', '$blo', '$bhi'),
        ...i32('$i', '$j', '$d', '$x', '$c', '$e', '$src'),
        ...[...['$q0', '$q1', '$f0', '$f1', '$prune', '$cut', '$m']].map((n): [string, 'f64'] => [n, 'f64']),
        ...v128('$zero', '$sum', '$v'),
      ],
      body: `
      ${[
        'rows',
        'rowBytes',
        'ext',
        'dangerRows',
        'dangerExt',
        'ring',
        'width',
        'limit',
        'pass',
        'dur',
        'band',
        'kernels',
        'segLen',
        'attack',
        'attackExt',
        'turn',
        'turnExt',
        'seg',
      ]
        .map((n) => `local.get $ctx i32.load offset=${CONTEXT[n as keyof typeof CONTEXT]} local.set $${n}`)
        .join('\n')}
      ${['q0', 'q1', 'f0', 'f1', 'prune', 'cut']
        .map((n) => `local.get $ctx f64.load offset=${CONTEXT[n as keyof typeof CONTEXT]} local.set $${n}`)
        .join('\n')}
      ;; the ring indices of iteration t and t + 1, their awake rows
      local.get $t local.get $ring i32.rem_u local.set $k
      local.get $k i32.const 1 i32.add local.tee $k1 local.get $ring i32.eq if i32.const 0 local.set $k1 end
      local.get $rows local.get $k local.get $rowBytes i32.mul i32.add local.set $here
      local.get $ext local.get $k i32.const 3 i32.shl i32.add local.set $hereExt
      local.get $rows local.get $k1 local.get $rowBytes i32.mul i32.add local.set $next
      local.get $ext local.get $k1 i32.const 3 i32.shl i32.add local.set $nextExt
      ;; the attacks of block t - 1
      local.get $ctx i32.load offset=${CONTEXT.attacks} i32.const 1 i32.eq
      if
        local.get $here local.get $hereExt local.get $attack local.get $attackExt local.get $pass local.get $limit
        local.get $width local.get $out local.get $q0 local.get $q1 local.get $prune call attackCall
      else
        local.get $out local.get $zero v128.store
        local.get $hereExt i32.load local.set $lo
        local.get $hereExt i32.load offset=4 local.set $hi
        local.get $hi local.get $lo i32.ge_s
        if
          local.get $ctx i32.load offset=${CONTEXT.span} local.set $c
          ${[...UNROLLED_SPANS, 0]
            .map((span) => {
              const call = `local.get $here local.get $attack local.get $lo local.get $hi
                local.get $ctx i32.load offset=${CONTEXT.stay} local.get $ctx i32.load offset=${CONTEXT.faint}
                local.get $ctx i32.load offset=${CONTEXT.deadFrom} local.get $c
                local.get $ctx i32.load offset=${CONTEXT.stride} local.get $out call combinedAttacks${span || ''}`;
              return span ? `local.get $c i32.const ${span} i32.eq if ${call} else` : call;
            })
            .join('\n')}
          ${UNROLLED_SPANS.map(() => 'end').join(' ')}
          ;; bottom = max(0, lo - span + 1)
          local.get $lo local.get $ctx i32.load offset=${CONTEXT.span} i32.sub i32.const 1 i32.add local.tee $c
          i32.const 0 local.get $c i32.const 0 i32.gt_s select local.set $c
          ${widen('$attackExt', 'local.get $c', 'local.get $hi')}
          local.get $hereExt local.get $c i32.store
          local.get $here local.get $hereExt local.get $width local.get $prune call prune
          local.get $attack local.get $attackExt local.get $width local.get $prune call prune
        end
      end
      local.get $out local.get $out v128.load v128.store offset=${ITERATION_DEAD[0]}
      ;; the helpless calls of every danger row
      local.get $dangerRows local.get $rowBytes local.get $dangerExt local.get $ring local.get $t i32.const 1 i32.add
      local.get $ring i32.const 1 i32.sub local.get $pass local.get $limit local.get $width local.get $out
      local.get $f0 local.get $f1 local.get $prune call helplessCalls
      local.get $out local.get $out v128.load v128.store offset=${ITERATION_DEAD[1]}
      ;; the turn call: who stays awake goes to the next prompt's row
      local.get $here local.get $hereExt local.get $turn local.get $turnExt local.get $next local.get $nextExt
      local.get $pass local.get $limit local.get $width local.get $out local.get $q0 local.get $q1 call turnCall
      local.get $out local.get $out v128.load v128.store offset=${ITERATION_DEAD[2]}
      ;; the dispatch of the faints
      local.get $out local.get $zero v128.store offset=${ITERATION_DEAD[3]}
      local.get $out local.get $zero v128.store offset=64
      local.get $out local.get $zero v128.store offset=80
      local.get $attackExt i32.load local.set $alo
      local.get $attackExt i32.load offset=4 local.set $ahi
      local.get $turnExt i32.load local.set $blo
      local.get $turnExt i32.load offset=4 local.set $bhi
      block $dispatched
        local.get $ahi local.get $alo i32.lt_s local.get $bhi local.get $blo i32.lt_s i32.and br_if $dispatched
        local.get $alo local.get $blo local.get $alo local.get $blo i32.lt_s select local.set $lo
        local.get $ahi local.get $bhi local.get $ahi local.get $bhi i32.gt_s select local.set $hi
        local.get $ahi local.get $alo i32.ge_s
        if
          local.get $attack local.get $turn local.get $seg local.get $pass local.get $lo local.get $hi local.get $dur
          local.get $band local.get $limit local.get $t local.get $ring local.get $rows local.get $rowBytes local.get $ext
          local.get $dangerRows local.get $dangerExt local.get $kernels local.get $segLen local.get $out
          local.get $f0 local.get $f1 local.get $cut call dispatchBands
          local.get $out local.get $out v128.load offset=16 v128.store offset=${ITERATION_DEAD[3]}
;; both rows cleared as the bands read them
        else
          ;; turn faints only: band by band from the top, each settled from the turn's row
          local.get $hi local.set $i
          block $bandsDone
            loop $bands
              local.get $i local.get $lo i32.lt_s br_if $bandsDone
              local.get $band local.get $i i32.const 2 i32.shl i32.add i32.load local.tee $j
              local.get $lo local.get $j local.get $lo i32.gt_s select local.set $j
              local.get $dur local.get $i i32.const 2 i32.shl i32.add i32.load local.set $d
              local.get $turn local.get $j local.get $i i32.const 1 i32.add local.get $out i32.const 32 i32.add
              call sumMax
              local.get $out v128.load offset=48 local.set $v
              local.get $v f64x2.extract_lane 0 local.get $v f64x2.extract_lane 1
              local.get $v f64x2.extract_lane 0 local.get $v f64x2.extract_lane 1 f64.gt select local.set $m
              local.get $out v128.load offset=32 local.tee $sum f64x2.extract_lane 0 f64.const 0 f64.gt
              local.get $sum f64x2.extract_lane 1 f64.const 0 f64.gt i32.or
              if
                local.get $out local.get $out v128.load offset=64 local.get $sum f64x2.add v128.store offset=64
                local.get $out local.get $out v128.load offset=80
                local.get $sum local.get $d f64.convert_i32_s f64x2.splat f64x2.mul f64x2.add v128.store offset=80
                local.get $turn local.get $j local.get $i local.get $k local.get $d local.get $limit local.get $m
                local.get $ring local.get $rows local.get $rowBytes local.get $ext local.get $dangerRows
                local.get $dangerExt local.get $kernels local.get $segLen local.get $out local.get $cut call settleBand
              end
              local.get $j i32.const 1 i32.sub local.set $i
              br $bands
            end
          end
        end
        ${emptyExtent('$attackExt')}
        ${emptyExtent('$turnExt')}
      end
      ;; ++multi: who wakes up now (the danger row of t + 1) joins the next prompt's row
      local.get $dangerRows local.get $k1 local.get $rowBytes i32.mul i32.add local.set $src
      local.get $dangerExt local.get $k1 i32.const 3 i32.shl i32.add local.set $e
      local.get $e i32.load local.set $lo
      local.get $e i32.load offset=4 local.set $hi
      local.get $hi local.get $lo i32.ge_s
      if
        local.get $src local.get $next local.get $lo local.get $hi i32.const 1 i32.add call moveCells
        ${widen('$nextExt', 'local.get $lo', 'local.get $hi')}
        ${emptyExtent('$e')}
      end`,
    },
  ];
}

// Parts of farBands() that address no cell: the lane walk's farBands() (laneHelplessKernels.ts) uses them too.
/** The band of cell $i: $j its low cell (not below lo), out (to $exit) when near the limit; $d its duration. */
export const BAND_BOUNDS = `
          ;; j = max(bandLow[i], lo); a band near the limit ends the far ones
          local.get $band local.get $i i32.const 2 i32.shl i32.add i32.load local.tee $j
          local.get $lo local.get $j local.get $lo i32.gt_s select local.set $j
          local.get $j i32.const 1 i32.sub local.get $limit i32.lt_s br_if $exit
          local.get $dur local.get $i i32.const 2 i32.shl i32.add i32.load local.set $d`;
/**
 * A far band's kernel length ($len, $kt); out (to $exit, flag and m at $out + 100, + 104) with cells
 * in danger; else $k the ring index of its wake-up.
 */
export const FAR_BAND_WAKE = `
              ;; usefulLength() of the kernel of d - 1 calls
              ${USEFUL_LENGTH}
              ;; cells in danger: left to JavaScript (flag, m)
              local.get $limit local.get $len i32.add local.get $j i32.gt_s
              if
                local.get $out i32.const 1 i32.store offset=100
                local.get $out local.get $m f64.store offset=104
                br $exit
              end
              ;; spread() into the awake row of wake-up t + d
              local.get $t local.get $d i32.add local.set $k
              local.get $k local.get $ring i32.ge_s if local.get $k local.get $ring i32.sub local.set $k end`;
/** The awake row k's extent after a band's spread(): lo = min(lo, j - len), hi = max(hi, i). */
export const SPREAD_EXTENT = `
              ;; the row's extent (lo, hi at $ext + 8 k): lo = min(lo, j - len), hi = max(hi, i)
              local.get $ext local.get $k i32.const 3 i32.shl i32.add local.set $x
              local.get $j local.get $len i32.sub local.set $c
              local.get $x local.get $c local.get $x i32.load local.get $c local.get $x i32.load i32.lt_s select
              i32.store
              local.get $x local.get $i local.get $x i32.load offset=4 local.get $i local.get $x i32.load offset=4
              i32.gt_s select i32.store offset=4`;

const FUNCTIONS: WasmFunction[] = [
  ...callFunctions(2),
  {
    // dst[j] += src[j]
    name: 'addRow',
    params: i32('$src', '$dst', '$from', '$to'),
    body: `${atFrom('$src', 4)} ${atFrom('$dst', 4)}
      ${eachCell(
        [
          ['$src', 16],
          ['$dst', 16],
        ],
        'local.get $dst local.get $dst v128.load local.get $src v128.load f64x2.add v128.store',
      )}`,
  },
  {
    // The sums of both lanes over the cells (at $out) and their largest values (at $out + 16).
    name: 'sumMax',
    params: i32('$p', '$from', '$to', '$out'),
    locals: v128('$x', '$sum', '$most'),
    body: `${atFrom('$p', 4)}
      ${eachCell(
        [['$p', 16]],
        `local.get $p v128.load local.set $x
         local.get $sum local.get $x f64x2.add local.set $sum
         local.get $most local.get $x f64x2.pmax local.set $most`,
      )}
      local.get $out local.get $sum v128.store local.get $out local.get $most v128.store offset=16`,
  },
  {
    // spread(): arr[c - k] += seg[c] kernel[k] for c in lo..hi, k < len, four source cells at a
    // time up to `last` (cells past hi hold zeros), then one at a time.
    name: 'spread',
    params: i32('$seg', '$lo', '$hi', '$last', '$kp', '$len', '$arr'),
    locals: [...i32(...SPREAD_I32), ...v128(...SPREAD_V128)],
    body: spreadBody(''),
  },
  {
    // dispatch()'s bands far from the limit (see there and farBands() in pairWalk.ts), from cell
    // $hi down: each band's first fainted call (turn and attack faints: f0 stays, f1 one cell down),
    // its sums, then settle() of its cells with no cell in danger (usefulLength() of its kernel,
    // spread() into the awake row of its wake-up, the segment cleared). Stops at the first band near
    // the limit (returns its top cell) or, after the sums, at a band with cells in danger (returns
    // its top cell, flag set).
    // The faints and turns fainted (at $out + 64, + 80) are added to; the rows' cells read are cleared.
    name: 'farBands',
    params: [
      ...i32('$attack', '$turn', '$seg', '$lo', '$hi', '$dur', '$band', '$limit', '$t', '$ring', '$rows'),
      ...i32('$rowBytes', '$kernels', '$ext', '$segLen', '$out'),
      ['$f0', 'f64'],
      ['$f1', 'f64'],
      ['$cut', 'f64'],
    ],
    result: 'i32',
    locals: [
      ...i32('$i', '$j', '$c', '$d', '$k', '$len', '$kt', '$tail', '$plen', '$safe', '$A', '$T', '$S', '$x'),
      ...i32(
        ...['$seg', '$lo', '$hi', '$last', '$kp', '$len', '$arr', ...SPREAD_I32].map((n) => n.replace('$', '$s_')),
      ),
      ...v128(...SPREAD_V128.map((n) => n.replace('$', '$s_'))),
      ...v128('$F0', '$F1', '$tv', '$av', '$below', '$sum', '$most', '$faints', '$turns', '$zero'),
      ['$m', 'f64'],
    ],
    body: `${splat('$f0', '$F0')} ${splat('$f1', '$F1')}
      ;; the faints and turns fainted so far (added to band by band, in order)
      local.get $out v128.load offset=64 local.set $faints
      local.get $out v128.load offset=80 local.set $turns
      local.get $out i32.load offset=96 local.set $len
      ;; t % ring once: then (t + d) % ring is one subtraction at most (d < ring: the floor has the longest faint)
      local.get $t local.get $ring i32.rem_u local.set $t
      local.get $hi local.set $i
      block $exit
        loop $band
          local.get $i local.get $lo i32.lt_s br_if $exit
          ${BAND_BOUNDS}
          ;; the first fainted call, cells j..i
          local.get $zero local.tee $sum local.set $most
          local.get $attack local.get $j i32.const 4 i32.shl i32.add local.set $A
          local.get $turn local.get $j i32.const 4 i32.shl i32.add local.set $T
          local.get $seg local.get $j i32.const 4 i32.shl i32.add local.set $S
          local.get $j local.set $c
          loop $cell
            local.get $T v128.load local.set $tv
            local.get $A v128.load local.set $av
            local.get $T local.get $zero v128.store
            local.get $A local.get $zero v128.store
            local.get $sum local.get $tv local.get $av f64x2.add f64x2.add local.set $sum
            local.get $S local.get $tv local.get $av local.get $F0 f64x2.mul f64x2.add v128.store
            local.get $S i32.const 16 i32.sub v128.load local.get $av local.get $F1 f64x2.mul f64x2.add local.set $below
            local.get $S i32.const 16 i32.sub local.get $below v128.store
            local.get $most local.get $below f64x2.pmax local.set $most
            local.get $A i32.const 16 i32.add local.set $A
            local.get $T i32.const 16 i32.add local.set $T
            local.get $S i32.const 16 i32.add local.set $S
            local.get $c i32.const 1 i32.add local.tee $c
            local.get $i i32.le_s br_if $cell
          end
          ;; m: the largest of the band (the maxima and cell i, at S - 16)
          local.get $S i32.const 16 i32.sub v128.load local.get $most f64x2.pmax local.set $tv
          local.get $tv f64x2.extract_lane 0 local.get $tv f64x2.extract_lane 1
          local.get $tv f64x2.extract_lane 0 local.get $tv f64x2.extract_lane 1 f64.gt select local.set $m
          local.get $sum f64x2.extract_lane 0 f64.const 0 f64.gt
          local.get $sum f64x2.extract_lane 1 f64.const 0 f64.gt i32.or
          if
            local.get $faints local.get $sum f64x2.add local.set $faints
            local.get $turns local.get $sum local.get $d f64.convert_i32_s f64x2.splat f64x2.mul f64x2.add
            local.set $turns
            local.get $m f64.const 0 f64.ne
            if
              ${FAR_BAND_WAKE}
              local.get $i i32.const 3 i32.add local.get $i
              local.get $i i32.const 3 i32.add i32.const 1 i32.shl i32.const 1 i32.add local.get $segLen i32.lt_s
              select local.set $x
              local.get $seg local.set $s_seg
              local.get $j i32.const 1 i32.sub local.set $s_lo
              local.get $i local.set $s_hi
              local.get $x local.set $s_last
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
  {
    // The helpless calls of iteration t: twoPoint() without faints (pairWalk.ts) of every waiting
    // row from ring index of $from on, $count of them, each row's extent (lo, hi) at $ext + 8 k
    // (updated, pruned); the first cell (the floor's mass) here, the others in callDie and
    // callPlain. The dead by lane summed row by row at $out.
    name: 'helplessCalls',
    params: [
      ...i32('$rows', '$rowBytes', '$ext', '$ring', '$from', '$count', '$pass', '$limit', '$width', '$out'),
      ['$q0', 'f64'],
      ['$q1', 'f64'],
      ['$prune', 'f64'],
    ],
    locals: [
      ...i32('$w', '$k', '$e', '$p', '$lo', '$hi', '$j', '$split', '$x', '$c', '$cp', '$pp'),
      ...v128('$Q0', '$Q1', '$y', '$o', '$total', '$zero', '$dead'),
    ],
    body: `${splat('$q0', '$Q0')} ${splat('$q1', '$Q1')}
      local.get $from local.set $w
      local.get $from local.get $count i32.add local.set $count
      ;; the ring index of row w: one division, then stepped (a division a row cost more than the rows)
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
            local.get $p local.get $j i32.const 4 i32.shl i32.add local.set $x
            local.get $x v128.load local.get $Q0 f64x2.mul
            local.get $x v128.load offset=16 local.get $Q1 f64x2.mul f64x2.add
            local.get $p v128.load local.get $Q1 f64x2.mul
            local.get $lo i32.eqz f64.convert_i32_s f64x2.splat f64x2.mul
            f64x2.add local.set $y
            local.get $j local.get $split i32.lt_s
            if
              local.get $y local.get $pass local.get $j i32.const 3 i32.shl i32.add v128.load64_splat f64x2.mul
              local.set $o
              local.get $y local.get $o f64x2.sub local.set $dead
              local.get $x local.get $o v128.store
              ;; cells j + 1 .. split - 1: callDie inline (no call a row)
              local.get $j i32.const 1 i32.add local.tee $c i32.const 4 i32.shl local.get $p i32.add local.set $cp
              local.get $c i32.const 3 i32.shl local.get $pass i32.add local.set $pp
              block $dieDone
                local.get $c local.get $split i32.ge_s br_if $dieDone
                loop $die
                  local.get $cp v128.load local.get $Q0 f64x2.mul
                  local.get $cp v128.load offset=16 local.get $Q1 f64x2.mul
                  f64x2.add local.set $y
                  local.get $y local.get $pp v128.load64_splat f64x2.mul local.set $o
                  local.get $dead local.get $y local.get $o f64x2.sub f64x2.add local.set $dead
                  local.get $cp local.get $o v128.store
                  local.get $cp i32.const 16 i32.add local.set $cp
                  local.get $pp i32.const 8 i32.add local.set $pp
                  local.get $c i32.const 1 i32.add local.tee $c
                  local.get $split i32.lt_s br_if $die
                end
              end
            else
              local.get $zero local.set $dead
              local.get $x local.get $y v128.store
            end
            ;; cells max(split, j + 1) .. hi: callPlain inline
            local.get $split local.get $j i32.const 1 i32.add local.get $split local.get $j i32.gt_s select local.tee $c
            i32.const 4 i32.shl local.get $p i32.add local.set $cp
            block $plainDone
              local.get $c local.get $hi i32.gt_s br_if $plainDone
              loop $plain
                local.get $cp v128.load local.get $Q0 f64x2.mul
                local.get $cp v128.load offset=16 local.get $Q1 f64x2.mul
                f64x2.add local.set $y
                local.get $cp local.get $y v128.store
                local.get $cp i32.const 16 i32.add local.set $cp
                local.get $c i32.const 1 i32.add local.tee $c
                local.get $hi i32.le_s br_if $plain
              end
            end
            local.get $total local.get $dead f64x2.add local.set $total
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
      local.get $out local.get $total v128.store`,
  },
  {
    // PairRow.prune(): the cells below $prune in both lanes off either end of the row at $p,
    // cleared; its extent (lo, hi at $e) narrowed, or reset (width, -1) when nothing is left.
    name: 'prune',
    params: [...i32('$p', '$e', '$width'), ['$prune', 'f64']],
    locals: [...i32('$lo', '$hi', '$x'), ...v128('$y', '$zero')],
    body: `
      local.get $e i32.load local.set $lo
      local.get $e i32.load offset=4 local.set $hi
      ${PRUNE_ROW}`,
  },
  combinedAttacksFunction(),
  {
    // dispatch()'s band near the limit (see there), cells from..to - 1 (cleared in both rows as read): the turn faints into the
    // segment, then each attack faint's first helpless call (burn 0 or 1, f0 and f1) with its roll
    // below the limit. The band's sums at $out, the dispatch's dead (in and out) at $out + 16.
    name: 'nearFaints',
    params: [
      ...i32('$attack', '$turn', '$seg', '$pass', '$from', '$to', '$limit', '$out'),
      ['$f0', 'f64'],
      ['$f1', 'f64'],
    ],
    locals: [...i32('$c', '$x', '$at'), ...v128('$F0', '$F1', '$a', '$m', '$l', '$sum', '$dead', '$zero')],
    body: `${splat('$f0', '$F0')} ${splat('$f1', '$F1')}
      local.get $out v128.load offset=16 local.set $dead
      local.get $from local.set $c
      block $turnsDone
        local.get $c local.get $to i32.ge_s br_if $turnsDone
        loop $turns
          local.get $turn local.get $c i32.const 4 i32.shl i32.add local.tee $at v128.load local.set $a
          local.get $at local.get $zero v128.store
          local.get $seg local.get $c i32.const 4 i32.shl i32.add local.tee $x
          local.get $x v128.load local.get $a f64x2.add v128.store
          local.get $sum local.get $a f64x2.add local.set $sum
          local.get $c i32.const 1 i32.add local.tee $c
          local.get $to i32.lt_s br_if $turns
        end
      end
      local.get $from local.set $c
      block $attacksDone
        local.get $c local.get $to i32.ge_s br_if $attacksDone
        loop $attacks
          local.get $attack local.get $c i32.const 4 i32.shl i32.add local.tee $at v128.load local.set $a
          local.get $at local.get $zero v128.store
          local.get $sum local.get $a f64x2.add local.set $sum
          ${[
            ['$F0', 'local.get $c'],
            ['$F1', 'local.get $c i32.const 1 i32.sub i32.const 0 local.get $c i32.const 1 i32.ge_s select'],
          ]
            .map(
              ([q, cell]) => `
          ${cell} local.set $at
          local.get $a local.get ${q} f64x2.mul local.set $m
          local.get $at local.get $limit i32.lt_s
          if
            local.get $m local.get $pass local.get $at i32.const 3 i32.shl i32.add v128.load64_splat f64x2.mul
            local.set $l
            local.get $dead local.get $m local.get $l f64x2.sub f64x2.add local.set $dead
            local.get $l local.set $m
          end
          local.get $seg local.get $at i32.const 4 i32.shl i32.add local.tee $x
          local.get $x v128.load local.get $m f64x2.add v128.store`,
            )
            .join('')}
          local.get $c i32.const 1 i32.add local.tee $c
          local.get $to i32.lt_s br_if $attacks
        end
      end
      local.get $out local.get $sum v128.store
      local.get $out local.get $dead v128.store offset=16`,
  },
  {
    // PairRow.add() of the nonzero cells from..to - 1 of the row at $src into the row at $dst, whose
    // extent (lo, hi) is at $e.
    name: 'addNonzero',
    params: i32('$src', '$dst', '$e', '$from', '$to'),
    locals: [...i32('$lo', '$hi', '$x'), ...v128('$a')],
    body: `
      local.get $e i32.load local.set $lo
      local.get $e i32.load offset=4 local.set $hi
      ${atFrom('$src', 4)} ${atFrom('$dst', 4)}
      ${eachCell(
        [
          ['$src', 16],
          ['$dst', 16],
        ],
        `local.get $src v128.load local.tee $a f64x2.extract_lane 0 f64.const 0 f64.ne
         local.get $a f64x2.extract_lane 1 f64.const 0 f64.ne i32.or
         if
           local.get $dst local.get $dst v128.load local.get $a f64x2.add v128.store
           local.get $from local.get $lo local.get $from local.get $lo i32.lt_s select local.set $lo
           local.get $from local.get $hi local.get $from local.get $hi i32.gt_s select local.set $hi
         end`,
      )}
      local.get $e local.get $lo i32.store
      local.get $e local.get $hi i32.store offset=4`,
  },
  // Last, so that the functions above keep their indices (wasm-function[i] in a profile).
  ...callFunctions(3),
  // dispatch() of pairWalk.ts for attack faints, whole
  settleBand(PAIR_SETTLE_CELLS),
  dispatchBands(),
  ...awakeCalls(PAIR_CALL_CELL),
  ...iterationDrivers(),
  ...UNROLLED_SPANS.map((span) => combinedAttacksFunction(span)),
  {
    // moveInto() of pairWalk.ts: dst[j] += src[j], src[j] = 0.
    name: 'moveCells',
    params: i32('$src', '$dst', '$from', '$to'),
    locals: v128('$zero'),
    body: `${atFrom('$src', 4)} ${atFrom('$dst', 4)}
      ${eachCell(
        [
          ['$src', 16],
          ['$dst', 16],
        ],
        `local.get $dst local.get $dst v128.load local.get $src v128.load f64x2.add v128.store
         local.get $src local.get $zero v128.store`,
      )}`,
  },
];

export interface PairKernels {
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
  addRow(src: number, dst: number, from: number, to: number): void;
  sumMax(p: number, from: number, to: number, out: number): void;
  spread(seg: number, lo: number, hi: number, last: number, kp: number, len: number, arr: number): void;
  farBands(...args: number[]): number;
  helplessCalls(...args: number[]): void;
  prune(p: number, e: number, width: number, prune: number): void;
  combinedAttacks(...args: number[]): void;
  nearFaints(...args: number[]): void;
  addNonzero(src: number, dst: number, e: number, from: number, to: number): void;
  settleBand(...args: number[]): void;
  dispatchBands(...args: number[]): void;
  attackCall(...args: number[]): void;
  turnCall(...args: number[]): void;
  iterate(t: number, ctx: number, out: number): void;
  iterations(from: number, to: number, ctx: number, out: number): number;
  moveCells(src: number, dst: number, from: number, to: number): void;
}

const instantiate = kernelMemories<PairKernels>(FUNCTIONS);

/** A memory of the kernels' own and the kernels on it (never grown: see wasmText.ts kernelMemories()). */
export class KernelMemory {
  readonly buffer: ArrayBuffer;
  readonly kernels: PairKernels;
  constructor(bytes: number) {
    ({ buffer: this.buffer, kernels: this.kernels } = instantiate(bytes));
  }
}
