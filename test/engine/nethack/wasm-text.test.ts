// The small WebAssembly assembler of the walk's hot loops (wasmText.ts): a module built from text
// runs as the same loop in JavaScript does (SIMD, loops, labels, calls, memory offsets), and text
// it does not understand is refused with the reason.
import { describe, expect, it } from 'vitest';
import { assembleModule, type WasmFunction } from '../../../src/engine/nethack/wasmText.ts';

interface WasmApi {
  Memory: new (d: { initial: number }) => { buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: Record<string, (...a: number[]) => number> };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

function instantiate(functions: WasmFunction[]) {
  const memory = new wasm.Memory({ initial: 1 });
  const { exports } = new wasm.Instance(new wasm.Module(assembleModule(functions)), { env: { memory } });
  return { exports, f64: new Float64Array(memory.buffer) };
}

/** out[j] = x[j] * q + x[j + 1] for pairs of lanes j < n (16 bytes a pair), at byte addresses. */
const AXPY: WasmFunction[] = [
  {
    name: 'scaleAdd',
    params: [
      ['$x', 'i32'],
      ['$out', 'i32'],
      ['$n', 'i32'],
      ['$q', 'f64'],
    ],
    locals: [
      ['$j', 'i32'],
      ['$Q', 'v128'],
    ],
    body: `
      local.get $q f64x2.splat local.set $Q
      block $done
        local.get $n i32.eqz br_if $done
        loop $next ;; one pair of lanes
          local.get $out local.get $j i32.const 4 i32.shl i32.add
          local.get $x local.get $j i32.const 4 i32.shl i32.add v128.load local.get $Q f64x2.mul
          local.get $x local.get $j i32.const 4 i32.shl i32.add v128.load offset=16
          f64x2.add v128.store
          local.get $j i32.const 1 i32.add local.tee $j local.get $n i32.lt_s br_if $next
        end
      end`,
  },
  {
    name: 'twice',
    params: [
      ['$x', 'i32'],
      ['$out', 'i32'],
      ['$n', 'i32'],
      ['$q', 'f64'],
    ],
    result: 'f64',
    body: `local.get $x local.get $out local.get $n local.get $q call scaleAdd
      local.get $out f64.load offset=8 f64.const 2 f64.mul`,
  },
];

describe('the WebAssembly assembler of the walk (wasmText.ts)', () => {
  it('a SIMD loop over pairs of lanes gives what the same loop in JavaScript gives, to the bit', () => {
    const { exports, f64 } = instantiate(AXPY);
    const n = 50;
    for (let i = 0; i < 2 * n + 2; i++) f64[i] = Math.sin(i + 1) / (i + 1);
    const q = 0.1 + 1e-9;
    const result = exports.twice!(0, 8 * 256, n, q);
    for (let j = 0; j < n; j++)
      for (const lane of [0, 1])
        expect(Object.is(f64[256 + 2 * j + lane], f64[2 * j + lane]! * q + f64[2 * j + 2 + lane]!)).toBe(true);
    expect(result).toBe(2 * f64[257]!);
  });

  it('refuses what it cannot assemble, with the reason', () => {
    const body = (text: string): WasmFunction[] => [{ name: 'f', params: [['$a', 'i32']], body: text }];
    expect(() => assembleModule(body('local.get $a i32.popcnt drop'))).toThrow(/unknown instruction i32.popcnt/);
    expect(() => assembleModule(body('local.get $b drop'))).toThrow(/unknown local \$b/);
    expect(() => assembleModule(body('block $x br $y end'))).toThrow(/unknown label \$y/);
    expect(() => assembleModule(body('block loop end'))).toThrow(/1 block\(s\) left open/);
    expect(() => assembleModule(body('end'))).toThrow(/end without a block/);
    expect(() => assembleModule(body('call g'))).toThrow(/unknown function g/);
  });
});
