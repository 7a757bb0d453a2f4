// Per-version tables wired into meals, foods and pets (points 11.4, 11.5): each version eats
// from its own monst.c / monsters.h and objects.c / objects.h (scripts/extract-nethack.mjs).
import { describe, expect, it } from 'vitest';
import { foodFor, foodNames } from '../../../src/engine/nethack/foods.ts';
import { planMeal } from '../../../src/engine/nethack/meal.ts';
import { tablesFor } from '../../../src/engine/nethack/data.ts';
import { dogFood, petItemByName, speciesFor } from '../../../src/engine/nethack/pets/index.ts';

describe('globs and pudding corpses (src/mon.c make_corpse(): 3.6.7:426-432, 5.0:716-722)', () => {
  for (const v of ['3.6.7', '5.0'] as const) {
    it(`${v}: "black pudding corpse" answers that puddings leave globs and points to the glob`, () => {
      expect(() => foodFor('black pudding corpse', v)).toThrow(/leaves no corpse.*glob of black pudding/);
      expect(foodFor('glob of black pudding', v)).toMatchObject({
        kind: 'glob',
        nutrition: 20,
        monster: expect.objectContaining({ pm: 'PM_BLACK_PUDDING' }),
      });
    });
  }
  it('3.4.3 src/monst.c:1838: black pudding corpses exist (cwt 900, 250): 3 + (900 >> 6) = 17 bites', () => {
    const f = foodFor('black pudding corpse', '3.4.3');
    expect(f).toMatchObject({ kind: 'corpse', weight: 900, nutrition: 250, delay: 17 });
    expect(planMeal({ version: '3.4.3', food: 'black pudding corpse', nutrition: 500 }).bites).toBe(17);
    expect(() => foodFor('glob of black pudding', '3.4.3')).toThrow(/Globs do not exist/);
  });
  it('every G_NOCORPSE pudding of 3.6.7 points to its own glob; gray ooze, brown pudding, green slime too', () => {
    for (const n of ['gray ooze', 'brown pudding', 'green slime'])
      expect(() => foodFor(`${n} corpse`, '3.6.7')).toThrow(new RegExp(`glob of ${n}`));
  });
});

describe('5.0 eats from its own tables', () => {
  it('include/monsters.h:437 displacer beast corpse (750, 400) exists only in 5.0', () => {
    expect(foodFor('displacer beast corpse', '5.0')).toMatchObject({
      weight: 750,
      nutrition: 400,
      delay: 3 + (750 >> 6),
    });
    expect(() => foodFor('displacer beast corpse', '3.6.7')).toThrow(/exists in 5\.0/);
  });
  it('include/monsters.h:119-123 giant beetle corpse gives 50 in 5.0 and 10 in 3.6.7', () => {
    // 5.0: cwt 200 -> 3 + (200 >> 6) = 6 bites of floor(50 / 6) = 8: 48 (eat.c doeat() nmod)
    const meal = planMeal({ version: '5.0', food: 'giant beetle corpse', nutrition: 100 });
    expect([meal.bites, meal.totalGain]).toEqual([6, 48]);
    expect(foodFor('giant beetle corpse', '5.0').nutrition).toBe(50);
    expect(foodFor('giant beetle corpse', '3.6.7').nutrition).toBe(10);
  });
  it('include/objects.h:1078 eucalyptus leaf gives 1 in 5.0 (30 in 3.6.7); the huge chunk of meat is the enormous meatball', () => {
    expect(foodFor('eucalyptus leaf', '5.0').nutrition).toBe(1);
    expect(foodFor('eucalyptus leaf', '3.6.7').nutrition).toBe(30);
    expect(foodFor('huge chunk of meat', '5.0').name).toBe('enormous meatball');
  });
  it('5.0 NAMS(): "cavewoman corpse" is the cave dweller; 3.6.7 keeps cavewoman', () => {
    expect(foodFor('cavewoman corpse', '5.0').monster!.pm).toBe('PM_CAVE_DWELLER');
    expect(foodFor('cavewoman corpse', '3.6.7').monster!.pm).toBe('PM_CAVEWOMAN');
  });
  it('3.4.3 src/monst.c:3130-3134: Orion is human-sized (1450, 400)', () => {
    expect(foodFor('Orion corpse', '3.4.3')).toMatchObject({ weight: 1450, nutrition: 400 });
    expect(foodFor('Orion corpse', '3.6.7')).toMatchObject({ weight: 2200, nutrition: 700 });
  });
  it('every corpse of every version plans a meal; the names cover all versions', () => {
    const names = foodNames();
    for (const v of ['3.6.7', '3.4.3', '5.0'] as const) {
      const mons = tablesFor(v).allMons.filter(
        (m) => m.leavesCorpse && !m.corpseAs && !m.pm.startsWith('PM_HUMAN_WERE'),
      );
      for (const m of mons) {
        expect(names.some((n) => n.name === `${m.name} corpse`)).toBe(true);
        expect(foodFor(`${m.name} corpse`, v).nutrition).toBe(m.cnutrit);
      }
    }
  });
  it('pets: the displacer beast is a 5.0 pet; a 5.0 kitten finds a genetic engineer corpse poison (poisonous, 5.0 monsters.h)', () => {
    const beast = tablesFor('5.0').monsterByPm('PM_DISPLACER_BEAST')!;
    expect(speciesFor(beast, '5.0')).toBeDefined();
    expect(speciesFor(beast, '3.6.7')).toBeUndefined();
    const kitten = tablesFor('5.0').monsterByPm('PM_KITTEN')!;
    const corpse = petItemByName('genetic engineer corpse', '5.0')!;
    expect(dogFood({ version: '5.0', pet: kitten, item: corpse }).category).toBe('POISON');
    expect(petItemByName('genetic engineer corpse', '3.6.7')).toBeUndefined();
  });
});
