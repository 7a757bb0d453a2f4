// Food conducts against a line-by-line transcription of the C (the oracle below): doeat()
// (3.6.7 src/eat.c:2627-2672, 3.4.3 2007-2045, 5.0 2961-3019), eatcorpse() (1600 / 1246 / 1869),
// consume_tin() / opentin() (1365 and 1406 / 1076 and 1123 / 1603 and 1670), the non-food branch
// (2565-2571 / 1959-1965 / doeat_nonfood() 2766-2785), and include/mondata.h vegan()/vegetarian().
// Every comestible, every corpse, every glob, every tin content and every material is checked.
import { describe, expect, it } from 'vitest';
import { ALL_MONS, FOODS, type MonsterEntry } from '../../../src/engine/nethack/data.ts';
import { foodFor } from '../../../src/engine/nethack/foods.ts';
import { MATERIAL_ORDER } from '../../../src/engine/nethack/pets/items.ts';
import {
  ALL_KEPT,
  FOOD_CONDUCTS,
  conductFoodOfItem,
  conductFoodOfRef,
  mealConducts,
  type ConductFood,
  type ConductState,
} from '../../../src/engine/nethack/conduct.ts';

const VERSIONS = ['3.6.7', '3.4.3', '5.0'] as const;

/** include/mondata.h, re-derived from the monster class (mlet) and name. */
function veganMacro(m: MonsterEntry): boolean {
  const c = m.class;
  return (
    c === 'S_BLOB' ||
    c === 'S_JELLY' ||
    c === 'S_FUNGUS' ||
    c === 'S_VORTEX' ||
    c === 'S_LIGHT' ||
    (c === 'S_ELEMENTAL' && m.pm !== 'PM_STALKER') ||
    (c === 'S_GOLEM' && m.pm !== 'PM_FLESH_GOLEM' && m.pm !== 'PM_LEATHER_GOLEM') ||
    c === 'S_GHOST' // noncorporeal(ptr): mlet == S_GHOST
  );
}
const vegetarianMacro = (m: MonsterEntry) => veganMacro(m) || (m.class === 'S_PUDDING' && m.pm !== 'PM_BLACK_PUDDING');

interface Counters {
  food: number;
  unvegan: number;
  unvegetarian: number;
}

/** The C, transcribed: which u.uconduct counters one meal increments. */
function oracle(food: ConductFood): Counters | 'refused' {
  const u: Counters = { food: 0, unvegan: 0, unvegetarian: 0 };
  if (food.kind === 'tin') {
    if (food.contents === 'empty' || food.contents === null) return u;
    if (food.contents === 'spinach') {
      u.food++;
      return u;
    }
    u.food++;
    if (!food.contents.vegan) u.unvegan++;
    if (!food.contents.vegetarian) u.unvegetarian++;
    return u;
  }
  if (food.kind === 'object') {
    if (food.name === 'ring of slow digestion') return 'refused';
    const material = food.material;
    if (material === 'LEATHER' || material === 'BONE' || material === 'DRAGON_HIDE') {
      u.unvegan++;
      u.unvegetarian++;
    } else if (material === 'WAX') u.unvegan++;
    u.food++;
    return u;
  }
  u.food++; // "KMH, conduct"
  if (food.kind !== 'item') {
    // corpse or glob: eatcorpse()
    if (!food.monster.vegan) u.unvegan++;
    if (!food.monster.vegetarian) u.unvegetarian++;
    return u;
  }
  switch (food.material) {
    case 'FLESH':
      u.unvegan++;
      if (food.name !== 'egg') u.unvegetarian++;
      break;
    default:
      if (['pancake', 'fortune cookie', 'cream pie', 'candy bar', 'lump of royal jelly'].includes(food.name))
        u.unvegan++;
  }
  return u;
}

const STATES: ConductState[] = [];
for (const foodless of [true, false])
  for (const vegan of [true, false])
    for (const vegetarian of [true, false]) STATES.push({ foodless, vegan, vegetarian });

function check(food: ConductFood) {
  const o = oracle(food);
  for (const v of VERSIONS) {
    for (const kept of STATES) {
      const r = mealConducts({ version: v, food, kept });
      if (o === 'refused') {
        expect(r.refused).not.toBeNull();
        expect(r.breaks).toEqual([]);
        continue;
      }
      expect(r.counts).toEqual({ food: o.food > 0, unvegan: o.unvegan > 0, unvegetarian: o.unvegetarian > 0 });
      const expected = FOOD_CONDUCTS.filter(
        (c) => kept[c] && (c === 'foodless' ? o.food : c === 'vegan' ? o.unvegan : o.unvegetarian) > 0,
      );
      expect(r.breaks).toEqual(expected);
      expect(r.keptAfter).toEqual({
        foodless: kept.foodless && !o.food,
        vegan: kept.vegan && !o.unvegan,
        vegetarian: kept.vegetarian && !o.unvegetarian,
      });
      expect(r.needsConfirmation).toBe(expected.length > 0);
      for (const reason of r.reasons)
        expect(reason.citation).toMatchObject({ game: 'nethack', version: v, file: 'src/eat.c' });
    }
  }
}

describe('the data tables agree with include/mondata.h', () => {
  it('vegan/vegetarian of all 382 mons[] entries match the macros', () => {
    for (const m of ALL_MONS) {
      expect([m.name, m.vegan]).toEqual([m.name, veganMacro(m)]);
      expect([m.name, m.vegetarian]).toEqual([m.name, vegetarianMacro(m)]);
    }
  });
});

describe('every comestible (doeat() material switch)', () => {
  for (const f of FOODS) {
    if (f.name === 'corpse' || f.name === 'tin' || f.name.startsWith('glob of ')) continue;
    it(f.name, () => check(conductFoodOfItem(f)));
  }
});

describe('every corpse and glob (eatcorpse())', () => {
  it('all monsters that leave corpses, all versions, all 8 conduct states', () => {
    for (const m of ALL_MONS.filter((x) => x.leavesCorpse && !x.corpseAs)) check({ kind: 'corpse', monster: m });
  });
  it('globs: gray ooze, brown pudding and green slime are vegetarian, not vegan; black pudding neither', () => {
    const byName = (n: string) => conductFoodOfRef(foodFor(n, '3.6.7'));
    for (const g of ['glob of gray ooze', 'glob of brown pudding', 'glob of green slime', 'glob of black pudding'])
      check(byName(g));
    expect(mealConducts({ version: '3.6.7', food: byName('glob of gray ooze') }).breaks).toEqual(['foodless', 'vegan']);
    expect(mealConducts({ version: '3.6.7', food: byName('glob of black pudding') }).breaks).toEqual([
      'foodless',
      'vegan',
      'vegetarian',
    ]);
  });
  it('5.0-only monsters are neither vegan nor vegetarian (S_FELINE, S_DRAGON, S_QUANTMECH)', () => {
    for (const n of ['displacer beast corpse', 'gold dragon corpse', 'genetic engineer corpse']) {
      const food = conductFoodOfRef(foodFor(n, '5.0'));
      check(food);
      expect(mealConducts({ version: '5.0', food }).breaks).toEqual(['foodless', 'vegan', 'vegetarian']);
    }
  });
});

describe('tins (counted only when eaten)', () => {
  it('every monster as tin contents', () => {
    for (const m of ALL_MONS.filter((x) => x.leavesCorpse)) check({ kind: 'tin', contents: m });
  });
  it('spinach: food only; empty: nothing; unknown contents: may break all', () => {
    check({ kind: 'tin', contents: 'spinach' });
    check({ kind: 'tin', contents: 'empty' });
    const unknown = mealConducts({ version: '3.6.7', food: conductFoodOfRef(foodFor('deep fried tin', '3.6.7')) });
    expect(unknown.breaks).toEqual([]);
    expect(unknown.mayBreak).toEqual(['foodless', 'vegan', 'vegetarian']);
    expect(unknown.needsConfirmation).toBe(true);
    const spinach = mealConducts({ version: '3.4.3', food: conductFoodOfRef(foodFor('tin of spinach', '3.4.3')) });
    expect(spinach.breaks).toEqual(['foodless']);
    expect(spinach.reasons[0]!.citation).toMatchObject({ symbol: 'opentin()', line: 1123, version: '3.4.3' });
  });
});

describe('non-food eaten while polymorphed', () => {
  it('every material', () => {
    for (const material of MATERIAL_ORDER) check({ kind: 'object', name: `thing of ${material}`, material });
  });
  it('leather armor breaks both; a wax candle breaks vegan only; an iron chain only foodless', () => {
    expect(
      mealConducts({ version: '3.6.7', food: { kind: 'object', name: 'leather armor', material: 'LEATHER' } }).breaks,
    ).toEqual(['foodless', 'vegan', 'vegetarian']);
    expect(
      mealConducts({ version: '3.6.7', food: { kind: 'object', name: 'wax candle', material: 'WAX' } }).breaks,
    ).toEqual(['foodless', 'vegan']);
    expect(
      mealConducts({ version: '3.6.7', food: { kind: 'object', name: 'iron chain', material: 'IRON' } }).breaks,
    ).toEqual(['foodless']);
  });
  it('the ring of slow digestion is indigestible: refused, nothing counted', () => {
    check({ kind: 'object', name: 'ring of slow digestion', material: 'IRON' });
  });
});

describe('issue 16: a vegan hero and a tripe ration', () => {
  const tripe = conductFoodOfRef(foodFor('tripe ration', '3.6.7'));
  it('breaks vegan and vegetarian (flesh, not an egg): confirmation needed, cited at eat.c:2658', () => {
    const r = mealConducts({ version: '3.6.7', food: tripe, kept: { foodless: false, vegan: true, vegetarian: true } });
    expect(r.breaks).toEqual(['vegan', 'vegetarian']);
    expect(r.needsConfirmation).toBe(true);
    expect(r.keptAfter).toEqual({ foodless: false, vegan: false, vegetarian: false });
    expect(r.reasons.map((x) => [x.counter, x.citation.line])).toEqual([
      ['food', 2627],
      ['unvegan', 2658],
      ['unvegetarian', 2658],
    ]);
    expect(r.when).toContain('When the meal starts');
  });
  it('a Monk also loses alignment (violated_vegetarian())', () => {
    const r = mealConducts({ version: '5.0', food: tripe, kept: ALL_KEPT, role: 'Monk' });
    expect(r.monkPenalty).toBe(true);
    expect(r.citations.some((c) => c.symbol === 'violated_vegetarian()' && c.line === 1376)).toBe(true);
  });
  it('an egg: vegan only; a food ration: nothing but food; resuming a meal: nothing', () => {
    expect(mealConducts({ version: '3.6.7', food: conductFoodOfRef(foodFor('egg', '3.6.7')) }).breaks).toEqual([
      'foodless',
      'vegan',
    ]);
    expect(mealConducts({ version: '3.6.7', food: conductFoodOfRef(foodFor('food ration', '3.6.7')) }).breaks).toEqual([
      'foodless',
    ]);
    expect(mealConducts({ version: '3.6.7', food: tripe, resuming: true }).breaks).toEqual([]);
  });
});
