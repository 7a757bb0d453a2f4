// Things a pet can be offered, per version: every comestible, every corpse and egg, every
// other object of the version's objects.c / objects.h (dogfood() classifies them all: APPORT,
// UNDEF, TABU, metal for metal eaters ...), and the artifacts. All facts come from the
// version's own table in src/data/nethack-<version> (scripts/extract-nethack.mjs).
import { tablesFor, type MonsterEntry, type ObjectEntry } from '../data.ts';
import { NETHACK_VERSIONS, nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import { laysEggs } from './species.ts';

export type Material =
  | 'LIQUID'
  | 'WAX'
  | 'VEGGY'
  | 'FLESH'
  | 'PAPER'
  | 'CLOTH'
  | 'LEATHER'
  | 'WOOD'
  | 'BONE'
  | 'DRAGON_HIDE'
  | 'IRON'
  | 'METAL'
  | 'COPPER'
  | 'SILVER'
  | 'GOLD'
  | 'PLATINUM'
  | 'MITHRIL'
  | 'PLASTIC'
  | 'GLASS'
  | 'GEMSTONE'
  | 'MINERAL';

// include/objclass.h enum obj_material_types order.
export const MATERIAL_ORDER: readonly Material[] = [
  'LIQUID',
  'WAX',
  'VEGGY',
  'FLESH',
  'PAPER',
  'CLOTH',
  'LEATHER',
  'WOOD',
  'BONE',
  'DRAGON_HIDE',
  'IRON',
  'METAL',
  'COPPER',
  'SILVER',
  'GOLD',
  'PLATINUM',
  'MITHRIL',
  'PLASTIC',
  'GLASS',
  'GEMSTONE',
  'MINERAL',
];
const rank = (m: Material) => MATERIAL_ORDER.indexOf(m) + 1;
/** include/objclass.h is_organic(): material <= WOOD. */
export const isOrganic = (m: Material): boolean => rank(m) <= rank('WOOD');
/** include/objclass.h is_metallic(): IRON <= material <= MITHRIL. */
export const isMetallic = (m: Material): boolean => rank(m) >= rank('IRON') && rank(m) <= rank('MITHRIL');
/** include/objclass.h is_rustprone(): IRON only. */
export const isRustprone = (m: Material): boolean => m === 'IRON';

export type ObjClass =
  | 'FOOD_CLASS'
  | 'WEAPON_CLASS'
  | 'ARMOR_CLASS'
  | 'RING_CLASS'
  | 'AMULET_CLASS'
  | 'TOOL_CLASS'
  | 'GEM_CLASS'
  | 'ROCK_CLASS'
  | 'BALL_CLASS'
  | 'CHAIN_CLASS'
  | 'COIN_CLASS'
  | 'SCROLL_CLASS'
  | 'SPBOOK_CLASS'
  | 'POTION_CLASS'
  | 'WAND_CLASS'
  | 'VENOM_CLASS';

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
  /** Rings, wands ...: the material comes with the randomized appearance (src/o_init.c shuffle()). */
  materialShuffled?: boolean;
  /** The materials of the shuffle range's appearances (one entry per appearance). */
  materialChoices?: readonly Material[];
  /** The object's unidentified appearance, when it has a fixed one. */
  description?: string | null;
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

const ALL: readonly NethackVersion[] = NETHACK_VERSIONS;
const tableFile = (v: NethackVersion) => (v === '5.0' ? 'include/objects.h' : 'src/objects.c');

function foodItems(v: NethackVersion): PetItem[] {
  return tablesFor(v)
    .foods.filter((f) => f.otyp !== 'CORPSE' && !f.name.startsWith('generic '))
    .map((f) => {
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
        versions: [v],
        source: nethackCite(tableFile(v), `FOOD("${f.name}")`, {
          version: v,
          note: `nutrition ${f.nutrition}, delay ${f.delay}`,
        }),
      };
      if (f.otyp === 'EGG') {
        item.corpsenm = null;
        item.aliases = ['unhatchable egg'];
      }
      if (f.otyp === 'TIN') item.corpsenm = null;
      // 5.0 include/objects.h renamed the huge chunk of meat
      if (f.otyp === 'HUGE_CHUNK_OF_MEAT') item.aliases = ['enormous meatball'];
      if (f.otyp === 'ENORMOUS_MEATBALL') item.aliases = ['huge chunk of meat'];
      return item;
    });
}

/** A corpse of any monster (the catalog lists only corpses the game can leave). */
export function corpseItem(m: MonsterEntry, version: NethackVersion = '3.6.7'): PetItem {
  const t = tablesFor(version);
  return {
    name: `${m.name} corpse`,
    ...(m.names ? { aliases: [`${m.names.male} corpse`, `${m.names.female} corpse`] } : {}),
    kind: 'corpse',
    otyp: 'CORPSE',
    oclass: 'FOOD_CLASS',
    index: t.foodByOtyp('CORPSE')!.index,
    material: 'FLESH',
    weight: m.cwt,
    nutrition: m.cnutrit,
    delay: m.corpseEatTime,
    corpsenm: m.pm,
    versions: [version],
    source: nethackCite(version === '5.0' ? 'include/monsters.h' : 'src/monst.c', `MON("${m.name}")`, {
      version,
      note: `corpse weight ${m.cwt}, nutrition ${m.cnutrit}`,
    }),
  };
}

/** An egg that would hatch into `m` (its corpsenm). */
export function eggItem(m: MonsterEntry, version: NethackVersion = '3.6.7'): PetItem {
  const egg = tablesFor(version).foodByOtyp('EGG')!;
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
    versions: [version],
    source: nethackCite('src/mon.c', 'can_be_hatched()', { version, note: `hatches into ${m.name}` }),
  };
}

/** How players name an object (objnam.c xname()): class prefixes for potions, scrolls, wands, rings, spellbooks. */
export function objectDisplayName(o: Pick<ObjectEntry, 'name' | 'class'>): string {
  const prefix: Record<string, string> = {
    POTION_CLASS: 'potion of ',
    SCROLL_CLASS: 'scroll of ',
    WAND_CLASS: 'wand of ',
    RING_CLASS: 'ring of ',
    SPBOOK_CLASS: 'spellbook of ',
  };
  if (o.name === 'Book of the Dead') return o.name;
  return (prefix[o.class] ?? '') + o.name;
}

const INVOCATION = new Set(['Candelabrum of Invocation', 'Bell of Opening', 'Book of the Dead', 'Amulet of Yendor']);

/** Every non-food object type of the version: name, class, material (or its shuffle range's). */
function objectItems(v: NethackVersion): PetItem[] {
  const objs = tablesFor(v).objects;
  return objs
    .filter((o) => o.class !== 'FOOD_CLASS')
    .map((o) => {
      const name = objectDisplayName(o);
      // src/o_init.c shuffle(first, last, domaterial = TRUE) for whole classes: the material
      // travels with the appearance, so it is one of the range's materials (armor ranges keep theirs).
      const range =
        o.shuffled && o.class !== 'ARMOR_CLASS' ? objs.filter((x) => x.class === o.class && x.shuffled) : null;
      const choices = range ? range.map((x) => x.material as Material) : null;
      const varies = !!choices && new Set(choices).size > 1;
      return {
        name,
        ...(name !== o.name ? { aliases: [o.name] } : {}),
        kind: 'object' as const,
        otyp: o.otyp ?? o.name.toUpperCase().replace(/[^A-Z]/g, '_'),
        oclass: o.class as ObjClass,
        material: o.material as Material,
        ...(varies ? { materialShuffled: true, materialChoices: choices! } : {}),
        description: o.shuffled ? null : o.description,
        weight: o.weight,
        nutrition: o.nutrition,
        delay: 0,
        versions: [v],
        ...(INVOCATION.has(o.name) ? { invocationItem: true } : {}),
        source: nethackCite(tableFile(v), `OBJECT("${o.name}")`, {
          version: v,
          note: `${o.class}, ${varies ? 'material follows the shuffled appearance' : o.materialName}, weight ${o.weight}`,
        }),
      };
    });
}

// include/artilist.h: artifact, base object, and the role whose quest artifact it is.
const ARTIFACTS: readonly (readonly [string, string, string?])[] = [
  ['Excalibur', 'long sword'],
  ['Stormbringer', 'runesword'],
  ['Mjollnir', 'war hammer'],
  ['Cleaver', 'battle-axe'],
  ['Grimtooth', 'orcish dagger'],
  ['Orcrist', 'elven broadsword'],
  ['Sting', 'elven dagger'],
  ['Magicbane', 'athame'],
  ['Frost Brand', 'long sword'],
  ['Fire Brand', 'long sword'],
  ['Dragonbane', 'broadsword'],
  ['Demonbane', 'long sword'],
  ['Werebane', 'silver saber'],
  ['Grayswandir', 'silver saber'],
  ['Giantslayer', 'long sword'],
  ['Ogresmasher', 'war hammer'],
  ['Trollsbane', 'morning star'],
  ['Vorpal Blade', 'long sword'],
  ['Snickersnee', 'katana'],
  ['Sunsword', 'long sword'],
  ['The Orb of Detection', 'crystal ball', 'Archeologist'],
  ['The Heart of Ahriman', 'luckstone', 'Barbarian'],
  ['The Sceptre of Might', 'mace', 'Caveman'],
  ['The Staff of Aesculapius', 'quarterstaff', 'Healer'],
  ['The Magic Mirror of Merlin', 'mirror', 'Knight'],
  ['The Eyes of the Overworld', 'lenses', 'Monk'],
  ['The Mitre of Holiness', 'helm of brilliance', 'Priest'],
  ['The Longbow of Diana', 'bow', 'Ranger'],
  ['The Master Key of Thievery', 'skeleton key', 'Rogue'],
  ['The Tsurugi of Muramasa', 'tsurugi', 'Samurai'],
  ['The Platinum Yendorian Express Card', 'credit card', 'Tourist'],
  ['The Orb of Fate', 'crystal ball', 'Valkyrie'],
  ['The Eye of the Aethiopica', 'amulet of ESP', 'Wizard'],
];

export { ROLES, type Role } from '../roles.ts';

function artifactItems(objects: readonly PetItem[]): PetItem[] {
  return ARTIFACTS.filter(([, base]) => objects.some((o) => o.name === base || o.aliases?.includes(base))).map(
    ([name, base, questRole]) => {
      const b = objects.find((o) => o.name === base || o.aliases?.includes(base))!;
      return {
        ...b,
        name,
        aliases: name.startsWith('The ') ? [name.slice(4)] : undefined,
        kind: 'artifact' as const,
        artifact: questRole ? { name, questRole } : { name },
        source: nethackCite('include/artilist.h', `A("${name}")`, {
          note: `${base}${questRole ? `, ${questRole} quest artifact` : ''}`,
        }),
      };
    },
  );
}

function buildCatalog(v: NethackVersion): PetItem[] {
  const t = tablesFor(v);
  const objects = objectItems(v);
  const items: PetItem[] = [...foodItems(v)];
  const seen = new Set(items.map((i) => i.name));
  const corpseMons = t.allMons.filter((m) => m.leavesCorpse || m.placeholder);
  for (const m of corpseMons) {
    const it = corpseItem(m, v);
    if (seen.has(it.name)) it.name = `${m.name} (${m.symbol}) corpse`;
    seen.add(it.name);
    items.push(it);
  }
  // Eggs: every egg type can_be_hatched() can return (src/mon.c).
  for (const m of t.monsters.filter(
    (x) => (laysEggs(x) && x.pm !== 'PM_SCORPIUS') || x.pm === 'PM_KILLER_BEE' || x.pm === 'PM_GARGOYLE',
  )) {
    items.push(eggItem(m, v));
  }
  items.push(...objects, ...artifactItems(objects).map((a) => ({ ...a, versions: [v] })));
  return items;
}

const CATALOGS = new Map<NethackVersion, PetItem[]>();
/** Every item the pet commands know in `version`, foods first, in a stable order. */
export function petItems(version: NethackVersion): readonly PetItem[] {
  let c = CATALOGS.get(version);
  if (!c) {
    c = buildCatalog(version);
    CATALOGS.set(version, c);
  }
  return c;
}

/** 3.6.7's catalog, with `versions` listing every version that has an item of the same name. */
export const PET_ITEMS: readonly PetItem[] = petItems('3.6.7').map((i) => ({
  ...i,
  versions: ALL.filter((v) => petItems(v).some((x) => x.name === i.name)),
}));

/** Every item name of every version (for autocomplete), each with the versions that have it. */
export function allPetItemNames(): { name: string; aliases?: string[]; versions: NethackVersion[] }[] {
  const out = new Map<string, { name: string; aliases?: string[]; versions: NethackVersion[] }>();
  for (const v of ALL)
    for (const i of petItems(v)) {
      const e = out.get(i.name);
      if (e) e.versions.push(v);
      else out.set(i.name, { name: i.name, aliases: i.aliases, versions: [v] });
    }
  return [...out.values()];
}

/** An item by name or alias in `version`'s catalog (default 3.6.7). */
export function petItemByName(name: string, version: NethackVersion = '3.6.7'): PetItem | undefined {
  const k = name.toLowerCase();
  const cat = petItems(version);
  return cat.find((i) => i.name.toLowerCase() === k) ?? cat.find((i) => i.aliases?.some((a) => a.toLowerCase() === k));
}

/** objects[] index of SLIME_MOLD in 3.6.7: dogfood() splits "other food" on otyp > SLIME_MOLD. */
export const SLIME_MOLD_INDEX: number = tablesFor('3.6.7').slimeMoldIndex;

/** 3.6.7's ring materials over the 28 appearances, for the shuffled-material odds. */
export const RING_MATERIALS: readonly Material[] = tablesFor('3.6.7').rings.map((r) => r.material as Material);
