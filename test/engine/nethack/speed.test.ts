// Fast heroes (point 11.6): the movement allotment of src/allmain.c moveloop() (3.6.7:137-145,
// 3.4.3:108-115) / u_calc_moveamt() (5.0:125-133), checked against a turn-by-turn replay of
// moveloop's order over every rn2(3) draw: each action costs NORMAL_SPEED; below 12, a turn
// passes (moves++, moveamt added, the once-per-turn gethungry()).
import { describe, expect, it } from 'vitest';
import { planMeal } from '../../../src/engine/nethack/meal.ts';
import { burnOnTurn, defaultProfile, type BurnProfile, type Encumbrance } from '../../../src/engine/nethack/burn.ts';
import { moveamtDistribution, type HeroSpeed } from '../../../src/engine/nethack/speed.ts';
import { tablesFor } from '../../../src/engine/nethack/data.ts';
import type { NethackVersion } from '../../../src/engine/cite.ts';

/** Replay: every path of moveamt draws, from the 'e' action at moves0 with the given first movement. */
function replay(
  v: NethackVersion,
  profile: BurnProfile,
  gains: number[],
  actions: number,
  h0: number,
  moves0: number,
  speed: HeroSpeed,
  mmove = 12,
  first?: [number, number][],
) {
  const dist = moveamtDistribution(v, speed, mmove, profile.encumbrance);
  const finish = new Map<number, number>(); // moves -> p
  let hSum = 0;
  let pFinish = 0;
  let pChoke = 0;
  const canChoke = h0 > 1000;
  const go = (k: number, h: number, movement: number, moves: number, p: number) => {
    if (k < gains.length) {
      if (canChoke && h >= 2000) return void (pChoke += p);
      h += gains[k]!;
      if (canChoke && h >= 2000) return void (pChoke += p);
    }
    if (k === actions - 1) {
      finish.set(moves, (finish.get(moves) ?? 0) + p);
      hSum += h * p;
      pFinish += p;
      return;
    }
    const step = (mv: number, mo: number, hh: number, pp: number) => {
      if (mv >= 12) return go(k + 1, hh, mv, mo, pp);
      for (const [amt, q] of dist) step(mv + amt, mo + 1, hh - burnOnTurn(profile, mo + 1).total, pp * q);
    };
    step(movement - 12, moves, h, p);
  };
  // unencumbered 3.6.7/5.0: the carry is always 0, so the 'e' action starts with this turn's moveamt
  for (const [amt, q] of first ?? dist) go(0, h0, amt, moves0, q);
  return { finish, meanH: hSum / pFinish, pFinish, pChoke };
}

const regen = (v: NethackVersion, enc: Encumbrance = 'Unencumbered'): BurnProfile => ({
  ...defaultProfile(v),
  regeneration: 'intrinsic',
  encumbrance: enc,
});

describe('movement allotment (allmain.c)', () => {
  it('3.6.7:139-144 very fast +12 on rn2(3) != 0, fast +12 on rn2(3) == 0; 3.4.3:110-114 +6 steps', () => {
    expect(moveamtDistribution('3.6.7', 'very fast', 12, 'Unencumbered')).toEqual([
      [12, 1 / 3],
      [24, 2 / 3],
    ]);
    expect(moveamtDistribution('3.6.7', 'fast', 12, 'Unencumbered')).toEqual([
      [12, 2 / 3],
      [24, 1 / 3],
    ]);
    expect(moveamtDistribution('3.4.3', 'very fast', 12, 'Unencumbered')).toEqual([
      [18, 2 / 3],
      [24, 1 / 3],
    ]);
    expect(moveamtDistribution('3.4.3', 'fast', 12, 'Unencumbered')).toEqual([
      [12, 1 / 3],
      [18, 2 / 3],
    ]);
    expect(moveamtDistribution('5.0', 'very fast', 12, 'Unencumbered')).toEqual([
      [12, 1 / 3],
      [24, 2 / 3],
    ]);
  });
  it('3.6.7:152 Burdened cuts a quarter: 24 -> 18, 12 -> 9', () => {
    expect(moveamtDistribution('3.6.7', 'very fast', 12, 'Burdened')).toEqual([
      [9, 1 / 3],
      [18, 2 / 3],
    ]);
  });
});

describe('meals of fast heroes equal a turn-by-turn replay of moveloop()', () => {
  const cases: [NethackVersion, string, number, HeroSpeed][] = [
    ['3.6.7', 'food ration', 1250, 'very fast'],
    ['3.6.7', 'food ration', 1250, 'fast'],
    ['3.6.7', 'food ration', 900, 'very fast'],
    ['3.6.7', 'jackal corpse', 1700, 'very fast'],
    ['3.6.7', 'cram ration', 1500, 'fast'],
    ['5.0', 'lembas wafer', 1400, 'very fast'],
  ];
  for (const [v, food, h0, speed] of cases) {
    it(`${v} ${food} at ${h0}, ${speed}, regenerating (odd-turn burns)`, () => {
      const profile = regen(v);
      const plain = planMeal({ version: v, food, nutrition: h0, moves: 7, profile });
      const gains = plain.table.map((b) => b.gain);
      const r = planMeal({ version: v, food, nutrition: h0, moves: 7, profile, speed });
      // 5.0 burns are random per call: the replay uses the mean, which is exact for the mean nutrition.
      const sim = replay(v, profile, gains, plain.actions, h0, 7, speed);
      expect(r.choke?.probability ?? 0).toBeCloseTo(sim.pChoke, 10);
      if (sim.pFinish > 0) {
        expect(r.finish!.probability).toBeCloseTo(sim.pFinish, 10);
        expect(r.finish!.nutrition).toBeCloseTo(sim.meanH, 8);
        const got = new Map(
          (r.finish!.movesDistribution ?? [{ moves: r.finish!.moves, probability: 1 }]).map((d) => [
            d.moves,
            d.probability,
          ]),
        );
        for (const [m, p] of sim.finish) expect(got.get(m)).toBeCloseTo(p / sim.pFinish, 10);
      }
    });
  }
  it('Burdened (3.6.7:152): 9 movement a turn, so some turns give no action; the replay agrees', () => {
    const profile = { ...regen('3.6.7'), encumbrance: 'Burdened' as const };
    const r = planMeal({
      version: '3.6.7',
      food: 'food ration',
      nutrition: 600,
      moves: 5,
      profile,
      encumbrance: 'Burdened',
    });
    expect(r.speed.moveamt).toEqual([{ amount: 9, probability: 1 }]);
    const plain = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 600, moves: 5, profile });
    expect(plain.finish!.moves).toBe(10); // without the cut: one action a turn
    // first action: carry c in {3, 6, 9} (the (c + 9) mod 12 cycle, given the hero acts) -> 12, 15, 18
    const dist = r.finish!.movesDistribution!;
    expect(dist.reduce((a, d) => a + d.probability, 0)).toBeCloseTo(1, 12);
    expect(r.finish!.moves).toBeGreaterThan(10);
    const sim = replay(
      '3.6.7',
      profile,
      plain.table.map((b) => b.gain),
      plain.actions,
      600,
      5,
      'normal',
      12,
      [
        [12, 1 / 3],
        [15, 1 / 3],
        [18, 1 / 3],
      ],
    );
    expect(r.finish!.nutrition).toBeCloseTo(sim.meanH, 9);
    for (const d of dist) expect(d.probability).toBeCloseTo((sim.finish.get(d.moves) ?? 0) / sim.pFinish, 9);
  });
  it('a very fast hero burns less during a food ration than a normal one (fewer turns pass)', () => {
    const normal = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 500 });
    const fast = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 500, speed: 'very fast' });
    expect(fast.finish!.nutrition).toBeGreaterThan(normal.finish!.nutrition);
    expect(fast.finish!.moves).toBeLessThan(normal.finish!.moves);
    expect(fast.exact).toBe(false);
  });
});

describe('polymorphed forms in meals', () => {
  const form = (name: string) => tablesFor('3.6.7').monsters.find((m) => m.name === name)!;
  it('a xorn (M1_BREATHLESS) always survives choking (eat.c choke(): Breathless)', () => {
    const r = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 1900, form: form('xorn') });
    expect(r.choke!.outcome.surviveChance).toBe(1);
    expect(r.input.breathless).toBe(true);
  });
  it('a speed-6 form (dwarf) gets one action every other turn: the replay agrees', () => {
    const profile = regen('3.6.7');
    const plain = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 800, moves: 3, profile });
    const r = planMeal({
      version: '3.6.7',
      food: 'food ration',
      nutrition: 800,
      moves: 3,
      profile,
      form: form('dwarf'),
    });
    expect(r.speed.mmove).toBe(6);
    // every action after the first needs two turns of 6 movement
    expect(r.finish!.moves).toBe(3 + 2 * (plain.actions - 1));
  });
  it('an inediate form (a gelatinous cube eats, a fog cloud does not) has no base burn during the meal', () => {
    const fog = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 800, form: form('fog cloud') });
    const plain = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 800 });
    expect(fog.finish!.nutrition - plain.finish!.nutrition).toBeGreaterThan(0);
  });
  it('start_tin() (3.6.7 eat.c:1462-1466): a kitten form cannot open a tin; a rust monster bites right in', () => {
    const kitten = planMeal({ version: '3.6.7', food: 'tin of spinach', nutrition: 500, form: form('kitten') });
    expect(kitten.tin!.opening).toEqual([]);
    const rust = planMeal({ version: '3.6.7', food: 'tin of spinach', nutrition: 500, form: form('rust monster') });
    expect(rust.tin!.opening[0]).toMatchObject({ tool: 'metallivore', distribution: [{ turns: 0, probability: 1 }] });
  });
  it('3.6.7 maybe_cannibal() (eat.c:656-660): a human polymorphed into a dwarf eating a dwarf is cannibalism', () => {
    const r = planMeal({ version: '3.6.7', food: 'dwarf corpse', nutrition: 500, form: form('dwarf') });
    expect(r.conduct!.cannibalism).toBe(true);
    expect(
      planMeal({
        version: '3.4.3',
        food: 'dwarf corpse',
        nutrition: 500,
        form: tablesFor('3.4.3').monsters.find((m) => m.name === 'dwarf')!,
      }).conduct!.cannibalism,
    ).toBe(false);
  });
});
