// Whole /nethack forecast calls (starvation included) over a sweep of the worst inputs found:
// p50/p99/max of the engine cold (walk cache cleared before every call) and for the same hero
// asking again 100 turns later (the cache as a running bot has it), ten passes over the sweep,
// against the old engine (test/engine/nethack/reference) on every fifth input of the first pass,
// warmed up and interleaved with the engine. The engine runs as a pool worker does on this
// machine: with a lane helper thread when there is a second core (runtime/laneHelper.ts).
// Targets (issue 10): p99 <= 20 ms, max <= 50 ms.
import {
  advance,
  defaultProfile,
  forecast,
  isExact,
  parseRing,
  type BurnProfile,
  type ForecastInput,
} from '../src/engine/nethack/index.ts';
import { clearWalkCache } from '../src/engine/nethack/walkCache.ts';
import { warmUpForecasts } from '../src/engine/nethack/warmUp.ts';
import { availableParallelism } from 'node:os';
import { splitLanes } from '../src/engine/nethack/laneSplit.ts';
import { WorkerLaneHelper } from '../src/runtime/laneHelper.ts';
import { busyWords } from '../src/runtime/offload.ts';
import { check, ms, type BenchResult } from './lib.ts';
import { forecast as referenceForecast } from '../test/engine/nethack/reference/forecast-reference.ts';

export const title = 'NetHack forecast sweep: whole forecasts on the worst inputs, engine vs the old engine';

const P = (version: '3.6.7' | '3.4.3' | '5.0', o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});
const ring = (name: string) => parseRing(name)!;
const SD = ring('slow digestion');
const ANY = ring('any ring that costs nutrition');

/** The slowest kinds of hero found (the old engine's 90 ms - 10 s cases and the new engine's slowest). */
export const WORST: { name: string; profile: BurnProfile; attacks: number }[] = [
  { name: '3.6.7 plain', profile: P('3.6.7'), attacks: 0 },
  { name: '3.6.7 12 attacks', profile: P('3.6.7'), attacks: 12 },
  {
    name: '3.6.7 regeneration + 2 rings, 3 attacks',
    profile: P('3.6.7', { leftRing: ring('regeneration'), rightRing: ring('protection +2'), amulet: true }),
    attacks: 3,
  },
  { name: '3.6.7 ring of slow digestion, 12 attacks', profile: P('3.6.7', { leftRing: SD }), attacks: 12 },
  { name: '3.6.7 asleep', profile: P('3.6.7', { unaware: true }), attacks: 0 },
  { name: '3.4.3 plain, 12 attacks', profile: P('3.4.3'), attacks: 12 },
  { name: '3.4.3 ring of slow digestion, 12 attacks', profile: P('3.4.3', { leftRing: SD }), attacks: 12 },
  { name: '5.0 plain', profile: P('5.0'), attacks: 0 },
  { name: '5.0 plain, 12 attacks', profile: P('5.0'), attacks: 12 },
  { name: '5.0 regeneration + amulet', profile: P('5.0', { regeneration: 'intrinsic', amulet: true }), attacks: 0 },
  {
    name: '5.0 two rings + amulet, 6 attacks',
    profile: P('5.0', { leftRing: ANY, rightRing: ring('protection +1'), amulet: true }),
    attacks: 6,
  },
  { name: '5.0 inediate + amulet', profile: P('5.0', { inediate: true, amulet: true }), attacks: 0 },
  { name: '5.0 slow digestion, 1 attack', profile: P('5.0', { slowDigestion: true }), attacks: 1 },
  { name: '5.0 slow digestion, 12 attacks', profile: P('5.0', { slowDigestion: true }), attacks: 12 },
  { name: '5.0 asleep', profile: P('5.0', { unaware: true, amulet: true }), attacks: 0 },
];

export function sweepCases(): { label: string; input: ForecastInput }[] {
  const out: { label: string; input: ForecastInput }[] = [];
  const nutritions = [-60, 1, 150, 900, 2500, 6000];
  WORST.forEach((w, i) => {
    nutritions.forEach((nutrition, j) => {
      const con = [25, 18, 3][(i + j) % 3]!;
      const moves = [1, 12_345, 99_999_991][(i + 2 * j) % 3]!;
      const input: ForecastInput = { nutrition, moves, profile: w.profile, attacksPerTurn: w.attacks, con };
      if (j % 2 === 1) input.after = [100_000, 50, 3000][(i + j) % 3]!;
      out.push({ label: `${w.name}, nutrition ${nutrition}`, input });
    });
  });
  return out;
}

/** The same hero at the prompt `k` turns later, with the nutrition burned by then (expected if random). */
function later(input: ForecastInput, k: number): ForecastInput {
  const moves = input.moves ?? 1;
  const attacks = input.attacksPerTurn ?? 0;
  const burned = isExact(input.profile)
    ? input.nutrition - advance(input.nutrition, moves, input.profile, k, attacks).nutrition
    : Math.round((forecast({ ...input, skipStarvation: true }).per20 * k) / 20);
  return { ...input, nutrition: Math.max(-1000, input.nutrition - burned), moves: moves + k };
}

/**
 * Passes over the sweep, each forecast cold (walk cache cleared) every time. p99 of 90 forecasts is
 * their maximum; ten passes (900 forecasts) make it the 99th percentile (the 10th slowest), while
 * the maximum still includes the first pass, where V8 compiles what the warm-up did not reach. The
 * p99 falls among the dozen slowest inputs' repeats: ten of each, not five, so that one slow
 * stretch of this shared machine does not decide it.
 */
const PASSES = 10;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

function timed(f: () => unknown): { ms: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  return { ms: performance.now() - t0, cpu: process.cpuUsage(c0).user / 1000 };
}

export async function run(): Promise<BenchResult> {
  const cases = sweepCases();
  // The engine as a pool worker runs it on this machine: two-kind walks split with a helper
  // thread on the other core (runtime/laneHelper.ts), this thread counted busy as a worker's task is.
  const busy = busyWords(1);
  Atomics.store(new Int32Array(busy), 0, 1);
  const helper = availableParallelism() >= 2 ? new WorkerLaneHelper({ busy, cores: availableParallelism() }) : null;
  const helperReady = helper?.start(); // it warms up on its own thread meanwhile
  // Warm the JIT of both engines on small inputs first: the engine as a pool worker warms itself
  // at start (warmUp.ts: small forecasts of every kind of walk, none of the sweep's, cache cleared).
  warmUpForecasts();
  for (let i = 0; i < 3; i++) {
    referenceForecast({ nutrition: 30, profile: P('3.6.7'), attacksPerTurn: 1 });
    referenceForecast({ nutrition: 30, profile: P('5.0', { amulet: true }) });
  }
  if (helper && (await helperReady)) splitLanes(helper);
  // A worker's warm-up runs while it waits for work: V8 finishes compiling what it marked meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 250));
  clearWalkCache();
  const served: number[] = [];
  const cold: number[] = [];
  const coldCpu: number[] = [];
  const firstPass: number[] = [];
  const refMs: number[] = [];
  const matched: { engine: number; reference: number }[] = [];
  const slowest: { label: string; ms: number; cpu: number }[] = [];
  for (let pass = 1; pass <= PASSES; pass++)
    cases.forEach(({ label, input }, i) => {
      // Interleaved: the old engine (every fifth input, first pass), the engine cold, then the same
      // hero asking again 100 turns later (the walk cache as a running bot has it: warm for that hero).
      const ref = pass === 1 && i % 5 === 0 ? timed(() => referenceForecast(input)).ms : null;
      clearWalkCache();
      const c = timed(() => forecast(input));
      const next = later(input, 100); // the bench's own arithmetic, outside the timing
      const s = timed(() => forecast(next)).ms;
      served.push(s);
      cold.push(c.ms);
      coldCpu.push(c.cpu);
      if (pass === 1) firstPass.push(c.ms);
      slowest.push({ label: PASSES > 1 ? `${label} (pass ${pass})` : label, ms: c.ms, cpu: c.cpu });
      if (ref !== null) {
        refMs.push(ref);
        matched.push({ engine: c.ms, reference: ref });
      }
    });
  await helper?.stop();
  splitLanes(undefined);
  for (const a of [served, cold, coldCpu, firstPass, refMs]) a.sort((x, y) => x - y);
  const row = (measure: string, a: number[], target: boolean) => ({
    measure,
    forecasts: a.length,
    'p50 ms': pct(a, 0.5),
    'p99 ms': pct(a, 0.99),
    'max ms': a[a.length - 1]!,
    'target p99 <= 20, max <= 50': target ? (pct(a, 0.99) <= 20 && a[a.length - 1]! <= 50 ? 'pass' : 'FAIL') : '',
  });
  const sorted = (xs: number[]) => xs.sort((x, y) => x - y);
  const ratio = (f: (x: number[]) => number) =>
    f(sorted(matched.map((m) => m.engine))) / f(sorted(matched.map((m) => m.reference)));
  const rows: Record<string, string | number>[] = [
    row('engine, the same hero 100 turns later (walk cache warm)', served, true),
    row('engine, cold (walk cache cleared)', cold, true),
    row('engine, cold, first pass only (p99 = max)', firstPass, false),
    row('engine, cold, CPU time of both threads', coldCpu, false),
    row('baseline: old engine (every 5th input)', refMs, false),
    {
      measure: 'engine cold / old engine, same inputs',
      forecasts: matched.length,
      'p50 ms': `${ratio((a) => pct(a, 0.5)).toFixed(3)}x`,
      'p99 ms': `${ratio((a) => pct(a, 0.99)).toFixed(3)}x`,
      'max ms': `${ratio((a) => a[a.length - 1]!).toFixed(3)}x`,
      'target p99 <= 20, max <= 50': '',
    },
  ];
  slowest.sort((a, b) => b.ms - a.ms);
  for (const s of slowest.slice(0, 5))
    rows.push({
      measure: `slowest cold: ${s.label}`,
      forecasts: 1,
      'p50 ms': s.ms,
      'p99 ms': '',
      'max ms': `cpu ${s.cpu.toFixed(1)}`,
      'target p99 <= 20, max <= 50': '',
    });
  const target = (what: string, a: number[], cpu: number[] | null) =>
    check(
      `forecast sweep, ${what}: p99 <= 20 ms, max <= 50 ms`,
      `p99 ${ms(pct(a, 0.99))} ms, max ${ms(a[a.length - 1]!)} ms` +
        (cpu ? ` (CPU: p99 ${ms(pct(cpu, 0.99))}, max ${ms(cpu[cpu.length - 1]!)})` : ''),
      pct(a, 0.99) <= 20 && a[a.length - 1]! <= 50,
    );
  return {
    rows,
    targets: [
      target('engine cold (walk caches cleared)', cold, coldCpu),
      target('the same hero 100 turns later', served, null),
    ],
  };
}
