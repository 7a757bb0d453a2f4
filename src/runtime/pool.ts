// A pool of worker threads for work that can take more than a few milliseconds (forecasts,
// chart rendering), so the main thread stays free to answer everyone else.
//
// - One task per worker at a time: a task that overruns its deadline is stopped by terminating
//   its worker (a busy thread cannot be interrupted any other way), and a fresh worker replaces it.
// - Tasks wait in one FIFO queue of bounded length; beyond it, a task is refused at once (shed load)
//   rather than queued behind work it could never overtake.
// - The deadline runs from submission, so time spent queued counts: a task whose deadline passes
//   while it still waits is refused as "busy" without ever running. A worker's own start-up
//   (loading its modules) does not count: a task handed to a starting worker gets its whole
//   deadline once the worker is ready, and a worker that never gets ready is dropped.
// - Workers start lazily (no cost in idle RSS or start-up until the first task), stay while
//   there is work and stop after `idleMs` without any.
import type { Worker } from 'node:worker_threads';
import { deadlines, type Deadline } from '../deadlines.ts';

export interface PoolOptions {
  /** Workers at most (each runs one task at a time). */
  size: number;
  /** Tasks allowed to wait for a worker; more are refused with PoolBusyError. */
  queueMax: number;
  /** Milliseconds from submission until a task is refused (queued) or stopped (running). */
  deadlineMs: number;
  /** Stop a worker after this many idle milliseconds (0: keep it). */
  idleMs: number;
  /**
   * Creates one worker that speaks the protocol in worker.ts, for slot `index` (0..size - 1, unique
   * among the live workers: its word in `busy`).
   */
  spawn: (index: number) => Worker;
  /**
   * Shared with the workers (offload.ts): word 0 is kept at the number of tasks running, and a
   * dropped worker's word 1 + index (its lane helper's core: laneHelper.ts) is cleared.
   */
  busy?: SharedArrayBuffer;
}

/** The queue is full, or the task waited past its deadline without starting. */
export class PoolBusyError extends Error {
  override readonly name = 'PoolBusyError';
}

/** The task ran past its deadline; its worker was terminated and replaced. */
export class PoolDeadlineError extends Error {
  override readonly name = 'PoolDeadlineError';
  constructor(readonly deadlineMs: number) {
    super(`task ran longer than its ${deadlineMs} ms deadline`);
  }
}

/** What a worker posts back for a task. `error.kind` tells the caller how to rethrow it. */
export type TaskReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { kind: 'user' | 'range' | 'other'; message: string; hint?: string; code?: string };
    };

/** Rethrown on the caller's side for a task whose error the worker marked `user` (bad input). */
export class TaskUserError extends Error {
  override readonly name = 'TaskUserError';
  constructor(
    message: string,
    readonly hint: string | undefined,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A worker that has not loaded its modules after this long is dropped (and its task failed). */
export const WORKER_START_TIMEOUT_MS = 60_000;

interface Job {
  id: number;
  task: string;
  input: unknown;
  deadlineMs: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  /** Undefined while the job waits for its worker to start. */
  timer: Deadline | undefined;
  slot?: Slot;
}

interface Slot {
  index: number;
  worker: Worker;
  ready: boolean;
  job: Job | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  /** performance.now() when its last task finished. */
  idleSince: number;
  startTimer: NodeJS.Timeout | undefined;
}

export interface PoolStats {
  workers: number;
  running: number;
  queued: number;
  /** Tasks refused because the queue was full or they waited past their deadline. */
  shed: number;
  /** Tasks stopped at their deadline (their workers were replaced). */
  timedOut: number;
  completed: number;
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;
  private readonly counts = { shed: 0, timedOut: 0, completed: 0 };
  private readonly busy: Int32Array | null;

  constructor(private readonly opts: PoolOptions) {
    if (!(opts.size >= 1) || !(opts.queueMax >= 0) || !(opts.deadlineMs > 0))
      throw new RangeError('invalid pool options');
    if (opts.busy && opts.busy.byteLength < 4 * (1 + opts.size))
      throw new RangeError('pool busy words: one more than workers');
    this.busy = opts.busy ? new Int32Array(opts.busy) : null;
  }

  get options(): Readonly<Omit<PoolOptions, 'spawn' | 'busy'>> {
    const { spawn: _spawn, busy: _busy, ...rest } = this.opts;
    return rest;
  }

  stats(): PoolStats {
    const running = [...this.slots].filter((s) => s.job).length;
    return { workers: this.slots.size, running, queued: this.queue.length, ...this.counts };
  }

  /** Run `task` with `input` on a worker. Rejects with PoolBusyError, PoolDeadlineError or the task's error. */
  run<T>(task: string, input: unknown, deadlineMs = this.opts.deadlineMs): Promise<T> {
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      const settle = { resolve: resolve as (v: unknown) => void, reject };
      const job: Job = { id: ++this.nextId, task, input, deadlineMs, ...settle, timer: undefined };
      this.startDeadline(job);
      const slot = this.idleSlot() ?? this.newSlotIfRoom();
      if (slot) return this.start(slot, job);
      if (this.queue.length >= this.opts.queueMax) {
        job.timer?.cancel();
        this.counts.shed++;
        reject(new PoolBusyError(`all ${this.opts.size} workers busy and ${this.queue.length} tasks waiting`));
        return;
      }
      this.queue.push(job);
    });
  }

  /**
   * Start every worker now (tests and benchmarks that must not measure start-up); with `helpers`,
   * each worker's lane helper too, warmed up (worker.ts: otherwise it starts with its first use).
   */
  async warm(o: { helpers?: boolean } = {}): Promise<void> {
    while (this.slots.size < this.opts.size) this.newSlotIfRoom();
    await Promise.all([...this.slots].map((s) => this.ping(s, o.helpers === true)));
  }

  /** Stop every worker; queued and running tasks are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const err = new Error('worker pool closed');
    for (const job of this.queue.splice(0)) this.settle(job, err);
    const workers = [...this.slots].map((s) => {
      if (s.job) this.settle(s.job, err);
      return this.drop(s);
    });
    await Promise.all(workers);
  }

  // ---- slots

  private idleSlot(): Slot | undefined {
    for (const s of this.slots) if (!s.job) return s;
    return undefined;
  }

  private newSlotIfRoom(): Slot | undefined {
    if (this.slots.size >= this.opts.size) return undefined;
    const taken = new Set([...this.slots].map((s) => s.index));
    let index = 0;
    while (taken.has(index)) index++;
    const worker = this.opts.spawn(index);
    worker.unref(); // an idle worker never keeps the process alive
    const slot: Slot = {
      index,
      worker,
      ready: false,
      job: undefined,
      idleTimer: undefined,
      idleSince: 0,
      startTimer: undefined,
    };
    slot.startTimer = setTimeout(() => this.onStartTimeout(slot), WORKER_START_TIMEOUT_MS);
    slot.startTimer.unref();
    worker.on('message', (m: TaskReply | { pong: true } | { ready: true }) => {
      if (!this.slots.has(slot)) return; // dropped: whatever it still says is not ours any more
      if ('ready' in m) return this.onReady(slot);
      if ('pong' in m) return;
      this.onReply(slot, m);
    });
    worker.on('error', (err) => this.onWorkerGone(slot, err));
    worker.on('exit', (code) => this.onWorkerGone(slot, new Error(`worker exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private ping(slot: Slot, helpers: boolean): Promise<void> {
    return new Promise((resolve) => {
      const onMessage = (m: { pong?: true }) => {
        if (!m.pong) return;
        slot.worker.off('message', onMessage);
        resolve();
      };
      slot.worker.on('message', onMessage);
      slot.worker.once('exit', () => resolve());
      slot.worker.postMessage(helpers ? { ping: true, helpers: true } : { ping: true });
    });
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    job.slot = slot;
    if (!slot.ready) {
      // Its deadline starts when the worker is ready (onReady).
      job.timer?.cancel();
      job.timer = undefined;
    }
    slot.worker.ref(); // keep the process alive while a task is out
    slot.worker.postMessage({ id: job.id, task: job.task, input: job.input });
    this.publishBusy();
  }

  /** The tasks running, for the workers' lane helpers (PoolOptions.busy). */
  private publishBusy(): void {
    if (!this.busy) return;
    let running = 0;
    for (const s of this.slots) if (s.job) running++;
    Atomics.store(this.busy, 0, running);
  }

  private finish(slot: Slot): void {
    slot.job = undefined;
    slot.worker.unref();
    const next = this.queue.shift();
    if (next) {
      this.start(slot, next);
      return;
    }
    this.publishBusy();
    slot.idleSince = performance.now();
    if (this.opts.idleMs > 0 && !slot.idleTimer) this.checkIdleIn(slot, this.opts.idleMs);
  }

  /**
   * One idle timer per worker, not one per task: when it fires, a worker idle for `idleMs` is
   * stopped, one that worked since is checked again when its `idleMs` are up, and a busy one gets
   * a new timer when its task finishes.
   */
  private checkIdleIn(slot: Slot, ms: number): void {
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined;
      if (!this.slots.has(slot) || slot.job) return;
      const left = slot.idleSince + this.opts.idleMs - performance.now();
      if (left > 0) this.checkIdleIn(slot, left);
      else void this.drop(slot);
    }, ms);
    slot.idleTimer.unref();
  }

  private drop(slot: Slot): Promise<number> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.startTimer) clearTimeout(slot.startTimer);
    this.slots.delete(slot); // its listeners ignore it from now on (onWorkerGone, the message handler)
    const gone = slot.worker.terminate();
    // Its lane helper stops with it: the core it may hold is free again.
    if (this.busy) Atomics.store(this.busy, 1 + slot.index, 0);
    this.publishBusy();
    return gone;
  }

  // ---- events

  private startDeadline(job: Job): void {
    // A pending task keeps the process alive through its worker, not its deadline.
    job.timer = deadlines.after(job.deadlineMs, () => this.expire(job, job.deadlineMs));
  }

  private onReady(slot: Slot): void {
    slot.ready = true;
    clearTimeout(slot.startTimer);
    slot.startTimer = undefined;
    if (slot.job && !slot.job.timer) this.startDeadline(slot.job);
  }

  private onStartTimeout(slot: Slot): void {
    if (!this.slots.has(slot) || slot.ready) return;
    const job = slot.job;
    void this.drop(slot);
    if (job) this.settle(job, new Error(`engine worker did not start within ${WORKER_START_TIMEOUT_MS} ms`));
    this.refill();
  }

  private onReply(slot: Slot, m: TaskReply): void {
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if (m.ok) {
      this.counts.completed++;
      this.settle(job, undefined, m.value);
    } else {
      const e = m.error;
      const err =
        e.kind === 'user'
          ? new TaskUserError(e.message, e.hint, e.code ?? 'bad_input')
          : e.kind === 'range'
            ? new RangeError(e.message)
            : new Error(e.message);
      this.settle(job, err);
    }
    this.finish(slot);
  }

  private onWorkerGone(slot: Slot, err: Error): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.startTimer) clearTimeout(slot.startTimer);
    if (slot.job) this.settle(slot.job, new Error(`engine worker failed: ${err.message}`));
    this.refill();
  }

  private expire(job: Job, deadlineMs: number): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.counts.shed++;
      this.settle(job, new PoolBusyError(`waited ${deadlineMs} ms without a free worker`));
      return;
    }
    const slot = job.slot;
    if (!slot || slot.job !== job) return;
    this.counts.timedOut++;
    this.settle(job, new PoolDeadlineError(deadlineMs));
    void this.drop(slot);
    this.refill();
  }

  /** After losing a worker: give the waiting tasks a fresh one. */
  private refill(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.idleSlot() ?? this.newSlotIfRoom();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private settle(job: Job, err: Error | undefined, value?: unknown): void {
    job.timer?.cancel();
    job.slot = undefined;
    if (err) job.reject(err);
    else job.resolve(value);
  }
}
