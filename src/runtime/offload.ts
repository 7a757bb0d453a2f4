// The one worker pool of the process and the calls commands make on it. Every computation that can
// take more than a few milliseconds (NetHack and Crawl forecasts, PNG charts) runs here, so one
// user's heavy request never delays another's reply, and a runaway one is stopped at its deadline.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { isErrorCode, UserError } from '../errors.ts';
import type { ForecastInput, ForecastResult } from '../engine/nethack/forecast.ts';
import type { CrawlForecastResult, CrawlVersion, ForecastInput as CrawlForecastInput } from '../engine/crawl/index.ts';
import type { NutritionChartInput } from '../chart/types.ts';
import {
  PoolBusyError,
  PoolDeadlineError,
  TaskUserError,
  WorkerPool,
  type PoolOptions,
  type PoolStats,
} from './pool.ts';
import { spawnModuleWorker } from './spawn.ts';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

export const DEFAULT_DEADLINE_MS = 5000;
export const DEFAULT_IDLE_MS = 60_000;

export interface WorkSettings {
  /** Workers (default: one per core the process may use). */
  workers?: number;
  /** Tasks that may wait for a worker (default 32 per worker). */
  queueMax?: number;
  deadlineMs?: number;
  idleMs?: number;
}

/** A pool worker (worker.ts) for slot `index` of the pool whose busy words are `busy`. */
export function spawnEngineWorker(index = 0, busy: SharedArrayBuffer = busyWords(index + 1)): Worker {
  const workerData: EngineWorkerData = {
    busy,
    index,
    cores: availableParallelism(),
    tally: (splitTally ??= new SharedArrayBuffer(8)),
  };
  return spawnModuleWorker('worker', { workerData });
}

/** What every pool worker is started with (worker.ts). */
export interface EngineWorkerData {
  /**
   * The pool's busy words (pool.ts PoolOptions.busy): word 0 the tasks running, word 1 + i the core
   * held by the lane helper of worker i (laneHelper.ts).
   */
  busy: SharedArrayBuffer;
  /** This worker's slot in the pool. */
  index: number;
  /** Cores the process may use: a lane helper runs only while fewer threads than this are busy. */
  cores: number;
  /** Split walks whose second lane ran on a helper, and on the worker itself (laneHelper.ts). */
  tally: SharedArrayBuffer;
}

/**
 * The process's split walks, counted by every worker of every pool (metrics). Made with the first
 * worker: the start-up snapshot (startSnapshot.ts) is built where SharedArrayBuffer does not exist.
 */
let splitTally: SharedArrayBuffer | undefined;

/** The busy words of a pool of `workers` (all zero). */
export const busyWords = (workers: number) => new SharedArrayBuffer(4 * (1 + workers));

let settings: WorkSettings = {};
let pool: WorkerPool | undefined;

export function poolOptions(s: WorkSettings = settings): PoolOptions {
  const workers = s.workers ?? Math.max(1, availableParallelism());
  const busy = busyWords(workers);
  return {
    size: workers,
    busy,
    queueMax: s.queueMax ?? 32 * workers,
    deadlineMs: s.deadlineMs ?? DEFAULT_DEADLINE_MS,
    idleMs: s.idleMs ?? DEFAULT_IDLE_MS,
    spawn: (index) => spawnEngineWorker(index, busy),
  };
}

/** Set the pool's size, queue and deadline (from the config at start; tests). Replaces a running pool. */
export async function configureWork(s: WorkSettings): Promise<void> {
  settings = { ...s };
  const old = pool;
  pool = undefined;
  await old?.close();
}

export function workPool(): WorkerPool {
  pool ??= new WorkerPool(poolOptions());
  return pool;
}

/** The pool's figures and the split walks so far (workers' lane helpers). */
export interface WorkStats extends PoolStats {
  /** 5.0 two-kind walks whose second lane ran on a worker's lane helper, or on the worker itself. */
  splitWalks: { helper: number; here: number };
}

/** The pool's figures (queue depth, busy workers), or undefined before the first task made one. */
export function workStats(): WorkStats | undefined {
  if (!pool) return undefined;
  const counts = splitTally ? new Uint32Array(splitTally) : null;
  const count = (word: number) => (counts ? Atomics.load(counts, word) : 0);
  return { ...pool.stats(), splitWalks: { helper: count(0), here: count(1) } };
}

/** Stop the workers (shutdown, tests). The next call starts a new pool. */
export async function stopWork(): Promise<void> {
  const old = pool;
  pool = undefined;
  await old?.close();
}

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`);

/** Run a task on the pool; pool refusals become the replies a user understands. */
export async function runTask<T extends TaskName>(
  task: T,
  input: TaskInput<T>,
  what: { tooSlowHint: string },
): Promise<TaskOutput<T>> {
  try {
    return await workPool().run<TaskOutput<T>>(task, input);
  } catch (err) {
    if (err instanceof PoolBusyError) {
      throw new UserError('I am busy with other requests right now.', 'Try again in a moment.', 'busy');
    }
    if (err instanceof PoolDeadlineError) {
      throw new UserError(
        `That took too long (over ${seconds(err.deadlineMs)}), so I stopped it.`,
        what.tooSlowHint,
        'too_slow',
      );
    }
    if (err instanceof TaskUserError) {
      throw new UserError(err.message, err.hint, isErrorCode(err.code) ? err.code : 'bad_input');
    }
    throw err;
  }
}

let mainThread: typeof import('./mainThreadForecast.ts') | undefined;

/**
 * NetHack forecast(): on the main thread when it is cheap there (a fixed burn, no chart series, and
 * every starvation walk it needs already cached here: microseconds), else on the pool, whose walks
 * this thread then adopts for the next such question. Engine input errors come back as the same
 * UserError as the direct call; the answer is the same on either thread.
 */
export async function forecastOffThread(input: ForecastInput): Promise<ForecastResult> {
  // The engine loads with the first forecast, not with the process (idle memory: README "Memory");
  // once loaded, no import() per forecast (each one asks the module loader again).
  const local = (mainThread ??= await import('./mainThreadForecast.ts'));
  const here = local.forecastFromCachedWalks(input);
  if (here) return here;
  const { result, walks } = await runTask('nethackForecast', input, {
    tooSlowHint: 'Try a smaller horizon (a smaller `after:`), or fewer options.',
  });
  local.adoptWalks(walks);
  return result;
}

/** Crawl crawlForecast() on the pool. Bad input comes back as the engine's UserError. */
export function crawlForecastOffThread(version: CrawlVersion, input: CrawlForecastInput): Promise<CrawlForecastResult> {
  return runTask('crawlForecast', { version, input }, { tooSlowHint: 'Try a smaller `value:`.' });
}

/** The PNG chart, rendered on the pool (SVG building, rasterising and PNG encoding all off the main thread). */
export async function renderChartOffThread(input: NutritionChartInput): Promise<Buffer> {
  const png = await runTask('chart', input, { tooSlowHint: 'Try again without `chart:true`.' });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}
