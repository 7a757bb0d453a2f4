// The pair walk (pairWalk.ts) against itself as it was before whole iterations moved into WebAssembly
// (reference/pairWalk-wasm1.ts): every value of both lanes' results (deaths, faints, turns fainted,
// end, alive at the end, leftover) the same to the last bit (Object.is), on the walks forecasts run:
// 0 to 12 and 64 attacks, Con 3, 18 and 25, a turn's and an attack's first faints, one kind alone
// (both lanes the same), calls burning 0 to 2 with no attacks, seeds deep below 0, heroes awake.
import { describe, expect, it } from 'vitest';
import { faintTurns, type CallModel } from '../../../src/engine/nethack/calls.ts';
import { pairWalkable, runAwakeWalk, runWalkPair } from '../../../src/engine/nethack/pairWalk.ts';
import type { HelplessSeed } from '../../../src/engine/nethack/starvation.ts';
import { runAwakeWalk as referenceAwakeWalk, runWalkPair as referenceWalkPair } from './reference/pairWalk-wasm1.ts';
import { ASLEEP_AMULET, PLAIN, REGENERATION_AMULET, SD } from './walk-compare.ts';
import { type AwakeWalk, awakeDifferences, differences, limitOf, model, seed } from './walk-compare.ts';

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
    const walk: AwakeWalk = (m, limit, start) => runAwakeWalk(m, limit, start, 1);
    const reference: AwakeWalk = (m, limit, start) => referenceAwakeWalk(m, limit, start, 1);
    expect(awakeDifferences(walk, reference)).toEqual([]);
  });
});
