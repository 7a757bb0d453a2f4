// Everything a hero can eat as a meal, by version, from that version's own tables
// (src/data/nethack-<version>, extracted by scripts/extract-nethack.mjs): comestibles
// (objects.c FOOD()), every monster corpse (monst.c SIZ(weight, nutrition)), tins by contents
// and variety (src/eat.c tintxts[]) and globs.
import { UserError } from '../../errors.ts';
import type { NethackVersion } from '../cite.ts';
import { NETHACK_VERSIONS } from '../cite.ts';
import { tablesFor, type FoodEntry, type MonsterEntry } from './data.ts';

export type FoodKind = 'item' | 'corpse' | 'tin' | 'glob';

/** src/eat.c tintxts[] in 3.6.7 / 5.0 order (ROTTEN_TIN = 0, HOMEMADE_TIN = 1); `greasy` is 3.6.7's flag. */
export const TIN_VARIETIES = [
  { key: 'rotten', text: 'rotten', nutrition: -50, greasy: false },
  { key: 'homemade', text: 'homemade', nutrition: 50, greasy: false },
  { key: 'soup', text: 'soup made from', nutrition: 20, greasy: false },
  { key: 'french fried', text: 'french fried', nutrition: 40, greasy: true },
  { key: 'pickled', text: 'pickled', nutrition: 40, greasy: false },
  { key: 'boiled', text: 'boiled', nutrition: 50, greasy: false },
  { key: 'smoked', text: 'smoked', nutrition: 50, greasy: false },
  { key: 'dried', text: 'dried', nutrition: 55, greasy: false },
  { key: 'deep fried', text: 'deep fried', nutrition: 60, greasy: true },
  { key: 'szechuan', text: 'szechuan', nutrition: 70, greasy: false },
  { key: 'broiled', text: 'broiled', nutrition: 80, greasy: false },
  { key: 'stir fried', text: 'stir fried', nutrition: 80, greasy: true },
  { key: 'sauteed', text: 'sauteed', nutrition: 95, greasy: false },
  { key: 'candied', text: 'candied', nutrition: 100, greasy: false },
  { key: 'pureed', text: 'pureed', nutrition: 500, greasy: false },
] as const;
export type MeatVariety = (typeof TIN_VARIETIES)[number]['key'];
export type TinVarietyKey = MeatVariety | 'spinach' | 'empty';
export const MEAT_VARIETIES: readonly MeatVariety[] = TIN_VARIETIES.map((t) => t.key);

/** 3.4.3 src/eat.c tintxts[] order (ROTTEN_TIN 4, HOMEMADE_TIN 5, FRENCH_FRIED_TIN 11). */
export const TIN_ORDER_343: readonly MeatVariety[] = [
  'deep fried',
  'pickled',
  'soup',
  'pureed',
  'rotten',
  'homemade',
  'stir fried',
  'candied',
  'boiled',
  'dried',
  'szechuan',
  'french fried',
  'sauteed',
  'broiled',
  'smoked',
];

/** Greasy varieties: 3.6.7/5.0 tintxts[].greasy; 3.4.3 opentin(): r == 0 (deep fried) or FRENCH_FRIED_TIN. */
export function tinIsGreasy(key: TinVarietyKey, version: NethackVersion): boolean {
  if (key === 'spinach' || key === 'empty') return false;
  if (version === '3.4.3') return key === 'deep fried' || key === 'french fried';
  return TIN_VARIETIES.find((t) => t.key === key)!.greasy;
}

/** A food as the meal planner sees it, for one version. */
export interface FoodRef {
  /** Canonical name: "food ration", "jackal corpse", "tin of lizard meat", "smoked tin", "tin of spinach". */
  name: string;
  kind: FoodKind;
  version: NethackVersion;
  /** oc_nutrition, corpse cnutrit, glob weight, or tin variety nutrition (spinach: 600 max). */
  nutrition: number;
  /** Meal length before partial-eating scaling: oc_delay, or 3 + (cwt >> 6) for corpses and globs. */
  delay: number;
  weight: number;
  item?: FoodEntry;
  /** The corpse's monster, or a glob's pudding. */
  monster?: MonsterEntry;
  /** Tins: the variety, `random` when not known; `spinach` and `empty` are contents. */
  tin?: TinVarietyKey | 'random';
  /** Tins: the monster inside (corpsenm), or undefined when only the variety is known. */
  tinMonster?: MonsterEntry;
  /** Greasy tins make your fingers slippery. */
  greasy?: boolean;
}

export interface FoodName {
  name: string;
  aliases: string[];
  label: string;
  kind: FoodKind;
}

const isGlob = (f: FoodEntry) => f.name.startsWith('glob of ');

/** Monsters whose corpse a version's game can leave (zombies and mummies leave their placeholder's). */
function corpseMonsters(version: NethackVersion): MonsterEntry[] {
  return tablesFor(version).allMons.filter((m) => m.leavesCorpse && !m.corpseAs);
}

function corpseName(m: MonsterEntry): string {
  if (m.pm.startsWith('PM_HUMAN_WERE')) return `${m.name} corpse (human form)`;
  return `${m.name} corpse`;
}

/** Every name a monster answers to: the neutral name and 5.0's male/female names. */
const monsterNames = (m: MonsterEntry): string[] => [m.name, ...(m.names ? [m.names.male, m.names.female] : [])];

function varietyTinName(key: TinVarietyKey): string {
  if (key === 'spinach') return 'tin of spinach';
  if (key === 'empty') return 'empty tin';
  if (key === 'soup') return 'tin of soup';
  return `${key} tin`;
}

/** src/eat.c tin_details(): "tin of lichen" for vegetarian() monsters, else "tin of jackal meat". */
export function monsterTinName(m: MonsterEntry): string {
  const base = m.pm.startsWith('PM_HUMAN_WERE') ? `${m.name} (human form)` : m.name;
  return m.vegetarian ? `tin of ${base}` : `tin of ${base} meat`;
}

let namesCache: FoodName[] | null = null;
/** Every food name the meal planner accepts, over all versions (a version rejects what it lacks). */
export function foodNames(): FoodName[] {
  if (namesCache) return namesCache;
  const out: FoodName[] = [];
  const seen = new Set<string>();
  const add = (f: FoodName) => {
    if (seen.has(f.name)) return;
    seen.add(f.name);
    out.push(f);
  };
  for (const v of NETHACK_VERSIONS) {
    for (const f of tablesFor(v).foods) {
      if (f.name === 'corpse' || f.name === 'tin' || f.name.startsWith('generic ')) continue;
      const aliases =
        f.name === 'huge chunk of meat'
          ? ['enormous meatball']
          : f.name === 'enormous meatball'
            ? ['huge chunk of meat']
            : [];
      const label = isGlob(f)
        ? `${f.name} (weight 20: ${f.nutrition} nutrition)`
        : `${f.name} — ${f.nutrition} nutrition, ${f.delay} turn${f.delay === 1 ? '' : 's'}`;
      add({ name: f.name, aliases, label, kind: isGlob(f) ? 'glob' : 'item' });
    }
  }
  for (const v of NETHACK_VERSIONS) {
    for (const m of corpseMonsters(v)) {
      const names = monsterNames(m);
      add({
        name: corpseName(m),
        aliases: [...names, ...names.map((n) => `${n} corpse`)],
        label: `${corpseName(m)} — ${m.cnutrit} nutrition, ${m.corpseEatTime} turns${v !== '3.6.7' ? ` (${v})` : ''}`,
        kind: 'corpse',
      });
    }
  }
  add({
    name: 'tin of spinach',
    aliases: ['spinach', 'spinach tin'],
    label: 'tin of spinach — 600 blessed, 401-600 uncursed, 201-600 cursed',
    kind: 'tin',
  });
  add({ name: 'empty tin', aliases: [], label: 'empty tin — 0', kind: 'tin' });
  for (const t of TIN_VARIETIES) {
    const name = varietyTinName(t.key);
    const aliases = [`tin of ${t.text} meat`, `${t.text} tin`, `tin (${t.key})`];
    if (t.key === 'soup') aliases.push('soup tin', 'tin of soup made from');
    add({
      name,
      aliases,
      label: `${name} — ${t.nutrition < 0 ? 'no nutrition (vomiting)' : `${t.nutrition} nutrition`}`,
      kind: 'tin',
    });
  }
  for (const v of NETHACK_VERSIONS) {
    for (const m of corpseMonsters(v))
      add({
        name: monsterTinName(m),
        aliases: [`tin of ${m.name} meat`, `${m.name} tin`],
        label: `${monsterTinName(m)} — variety decides the nutrition`,
        kind: 'tin',
      });
  }
  namesCache = out;
  return out;
}

/** Resolution options: a glob's weight, and a tin's variety when the name gives only its contents. */
export interface FoodOptions {
  globWeight?: number;
  tinVariety?: MeatVariety;
}

/**
 * The food for a version, by canonical name (see foodNames()). Throws a plain Error naming what
 * the version lacks (globs in 3.4.3, pudding corpses in 3.6.7/5.0, monsters of one version).
 */
export function foodFor(name: string, version: NethackVersion, opts: FoodOptions = {}): FoodRef {
  const n = name.trim().toLowerCase();
  const tin = tinFor(n, version, opts.tinVariety);
  if (tin) return tin;
  if (n.endsWith(' corpse') || n.endsWith(' corpse (human form)')) return corpseFor(n, name, version);
  return itemFor(n, name, version, opts);
}

function findMonster(base: string, version: NethackVersion, humanForm: boolean): MonsterEntry | undefined {
  return tablesFor(version).allMons.find(
    (m) => monsterNames(m).some((x) => x.toLowerCase() === base) && m.pm.startsWith('PM_HUMAN_WERE') === humanForm,
  );
}

/** The versions whose tables have a monster of this name. */
function versionsWith(base: string): NethackVersion[] {
  return NETHACK_VERSIONS.filter((v) => !!findMonster(base, v, false) || !!findMonster(base, v, true));
}

function corpseFor(n: string, typed: string, version: NethackVersion): FoodRef {
  const human = n.endsWith('(human form)');
  const base = n.replace(/ corpse( \(human form\))?$/, '');
  const m = findMonster(base, version, human);
  if (!m) {
    const where = versionsWith(base);
    if (where.length)
      throw new UserError(
        `NetHack ${version} has no ${base}: it exists in ${where.join(', ')}.`,
        'Pick another food or version.',
        'unknown_food',
      );
    throw new UserError(`No such corpse: ${typed}`, 'Pick another food or version.', 'unknown_food');
  }
  if (!m.leavesCorpse || m.corpseAs) {
    const glob = tablesFor(version).foods.find((f) => f.globOf === m.name);
    const instead = m.corpseAs ? tablesFor(version).monsterByPm(m.corpseAs)?.name : undefined;
    const hint = glob
      ? `Ask for "${glob.name}" instead.`
      : instead
        ? `Ask for "${instead} corpse" instead.`
        : 'Pick another food or version.';
    throw new UserError(noCorpseMessage(m, version), hint, 'unknown_food');
  }
  // src/eat.c eatcorpse(): reqtime = 3 + (mons[].cwt >> 6)
  return {
    name: corpseName(m),
    kind: 'corpse',
    version,
    nutrition: m.cnutrit,
    delay: 3 + (m.cwt >> 6),
    weight: m.cwt,
    monster: m,
  };
}

/** Why a monster leaves no corpse (G_NOCORPSE), pointing at what make_corpse() leaves instead. */
export function noCorpseMessage(m: MonsterEntry, version: NethackVersion): string {
  const instead = m.corpseAs ? tablesFor(version).monsterByPm(m.corpseAs)?.name : undefined;
  if (instead) {
    // src/mon.c make_corpse(): zombies, mummies and vampires leave undead_to_corpse()'s corpse with
    // "obj->age -= 100" (3.6.7:375, 3.4.3:239), 5.0 "-= (TAINT_AGE + 1)" = 51 (mon.c:648).
    const age = version === '5.0' ? 51 : 100;
    const what = `a ${instead} corpse instead, already ${age} turns old`;
    return `In NetHack ${version} a ${m.name} leaves no corpse of its own: make_corpse() leaves ${what}.`;
  }
  const glob = tablesFor(version).foods.find((f) => f.globOf === m.name);
  if (glob)
    return `In NetHack ${version} a ${m.name} leaves no corpse: make_corpse() leaves a ${glob.name} instead. Ask for "${glob.name}".`;
  return `In NetHack ${version} a ${m.name} leaves no corpse (G_NOCORPSE).`;
}

function itemFor(n: string, typed: string, version: NethackVersion, opts: FoodOptions): FoodRef {
  const t = tablesFor(version);
  // 5.0 include/objects.h renamed the huge chunk of meat; accept either name in every version.
  const renamed = n === 'enormous meatball' || n === 'huge chunk of meat';
  const f =
    t.foods.find((x) => x.name.toLowerCase() === n) ??
    (renamed ? t.foods.find((x) => x.otyp === 'HUGE_CHUNK_OF_MEAT' || x.otyp === 'ENORMOUS_MEATBALL') : undefined);
  if (!f || f.name === 'corpse' || f.name === 'tin') {
    if (n.startsWith('glob of ') && version === '3.4.3')
      throw new UserError(
        'Globs do not exist in NetHack 3.4.3: puddings leave corpses there.',
        'Pick another food or version.',
        'unknown_food',
      );
    throw new UserError(
      `No such food in NetHack ${version}: ${typed}`,
      'Pick another food or version.',
      'unknown_food',
    );
  }
  if (isGlob(f)) {
    const w = opts.globWeight ?? f.weight;
    const monster = t.allMons.find((m) => m.name === f.globOf);
    // src/eat.c obj_nutrition(): glob nutrition = owt; eatcorpse(): 3 + (owt >> 6)
    return { name: f.name, kind: 'glob', version, nutrition: w, delay: 3 + (w >> 6), weight: w, item: f, monster };
  }
  return { name: f.name, kind: 'item', version, nutrition: f.nutrition, delay: f.delay, weight: f.weight, item: f };
}

function tinFor(n: string, version: NethackVersion, variety: MeatVariety | undefined): FoodRef | null {
  const mk = (key: TinVarietyKey | 'random', label: string, tinMonster?: MonsterEntry): FoodRef => {
    const nutrition =
      key === 'spinach'
        ? 600
        : key === 'empty' || key === 'random'
          ? 0
          : TIN_VARIETIES.find((x) => x.key === key)!.nutrition;
    return {
      name: label,
      kind: 'tin',
      version,
      nutrition,
      delay: 0,
      weight: 10,
      tin: key,
      tinMonster,
      greasy: key !== 'random' && tinIsGreasy(key, version),
    };
  };
  if (n === 'tin of spinach' || n === 'spinach' || n === 'spinach tin') return mk('spinach', 'tin of spinach');
  if (n === 'empty tin') return mk('empty', 'empty tin');
  for (const t of TIN_VARIETIES) {
    if (n === varietyTinName(t.key) || n === `tin of ${t.text} meat` || n === `${t.text} tin` || n === `tin (${t.key})`)
      return mk(t.key, varietyTinName(t.key));
  }
  if (n === 'soup tin' || n === 'tin of soup made from') return mk('soup', varietyTinName('soup'));
  // "tin of jackal meat", "tin of lichen", "jackal tin"
  const mm = n.match(/^tin of (.+?)( meat)?$/) ?? n.match(/^(.+?) tin$/);
  if (!mm) return null;
  const human = mm[1]!.endsWith(' (human form)');
  const base = mm[1]!.replace(/ \(human form\)$/, '');
  const m = findMonster(base, version, human);
  if (!m) {
    const where = versionsWith(base);
    if (where.length)
      throw new UserError(
        `NetHack ${version} has no ${base}: it exists in ${where.join(', ')}.`,
        'Pick another food or version.',
        'unknown_food',
      );
    return null;
  }
  // src/eat.c / tin.c: only corpses can be tinned (tinning kit refuses G_NOCORPSE); globs cannot.
  if (!m.leavesCorpse || m.corpseAs)
    throw new UserError(
      `No tin holds ${m.name}: it leaves no corpse of its own to tin.`,
      'Pick another food or version.',
      'unknown_food',
    );
  // No variety given: the tin's variety is whatever set_tin_variety() rolled when it was made.
  return mk(variety ?? 'random', monsterTinName(m), m);
}

/** Is this name one of ours (for resolveName)? */
export function isFoodName(n: string): boolean {
  const q = n.trim().toLowerCase();
  return foodNames().some((f) => f.name.toLowerCase() === q || f.aliases.some((a) => a.toLowerCase() === q));
}
