// The single starvation walk (starvation.ts runWalk()) against the walk as it was before its loops
// were rewritten for speed (reference/starvation-js.ts): the same deaths, faints, end, snapshot and
// leftover to the last bit (Object.is), on walks from every kind of seed, with and without a
// snapshot, 0, 1, 2 and 12 attacks, burn periods 1 and 20, all three versions and several Con.
import { describe, expect, it } from 'vitest';
import type { NethackVersion } from '../../../src/engine/cite.ts';
import { burnFlags, defaultProfile, parseRing, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel, faintTurns, type CallModel } from '../../../src/engine/nethack/calls.ts';
import {
  addSeed,
  emptySeeds,
  runWalk,
  type WalkOptions,
  type WalkResult,
  type WalkSeeds,
} from '../../../src/engine/nethack/starvation.ts';
import { starvationLimit } from '../../../src/engine/nethack/status.ts';
import { runWalk as referenceWalk } from './reference/starvation-js.ts';

const P = (version: NethackVersion, o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});
const SD = parseRing('slow digestion')!;

const HEROES: { name: string; profile: BurnProfile }[] = [
  { name: '3.6.7 plain', profile: P('3.6.7') }, // period 1
  { name: '3.6.7 ring of slow digestion', profile: P('3.6.7', { leftRing: SD }) }, // period 20
  { name: '3.4.3 ring of slow digestion', profile: P('3.4.3', { leftRing: SD }) }, // every burn fixed, period 20
  { name: '3.4.3 plain', profile: P('3.4.3') },
  { name: '5.0 slow digestion', profile: P('5.0', { slowDigestion: true }) }, // random burn, period 1
  { name: '5.0 regeneration + amulet', profile: P('5.0', { regeneration: 'intrinsic', amulet: true }) },
];

const mass = (...xs: number[]) => Float64Array.from(xs);

/** Seeds of each kind the forecasts make, alone and mixed (spread masses, several iterations). */
function seedSets(model: CallModel): { name: string; seeds: WalkSeeds }[] {
  const v = model.version;
  const sets: { name: string; seeds: WalkSeeds }[] = [];
  const add = (name: string, fill: (s: WalkSeeds) => void) => {
    const seeds = emptySeeds();
    fill(seeds);
    sets.push({ name, seeds });
  };
  add('awake at -60', (s) => addSeed(s.awake, 1, { top: -60, mass: mass(1) }));
  add('turn faint at 0', (s) => addSeed(s.turnFaints, 4, { top: 0, mass: mass(1) }));
  if (model.attacks > 0) add('attack faint at 0', (s) => addSeed(s.attackFaints, 3, { top: 0, mass: mass(1) }));
  add('helpless, spread over iterations', (s) => {
    for (let t = 2; t < 40; t += 3)
      addSeed(s.helpless, t, { top: -(t % 7), dur: faintTurns(-(t % 7), v), mass: mass(0.02, 0.01, 0.003) });
    addSeed(s.awake, 5, { top: -20, mass: mass(0.3, 0.1) });
    addSeed(s.turnFaints, 9, { top: -2, mass: mass(0.1) });
    if (model.attacks > 0) addSeed(s.attackFaints, 9, { top: -1, mass: mass(0.05, 0.05) });
  });
  return sets;
}

const SNAPSHOTS: { snapshotAt: number | null; toTheEnd: boolean }[] = [
  { snapshotAt: null, toTheEnd: true },
  { snapshotAt: 50, toTheEnd: false },
  { snapshotAt: 2000, toTheEnd: true },
];

function expectSame(got: WalkResult, want: WalkResult) {
  expect(got.endIteration).toBe(want.endIteration);
  expect(Object.is(got.aliveAtEnd, want.aliveAtEnd)).toBe(true);
  expect(Object.is(got.expectedFaints, want.expectedFaints)).toBe(true);
  expect(Object.is(got.expectedTurnsFainted, want.expectedTurnsFainted)).toBe(true);
  expect(got.deaths.offset).toBe(want.deaths.offset);
  expect([...got.deaths.p]).toEqual([...want.deaths.p]);
  for (const k of ['snapshot', 'leftover'] as const) {
    const a = got[k];
    const b = want[k];
    expect(a === null || a === undefined).toBe(b === null || b === undefined);
    if (!a || !b) continue;
    expect(Object.is(a.dead, b.dead)).toBe(true);
    expect(a.alive.offset).toBe(b.alive.offset);
    expect([...a.alive.p]).toEqual([...b.alive.p]); // toEqual on numbers uses Object.is
  }
}

describe('the single starvation walk against its reference (reference/starvation-js.ts)', () => {
  for (const { name, profile } of HEROES)
    for (const attacks of [0, 1, 2, 12]) {
      const model = buildCallModel(profile, burnFlags(profile), attacks);
      it(`${name}, ${attacks} attacks: the same to the last bit`, () => {
        let n = 0;
        for (const { seeds } of seedSets(model))
          for (const con of [3, 18, 25]) {
            const moves0 = n % 2 === 0 ? 1 : 12_347; // phases differ (period 20)
            const snap = SNAPSHOTS[n++ % SNAPSHOTS.length]!;
            const o: WalkOptions = { model, moves0, limit: starvationLimit(con, profile.version), seeds, ...snap };
            expectSame(runWalk(o), referenceWalk(o));
          }
      });
    }
});

// The iteration kernel (walkIterationKernels.ts) runs every iteration after the last seed whose calls
// burn 0 or 1: the period-20 ring models (each call burns 0, or 1 at one phase of 20) with many
// attacks, in every version, and long walks from awake heroes spread over many bands of faint lengths.
describe('the iteration kernel against the reference: ring models, awake seeds, snapshots', () => {
  const spread = (cells: number) => {
    const m = new Float64Array(cells);
    let sum = 0;
    for (let k = 0; k < cells; k++) sum += m[k] = Math.exp(-(((k - cells / 3) / (cells / 5)) ** 2));
    for (let k = 0; k < cells; k++) m[k]! /= sum;
    return m;
  };
  const RINGS: { name: string; profile: BurnProfile }[] = [
    { name: '3.6.7 ring of slow digestion', profile: P('3.6.7', { leftRing: SD }) },
    { name: '3.4.3 ring of slow digestion', profile: P('3.4.3', { leftRing: SD }) },
    { name: '5.0 ring of slow digestion', profile: P('5.0', { leftRing: SD }) },
  ];
  for (const { name, profile } of RINGS)
    for (const attacks of [1, 12])
      for (const con of [3, 18, 25])
        it(`${name}, ${attacks} attacks, Con ${con}: the same to the last bit`, () => {
          const model = buildCallModel(profile, burnFlags(profile), attacks);
          const limit = starvationLimit(con, profile.version);
          const seeds: { seeds: WalkSeeds; moves0: number; snap: (typeof SNAPSHOTS)[number] }[] = [];
          const wide = emptySeeds();
          addSeed(wide.awake, 1, { top: 0, mass: spread(Math.min(300, -limit)) });
          seeds.push({ seeds: wide, moves0: 3, snap: { snapshotAt: null, toTheEnd: true } });
          const point = emptySeeds();
          addSeed(point.awake, 2, { top: -60, mass: mass(1) });
          seeds.push({ seeds: point, moves0: 12_347, snap: { snapshotAt: 700, toTheEnd: true } });
          const mixed = emptySeeds();
          addSeed(mixed.awake, 1, { top: -5, mass: spread(40) });
          addSeed(mixed.turnFaints, 2, { top: -3, mass: mass(0.05) });
          seeds.push({ seeds: mixed, moves0: 19, snap: { snapshotAt: 60, toTheEnd: false } });
          for (const { seeds: s, moves0, snap } of seeds) {
            const o: WalkOptions = { model, moves0, limit, seeds: s, ...snap };
            expectSame(runWalk(o), referenceWalk(o));
          }
        });
});
