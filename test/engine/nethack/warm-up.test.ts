// The JIT warm-up (warmUp.ts) keeps nothing: after it, the walk caches hold what they held before
// and a forecast answers the same, to the last bit, as without it.
import { describe, expect, it } from 'vitest';
import { defaultProfile, forecast, type ForecastInput } from '../../../src/engine/nethack/index.ts';
import { warmUpForecasts, warmUpSteps } from '../../../src/engine/nethack/warmUp.ts';
import { clearWalkCache, isCached, recordNewWalks, takeNewWalks } from '../../../src/engine/nethack/walkCache.ts';
import { buildCallModel } from '../../../src/engine/nethack/calls.ts';
import { burnFlags } from '../../../src/engine/nethack/burn.ts';
import { emptySeeds, addSeed } from '../../../src/engine/nethack/starvation.ts';

const input: ForecastInput = { nutrition: 40, profile: defaultProfile('5.0'), attacksPerTurn: 1, con: 5 };

describe('JIT warm-up', () => {
  it('runs every step and answers are the same before and after it', () => {
    clearWalkCache();
    const before = forecast(input);
    clearWalkCache();
    warmUpForecasts();
    expect(forecast(input)).toEqual(before);
  });

  it('drops the walks it ran, keeps the ones cached before, and records none for other threads', () => {
    clearWalkCache();
    const profile = { ...defaultProfile('3.6.7') };
    const model = buildCallModel(profile, burnFlags(profile), 0);
    const seeds = emptySeeds();
    addSeed(seeds.awake, 1, { top: -3, mass: Float64Array.of(1) });
    const o = { model, moves0: 1, limit: -130, seeds, snapshotAt: null, toTheEnd: true };
    forecast({ nutrition: -3, profile, con: 3 });
    expect(isCached(o, 1, 'awake:-3')).toBe(true);
    recordNewWalks();
    takeNewWalks();
    for (const step of warmUpSteps()) step();
    expect(takeNewWalks()).toEqual([]);
    expect(isCached(o, 1, 'awake:-3')).toBe(true);
    // A warm-up input's own walk is not kept: its forecast runs it again (and stores it then).
    recordNewWalks();
    forecast({ nutrition: 30, profile: defaultProfile('3.6.7'), attacksPerTurn: 1, con: 4 });
    expect(takeNewWalks().length).toBeGreaterThan(0);
  });
});
