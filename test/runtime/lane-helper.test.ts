// The lane helper (runtime/laneHelper.ts, engine/nethack/laneSplit.ts) with its real thread: a split
// walk gives the same bits whichever thread runs its second lane (or both here when the helper
// refuses, withdraws or is late), a core is taken only while one is free and always given back,
// and a thread that splits answers a forecast as the pool does.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultProfile, forecast, type ForecastInput } from '../../src/engine/nethack/index.ts';
import { kindWalks, splitLanes, withoutHelper } from '../../src/engine/nethack/laneSplit.ts';
import { runLaneWalk } from '../../src/engine/nethack/pairWalk.ts';
import { clearWalkCache } from '../../src/engine/nethack/walkCache.ts';
import { LANE, WorkerLaneHelper } from '../../src/runtime/laneHelper.ts';
import { busyWords, configureWork, forecastOffThread, stopWork, workStats } from '../../src/runtime/offload.ts';
import { differences, limitOf, model, SD, seed } from '../engine/nethack/walk-compare.ts';

// A turn call's and an attack's first faint (dur 10 and 11 at nutrition 0..-1), Con 3 (short walks).
const M = model(SD, 2);
const LIMIT = limitOf(3);
const SEEDS = [seed(0, [0.95, 0.05], 9), seed(0, [0.9, 0.1], 10)] as const;
const alone = () => [runLaneWalk(M, LIMIT, SEEDS[0], 1), runLaneWalk(M, LIMIT, SEEDS[1], 1)];

function sameBits(x: unknown, y: unknown): string[] {
  const out: string[] = [];
  differences(x, y, 'walks', out);
  return out;
}

describe('lane helper thread', () => {
  const busy = busyWords(1);
  const words = new Int32Array(busy);
  const helper = new WorkerLaneHelper({ busy, slot: 0, cores: 2 });
  beforeAll(async () => {
    expect(await helper.start()).toBe(true);
  }, 60_000);
  afterAll(async () => {
    splitLanes(undefined);
    await helper.stop();
  });
  afterEach(() => {
    splitLanes(undefined);
    // No core left held, whatever path a job took.
    expect(words[1]).toBe(0);
  });

  it('runs the second lane on the helper, to the same bits as both lanes here', () => {
    words[0] = 1; // this thread: one task running
    splitLanes(helper);
    const before = { ...helper.counts };
    const split = kindWalks(M, LIMIT, SEEDS, 1);
    expect(helper.counts.helped + helper.counts.withdrawn).toBe(before.helped + before.withdrawn + 1);
    expect(sameBits(split, alone())).toEqual([]);
    expect(split[1].deaths.p.length).toBeGreaterThan(10);
  });

  it('refuses while every core is busy; the caller runs both lanes and gets the same bits', () => {
    words[0] = 2;
    splitLanes(helper);
    const refused = helper.counts.refused;
    expect(sameBits(kindWalks(M, LIMIT, SEEDS, 1), alone())).toEqual([]);
    expect(helper.counts.refused).toBe(refused + 1);
    words[0] = 1;
  });

  it('never offers inside withoutHelper() (the warm-up)', () => {
    words[0] = 1;
    splitLanes(helper);
    const seen = { ...helper.counts };
    expect(
      sameBits(
        withoutHelper(() => kindWalks(M, LIMIT, SEEDS, 1)),
        alone(),
      ),
    ).toEqual([]);
    expect(helper.counts).toEqual(seen);
  });

  it('a job still running past its wait is run here, and the late result is dropped', async () => {
    words[0] = 1;
    const impatient = new WorkerLaneHelper({ busy, slot: 0, cores: 2, minWaitMs: 0 });
    try {
      expect(await impatient.start()).toBe(true);
      splitLanes(impatient);
      // Lane a starts below the limit and dies within a few calls; lane b walks for thousands of
      // iterations down to Con 25's limit.
      const limit = limitOf(25);
      const seeds = [seed(limit - 1, [1], 2), seed(0, [0.9, 0.1], 10)] as const;
      const here = [runLaneWalk(M, limit, seeds[0], 1), runLaneWalk(M, limit, seeds[1], 1)];
      expect(sameBits(kindWalks(M, limit, seeds, 1), here)).toEqual([]);
      expect(impatient.counts.late + impatient.counts.withdrawn).toBe(1);
      // Once the helper is done with it (or has dropped it unstarted), it takes the next one.
      const settled: number[] = [LANE.stale, LANE.idle];
      await expect.poll(() => settled.includes(impatient.state()), { timeout: 10_000 }).toBe(true);
      expect(sameBits(kindWalks(M, LIMIT, SEEDS, 1), alone())).toEqual([]);
    } finally {
      splitLanes(undefined);
      await impatient.stop();
    }
  });

  it('a stopped helper refuses, and walks still answer here', async () => {
    const gone = new WorkerLaneHelper({ busy, slot: 0, cores: 2 });
    expect(await gone.start()).toBe(true);
    await gone.stop();
    splitLanes(gone);
    expect(sameBits(kindWalks(M, LIMIT, SEEDS, 1), alone())).toEqual([]);
    expect(gone.counts.refused).toBe(1);
  });
});

describe('a pool worker splits its walks', () => {
  afterAll(stopWork);

  it('answers a 5.0 two-kind forecast as this thread does when it splits, to the last bit', async () => {
    await configureWork({ workers: 2 });
    const input: ForecastInput = {
      nutrition: 40,
      moves: 3,
      profile: { ...defaultProfile('5.0'), slowDigestion: true },
      attacksPerTurn: 2,
      con: 3,
    };
    const before = workStats()?.splitWalks ?? { helper: 0, here: 0 };
    const pooled = await forecastOffThread(input);
    // One split walk (a turn call's and an attack's first faint), counted where its second lane ran.
    const after = workStats()!.splitWalks;
    expect(after.helper + after.here).toBe(before.helper + before.here + 1);
    splitLanes(null);
    clearWalkCache();
    try {
      expect(pooled).toEqual(forecast(input));
    } finally {
      splitLanes(undefined);
      clearWalkCache();
    }
  }, 60_000);
});
