// The two kind walks of a 5.0 forecast (forecast.ts pairKindWalks()) on two cores. The pair walk
// runs both kinds in one pass on one thread; the lane walk runs one kind in about 0.73 of that time
// (pairWalk.ts). Run side by side, one on this thread and one on a helper thread, the two lane walks
// take about 0.75 of the pair walk's wall time (the slowest forecasts of `npm run bench -- forecast-sweep`:
// 5.0 slow digestion, Con 25). The engine stays free of threads: whoever hosts it (a pool worker,
// runtime/laneHelper.ts) hands it a LaneHelper, which may or may not take a walk.
//
// Same answer whichever thread runs it: once a thread splits, every two-kind walk there runs as two
// lane walks, on the helper when it takes the job, else here one after the other (the helper is
// busy, or no core is free), never as the pair walk, whose cuts below 1e-16 differ from the lane
// walk's (pairWalk.ts, file comment). A thread that never splits (tests, a one-core host) runs the
// pair walk; both agree within the documented error bound (docs/json/nethack.md).
import type { CallModel } from './calls.ts';
import { runLaneWalk, runWalkPair } from './pairWalk.ts';
import type { HelplessSeed, WalkResult } from './starvation.ts';

/** One lane walk, as runLaneWalk() takes it: plain data, so it can cross to another thread. */
export interface LaneJob {
  model: CallModel;
  limit: number;
  seed: HelplessSeed;
  seedIteration: number;
}

/** A thread that may run one lane walk while this one runs the other. */
export interface LaneHelper {
  /** Hand over the job: a claim when the helper takes it, null when it cannot now (run it here). */
  offer(job: LaneJob): LaneClaim | null;
}

export interface LaneClaim {
  /**
   * The helper's result (runLaneWalk(job) there), waiting for it if it is still running; null when
   * the helper never started it, failed, or overran its deadline: then the caller runs it itself.
   */
  take(): WalkResult | null;
}

let split: { helper: LaneHelper | null } | null = null;
/** Inside withoutHelper(): both lanes here, no offer. */
let alone = false;

/**
 * From now on this thread runs two-kind walks as two lane walks, the second on `helper` when it
 * takes it (null: no helper yet, both here). `splitLanes(undefined)` goes back to the pair walk.
 */
export function splitLanes(helper: LaneHelper | null | undefined): void {
  split = helper === undefined ? null : { helper };
}

/** Whether this thread splits (see splitLanes()). */
export const splitsLanes = (): boolean => split !== null;

/**
 * `fn()` with both lanes of every split walk on this thread (the JIT warm-up: it warms the code a
 * real question runs here without starting or occupying a helper thread).
 */
export function withoutHelper<T>(fn: () => T): T {
  const outer = alone;
  alone = true;
  try {
    return fn();
  } finally {
    alone = outer;
  }
}

/** The two kind walks from seeds a and b (runWalkPair()'s models and seeds), as this thread runs them. */
export function kindWalks(
  model: CallModel,
  limit: number,
  seeds: readonly [HelplessSeed, HelplessSeed],
  seedIteration: number,
): [WalkResult, WalkResult] {
  if (!split) return runWalkPair(model, limit, seeds, seedIteration);
  // Offered before this thread starts its own lane, so the two run side by side.
  const claim = alone ? null : (split.helper?.offer({ model, limit, seed: seeds[1], seedIteration }) ?? null);
  let a: WalkResult;
  try {
    a = runLaneWalk(model, limit, seeds[0], seedIteration);
  } catch (err) {
    claim?.take(); // not needed now, but the claim is ended before the error goes on
    throw err;
  }
  const b = claim?.take() ?? runLaneWalk(model, limit, seeds[1], seedIteration);
  return [a, b];
}
