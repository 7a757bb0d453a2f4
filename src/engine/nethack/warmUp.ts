// JIT warm-up for a fresh thread (a pool worker at start, a benchmark before it measures). The
// first starvation walks of a thread run in V8's baseline tiers until its optimizing compiler has
// caught up: the first 5.0 pair walk took 2-4 times as long as the next, a first fixed-burn walk
// 3 times. A few small forecasts of every kind of walk (fixed burn with attacks, random burn in
// pairs, alone and asleep, collapsed, heroes already Fainting in each) run each hot loop often
// enough to be optimized (without the last ones, the first such forecast of a thread took 2-3
// times as long as the next: `npm run bench -- forecast-sweep`, the hero 100 turns later). Warming
// keeps nothing: what it adds to the walk caches is dropped after each step (warmUpOnly()), so no
// answer is precomputed and none is sent to another thread.
import { defaultProfile, parseRing, type BurnProfile } from './burn.ts';
import { forecast, type ForecastInput } from './forecast.ts';
import { warmUpOnly } from './walkCache.ts';

const ring = (name: string) => parseRing(name)!;
const P = (version: '3.6.7' | '3.4.3' | '5.0', o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});

/** Small forecasts (a few ms to about 30 ms each), one per kind of walk; Con 3 and 4 keep the walks short. */
const WARM_UP: ForecastInput[] = [
  { nutrition: 30, profile: P('3.6.7'), attacksPerTurn: 1, con: 4 },
  { nutrition: -5, profile: P('3.6.7'), attacksPerTurn: 3, con: 4, after: 40 },
  { nutrition: 30, profile: P('3.4.3'), attacksPerTurn: 2, con: 4 },
  { nutrition: 30, profile: P('5.0', { amulet: true }), con: 4 },
  { nutrition: 30, profile: P('5.0', { slowDigestion: true }), attacksPerTurn: 1, con: 3 },
  { nutrition: 30, profile: P('5.0', { slowDigestion: true }), attacksPerTurn: 3, con: 3 },
  { nutrition: -5, profile: P('5.0'), attacksPerTurn: 2, con: 4, after: 40 },
  { nutrition: 30, profile: P('5.0', { unaware: true }), con: 4, after: 400 },
  // Heroes already Fainting (the awake walks: runWalk(), the lane walk with and without attacks),
  // heroes about to faint, and calls that burn 0 to 2 with attacks (regeneration and rings).
  { nutrition: -5, profile: P('3.6.7'), con: 3 },
  {
    nutrition: 5,
    profile: P('3.6.7', { leftRing: ring('regeneration'), rightRing: ring('protection +1'), amulet: true }),
    attacksPerTurn: 2,
    con: 3,
  },
  { nutrition: -5, profile: P('5.0'), con: 3 },
  { nutrition: -5, profile: P('5.0', { regeneration: 'intrinsic', amulet: true }), con: 3 },
  { nutrition: -5, profile: P('5.0', { leftRing: ring('protection +1'), amulet: true }), attacksPerTurn: 4, con: 3 },
  { nutrition: 2, profile: P('5.0', { unaware: true, amulet: true }), con: 3 },
  { nutrition: -5, profile: P('5.0', { unaware: true, amulet: true }), con: 4 },
];

/**
 * Passes over WARM_UP. What runs once a forecast (a walk's constructor, settle(), snapshot()) is
 * optimized only after a few forecasts; after one pass, V8 compiled it in the background during
 * the first real ones (the forecast sweep's 90 cold forecasts used 150-200 ms more CPU than wall
 * time, 120 after three passes, and the slowest forecast outside 5.0's slow-digestion walks went
 * from 23-28 ms to 17-20).
 */
const PASSES = 3;

/** The warm-up as steps, to run one at a time between other work (a worker between tasks). */
export function warmUpSteps(): (() => void)[] {
  const inputs = Array.from({ length: PASSES }, () => WARM_UP).flat();
  return inputs.map((input) => () => warmUpOnly(() => void forecast(input)));
}

/** Every warm-up step at once (about 0.45 s). */
export function warmUpForecasts(): void {
  for (const step of warmUpSteps()) step();
}
