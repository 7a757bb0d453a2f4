// Hunger rate: player.cc player_hunger_rate() in each version's order, and the per-action
// food of _player_reacts() (div_rand_round(rate x time, 10), walking capped at 10 aut).
// Every expected value is worked by hand from the code at the tag.
import { UserError } from '../../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import { crawlRate } from '../../../src/engine/crawl/index.ts';
import { expectCites } from './helpers.ts';

const rate = (v: '0.13' | '0.14' | '0.15', input: Parameters<typeof crawlRate>[1]) => crawlRate(v, input);

describe('species base rates', () => {
  // 3 + Troll 3 (player.cc:1349 / 1387 / 1450) + Fast Metabolism 3 (player.cc:1401 / 1439 / 1502).
  it('Troll is 9 in every version', () => {
    for (const [v, troll, metab] of [
      ['0.13', 1349, 1401],
      ['0.14', 1387, 1439],
      ['0.15', 1450, 1502],
    ] as const) {
      const r = rate(v, { species: 'Troll' });
      expect(r.rate.expected).toBe(9);
      expectCites(r, v, `player.cc:${troll}`);
      expectCites(r, v, `player.cc:${metab}`);
    }
  });
  it('Centaur 4 (Fast 1) until 0.15, then 3; Gargoyle 2 only in 0.13; Felid 2; Spriggan 1', () => {
    expect(rate('0.13', { species: 'Centaur' }).rate.expected).toBe(4);
    expect(rate('0.14', { species: 'Centaur' }).rate.expected).toBe(4);
    expect(rate('0.15', { species: 'Centaur' }).rate.expected).toBe(3);
    expect(rate('0.13', { species: 'Gargoyle' }).rate.expected).toBe(2);
    expect(rate('0.14', { species: 'Gargoyle' }).rate.expected).toBe(3);
    for (const v of ['0.13', '0.14', '0.15'] as const) {
      expect(rate(v, { species: 'Felid' }).rate.expected).toBe(2);
      expect(rate(v, { species: 'Spriggan' }).rate.expected).toBe(1);
    }
  });
  // 0.13 ng-setup.cc:282 Centaur MUT_FAST_METABOLISM 1; gone from 0.15's give_basic_mutations().
  it('cites the species line in ng-setup.cc', () => {
    expectCites(rate('0.13', { species: 'Centaur' }), '0.13', 'ng-setup.cc:282');
    expectCites(rate('0.14', { species: 'Troll' }), '0.14', 'ng-setup.cc:296');
  });
});

describe('ring of sustenance and Cheibriados', () => {
  // Troll + 1 sustenance: trunc(9 x 3 / 5) = 5 (0.13 player.cc:1433, 0.14:1468).
  it('Troll with a ring of sustenance burns 5 (player.cc:1433 / 1468)', () => {
    const r13 = rate('0.13', { species: 'Troll', sustenanceRings: 1 });
    const r14 = rate('0.14', { species: 'Troll', sustenanceRings: 1 });
    expect(r13.rate.expected).toBe(5);
    expect(r14.rate.expected).toBe(5);
    expect(r14.terms.map((t) => t.after.min)).toEqual([3, 6, 9, 5]);
    expectCites(r13, '0.13', 'player.cc:1433');
    expectCites(r14, '0.14', 'player.cc:1468');
  });
  it('two rings: 9 -> 5 -> 3', () => {
    expect(rate('0.14', { species: 'Troll', sustenanceRings: 2 }).rate.expected).toBe(3);
  });
  it('0.15 has no rings of sustenance', () => {
    expect(() => rate('0.15', { species: 'Troll', sustenanceRings: 1 })).toThrow(UserError);
  });
  // 0.13: Chei -1 early (player.cc:1357): (3+3-1+3)=8 -> trunc(24/5)=4. 0.14: 9 -> 5 -> trunc(15/4)=3 (player.cc:1473).
  it('Cheibriados: -1 early in 0.13, x3/4 last from 0.14 (player.cc:1357 / 1473 / 1523)', () => {
    const r13 = rate('0.13', { species: 'Troll', sustenanceRings: 1, cheibriados: true });
    const r14 = rate('0.14', { species: 'Troll', sustenanceRings: 1, cheibriados: true });
    expect(r13.rate.expected).toBe(4);
    expect(r14.rate.expected).toBe(3);
    expectCites(r13, '0.13', 'player.cc:1357');
    expectCites(r14, '0.14', 'player.cc:1473');
    const r15 = rate('0.15', { species: 'Human', cheibriados: true });
    expect(r15.rate.expected).toBe(2); // trunc(9/4)
    expectCites(r15, '0.15', 'player.cc:1523');
  });
  // Spriggan + Chei in 0.13: 3 - 1 - 2 = 0, raised to the minimum 1 (player.cc:1437).
  it('minimum 1 (player.cc:1437 / 1475)', () => {
    const r = rate('0.13', { species: 'Spriggan', cheibriados: true });
    expect(r.rate.expected).toBe(1);
    expect(r.terms.at(-1)!.id).toBe('minimum');
    expectCites(r, '0.13', 'player.cc:1437');
  });
});

describe('statuses and equipment', () => {
  // haste_mul(5) = div_rand_round(15, 2): 7 or 8 with equal odds (player.cc:1408 in 0.14).
  it('haste adds 7 or 8 (player.cc:1370 / 1408 / 1471)', () => {
    const r = rate('0.14', { species: 'Human', hasted: true });
    expect(r.rate.outcomes).toEqual([
      { value: 10, probability: 0.5 },
      { value: 11, probability: 0.5 },
    ]);
    expect(r.rate.expected).toBe(10.5);
    expectCites(r, '0.14', 'player.cc:1408');
    expectCites(rate('0.13', { hasted: true }), '0.13', 'player.cc:1370');
    expectCites(rate('0.15', { hasted: true }), '0.15', 'player.cc:1471');
  });
  // Ring of regeneration: +3 only when HP < max and Slow Healing < 3 (player.cc:1451 in 0.14).
  it('rings of regeneration +3 when injured, nothing for Deep Dwarves (player.cc:1416 / 1451 / 1510)', () => {
    expect(rate('0.14', { regenerationRings: 1 }).rate.expected).toBe(3);
    const r = rate('0.14', { regenerationRings: 1, injured: true });
    expect(r.rate.expected).toBe(6);
    expectCites(r, '0.14', 'player.cc:1451');
    expect(rate('0.14', { species: 'Deep Dwarf', regenerationRings: 2, injured: true }).rate.expected).toBe(3);
    expectCites(rate('0.13', { regenerationRings: 1, injured: true }), '0.13', 'player.cc:1416');
    expectCites(rate('0.15', { regenerationRings: 1, injured: true }), '0.15', 'player.cc:1510');
  });
  it('troll leather: coin flip +1 or +2 when injured, not for Trolls (player.cc:1458)', () => {
    const r = rate('0.14', { trollLeather: true, injured: true });
    expect(r.rate.outcomes.map((o) => o.value)).toEqual([4, 5]);
    expectCites(r, '0.14', 'player.cc:1458');
    expect(rate('0.14', { species: 'Troll', trollLeather: true, injured: true }).rate.expected).toBe(9);
  });
  // Burden: enum value added (player.cc:1407 / 1445); gone in 0.15.
  it('burden adds 2 or 5 in 0.13/0.14 (player.cc:1445)', () => {
    const r = rate('0.14', { burden: 'overloaded' });
    expect(r.rate.expected).toBe(8);
    expectCites(r, '0.14', 'player.cc:1445');
    expect(rate('0.13', { burden: 'burdened' }).rate.expected).toBe(5);
    expect(() => rate('0.15', { burden: 'burdened' })).toThrow(UserError);
  });
  it('rings of hunger +4 each (0.13/0.14)', () => {
    expect(rate('0.13', { hungerRings: 2 }).rate.expected).toBe(11);
  });
  it("regeneration spell +4 only when injured; Trog's Hand too", () => {
    expect(rate('0.14', { regeneration: true }).rate.expected).toBe(3);
    expect(rate('0.14', { regeneration: true, injured: true }).rate.expected).toBe(7);
    expect(rate('0.14', { trogsHand: true, injured: true }).rate.expected).toBe(7);
  });
  // 0.13 magical suppression skips rings and artefacts entirely.
  it('0.13 magical suppression hides item hunger', () => {
    expect(rate('0.13', { hungerRings: 1, suppressed: true }).rate.expected).toBe(3);
  });
});

describe('vampires and forms', () => {
  // player.cc:1413 (0.14): Starving/Near -3, Very Hungry -2, Hungry -1, Full +1, Very Full +2, Engorged +3.
  it('vampire rate follows thirst (player.cc:1375 / 1413 / 1476)', () => {
    expect(rate('0.14', { species: 'Vampire', hunger: 1000 }).rate.expected).toBe(1); // 3-3=0 -> 1
    expect(rate('0.14', { species: 'Vampire', hunger: 2000 }).rate.expected).toBe(2); // Thirsty
    expect(rate('0.14', { species: 'Vampire', hunger: 5900 }).rate.expected).toBe(3);
    expect(rate('0.14', { species: 'Vampire', hunger: 10000 }).rate.expected).toBe(5); // Very Full
    expect(rate('0.14', { species: 'Vampire', hunger: 11000 }).rate.expected).toBe(6); // Alive
    expectCites(rate('0.13', { species: 'Vampire' }), '0.13', 'player.cc:1375');
    expectCites(rate('0.15', { species: 'Vampire' }), '0.15', 'player.cc:1476');
  });
  it('bat form is 1, whatever else', () => {
    expect(rate('0.14', { species: 'Vampire', hunger: 3000, form: 'bat', hasted: true }).rate.expected).toBe(1);
  });
  it('mummies and lich form have no hunger; tree form too in 0.13/0.14 but not 0.15', () => {
    expect(rate('0.14', { species: 'Mummy' }).foodless).toBe(true);
    expect(rate('0.14', { form: 'lich' }).foodless).toBe(true);
    expect(rate('0.14', { form: 'tree' }).foodless).toBe(true);
    expect(rate('0.15', { form: 'tree' }).foodless).toBe(false);
  });
});

describe('food per action', () => {
  // _player_reacts(): div_rand_round(rate x time, 10) (0.13 main.cc:3299, 0.14 main.cc:3372, 0.15 player-reacts.cc:1271).
  it('rate 3, 15-aut action: 4 or 5, mean 4.5', () => {
    const r = rate('0.14', { aut: 15 });
    expect(r.perAction.food.outcomes).toEqual([
      { value: 4, probability: 0.5 },
      { value: 5, probability: 0.5 },
    ]);
    expectCites(r, '0.14', 'main.cc:3372');
    expectCites(rate('0.13', { aut: 15 }), '0.13', 'main.cc:3299');
    expectCites(rate('0.15', { aut: 15 }), '0.15', 'player-reacts.cc:1271');
  });
  // Walking moves cap the time at BASELINE_DELAY (main.cc:3368 in 0.14).
  it('walking caps the time at 10 aut (main.cc:3295 / 3368 / player-reacts.cc:1267)', () => {
    const r = rate('0.14', { aut: 15, walking: true });
    expect(r.perAction.cappedAut).toBe(10);
    expect(r.perAction.food.outcomes).toEqual([{ value: 3, probability: 1 }]);
    expectCites(r, '0.14', 'main.cc:3368');
    expectCites(rate('0.13', { aut: 15, walking: true }), '0.13', 'main.cc:3295');
    expectCites(rate('0.15', { aut: 15, walking: true }), '0.15', 'player-reacts.cc:1267');
  });
  it('rate 3, 7-aut action: 2 (90%) or 3 (10%)', () => {
    const r = rate('0.14', { aut: 7 });
    expect(r.perAction.food.outcomes).toEqual([
      { value: 2, probability: 0.9 },
      { value: 3, probability: 0.1 },
    ]);
    expect(r.perAction.food.expected).toBe(2.1);
  });
  it('haste mixes with rounding: rate 10|11 at 7 aut', () => {
    // 70/10 = 7 exactly; 77/10 = 7 (30%) or 8 (70%) -> 7: 0.5 + 0.15, 8: 0.35.
    const r = rate('0.14', { hasted: true, aut: 7 });
    expect(r.perAction.food.outcomes).toEqual([
      { value: 7, probability: 0.65 },
      { value: 8, probability: 0.35 },
    ]);
  });
});

describe('hero validation', () => {
  it('innate mutations cannot be removed, nor regeneration species slow down', () => {
    expect(() => rate('0.14', { species: 'Troll', metabolism: -1 })).toThrow(/innate/);
    expect(() => rate('0.14', { species: 'Vine Stalker', metabolism: -1 })).toThrow(/regeneration/);
    expect(rate('0.14', { species: 'Human', metabolism: 2 }).rate.expected).toBe(5);
    expect(rate('0.14', { species: 'Human', metabolism: -2 }).rate.expected).toBe(1);
  });
  it('only Octopodes wear more than two rings', () => {
    expect(() => rate('0.14', { sustenanceRings: 3 })).toThrow(UserError);
    expect(rate('0.14', { species: 'Octopode', sustenanceRings: 3 }).rate.expected).toBe(1); // 3->1->0->0, min 1
  });
});
