// One iteration of the single starvation walk (starvation.ts Walk) in one WebAssembly call, for
// the iterations that need nothing of JavaScript: no seed to inject, no faint to record for a
// snapshot, calls that burn 0 or 1 (every period-20 ring model, 5.0's random burns), kernels
// already tabulated. The per-iteration orchestration of starvation.ts (the attacks, the danger
// rows' calls, the awake call, dispatch()'s bands with settle() and toDanger(), the two moves of
// ++multi) runs here on the rows' extents, which live in the walk memory (row headers: lo, hi as
// two int32s), so no row is read back by JavaScript. Each step calls the kernels of
// walkKernels.ts with the same arguments, and does the little arithmetic around them, in the same
// IEEE operations and order as starvation.ts: the results are the same to the last bit.
//
// The context (CTX_INTS int32s, then CTX_FLOATS float64s at byte CTX_FLOAT_AT) carries the walk's
// constants, this iteration's calls, and the results (the dead of each step, faints, turns).
import type { WasmFunction } from './wasmText.ts';

export const CTX_INTS = [
  't',
  'ring',
  'limitIdx',
  'emptyLo',
  'rowBytes',
  'awakeAt',
  'dangerAt',
  'hdrAt',
  'passAt',
  'stayAt',
  'segAt',
  'width',
  'durAt',
  'bandLowAt',
  /** The kernel table of this iteration's settle() phase (see starvation.ts tabulate()). */
  'table',
  /** Beside it: 1 + the burn of a kernel that is a point mass, else 0. */
  'points',
  'dangerWake',
  /** The last usefulLength() answer. */
  'near',
  /** 0: no attack here; 1: attacks that burn nothing; 2: combined attacks; 3: one attack of 0 or 1. */
  'attackMode',
  'combStay',
  'combFaint',
  'combDead',
  'span',
  'stride',
  'spill',
  'aAt',
  'bAt',
  /** The awake turn call: 1 burns 0 or 1 (wq0, wq1), 2 burns nothing (wq0). */
  'awakeMode',
  /** Out: the band where dispatch() must go on in JavaScript (below `lo`: none), and lo. */
  'stop',
  'lo',
  /** t % ring. */
  'tSlot',
] as const;
export const CTX_FLOATS = [
  'attackDead',
  'dangerDead',
  'awakeDead',
  'dispatchDead',
  'faints',
  'turns',
  'aq0',
  'aq1',
  'dq0',
  'dq1',
  'wq0',
  'wq1',
  'f0',
  'f1',
  'prune',
  'cut',
  'most',
] as const;
export const CTX_FLOAT_AT = 128;
export const CTX_BYTES = CTX_FLOAT_AT + 8 * CTX_FLOATS.length;
if (4 * CTX_INTS.length > CTX_FLOAT_AT) throw new Error('walk iteration: context ints overflow');

type CtxInt = (typeof CTX_INTS)[number];
type CtxFloat = (typeof CTX_FLOATS)[number];
const intAt = (n: CtxInt) => 4 * CTX_INTS.indexOf(n);
const floatAt = (n: CtxFloat) => CTX_FLOAT_AT + 8 * CTX_FLOATS.indexOf(n);
/** Context reads and writes (the value's code in `value`). */
const ci = (n: CtxInt) => `local.get $ctx i32.load offset=${intAt(n)}`;
const cf = (n: CtxFloat) => `local.get $ctx f64.load offset=${floatAt(n)}`;
const setCi = (n: CtxInt, value: string) => `local.get $ctx ${value} i32.store offset=${intAt(n)}`;
const setCf = (n: CtxFloat, value: string) => `local.get $ctx ${value} f64.store offset=${floatAt(n)}`;
/** The address of the context's float `n` (for the kernels that write a result there). */
const cfAddr = (n: CtxFloat) => `local.get $ctx i32.const ${floatAt(n)} i32.add`;

/** Set `local` to the ring slot of iteration t + `ahead` (code; 0 <= ahead < 2 ring), no division. */
const slotAhead = (local: string, ahead: string) => `
  ${ci('tSlot')} ${ahead} i32.add local.tee ${local} ${ci('ring')} i32.ge_s
  if local.get ${local} ${ci('ring')} i32.sub local.set ${local} end`;
const i32 = (...names: string[]) => names.map((n): [string, 'i32'] => [n, 'i32']);
const f64 = (...names: string[]) => names.map((n): [string, 'f64'] => [n, 'f64']);

/** Address of cell `cell` (code) of the array at `base` (code). */
const cellAt = (base: string, cell: string) => `${base} ${cell} i32.const 3 i32.shl i32.add`;
/** A header's lo and hi (int32s at h and h + 4). */
const loOf = (h: string) => `local.get ${h} i32.load`;
const hiOf = (h: string) => `local.get ${h} i32.load offset=4`;
/** Header h: lo = min(lo, value), hi = max(hi, value2) (as `if (x < row.lo) row.lo = x`). */
const widen = (h: string, lo: string, hi: string) => `
  ${lo} ${loOf(h)} i32.lt_s
  if local.get ${h} ${lo} i32.store end
  ${hi} ${hiOf(h)} i32.gt_s
  if local.get ${h} ${hi} i32.store offset=4 end`;

/**
 * $sum += the `count` cells from address `from`, one at a time in order (four to a loop turn, the
 * running sum kept on the stack); uses the locals $p and $n.
 */
const addCells = (sum: string, from: string, count: string, name: string) => `
  ${from} local.set $p
  ${count} local.set $n
  block $${name}FoursDone
    loop $${name}Fours
      local.get $n i32.const 4 i32.lt_s br_if $${name}FoursDone
      local.get ${sum}
      local.get $p f64.load f64.add
      local.get $p f64.load offset=8 f64.add
      local.get $p f64.load offset=16 f64.add
      local.get $p f64.load offset=24 f64.add
      local.set ${sum}
      local.get $p i32.const 32 i32.add local.set $p
      local.get $n i32.const 4 i32.sub local.set $n
      br $${name}Fours
    end
  end
  block $${name}OnesDone
    loop $${name}Ones
      local.get $n i32.const 1 i32.lt_s br_if $${name}OnesDone
      local.get ${sum} local.get $p f64.load f64.add local.set ${sum}
      local.get $p i32.const 8 i32.add local.set $p
      local.get $n i32.const 1 i32.sub local.set $n
      br $${name}Ones
    end
  end`;

/**
 * Row.prune()'s loops: cells of the row at `p` below `cut` dropped from either end of lo..hi (the
 * locals named), moving lo up and hi down; `$c` is the scratch cell address.
 */
export const pruneEnds = (p: string, lo: string, hi: string, cut: string) => `
  block $loDone
    loop $fromLo
      local.get ${lo} local.get ${hi} i32.gt_s br_if $loDone
      ${cellAt(`local.get ${p}`, `local.get ${lo}`)} local.tee $c f64.load local.get ${cut} f64.lt i32.eqz br_if $loDone
      local.get $c f64.const 0 f64.store
      local.get ${lo} i32.const 1 i32.add local.set ${lo}
      br $fromLo
    end
  end
  block $hiDone
    loop $fromHi
      local.get ${hi} local.get ${lo} i32.lt_s br_if $hiDone
      ${cellAt(`local.get ${p}`, `local.get ${hi}`)} local.tee $c f64.load local.get ${cut} f64.lt i32.eqz br_if $hiDone
      local.get $c f64.const 0 f64.store
      local.get ${hi} i32.const 1 i32.sub local.set ${hi}
      br $fromHi
    end
  end`;
/**
 * gatherFar()'s loop over cells j..i: four cells a turn, then two, then one (pointers $a, $b, $s
 * step along). With `spill`, seg[c] = ((seg[c] + b[c]) + a[c] f0) + a[c + 1] f1; without, the
 * helpless call is pmf [1]: seg[c] = (seg[c] + b[c]) + a[c]. Labels end in `suffix`.
 */
function gatherCells(suffix: string, spill: boolean): string {
  const two = (offset: number) => `
    local.get $s
      local.get $s v128.load offset=${offset} local.get $b v128.load offset=${offset} f64x2.add
      local.get $a v128.load offset=${offset} ${spill ? 'local.get $F0 f64x2.mul ' : ''}f64x2.add
      ${spill ? `local.get $a v128.load offset=${offset + 8} local.get $F1 f64x2.mul f64x2.add` : ''}
    local.tee $X v128.store offset=${offset}
    local.get $X local.get $M f64x2.pmax local.set $M
    local.get $a local.get $zero v128.store offset=${offset}
    local.get $b local.get $zero v128.store offset=${offset}`;
  const advance = (cells: number) => `
    local.get $a i32.const ${8 * cells} i32.add local.set $a
    local.get $b i32.const ${8 * cells} i32.add local.set $b
    local.get $s i32.const ${8 * cells} i32.add local.set $s
    local.get $c i32.const ${cells} i32.add local.set $c`;
  return `
    ;; (pmax: the largest of values that are never NaN nor -0)
    local.get $j local.set $c
    block $quads${suffix}Done
      loop $quads${suffix}
        local.get $c i32.const 4 i32.add local.get $to i32.gt_s br_if $quads${suffix}Done
        ${two(0)} ${two(16)} ${advance(4)}
        br $quads${suffix}
      end
    end
    local.get $c i32.const 2 i32.add local.get $to i32.le_s
    if
      ${two(0)} ${advance(2)}
    end
    local.get $c local.get $to i32.lt_s
    if
      local.get $s
        local.get $s f64.load local.get $b f64.load f64.add
        local.get $a f64.load ${spill ? 'local.get $f0 f64.mul ' : ''}f64.add
        ${spill ? 'local.get $a f64.load offset=8 local.get $f1 f64.mul f64.add' : ''}
      local.tee $x f64.store
      local.get $most local.get $x f64.max local.set $most
      local.get $a f64.const 0 f64.store
      local.get $b f64.const 0 f64.store
    end`;
}

export const ITERATION_FUNCTIONS: WasmFunction[] = [
  {
    // spread() with a kernel that is a point mass at burn b, used in full: every other product is
    // 0 and adds nothing, so it is dst[c] += src[c] for the cells from..to - 1 of src (cleared), dst
    // given as the address of the target row minus 8 b (dst cell c is the row's c - b).
    name: 'shiftAdd',
    params: i32('$src', '$from', '$to', '$dst'),
    locals: [...['$zero'].map((n): [string, 'v128'] => [n, 'v128']), ...f64('$x')],
    body: `
      ${cellAt('local.get $src', 'local.get $from')} local.set $src
      ${cellAt('local.get $dst', 'local.get $from')} local.set $dst
      block $pairsDone
        loop $pairs
          local.get $from i32.const 2 i32.add local.get $to i32.gt_s br_if $pairsDone
          local.get $dst local.get $dst v128.load local.get $src v128.load f64x2.add v128.store
          local.get $src local.get $zero v128.store
          local.get $src i32.const 16 i32.add local.set $src
          local.get $dst i32.const 16 i32.add local.set $dst
          local.get $from i32.const 2 i32.add local.set $from
          br $pairs
        end
      end
      local.get $from local.get $to i32.lt_s
      if
        local.get $dst local.get $dst f64.load local.get $src f64.load f64.add f64.store
        local.get $src f64.const 0 f64.store
      end`,
  },
  {
    // Row.prune() on the row at $p with header $h (an empty row: lo = $empty, hi = -1).
    name: 'pruneRow',
    params: [...i32('$p', '$h', '$empty'), ...f64('$cut')],
    locals: i32('$lo', '$hi', '$c'),
    body: `
      ${loOf('$h')} local.set $lo
      ${hiOf('$h')} local.set $hi
      ${pruneEnds('$p', '$lo', '$hi', '$cut')}
      local.get $hi local.get $lo i32.lt_s
      if local.get $empty local.set $lo i32.const -1 local.set $hi end
      local.get $h local.get $lo i32.store
      local.get $h local.get $hi i32.store offset=4`,
  },
  {
    // starvation.ts twoPointCall() with faints (into $f, header $fh), then prune(): returns the dead.
    name: 'callFaint',
    params: [...i32('$p', '$h', '$f', '$fh', '$pass', '$limitIdx', '$empty'), ...f64('$q0', '$q1', '$cut')],
    result: 'f64',
    locals: [...i32('$rlo', '$rhi', '$lo', '$split', '$c', '$j'), ...f64('$floor', '$x', '$passed', '$dead')],
    body: `
      ${loOf('$h')} local.set $rlo
      ${hiOf('$h')} local.set $rhi
      local.get $rhi local.get $rlo i32.lt_s
      if f64.const 0 return end
      local.get $rlo i32.const 1 i32.sub local.set $lo
      local.get $rlo i32.eqz
      if
        i32.const 0 local.set $lo
        local.get $p f64.load local.get $q1 f64.mul local.set $floor
      end
      local.get $limitIdx local.set $split
      local.get $split local.get $lo i32.lt_s
      if local.get $lo local.set $split end
      local.get $split local.get $rhi i32.const 1 i32.add i32.gt_s
      if local.get $rhi i32.const 1 i32.add local.set $split end
      ;; x = p[lo] q0 + p[lo + 1] q1 + floorBurn; passed = x pass[lo]; faints[lo] += passed
      ${cellAt('local.get $p', 'local.get $lo')} local.tee $c f64.load local.get $q0 f64.mul
      local.get $c f64.load offset=8 local.get $q1 f64.mul f64.add
      local.get $floor f64.add local.tee $x
      ${cellAt('local.get $pass', 'local.get $lo')} f64.load f64.mul local.set $passed
      ${cellAt('local.get $f', 'local.get $lo')} local.tee $j
      local.get $j f64.load local.get $passed f64.add f64.store
      local.get $lo local.get $split i32.lt_s
      if
        f64.const 0 local.get $x local.get $passed f64.sub f64.add local.set $dead
        local.get $c f64.const 0 f64.store
        local.get $p local.get $f local.get $pass local.get $lo i32.const 1 i32.add local.get $split
        local.get $q0 local.get $q1 local.get $dead call faintDie local.set $dead
        local.get $split local.set $j
      else
        local.get $c local.get $x local.get $passed f64.sub f64.store
        local.get $lo i32.const 1 i32.add local.set $j
      end
      local.get $p local.get $f local.get $pass local.get $j local.get $rhi i32.const 1 i32.add
      local.get $q0 local.get $q1 call faintKeep
      ${widen('$fh', 'local.get $lo', 'local.get $rhi')}
      local.get $h local.get $split i32.store
      local.get $h local.get $rhi i32.const -1 local.get $split local.get $rhi i32.le_s select i32.store offset=4
      local.get $p local.get $h local.get $empty local.get $cut call pruneRow
      local.get $dead`,
  },
  {
    // starvation.ts burnNothing() (an awake call of pmf [q]) then prune(): returns the dead.
    name: 'nothingFaint',
    params: [...i32('$p', '$h', '$f', '$fh', '$pass', '$limitIdx', '$empty'), ...f64('$q', '$cut')],
    result: 'f64',
    locals: [...i32('$lo', '$rhi', '$split'), ...f64('$dead')],
    body: `
      ${loOf('$h')} local.set $lo
      ${hiOf('$h')} local.set $rhi
      local.get $rhi local.get $lo i32.lt_s
      if f64.const 0 return end
      local.get $limitIdx local.set $split
      local.get $split local.get $lo i32.lt_s
      if local.get $lo local.set $split end
      local.get $split local.get $rhi i32.const 1 i32.add i32.gt_s
      if local.get $rhi i32.const 1 i32.add local.set $split end
      local.get $p local.get $f local.get $pass local.get $lo local.get $split local.get $q f64.const 0 f64.const 0
      call faintDie local.set $dead
      local.get $q f64.const 1 f64.eq
      if
        ;; pmf [1]: y = p[j] 1 + p[j + 1] 0 is p[j]
        local.get $p local.get $f local.get $pass local.get $split local.get $rhi i32.const 1 i32.add
        call faintKeepAsIs
      else
        local.get $p local.get $f local.get $pass local.get $split local.get $rhi i32.const 1 i32.add
        local.get $q f64.const 0 call faintKeep
      end
      ${widen('$fh', 'local.get $lo', 'local.get $rhi')}
      local.get $h local.get $split i32.store
      local.get $h local.get $rhi i32.const -1 local.get $split local.get $rhi i32.le_s select i32.store offset=4
      local.get $p local.get $h local.get $empty local.get $cut call pruneRow
      local.get $dead`,
  },
  {
    // starvation.ts attackCalls() for attacks that burn nothing (in WebAssembly there): returns the dead.
    name: 'attackZero',
    params: [...i32('$p', '$h', '$f', '$fh', '$pass', '$stay', '$limitIdx', '$empty'), ...f64('$cut')],
    result: 'f64',
    locals: [...i32('$lo', '$hi', '$split'), ...f64('$dead')],
    body: `
      ${loOf('$h')} local.set $lo
      ${hiOf('$h')} local.set $hi
      local.get $hi local.get $lo i32.lt_s
      if f64.const 0 return end
      local.get $limitIdx local.set $split
      local.get $split local.get $lo i32.lt_s
      if local.get $lo local.set $split end
      local.get $split local.get $hi i32.const 1 i32.add i32.gt_s
      if local.get $hi i32.const 1 i32.add local.set $split end
      local.get $p local.get $f local.get $pass local.get $lo local.get $split f64.const 1 f64.const 0 f64.const 0
      call faintDie local.set $dead
      local.get $p local.get $f local.get $stay local.get $split local.get $hi i32.const 1 i32.add call attackStay
      ${widen('$fh', 'local.get $lo', 'local.get $hi')}
      local.get $h local.get $split i32.store
      local.get $p local.get $h local.get $empty local.get $cut call pruneRow
      local.get $dead`,
  },
  {
    // starvation.ts combinedAttacks() when every source cell is at least span - 1 (no output below
    // cell 0) and built: the blocks of four (attackBlocks), then attackCell() for the last few.
    name: 'attackCombined',
    params: [
      ...i32('$p', '$h', '$f', '$fh', '$stay', '$faint', '$deadFrom', '$span', '$stride', '$empty'),
      ...f64('$cut'),
    ],
    result: 'f64',
    locals: [...i32('$lo', '$hi', '$i', '$n', '$k', '$b', '$o'), ...f64('$dead', '$x')],
    body: `
      ${loOf('$h')} local.set $lo
      ${hiOf('$h')} local.set $hi
      local.get $hi local.get $lo i32.lt_s
      if f64.const 0 return end
      local.get $lo local.set $i
      local.get $i i32.const 3 i32.add local.get $hi i32.le_s
      if
        local.get $p local.get $f local.get $stay local.get $faint local.get $deadFrom local.get $i local.get $hi
        local.get $span local.get $stride local.get $dead call attackBlocks local.set $dead
        local.get $hi local.get $i i32.sub i32.const 1 i32.add local.tee $n
        local.get $n i32.const 3 i32.and i32.sub local.get $i i32.add local.set $i
      end
      block $tailDone
        loop $tail
          local.get $i local.get $hi i32.gt_s br_if $tailDone
          ${cellAt('local.get $p', 'local.get $i')} f64.load local.tee $x
          f64.const 0 f64.ne
          if
            ${cellAt('local.get $p', 'local.get $i')} f64.const 0 f64.store
            local.get $i local.get $stride i32.mul i32.const 3 i32.shl local.set $b
            i32.const 0 local.set $k
            block $outDone
              loop $out
                local.get $k local.get $span i32.ge_s br_if $outDone
                local.get $i local.get $k i32.sub i32.const 3 i32.shl local.set $o
                local.get $p local.get $o i32.add local.tee $n
                local.get $n f64.load
                local.get $x local.get $stay local.get $b i32.add f64.load f64.mul f64.add f64.store
                local.get $f local.get $o i32.add local.tee $n
                local.get $n f64.load
                local.get $x local.get $faint local.get $b i32.add f64.load f64.mul f64.add f64.store
                local.get $b i32.const 8 i32.add local.set $b
                local.get $k i32.const 1 i32.add local.set $k
                br $out
              end
            end
            local.get $dead local.get $x ${cellAt('local.get $deadFrom', 'local.get $i')} f64.load f64.mul f64.add
            local.set $dead
          end
          local.get $i i32.const 1 i32.add local.set $i
          br $tail
        end
      end
      ;; bottom = max(0, lo - span + 1)
      local.get $lo local.get $span i32.sub i32.const 1 i32.add local.set $n
      local.get $n i32.const 0 local.get $n i32.const 0 i32.gt_s select local.set $n
      ${widen('$fh', 'local.get $n', 'local.get $hi')}
      local.get $h local.get $n i32.store
      local.get $p local.get $h local.get $empty local.get $cut call pruneRow
      local.get $f local.get $fh local.get $empty local.get $cut call pruneRow
      local.get $dead`,
  },
  {
    // starvation.ts dangerRows() for the danger rows of wakes t + 1 .. min(t + ring - 1, dangerWake)
    // in use, from their headers: returns the dead (summed row by row from 0).
    name: 'dangerRing',
    params: i32('$ctx'),
    result: 'f64',
    locals: [...i32('$w', '$last', '$slot', '$h', '$ring', '$asIs'), ...f64('$dead', '$rowDead')],
    body: `
      ${cf('dq0')} f64.const 1 f64.eq ${cf('dq1')} f64.const 0 f64.eq i32.and local.set $asIs
      ${ci('ring')} local.set $ring
      ${ci('t')} local.get $ring i32.add i32.const 1 i32.sub local.tee $last
      ${ci('dangerWake')} local.get $last ${ci('dangerWake')} i32.lt_s select local.set $last
      ${ci('t')} i32.const 1 i32.add local.set $w
      ${slotAhead('$slot', 'i32.const 1')}
      block $done
        loop $rows
          local.get $w local.get $last i32.gt_s br_if $done
          ${ci('hdrAt')} local.get $ring local.get $slot i32.add i32.const 3 i32.shl i32.add local.tee $h
          i32.load offset=4 ${loOf('$h')} i32.ge_s
          if
            local.get $asIs
            if
              ${ci('dangerAt')} local.get $slot ${ci('rowBytes')} i32.mul i32.add local.get $h
              ${ci('passAt')} ${ci('limitIdx')} ${ci('emptyLo')} ${cf('prune')}
              call dangerRowAsIs local.set $rowDead
            else
              ${ci('dangerAt')} local.get $slot ${ci('rowBytes')} i32.mul i32.add local.get $h
              ${ci('passAt')} ${ci('limitIdx')} ${ci('emptyLo')} ${cf('dq0')} ${cf('dq1')} ${cf('prune')}
              call dangerRow local.set $rowDead
            end
            local.get $rowDead local.get $dead f64.add local.set $dead
          end
          local.get $w i32.const 1 i32.add local.set $w
          local.get $slot i32.const 1 i32.add local.tee $slot local.get $ring i32.eq
          if i32.const 0 local.set $slot end
          br $rows
        end
      end
      local.get $dead`,
  },
  {
    // dangerRow() for a call of pmf [1] (x = p[j] 1 + p[j + 1] 0 is p[j]; above the limit nothing
    // changes): the cells lo..split - 1 roll one at a time, then prune().
    name: 'dangerRowAsIs',
    params: [...i32('$p', '$h', '$pass', '$limitIdx', '$empty'), ...f64('$prune')],
    result: 'f64',
    locals: [...i32('$rlo', '$rhi', '$lo', '$split', '$c', '$q'), ...f64('$x', '$o', '$rowDead')],
    body: `
      ${loOf('$h')} local.set $rlo
      ${hiOf('$h')} local.set $rhi
      local.get $rlo i32.const 1 i32.sub local.set $lo
      local.get $rlo i32.eqz
      if i32.const 0 local.set $lo end
      local.get $limitIdx local.set $split
      local.get $split local.get $lo i32.lt_s
      if local.get $lo local.set $split end
      local.get $split local.get $rhi i32.const 1 i32.add i32.gt_s
      if local.get $rhi i32.const 1 i32.add local.set $split end
      ${cellAt('local.get $p', 'local.get $lo')} local.set $c
      ${cellAt('local.get $pass', 'local.get $lo')} local.set $q
      local.get $lo local.set $rlo
      block $rollDone
        loop $roll
          local.get $rlo local.get $split i32.ge_s br_if $rollDone
          local.get $c f64.load local.tee $x local.get $q f64.load f64.mul local.set $o
          local.get $rowDead local.get $x local.get $o f64.sub f64.add local.set $rowDead
          local.get $c local.get $o f64.store
          local.get $c i32.const 8 i32.add local.set $c
          local.get $q i32.const 8 i32.add local.set $q
          local.get $rlo i32.const 1 i32.add local.set $rlo
          br $roll
        end
      end
      local.get $h local.get $lo i32.store
      local.get $h local.get $rhi i32.store offset=4
      local.get $p local.get $h local.get $empty local.get $prune call pruneRow
      local.get $rowDead`,
  },
  {
    // One row of walkKernels.ts dangerRows() (twoPointCall() without faints, then prune()), its
    // extent in header $h: returns the row's dead.
    name: 'dangerRow',
    params: [...i32('$p', '$h', '$pass', '$limitIdx', '$empty'), ...f64('$q0', '$q1', '$prune')],
    result: 'f64',
    locals: [...i32('$rlo', '$rhi', '$lo', '$split', '$c'), ...f64('$x', '$o', '$rowDead')],
    body: `
      ${loOf('$h')} local.set $rlo
      ${hiOf('$h')} local.set $rhi
      local.get $rlo i32.const 1 i32.sub local.set $lo
      local.get $rlo i32.eqz
      if i32.const 0 local.set $lo end
      local.get $limitIdx local.set $split
      local.get $split local.get $lo i32.lt_s
      if local.get $lo local.set $split end
      local.get $split local.get $rhi i32.const 1 i32.add i32.gt_s
      if local.get $rhi i32.const 1 i32.add local.set $split end
      local.get $p local.get $lo i32.const 3 i32.shl i32.add local.tee $c f64.load local.get $q0 f64.mul
      local.get $c f64.load offset=8 local.get $q1 f64.mul f64.add
      local.set $x
      local.get $rlo i32.eqz
      if local.get $x local.get $p f64.load local.get $q1 f64.mul f64.add local.set $x end
      local.get $lo local.get $split i32.lt_s
      if
        local.get $x local.get $pass local.get $lo i32.const 3 i32.shl i32.add f64.load f64.mul local.set $o
        local.get $rowDead local.get $x local.get $o f64.sub f64.add local.set $rowDead
        local.get $c local.get $o f64.store
      else
        local.get $c local.get $x f64.store
      end
      local.get $q0 f64.const 1 f64.eq local.get $q1 f64.const 0 f64.eq i32.and
      if
        ;; pmf [1]: x = p[j] 1 + p[j + 1] 0 is p[j]
        local.get $p local.get $pass local.get $lo i32.const 1 i32.add local.get $split
        local.get $rowDead call rollAsIs local.set $rowDead
      else
        local.get $p local.get $pass local.get $lo i32.const 1 i32.add local.get $split local.get $q0 local.get $q1
        local.get $rowDead call rollDie local.set $rowDead
      end
      ;; above the limit a call of pmf [1] (1, 0) leaves every cell as it is (x 1 + 0 x 0)
      local.get $q0 f64.const 1 f64.ne local.get $q1 f64.const 0 f64.ne i32.or
      if
        local.get $p
        local.get $lo i32.const 1 i32.add local.tee $c local.get $split local.get $c local.get $split i32.gt_s select
        local.get $rhi i32.const 1 i32.add local.get $q0 local.get $q1 call plain
      end
      local.get $h local.get $lo i32.store
      local.get $h local.get $rhi i32.store offset=4
      local.get $p local.get $h local.get $empty local.get $prune call pruneRow
      local.get $rowDead`,
  },
  {
    // starvation.ts toDanger(): helpless heroes at cells lo..hi of $src (cleared) into the danger
    // row of those who wake at $wake.
    name: 'toDanger',
    params: i32('$ctx', '$src', '$lo', '$hi', '$wake'),
    locals: [...i32('$slot', '$h', '$dp', '$from', '$to', '$c', '$s', '$d'), ...f64('$x')],
    body: `
      ${slotAhead('$slot', `local.get $wake ${ci('t')} i32.sub`)}
      ${ci('dangerAt')} local.get $slot ${ci('rowBytes')} i32.mul i32.add local.set $dp
      ${ci('hdrAt')} ${ci('ring')} local.get $slot i32.add i32.const 3 i32.shl i32.add local.tee $h
      i32.load local.set $from
      ${hiOf('$h')} local.set $to
      local.get $lo local.set $c
      block $done
        loop $cells
          local.get $c local.get $hi i32.gt_s br_if $done
          ${cellAt('local.get $src', 'local.get $c')} local.tee $s f64.load local.tee $x
          f64.const 0 f64.ne
          if
            local.get $s f64.const 0 f64.store
            ${cellAt('local.get $dp', 'local.get $c')} local.tee $d
            local.get $d f64.load local.get $x f64.add f64.store
            local.get $c local.get $from i32.lt_s
            if local.get $c local.set $from end
            local.get $c local.get $to i32.gt_s
            if local.get $c local.set $to end
          end
          local.get $c i32.const 1 i32.add local.set $c
          br $cells
        end
      end
      local.get $h local.get $from i32.store
      local.get $h local.get $to i32.store offset=4
      local.get $wake ${ci('dangerWake')} i32.gt_s
      if ${setCi('dangerWake', 'local.get $wake')} end`,
  },
  {
    // starvation.ts settle() of cells lo..hi of $src ($srcLen long), a band of faints of d turns
    // whose kernel is tabulated, $most its largest cell.
    name: 'settleBand',
    params: [...i32('$ctx', '$src', '$srcLen', '$lo', '$hi', '$d'), ...f64('$most')],
    locals: [...i32('$wake', '$e', '$rk', '$n', '$tail', '$len', '$safe', '$w', '$h', '$last', '$c'), ...f64('$cut')],
    body: `
      local.get $most f64.const 0 f64.eq
      if return end
      ${ci('t')} local.get $d i32.add local.set $wake
      ${ci('table')} local.get $d i32.const 1 i32.sub i32.const 3 i32.shl i32.add local.tee $e
      i32.load local.set $rk
      local.get $e i32.load offset=4 local.set $n
      local.get $rk local.get $n i32.const 3 i32.add i32.const 3 i32.shl i32.add local.set $tail
      ;; usefulLength(kernel, most, near)
      ${cf('cut')} local.set $cut
      ${ci('near')} local.set $len
      local.get $len i32.const 1 i32.lt_s
      if i32.const 1 local.set $len end
      local.get $len local.get $n i32.gt_s
      if local.get $n local.set $len end
      block $upDone
        loop $up
          local.get $len local.get $n i32.ge_s br_if $upDone
          ${cellAt('local.get $tail', 'local.get $len')} f64.load local.get $most f64.mul
          local.get $cut f64.lt br_if $upDone
          local.get $len i32.const 1 i32.add local.set $len
          br $up
        end
      end
      block $downDone
        loop $down
          local.get $len i32.const 1 i32.le_s br_if $downDone
          ${cellAt('local.get $tail', 'local.get $len i32.const 1 i32.sub')} f64.load
          local.get $most f64.mul local.get $cut f64.lt i32.eqz br_if $downDone
          local.get $len i32.const 1 i32.sub local.set $len
          br $down
        end
      end
      ${setCi('near', 'local.get $len')}
      ;; safeFrom = max(lo, limitIdx + len - 1)
      ${ci('limitIdx')} local.get $len i32.add i32.const 1 i32.sub local.tee $safe
      local.get $lo i32.lt_s
      if local.get $lo local.set $safe end
      local.get $safe local.get $lo i32.gt_s
      if
        local.get $ctx local.get $src local.get $lo
        local.get $safe i32.const 1 i32.sub local.get $hi local.get $safe local.get $hi i32.le_s select
        local.get $wake call toDanger
      end
      local.get $safe local.get $hi i32.le_s
      if
        ${slotAhead('$w', 'local.get $d')}
        ${ci('hdrAt')} local.get $w i32.const 3 i32.shl i32.add local.set $h
        local.get $hi local.set $last
        local.get $hi i32.const 3 i32.add local.get $srcLen i32.lt_s
        if local.get $hi i32.const 3 i32.add local.set $last end
        ;; a kernel that is a point mass at burn n - 1, used in full: spread() adds each cell alone
        ${ci('points')} local.get $d i32.const 1 i32.sub i32.const 2 i32.shl i32.add i32.load local.get $n i32.eq
        local.get $len local.get $n i32.eq i32.and
        if
          local.get $src local.get $safe local.get $hi i32.const 1 i32.add
          ${ci('awakeAt')} local.get $w ${ci('rowBytes')} i32.mul i32.add
          local.get $n i32.const 1 i32.sub i32.const 3 i32.shl i32.sub
          call shiftAdd
        else
          local.get $src local.get $safe local.get $hi local.get $last local.get $rk local.get $n local.get $len
          ${ci('awakeAt')} local.get $w ${ci('rowBytes')} i32.mul i32.add
          call spread
        end
        ${widen('$h', 'local.get $safe local.get $len i32.sub i32.const 1 i32.add', 'local.get $hi')}
      end`,
  },
  {
    // walkKernels.ts gatherBand() for the band j..i (spill 0 or 1; f1 = 0 with spill 0), two cells
    // at a time: seg[c] = ((seg[c] + b[c]) + a[c] f0) + a[c + 1] f1, as its two loops leave it (the
    // top cell adds a[i + 1] f1 = 0: that cell is clear), seg[j - 1] += a[j] f1 first. The sum, b's
    // then a's in order, in a loop of its own; the largest cell of seg[j - spill..i] to the context.
    name: 'gatherFar',
    params: i32('$ctx', '$j', '$i'),
    result: 'f64',
    locals: [
      ...i32('$c', '$a', '$b', '$s', '$to', '$p', '$n'),
      ...f64('$sum', '$f0', '$f1', '$most', '$x'),
      ...['$F0', '$F1', '$M', '$X', '$zero'].map((n): [string, 'v128'] => [n, 'v128']),
    ],
    body: `
      ${cellAt(ci('aAt'), 'local.get $j')} local.set $a
      ${cellAt(ci('bAt'), 'local.get $j')} local.set $b
      ${cellAt(ci('segAt'), 'local.get $j')} local.set $s
      local.get $i i32.const 1 i32.add local.set $to
      ;; the sum: the turn faints, then the attack faints
      ${addCells('$sum', 'local.get $b', 'local.get $to local.get $j i32.sub', 'turn')}
      ${addCells('$sum', 'local.get $a', 'local.get $to local.get $j i32.sub', 'attack')}
      ${cf('f0')} local.tee $f0 f64x2.splat local.set $F0
      ${cf('f1')} local.tee $f1 f64x2.splat local.set $F1
      ${ci('spill')}
      if
        ;; seg[j - 1] += a[j] f1, the first thing the attack loop does below the band
        local.get $s i32.const 8 i32.sub local.get $s i32.const 8 i32.sub f64.load
        local.get $a f64.load local.get $f1 f64.mul f64.add local.tee $most f64.store
      end
      ${ci('spill')}
      if
        ${gatherCells('', true)}
      else
        ;; no spill: the helpless call is pmf [1] (f0 = 1, a f0 is a; f1 = 0: a[c + 1] f1 adds 0, left out)
        ${gatherCells('0', false)}
      end
      ${setCf(
        'most',
        'local.get $most local.get $M f64x2.extract_lane 0 f64.max local.get $M f64x2.extract_lane 1 f64.max',
      )}
      local.get $sum`,
  },
  {
    // dispatch()'s gathering of a band near the limit (with attack faints): the turn faints, then
    // the attack faints after their first helpless call (whose roll can kill below the limit), into
    // seg; A and B cleared. Returns the band's sum; the dead go to the context's dispatchDead.
    name: 'nearBand',
    params: i32('$ctx', '$j', '$i'),
    result: 'f64',
    locals: [
      ...i32('$c', '$s', '$a', '$spill', '$limitIdx', '$to', '$k'),
      ...f64('$x', '$sum', '$m', '$lived', '$dead'),
    ],
    body: `
      ${ci('spill')} local.set $spill
      ${ci('limitIdx')} local.set $limitIdx
      ${cf('dispatchDead')} local.set $dead
      local.get $j local.set $c
      block $turnDone
        loop $turn
          local.get $c local.get $i i32.gt_s br_if $turnDone
          ${cellAt(ci('bAt'), 'local.get $c')} local.tee $a f64.load local.set $x
          local.get $a f64.const 0 f64.store
          ${cellAt(ci('segAt'), 'local.get $c')} local.tee $s
          local.get $s f64.load local.get $x f64.add f64.store
          local.get $sum local.get $x f64.add local.set $sum
          local.get $c i32.const 1 i32.add local.set $c
          br $turn
        end
      end
      local.get $j local.set $c
      block $attackDone
        loop $attack
          local.get $c local.get $i i32.gt_s br_if $attackDone
          ${cellAt(ci('aAt'), 'local.get $c')} local.tee $a f64.load local.tee $x
          f64.const 0 f64.ne
          if
            local.get $a f64.const 0 f64.store
            local.get $sum local.get $x f64.add local.set $sum
            i32.const 0 local.set $k
            block $kDone
              loop $eachK
                local.get $k local.get $spill i32.gt_s br_if $kDone
                local.get $x ${cf('f1')} ${cf('f0')} local.get $k select f64.mul local.set $m
                local.get $c local.get $k i32.sub local.set $to
                ${cellAt(ci('segAt'), 'local.get $to')} local.set $s
                ;; no roll can kill when the band's lowest output is up there, else below the limit
                local.get $c local.get $spill i32.sub local.get $limitIdx i32.lt_s
                local.get $to local.get $limitIdx i32.lt_s i32.and
                if
                  local.get $m ${cellAt(ci('passAt'), 'local.get $to')} f64.load f64.mul local.set $lived
                  local.get $dead local.get $m local.get $lived f64.sub f64.add local.set $dead
                  local.get $s local.get $s f64.load local.get $lived f64.add f64.store
                else
                  local.get $s local.get $s f64.load local.get $m f64.add f64.store
                end
                local.get $k i32.const 1 i32.add local.set $k
                br $eachK
              end
            end
          end
          local.get $c i32.const 1 i32.add local.set $c
          br $attack
        end
      end
      ${setCf('dispatchDead', 'local.get $dead')}
      local.get $sum`,
  },
  {
    // dispatch()'s bands from $hi down to $lo: each gathered (gatherBand(), nearBand() or sumMax())
    // and settled (settleBand()), as long as its kernel is tabulated. Returns the band's top cell
    // where it stopped (lo - 1: done); faints and turns fainted summed in the context.
    name: 'bands',
    params: i32('$ctx', '$attack', '$lo', '$hi'),
    result: 'i32',
    locals: [
      ...i32('$i', '$j', '$d', '$segLo', '$src', '$srcLen', '$c'),
      ...i32('$durAt', '$bandLowAt', '$table', '$limitIdx', '$spill'),
      ...f64('$sum', '$most', '$x'),
    ],
    body: `
      ${ci('durAt')} local.set $durAt
      ${ci('bandLowAt')} local.set $bandLowAt
      ${ci('table')} local.set $table
      ${ci('limitIdx')} local.set $limitIdx
      ${ci('spill')} local.set $spill
      local.get $hi local.set $i
      block $stop
        loop $band
          local.get $i local.get $lo i32.lt_s br_if $stop
          local.get $durAt local.get $i i32.const 2 i32.shl i32.add i32.load local.set $d
          local.get $bandLowAt local.get $i i32.const 2 i32.shl i32.add i32.load local.set $j
          local.get $j local.get $lo i32.lt_s
          if local.get $lo local.set $j end
          ;; its kernel must be in the table (settle() in JavaScript puts it there)
          local.get $table local.get $d i32.const 1 i32.sub i32.const 3 i32.shl i32.add i32.load i32.eqz br_if $stop
          local.get $attack
          if
            local.get $j local.get $spill i32.sub local.tee $segLo
            i32.const 0 i32.lt_s br_if $stop
            ${ci('segAt')} local.set $src
            ${ci('width')} local.set $srcLen
            local.get $segLo local.get $limitIdx i32.ge_s
            if
              ;; far from the limit: no roll of the first helpless call can kill
              local.get $ctx local.get $j local.get $i call gatherFar local.set $sum
              ${cf('most')} local.set $most
            else
              local.get $ctx local.get $j local.get $i call nearBand local.set $sum
              ;; settle()'s own search for the largest cell
              f64.const 0 local.set $most
              local.get $segLo local.set $c
              block $mostDone
                loop $eachCell
                  local.get $c local.get $i i32.gt_s br_if $mostDone
                  ${cellAt('local.get $src', 'local.get $c')} f64.load local.tee $x local.get $most f64.gt
                  if local.get $x local.set $most end
                  local.get $c i32.const 1 i32.add local.set $c
                  br $eachCell
                end
              end
            end
          else
            local.get $j local.set $segLo
            ${ci('bAt')} local.set $src
            ${ci('emptyLo')} local.set $srcLen
            local.get $src local.get $j local.get $i i32.const 1 i32.add ${cfAddr('most')} call sumMax local.set $sum
            ${cf('most')} local.set $most
          end
          local.get $sum f64.const 0 f64.gt
          if
            ${setCf('faints', `${cf('faints')} local.get $sum f64.add`)}
            ${setCf('turns', `${cf('turns')} local.get $sum local.get $d f64.convert_i32_s f64.mul f64.add`)}
            local.get $ctx local.get $src local.get $srcLen local.get $segLo local.get $i local.get $d local.get $most
            call settleBand
          end
          local.get $j i32.const 1 i32.sub local.set $i
          br $band
        end
      end
      local.get $i`,
  },
  {
    // starvation.ts moveInto(): the row at $src (header $sh) added into $dst (header $dh), emptied.
    name: 'moveHdr',
    params: i32('$src', '$sh', '$dst', '$dh', '$empty'),
    locals: i32('$lo', '$hi'),
    body: `
      ${loOf('$sh')} local.set $lo
      ${hiOf('$sh')} local.set $hi
      local.get $hi local.get $lo i32.lt_s
      if return end
      local.get $src local.get $dst local.get $lo local.get $hi i32.const 1 i32.add call moveRow
      ${widen('$dh', 'local.get $lo', 'local.get $hi')}
      local.get $sh local.get $empty i32.store
      local.get $sh i32.const -1 i32.store offset=4`,
  },
  {
    // One iteration (starvation.ts Walk.iteration()): the attacks (attackMode), the danger rows' turn
    // call, the awake turn call, dispatch() and ++multi. Returns 1 when dispatch() must go on in
    // JavaScript from the band at the context's stop (then the moves are left to it too), else 0.
    name: 'iterate',
    params: i32('$ctx'),
    result: 'i32',
    locals: [...i32('$t', '$ring', '$here', '$hh', '$ah', '$bh', '$mode', '$lo', '$hi', '$attack', '$next', '$nh')],
    body: `
      ${ci('t')} local.set $t
      ${ci('ring')} local.set $ring
      ${ci('awakeAt')} ${ci('tSlot')} ${ci('rowBytes')} i32.mul i32.add local.set $here
      ${ci('hdrAt')} ${ci('tSlot')} i32.const 3 i32.shl i32.add local.set $hh
      ${ci('hdrAt')} local.get $ring i32.const 4 i32.shl i32.add local.tee $ah i32.const 8 i32.add local.set $bh
      ${ci('attackMode')} local.set $mode
      ${setCf('attackDead', 'f64.const 0')}
      local.get $mode i32.const 1 i32.eq
      if
        ${setCf(
          'attackDead',
          `local.get $here local.get $hh ${ci('aAt')} local.get $ah ${ci('passAt')} ${ci('stayAt')} ${ci('limitIdx')}
           ${ci('emptyLo')} ${cf('prune')} call attackZero`,
        )}
      end
      local.get $mode i32.const 2 i32.eq
      if
        ${setCf(
          'attackDead',
          `local.get $here local.get $hh ${ci('aAt')} local.get $ah ${ci('combStay')} ${ci('combFaint')}
           ${ci('combDead')} ${ci('span')} ${ci('stride')} ${ci('emptyLo')} ${cf('prune')} call attackCombined`,
        )}
      end
      local.get $mode i32.const 3 i32.eq
      if
        ${setCf(
          'attackDead',
          `local.get $here local.get $hh ${ci('aAt')} local.get $ah ${ci('passAt')} ${ci('limitIdx')} ${ci('emptyLo')}
           ${cf('aq0')} ${cf('aq1')} ${cf('prune')} call callFaint`,
        )}
      end
      ${setCf('dangerDead', 'local.get $ctx call dangerRing')}
      ${ci('awakeMode')} i32.const 1 i32.eq
      if
        ${setCf(
          'awakeDead',
          `local.get $here local.get $hh ${ci('bAt')} local.get $bh ${ci('passAt')} ${ci('limitIdx')} ${ci('emptyLo')}
           ${cf('wq0')} ${cf('wq1')} ${cf('prune')} call callFaint`,
        )}
      else
        ${setCf(
          'awakeDead',
          `local.get $here local.get $hh ${ci('bAt')} local.get $bh ${ci('passAt')} ${ci('limitIdx')} ${ci('emptyLo')}
           ${cf('wq0')} ${cf('prune')} call nothingFaint`,
        )}
      end
      ;; dispatch()
      ${setCf('dispatchDead', 'f64.const 0')}
      ${setCf('faints', 'f64.const 0')}
      ${setCf('turns', 'f64.const 0')}
      ${hiOf('$ah')} ${loOf('$ah')} i32.ge_s local.set $attack
      local.get $attack ${hiOf('$bh')} ${loOf('$bh')} i32.ge_s i32.or
      if
        ${loOf('$ah')} local.tee $lo ${loOf('$bh')} local.get $lo ${loOf('$bh')} i32.lt_s select local.set $lo
        ${hiOf('$ah')} local.tee $hi ${hiOf('$bh')} local.get $hi ${hiOf('$bh')} i32.gt_s select local.set $hi
        ${setCi('lo', 'local.get $lo')}
        ${setCi('stop', 'local.get $ctx local.get $attack local.get $lo local.get $hi call bands')}
        ${ci('stop')} local.get $lo i32.ge_s
        if i32.const 1 return end
        local.get $ah ${ci('width')} i32.store
        local.get $ah i32.const -1 i32.store offset=4
        local.get $bh ${ci('width')} i32.store
        local.get $bh i32.const -1 i32.store offset=4
      end
      ;; ++multi: the danger row of t + 1, then the awake, into the awake row of t + 1
      ${slotAhead('$next', 'i32.const 1')}
      ${ci('hdrAt')} local.get $next i32.const 3 i32.shl i32.add local.set $nh
      ${ci('dangerAt')} local.get $next ${ci('rowBytes')} i32.mul i32.add
      ${ci('hdrAt')} local.get $ring local.get $next i32.add i32.const 3 i32.shl i32.add
      ${ci('awakeAt')} local.get $next ${ci('rowBytes')} i32.mul i32.add local.get $nh ${ci('emptyLo')} call moveHdr
      local.get $here local.get $hh
      ${ci('awakeAt')} local.get $next ${ci('rowBytes')} i32.mul i32.add local.get $nh ${ci('emptyLo')} call moveHdr
      i32.const 0`,
  },
];
