// The worker pool: deadlines stop a runaway task and replace its worker, the bounded queue sheds
// load, a fast task never waits behind a slow one while a worker is free, and results cross the
// thread boundary unchanged. Slow tasks are `spin` (a task of known length), so these tests do
// not depend on how fast the engine is; margins are wide (hundreds of ms against seconds).
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.ts';
import { crawlForecast } from '../../src/engine/crawl/index.ts';
import { defaultProfile, forecast, parseRing } from '../../src/engine/nethack/index.ts';
import { PoolBusyError, PoolDeadlineError, WorkerPool } from '../../src/runtime/pool.ts';
import type { Worker } from 'node:worker_threads';
import {
  busyWords,
  configureWork,
  crawlForecastOffThread,
  forecastOffThread,
  poolOptions,
  runTask,
  spawnEngineWorker,
  stopWork,
} from '../../src/runtime/offload.ts';

const pools: WorkerPool[] = [];
function pool(o: {
  size: number;
  queueMax?: number;
  deadlineMs?: number;
  busy?: SharedArrayBuffer;
  spawn?: (index: number) => Worker;
}): WorkerPool {
  const p = new WorkerPool({ queueMax: 8, deadlineMs: 30_000, idleMs: 0, spawn: spawnEngineWorker, ...o });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await configureWork({});
});

describe('WorkerPool', () => {
  it('stops a task at its deadline, replaces the worker, and keeps serving', async () => {
    const p = pool({ size: 1, deadlineMs: 400 });
    await p.warm();
    await expect(p.run('spin', 20_000)).rejects.toBeInstanceOf(PoolDeadlineError);
    expect(p.stats()).toMatchObject({ timedOut: 1, workers: 0, running: 0 });
    // A fresh worker takes the next task (the old one was terminated mid-spin).
    await expect(p.run('spin', 1)).resolves.toBeGreaterThan(0);
    expect(p.stats()).toMatchObject({ workers: 1, completed: 1 });
  });

  it("a worker's start-up does not count against the deadline of the task waiting for it", async () => {
    // Starting a worker from TypeScript (tsx compiles its modules) takes far longer than 150 ms.
    const p = pool({ size: 1, deadlineMs: 150 });
    await expect(p.run('spin', 1)).resolves.toBeGreaterThan(0);
    expect(p.stats()).toMatchObject({ timedOut: 0, completed: 1 });
  });

  it('refuses a task at once when every worker is busy and the queue is full', async () => {
    const p = pool({ size: 1, queueMax: 1 });
    await p.warm();
    const running = p.run('spin', 600);
    const queued = p.run('spin', 1);
    await expect(p.run('spin', 1)).rejects.toBeInstanceOf(PoolBusyError);
    await expect(running).resolves.toBeGreaterThan(0);
    await expect(queued).resolves.toBeGreaterThan(0);
    expect(p.stats()).toMatchObject({ shed: 1, completed: 2 });
  });

  it('a task whose deadline passes while it waits is refused as busy and never runs', async () => {
    const p = pool({ size: 1, deadlineMs: 5_000 });
    await p.warm();
    const slow = p.run('spin', 1_500);
    const waiting = p.run('spin', 1, 300);
    await expect(waiting).rejects.toBeInstanceOf(PoolBusyError);
    await expect(slow).resolves.toBeGreaterThan(0);
    expect(p.stats()).toMatchObject({ shed: 1, completed: 1, timedOut: 0 });
  });

  it('a fast task submitted right behind a slow one finishes first on the free worker', async () => {
    const p = pool({ size: 2 });
    await p.warm();
    const order: string[] = [];
    const slow = p.run('spin', 1_500).then(() => order.push('slow'));
    const fast = p.run('spin', 1).then(() => order.push('fast'));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['fast', 'slow']);
  });

  it('with one worker the same fast task waits (what the pool exists to avoid)', async () => {
    const p = pool({ size: 1 });
    await p.warm();
    const order: string[] = [];
    await Promise.all([
      p.run('spin', 300).then(() => order.push('slow')),
      p.run('spin', 1).then(() => order.push('fast')),
    ]);
    expect(order).toEqual(['slow', 'fast']);
  });

  it("keeps the busy words: tasks running in word 0, a stopped worker's helper word cleared", async () => {
    const busy = busyWords(2);
    const words = new Int32Array(busy);
    const p = pool({ size: 2, deadlineMs: 1_000, busy, spawn: (i: number) => spawnEngineWorker(i, busy) });
    await p.warm();
    expect(words[0]).toBe(0);
    const a = p.run('spin', 600);
    const b = p.run('spin', 5_000).catch((e: unknown) => e); // stopped at its deadline
    expect(words[0]).toBe(2);
    words[1] = words[2] = 1; // as if both workers' lane helpers held a core
    await a;
    expect(words[0]).toBe(1);
    expect(await b).toBeInstanceOf(PoolDeadlineError);
    expect(words[0]).toBe(0);
    // The worker stopped at its deadline took its helper with it; the other still holds its core.
    expect([words[1], words[2]].sort()).toEqual([0, 1]);
  });

  it('starts workers only when work arrives, at most `size` of them', async () => {
    const p = pool({ size: 2 });
    expect(p.stats().workers).toBe(0);
    await Promise.all([1, 2, 3, 4].map(() => p.run('spin', 50)));
    expect(p.stats()).toMatchObject({ workers: 2, completed: 4 });
  });

  it('rejects an unknown task with the worker still usable', async () => {
    const p = pool({ size: 1 });
    await expect(p.run('no such task', null)).rejects.toThrow(/unknown task/);
    await expect(p.run('spin', 1)).resolves.toBeGreaterThan(0);
  });
});

describe('offload (the process pool as commands use it)', () => {
  it('sizes the pool to the cores and bounds the queue by default', () => {
    const o = poolOptions({});
    expect(o.size).toBeGreaterThanOrEqual(1);
    expect(o.queueMax).toBe(32 * o.size);
    expect(o.deadlineMs).toBeGreaterThan(0);
  });

  it('a forecast off the main thread is the same result as the direct call', async () => {
    const profile = { ...defaultProfile('3.6.7'), leftRing: parseRing('ring of regeneration') };
    const input = { nutrition: 300, moves: 7, profile, con: 16, after: 500 };
    expect(await forecastOffThread(input)).toEqual(forecast(input));
    const crawl = { value: 5900, hero: { species: 'Troll' } };
    expect(await crawlForecastOffThread('0.14', crawl)).toEqual(crawlForecast('0.14', crawl));
  });

  it('engine input errors keep their kind across the thread boundary', async () => {
    await expect(forecastOffThread({ nutrition: Number.NaN, profile: defaultProfile('3.6.7') })).rejects.toBeInstanceOf(
      RangeError,
    );
    await expect(crawlForecastOffThread('0.14', { value: 100, hero: { species: 'Nobody' } })).rejects.toSatisfy(
      (e) => e instanceof UserError && e.code !== 'internal_error',
    );
  });

  it('turns a deadline into a too_slow UserError and a full queue into busy', async () => {
    await configureWork({ workers: 1, queueMax: 0, deadlineMs: 400 });
    const err = await runTask('spin', 20_000, { tooSlowHint: 'Try a smaller horizon.' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect(err).toMatchObject({ code: 'too_slow', hint: 'Try a smaller horizon.' });
    expect((err as Error).message).toMatch(/took too long/);
    await configureWork({ workers: 1, queueMax: 0, deadlineMs: 10_000 });
    const first = runTask('spin', 500, { tooSlowHint: '' });
    const busy = await runTask('spin', 1, { tooSlowHint: '' }).catch((e: unknown) => e);
    expect(busy).toMatchObject({ code: 'busy' });
    expect((busy as Error).message).toMatch(/busy/);
    await first;
    await stopWork();
  });
});
