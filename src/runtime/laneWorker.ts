// The helper thread of laneHelper.ts: runs one lane walk at a time for the thread that started it.
// It warms its JIT first (the engine's warm-up, every two-kind walk as two lane walks here, as the
// jobs will be), then says it is ready and takes jobs.
import { parentPort, workerData } from 'node:worker_threads';
import { splitLanes } from '../engine/nethack/laneSplit.ts';
import { buildCallModel } from '../engine/nethack/calls.ts';
import { runLaneWalk } from '../engine/nethack/pairWalk.ts';
import { warmUpForecasts } from '../engine/nethack/warmUp.ts';
import { LANE, type LaneReply, type LaneWorkerData } from './laneHelper.ts';
import type { LaneJob } from '../engine/nethack/laneSplit.ts';
import type { WalkResult } from '../engine/nethack/starvation.ts';

const { control, busy, slot, port } = workerData as LaneWorkerData;
const state = new Int32Array(control);
const busyThreads = busy ? new Int32Array(busy) : null;

/**
 * A job as it comes from another thread. Objects that crossed threads have shapes of their own:
 * rebuilt as the engine builds them (the model is a pure function of its profile, flags and
 * attacks), the walk runs the code optimized in the warm-up instead of having it recompiled.
 */
function runJob(job: LaneJob): WalkResult {
  const { profile, flags, attacks } = job.model;
  const model = buildCallModel(profile, flags, attacks);
  const seed = { top: job.seed.top, mass: job.seed.mass, dur: job.seed.dur };
  return runLaneWalk(model, job.limit, seed, job.seedIteration);
}

// The warm-up: the engine's, every second lane through runJob() here, as the jobs will come.
splitLanes({ offer: (job) => ({ take: () => runJob(structuredClone(job)) }) });
warmUpForecasts(true);

port.on('message', (job: LaneJob) => {
  if (Atomics.compareExchange(state, 0, LANE.offered, LANE.running) !== LANE.offered) {
    // Withdrawn before it started (the caller ran it): back to idle for the next one.
    Atomics.compareExchange(state, 0, LANE.withdrawn, LANE.idle);
    return;
  }
  let reply: LaneReply;
  try {
    reply = { result: runJob(job) };
  } catch (err) {
    reply = { error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply); // before "done": the caller reads it as soon as it sees that
  if (busyThreads) Atomics.store(busyThreads, slot, 0); // its core is free
  // Abandoned meanwhile (the caller ran it itself): the result just posted is stale.
  if (Atomics.compareExchange(state, 0, LANE.running, LANE.done) !== LANE.running) Atomics.store(state, 0, LANE.stale);
  Atomics.notify(state, 0);
});
Atomics.store(state, 0, LANE.idle);
parentPort!.postMessage({ ready: true });
