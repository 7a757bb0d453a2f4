// Cheap forecasts on the main thread: only a fixed burn whose starvation walks this thread has
// cached is answered here (the same result as the engine's direct call); a cold walk, a random burn
// or a chart series goes to the pool, whose walks this thread then adopts.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultProfile, forecast, type ForecastInput } from '../../src/engine/nethack/index.ts';
import { cachedWalksOnly, runWalk, WalkNotCached, emptySeeds } from '../../src/engine/nethack/starvation.ts';
import { clearWalkCache } from '../../src/engine/nethack/walkCache.ts';
import { buildCallModel } from '../../src/engine/nethack/calls.ts';
import { burnFlags } from '../../src/engine/nethack/burn.ts';
import { forecastFromCachedWalks } from '../../src/runtime/mainThreadForecast.ts';
import { configureWork, forecastOffThread, workStats } from '../../src/runtime/offload.ts';

afterEach(async () => {
  clearWalkCache();
  await configureWork({});
});

const plain = (f: unknown) => JSON.parse(JSON.stringify(f)) as unknown;

describe('forecasts from cached walks', () => {
  it('a walk never runs inside cachedWalksOnly()', () => {
    const profile = defaultProfile('3.6.7');
    const model = buildCallModel(profile, burnFlags(profile), 0);
    const o = { model, moves0: 1, limit: -280, seeds: emptySeeds(), snapshotAt: null, toTheEnd: true };
    expect(() => cachedWalksOnly(() => runWalk(o))).toThrow(WalkNotCached);
    expect(() => runWalk(o)).not.toThrow();
  });

  it('cold here: the pool answers; its walks adopted, the same question is answered here, equal to the engine', async () => {
    clearWalkCache();
    const inputs: ForecastInput[] = [
      { nutrition: 900, moves: 7, profile: defaultProfile('3.6.7'), con: 16 },
      { nutrition: 40, moves: 513, profile: defaultProfile('3.4.3'), attacksPerTurn: 3, con: 3 },
      { nutrition: -50, moves: 20, profile: defaultProfile('3.6.7'), attacksPerTurn: 1, con: 25 },
    ];
    for (const input of inputs) {
      expect(forecastFromCachedWalks(input)).toBeUndefined();
      const completedBefore = workStats()?.completed ?? 0;
      const fromPool = await forecastOffThread(input);
      expect(workStats()!.completed).toBe(completedBefore + 1);
      const here = forecastFromCachedWalks(input);
      expect(here).toBeDefined();
      // Asked again, it never reaches the pool.
      await forecastOffThread(input);
      expect(workStats()!.completed).toBe(completedBefore + 1);
      clearWalkCache();
      const reference = plain(forecast(input));
      expect(plain(here)).toEqual(reference);
      expect(plain(fromPool)).toEqual(reference);
    }
  });

  it('a state after some turns, a random burn (5.0, asleep) or a chart series is never tried here', async () => {
    const later = { nutrition: 900, profile: defaultProfile('3.6.7'), after: 1000 };
    await forecastOffThread(later);
    expect(forecastFromCachedWalks(later)).toBeUndefined();
    expect(forecastFromCachedWalks({ ...later, after: undefined })).toBeDefined(); // the same walks serve it
    const inputs: ForecastInput[] = [
      { nutrition: 300, profile: defaultProfile('5.0') },
      { nutrition: 300, profile: { ...defaultProfile('3.6.7'), unaware: true } },
    ];
    for (const input of inputs) {
      await forecastOffThread(input);
      expect(forecastFromCachedWalks(input)).toBeUndefined();
    }
    const charted = { nutrition: 300, profile: defaultProfile('3.6.7'), series: true };
    await forecastOffThread(charted);
    expect(forecastFromCachedWalks(charted)).toBeUndefined();
  });
});
