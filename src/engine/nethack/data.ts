// Typed access to the NetHack tables in src/data/nethack-<version>/, one folder per game
// version, each extracted from that version's own src/monst.c / include/monsters.h and
// src/objects.c / include/objects.h by scripts/extract-nethack.mjs, with the commit it came
// from (see src/data/nethack-3.6.7/README.md). tablesFor(version) gives one version's tables;
// the plain exports below are 3.6.7's (the default version).
import objects367 from '../../data/nethack-3.6.7/objects.json' with { type: 'json' };
import monsters367 from '../../data/nethack-3.6.7/monsters.json' with { type: 'json' };
import objects343 from '../../data/nethack-3.4.3/objects.json' with { type: 'json' };
import monsters343 from '../../data/nethack-3.4.3/monsters.json' with { type: 'json' };
import objects50 from '../../data/nethack-5.0/objects.json' with { type: 'json' };
import monsters50 from '../../data/nethack-5.0/monsters.json' with { type: 'json' };
import type { NethackVersion } from '../cite.ts';

export interface DataSource {
  game: string;
  repo?: string;
  ref?: string;
  tag?: string;
  commit: string;
  tables: string[];
}

export interface FoodEntry {
  name: string;
  index: number;
  otyp: string;
  nutrition: number;
  delay: number;
  weight: number;
  cost: number;
  prob: number;
  material: string;
  materialName: string;
  veganByMaterial: boolean | null;
  vegetarianByMaterial: boolean | null;
  conductVegan: boolean | null;
  conductVegetarian: boolean | null;
  conductFrom: string;
  eatTime: string;
  nonrotting: boolean;
  globOf?: string;
  charged: boolean;
  shuffled: boolean;
}

export interface AccessoryEntry {
  name: string;
  index: number;
  otyp: string;
  property: string | null;
  propertyValue: number;
  weight: number;
  cost: number;
  prob: number;
  material: string;
  materialName: string;
  charged: boolean;
  shuffled: boolean;
}

export interface PotionEntry {
  name: string;
  index: number;
  otyp: string;
  nutrition: number;
}

/** Any object type of objects[] (every class), as the extractor lists it. */
export interface ObjectEntry {
  index: number;
  /** onames.h constant; null for the glass gems, which makedefs gives none. */
  otyp: string | null;
  name: string;
  /** Unidentified appearance (obj_descr[].oc_descr), or null. */
  description: string | null;
  /** oc_class as its enum name, e.g. "WEAPON_CLASS". */
  class: string;
  material: string;
  materialName: string;
  weight: number;
  cost: number;
  prob: number;
  nutrition: number;
  delay: number;
  magic: boolean;
  charged: boolean;
  unique: boolean;
  noWish: boolean;
  property: string | null;
  shuffled: boolean;
}

export type MonsterSize = 'tiny' | 'small' | 'medium' | 'large' | 'huge' | 'gigantic';

export interface MonsterEntry {
  index: number;
  pm: string;
  name: string;
  symbol: string;
  class: string;
  level: number;
  speed: number;
  size: MonsterSize;
  msize: number;
  cwt: number;
  cnutrit: number;
  corpseEatTime: number;
  leavesCorpse: boolean;
  unique: boolean;
  geno: number;
  genoFlags: string[];
  freq: number;
  corpseAs: string | null;
  nonrottingCorpse: boolean;
  placeholder: boolean;
  carnivore: boolean;
  herbivore: boolean;
  omnivore: boolean;
  metallivore: boolean;
  inediate: boolean;
  poisonous: boolean;
  acidic: boolean;
  touchPetrifies: boolean;
  fleshPetrifies: boolean;
  vegan: boolean;
  vegetarian: boolean;
  undead: boolean;
  were: boolean;
  domestic: boolean;
  rider: boolean;
  ghoul: boolean;
  humanoid: boolean;
  human: boolean;
  elf: boolean;
  dwarf: boolean;
  gnome: boolean;
  orc: boolean;
  noHands: boolean;
  noTake: boolean;
  hatesSilver: boolean;
  resists: string[];
  conveys: string[];
  eatIntrinsics: string[];
  conveysStrength: boolean;
  mresists: number;
  mconveys: number;
  mflags1: number;
  mflags2: number;
  mflags3: number;
  /** 5.0 NAMS(): the male and female names beside the neutral `name`. */
  names?: { male: string; female: string };
  /** Attacks as [AT_, AD_, dice, sides]. */
  attacks?: [string, string, number, number][];
}

const withNames = <T>(rec: Record<string, Omit<T, 'name'>>): T[] =>
  Object.entries(rec).map(([name, v]) => ({ name, ...v }) as T);

/** One version's tables. */
export interface VersionTables {
  version: NethackVersion;
  source: DataSource;
  /** Every FOOD_CLASS object, in objects[] order (order matters to dogfood(): SLIME_MOLD). */
  foods: readonly FoodEntry[];
  rings: readonly AccessoryEntry[];
  amulets: readonly AccessoryEntry[];
  potions: readonly PotionEntry[];
  /** Every real object type of every class, in objects[] order. */
  objects: readonly ObjectEntry[];
  /** objects[] index of SLIME_MOLD. */
  slimeMoldIndex: number;
  monsters: readonly MonsterEntry[];
  placeholders: readonly MonsterEntry[];
  /** Every mons[] entry that can be a corpse type, in index order. */
  allMons: readonly MonsterEntry[];
  /** src/mondata.c grownups[]: [little, big] PM_ pairs. */
  grownups: readonly (readonly [string, string])[];
  monsterByPm(pm: string): MonsterEntry | undefined;
  foodByName(name: string): FoodEntry | undefined;
  foodByOtyp(otyp: string): FoodEntry | undefined;
}

interface RawObjects {
  source: unknown;
  slimeMoldIndex: number | null;
  food: unknown;
  rings: unknown;
  amulets: unknown;
  potions: unknown;
  objects: unknown;
}
interface RawMonsters {
  monsters: unknown;
  placeholders: unknown;
  grownups: unknown;
}

function buildTables(version: NethackVersion, o: RawObjects, m: RawMonsters): VersionTables {
  const foods = withNames<FoodEntry>(o.food as never);
  const monsters = m.monsters as MonsterEntry[];
  const placeholders = m.placeholders as MonsterEntry[];
  const allMons = [...monsters, ...placeholders].sort((a, b) => a.index - b.index);
  const byPm = new Map(allMons.map((x) => [x.pm, x]));
  const byName = new Map(foods.map((f) => [f.name, f]));
  const byOtyp = new Map(foods.map((f) => [f.otyp, f]));
  return {
    version,
    source: o.source as DataSource,
    foods,
    rings: withNames<AccessoryEntry>(o.rings as never),
    amulets: withNames<AccessoryEntry>(o.amulets as never),
    potions: withNames<PotionEntry>(o.potions as never),
    objects: o.objects as ObjectEntry[],
    slimeMoldIndex: o.slimeMoldIndex ?? 0,
    monsters,
    placeholders,
    allMons,
    grownups: m.grownups as [string, string][],
    monsterByPm: (pm) => byPm.get(pm),
    foodByName: (name) => byName.get(name),
    foodByOtyp: (otyp) => byOtyp.get(otyp),
  };
}

const TABLES: Record<NethackVersion, VersionTables> = {
  '3.6.7': buildTables('3.6.7', objects367 as RawObjects, monsters367 as RawMonsters),
  '3.4.3': buildTables('3.4.3', objects343 as RawObjects, monsters343 as RawMonsters),
  '5.0': buildTables('5.0', objects50 as RawObjects, monsters50 as RawMonsters),
};

/** The tables of one version, extracted from that version's own source. */
export function tablesFor(version: NethackVersion): VersionTables {
  return TABLES[version];
}

const T367 = TABLES['3.6.7'];
export const NETHACK_367_SOURCE: DataSource = T367.source;
/** 3.6.7's FOOD_CLASS objects, in objects[] order. Use tablesFor(version) for another version. */
export const FOODS: readonly FoodEntry[] = T367.foods;
export const RINGS: readonly AccessoryEntry[] = T367.rings;
export const AMULETS: readonly AccessoryEntry[] = T367.amulets;
export const POTIONS: readonly PotionEntry[] = T367.potions;
/** 3.6.7's 378 monsters, in mons[] order. Names are not unique (werejackal etc.): key by pm or index. */
export const MONSTERS: readonly MonsterEntry[] = T367.monsters;
/** The four "for corpses" placeholders (orc, giant, human, elf). Real corpse types. */
export const PLACEHOLDERS: readonly MonsterEntry[] = T367.placeholders;
export const ALL_MONS: readonly MonsterEntry[] = T367.allMons;

/** A monster by PM_ constant: in `version`'s table (default 3.6.7). */
export function monsterByPm(pm: string, version: NethackVersion = '3.6.7'): MonsterEntry | undefined {
  return TABLES[version].monsterByPm(pm);
}

export function foodByNameExact(name: string, version: NethackVersion = '3.6.7'): FoodEntry | undefined {
  return TABLES[version].foodByName(name);
}

export function foodByOtypExact(otyp: string, version: NethackVersion = '3.6.7'): FoodEntry | undefined {
  return TABLES[version].foodByOtyp(otyp);
}
