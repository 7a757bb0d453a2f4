// Text shared by the lane walk's kernels (laneAwakeKernels.ts, laneHelplessKernels.ts): one walk,
// a row's cell j a plain f64 at row + 8 j. Defined once so the two files cannot drift apart.

/** Locals or parameters of one type, by name. */
export const i32 = (...names: string[]) => names.map((n): [string, 'i32'] => [n, 'i32']);
export const f64 = (...names: string[]) => names.map((n): [string, 'f64'] => [n, 'f64']);
export const v128 = (...names: string[]) => names.map((n): [string, 'v128'] => [n, 'v128']);

/** The two f64 lanes of the vector on the stack, twice, swapped: (a, b) (a, b) -> (b, a). */
export const SWAP = 'i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7';

/** Point `ptr` (a row or array address) at cell `$from`: 8 bytes a cell. */
export const atFrom = (ptr: string) => `local.get ${ptr} local.get $from i32.const 3 i32.shl i32.add local.set ${ptr}`;

/**
 * PairRow.prune() of the row at $p with its extent in $lo, $hi: the cells below $prune off either end
 * cleared, the extent (or width, -1 when nothing is left) stored at $e. Local $x (i32).
 */
export const PRUNE_ROW = `
      block $lowDone
        loop $low
          local.get $lo local.get $hi i32.gt_s br_if $lowDone
          local.get $p local.get $lo i32.const 3 i32.shl i32.add local.tee $x f64.load
          local.get $prune f64.lt i32.eqz br_if $lowDone
          local.get $x f64.const 0 f64.store
          local.get $lo i32.const 1 i32.add local.set $lo
          br $low
        end
      end
      block $highDone
        loop $high
          local.get $hi local.get $lo i32.lt_s br_if $highDone
          local.get $p local.get $hi i32.const 3 i32.shl i32.add local.tee $x f64.load
          local.get $prune f64.lt i32.eqz br_if $highDone
          local.get $x f64.const 0 f64.store
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
