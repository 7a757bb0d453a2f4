// Shared bench machinery. Every figure is compared with a baseline measured in the same run,
// warmed up the same way and interleaved with it (baseline, case, baseline, case, ... in small
// rounds), so a machine that speeds up or slows down during the run moves both alike.
import { readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

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
  opts: { warmup: number; rounds: number; perRound: number; cpu?: Map<string, number[]> },
): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  let i = 0;
  for (const c of contenders) for (let k = 0; k < opts.warmup; k++) await c.op(i++);
  for (let r = 0; r < opts.rounds; r++) {
    const order = contenders.map((_, k) => contenders[(k + r) % contenders.length]!);
    for (const c of order) {
      const out = samples.get(c.name)!;
      for (let k = 0; k < opts.perRound; k++) {
        const c0 = opts.cpu ? await settledCpuMs() : null;
        const t0 = performance.now();
        await c.op(i++);
        out.push(performance.now() - t0);
        const c1 = c0 === null ? null : await settledCpuMs();
        // The thread's own CPU time: unlike wall time, not stretched while other processes hold the cores.
        if (c0 !== null && c1 !== null) opts.cpu!.set(c.name, [...(opts.cpu!.get(c.name) ?? []), c1 - c0]);
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
 * utilisation it does not grow while the main thread waits for a core the workers hold. The
 * kernel brings the count up to date when the thread stops running, so read it through
 * settledCpuMs() around a measurement.
 */
export function mainThreadCpuMs(): number | null {
  try {
    return Number(readFileSync(SCHEDSTAT, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** Garbage-collection pauses of the main thread, as perf_hooks reports them. */
const gcPauses: { start: number; duration: number }[] = [];
let gcObserver: PerformanceObserver | undefined;

export interface MainThreadCost {
  /** Wall milliseconds of the whole operation. */
  wallMs: number;
  /** The main thread's own CPU milliseconds during it, garbage collection left out (null: unknown). */
  cpuMs: number | null;
  /** Milliseconds of main-thread garbage-collection pauses during it (the process's, not the operation's). */
  gcMs: number;
}

/**
 * Runs `op` and reports what it cost the main thread. Collection pauses are counted apart: a
 * full collection of the heap is the process's housekeeping and can land inside any operation.
 */
export async function mainThreadCost<T>(op: () => Promise<T>): Promise<{ value: T; cost: MainThreadCost }> {
  if (!gcObserver) {
    gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, duration: e.duration });
      if (gcPauses.length > 10_000) gcPauses.splice(0, 5_000);
    });
    gcObserver.observe({ entryTypes: ['gc'] });
  }
  const c0 = await settledCpuMs();
  const t0 = performance.now();
  const value = await op();
  const t1 = performance.now();
  const c1 = await settledCpuMs();
  const counted = performance.now();
  // The CPU count runs from t0 to `counted`, the settling sleep after the operation included: a
  // pause that starts in that sleep is in the count too, so it is left out with the others. The
  // gc entries arrive asynchronously: wait for those of the last moment.
  await new Promise((r) => setTimeout(r, 1));
  const gcMs = gcPauses.filter((g) => g.start >= t0 && g.start <= counted).reduce((a, g) => a + g.duration, 0);
  const cpuMs = c0 !== null && c1 !== null ? Math.max(0, c1 - c0 - gcMs) : null;
  return { value, cost: { wallMs: t1 - t0, cpuMs, gcMs } };
}

/** mainThreadCpuMs() just after the thread has slept (a millisecond): the count is then exact. */
export async function settledCpuMs(): Promise<number | null> {
  await new Promise((r) => setTimeout(r, 1));
  return mainThreadCpuMs();
}
