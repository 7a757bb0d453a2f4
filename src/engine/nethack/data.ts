// Typed access to the NetHack 3.6.7 tables in src/data/nethack-3.6.7/ (extracted from
// the game's own src/monst.c and src/objects.c at tag NetHack-3.6.7_Released, commit
// ed600d9f; see that folder's README). One data folder per game version, with the
// commit it came from, as Pinobot does.
import objectsJson from '../../data/nethack-3.6.7/objects.json' with { type: 'json' };
import monstersJson from '../../data/nethack-3.6.7/monsters.json' with { type: 'json' };

export interface DataSource {
  game: string;
  tag: string;
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
}

const withNames = <T>(rec: Record<string, Omit<T, 'name'>>): T[] =>
  Object.entries(rec).map(([name, v]) => ({ name, ...v }) as T);

export const NETHACK_367_SOURCE: DataSource = objectsJson.source as DataSource;

/** Every FOOD_CLASS object, in objects[] order (order matters to dogfood(): SLIME_MOLD). */
export const FOODS: readonly FoodEntry[] = withNames<FoodEntry>(objectsJson.food as never);
export const RINGS: readonly AccessoryEntry[] = withNames<AccessoryEntry>(objectsJson.rings as never);
export const AMULETS: readonly AccessoryEntry[] = withNames<AccessoryEntry>(objectsJson.amulets as never);
export const POTIONS: readonly PotionEntry[] = withNames<PotionEntry>(objectsJson.potions as never);

/** All 378 monsters, in mons[] order. Names are not unique (werejackal etc.): key by pm or index. */
export const MONSTERS: readonly MonsterEntry[] = monstersJson.monsters as MonsterEntry[];
/** The four "for corpses" placeholders (orc, giant, human, elf). Real corpse types. */
export const PLACEHOLDERS: readonly MonsterEntry[] = monstersJson.placeholders as MonsterEntry[];
/** Every mons[] entry that can be a corpse type, in index order. */
export const ALL_MONS: readonly MonsterEntry[] = [...MONSTERS, ...PLACEHOLDERS].sort((a, b) => a.index - b.index);

const byPm = new Map(ALL_MONS.map((m) => [m.pm, m]));
export function monsterByPm(pm: string): MonsterEntry | undefined {
  return byPm.get(pm);
}

const foodByName = new Map(FOODS.map((f) => [f.name, f]));
export function foodByNameExact(name: string): FoodEntry | undefined {
  return foodByName.get(name);
}

const foodByOtyp = new Map(FOODS.map((f) => [f.otyp, f]));
export function foodByOtypExact(otyp: string): FoodEntry | undefined {
  return foodByOtyp.get(otyp);
}
