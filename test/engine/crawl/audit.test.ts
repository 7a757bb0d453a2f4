// Divergences found by re-deriving results from the C++ at 0.13.2 / 0.14.2 / 0.15.2 and
// comparing with the engine. Each case failed before its fix.
import { describe, expect, it } from 'vitest';
import {
  crawlChunk,
  crawlFood,
  crawlRate,
  crawlSpell,
  crawlStatusFor,
  crawlForecast,
} from '../../../src/engine/crawl/index.ts';
import { expectCites } from './helpers.ts';

describe('player_hunger_rate(): random term on both sides of the minimum', () => {
  // 0.14 player.cc:1380-1478. Halfling (Slow 1) 3-1 = 2; troll leather coinflip +1/+2 (player.cc:1448-1456)
  // -> 3 or 4; artefact -2 -> 1 or 2; Cheibriados x3/4 -> 0 or 1; "if (hunger < 1) hunger = 1" (player.cc:1475).
  // Only one roll needs the minimum step, which used to crash the term table.
  it('Halfling, injured, troll leather, -2 artefact, Cheibriados: rate 1 either way (0.14 player.cc:1475)', () => {
    const r = crawlRate('0.14', {
      species: 'Halfling',
      injured: true,
      trollLeather: true,
      artefactMetabolism: -2,
      cheibriados: true,
    });
    expect(r.rate.outcomes).toEqual([{ value: 1, probability: 1 }]);
    expect(r.terms.at(-1)!.id).toBe('minimum');
    expectCites(r, '0.14', 'player.cc:1475');
  });
  it('0.13 Spriggan, sustenance, Cheibriados, troll leather does not crash', () => {
    // 3 - 1 (Chei, player.cc:1357) - 2 (Slow 2) + 1|2 leather = 1|2, x3/5 -> 0|1, minimum 1.
    const r = crawlRate('0.13', {
      species: 'Spriggan',
      hunger: 7000,
      injured: true,
      cheibriados: true,
      sustenanceRings: 1,
      trollLeather: true,
    });
    expect(r.rate.expected).toBe(1);
  });
});

describe('vampire Slow Healing follows thirst in 0.13/0.14 (mutation.cc mutation_activity_level(), player.cc _mut_level())', () => {
  // 0.14 mutation.cc:215-234: a vampire's non-innate, non-physical mutation is MUTACT_HUNGER at
  // Satiated+ and MUTACT_INACTIVE below; _mut_level() (player.cc:2356-2368) caps MUTACT_HUNGER at
  // 1 (Satiated) / 2 (Full, Very Full), full at Engorged. So Slow Healing 3 only stops the ring
  // of regeneration's +3 (player.cc:1448) when the vampire is Alive.
  const ring = (v: '0.13' | '0.14' | '0.15', hunger: number) =>
    crawlRate(v, { species: 'Vampire', hunger, slowHealing: 3, injured: true, regenerationRings: 1 }).rate.expected;
  it('0.14: ring counts while Satiated (3+0+3) and Full (3+1+3), not when Alive (3+3)', () => {
    expect(ring('0.14', 5000)).toBe(6);
    expect(ring('0.14', 8000)).toBe(7);
    expect(ring('0.14', 11000)).toBe(6);
    expect(ring('0.14', 2000)).toBe(5); // Thirsty: 3 - 1 + 3
    expectCites(
      crawlRate('0.14', { species: 'Vampire', hunger: 5000, slowHealing: 3, injured: true, regenerationRings: 1 }),
      '0.14',
      'mutation.cc:215',
    );
  });
  it('0.13 the same; 0.15 has no thirst suppression (ring never counts with Slow Healing 3)', () => {
    expect(ring('0.13', 5000)).toBe(6);
    expect(ring('0.15', 5000)).toBe(3);
    expect(ring('0.15', 8000)).toBe(4);
  });
});

describe('food_change() holds hunger within you_min_hunger()..you_max_hunger()', () => {
  // 0.14 food.cc:2507-2516: ghouls never above hunger_threshold[HS_SATIATED] = 6900, so a ghoul
  // is never Full and always may eat a chunk (Carnivore 3: state < Satiated + 3).
  it('a Ghoul given 9000 is held at 6900 (Satiated) and can eat a chunk (0.14 food.cc:2514)', () => {
    const r = crawlChunk('0.14', { type: 'clean', species: 'Ghoul', hunger: 9000 });
    expect(r.canEat).toBe(true);
    expect(r.eater.hunger).toBe(6900);
    expect(r.eater.state).toBe('Satiated');
    expectCites(r, '0.14', 'food.cc:2514');
  });
  // 0.13 food.cc:2711: undead minimum 701, so the 0.13 "hunger >= 40" gate (player.cc:1360) is always open.
  it('0.13 Ghoul at 0 counts as 701: invisibility costs +5', () => {
    expect(crawlRate('0.13', { species: 'Ghoul', hunger: 0, invisible: true }).rate.expected).toBe(8);
  });
});

describe('crawlFood chunk: the amulet of the gourmand does not change clean-chunk nutrition when hungry', () => {
  // 0.14 food.cc:1700 likes_chunks = player_likes_chunks(true) ("permanently": amulet ignored);
  // _chunk_nutrition() (food.cc:1613-1619) then cuts 1000 by 75/100 per Herbivore level.
  it('Centaur (Herbivore 1) with the amulet, Very Hungry: 750, Herbivore 2: 562', () => {
    expect(crawlFood('0.14', 'chunk', { species: 'Centaur', gourmandAmulet: true, hunger: 2000 }).nutrition).toBe(750);
    expect(
      crawlFood('0.14', 'chunk', { species: 'Human', herbivore: 2, gourmandAmulet: true, hunger: 2000 }).nutrition,
    ).toBe(562);
    // Agrees with /crawl chunk for the same eater.
    expect(
      crawlChunk('0.14', {
        type: 'clean',
        species: 'Centaur',
        gourmandAmulet: true,
        gourmandCharge: 2000,
        hunger: 2000,
      }).nutrition,
    ).toBe(750);
  });
});

describe('ghoul rot happens at every state', () => {
  // 0.14 main.cc:2903-2921: one_chance_in(resilience) is rolled at every state; only the shift
  // (main.cc:2911-2912) is limited to states below Satiated.
  it('Satiated ghoul: rot rule applies (1 in 400)', () => {
    const rule = crawlStatusFor('0.14', 6000, 'Ghoul').rules.find((x) => x.id === 'rot')!;
    expect(rule.value).toBe(true);
    expect(rule.text).toContain('1 in 400');
  });
});

describe('rods: rod_spell() hunger check (spl-book.cc)', () => {
  // 0.14 spl-book.cc:1378: `food && (starving || hunger <= food) && !you.is_undead` - a zero cost
  // (staff of energy) is never refused, and you_foodless() (tree form) does not exempt.
  it('staff of energy: a Starving caster can still zap a rod (0.14 spl-book.cc:1378)', () => {
    const r = crawlSpell('0.14', { level: 3, int: 10, skill: 0, rodEvocations: 5, staffOfEnergy: true, hunger: 500 });
    expect(r.cost).toBe(0);
    expect(r.canCast).toBe(true);
    expectCites(r, '0.14', 'spl-book.cc:1378');
  });
  it('tree form (foodless in 0.14) is still refused by a rod when hunger <= cost', () => {
    // 160 - 10 x 1 = 150 >= 5 x 3; hunger 100 <= 150.
    const r = crawlSpell('0.14', { level: 3, int: 10, skill: 0, rodEvocations: 1, form: 'tree', hunger: 100 });
    expect(r.cost).toBe(150);
    expect(r.canCast).toBe(false);
    // A spell from memory is not refused in tree form (spl-cast.cc:752 checks !you_foodless()).
    expect(crawlSpell('0.14', { level: 3, int: 10, skill: 0, form: 'tree', hunger: 100 }).canCast).toBe(true);
  });
});

describe('forecast agrees with a step-by-step simulation', () => {
  // 0.14: 3 per turn, div_rand_round(30, 10) = 3 exactly: 2500 -> 1966 needs ceil(534 / 3) = 178 turns.
  it('Human 0.14 from 2500 to Very Hungry: exactly 178 turns', () => {
    const f = crawlForecast('0.14', { value: 2500, hero: { species: 'Human' } });
    const m = f.milestones.find((x) => x.target === 'Very Hungry')!;
    expect(m.actions).toEqual({ expected: 178, min: 178, max: 178 });
  });
});
