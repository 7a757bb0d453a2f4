// Chunks: food.cc can_ingest() gates, _determine_chunk_effect(), _chunk_nutrition(),
// _contamination_ratio(), _eat_chunk(). Hand-worked from the code at each tag.
import { UserError } from '../../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import { crawlChunk } from '../../../src/engine/crawl/index.ts';
import { expectCites } from './helpers.ts';

describe('hunger gate', () => {
  // state < HS_SATIATED + L (0.13 food.cc:2467, 0.14:2282, 0.15:1939).
  it('a Human needs Hungry or worse; Carnivore 1 may eat at Satiated but not at Full', () => {
    const sat = crawlChunk('0.14', { type: 'clean', hunger: 5900 });
    expect(sat.canEat).toBe(false);
    expectCites(sat, '0.14', 'food.cc:2282');
    expect(crawlChunk('0.14', { type: 'clean', hunger: 2500 }).nutrition).toBe(1000);
    expect(crawlChunk('0.14', { type: 'clean', hunger: 5900, carnivore: 1 }).nutrition).toBe(1000);
    expect(crawlChunk('0.14', { type: 'clean', hunger: 7000, carnivore: 1 }).canEat).toBe(false);
    expectCites(crawlChunk('0.13', { type: 'clean', hunger: 6000 }), '0.13', 'food.cc:2467');
    expectCites(crawlChunk('0.15', { type: 'clean', hunger: 5900 }), '0.15', 'food.cc:1939');
  });
  // Mutagenic chunks skip the hunger check from 0.14 (food.cc:2239 / 1903), not in 0.13.
  it('mutagenic chunks skip the gate from 0.14, give no nutrition', () => {
    expect(crawlChunk('0.13', { type: 'mutagenic', hunger: 6000 }).canEat).toBe(false);
    const r = crawlChunk('0.14', { type: 'mutagenic', hunger: 5900 });
    expect(r.canEat).toBe(true);
    expect(r.nutrition).toBe(0);
    expectCites(r, '0.14', 'food.cc:2239');
    expectCites(crawlChunk('0.15', { type: 'mutagenic', hunger: 5900 }), '0.15', 'food.cc:1903');
  });
  it('poison needs known rPois (food.cc:2223); rot-inducing only for ghouls (food.cc:2229)', () => {
    const p = crawlChunk('0.14', { type: 'poisonous', hunger: 2000 });
    expect(p.canEat).toBe(false);
    expectCites(p, '0.14', 'food.cc:2223');
    expect(crawlChunk('0.14', { type: 'poisonous', hunger: 2000, rPois: true }).nutrition).toBe(1000);
    const rot = crawlChunk('0.14', { type: 'rot-inducing', hunger: 2000 });
    expect(rot.canEat).toBe(false);
    expectCites(rot, '0.14', 'food.cc:2229');
    expect(crawlChunk('0.14', { type: 'rot-inducing', species: 'Ghoul', hunger: 2000 }).nutrition).toBe(1000);
  });
  it('rotten needs Saprovore', () => {
    expect(crawlChunk('0.14', { type: 'clean', rotten: true, hunger: 2000 }).canEat).toBe(false);
  });
});

describe('nutrition', () => {
  // Contaminated ratio 500 without saprovore (0.13 food.cc:1833, 0.14:1651); 1000 x 500/1000 (food.cc:1936/1748).
  it('contaminated: 500 plain, 900 Saprovore 1, 967 Kobold (Saprovore 2)', () => {
    const h = crawlChunk('0.14', { type: 'contaminated', hunger: 2000 });
    expect(h.nutrition).toBe(500);
    expectCites(h, '0.14', 'food.cc:1651');
    expectCites(h, '0.14', 'food.cc:1748');
    expect(crawlChunk('0.14', { type: 'contaminated', species: 'Hill Orc', hunger: 2000 }).nutrition).toBe(900);
    const k = crawlChunk('0.13', { type: 'contaminated', species: 'Kobold', hunger: 2000 });
    expect(k.nutrition).toBe(967);
    expectCites(k, '0.13', 'food.cc:1833');
    expectCites(k, '0.13', 'food.cc:1936');
  });
  // Rotten: 200 (Saprovore 1), 66 (Saprovore 2) (food.cc:1659 / 1403).
  it('rotten: 800 Saprovore 1, 934 Saprovore 2, Troll 1000 via innate gourmand', () => {
    expect(crawlChunk('0.14', { type: 'clean', rotten: true, species: 'Ogre', hunger: 2000 }).nutrition).toBe(800);
    const k = crawlChunk('0.14', { type: 'clean', rotten: true, species: 'Kobold', hunger: 2000 });
    expect(k.nutrition).toBe(934);
    expectCites(k, '0.14', 'food.cc:1659');
    // Troll: L = 3, so even Very Full may eat; gourmand charge 2000 zeroes the ratio (food.cc:1675).
    const t = crawlChunk('0.14', { type: 'clean', rotten: true, species: 'Troll', hunger: 9000 });
    expect(t.nutrition).toBe(1000);
    expectCites(t, '0.14', 'food.cc:1675');
    const t15 = crawlChunk('0.15', { type: 'clean', rotten: true, species: 'Troll', hunger: 9000 });
    expect(t15.nutrition).toBe(1000);
    expectCites(t15, '0.15', 'food.cc:1403');
  });
  it('Herbivore levels: 750, 562', () => {
    expect(crawlChunk('0.14', { type: 'clean', species: 'Centaur', hunger: 2000 }).nutrition).toBe(750);
    expect(crawlChunk('0.14', { type: 'clean', herbivore: 2, hunger: 2000 }).nutrition).toBe(562);
  });
  // Amulet of the gourmand at Satiated: 1000 x (G + 100) / 2100 (food.cc:1609 in 0.14): G=0 -> 47, G=2000 -> 1000.
  it('amulet of the gourmand above Hungry scales with its charge', () => {
    const g0 = crawlChunk('0.14', { type: 'clean', hunger: 5900, gourmandAmulet: true, gourmandCharge: 0 });
    expect(g0.nutrition).toBe(47);
    expectCites(g0, '0.14', 'food.cc:1609');
    expect(
      crawlChunk('0.14', { type: 'clean', hunger: 5900, gourmandAmulet: true, gourmandCharge: 2000 }).nutrition,
    ).toBe(1000);
    // Contaminated with G = 1000 while Hungry: ratio 500 x 1000 / 2000 = 250 -> 750.
    expect(
      crawlChunk('0.14', { type: 'contaminated', hunger: 2000, gourmandAmulet: true, gourmandCharge: 1000 }).nutrition,
    ).toBe(750);
  });
  // Ghouls: always 1000 (food.cc:1707 in 0.14); heal chance (ratio + 4000) / 5000 (food.cc:1739).
  it('ghouls: 1000 from anything, heal 80% clean / 100% rotten', () => {
    const clean = crawlChunk('0.14', { type: 'clean', species: 'Ghoul', hunger: 3000, xl: 10 });
    expect(clean.nutrition).toBe(1000);
    expect(clean.ghoul!.healChance).toBe(0.8);
    expect(clean.ghoul!.heal.min).toBe(1);
    expect(clean.ghoul!.heal.max).toBe(15); // 1 + 4 + 10
    expectCites(clean, '0.14', 'food.cc:1707');
    expectCites(clean, '0.14', 'food.cc:1739');
    expect(crawlChunk('0.14', { type: 'clean', rotten: true, species: 'Ghoul', hunger: 3000 }).ghoul!.healChance).toBe(
      1,
    );
    expect(crawlChunk('0.13', { type: 'contaminated', species: 'Ghoul', hunger: 3000 }).ghoul!.healChance).toBe(0.9);
    expectCites(crawlChunk('0.13', { type: 'clean', species: 'Ghoul', hunger: 3000 }), '0.13', 'food.cc:1889');
    // Ghoul cap 6900: eating 1000 at 6500 only gains 400.
    expect(crawlChunk('0.14', { type: 'clean', species: 'Ghoul', hunger: 6500 }).gained).toBe(400);
  });
  it('0.15 has no contaminated chunks', () => {
    expect(() => crawlChunk('0.15', { type: 'contaminated' })).toThrow(UserError);
  });
  it('vampires do not eat chunks', () => {
    expect(crawlChunk('0.14', { type: 'clean', species: 'Vampire', hunger: 2000 }).canEat).toBe(false);
  });
});

describe('religion', () => {
  it('cannibalism -10 piety +10 penance; Zin and high intelligence -10 and 5 penance; TSO holy 4 penance', () => {
    const c = crawlChunk('0.14', { type: 'clean', hunger: 2000, god: 'The Shining One', cannibal: true });
    expect(c.conducts).toMatchObject([{ conduct: 'DID_CANNIBALISM', piety: -10, penance: 10 }]);
    const z = crawlChunk('0.14', { type: 'clean', hunger: 2000, god: 'Zin', intelligence: 'high' });
    expect(z.conducts).toMatchObject([{ conduct: 'DID_EAT_SOULED_BEING', piety: -10, penance: 5 }]);
    expect(
      crawlChunk('0.14', { type: 'clean', hunger: 2000, god: 'Zin', intelligence: 'normal' }).conducts,
    ).toMatchObject([{ piety: -5, penance: 0 }]);
    expect(
      crawlChunk('0.14', { type: 'clean', hunger: 2000, god: 'The Shining One', holy: true }).conducts,
    ).toMatchObject([{ piety: -2, penance: 4 }]);
  });
});
