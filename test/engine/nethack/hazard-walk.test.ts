// The starvation walk below the limit (runHazard), with its entries packed in an EntryLog, against a
// plain turn-by-turn computation of the same rule (src/eat.c newuhs(): below the limit a failed
// faint roll kills; a call's burn is its pmf), for burns of two and three values (the in-place calls).
import { describe, expect, it } from 'vitest';
import { burnFlags, defaultProfile, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel, passChance, phaseOf, type CallModel } from '../../../src/engine/nethack/calls.ts';
import { EntryLog, runHazard, starvationFloor } from '../../../src/engine/nethack/starvation.ts';

const P = (version: '3.6.7' | '5.0', o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});
const modelOf = (profile: BurnProfile) => buildCallModel(profile, burnFlags(profile), 0);

/**
 * Deaths by iteration, stepped plainly: each iteration every hero below the limit makes its call
 * (burn, then the roll), then the heroes entering at that iteration roll (their call burned already).
 * A burn below `floor` stays at it, as the walk keeps it.
 */
function plainDeaths(
  model: CallModel,
  limit: number,
  entries: { t: number; top: number; mass: number[] }[],
  turns: number,
): number[] {
  const floor = starvationFloor(model, Math.min(limit, ...entries.map((e) => e.top - e.mass.length + 1)));
  const alive = new Map<number, number>(); // nutrition -> mass
  const deaths: number[] = [];
  const roll = (h: number, x: number) => {
    const lived = x * passChance(h, model.version);
    alive.set(h, (alive.get(h) ?? 0) + lived);
    return x - lived;
  };
  for (let t = 1; t <= turns; t++) {
    const pmf = model.awake[phaseOf(1 + t)]!;
    const before = [...alive];
    alive.clear();
    let dead = 0;
    for (const [h, x] of before)
      for (let k = 0; k < pmf.length; k++) if (pmf[k]! > 0) dead += roll(Math.max(floor, h - k), x * pmf[k]!);
    for (const e of entries.filter((e) => e.t === t))
      e.mass.forEach((x, k) => {
        dead += roll(e.top - k, x);
      });
    deaths[t] = dead;
  }
  return deaths;
}

describe('the walk below the limit (runHazard) with entries from an EntryLog', () => {
  it('keeps its entries in order of iteration, each a copy of what was added', () => {
    const log = new EntryLog();
    const mass = Float64Array.of(0.25, 0.5);
    log.add(3, -120, mass);
    mass[0] = 9; // the log holds a copy
    log.add(3, -121, Float64Array.of(0.125));
    for (let t = 4; t < 400; t++) log.add(t, -130, Float64Array.of(1 / t, 2 / t, 3 / t)); // grows its arrays
    expect(log.count).toBe(398);
    expect([log.iteration(0), log.top(0), ...log.mass(0)]).toEqual([3, -120, 0.25, 0.5]);
    expect([log.iteration(1), log.top(1), ...log.mass(1)]).toEqual([3, -121, 0.125]);
    expect([log.iteration(397), ...log.mass(397)]).toEqual([399, 1 / 399, 2 / 399, 3 / 399]);
    expect(() => log.add(2, -120, mass)).toThrow(/order of iteration/);
  });

  it('gives the deaths of a plain turn-by-turn computation, for burns of two and three values', () => {
    const cases: [string, BurnProfile, number][] = [
      ['3.6.7 asleep', P('3.6.7', { unaware: true }), 2],
      ['5.0 asleep with an amulet', P('5.0', { unaware: true, amulet: true }), 3],
    ];
    for (const [name, profile, values] of cases) {
      const model = modelOf(profile);
      expect(Math.max(...model.awake.map((p) => p.length)), name).toBe(values);
      const limit = -(100 + 10 * 12);
      const entries = [
        { t: 2, top: limit - 1, mass: [0.5, 0.25] },
        { t: 2, top: limit - 3, mass: [0.125] },
        { t: 7, top: limit - 1, mass: [0.125] },
      ];
      const log = new EntryLog();
      for (const e of entries) log.add(e.t, e.top, Float64Array.from(e.mass));
      const walk = runHazard({ model, moves0: 1, limit, entries: log, start: null, snapshotAt: null, toTheEnd: true });
      const turns = walk.endIteration; // it stops once less than 1e-10 is left alive
      expect(turns).toBeGreaterThan(20);
      const plain = plainDeaths(model, limit, entries, turns);
      for (let t = 1; t <= turns; t++) {
        const got = t - walk.deaths.offset < walk.deaths.p.length ? (walk.deaths.p[t - walk.deaths.offset] ?? 0) : 0;
        expect(Math.abs(got - plain[t]!), `${name}, turn ${t}`).toBeLessThan(1e-15);
      }
      expect(1 - walk.aliveAtEnd).toBeGreaterThan(1 - 1e-9); // everyone who entered died
    }
  });
});
