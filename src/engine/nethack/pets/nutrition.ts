// src/dogmove.c dog_nutrition() and dog_eat(): how much a meal adds to a pet's
// hunger clock (edog->hungrytime) and how long the pet is busy eating (meating).
import { monsterByPm, type MonsterEntry } from '../data.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import type { PetItem } from './items.ts';
import { SIZE_FACTOR, speciesFor } from './species.ts';

const LINES: Record<
  NethackVersion,
  {
    nutrition: number;
    corpse: number;
    size: number;
    eaten: number;
    coin: number;
    other: number;
    eatMax: number;
    devour: number;
    add: number;
  }
> = {
  '3.6.7': {
    nutrition: 142,
    corpse: 154,
    size: 161,
    eaten: 181,
    coin: 185,
    other: 198,
    eatMax: 220,
    devour: 232,
    add: 238,
  },
  '3.4.3': {
    nutrition: 73,
    corpse: 85,
    size: 92,
    eaten: 100,
    coin: 104,
    other: 115,
    eatMax: 134,
    devour: 139,
    add: 143,
  },
  '5.0': {
    nutrition: 156,
    corpse: 166,
    size: 173,
    eaten: 193,
    coin: 197,
    other: 210,
    eatMax: 231,
    devour: 234,
    add: 240,
  },
};

export interface PetMealInput {
  version?: NethackVersion;
  pet: MonsterEntry;
  item: PetItem;
  /** Partly eaten: obj->oeaten, the nutrition left (as the hero counts it). */
  oeaten?: number;
  /** Coins only: how many. */
  quantity?: number;
  /** Thrown food that tames: dog_eat(..., devour=TRUE) gives 3/4 in half the time. */
  devour?: boolean;
  /** The hero's race changes a lembas or cram ration's full value, which scales a partly eaten one. */
  heroRace?: 'human' | 'elf' | 'dwarf' | 'orc' | 'gnome';
}

export interface PetMeal {
  /** Added to hungrytime. */
  nutrition: number;
  /** Turns the pet spends eating (meating). */
  eatingTime: number;
  /** Before devouring. */
  baseNutrition: number;
  baseEatingTime: number;
  sizeFactor: number | null;
  formula: string;
  citations: Citation[];
}

/** src/eat.c obj_nutrition(): the full value eaten_stat() scales against. */
function fullNutrition(item: PetItem, version: NethackVersion, heroRace: PetMealInput['heroRace']): number {
  if (item.otyp === 'CORPSE' && item.corpsenm) {
    const m = monsterByPm(item.corpsenm, version) ?? monsterByPm(item.corpsenm);
    return m ? (speciesFor(m, version)?.cnutrit ?? m.cnutrit) : 0;
  }
  if (item.otyp.startsWith('GLOB_OF_')) return item.weight; // globby: owt
  let nut = ocNutrition(item, version);
  // Only 3.6.x applies the hero's race inside obj_nutrition(); 3.4.3 and 5.0 do not.
  if (version === '3.6.7') {
    if (item.otyp === 'LEMBAS_WAFER')
      nut += heroRace === 'elf' ? Math.floor(nut / 4) : heroRace === 'orc' ? -Math.floor(nut / 4) : 0;
    if (item.otyp === 'CRAM_RATION' && heroRace === 'dwarf') nut += Math.floor(nut / 6);
  }
  return nut;
}

/** oc_nutrition, with 5.0's eucalyptus leaf change (include/objects.h: 30 -> 1). */
export function ocNutrition(item: PetItem, version: NethackVersion): number {
  if (version === '5.0' && item.otyp === 'EUCALYPTUS_LEAF') return 1;
  return item.nutrition;
}

/** src/eat.c eaten_stat(): base scaled by what is left, at least 1 (0 when full is 0 gives 1). */
function eatenStat(base: number, oeaten: number, full: number): number {
  const left = Math.min(oeaten, full);
  const v = full ? Math.trunc((base * left) / full) : 0;
  return v < 1 ? 1 : v;
}

/**
 * 3.6.7 src/eat.c:330-332 obj_nutrition(): for a lembas wafer whose oeaten is at least the
 * race-adjusted full value, it rewrites obj->oeaten to nut - 1 (oeaten < 800) or nut.
 * eaten_stat() calls obj_nutrition() once per use, and dog_nutrition() uses it twice
 * (src/dogmove.c:182-183), so the second call can see the rewritten value.
 */
function lembasClamp(item: PetItem, version: NethackVersion, oeaten: number, full: number): number {
  if (version !== '3.6.7' || item.otyp !== 'LEMBAS_WAFER' || oeaten < full) return oeaten;
  return oeaten < item.nutrition ? full - 1 : full;
}

export function petMeal(input: PetMealInput): PetMeal {
  const v = input.version ?? '3.6.7';
  const L = LINES[v];
  const pet = speciesFor(input.pet, v) ?? input.pet;
  const item = input.item;
  const cites: Citation[] = [];
  const cite = (line: number, note: string, symbol = 'dog_nutrition()') =>
    nethackCite('src/dogmove.c', symbol, { version: v, line, note });
  let nutrit: number;
  let meating: number;
  let factor: number | null = null;
  let formula: string;

  if (item.oclass === 'FOOD_CLASS') {
    if (item.otyp === 'CORPSE' && item.corpsenm) {
      const m = (monsterByPm(item.corpsenm, v) ?? monsterByPm(item.corpsenm))!;
      const cm = speciesFor(m, v) ?? m;
      meating = 3 + (cm.cwt >> 6);
      nutrit = cm.cnutrit;
      formula = `${cm.cnutrit}`;
      cites.push(cite(L.corpse, 'corpse: 3 + (weight >> 6) turns, corpse nutrition'));
    } else {
      meating = item.delay;
      nutrit = ocNutrition(item, v);
      formula = `${nutrit}`;
    }
    // dog_nutrition(): multiplied by the eater's size
    factor = SIZE_FACTOR[pet.size];
    nutrit *= factor;
    formula += ` × ${factor} (${pet.size} pet) = ${nutrit}; ${item.otyp === 'CORPSE' ? `3 + (weight >> 6) = ${meating}` : meating} turn${meating === 1 ? '' : 's'}`;
    cites.push(cite(L.size, 'tiny ×8, small ×6, medium ×5, large ×4, huge ×3, gigantic ×2'));
    if (input.oeaten !== undefined && input.oeaten > 0) {
      const full = fullNutrition(item, v, input.heroRace);
      // src/dogmove.c:181-184: eaten_stat() whenever obj->oeaten is set, even when oeaten >= full
      // (then it yields the base value, or 1 when the full value is 0).
      let oeaten = lembasClamp(item, v, input.oeaten, full);
      meating = eatenStat(meating, oeaten, full);
      oeaten = lembasClamp(item, v, oeaten, full);
      nutrit = eatenStat(nutrit, oeaten, full);
      if (input.oeaten < full || oeaten !== input.oeaten || full === 0) {
        formula += `; partly eaten (${oeaten}/${full} left): ${nutrit}, ${meating} turn${meating === 1 ? '' : 's'}`;
        cites.push(cite(L.eaten, 'partly eaten: eaten_stat() scales both'));
        cites.push(
          nethackCite('src/eat.c', 'eaten_stat()', {
            version: v,
            line: v === '3.6.7' ? 3220 : undefined,
            note: 'max(1, base × oeaten / full)',
          }),
        );
      }
    }
  } else if (item.oclass === 'COIN_CLASS') {
    const quan = input.quantity ?? 1;
    meating = Math.trunc(quan / 2000) + 1;
    nutrit = Math.trunc(quan / 20);
    formula = `${quan} gold: ${quan} / 20 = ${nutrit} nutrition, ${quan} / 2000 + 1 = ${meating} turns`;
    cites.push(cite(L.coin, 'coins: quan / 20 nutrition'));
  } else {
    meating = Math.trunc(item.weight / 20) + 1;
    nutrit = 5 * item.nutrition;
    formula = `${item.name}: 5 × ${item.nutrition} = ${nutrit} nutrition, ${item.weight} / 20 + 1 = ${meating} turns`;
    cites.push(cite(L.other, 'other objects: 5 × oc_nutrition, weight / 20 + 1 turns'));
  }
  const baseNutrition = nutrit;
  const baseEatingTime = meating;
  if (input.devour) {
    // dog_eat(): devouring halves the time and gives 3/4 of the nutrition
    if (meating > 1) meating = Math.trunc(meating / 2);
    if (nutrit > 1) nutrit = Math.trunc((nutrit * 3) / 4);
    formula += `; devoured: ${nutrit} in ${meating} turn${meating === 1 ? '' : 's'}`;
    cites.push(cite(L.devour, 'devour: meating / 2, nutrition × 3/4', 'dog_eat()'));
  }
  cites.push(cite(L.add, 'hungrytime += nutrition', 'dog_eat()'));
  return {
    nutrition: nutrit,
    eatingTime: meating,
    baseNutrition,
    baseEatingTime,
    sizeFactor: factor,
    formula,
    citations: cites,
  };
}

export { LINES as NUTRITION_LINES };
