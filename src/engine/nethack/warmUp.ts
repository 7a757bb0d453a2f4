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
import { withoutHelper } from './laneSplit.ts';
import { warmUpOnly } from './walkCache.ts';

const ring = (name: string) => parseRing(name)!;
const P = (version: '3.6.7' | '3.4.3' | '5.0', o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});

/** Small forecasts (a few ms to about 30 ms each), one per kind of walk; Con 3 and 4 keep most walks short. */
const WARM_UP: ForecastInput[] = [
  { nutrition: 30, profile: P('3.6.7'), attacksPerTurn: 1, con: 4 },
  { nutrition: -5, profile: P('3.6.7'), attacksPerTurn: 3, con: 4, after: 40 },
  { nutrition: 30, profile: P('3.4.3'), attacksPerTurn: 2, con: 4 },
  { nutrition: 30, profile: P('5.0', { amulet: true }), con: 4 },
  { nutrition: 20, profile: P('5.0'), con: 3 },
  { nutrition: 20, profile: P('5.0', { regeneration: 'intrinsic', amulet: true }), con: 3 },
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
  // Two full-size 5.0 slow-digestion walks (Con 24 and 17: limits far below the first faint), the
  // slowest kind there is: smaller ones leave their deep rows, long deaths (summed by FFT) and
  // state far ahead to the first real ones, which then ran 6-15 ms slower while V8 compiled them.
  { nutrition: 800, moves: 7, profile: P('5.0', { slowDigestion: true }), attacksPerTurn: 1, con: 24, after: 90_000 },
  { nutrition: 2, moves: 12_000, profile: P('5.0', { slowDigestion: true }), attacksPerTurn: 11, con: 17, after: 40 },
];

/**
 * Every kind of hero the engine tells apart (a version's burn with its attacks, rings, amulet,
 * sleep), each in three states: Fainting ahead, Fainting now, and asked about a prompt 30 turns on
 * (the walk over absolute time). Once each, Con 3: the first question about a kind no longer pays
 * for V8 recompiling the code it shares with the others for the shapes it alone brings (the first
 * 5.0 slow-digestion forecasts of the sweep ran 5-15 ms slower without these).
 */
const KINDS: { profile: BurnProfile; attacks: number }[] = [
  { profile: P('3.6.7'), attacks: 0 },
  { profile: P('3.6.7'), attacks: 12 },
  {
    profile: P('3.6.7', { leftRing: ring('regeneration'), rightRing: ring('protection +2'), amulet: true }),
    attacks: 3,
  },
  { profile: P('3.6.7', { leftRing: ring('slow digestion') }), attacks: 12 },
  { profile: P('3.6.7', { unaware: true }), attacks: 0 },
  { profile: P('3.4.3'), attacks: 12 },
  { profile: P('3.4.3', { leftRing: ring('slow digestion') }), attacks: 12 },
  { profile: P('5.0'), attacks: 0 },
  { profile: P('5.0'), attacks: 12 },
  { profile: P('5.0', { regeneration: 'intrinsic', amulet: true }), attacks: 0 },
  {
    profile: P('5.0', {
      leftRing: ring('any ring that costs nutrition'),
      rightRing: ring('protection +1'),
      amulet: true,
    }),
    attacks: 6,
  },
  { profile: P('5.0', { inediate: true, amulet: true }), attacks: 0 },
  { profile: P('5.0', { slowDigestion: true }), attacks: 1 },
  { profile: P('5.0', { slowDigestion: true }), attacks: 12 },
  { profile: P('5.0', { unaware: true, amulet: true }), attacks: 0 },
];
const STATES: Pick<ForecastInput, 'nutrition' | 'after'>[] = [
  { nutrition: 25 },
  { nutrition: -4 },
  { nutrition: 3, after: 30 },
];
const EVERY_KIND: ForecastInput[] = KINDS.flatMap(({ profile, attacks }) =>
  STATES.map((state) => ({ ...state, profile, attacksPerTurn: attacks, con: 3, moves: 777 })),
);

/**
 * Passes over WARM_UP. What runs once a forecast (a walk's constructor, settle(), snapshot()) is
 * optimized only after a few forecasts; after one pass, V8 compiled it in the background during
 * the first real ones (the forecast sweep's 90 cold forecasts used 150-200 ms more CPU than wall
 * time, 120 after three passes, and the slowest forecast outside 5.0's slow-digestion walks went
 * from 23-28 ms to 17-20).
 */
const PASSES = 3;

/**
 * The warm-up as steps, to run one at a time between other work (a worker between tasks). A thread
 * that splits its walks (laneSplit.ts) runs both lanes here, no helper thread started, unless
 * `offers` (a lane helper's own warm-up, whose LaneHelper runs each job as a real one comes).
 */
export function warmUpSteps(offers = false): (() => void)[] {
  const inputs = [...Array.from({ length: PASSES }, () => WARM_UP).flat(), ...EVERY_KIND];
  const step = (input: ForecastInput) => () => warmUpOnly(() => void forecast(input));
  return inputs.map((input) => (offers ? step(input) : () => withoutHelper(step(input))));
}

/** Every warm-up step at once (about 0.6 s). */
export function warmUpForecasts(offers = false): void {
  for (const step of warmUpSteps(offers)) step();
}
