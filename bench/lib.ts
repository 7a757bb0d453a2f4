// Shared bench machinery. Every figure is compared with a baseline measured in the same run,
// warmed up the same way and interleaved with it (baseline, case, baseline, case, ... in small
// rounds), so a machine that speeds up or slows down during the run moves both alike.
import { readFileSync } from 'node:fs';

export type Row = Record<string, string | number>;

/** One line of the final target table. `pass: null` means the target could not be measured here. */
export interface Target {
  target: string;
  measured: string;
  pass: boolean | null;
}

export interface BenchResult {
  rows: Row[];
  targets?: Target[];
  notes?: string[];
}

export interface Stats {
  n: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

export function stats(samples: readonly number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
  return {
    n: s.length,
    mean: s.reduce((a, b) => a + b, 0) / (s.length || 1),
    p50: at(0.5),
    p99: at(0.99),
    max: s[s.length - 1] ?? Number.NaN,
  };
}

export const ms = (n: number): number => Math.round(n * 1000) / 1000;
export const ratio = (a: number, b: number): string => {
  const r = a / b;
  return `${r >= 0.01 || r === 0 ? r.toFixed(2) : r.toPrecision(2)}x`;
};

export interface Contender {
  name: string;
  /** One measured operation; resolves when done. Its own time is measured around it. */
  op: (i: number) => unknown;
}

/**
 * Times `baseline` and every contender, one operation at a time, interleaved: after `warmup`
 * unmeasured operations of each, `rounds` rounds of `perRound` operations of each in turn
 * (the order rotates each round). Returns every operation's milliseconds by name.
 */
export async function interleave(
  contenders: Contender[],
  opts: { warmup: number; rounds: number; perRound: number },
): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  let i = 0;
  for (const c of contenders) for (let k = 0; k < opts.warmup; k++) await c.op(i++);
  for (let r = 0; r < opts.rounds; r++) {
    const order = contenders.map((_, k) => contenders[(k + r) % contenders.length]!);
    for (const c of order) {
      const out = samples.get(c.name)!;
      for (let k = 0; k < opts.perRound; k++) {
        const t0 = performance.now();
        await c.op(i++);
        out.push(performance.now() - t0);
      }
    }
  }
  return samples;
}

export function check(target: string, measured: string, pass: boolean | null): Target {
  return { target, measured, pass };
}

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/**
 * CPU milliseconds the main thread has run so far (Linux: the scheduler's own count for this
 * thread, nanosecond resolution), or null where that is not available. Unlike event-loop
 * utilisation it does not grow while the main thread waits for a core the workers hold.
 */
export function mainThreadCpuMs(): number | null {
  try {
    return Number(readFileSync(SCHEDSTAT, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}
