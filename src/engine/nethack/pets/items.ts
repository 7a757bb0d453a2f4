// Things a pet can be offered: every comestible, every corpse and egg, and the
// non-food objects dogfood() has rules for (silver, metal, organic items, the
// invocation items, artifacts, rocks, ball and chain, gold). Food facts come from
// src/data/nethack-3.6.7; the non-food facts below were read from src/objects.c at
// NetHack-3.6.7_Released (weight, oc_material, oc_nutrition; the line is cited).
import { AMULETS, FOODS, MONSTERS, PLACEHOLDERS, RINGS, type MonsterEntry } from '../data.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import { laysEggs } from './species.ts';

export type Material =
  | 'LIQUID' | 'WAX' | 'VEGGY' | 'FLESH' | 'PAPER' | 'CLOTH' | 'LEATHER' | 'WOOD' | 'BONE' | 'DRAGON_HIDE'
  | 'IRON' | 'METAL' | 'COPPER' | 'SILVER' | 'GOLD' | 'PLATINUM' | 'MITHRIL' | 'PLASTIC' | 'GLASS' | 'GEMSTONE' | 'MINERAL';

// include/objclass.h enum obj_material_types order.
const MATERIAL_ORDER: readonly Material[] = [
  'LIQUID', 'WAX', 'VEGGY', 'FLESH', 'PAPER', 'CLOTH', 'LEATHER', 'WOOD', 'BONE', 'DRAGON_HIDE',
  'IRON', 'METAL', 'COPPER', 'SILVER', 'GOLD', 'PLATINUM', 'MITHRIL', 'PLASTIC', 'GLASS', 'GEMSTONE', 'MINERAL',
];
const rank = (m: Material) => MATERIAL_ORDER.indexOf(m) + 1;
/** include/objclass.h is_organic(): material <= WOOD. */
export const isOrganic = (m: Material): boolean => rank(m) <= rank('WOOD');
/** include/objclass.h is_metallic(): IRON <= material <= MITHRIL. */
export const isMetallic = (m: Material): boolean => rank(m) >= rank('IRON') && rank(m) <= rank('MITHRIL');
/** include/objclass.h is_rustprone(): IRON only. */
export const isRustprone = (m: Material): boolean => m === 'IRON';

export type ObjClass =
  | 'FOOD_CLASS' | 'WEAPON_CLASS' | 'ARMOR_CLASS' | 'RING_CLASS' | 'AMULET_CLASS' | 'TOOL_CLASS' | 'GEM_CLASS'
  | 'ROCK_CLASS' | 'BALL_CLASS' | 'CHAIN_CLASS' | 'COIN_CLASS' | 'SCROLL_CLASS' | 'SPBOOK_CLASS';

export type ItemKind = 'food' | 'corpse' | 'egg' | 'tin' | 'object' | 'artifact';

export interface PetItem {
  /** Canonical name (the autocomplete value). */
  name: string;
  aliases?: string[];
  kind: ItemKind;
  /** The onames.h constant of the object type, e.g. "TRIPE_RATION", "CORPSE", "SILVER_SABER". */
  otyp: string;
  oclass: ObjClass;
  /** objects[] index in 3.6.7 (foods; dogfood() compares otyp with SLIME_MOLD). */
  index?: number;
  material: Material;
  /** Rings: the material comes with the randomized appearance (src/o_init.c shuffle()). */
  materialShuffled?: boolean;
  weight: number;
  /** oc_nutrition. */
  nutrition: number;
  /** oc_delay (food). */
  delay: number;
  /** corpsenm, as a PM_ constant: the corpse's monster or the egg's hatchling; null for NON_PM. */
  corpsenm?: string | null;
  artifact?: { name: string; questRole?: string };
  /** obj_resists() is always TRUE (Amulet of Yendor, Book of the Dead, Candelabrum, Bell of Opening). */
  invocationItem?: boolean;
  /** Versions where this item exists. */
  versions: readonly NethackVersion[];
  source: Citation;
}

const ALL: readonly NethackVersion[] = ['3.6.7', '3.4.3', '5.0'];
const objCite = (line: number, note: string) => nethackCite('src/objects.c', 'objects[]', { line, note });

function foodItems(): PetItem[] {
  return FOODS.filter((f) => f.otyp !== 'CORPSE').map((f) => {
    const glob = f.otyp.startsWith('GLOB_OF_');
    const item: PetItem = {
      name: f.name,
      kind: f.otyp === 'EGG' ? 'egg' : f.otyp === 'TIN' ? 'tin' : 'food',
      otyp: f.otyp,
      oclass: 'FOOD_CLASS',
      index: f.index,
      material: f.material as Material,
      weight: f.weight,
      nutrition: f.nutrition,
      delay: f.delay,
      // 3.4.3 has no globs (include/objects.c there has none)
      versions: glob ? ['3.6.7', '5.0'] : ALL,
      source: nethackCite('src/objects.c', `FOOD("${f.name}")`, { note: `nutrition ${f.nutrition}, delay ${f.delay}` }),
    };
    if (f.otyp === 'EGG') {
      item.corpsenm = null;
      item.aliases = ['unhatchable egg'];
    }
    if (f.otyp === 'TIN') item.corpsenm = null;
    // 5.0 include/objects.h renamed it
    if (f.otyp === 'HUGE_CHUNK_OF_MEAT') item.aliases = ['enormous meatball'];
    return item;
  });
}

/** A corpse of any monster (the catalog lists only corpses the game can leave). */
export function corpseItem(m: MonsterEntry): PetItem {
  return {
    name: `${m.name} corpse`,
    kind: 'corpse',
    otyp: 'CORPSE',
    oclass: 'FOOD_CLASS',
    index: FOODS.find((f) => f.otyp === 'CORPSE')!.index,
    material: 'FLESH',
    weight: m.cwt,
    nutrition: m.cnutrit,
    delay: m.corpseEatTime,
    corpsenm: m.pm,
    versions: ALL,
    source: nethackCite('src/monst.c', `MON("${m.name}")`, { note: `corpse weight ${m.cwt}, nutrition ${m.cnutrit}` }),
  };
}

/** An egg that would hatch into `m` (its corpsenm). */
export function eggItem(m: MonsterEntry): PetItem {
  const egg = FOODS.find((f) => f.otyp === 'EGG')!;
  return {
    name: `${m.name} egg`,
    kind: 'egg',
    otyp: 'EGG',
    oclass: 'FOOD_CLASS',
    index: egg.index,
    material: 'FLESH',
    weight: egg.weight,
    nutrition: egg.nutrition,
    delay: egg.delay,
    corpsenm: m.pm,
    versions: ALL,
    source: nethackCite('src/mon.c', 'can_be_hatched()', { note: `hatches into ${m.name}` }),
  };
}

// [name, class, material, weight, oc_nutrition, src/objects.c line] at 3.6.7.
const OBJECTS: readonly (readonly [string, ObjClass, Material, number, number, number])[] = [
  ['arrow', 'WEAPON_CLASS', 'IRON', 1, 1, 113],
  ['silver arrow', 'WEAPON_CLASS', 'SILVER', 1, 1, 119],
  ['crossbow bolt', 'WEAPON_CLASS', 'IRON', 1, 1, 123],
  ['dart', 'WEAPON_CLASS', 'IRON', 1, 1, 127],
  ['dagger', 'WEAPON_CLASS', 'IRON', 10, 10, 157],
  ['elven dagger', 'WEAPON_CLASS', 'WOOD', 10, 10, 159],
  ['orcish dagger', 'WEAPON_CLASS', 'IRON', 10, 10, 161],
  ['silver dagger', 'WEAPON_CLASS', 'SILVER', 12, 12, 163],
  ['athame', 'WEAPON_CLASS', 'IRON', 10, 10, 165],
  ['silver spear', 'WEAPON_CLASS', 'SILVER', 36, 36, 146],
  ['battle-axe', 'WEAPON_CLASS', 'IRON', 120, 120, 184],
  ['silver saber', 'WEAPON_CLASS', 'SILVER', 40, 40, 198],
  ['broadsword', 'WEAPON_CLASS', 'IRON', 70, 70, 200],
  ['elven broadsword', 'WEAPON_CLASS', 'WOOD', 70, 70, 203],
  ['long sword', 'WEAPON_CLASS', 'IRON', 40, 40, 206],
  ['katana', 'WEAPON_CLASS', 'IRON', 40, 40, 212],
  ['tsurugi', 'WEAPON_CLASS', 'METAL', 60, 60, 215],
  ['runesword', 'WEAPON_CLASS', 'IRON', 40, 40, 219],
  ['mace', 'WEAPON_CLASS', 'IRON', 30, 30, 268],
  ['morning star', 'WEAPON_CLASS', 'IRON', 120, 120, 271],
  ['war hammer', 'WEAPON_CLASS', 'IRON', 50, 50, 274],
  ['club', 'WEAPON_CLASS', 'WOOD', 30, 30, 277],
  ['quarterstaff', 'WEAPON_CLASS', 'WOOD', 40, 40, 281],
  ['bow', 'WEAPON_CLASS', 'WOOD', 30, 30, 295],
  ['helm of brilliance', 'ARMOR_CLASS', 'IRON', 50, 50, 358],
  ['plate mail', 'ARMOR_CLASS', 'IRON', 450, 450, 407],
  ['dwarvish mithril-coat', 'ARMOR_CLASS', 'MITHRIL', 150, 150, 417],
  ['elven mithril-coat', 'ARMOR_CLASS', 'MITHRIL', 150, 150, 419],
  ['leather armor', 'ARMOR_CLASS', 'LEATHER', 150, 150, 433],
  ['leather cloak', 'ARMOR_CLASS', 'LEATHER', 15, 15, 462],
  ['small shield', 'ARMOR_CLASS', 'WOOD', 30, 30, 477],
  ['shield of reflection', 'ARMOR_CLASS', 'SILVER', 50, 50, 489],
  ['iron shoes', 'ARMOR_CLASS', 'IRON', 50, 50, 509],
  ['skeleton key', 'TOOL_CLASS', 'IRON', 3, 3, 657],
  ['credit card', 'TOOL_CLASS', 'PLASTIC', 1, 1, 659],
  ['expensive camera', 'TOOL_CLASS', 'PLASTIC', 12, 12, 667],
  ['mirror', 'TOOL_CLASS', 'GLASS', 13, 13, 668],
  ['crystal ball', 'TOOL_CLASS', 'GLASS', 150, 150, 669],
  ['lenses', 'TOOL_CLASS', 'GLASS', 3, 3, 670],
  ['blindfold', 'TOOL_CLASS', 'CLOTH', 2, 2, 671],
  ['towel', 'TOOL_CLASS', 'CLOTH', 2, 2, 672],
  ['saddle', 'TOOL_CLASS', 'LEATHER', 200, 200, 673],
  ['leash', 'TOOL_CLASS', 'LEATHER', 12, 12, 674],
  ['tinning kit', 'TOOL_CLASS', 'IRON', 100, 100, 676],
  ['tin opener', 'TOOL_CLASS', 'IRON', 4, 4, 677],
  ['tin whistle', 'TOOL_CLASS', 'METAL', 3, 3, 687],
  ['magic whistle', 'TOOL_CLASS', 'METAL', 3, 3, 688],
  ['wooden flute', 'TOOL_CLASS', 'WOOD', 5, 5, 689],
  ['bell', 'TOOL_CLASS', 'COPPER', 30, 30, 698],
  ['pick-axe', 'TOOL_CLASS', 'IRON', 100, 100, 703],
  ['unicorn horn', 'TOOL_CLASS', 'BONE', 20, 20, 707],
  ['Candelabrum of Invocation', 'TOOL_CLASS', 'GOLD', 10, 200, 714],
  ['Bell of Opening', 'TOOL_CLASS', 'SILVER', 10, 50, 717],
  ['scroll of identify', 'SCROLL_CLASS', 'PAPER', 5, 6, 841],
  ['scroll of mail', 'SCROLL_CLASS', 'PAPER', 5, 6, 880],
  ['Book of the Dead', 'SPBOOK_CLASS', 'PAPER', 20, 20, 1007],
  ['gold piece', 'COIN_CLASS', 'GOLD', 1, 0, 1054],
  ['diamond', 'GEM_CLASS', 'GEMSTONE', 1, 15, 1069],
  ['worthless piece of white glass', 'GEM_CLASS', 'GLASS', 1, 6, 1090],
  ['luckstone', 'GEM_CLASS', 'MINERAL', 10, 10, 1114],
  ['loadstone', 'GEM_CLASS', 'MINERAL', 500, 10, 1115],
  ['flint', 'GEM_CLASS', 'MINERAL', 10, 10, 1117],
  ['rock', 'GEM_CLASS', 'MINERAL', 10, 10, 1118],
  ['boulder', 'ROCK_CLASS', 'MINERAL', 6000, 2000, 1128],
  ['statue', 'ROCK_CLASS', 'MINERAL', 2500, 2500, 1131],
  ['heavy iron ball', 'BALL_CLASS', 'IRON', 480, 200, 1135],
  ['iron chain', 'CHAIN_CLASS', 'IRON', 120, 200, 1139],
];

const otypOf = (name: string): string =>
  ({ 'scroll of identify': 'SCR_IDENTIFY', 'scroll of mail': 'SCR_MAIL', 'Book of the Dead': 'SPE_BOOK_OF_THE_DEAD', 'Candelabrum of Invocation': 'CANDELABRUM_OF_INVOCATION', 'worthless piece of white glass': 'WORTHLESS_PIECE_OF_WHITE_GLASS' })[name] ??
  name.toUpperCase().replace(/[- ]/g, '_');

const INVOCATION = new Set(['Candelabrum of Invocation', 'Bell of Opening', 'Book of the Dead', 'Amulet of Yendor']);

function objectItems(): PetItem[] {
  const out: PetItem[] = OBJECTS.map(([name, oclass, material, weight, nutrition, line]) => ({
    name,
    kind: 'object' as const,
    otyp: otypOf(name),
    oclass,
    material,
    weight,
    nutrition,
    delay: 0,
    versions: ALL,
    ...(INVOCATION.has(name) ? { invocationItem: true } : {}),
    source: objCite(line, `${material.toLowerCase()}, weight ${weight}`),
  }));
  // src/objects.c RING(): weight 3, oc_nutrition 15; material is the appearance's.
  for (const r of RINGS)
    out.push({
      name: `ring of ${r.name}`,
      kind: 'object',
      otyp: r.otyp,
      oclass: 'RING_CLASS',
      material: r.material as Material,
      materialShuffled: true,
      weight: 3,
      nutrition: 15,
      delay: 0,
      versions: ALL,
      source: nethackCite('src/objects.c', `RING("${r.name}")`, { note: 'weight 3; material follows the shuffled appearance' }),
    });
  // src/objects.c AMULET(): weight 20, oc_nutrition 20, all iron; the two Amulets of Yendor are their own entries.
  for (const a of AMULETS)
    out.push({
      name: a.name,
      kind: 'object',
      otyp: a.otyp,
      oclass: 'AMULET_CLASS',
      material: a.material as Material,
      weight: 20,
      nutrition: 20,
      delay: 0,
      versions: ALL,
      ...(INVOCATION.has(a.name) ? { invocationItem: true } : {}),
      source: nethackCite('src/objects.c', `AMULET("${a.name}")`, { note: `${a.material.toLowerCase()}` }),
    });
  return out;
}

// include/artilist.h: artifact, base object, and the role whose quest artifact it is.
const ARTIFACTS: readonly (readonly [string, string, string?])[] = [
  ['Excalibur', 'long sword'], ['Stormbringer', 'runesword'], ['Mjollnir', 'war hammer'], ['Cleaver', 'battle-axe'],
  ['Grimtooth', 'orcish dagger'], ['Orcrist', 'elven broadsword'], ['Sting', 'elven dagger'], ['Magicbane', 'athame'],
  ['Frost Brand', 'long sword'], ['Fire Brand', 'long sword'], ['Dragonbane', 'broadsword'], ['Demonbane', 'long sword'],
  ['Werebane', 'silver saber'], ['Grayswandir', 'silver saber'], ['Giantslayer', 'long sword'], ['Ogresmasher', 'war hammer'],
  ['Trollsbane', 'morning star'], ['Vorpal Blade', 'long sword'], ['Snickersnee', 'katana'], ['Sunsword', 'long sword'],
  ['The Orb of Detection', 'crystal ball', 'Archeologist'], ['The Heart of Ahriman', 'luckstone', 'Barbarian'],
  ['The Sceptre of Might', 'mace', 'Caveman'], ['The Staff of Aesculapius', 'quarterstaff', 'Healer'],
  ['The Magic Mirror of Merlin', 'mirror', 'Knight'], ['The Eyes of the Overworld', 'lenses', 'Monk'],
  ['The Mitre of Holiness', 'helm of brilliance', 'Priest'], ['The Longbow of Diana', 'bow', 'Ranger'],
  ['The Master Key of Thievery', 'skeleton key', 'Rogue'], ['The Tsurugi of Muramasa', 'tsurugi', 'Samurai'],
  ['The Platinum Yendorian Express Card', 'credit card', 'Tourist'], ['The Orb of Fate', 'crystal ball', 'Valkyrie'],
  ['The Eye of the Aethiopica', 'amulet of ESP', 'Wizard'],
];

export const ROLES = [
  'Archeologist', 'Barbarian', 'Caveman', 'Healer', 'Knight', 'Monk', 'Priest', 'Ranger', 'Rogue', 'Samurai', 'Tourist', 'Valkyrie', 'Wizard',
] as const;
export type Role = (typeof ROLES)[number];

function artifactItems(objects: readonly PetItem[]): PetItem[] {
  return ARTIFACTS.map(([name, base, questRole]) => {
    const b = objects.find((o) => o.name === base)!;
    return {
      ...b,
      name,
      aliases: name.startsWith('The ') ? [name.slice(4)] : undefined,
      kind: 'artifact' as const,
      artifact: questRole ? { name, questRole } : { name },
      source: nethackCite('include/artilist.h', `A("${name}")`, { note: `${base}${questRole ? `, ${questRole} quest artifact` : ''}` }),
    };
  });
}

function buildCatalog(): PetItem[] {
  const objects = objectItems();
  const items: PetItem[] = [...foodItems()];
  const seen = new Set(items.map((i) => i.name));
  const corpseMons = [...MONSTERS, ...PLACEHOLDERS].filter((m) => m.leavesCorpse || m.placeholder);
  for (const m of corpseMons) {
    const it = corpseItem(m);
    if (seen.has(it.name)) it.name = `${m.name} (${m.symbol}) corpse`;
    seen.add(it.name);
    items.push(it);
  }
  // Eggs: every egg type can_be_hatched() can return (src/mon.c).
  for (const m of MONSTERS.filter((x) => (laysEggs(x) && x.pm !== 'PM_SCORPIUS') || x.pm === 'PM_KILLER_BEE' || x.pm === 'PM_GARGOYLE')) {
    items.push(eggItem(m));
  }
  items.push(...objects, ...artifactItems(objects));
  return items;
}

/** Every item the pet commands know, foods first, in a stable order. */
export const PET_ITEMS: readonly PetItem[] = buildCatalog();

const byName = new Map(PET_ITEMS.map((i) => [i.name.toLowerCase(), i]));
export function petItemByName(name: string): PetItem | undefined {
  const k = name.toLowerCase();
  return byName.get(k) ?? PET_ITEMS.find((i) => i.aliases?.some((a) => a.toLowerCase() === k));
}

/** objects[] index of SLIME_MOLD: dogfood() splits "other food" on otyp > SLIME_MOLD. */
export const SLIME_MOLD_INDEX: number = FOODS.find((f) => f.otyp === 'SLIME_MOLD')!.index;

/** Ring materials over the 28 appearances (src/objects.c RING() lines), for the shuffled-material odds. */
export const RING_MATERIALS: readonly Material[] = RINGS.map((r) => r.material as Material);
