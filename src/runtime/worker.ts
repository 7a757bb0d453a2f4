// Worker side of the pool (pool.ts): runs one named task at a time and posts the result back.
import { parentPort, workerData } from 'node:worker_threads';
import { splitLanes } from '../engine/nethack/laneSplit.ts';
import { warmUpSteps } from '../engine/nethack/warmUp.ts';
import { WorkerLaneHelper } from './laneHelper.ts';
import type { EngineWorkerData } from './offload.ts';
import { describeError, tasks, type TaskName } from './tasks.ts';

const port = parentPort!;
const { busy, index, cores, tally } = (workerData ?? {}) as Partial<EngineWorkerData>;
// With a second core, 5.0's two-kind walks run as two lane walks, the second on a helper thread
// while a core is free (engine/nethack/laneSplit.ts): always split here, so every answer is the
// same whichever thread ran it. The helper thread starts with the first such walk of a task.
const helper =
  busy && index !== undefined && cores !== undefined && cores >= 2
    ? new WorkerLaneHelper({ busy, slot: index, cores, tally })
    : null;
if (helper) splitLanes(helper);
let running = 0;
let warmScheduled = false;
port.on('message', (m: { ping?: true; helpers?: true; id: number; task: TaskName; input: unknown }) => {
  // The pool's warm(), which may ask for the lane helper started and warmed up too (benchmarks).
  if (m.ping) {
    const ready = m.helpers && helper ? helper.start() : Promise.resolve();
    return void ready.then(() => port.postMessage({ pong: true }));
  }
  void run(m.id, m.task, m.input);
});
// Modules loaded: the pool starts a task's deadline only now, so start-up never counts against it.
port.postMessage({ ready: true });
const warmSteps = warmUpSteps();
warmUp();

/**
 * The engine's JIT warm-up (warmUp.ts), once per worker: one small forecast per macrotask while no
 * task runs, so a task arriving meanwhile waits for one step at most (a few ms to about 30 ms) and
 * the first slow forecast runs optimized code. Nothing a step computes is kept.
 */
function warmUp(): void {
  if (warmSteps.length === 0 || warmScheduled) return;
  warmScheduled = true;
  setImmediate(() => {
    warmScheduled = false;
    if (running > 0) return; // run() resumes the warm-up when its task is done
    warmSteps.shift()?.();
    warmUp();
  });
}

async function run(id: number, task: TaskName, input: unknown): Promise<void> {
  running++;
  try {
    const fn = tasks[task] as ((input: unknown) => unknown) | undefined;
    if (!fn) throw new Error(`unknown task ${String(task)}`);
    port.postMessage({ id, ok: true, value: await fn(input) });
  } catch (err) {
    port.postMessage({ id, ok: false, error: describeError(err) });
  } finally {
    if (--running === 0) warmUp();
  }
}
