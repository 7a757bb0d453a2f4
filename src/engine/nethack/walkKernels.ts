// The hot loops of the single starvation walk (starvation.ts) in WebAssembly with SIMD: two
// adjacent cells of a row in one f64x2 where the cells are independent (a call reads the old
// p[j] and p[j + 1], so two cells at a time read old values only). Every value is computed by the
// same IEEE operations in the same order as the JavaScript loops they replace (no fused
// multiply-add in these instructions; the dead mass is summed cell by cell, lane 0 then lane 1),
// so the walk's results are the same to the last bit.
//
// Addresses are in bytes into the one memory: a row's cell j at p + 8 j. Ranges of cells are
// half-open [from, to). The whole iteration built on these (walkIterationKernels.ts) is part of
// the same module.
import { kernelMemories, type WasmFunction } from './wasmText.ts';
import { ITERATION_FUNCTIONS, pruneEnds } from './walkIterationKernels.ts';

const i32 = (...names: string[]) => names.map((n): [string, 'i32'] => [n, 'i32']);
const f64 = (...names: string[]) => names.map((n): [string, 'f64'] => [n, 'f64']);
const v128 = (...names: string[]) => names.map((n): [string, 'v128'] => [n, 'v128']);
/** The two f64 lanes of the vector on the stack, twice, swapped: (a, b) (a, b) -> (b, a). */
const SWAP = 'i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7';

/** Point `ptr` (an array address) at cell `$from` (8 bytes a cell). */
const atFrom = (ptr: string) => `local.get ${ptr} local.get $from i32.const 3 i32.shl i32.add local.set ${ptr}`;
const step = (ptrs: string[], bytes: number) =>
  ptrs.map((p) => `local.get ${p} i32.const ${bytes} i32.add local.set ${p}`).join('\n');

/**
 * Cells from..to - 1: `pair` for two cells at a time (pointers at the first; two pairs to a loop
 * turn), then `single` for a last odd one.
 */
function eachCell(ptrs: string[], pair: string, single: string): string {
  return `
    ${ptrs.map(atFrom).join('\n')}
    block $quadsDone
      loop $quads
        local.get $from i32.const 4 i32.add local.get $to i32.gt_s br_if $quadsDone
        ${pair}
        ${step(ptrs, 16)}
        ${pair}
        ${step(ptrs, 16)}
        local.get $from i32.const 4 i32.add local.set $from
        br $quads
      end
    end
    block $pairsDone
      loop $pairs
        local.get $from i32.const 2 i32.add local.get $to i32.gt_s br_if $pairsDone
        ${pair}
        ${step(ptrs, 16)}
        local.get $from i32.const 2 i32.add local.set $from
        br $pairs
      end
    end
    local.get $from local.get $to i32.lt_s
    if
      ${single}
    end`;
}

/** $Y = p[j] q0 + p[j + 1] q1 for cells j, j + 1; $y for one cell. */
const CALL2 = `
  local.get $p v128.load local.get $Q0 f64x2.mul
  local.get $p v128.load offset=8 local.get $Q1 f64x2.mul
  f64x2.add local.set $Y`;
const CALL1 = `
  local.get $p f64.load local.get $q0 f64.mul
  local.get $p f64.load offset=8 local.get $q1 f64.mul
  f64.add local.set $y`;
/** $O = $Y x pass[j] (who passes the roll). */
const ROLL2 = `${CALL2} local.get $Y local.get $pass v128.load f64x2.mul local.set $O`;
const ROLL1 = `${CALL1} local.get $y local.get $pass f64.load f64.mul local.set $o`;
/** faints[j] += $O */
const FAINT2 = 'local.get $f local.get $f v128.load local.get $O f64x2.add v128.store';
const FAINT1 = 'local.get $f local.get $f f64.load local.get $o f64.add f64.store';
/** $dead += $Y - $O, cell j then cell j + 1. */
const DIE2 = `local.get $Y local.get $O f64x2.sub local.set $D
  local.get $dead local.get $D f64x2.extract_lane 0 f64.add
  local.get $D f64x2.extract_lane 1 f64.add local.set $dead`;
const DIE1 = 'local.get $dead local.get $y local.get $o f64.sub f64.add local.set $dead';

const CALL_PARAMS = [...i32('$from', '$to'), ...f64('$q0', '$q1')];
const CALL_LOCALS: [string, 'f64' | 'v128'][] = [...v128('$Q0', '$Q1', '$Y', '$O', '$D', '$zero'), ...f64('$y', '$o')];
const SPLAT = 'local.get $q0 f64x2.splat local.set $Q0 local.get $q1 f64x2.splat local.set $Q1';

const FUNCTIONS: WasmFunction[] = [
  {
    // A call below the limit with faints: who passes the roll faints (into $f), the rest die; p[j] = 0.
    name: 'faintDie',
    params: [...i32('$p', '$f', '$pass'), ...CALL_PARAMS, ...f64('$dead')],
    result: 'f64',
    locals: CALL_LOCALS,
    body: `${SPLAT}
      ${eachCell(
        ['$p', '$f', '$pass'],
        `${ROLL2} ${FAINT2} ${DIE2} local.get $p local.get $zero v128.store`,
        `${ROLL1} ${FAINT1} ${DIE1} local.get $p f64.const 0 f64.store`,
      )}
      local.get $dead`,
  },
  {
    // A call above the limit with faints: who passes faints, the rest stay (p[j] = y - o).
    name: 'faintKeep',
    params: [...i32('$p', '$f', '$pass'), ...CALL_PARAMS],
    locals: CALL_LOCALS,
    body: `${SPLAT}
      ${eachCell(
        ['$p', '$f', '$pass'],
        `${ROLL2} ${FAINT2} local.get $p local.get $Y local.get $O f64x2.sub v128.store`,
        `${ROLL1} ${FAINT1} local.get $p local.get $y local.get $o f64.sub f64.store`,
      )}`,
  },
  {
    // A helpless call below the limit: who passes the roll stays (p[j] = o), the rest die.
    name: 'rollDie',
    params: [...i32('$p', '$pass'), ...CALL_PARAMS, ...f64('$dead')],
    result: 'f64',
    locals: CALL_LOCALS,
    body: `${SPLAT}
      ${eachCell(
        ['$p', '$pass'],
        `${ROLL2} ${DIE2} local.get $p local.get $O v128.store`,
        `${ROLL1} ${DIE1} local.get $p local.get $o f64.store`,
      )}
      local.get $dead`,
  },
  {
    // faintKeep() for a call of pmf [1] (y = p[j] 1 + p[j + 1] 0 is p[j]): who passes faints, the rest stay.
    name: 'faintKeepAsIs',
    params: i32('$p', '$f', '$pass', '$from', '$to'),
    locals: CALL_LOCALS,
    body: `
      ${eachCell(
        ['$p', '$f', '$pass'],
        `local.get $p v128.load local.tee $Y local.get $pass v128.load f64x2.mul local.set $O
         ${FAINT2} local.get $p local.get $Y local.get $O f64x2.sub v128.store`,
        `local.get $p f64.load local.tee $y local.get $pass f64.load f64.mul local.set $o
         ${FAINT1} local.get $p local.get $y local.get $o f64.sub f64.store`,
      )}`,
  },
  {
    // rollDie() for a call of pmf [1] (x = p[j] 1 + p[j + 1] 0 is p[j]): who passes the roll stays, the rest die.
    name: 'rollAsIs',
    params: [...i32('$p', '$pass', '$from', '$to'), ...f64('$dead')],
    result: 'f64',
    locals: CALL_LOCALS,
    body: `
      ${eachCell(
        ['$p', '$pass'],
        `local.get $p v128.load local.tee $Y local.get $pass v128.load f64x2.mul local.set $O
         ${DIE2} local.get $p local.get $O v128.store`,
        `local.get $p f64.load local.tee $y local.get $pass f64.load f64.mul local.set $o
         ${DIE1} local.get $p local.get $o f64.store`,
      )}
      local.get $dead`,
  },
  {
    // A helpless call above the limit: p[j] = p[j] q0 + p[j + 1] q1.
    name: 'plain',
    params: [...i32('$p'), ...CALL_PARAMS],
    locals: CALL_LOCALS,
    body: `${SPLAT}
      ${eachCell(['$p'], `${CALL2} local.get $p local.get $Y v128.store`, `${CALL1} local.get $p local.get $y f64.store`)}`,
  },
  {
    // Attacks that burn nothing, above the limit: s = p[j] stay[j] stays awake, the rest faint.
    name: 'attackStay',
    params: i32('$p', '$f', '$stay', '$from', '$to'),
    locals: [...v128('$X', '$S'), ...f64('$x', '$s')],
    body: eachCell(
      ['$p', '$f', '$stay'],
      `local.get $p v128.load local.tee $X local.get $stay v128.load f64x2.mul local.set $S
       local.get $f local.get $f v128.load local.get $X local.get $S f64x2.sub f64x2.add v128.store
       local.get $p local.get $S v128.store`,
      `local.get $p f64.load local.tee $x local.get $stay f64.load f64.mul local.set $s
       local.get $f local.get $f f64.load local.get $x local.get $s f64.sub f64.add f64.store
       local.get $p local.get $s f64.store`,
    ),
  },
  {
    // starvation.ts spread(), to the last operation: see there. The kernel is given reversed
    // ($rk: rk[m] = kp[$n + 2 - m], kp the padded kernel of $n entries), so that the entries two
    // adjacent outputs c - k - 1, c - k take are side by side; seg is cleared as it is read.
    name: 'spread',
    params: i32('$seg', '$lo', '$hi', '$last', '$rk', '$n', '$len', '$arr'),
    locals: [
      ...i32('$c', '$k', '$s', '$a', '$kp', '$o', '$q'),
      ...f64('$x0', '$x1', '$x2', '$x3', '$k0', '$k1', '$k2'),
      ...v128('$X0', '$X1', '$X2', '$X3', '$zero'),
    ],
    body: `
      local.get $lo local.set $c
      ;; kp[i] is at $kp - 8 i
      local.get $rk local.get $n i32.const 2 i32.add i32.const 3 i32.shl i32.add local.set $kp
      local.get $kp f64.load local.set $k0
      local.get $kp i32.const 8 i32.sub f64.load local.set $k1
      local.get $kp i32.const 16 i32.sub f64.load local.set $k2
      block $blocksDone
        loop $blocks
          local.get $c i32.const 3 i32.add local.get $last i32.gt_s br_if $blocksDone
          local.get $seg local.get $c i32.const 3 i32.shl i32.add local.set $s
          local.get $s f64.load local.tee $x0 f64x2.splat local.set $X0
          local.get $s f64.load offset=8 local.tee $x1 f64x2.splat local.set $X1
          local.get $s f64.load offset=16 local.tee $x2 f64x2.splat local.set $X2
          local.get $s f64.load offset=24 local.tee $x3 f64x2.splat local.set $X3
          local.get $s local.get $zero v128.store
          local.get $s local.get $zero v128.store offset=16
          local.get $arr local.get $c i32.const 3 i32.shl i32.add local.set $a
          ;; arr[c + 3] += x3 kp[0]; arr[c + 2] += x2 kp[0] + x3 kp[1]; arr[c + 1] += x1 kp[0] + x2 kp[1] + x3 kp[2]
          local.get $a local.get $a f64.load offset=24 local.get $x3 local.get $k0 f64.mul f64.add f64.store offset=24
          local.get $a local.get $a f64.load offset=16
            local.get $x2 local.get $k0 f64.mul local.get $x3 local.get $k1 f64.mul f64.add
          f64.add f64.store offset=16
          local.get $a local.get $a f64.load offset=8
            local.get $x1 local.get $k0 f64.mul local.get $x2 local.get $k1 f64.mul f64.add
            local.get $x3 local.get $k2 f64.mul f64.add
          f64.add f64.store offset=8
          ;; outputs c - k - 1 and c - k together (at $o): lane 0 takes kp[k + 1 + m], lane 1 kp[k + m],
          ;; which are at $q + 24 - 8 m; both pointers step down 16 bytes a pair
          local.get $a i32.const 8 i32.sub local.set $o
          local.get $kp i32.const 32 i32.sub local.set $q
          local.get $len local.set $k
          block $pairsDone
            loop $pairs
              local.get $k i32.const 2 i32.lt_s br_if $pairsDone
              local.get $o
              local.get $o v128.load
                local.get $X0 local.get $q v128.load offset=24 f64x2.mul
                local.get $X1 local.get $q v128.load offset=16 f64x2.mul f64x2.add
                local.get $X2 local.get $q v128.load offset=8 f64x2.mul f64x2.add
                local.get $X3 local.get $q v128.load f64x2.mul f64x2.add
              f64x2.add v128.store
              local.get $o i32.const 16 i32.sub local.set $o
              local.get $q i32.const 16 i32.sub local.set $q
              local.get $k i32.const 2 i32.sub local.set $k
              br $pairs
            end
          end
          local.get $k
          if
            ;; the last output c - k alone (at $o + 8): kp[k .. k + 3], at $q + 32 - 8 m
            local.get $o
            local.get $o f64.load offset=8
              local.get $x0 local.get $q f64.load offset=32 f64.mul
              local.get $x1 local.get $q f64.load offset=24 f64.mul f64.add
              local.get $x2 local.get $q f64.load offset=16 f64.mul f64.add
              local.get $x3 local.get $q f64.load offset=8 f64.mul f64.add
            f64.add f64.store offset=8
          end
          local.get $c i32.const 4 i32.add local.set $c
          br $blocks
        end
      end
      ;; the last few source cells one at a time
      block $cellsDone
        loop $cells
          local.get $c local.get $hi i32.gt_s br_if $cellsDone
          local.get $seg local.get $c i32.const 3 i32.shl i32.add local.tee $s f64.load local.tee $x0
          f64.const 0 f64.ne
          if
            local.get $s f64.const 0 f64.store
            i32.const 0 local.set $k
            local.get $arr local.get $c i32.const 3 i32.shl i32.add local.set $a
            block $outDone
              loop $out
                local.get $k local.get $len i32.ge_s br_if $outDone
                local.get $a local.get $a f64.load
                local.get $x0 local.get $kp local.get $k i32.const 3 i32.shl i32.sub f64.load f64.mul
                f64.add f64.store
                local.get $a i32.const 8 i32.sub local.set $a
                local.get $k i32.const 1 i32.add local.set $k
                br $out
              end
            end
          end
          local.get $c i32.const 1 i32.add local.set $c
          br $cells
        end
      end`,
  },
  {
    // dst[j] += src[j], src[j] = 0 (moveInto()).
    name: 'moveRow',
    params: i32('$src', '$dst', '$from', '$to'),
    locals: [...v128('$zero'), ...f64('$x')],
    body: eachCell(
      ['$src', '$dst'],
      `local.get $dst local.get $dst v128.load local.get $src v128.load f64x2.add v128.store
       local.get $src local.get $zero v128.store`,
      `local.get $dst local.get $dst f64.load local.get $src f64.load f64.add f64.store
       local.get $src f64.const 0 f64.store`,
    ),
  },
  {
    // The sum of p[from..to - 1] in order, and (at $out) the largest of them (dispatch()'s bands).
    name: 'sumMax',
    params: i32('$p', '$from', '$to', '$out'),
    result: 'f64',
    locals: f64('$x', '$sum', '$most'),
    body: `${atFrom('$p')}
      block $done
        loop $cells
          local.get $from local.get $to i32.ge_s br_if $done
          local.get $sum local.get $p f64.load local.tee $x f64.add local.set $sum
          local.get $x local.get $most f64.gt
          if local.get $x local.set $most end
          ${step(['$p'], 8)}
          local.get $from i32.const 1 i32.add local.set $from
          br $cells
        end
      end
      local.get $out local.get $most f64.store
      local.get $sum`,
  },
  {
    // dispatch()'s band from..to - 1 far from the limit, when the first helpless call of an attack's
    // faint burns 0 or 1 ($spill 0 or 1, chances f0, f1): the turn faints (bp, cleared), then the
    // attack faints (ap, cleared) after that call, into seg; returns the sum of both in that order
    // and puts the largest cell of seg from - spill .. to - 1 at $out.
    name: 'gatherBand',
    params: [...i32('$seg', '$ap', '$bp', '$from', '$to', '$spill', '$out'), ...f64('$f0', '$f1')],
    result: 'f64',
    locals: [...i32('$c', '$s', '$a', '$b'), ...f64('$x', '$sum', '$most', '$here')],
    body: `
      local.get $from local.set $c
      local.get $seg local.get $from i32.const 3 i32.shl i32.add local.set $s
      local.get $bp local.get $from i32.const 3 i32.shl i32.add local.set $b
      block $turnDone
        loop $turn
          local.get $c local.get $to i32.ge_s br_if $turnDone
          local.get $b f64.load local.set $x
          local.get $b f64.const 0 f64.store
          local.get $sum local.get $x f64.add local.set $sum
          local.get $s local.get $s f64.load local.get $x f64.add f64.store
          local.get $s i32.const 8 i32.add local.set $s
          local.get $b i32.const 8 i32.add local.set $b
          local.get $c i32.const 1 i32.add local.set $c
          br $turn
        end
      end
      local.get $from local.set $c
      local.get $seg local.get $from i32.const 3 i32.shl i32.add local.set $s
      local.get $ap local.get $from i32.const 3 i32.shl i32.add local.set $a
      block $attackDone
        loop $attack
          local.get $c local.get $to i32.ge_s br_if $attackDone
          local.get $a f64.load local.set $x
          local.get $a f64.const 0 f64.store
          local.get $sum local.get $x f64.add local.set $sum
          local.get $s local.get $s f64.load local.get $x local.get $f0 f64.mul f64.add local.tee $here f64.store
          local.get $spill
          if
            ;; cell c - 1 is complete now
            local.get $s i32.const 8 i32.sub
            local.get $s i32.const 8 i32.sub f64.load local.get $x local.get $f1 f64.mul f64.add local.tee $here
            f64.store
          end
          local.get $here local.get $most f64.gt
          if local.get $here local.set $most end
          local.get $s i32.const 8 i32.add local.set $s
          local.get $a i32.const 8 i32.add local.set $a
          local.get $c i32.const 1 i32.add local.set $c
          br $attack
        end
      end
      local.get $spill
      if
        ;; the top cell: complete too
        local.get $s i32.const 8 i32.sub f64.load local.tee $here local.get $most f64.gt
        if local.get $here local.set $most end
      end
      local.get $out local.get $most f64.store
      local.get $sum`,
  },
  {
    // dispatch()'s bands from cell $hi down while each can be settled far from the limit: see
    // farBands() in starvation.ts for the parameters and the scratch at $out.
    name: 'farBands',
    params: [
      ...i32('$seg', '$ap', '$bp', '$attack', '$lo', '$hi', '$spill', '$limitIdx', '$durAt', '$bandLowAt'),
      ...i32('$tableAt', '$tableLen', '$t', '$ring', '$awakeAt', '$rowBytes', '$segLen', '$out', '$logAt'),
      ...f64('$f0', '$f1', '$cut'),
    ],
    result: 'i32',
    locals: [
      ...i32('$i', '$j', '$d', '$calls', '$e', '$rk', '$n', '$tail', '$segLo', '$len', '$near', '$safe', '$w', '$logN'),
      ...f64('$faints', '$turns', '$sum', '$m'),
    ],
    body: `
      local.get $out f64.load local.set $faints
      local.get $out f64.load offset=8 local.set $turns
      local.get $out i32.load offset=32 local.set $near
      local.get $out i32.const 0 i32.store offset=36
      local.get $hi local.set $i
      block $stop
        loop $band
          local.get $i local.get $lo i32.lt_s br_if $stop
          local.get $durAt local.get $i i32.const 2 i32.shl i32.add i32.load local.set $d
          local.get $bandLowAt local.get $i i32.const 2 i32.shl i32.add i32.load local.set $j
          local.get $j local.get $lo i32.lt_s
          if local.get $lo local.set $j end
          local.get $j local.set $segLo
          local.get $attack
          if
            local.get $j local.get $spill i32.sub local.set $segLo
            ;; a roll of the first helpless call could kill: dispatch() does this band
            local.get $segLo local.get $limitIdx i32.lt_s br_if $stop
          end
          ;; the kernel of the d - 1 calls to come, if dispatch() has put it in the table
          local.get $d i32.const 1 i32.sub local.tee $calls local.get $tableLen i32.ge_s br_if $stop
          local.get $tableAt local.get $calls i32.const 3 i32.shl i32.add local.tee $e i32.load local.tee $rk
          i32.eqz br_if $stop
          local.get $e i32.load offset=4 local.set $n
          local.get $rk local.get $n i32.const 3 i32.add i32.const 3 i32.shl i32.add local.set $tail
          local.get $attack
          if
            local.get $seg local.get $ap local.get $bp local.get $j local.get $i i32.const 1 i32.add
            local.get $spill local.get $out i32.const 24 i32.add local.get $f0 local.get $f1
            call gatherBand local.set $sum
          else
            local.get $bp local.get $j local.get $i i32.const 1 i32.add local.get $out i32.const 24 i32.add
            call sumMax local.set $sum
          end
          local.get $sum f64.const 0 f64.gt
          if
            local.get $out f64.load offset=24 local.set $m
            ;; usefulLength(kernel, m, near)
            local.get $near local.set $len
            local.get $len i32.const 1 i32.lt_s
            if i32.const 1 local.set $len end
            local.get $len local.get $n i32.gt_s
            if local.get $n local.set $len end
            block $upDone
              loop $up
                local.get $len local.get $n i32.ge_s br_if $upDone
                local.get $tail local.get $len i32.const 3 i32.shl i32.add f64.load local.get $m f64.mul
                local.get $cut f64.lt br_if $upDone
                local.get $len i32.const 1 i32.add local.set $len
                br $up
              end
            end
            block $downDone
              loop $down
                local.get $len i32.const 1 i32.le_s br_if $downDone
                local.get $tail local.get $len i32.const 1 i32.sub i32.const 3 i32.shl i32.add f64.load
                local.get $m f64.mul local.get $cut f64.lt i32.eqz br_if $downDone
                local.get $len i32.const 1 i32.sub local.set $len
                br $down
              end
            end
            local.get $limitIdx local.get $len i32.add i32.const 1 i32.sub local.tee $safe
            local.get $segLo i32.lt_s
            if local.get $segLo local.set $safe end
            local.get $safe local.get $segLo i32.gt_s
            if
              ;; some cells may reach the limit: dispatch() settles this band (gathered: sum at $out + 16)
              local.get $out local.get $sum f64.store offset=16
              local.get $out i32.const 1 i32.store offset=36
              br $stop
            end
            local.get $faints local.get $sum f64.add local.set $faints
            local.get $turns local.get $sum local.get $d f64.convert_i32_s f64.mul f64.add local.set $turns
            local.get $len local.set $near
            local.get $t local.get $d i32.add local.get $ring i32.rem_u local.set $w
            ;; spread(seg or bp, safe, i, last, rk, n, len, the awake row of wake t + d)
            local.get $attack
            if
              local.get $seg local.get $safe
              local.get $i local.get $segLen local.get $rk local.get $n local.get $len
              local.get $awakeAt local.get $w local.get $rowBytes i32.mul i32.add
              call spreadFar
            else
              local.get $bp local.get $safe
              local.get $i local.get $segLen local.get $rk local.get $n local.get $len
              local.get $awakeAt local.get $w local.get $rowBytes i32.mul i32.add
              call spreadFar
            end
            ;; the row's new extent: safe - len + 1 .. i
            local.get $logAt local.get $logN i32.const 12 i32.mul i32.add local.tee $e local.get $w i32.store
            local.get $e local.get $safe local.get $len i32.sub i32.const 1 i32.add i32.store offset=4
            local.get $e local.get $i i32.store offset=8
            local.get $logN i32.const 1 i32.add local.set $logN
          end
          local.get $j i32.const 1 i32.sub local.set $i
          br $band
        end
      end
      local.get $out local.get $faints f64.store
      local.get $out local.get $turns f64.store offset=8
      local.get $out local.get $near i32.store offset=32
      local.get $out local.get $logN i32.store offset=40
      local.get $i`,
  },
  {
    // spread() with last = hi + 3 < segLen ? hi + 3 : hi (farBands()).
    name: 'spreadFar',
    params: i32('$seg', '$lo', '$hi', '$segLen', '$rk', '$n', '$len', '$arr'),
    locals: i32('$last'),
    body: `
      local.get $hi local.set $last
      local.get $hi i32.const 3 i32.add local.get $segLen i32.lt_s
      if local.get $hi i32.const 3 i32.add local.set $last end
      local.get $seg local.get $lo local.get $hi local.get $last local.get $rk local.get $n local.get $len local.get $arr
      call spread`,
  },
  {
    // combinedAttacks()' blocks of four source cells (starvation.ts, to the last operation): cells
    // $from, $from + 4, ... while the block fits below $hi + 1; returns $dead plus what died.
    name: 'attackBlocks',
    params: [...i32('$p', '$f', '$stay', '$faint', '$deadFrom', '$from', '$hi', '$span', '$stride'), ...f64('$dead')],
    result: 'f64',
    locals: [
      ...i32('$i', '$b0', '$b1', '$b2', '$b3', '$j', '$o', '$pi', '$fi'),
      ...f64('$x0', '$x1', '$x2', '$x3'),
      ...v128('$v0', '$v1', '$v2', '$v3', '$w'),
    ],
    body: `
      local.get $from local.set $i
      block $blocksDone
        loop $blocks
          local.get $i i32.const 3 i32.add local.get $hi i32.gt_s br_if $blocksDone
          local.get $p local.get $i i32.const 3 i32.shl i32.add local.set $pi
          local.get $f local.get $i i32.const 3 i32.shl i32.add local.set $fi
          local.get $pi f64.load local.set $x0
          local.get $pi f64.load offset=8 local.set $x1
          local.get $pi f64.load offset=16 local.set $x2
          local.get $pi f64.load offset=24 local.set $x3
          local.get $pi f64.const 0 f64.store
          local.get $pi f64.const 0 f64.store offset=8
          local.get $pi f64.const 0 f64.store offset=16
          local.get $pi f64.const 0 f64.store offset=24
          ;; dead += x0 dead[i] + x1 dead[i + 1] + x2 dead[i + 2] + x3 dead[i + 3]
          local.get $deadFrom local.get $i i32.const 3 i32.shl i32.add local.set $o
          local.get $dead
            local.get $x0 local.get $o f64.load f64.mul
            local.get $x1 local.get $o f64.load offset=8 f64.mul f64.add
            local.get $x2 local.get $o f64.load offset=16 f64.mul f64.add
            local.get $x3 local.get $o f64.load offset=24 f64.mul f64.add
          f64.add local.set $dead
          ;; entry addresses (bytes) of the four cells: b0 = i stride, b(m + 1) = b(m) + stride + 1
          local.get $i local.get $stride i32.mul i32.const 3 i32.shl local.set $b0
          local.get $b0 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $b1
          local.get $b1 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $b2
          local.get $b2 local.get $stride i32.const 1 i32.add i32.const 3 i32.shl i32.add local.set $b3
          ;; then cells i - j for -3 <= j < span, p and faints, two at a time while two are left: the
          ;; outputs above i (j < 0) read the zeros that pad each cell's entries (x 0 + y is y, so
          ;; their sums are those of their nonzero terms alone, in the same order). A pair's entries
          ;; j + m and j + m + 1 are adjacent: its lanes come out as (i - j, i - j - 1), swapped for
          ;; the store. Each output is the one-at-a-time sum, to the last bit.
          i32.const -3 local.set $j
          ${['$b0', '$b1', '$b2', '$b3'].map((b) => `local.get ${b} i32.const 24 i32.sub local.set ${b}`).join(' ')}
          local.get $x0 f64x2.splat local.set $v0
          local.get $x1 f64x2.splat local.set $v1
          local.get $x2 f64x2.splat local.set $v2
          local.get $x3 f64x2.splat local.set $v3
          block $pairsDone
            loop $pairs
              local.get $j i32.const 1 i32.add local.get $span i32.ge_s br_if $pairsDone
${['stay', 'faint']
  .map((k) => {
    const row = k === 'stay' ? '$pi' : '$fi';
    const e = (b: string) => `local.get $${k} local.get ${b} i32.add v128.load`;
    return `              local.get $v0 ${e('$b0')} f64x2.mul
              local.get $v1 ${e('$b1')} f64x2.mul f64x2.add
              local.get $v2 ${e('$b2')} f64x2.mul f64x2.add
              local.get $v3 ${e('$b3')} f64x2.mul f64x2.add
              local.tee $w local.get $w ${SWAP} local.set $w
              local.get ${row} local.get $j i32.const 3 i32.shl i32.sub i32.const 8 i32.sub local.tee $o
              local.get $o v128.load local.get $w f64x2.add v128.store`;
  })
  .join('\n')}
              ${['$b0', '$b1', '$b2', '$b3'].map((b) => `local.get ${b} i32.const 16 i32.add local.set ${b}`).join(' ')}
              local.get $j i32.const 2 i32.add local.set $j
              br $pairs
            end
          end
          ;; the last one (an odd span)
          block $outDone
            loop $out
              local.get $j local.get $span i32.ge_s br_if $outDone
              local.get $pi local.get $j i32.const 3 i32.shl i32.sub local.tee $o
              local.get $o f64.load
                local.get $x0 local.get $stay local.get $b0 i32.add f64.load f64.mul
                local.get $x1 local.get $stay local.get $b1 i32.add f64.load f64.mul f64.add
                local.get $x2 local.get $stay local.get $b2 i32.add f64.load f64.mul f64.add
                local.get $x3 local.get $stay local.get $b3 i32.add f64.load f64.mul f64.add
              f64.add f64.store
              local.get $fi local.get $j i32.const 3 i32.shl i32.sub local.tee $o
              local.get $o f64.load
                local.get $x0 local.get $faint local.get $b0 i32.add f64.load f64.mul
                local.get $x1 local.get $faint local.get $b1 i32.add f64.load f64.mul f64.add
                local.get $x2 local.get $faint local.get $b2 i32.add f64.load f64.mul f64.add
                local.get $x3 local.get $faint local.get $b3 i32.add f64.load f64.mul f64.add
              f64.add f64.store
              ${['$b0', '$b1', '$b2', '$b3'].map((b) => `local.get ${b} i32.const 8 i32.add local.set ${b}`).join(' ')}
              local.get $j i32.const 1 i32.add local.set $j
              br $out
            end
          end
          local.get $i i32.const 4 i32.add local.set $i
          br $blocks
        end
      end
      local.get $dead`,
  },
  {
    // dangerCalls(): one helpless call burning 0 or 1 for each row of the table at $rows ($count
    // rows of three int32s: address, lo, hi), as twoPointCall() without faints then prune() do it;
    // each row's new lo and hi written back ($empty, -1 when nothing is left). Returns $dead plus
    // each row's dead mass (summed row by row).
    name: 'dangerRows',
    params: [...i32('$rows', '$count', '$pass', '$limitIdx', '$empty'), ...f64('$q0', '$q1', '$prune', '$dead')],
    result: 'f64',
    locals: [...i32('$r', '$e', '$p', '$rlo', '$rhi', '$lo', '$split', '$c'), ...f64('$x', '$o', '$rowDead')],
    body: `
      block $rowsDone
        loop $eachRow
          local.get $r local.get $count i32.ge_s br_if $rowsDone
          local.get $rows local.get $r i32.const 12 i32.mul i32.add local.tee $e i32.load local.set $p
          local.get $e i32.load offset=4 local.set $rlo
          local.get $e i32.load offset=8 local.set $rhi
          ;; lo = rlo === 0 ? 0 : rlo - 1; split = clamp(limitIdx, lo, rhi + 1)
          local.get $rlo i32.const 1 i32.sub local.set $lo
          local.get $rlo i32.eqz
          if i32.const 0 local.set $lo end
          local.get $limitIdx local.set $split
          local.get $split local.get $lo i32.lt_s
          if local.get $lo local.set $split end
          local.get $split local.get $rhi i32.const 1 i32.add i32.gt_s
          if local.get $rhi i32.const 1 i32.add local.set $split end
          ;; the first cell: p[lo] q0 + p[lo + 1] q1, plus the floor's own burn (p[0] q1) when rlo = 0
          local.get $p local.get $lo i32.const 3 i32.shl i32.add local.tee $c f64.load local.get $q0 f64.mul
          local.get $c f64.load offset=8 local.get $q1 f64.mul f64.add
          local.set $x
          local.get $rlo i32.eqz
          if local.get $x local.get $p f64.load local.get $q1 f64.mul f64.add local.set $x end
          f64.const 0 local.set $rowDead
          local.get $lo local.get $split i32.lt_s
          if
            local.get $x local.get $pass local.get $lo i32.const 3 i32.shl i32.add f64.load f64.mul local.set $o
            local.get $rowDead local.get $x local.get $o f64.sub f64.add local.set $rowDead
            local.get $c local.get $o f64.store
          else
            local.get $c local.get $x f64.store
          end
          local.get $p local.get $pass local.get $lo i32.const 1 i32.add local.get $split local.get $q0 local.get $q1
          local.get $rowDead call rollDie local.set $rowDead
          local.get $p
          local.get $lo i32.const 1 i32.add local.tee $c local.get $split local.get $c local.get $split i32.gt_s select
          local.get $rhi i32.const 1 i32.add local.get $q0 local.get $q1 call plain
          local.get $dead local.get $rowDead f64.add local.set $dead
          ;; prune(): the range is lo..rhi, cells below $prune at either end dropped
          ${pruneEnds('$p', '$lo', '$rhi', '$prune')}
          local.get $rhi local.get $lo i32.lt_s
          if
            local.get $empty local.set $lo
            i32.const -1 local.set $rhi
          end
          local.get $e local.get $lo i32.store offset=4
          local.get $e local.get $rhi i32.store offset=8
          local.get $r i32.const 1 i32.add local.set $r
          br $eachRow
        end
      end
      local.get $dead`,
  },
  {
    // starvation.ts shortCall()'s cells from..to - 1 (all above cell 0): x = sum of p[j + k] pmf[k]
    // for k < n, in that order, then the roll: with faints ($faint 1) who passes faints, the rest
    // die below the limit (p[j] = 0) or stay (p[j] = x - passed); without, who fails dies below
    // the limit (p[j] = passed) and above it p[j] = x. Returns $dead plus the dead mass.
    name: 'shortCells',
    params: [...i32('$p', '$f', '$pass', '$pmf', '$n', '$from', '$to', '$limitIdx', '$faint'), ...f64('$dead')],
    result: 'f64',
    locals: [...i32('$j', '$k', '$c', '$q'), ...f64('$x', '$o')],
    body: `
      local.get $from local.set $j
      block $done
        loop $cells
          local.get $j local.get $to i32.ge_s br_if $done
          local.get $p local.get $j i32.const 3 i32.shl i32.add local.set $c
          f64.const 0 local.set $x
          i32.const 0 local.set $k
          block $burnDone
            loop $burn
              local.get $k local.get $n i32.ge_s br_if $burnDone
              local.get $x
              local.get $c local.get $k i32.const 3 i32.shl i32.add f64.load
              local.get $pmf local.get $k i32.const 3 i32.shl i32.add f64.load
              f64.mul f64.add local.set $x
              local.get $k i32.const 1 i32.add local.set $k
              br $burn
            end
          end
          local.get $x local.get $pass local.get $j i32.const 3 i32.shl i32.add f64.load f64.mul local.set $o
          local.get $faint
          if
            local.get $f local.get $j i32.const 3 i32.shl i32.add local.tee $q
            local.get $q f64.load local.get $o f64.add f64.store
            local.get $j local.get $limitIdx i32.lt_s
            if
              local.get $dead local.get $x local.get $o f64.sub f64.add local.set $dead
              local.get $c f64.const 0 f64.store
            else
              local.get $c local.get $x local.get $o f64.sub f64.store
            end
          else
            local.get $j local.get $limitIdx i32.lt_s
            if
              local.get $dead local.get $x local.get $o f64.sub f64.add local.set $dead
              local.get $c local.get $o f64.store
            else
              local.get $c local.get $x f64.store
            end
          end
          local.get $j i32.const 1 i32.add local.set $j
          br $cells
        end
      end
      local.get $dead`,
  },
];

/** The kernels' exports (addresses in bytes, cells as in starvation.ts). */
export interface WalkKernels {
  faintDie(p: number, f: number, pass: number, from: number, to: number, q0: number, q1: number, dead: number): number;
  faintKeep(p: number, f: number, pass: number, from: number, to: number, q0: number, q1: number): void;
  rollDie(p: number, pass: number, from: number, to: number, q0: number, q1: number, dead: number): number;
  plain(p: number, from: number, to: number, q0: number, q1: number): void;
  attackStay(p: number, f: number, stay: number, from: number, to: number): void;
  spread(seg: number, lo: number, hi: number, last: number, rk: number, n: number, len: number, arr: number): void;
  moveRow(src: number, dst: number, from: number, to: number): void;
  farBands(...args: number[]): number;
  attackBlocks(...args: number[]): number;
  dangerRows(...args: number[]): number;
  shortCells(...args: number[]): number;
  /** One iteration of the walk (walkIterationKernels.ts): 1 when dispatch() must go on in JavaScript. */
  iterate(ctx: number): number;
  sumMax(p: number, from: number, to: number, out: number): number;
  gatherBand(
    seg: number,
    ap: number,
    bp: number,
    from: number,
    to: number,
    spill: number,
    out: number,
    f0: number,
    f1: number,
  ): number;
}

const instantiate = kernelMemories<WalkKernels>([...FUNCTIONS, ...ITERATION_FUNCTIONS]);

/** A memory and the kernels on it (never grown: see wasmText.ts kernelMemories()). */
export class WalkMemory {
  readonly buffer: ArrayBuffer;
  readonly kernels: WalkKernels;
  constructor(bytes: number) {
    ({ buffer: this.buffer, kernels: this.kernels } = instantiate(bytes));
  }
}
