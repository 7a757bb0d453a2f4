// Two starvation walks in one pass (pairWalk.ts) against each walk run alone (runWalk()): the same
// deaths by turn, faints, end and leftover, within the cuts the pair may keep more of (each below
// 1e-16 a cell); against the pair walk in plain JavaScript before its hot loops moved to
// WebAssembly, to the last bit; and a forecast that uses it against the reference engine.
import { describe, expect, it } from 'vitest';
import { burnFlags, defaultProfile, forecast, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel, faintTurns } from '../../../src/engine/nethack/calls.ts';
import { pairModel, pairWalkable, runAwakeWalk, runWalkPair } from '../../../src/engine/nethack/pairWalk.ts';
import {
  addSeed,
  emptySeeds,
  runWalk,
  type HelplessSeed,
  type WalkResult,
} from '../../../src/engine/nethack/starvation.ts';
import { clearWalkCache } from '../../../src/engine/nethack/walkCache.ts';
import { compareForecasts } from './reference/compare.ts';
import { runWalkPair as runWalkPairJs } from './reference/pairWalk-js.ts';
import { forecast as referenceForecast } from './reference/forecast-reference.ts';

const SD: BurnProfile = { ...defaultProfile('5.0'), slowDigestion: true };

function alone(model: ReturnType<typeof buildCallModel>, limit: number, seed: HelplessSeed): WalkResult {
  const seeds = emptySeeds();
  addSeed(seeds.helpless, 1, seed);
  return runWalk({ model, moves0: 1, limit, seeds, snapshotAt: null, toTheEnd: true });
}

/**
 * `stopSlack`: the pair keeps cells that alone are pruned (below 1e-16), so its dead total can cross
 * the stop (less than 1e-10 alive) an iteration before the walk alone: then up to one iteration
 * apart, the deaths of that iteration (below 1e-11) the only difference beyond the cuts.
 */
function expectClose(pair: WalkResult, single: WalkResult, stopSlack = false) {
  if (stopSlack) expect(Math.abs(pair.endIteration - single.endIteration)).toBeLessThanOrEqual(1);
  else expect(pair.endIteration).toBe(single.endIteration);
  const lastOfBoth = Math.min(pair.endIteration, single.endIteration);
  expect(pair.deaths.offset).toBe(single.deaths.offset);
  const n = Math.max(pair.deaths.p.length, single.deaths.p.length);
  let worst = 0;
  let past = 0;
  for (let i = 0; i < n; i++) {
    const diff = Math.abs((pair.deaths.p[i] ?? 0) - (single.deaths.p[i] ?? 0));
    if (i <= lastOfBoth) worst = Math.max(worst, diff);
    else past = Math.max(past, diff);
  }
  expect(worst).toBeLessThan(1e-13);
  expect(past).toBeLessThan(1e-11);
  // What the cuts drop over a whole walk (alone, or less in the pair): far below the 1e-10 documented.
  expect(Math.abs(pair.aliveAtEnd - single.aliveAtEnd)).toBeLessThan(stopSlack ? 1e-11 : 1e-12);
  expect(pair.expectedFaints).toBeCloseTo(single.expectedFaints, 9);
  expect(pair.expectedTurnsFainted).toBeCloseTo(single.expectedTurnsFainted, 7);
  const a = pair.leftover!.alive;
  const b = single.leftover!.alive;
  expect(a.offset).toBe(b.offset);
  for (let i = 0; i < Math.max(a.p.length, b.p.length); i++)
    expect(Math.abs((a.p[i] ?? 0) - (b.p[i] ?? 0))).toBeLessThan(stopSlack ? 1e-11 : 1e-13);
}

describe('two walks in one pass', () => {
  // A turn call's first faint (a point) and an attack's (after its first helpless call), Con 3 and 9;
  // one attack (an ordinary call) and several (the combined attack kernels).
  for (const [attacks, limit] of [
    [1, -130],
    [3, -190],
    [12, -130],
  ] as const)
    it(`${attacks} attack(s), limit ${limit}: each lane is the walk of its seed alone`, () => {
      const model = buildCallModel(SD, burnFlags(SD), attacks);
      const turn: HelplessSeed = { top: 0, mass: Float64Array.of(1), dur: 10 };
      const attack: HelplessSeed = { top: 0, mass: Float64Array.from(model.fainted[0]!), dur: 10 };
      expect(pairWalkable(model, turn, attack)).toBe(true);
      const [a, b] = runWalkPair(model, limit, [turn, attack], 1);
      expectClose(a, alone(model, limit, turn));
      expectClose(b, alone(model, limit, attack));
    });

  it('the WebAssembly walk equals the plain JavaScript one to the last bit (one, two, several attacks)', () => {
    // Every value of both results, compared with Object.is (no tolerance): the same IEEE operations
    // in the same order. Seeds high and deep (danger rows, bands near the limit, the floor).
    const mismatches: string[] = [];
    const same = (x: unknown, y: unknown, path: string): void => {
      if (x instanceof Float64Array && y instanceof Float64Array) {
        if (x.length !== y.length) mismatches.push(`${path}: length ${x.length} vs ${y.length}`);
        else
          for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return void mismatches.push(`${path}[${i}]`);
      } else if (x && typeof x === 'object' && y && typeof y === 'object') {
        const a = x as Record<string, unknown>;
        const b = y as Record<string, unknown>;
        for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) same(a[k], b[k], `${path}.${k}`);
      } else if (!Object.is(x, y)) mismatches.push(`${path}: ${x} vs ${y}`);
    };
    for (const [profile, attacks, limit, top] of [
      [SD, 1, -130, 0],
      [SD, 1, -250, -60],
      [SD, 2, -190, -20],
      [SD, 12, -350, 0],
      [SD, 12, -130, -120],
      [defaultProfile('5.0'), 3, -160, -40],
    ] as const) {
      const model = buildCallModel(profile, burnFlags(profile), attacks);
      const dur = faintTurns(top, '5.0');
      const turn: HelplessSeed = { top, mass: Float64Array.of(1), dur };
      const attack: HelplessSeed = { top, mass: Float64Array.from(model.fainted[0]!), dur };
      const label = `${profile.slowDigestion ? 'SD' : 'plain'}, ${attacks} attack(s), limit ${limit}, from ${top}`;
      same(runWalkPair(model, limit, [turn, attack], 1), runWalkPairJs(model, limit, [turn, attack], 1), label);
    }
    expect(mismatches).toEqual([]);
  });

  it('a plain 5.0 hero: awake calls burn 1, fainted ones 1 in 10 (the base charge, Unaware)', () => {
    const plain = defaultProfile('5.0');
    const model = buildCallModel(plain, burnFlags(plain), 3);
    expect(model.awake[0]![0]).toBe(0);
    expect(model.awake[0]![1]).toBeCloseTo(1, 15);
    expect(model.fainted[0]!.length).toBe(2);
    const turn: HelplessSeed = { top: 0, mass: Float64Array.of(1), dur: 10 };
    const attack: HelplessSeed = { top: 0, mass: Float64Array.from(model.fainted[0]!), dur: 10 };
    expect(pairWalkable(model, turn, attack)).toBe(true);
    const [a, b] = runWalkPair(model, -160, [turn, attack], 1);
    expectClose(a, alone(model, -160, turn));
    expectClose(b, alone(model, -160, attack));
  });

  // No attacks: the turn call's first faints from two nutritions (a burn of 0 to 2 reaches 0 or -1),
  // calls burning 0 or 1 (slow digestion, plain) or 0 to 2 (regeneration, an amulet, asleep).
  for (const [name, profile, limit] of [
    ['regeneration + amulet', { ...defaultProfile('5.0'), regeneration: 'intrinsic', amulet: true }, -350],
    ['regeneration + amulet', { ...defaultProfile('5.0'), regeneration: 'intrinsic', amulet: true }, -130],
    ['asleep + amulet', { ...defaultProfile('5.0'), unaware: true, amulet: true }, -280],
    ['slow digestion', SD, -190],
    ['plain', defaultProfile('5.0'), -160],
  ] as const)
    it(`no attacks, ${name}, limit ${limit}: each lane is the walk of its seed alone`, () => {
      const model = buildCallModel(profile, burnFlags(profile), 0);
      const high: HelplessSeed = { top: 0, mass: Float64Array.of(1), dur: faintTurns(0, '5.0') };
      const low: HelplessSeed = { top: -1, mass: Float64Array.of(1), dur: faintTurns(-1, '5.0') };
      expect(pairWalkable(model, high, low)).toBe(true);
      const [a, b] = runWalkPair(model, limit, [high, low], 1);
      expectClose(a, alone(model, limit, high));
      expectClose(b, alone(model, limit, low));
    });

  it('no attacks, seeds deep below 0 (the floor, the danger rows at once), burns of 0 to 2', () => {
    const profile = { ...defaultProfile('5.0'), regeneration: 'intrinsic' as const, amulet: true };
    const model = buildCallModel(profile, burnFlags(profile), 0);
    const deep: HelplessSeed = { top: -125, mass: Float64Array.of(0.25, 0.5, 0.25), dur: faintTurns(-125, '5.0') };
    const high: HelplessSeed = { top: -3, mass: Float64Array.of(1), dur: 10 };
    const [a, b] = runWalkPair(model, -130, [deep, high], 1);
    expectClose(a, alone(model, -130, deep));
    expectClose(b, alone(model, -130, high));
  });

  // A hero already Fainting (nutrition <= 0, awake): the walk from the awake row, both lanes the same.
  for (const [name, profile, attacks, limit, top] of [
    ['slow digestion, 1 attack', SD, 1, -350, -60],
    ['slow digestion, 12 attacks', SD, 12, -280, -200],
    ['plain, 3 attacks', defaultProfile('5.0'), 3, -160, 0],
    ['regeneration + amulet', { ...defaultProfile('5.0'), regeneration: 'intrinsic', amulet: true }, 0, -130, -125],
    ['plain', defaultProfile('5.0'), 0, -350, -1],
  ] as const)
    it(`awake at ${top}, ${name}, limit ${limit}: the walk of runWalk()`, () => {
      const model = buildCallModel(profile, burnFlags(profile), attacks);
      expect(pairModel(model)).toBe(true);
      const start = { top, mass: Float64Array.of(1) };
      const seeds = emptySeeds();
      addSeed(seeds.awake, 1, start);
      const single = runWalk({ model, moves0: 1, limit, seeds, snapshotAt: null, toTheEnd: true });
      expectClose(runAwakeWalk(model, limit, start, 1), single, true);
    });

  it('seeds of different lengths and faint lengths, deep enough for the danger rows at once', () => {
    const model = buildCallModel(SD, burnFlags(SD), 2);
    const deep: HelplessSeed = { top: -120, mass: Float64Array.of(0.25, 0.5, 0.25), dur: 22 };
    const high: HelplessSeed = { top: -3, mass: Float64Array.of(1), dur: 10 };
    const [a, b] = runWalkPair(model, -130, [deep, high], 1);
    expectClose(a, alone(model, -130, deep));
    expectClose(b, alone(model, -130, high));
  });

  it('calls that burn 0 or 1 with attacks, 0 to 2 without, the same at every moves', () => {
    const seed: HelplessSeed = { top: 0, mass: Float64Array.of(1), dur: 10 };
    const model = (p: BurnProfile, attacks: number) => buildCallModel(p, burnFlags(p), attacks);
    expect(pairWalkable(model(SD, 0), seed, seed)).toBe(true);
    expect(pairWalkable(model({ ...defaultProfile('5.0'), regeneration: 'intrinsic' }, 2), seed, seed)).toBe(false);
    expect(pairWalkable(model({ ...defaultProfile('5.0'), regeneration: 'intrinsic' }, 0), seed, seed)).toBe(true);
    expect(pairWalkable(model({ ...defaultProfile('5.0'), unaware: true }, 0), seed, seed)).toBe(true);
    const regeneration = { ...defaultProfile('3.6.7'), regeneration: 'intrinsic' as const };
    expect(pairWalkable(model(regeneration, 2), seed, seed)).toBe(false); // every other turn: not the same
  });

  it('one kind of first faint runs in both lanes: the same walk in each, read back from the cache', () => {
    const model = buildCallModel(defaultProfile('5.0'), burnFlags(defaultProfile('5.0')), 0);
    const turn: HelplessSeed = { top: 0, mass: Float64Array.of(1), dur: 10 };
    const [a, b] = runWalkPair(model, -160, [turn, turn], 1);
    expect(b).toEqual(a);
    expectClose(a, alone(model, -160, turn));
    const input = { nutrition: 80, profile: defaultProfile('5.0'), con: 6 };
    clearWalkCache();
    const paired = forecast(input);
    expect(compareForecasts(paired, referenceForecast(input))).toEqual([]);
    expect(forecast(input)).toEqual(paired);
  }, 60_000);

  it('a forecast from the pair equals the reference engine, and reads both walks back from the cache', () => {
    const input = { nutrition: 120, profile: SD, con: 3, attacksPerTurn: 4, after: 700 };
    clearWalkCache();
    const paired = forecast(input);
    expect(compareForecasts(paired, referenceForecast(input))).toEqual([]);
    expect(forecast(input)).toEqual(paired); // both kinds read back from the cache
  }, 60_000);

  it('more forecasts through the pair against the reference engine: attacks, Con, moves, after', () => {
    const inputs = [
      { nutrition: 40, profile: SD, con: 5, attacksPerTurn: 1, moves: 777 },
      { nutrition: 75, profile: SD, con: 3, attacksPerTurn: 12, after: 1500 },
      { nutrition: 9, profile: SD, con: 4, attacksPerTurn: 2, after: 100_000 },
      { nutrition: 200, profile: { ...SD, encumbrance: 'Burdened' as const }, con: 3, attacksPerTurn: 7 },
      { nutrition: 300, profile: defaultProfile('5.0'), con: 12, attacksPerTurn: 12, after: 400 },
      { nutrition: 30, profile: defaultProfile('5.0'), con: 3, attacksPerTurn: 1 },
      // No attacks: two kinds (regeneration + amulet, first faints at 0 and -1) or one (plain: at 0)
      {
        nutrition: 60,
        profile: { ...defaultProfile('5.0'), regeneration: 'intrinsic' as const, amulet: true },
        con: 3,
      },
      {
        nutrition: 400,
        profile: { ...defaultProfile('5.0'), regeneration: 'intrinsic' as const, amulet: true },
        con: 9,
      },
      { nutrition: 150, profile: defaultProfile('5.0'), con: 5, after: 300 },
      // One kind with attacks (an attack's first faint only), in both lanes
      { nutrition: 90, profile: defaultProfile('5.0'), con: 4, attacksPerTurn: 12, moves: 4321 },
    ];
    for (const input of inputs) {
      clearWalkCache();
      expect(compareForecasts(forecast(input), referenceForecast(input)), JSON.stringify(input)).toEqual([]);
    }
  }, 120_000);
});
