// Any object for pets (point 11.2): src/dog.c dogfood() classifies every object. For a pet that
// neither hates silver nor eats metal or organics, every non-food object of objects.c is
// ROCK_CLASS -> UNDEF (3.6.7 dog.c:834), amulet of strangulation / ring of slow digestion -> TABU
// (837), invocation items through obj_resists() (744, always), else uncursed -> APPORT (850),
// cursed or ball/chain -> UNDEF (856).
import { describe, expect, it } from 'vitest';
import { tablesFor } from '../../../../src/engine/nethack/data.ts';
import { dogFood, objectDisplayName, petItemByName, petTraining } from '../../../../src/engine/nethack/pets/index.ts';
import type { NethackVersion } from '../../../../src/engine/cite.ts';

const INVOCATION = new Set(['Candelabrum of Invocation', 'Bell of Opening', 'Book of the Dead', 'Amulet of Yendor']);

function expected(o: { name: string; class: string; otyp: string | null }, cursed: boolean): string {
  if (INVOCATION.has(o.name)) return cursed ? 'TABU' : 'APPORT';
  if (o.class === 'ROCK_CLASS') return 'UNDEF';
  if (o.otyp === 'AMULET_OF_STRANGULATION' || o.otyp === 'RIN_SLOW_DIGESTION') return 'TABU';
  if (cursed || o.class === 'BALL_CLASS' || o.class === 'CHAIN_CLASS') return 'UNDEF';
  return 'APPORT';
}

describe('every object of every version is a pet item with a dogfood() category', () => {
  for (const v of ['3.6.7', '3.4.3', '5.0'] as NethackVersion[]) {
    it(`${v}: a little dog's category for each non-food object, uncursed and cursed`, () => {
      const dog = tablesFor(v).monsterByPm('PM_LITTLE_DOG')!;
      const objs = tablesFor(v).objects.filter((o) => o.class !== 'FOOD_CLASS');
      expect(objs.length).toBeGreaterThan(380);
      for (const o of objs) {
        const item = petItemByName(objectDisplayName(o), v);
        expect(item, o.name).toBeDefined();
        for (const cursed of [false, true]) {
          const r = dogFood({ version: v, pet: dog, item: item!, cursed });
          expect(r.category, `${o.name} cursed=${cursed}`).toBe(expected(o, cursed));
        }
      }
    });
  }

  it('acceptance: "potion of water" for a little dog is APPORT (fetch training); cursed it is UNDEF', () => {
    const dog = tablesFor('3.6.7').monsterByPm('PM_LITTLE_DOG')!;
    const water = petItemByName('potion of water')!;
    const r = dogFood({ pet: dog, item: water });
    expect(r).toMatchObject({ category: 'APPORT', branch: { id: 'apportable' } });
    expect(r.branch.citation.line).toBe(850);
    expect(petTraining('APPORT').fetched).toBe(true);
    expect(dogFood({ pet: dog, item: water, cursed: true }).category).toBe('UNDEF');
    expect(petTraining('UNDEF', { cursed: true }).fetched).toBe(false);
  });

  it('shuffled wands: a silver-hating pet finds a wand TABU exactly as often as its appearance is silver (dog.c:840, o_init.c shuffle())', () => {
    const pet = tablesFor('3.6.7').monsterByPm('PM_VAMPIRE')!;
    const wands = tablesFor('3.6.7').objects.filter((o) => o.class === 'WAND_CLASS' && o.shuffled);
    const silver = wands.filter((o) => o.material === 'SILVER').length / wands.length;
    expect(silver).toBeGreaterThan(0);
    const r = dogFood({ pet, item: petItemByName('wand of striking')! });
    expect(r.outcomes.find((x) => x.category === 'TABU')?.probability ?? 0).toBeCloseTo(silver, 9);
  });

  it('a rust monster treats iron shoes as DOGFOOD (dog.c:844-847), a gelatinous cube accepts a leather cloak (842)', () => {
    const rust = tablesFor('3.6.7').monsterByPm('PM_RUST_MONSTER')!;
    expect(dogFood({ pet: rust, item: petItemByName('iron shoes')! }).category).toBe('DOGFOOD');
    const cube = tablesFor('3.6.7').monsterByPm('PM_GELATINOUS_CUBE')!;
    expect(dogFood({ pet: cube, item: petItemByName('leather cloak')! }).category).toBe('ACCFOOD');
  });

  it('5.0-only objects are 5.0 pet items (amulet of flying), absent from 3.6.7', () => {
    expect(petItemByName('amulet of flying', '5.0')).toBeDefined();
    expect(petItemByName('amulet of flying', '3.6.7')).toBeUndefined();
  });
});
