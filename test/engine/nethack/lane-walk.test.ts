// The lane walk (pairWalk.ts with laneKernels.ts: one walk, two cells a vector) against the pair walk
// running the same walk in both lanes: every value of the result (deaths, faints, turns fainted, end,
// alive at the end, leftover) the same to the last bit (Object.is), on the walks forecasts run: 0 to
// 12 and 64 attacks, Con 3, 18 and 25, a turn's and an attack's first faint, calls burning 0 to 2
// with no attacks, seeds deep below 0 and at the limit, heroes awake (already Fainting).
import { describe, expect, it } from 'vitest';
import type { BurnProfile } from '../../../src/engine/nethack/index.ts';
import type { CallModel } from '../../../src/engine/nethack/calls.ts';
import { runAwakeWalk, runLaneWalk, runWalkPair } from '../../../src/engine/nethack/pairWalk.ts';
import type { HelplessSeed, WalkResult } from '../../../src/engine/nethack/starvation.ts';
import { ASLEEP_AMULET, PLAIN, REGENERATION_AMULET, SD } from './walk-compare.ts';
import { type AwakeWalk, awakeDifferences, differences, limitOf, model, seed } from './walk-compare.ts';

/** The lane walk of one seed against either lane of the pair walk of that seed twice. */
function compareSeed(label: string, m: CallModel, limit: number, one: HelplessSeed, out: string[]): WalkResult {
  const lane = runLaneWalk(m, limit, one, 1);
  const [a, b] = runWalkPair(m, limit, [one, one], 1);
  differences(a, b, `${label}, pair lanes`, out);
  differences(lane, a, label, out);
  return lane;
}

describe('the lane walk equals the pair walk of the same walk, to the last bit', () => {
  it('slow digestion, 0 to 12 attacks, Con 3: a turn call’s first faint and an attack’s', () => {
    const out: string[] = [];
    for (let attacks = 0; attacks <= 12; attacks++) {
      const m = model(SD, attacks);
      compareSeed(`${attacks} attacks, turn`, m, limitOf(3), seed(0, [1]), out);
      if (attacks > 0) compareSeed(`${attacks} attacks, attack`, m, limitOf(3), seed(0, m.fainted[0]!), out);
    }
    expect(out).toEqual([]);
  });

  it('the slowest walks of the forecast sweep: slow digestion with 1 and 12 attacks at Con 18 and 25', () => {
    const out: string[] = [];
    for (const attacks of [1, 12])
      for (const con of [18, 25]) {
        const m = model(SD, attacks);
        const r = compareSeed(`${attacks} attacks, Con ${con}`, m, limitOf(con), seed(0, m.fainted[0]!), out);
        expect(r.endIteration).toBeGreaterThan(5000); // the long walks, not a shortcut
      }
    expect(out).toEqual([]);
  });

  it('other profiles: plain, 64 attacks, calls burning 0 to 2, asleep, seeds deep and at the limit', () => {
    const out: string[] = [];
    const cases: [string, BurnProfile, number, number, HelplessSeed][] = [
      ['plain, 3 attacks', PLAIN, 3, 18, seed(0, [1])],
      ['plain, 64 attacks', PLAIN, 64, 3, seed(-1, [1])],
      ['plain, no attacks', PLAIN, 0, 25, seed(0, [1])],
      ['regeneration + amulet', REGENERATION_AMULET, 0, 3, seed(-125, [0.25, 0.5, 0.25])],
      ['asleep + amulet', ASLEEP_AMULET, 0, 18, seed(0, [1])],
      ['slow digestion, 2 attacks, at the limit', SD, 2, 3, seed(limitOf(3) + 2, [0.5, 0.5])],
      ['slow digestion, 5 attacks, below the limit', SD, 5, 3, seed(limitOf(3) - 20, [1])],
    ];
    for (const [name, profile, attacks, con, one] of cases)
      compareSeed(name, model(profile, attacks), limitOf(con), one, out);
    expect(out).toEqual([]);
  });

  it('heroes awake (already Fainting)', () => {
    const lane: AwakeWalk = (m, limit, start) => runAwakeWalk(m, limit, start, 1, 'lane');
    const pair: AwakeWalk = (m, limit, start) => runAwakeWalk(m, limit, start, 1, 'pair');
    expect(awakeDifferences(lane, pair)).toEqual([]);
  });
});
