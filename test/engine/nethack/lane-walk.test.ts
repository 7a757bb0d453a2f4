// The lane walk (pairWalk.ts with laneKernels.ts: one walk, two cells a vector) against the pair walk
// running the same walk in both lanes: every value of the result (deaths, faints, turns fainted, end,
// alive at the end, leftover) the same to the last bit (Object.is), on the walks forecasts run: 0 to
// 12 and 64 attacks, Con 3, 18 and 25, a turn's and an attack's first faint, calls burning 0 to 2
// with no attacks, seeds deep below 0 and at the limit, heroes awake (already Fainting).
import { describe, expect, it } from 'vitest';
import { burnFlags, defaultProfile, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel, faintTurns, type CallModel } from '../../../src/engine/nethack/calls.ts';
import { pairModel, runAwakeWalk, runLaneWalk, runWalkPair } from '../../../src/engine/nethack/pairWalk.ts';
import type { HelplessSeed, WalkResult } from '../../../src/engine/nethack/starvation.ts';
import { starvationLimit } from '../../../src/engine/nethack/status.ts';

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
      differences(runAwakeWalk(m, limit, start, 1, 'lane'), runAwakeWalk(m, limit, start, 1, 'pair'), name, out);
    }
    expect(out).toEqual([]);
  });
});
