// The pair walk (pairWalk.ts) against itself as it was before whole iterations moved into WebAssembly
// (reference/pairWalk-wasm1.ts): every value of both lanes' results (deaths, faints, turns fainted,
// end, alive at the end, leftover) the same to the last bit (Object.is), on the walks forecasts run:
// 0 to 12 and 64 attacks, Con 3, 18 and 25, a turn's and an attack's first faints, one kind alone
// (both lanes the same), calls burning 0 to 2 with no attacks, seeds deep below 0, heroes awake.
import { describe, expect, it } from 'vitest';
import { burnFlags, defaultProfile, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel, faintTurns, type CallModel } from '../../../src/engine/nethack/calls.ts';
import { pairModel, pairWalkable, runAwakeWalk, runWalkPair } from '../../../src/engine/nethack/pairWalk.ts';
import type { HelplessSeed } from '../../../src/engine/nethack/starvation.ts';
import { starvationLimit } from '../../../src/engine/nethack/status.ts';
import { runAwakeWalk as referenceAwakeWalk, runWalkPair as referenceWalkPair } from './reference/pairWalk-wasm1.ts';

const SD: BurnProfile = { ...defaultProfile('5.0'), slowDigestion: true };
const PLAIN = defaultProfile('5.0');
const REGENERATION_AMULET: BurnProfile = { ...defaultProfile('5.0'), regeneration: 'intrinsic', amulet: true };
const ASLEEP_AMULET: BurnProfile = { ...defaultProfile('5.0'), unaware: true, amulet: true };

/** Every difference between two values (Float64Arrays element by element with Object.is). */
function differences(x: unknown, y: unknown, path: string, out: string[]): void {
  if (x instanceof Float64Array && y instanceof Float64Array) {
    if (x.length !== y.length) out.push(`${path}: length ${x.length} vs ${y.length}`);
    else
      for (let i = 0; i < x.length; i++)
        if (!Object.is(x[i], y[i])) return void out.push(`${path}[${i}]: ${x[i]} vs ${y[i]}`);
  } else if (x && typeof x === 'object' && y && typeof y === 'object') {
    const a = x as Record<string, unknown>;
    const b = y as Record<string, unknown>;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[k], b[k], `${path}.${k}`, out);
  } else if (!Object.is(x, y)) out.push(`${path}: ${x} vs ${y}`);
}

const model = (profile: BurnProfile, attacks: number) => buildCallModel(profile, burnFlags(profile), attacks);
const limitOf = (con: number) => starvationLimit(con, '5.0');
const seed = (top: number, mass: ArrayLike<number>, dur = faintTurns(top, '5.0')): HelplessSeed => ({
  top,
  mass: Float64Array.from(mass),
  dur,
});

/** The two first faints of forecast.ts's pair: a turn call's at `top`, an attack's (after its first call). */
const kinds = (m: CallModel, top: number): [HelplessSeed, HelplessSeed] => [
  seed(top, [1]),
  seed(top, m.attacks > 0 ? m.fainted[0]! : [1], faintTurns(top, '5.0')),
];

function comparePair(label: string, m: CallModel, limit: number, seeds: [HelplessSeed, HelplessSeed], out: string[]) {
  expect(pairWalkable(m, seeds[0], seeds[1])).toBe(true);
  differences(runWalkPair(m, limit, seeds, 1), referenceWalkPair(m, limit, seeds, 1), label, out);
}

describe('the pair walk equals its b53e7db version to the last bit', () => {
  it('slow digestion, 0 to 12 attacks, Con 3: both kinds of first faint, and each alone', () => {
    const out: string[] = [];
    for (let attacks = 0; attacks <= 12; attacks++) {
      const m = model(SD, attacks);
      const [turn, attack] = attacks > 0 ? kinds(m, 0) : [seed(0, [1]), seed(-1, [1])];
      comparePair(`${attacks} attacks, pair`, m, limitOf(3), [turn, attack], out);
      comparePair(`${attacks} attacks, turn alone`, m, limitOf(3), [turn, turn], out);
      comparePair(`${attacks} attacks, attack alone`, m, limitOf(3), [attack, attack], out);
    }
    expect(out).toEqual([]);
  });

  for (const con of [18, 25])
    it(`slow digestion, Con ${con}: 1, 2, 5 and 12 attacks and none`, () => {
      const out: string[] = [];
      for (const attacks of [0, 1, 2, 5, 12]) {
        const m = model(SD, attacks);
        const seeds: [HelplessSeed, HelplessSeed] = attacks > 0 ? kinds(m, 0) : [seed(0, [1]), seed(-1, [1])];
        comparePair(`${attacks} attacks, Con ${con}`, m, limitOf(con), seeds, out);
      }
      expect(out).toEqual([]);
    });

  it('64 attacks (the most the pair walk takes), plain and slow digestion, Con 3 and 18', () => {
    const out: string[] = [];
    for (const [name, profile] of [
      ['plain', PLAIN],
      ['slow digestion', SD],
    ] as const)
      for (const con of [3, 18]) {
        const m = model(profile, 64);
        comparePair(`${name}, 64 attacks, Con ${con}`, m, limitOf(con), kinds(m, 0), out);
      }
    expect(out).toEqual([]);
  });

  it('a plain hero (awake calls burn 1), 1, 3 and 12 attacks, Con 3, 18 and 25', () => {
    const out: string[] = [];
    for (const attacks of [1, 3, 12])
      for (const con of [3, 18, 25]) {
        const m = model(PLAIN, attacks);
        comparePair(`plain, ${attacks} attacks, Con ${con}`, m, limitOf(con), kinds(m, 0), out);
      }
    expect(out).toEqual([]);
  });

  it('no attacks, calls burning 0 to 2 (regeneration + amulet, asleep + amulet), Con 3, 18 and 25', () => {
    const out: string[] = [];
    for (const [name, profile] of [
      ['regeneration + amulet', REGENERATION_AMULET],
      ['asleep + amulet', ASLEEP_AMULET],
    ] as const)
      for (const con of [3, 18, 25]) {
        const m = model(profile, 0);
        comparePair(`${name}, Con ${con}`, m, limitOf(con), [seed(0, [1]), seed(-1, [1])], out);
        comparePair(`${name}, Con ${con}, alone`, m, limitOf(con), [seed(-1, [1]), seed(-1, [1])], out);
      }
    expect(out).toEqual([]);
  });

  it('seeds deep below 0 and near the limit (danger rows at once, the floor), spread masses', () => {
    const out: string[] = [];
    for (const attacks of [0, 1, 2, 12]) {
      const m = model(SD, attacks);
      const limit = limitOf(3);
      comparePair(`${attacks} attacks, deep`, m, limit, [seed(-120, [0.25, 0.5, 0.25], 22), seed(-3, [1], 10)], out);
      comparePair(
        `${attacks} attacks, at the limit`,
        m,
        limit,
        [seed(limit + 2, [0.5, 0.5]), seed(limit - 20, [1])],
        out,
      );
    }
    const m = model(REGENERATION_AMULET, 0);
    comparePair('regeneration + amulet, deep', m, -130, [seed(-125, [0.25, 0.5, 0.25]), seed(-3, [1], 10)], out);
    expect(out).toEqual([]);
  });

  it('heroes awake (already Fainting): the walk in both lanes', () => {
    const out: string[] = [];
    for (const [name, profile, attacks, con, top] of [
      ['slow digestion, 1 attack', SD, 1, 25, -60],
      ['slow digestion, 12 attacks', SD, 12, 18, -200],
      ['slow digestion, 12 attacks', SD, 12, 25, 0],
      ['plain, 3 attacks', PLAIN, 3, 3, 0],
      ['regeneration + amulet', REGENERATION_AMULET, 0, 3, -125],
      ['plain, no attacks', PLAIN, 0, 25, -1],
    ] as const) {
      const m = model(profile, attacks);
      expect(pairModel(m)).toBe(true);
      const start = { top, mass: Float64Array.of(0.5, 0.3, 0.2) };
      const limit = limitOf(con);
      differences(runAwakeWalk(m, limit, start, 1), referenceAwakeWalk(m, limit, start, 1), name, out);
    }
    expect(out).toEqual([]);
  });
});
