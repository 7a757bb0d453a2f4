// A small assembler for the flat (unfolded) text format of WebAssembly: enough of it for the engine's
// hot loops (pairKernels.ts, walkKernels.ts, convolveKernel.ts), so that their source is text in this
// repository and the module is built from it where it is loaded (well under a millisecond), with no
// build step, no tool and no binary in the tree. One memory, imported as env.memory; functions of i32, f64 and v128 values.
//
// A function's body is a sequence of instructions, one or more a line, `;;` comments. Supported:
// block/loop/if/else/end with an optional $label (no results), br/br_if to a $label, return, call
// of a function by its name, f64x2.extract_lane N, i8x16.shuffle with its 16 lane indices,
// local.get/set/tee of named locals and params, i32.const, f64.const, the plain numeric and SIMD
// operations of the OPS table, and loads/stores with an optional offset=N.

export type ValType = 'i32' | 'f64' | 'v128';

export interface WasmFunction {
  name: string;
  params: [string, ValType][];
  result?: ValType;
  locals?: [string, ValType][];
  body: string;
}

const TYPE_CODE: Record<ValType, number> = { i32: 0x7f, f64: 0x7c, v128: 0x7b };

/** Operations without immediates: one byte, or [0xfd, SIMD opcode]. */
const OPS: Record<string, number | [number, number]> = {
  return: 0x0f,
  select: 0x1b,
  drop: 0x1a,
  'i32.eqz': 0x45,
  'i32.eq': 0x46,
  'i32.ne': 0x47,
  'i32.lt_s': 0x48,
  'i32.gt_s': 0x4a,
  'i32.le_s': 0x4c,
  'i32.ge_s': 0x4e,
  'f64.eq': 0x61,
  'f64.ne': 0x62,
  'f64.lt': 0x63,
  'f64.gt': 0x64,
  'i32.add': 0x6a,
  'i32.sub': 0x6b,
  'i32.mul': 0x6c,
  'i32.shl': 0x74,
  'i32.or': 0x72,
  'i32.and': 0x71,
  'i32.rem_u': 0x70,
  'f64.convert_i32_s': 0xb7,
  'f64.add': 0xa0,
  'f64.sub': 0xa1,
  'f64.mul': 0xa2,
  'f64.max': 0xa5,
  'f64x2.splat': [0xfd, 0x14],
  'f64x2.add': [0xfd, 0xf0],
  'f64x2.sub': [0xfd, 0xf1],
  'f64x2.mul': [0xfd, 0xf2],
  'f64x2.max': [0xfd, 0xf5],
  'f64x2.pmax': [0xfd, 0xf7],
};

/** Memory operations: opcode and the natural alignment (log2 bytes). */
const MEMORY_OPS: Record<string, [number[], number]> = {
  'i32.load': [[0x28], 2],
  'i32.store': [[0x36], 2],
  'f64.load': [[0x2b], 3],
  'f64.store': [[0x39], 3],
  'v128.load': [[0xfd, 0x00], 4],
  'v128.store': [[0xfd, 0x0b], 4],
  'v128.load64_splat': [[0xfd, 0x0a], 3],
};

function uleb(n: number, out: number[]): void {
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
}

function sleb(n: number, out: number[]): void {
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return;
    }
    out.push(byte | 0x80);
  }
}

function name(s: string, out: number[]): void {
  const bytes = new TextEncoder().encode(s);
  uleb(bytes.length, out);
  out.push(...bytes);
}

/** A section: its id, then its contents with their length. */
function section(id: number, contents: number[], out: number[]): void {
  out.push(id);
  uleb(contents.length, out);
  out.push(...contents);
}

/** A vector of items: their count, then each. */
function vector<T>(items: T[], each: (item: T, out: number[]) => void): number[] {
  const out: number[] = [];
  uleb(items.length, out);
  for (const item of items) each(item, out);
  return out;
}

/** The code of one function body (locals, then instructions). */
function assembleBody(f: WasmFunction, functions: WasmFunction[]): number[] {
  const index = new Map<string, number>();
  for (const [n] of [...f.params, ...(f.locals ?? [])]) {
    if (index.has(n)) throw new Error(`${f.name}: local ${n} declared twice`);
    index.set(n, index.size);
  }
  const out: number[] = [];
  const locals = f.locals ?? [];
  uleb(locals.length, out);
  for (const [, t] of locals) out.push(1, TYPE_CODE[t]);
  const tokens = f.body
    .replace(/;;[^\n]*/g, '')
    .split(/\s+/)
    .filter((t) => t !== '');
  const labels: (string | null)[] = [];
  const local = (t: string | undefined) => {
    const i = t === undefined ? undefined : index.get(t);
    if (i === undefined) throw new Error(`${f.name}: unknown local ${t}`);
    return i;
  };
  for (let k = 0; k < tokens.length; k++) {
    const op = tokens[k]!;
    const next = () => {
      const t = tokens[++k];
      if (t === undefined) throw new Error(`${f.name}: ${op} needs an operand`);
      return t;
    };
    if (op === 'block' || op === 'loop' || op === 'if') {
      out.push(op === 'block' ? 0x02 : op === 'loop' ? 0x03 : 0x04, 0x40);
      labels.push(tokens[k + 1]?.startsWith('$') ? next() : null);
    } else if (op === 'else') out.push(0x05);
    else if (op === 'end') {
      if (labels.pop() === undefined) throw new Error(`${f.name}: end without a block`);
      out.push(0x0b);
    } else if (op === 'br' || op === 'br_if') {
      const target = next();
      const depth = labels.length - 1 - labels.lastIndexOf(target);
      if (depth >= labels.length) throw new Error(`${f.name}: unknown label ${target}`);
      out.push(op === 'br' ? 0x0c : 0x0d);
      uleb(depth, out);
    } else if (op === 'local.get' || op === 'local.set' || op === 'local.tee') {
      out.push(op === 'local.get' ? 0x20 : op === 'local.set' ? 0x21 : 0x22);
      uleb(local(next()), out);
    } else if (op === 'call') {
      const target = next();
      const i = functions.findIndex((g) => g.name === target);
      if (i < 0) throw new Error(`${f.name}: unknown function ${target}`);
      out.push(0x10);
      uleb(i, out);
    } else if (op === 'i8x16.shuffle') {
      // the 16 byte lanes of the result, each an index into the two operands' 32 bytes
      out.push(0xfd);
      uleb(0x0d, out);
      for (let lane = 0; lane < 16; lane++) {
        const b = Number(next());
        if (!Number.isInteger(b) || b < 0 || b > 31) throw new Error(`${f.name}: i8x16.shuffle lane ${b}`);
        out.push(b);
      }
    } else if (op === 'f64x2.extract_lane') {
      out.push(0xfd);
      uleb(0x21, out);
      out.push(Number(next()));
    } else if (op === 'i32.const') {
      out.push(0x41);
      sleb(Number(next()) | 0, out);
    } else if (op === 'f64.const') {
      out.push(0x44);
      out.push(...new Uint8Array(Float64Array.of(Number(next())).buffer));
    } else if (op in MEMORY_OPS) {
      const [code, align] = MEMORY_OPS[op]!;
      let offset = 0;
      if (tokens[k + 1]?.startsWith('offset=')) offset = Number(next().slice(7));
      out.push(...code);
      uleb(align, out);
      uleb(offset, out);
    } else if (op in OPS) {
      const code = OPS[op]!;
      if (typeof code === 'number') out.push(code);
      else {
        out.push(code[0]);
        uleb(code[1], out);
      }
    } else throw new Error(`${f.name}: unknown instruction ${op}`);
  }
  if (labels.length !== 0) throw new Error(`${f.name}: ${labels.length} block(s) left open`);
  out.push(0x0b);
  const sized: number[] = [];
  uleb(out.length, sized);
  return [...sized, ...out];
}

/** The module's bytes: the functions, each exported under its name, and env.memory imported. */
export function assembleModule(functions: WasmFunction[]): Uint8Array {
  const out = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  section(
    1,
    vector(functions, (f, o) => {
      o.push(0x60);
      o.push(...vector(f.params, ([, t], p) => p.push(TYPE_CODE[t])));
      o.push(...(f.result ? [1, TYPE_CODE[f.result]] : [0]));
    }),
    out,
  );
  section(
    2,
    vector([0], (_, o) => {
      name('env', o);
      name('memory', o);
      o.push(0x02, 0x00, 0x01); // a memory, at least one page, no maximum
    }),
    out,
  );
  section(
    3,
    vector(functions, (f, o) => uleb(functions.indexOf(f), o)),
    out,
  );
  section(
    7,
    vector(functions, (f, o) => {
      name(f.name, o);
      o.push(0x00);
      uleb(functions.indexOf(f), o);
    }),
    out,
  );
  section(
    10,
    vector(functions, (f, o) => void o.push(...assembleBody(f, functions))),
    out,
  );
  return Uint8Array.from(out);
}

/** What the kernels use of the WebAssembly API (the types of this project's lib leave it out). */
interface WasmApi {
  Memory: new (d: { initial: number }) => { readonly buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

export const PAGE_BYTES = 65_536;

/** A memory of at least `bytes` and the kernels instantiated on it. */
export interface KernelInstance<K> {
  readonly buffer: ArrayBuffer;
  readonly kernels: K;
}

/**
 * The kernels of `functions` on memories of their own: the module is assembled and compiled on the
 * first call (once a thread: each thread loads this module afresh). A memory is never grown: growing
 * detaches its old buffer, and the first detached buffer of a thread makes V8 check every typed
 * array access for detachment from then on (all the engine's walks were about 20 % slower); who
 * needs more asks for a new, larger one.
 */
export function kernelMemories<K>(functions: WasmFunction[]): (bytes: number) => KernelInstance<K> {
  let compiled: object | null = null;
  return (bytes) => {
    const memory = new wasm.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
    compiled ??= new wasm.Module(assembleModule(functions));
    return { buffer: memory.buffer, kernels: new wasm.Instance(compiled, { env: { memory } }).exports as K };
  };
}
