// The butterfly stages of fftTabled() (distributions.ts) from length 8 on, in WebAssembly with SIMD:
// two butterflies k, k + 1 of a group in one f64x2 each for the real and the imaginary parts. Each
// lane does the IEEE operations of the JavaScript loop in its order (xr = br cr - bi ci,
// xi = br ci + bi cr, then a -+ x; ci = sign sin; no fused multiply-add in these instructions), so
// the transform is the same to the last bit, about twice as fast. The module is assembled from the
// text below where it is loaded (wasmText.ts).
import { kernelMemories, PAGE_BYTES, type WasmFunction } from './wasmText.ts';

const FUNCTIONS: WasmFunction[] = [
  {
    // re, im: n values each; cos, sin: the stages' twiddles as twiddles() tables them (byte offsets).
    name: 'stages',
    params: [
      ['$re', 'i32'],
      ['$im', 'i32'],
      ['$cos', 'i32'],
      ['$sin', 'i32'],
      ['$n', 'i32'],
      ['$sign', 'f64'],
    ],
    locals: [
      ['$len', 'i32'],
      ['$hb', 'i32'],
      ['$at', 'i32'],
      ['$i', 'i32'],
      ['$k', 'i32'],
      ['$end', 'i32'],
      ['$pa', 'i32'],
      ['$pb', 'i32'],
      ['$SIGN', 'v128'],
      ['$C', 'v128'],
      ['$S', 'v128'],
      ['$BR', 'v128'],
      ['$BI', 'v128'],
      ['$XR', 'v128'],
      ['$XI', 'v128'],
      ['$AR', 'v128'],
      ['$AI', 'v128'],
    ],
    // Byte offsets throughout: $hb = 8 half = 4 len, $at = 8 (half - 4), $i = 8 i, $k = 8 k.
    body: `
      local.get $sign f64x2.splat local.set $SIGN
      local.get $n i32.const 3 i32.shl local.set $end
      i32.const 8 local.set $len
      block $done
        loop $stage
          local.get $len local.get $n i32.gt_s br_if $done
          local.get $len i32.const 2 i32.shl local.set $hb
          local.get $hb i32.const 32 i32.sub local.set $at
          i32.const 0 local.set $i
          loop $group
            i32.const 0 local.set $k
            loop $pair
              local.get $cos local.get $at i32.add local.get $k i32.add v128.load local.set $C
              local.get $SIGN
              local.get $sin local.get $at i32.add local.get $k i32.add v128.load
              f64x2.mul local.set $S
              local.get $i local.get $k i32.add local.tee $pa
              local.get $hb i32.add local.set $pb
              local.get $re local.get $pb i32.add v128.load local.set $BR
              local.get $im local.get $pb i32.add v128.load local.set $BI
              local.get $BR local.get $C f64x2.mul local.get $BI local.get $S f64x2.mul f64x2.sub local.set $XR
              local.get $BR local.get $S f64x2.mul local.get $BI local.get $C f64x2.mul f64x2.add local.set $XI
              local.get $re local.get $pa i32.add v128.load local.set $AR
              local.get $im local.get $pa i32.add v128.load local.set $AI
              local.get $re local.get $pb i32.add local.get $AR local.get $XR f64x2.sub v128.store
              local.get $im local.get $pb i32.add local.get $AI local.get $XI f64x2.sub v128.store
              local.get $re local.get $pa i32.add local.get $AR local.get $XR f64x2.add v128.store
              local.get $im local.get $pa i32.add local.get $AI local.get $XI f64x2.add v128.store
              local.get $k i32.const 16 i32.add local.tee $k
              local.get $hb i32.lt_s br_if $pair
            end
            local.get $i local.get $hb i32.const 1 i32.shl i32.add local.tee $i
            local.get $end i32.lt_s br_if $group
          end
          local.get $len i32.const 1 i32.shl local.set $len
          br $stage
        end
      end`,
  },
];

interface Kernel {
  stages(re: number, im: number, cos: number, sin: number, n: number, sign: number): void;
}

const instantiate = kernelMemories<Kernel>(FUNCTIONS);

/** The kernel and its memory (n values each of cos, sin, re, im). Never grown (see convolveKernel.ts). */
interface Loaded {
  values: Float64Array;
  kernel: Kernel;
  n: number;
  /** The kind of twiddle tables in memory and the length they were loaded for. */
  tables: string | null;
  tablesOf: number;
}

let current: Loaded | null = null;

function kernelFor(n: number): Loaded {
  if (current && current.n >= n) return current;
  const size = Math.max(n, 2 * (current?.n ?? 0));
  const { buffer, kernels: kernel } = instantiate(Math.max(4 * 8 * size, PAGE_BYTES));
  current = { values: new Float64Array(buffer), kernel, n: size, tables: null, tablesOf: 0 };
  return current;
}

/**
 * fftTabled()'s stages of length 8 .. n on (re, im) in place, with twiddle tables `cos`, `sin` laid
 * out as twiddles() has them (n - 4 values each), the sines times `sign` (-1, or 1). Tables of the
 * same `kind` must agree on every stage they share (then they stay in the kernel's memory).
 */
export function fftStagesSimd(
  re: Float64Array,
  im: Float64Array,
  cos: Float64Array,
  sin: Float64Array,
  sign: number,
  kind: string,
): void {
  const n = re.length;
  const k = kernelFor(n);
  const m = k.n; // the regions: cos at 0, sin at m, re at 2m, im at 3m
  if (k.tables !== kind || k.tablesOf < n) {
    // A kind's tables for a length begin with those for every shorter one (stage by stage): the longest serves all.
    k.values.set(cos.subarray(0, n - 4), 0);
    k.values.set(sin.subarray(0, n - 4), m);
    k.tables = kind;
    k.tablesOf = n;
  }
  k.values.set(re, 2 * m);
  k.values.set(im, 3 * m);
  k.kernel.stages(16 * m, 24 * m, 0, 8 * m, n, sign);
  re.set(k.values.subarray(2 * m, 2 * m + n));
  im.set(k.values.subarray(3 * m, 3 * m + n));
}
