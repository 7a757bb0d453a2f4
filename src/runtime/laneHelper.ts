// A helper thread for the engine's two-kind walks (engine/nethack/laneSplit.ts): while a pool
// worker (or the bench) runs one lane walk, its helper runs the other on the second core. The
// caller blocks while it waits (the engine is synchronous), so the hand-over is synchronous too: a
// state word in shared memory says who holds the job, the job and its result travel over a
// MessageChannel read with receiveMessageOnPort().
//
// - One job at a time (the queue's bound is 1): a helper still busy, or not warmed up yet, refuses.
// - Only on a free core: the pool's busy words count the tasks running (word 0) and the cores its
//   workers' helpers hold (word 1 + slot); an offer takes a core only while fewer than `cores` are
//   in use, so a helper never takes CPU from another task, and otherwise the caller runs both lanes.
// - Every wait has a deadline: a job the helper has not started when the caller is ready for it
//   is withdrawn (the caller runs it), and the caller waits for a started one at most
//   max(250 ms, 2x its own lane's time), then runs it itself; the late result is dropped.
// - A core taken is given back by whoever ends the job: the caller when it withdraws it, the
//   helper when it finishes (late or not), the pool when it stops the worker (pool.ts).
// - The thread starts on the first offer (no cost to a bot that never asks a 5.0 two-kind
//   forecast), warms its JIT with the engine's warm-up, then takes jobs; it never keeps the
//   process alive, and it stops with the thread that started it.
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { LaneClaim, LaneHelper, LaneJob } from '../engine/nethack/laneSplit.ts';
import type { WalkResult } from '../engine/nethack/starvation.ts';
import { spawnModuleWorker } from './spawn.ts';

/** The helper's state (word 0 of `control`). */
export const LANE = {
  /** Loading its modules and warming up: refuses jobs. */
  starting: 0,
  idle: 1,
  /** A job posted, not started yet: the caller may still withdraw it. */
  offered: 2,
  running: 3,
  /** The result posted, for the caller to read. */
  done: 4,
  /** Withdrawn before it started: the helper drops it when it reads it. */
  withdrawn: 5,
  /** The caller stopped waiting for a running job: its result, when it comes, is dropped. */
  abandoned: 6,
  /** A dropped result is in the channel: the next offer reads it away first. */
  stale: 7,
  /** The thread failed or exited: never offered to again. */
  gone: 8,
} as const;

/** What the helper posts back: the lane walk's result, or why it failed. */
export type LaneReply = { result: WalkResult } | { error: string };

/** What a helper thread is started with (laneWorker.ts). */
export interface LaneWorkerData {
  control: SharedArrayBuffer;
  busy: SharedArrayBuffer | null;
  /** The word of `busy` that says this helper holds a core. */
  slot: number;
  port: MessagePort;
}

export interface LaneHelperOptions {
  /**
   * The pool's busy words (pool.ts PoolOptions.busy): word 0 the tasks running, word 1 + i the core
   * held by worker i's helper. Null: no check.
   */
  busy?: SharedArrayBuffer | null;
  /** This helper's worker's slot: its word is 1 + slot. */
  slot?: number;
  /** Cores: an offer needs fewer than this many in use. */
  cores: number;
  /** Start the helper thread (default: runtime/laneWorker). */
  spawn?: (data: LaneWorkerData, transfer: MessagePort[]) => Worker;
  /** The least the caller waits for a started job, in ms (default 250). */
  minWaitMs?: number;
  /**
   * Two counters shared across threads (Uint32 words, offload.ts): second lanes run by a helper
   * (word 0) and by their caller (word 1: refused, withdrawn, late or failed).
   */
  tally?: SharedArrayBuffer;
}

/** The thread that runs laneWorker.ts. */
export function spawnLaneWorker(data: LaneWorkerData, transfer: MessagePort[]): Worker {
  return spawnModuleWorker('laneWorker', { workerData: data, transferList: transfer });
}

export class WorkerLaneHelper implements LaneHelper {
  private readonly control = new Int32Array(new SharedArrayBuffer(4));
  private readonly busy: Int32Array | null;
  private port: MessagePort | null = null;
  private worker: Worker | null = null;
  private readyPromise: Promise<boolean> | null = null;
  /** Jobs taken by the helper and by the caller (withdrawn, refused, failed, late). */
  readonly counts = { helped: 0, withdrawn: 0, refused: 0, late: 0, failed: 0 };

  /** Its word in `busy`. */
  private readonly word: number;
  private readonly tally: Uint32Array | null;

  constructor(private readonly opts: LaneHelperOptions) {
    this.busy = opts.busy ? new Int32Array(opts.busy) : null;
    this.word = 1 + (opts.slot ?? 0);
    this.tally = opts.tally ? new Uint32Array(opts.tally) : null;
    if (this.busy && this.word >= this.busy.length) throw new RangeError('lane helper: no busy word for this slot');
  }

  /** Start the thread now; resolves true once it takes jobs, false if it failed to start. */
  start(): Promise<boolean> {
    if (this.readyPromise) return this.readyPromise;
    const { port1, port2 } = new MessageChannel();
    port1.unref();
    this.port = port1;
    const data: LaneWorkerData = {
      control: this.control.buffer as SharedArrayBuffer,
      busy: this.opts.busy ?? null,
      slot: this.word,
      port: port2,
    };
    const worker = (this.worker = (this.opts.spawn ?? spawnLaneWorker)(data, [port2]));
    worker.unref();
    this.readyPromise = new Promise<boolean>((resolve) => {
      worker.once('message', () => resolve(true));
      const gone = () => {
        Atomics.store(this.control, 0, LANE.gone);
        this.releaseCore();
        resolve(false);
      };
      worker.once('error', gone);
      worker.once('exit', gone);
    });
    return this.readyPromise;
  }

  /** Stop the thread (tests, the bench). */
  async stop(): Promise<void> {
    Atomics.store(this.control, 0, LANE.gone);
    await this.worker?.terminate();
    this.releaseCore();
    this.port?.close();
  }

  /** The helper's state now (LANE). */
  state(): number {
    return Atomics.load(this.control, 0);
  }

  offer(job: LaneJob): LaneClaim | null {
    if (!this.readyPromise) void this.start(); // it refuses until warmed up
    const c = this.control;
    const state = Atomics.load(c, 0);
    if (state === LANE.stale || state === LANE.done) {
      // A result nobody read (dropped late, or its caller failed before taking it).
      while (receiveMessageOnPort(this.port!)) {}
      Atomics.compareExchange(c, 0, state, LANE.idle);
    }
    if (Atomics.load(c, 0) !== LANE.idle || !this.reserveCore()) {
      this.counts.refused++;
      this.count(1);
      return null;
    }
    Atomics.store(c, 0, LANE.offered);
    this.port!.postMessage(job);
    const offeredAt = performance.now();
    return { take: () => this.take(offeredAt) };
  }

  private take(offeredAt: number): WalkResult | null {
    const c = this.control;
    if (Atomics.compareExchange(c, 0, LANE.offered, LANE.withdrawn) === LANE.offered) {
      // Not started: withdrawn. The helper drops the job on reading it and goes back to idle.
      this.releaseCore();
      this.counts.withdrawn++;
      this.count(1);
      return null;
    }
    const until = performance.now() + Math.max(this.opts.minWaitMs ?? 250, 2 * (performance.now() - offeredAt));
    for (;;) {
      const state = Atomics.load(c, 0);
      if (state !== LANE.running) break;
      const left = until - performance.now();
      if (left <= 0) break;
      Atomics.wait(c, 0, LANE.running, left);
    }
    if (Atomics.compareExchange(c, 0, LANE.running, LANE.abandoned) === LANE.running) {
      this.counts.late++; // the helper frees its core when it is done, and drops the result
      this.count(1);
      return null;
    }
    if (Atomics.load(c, 0) !== LANE.done) {
      this.counts.failed++;
      this.count(1);
      return null; // gone
    }
    // Posted before "done" was stored: in the channel now (a few tries in case the queue lags).
    let reply = receiveMessageOnPort(this.port!);
    for (let i = 0; !reply && i < 10; i++) {
      Atomics.wait(c, 0, LANE.done, 1);
      reply = receiveMessageOnPort(this.port!);
    }
    Atomics.store(c, 0, LANE.idle);
    const m = reply?.message as LaneReply | undefined;
    if (!m || !('result' in m)) {
      this.counts.failed++;
      this.count(1);
      return null;
    }
    this.counts.helped++;
    this.count(0);
    return m.result;
  }

  private count(word: 0 | 1): void {
    if (this.tally) Atomics.add(this.tally, word, 1);
  }

  /** A core for the helper if fewer than `cores` are in use (two workers at once may both see one). */
  private reserveCore(): boolean {
    const busy = this.busy;
    if (!busy) return true;
    let used = 0;
    for (let i = 0; i < busy.length; i++) used += Atomics.load(busy, i);
    if (used >= this.opts.cores) return false;
    Atomics.store(busy, this.word, 1);
    return true;
  }

  private releaseCore(): void {
    if (this.busy) Atomics.store(this.busy, this.word, 0);
  }
}
