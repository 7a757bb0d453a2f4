// The direct convolution's loop (distributions.ts) in WebAssembly with SIMD: out[i + j] += x[i] y[j],
// two i at a time in one f64x2. Each entry gets the same IEEE products and sums in the same order
// as the JavaScript loop (j ascending, zero y[j] skipped; no fused multiply-add in these
// instructions), so the results are the same to the last bit, about three times faster (also in
// V8's baseline compiler: `npm start` runs with --no-wasm-tier-up). The module is assembled from
// the text below where it is loaded (wasmText.ts).
import { kernelMemories, PAGE_BYTES, type WasmFunction } from './wasmText.ts';

const FUNCTIONS: WasmFunction[] = [
  {
    // x: nx values at $x, y: ny values at $y, out: nx + ny - 1 values at $out (zeroed by the caller).
    name: 'convolve',
    params: [
      ['$x', 'i32'],
      ['$nx', 'i32'],
      ['$y', 'i32'],
      ['$ny', 'i32'],
      ['$out', 'i32'],
    ],
    locals: [
      ['$j', 'i32'],
      ['$i', 'i32'],
      ['$pairs', 'i32'],
      ['$o', 'i32'],
      ['$xp', 'i32'],
      ['$q', 'f64'],
      ['$Q', 'v128'],
    ],
    body: `
      local.get $nx i32.const -2 i32.and local.set $pairs
      block $done
        loop $column
          local.get $j local.get $ny i32.ge_s br_if $done
          local.get $y local.get $j i32.const 3 i32.shl i32.add f64.load local.tee $q
          f64.const 0 f64.ne
          if
            local.get $q f64x2.splat local.set $Q
            local.get $out local.get $j i32.const 3 i32.shl i32.add local.set $o
            local.get $x local.set $xp
            i32.const 0 local.set $i
            block $paired
              local.get $i local.get $pairs i32.ge_s br_if $paired
              loop $pair
                local.get $o
                local.get $o v128.load local.get $xp v128.load local.get $Q f64x2.mul f64x2.add
                v128.store
                local.get $o i32.const 16 i32.add local.set $o
                local.get $xp i32.const 16 i32.add local.set $xp
                local.get $i i32.const 2 i32.add local.tee $i
                local.get $pairs i32.lt_s br_if $pair
              end
            end
            local.get $i local.get $nx i32.lt_s
            if
              local.get $o local.get $o f64.load local.get $xp f64.load local.get $q f64.mul f64.add f64.store
            end
          end
          local.get $j i32.const 1 i32.add local.set $j
          br $column
        end
      end`,
  },
];

interface Kernel {
  convolve(x: number, nx: number, y: number, ny: number, out: number): void;
}

const instantiate = kernelMemories<Kernel>(FUNCTIONS);
/**
 * The kernel and its memory. Never grown (a grown memory detaches its old buffer, which slows every
 * typed array access of the thread afterwards: see pairKernels.ts); a larger one replaces it.
 */
let current: { values: Float64Array; kernel: Kernel } | null = null;

function kernelFor(values: number): { values: Float64Array; kernel: Kernel } {
  if (current && current.values.length >= values) return current;
  const bytes = Math.max(8 * values, 2 * 8 * (current?.values.length ?? 0), 4 * PAGE_BYTES);
  const { buffer, kernels: kernel } = instantiate(bytes);
  current = { values: new Float64Array(buffer), kernel };
  return current;
}

/** out[i + j] = sum over j ascending of x[i] y[j] (y[j] = 0 skipped): convolveDirect()'s loop, x the longer. */
export function convolveSimd(x: Float64Array, y: Float64Array): Float64Array {
  const nx = x.length;
  const ny = y.length;
  const n = nx + ny - 1;
  const { values, kernel } = kernelFor(nx + ny + n);
  values.set(x, 0);
  values.set(y, nx);
  values.fill(0, nx + ny, nx + ny + n);
  kernel.convolve(0, nx, 8 * nx, ny, 8 * (nx + ny));
  return values.slice(nx + ny, nx + ny + n);
}
