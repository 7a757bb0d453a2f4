// Everything a hero can eat as a meal, by version: comestibles (src/objects.c FOOD()), every
// monster corpse (src/monst.c SIZ(weight, nutrition)), tins by variety (src/eat.c tintxts[])
// and globs. The 3.6.7 tables come from src/data/nethack-3.6.7 (data.ts); 3.4.3 and 5.0 differ
// only where listed below (diffed against those trees' objects.c / monst.c / objects.h / monsters.h).
import { UserError } from '../../errors.ts';
import type { NethackVersion } from '../cite.ts';
import { ALL_MONS, FOODS, type FoodEntry, type MonsterEntry } from './data.ts';

export type FoodKind = 'item' | 'corpse' | 'tin' | 'glob';

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
export type TinVarietyKey = (typeof TIN_VARIETIES)[number]['key'] | 'spinach' | 'empty';

/** A food as the meal planner sees it, for one version. */
export interface FoodRef {
  /** Canonical name (choice value): "food ration", "jackal corpse", "deep fried tin", "tin of spinach". */
  name: string;
  kind: FoodKind;
  version: NethackVersion;
  /** oc_nutrition, corpse cnutrit, glob weight, or tin variety nutrition (spinach: 600 max). */
  nutrition: number;
  /** Meal length before partial-eating scaling: oc_delay, or 3 + (cwt >> 6) for corpses and globs. */
  delay: number;
  weight: number;
  item?: FoodEntry;
  monster?: MonsterEntry;
  tin?: TinVarietyKey;
  /** Greasy tins make your fingers slippery. */
  greasy?: boolean;
}

export interface FoodName {
  name: string;
  aliases: string[];
  label: string;
  kind: FoodKind;
}

// ---------------------------------------------------------------------------------------------
// Version differences in the tables

/** 3.4.3 src/monst.c: Norn and Orion were human-sized (WT_HUMAN 1450, 400 nutrition). */
const MONSTER_343: Record<string, { cwt: number; cnutrit: number }> = {
  PM_NORN: { cwt: 1450, cnutrit: 400 },
  PM_ORION: { cwt: 1450, cnutrit: 400 },
};
/** 5.0 include/monsters.h SIZ() changes (nethack-5.0-changes.md 2.6, checked in the tree). */
const MONSTER_50: Record<string, { cwt: number; cnutrit: number }> = {
  PM_GIANT_BEETLE: { cwt: 200, cnutrit: 50 },
  PM_GIANT_SPIDER: { cwt: 200, cnutrit: 100 },
};
/** Monsters new in 5.0 with corpses (include/monsters.h). */
const NEW_MONSTERS_50: { name: string; cwt: number; cnutrit: number; poisonous?: boolean }[] = [
  { name: 'displacer beast', cwt: 750, cnutrit: 400 },
  { name: 'baby gold dragon', cwt: 1500, cnutrit: 500 },
  { name: 'gold dragon', cwt: 4500, cnutrit: 1500 },
  { name: 'genetic engineer', cwt: 1450, cnutrit: 20, poisonous: true },
];
/** Globs do not exist in 3.4.3. */
const isGlob = (f: FoodEntry) => f.name.startsWith('glob of ');

function corpseName(m: MonsterEntry): string {
  if (m.pm.startsWith('PM_HUMAN_WERE')) return `${m.name} corpse (human form)`;
  return `${m.name} corpse`;
}

const CORPSE_MONS = ALL_MONS.filter((m) => m.leavesCorpse && !m.corpseAs);

// ---------------------------------------------------------------------------------------------
// Names for autocomplete and resolution

function tinName(key: TinVarietyKey): string {
  if (key === 'spinach') return 'tin of spinach';
  if (key === 'empty') return 'empty tin';
  if (key === 'soup') return 'tin of soup';
  return `${key} tin`;
}

let namesCache: FoodName[] | null = null;
/** Every food name the meal planner accepts (all versions; versions reject what they lack). */
export function foodNames(): FoodName[] {
  if (namesCache) return namesCache;
  const out: FoodName[] = [];
  for (const f of FOODS) {
    if (f.name === 'corpse' || f.name === 'tin') continue;
    const aliases = f.name === 'huge chunk of meat' ? ['enormous meatball'] : [];
    const label = isGlob(f) ? `${f.name} (weight 20: ${f.nutrition} nutrition)` : `${f.name} — ${f.nutrition} nutrition, ${f.delay} turn${f.delay === 1 ? '' : 's'}`;
    out.push({ name: f.name, aliases, label, kind: isGlob(f) ? 'glob' : 'item' });
  }
  for (const m of CORPSE_MONS) {
    out.push({ name: corpseName(m), aliases: [m.name, `${m.name} corpse`], label: `${corpseName(m)} — ${m.cnutrit} nutrition, ${m.corpseEatTime} turns`, kind: 'corpse' });
  }
  for (const m of NEW_MONSTERS_50) out.push({ name: `${m.name} corpse`, aliases: [m.name], label: `${m.name} corpse (5.0) — ${m.cnutrit} nutrition`, kind: 'corpse' });
  out.push({ name: 'tin of spinach', aliases: ['spinach', 'spinach tin'], label: 'tin of spinach — 600 blessed, 401-600 uncursed, 201-600 cursed', kind: 'tin' });
  out.push({ name: 'empty tin', aliases: [], label: 'empty tin — 0', kind: 'tin' });
  for (const t of TIN_VARIETIES) {
    const name = tinName(t.key);
    const aliases = [`tin of ${t.text} meat`, `${t.text} tin`, `tin (${t.key})`];
    if (t.key === 'soup') aliases.push('soup tin', 'tin of soup made from');
    out.push({ name, aliases, label: `${name} — ${t.nutrition < 0 ? 'no nutrition (vomiting)' : `${t.nutrition} nutrition`}`, kind: 'tin' });
  }
  namesCache = out;
  return out;
}

/**
 * The food for a version, by canonical name (see foodNames()). Throws a plain Error naming what
 * the version lacks (globs in 3.4.3, 5.0-only monsters elsewhere).
 */
export function foodFor(name: string, version: NethackVersion, opts: { globWeight?: number } = {}): FoodRef {
  const n = name.trim().toLowerCase();
  // Tins
  const tinKey = tinKeyOf(n);
  if (tinKey) {
    if (tinKey === 'spinach') return { name: 'tin of spinach', kind: 'tin', version, nutrition: 600, delay: 0, weight: 10, tin: 'spinach' };
    if (tinKey === 'empty') return { name: 'empty tin', kind: 'tin', version, nutrition: 0, delay: 0, weight: 10, tin: 'empty' };
    const t = TIN_VARIETIES.find((x) => x.key === tinKey)!;
    return { name: tinName(t.key), kind: 'tin', version, nutrition: t.nutrition, delay: 0, weight: 10, tin: t.key, greasy: t.greasy && !(version === '3.4.3' && t.key === 'stir fried') };
  }
  // Corpses
  if (n.endsWith(' corpse') || n.endsWith(' corpse (human form)')) {
    const human = n.endsWith('(human form)');
    const base = n.replace(/ corpse( \(human form\))?$/, '');
    const fresh = NEW_MONSTERS_50.find((m) => m.name.toLowerCase() === base);
    if (fresh) {
      if (version !== '5.0') throw new UserError(`The ${base} exists only in NetHack 5.0.`, 'Pick another food or version.', 'unknown_food');
      return { name: `${base} corpse`, kind: 'corpse', version, nutrition: fresh.cnutrit, delay: 3 + (fresh.cwt >> 6), weight: fresh.cwt };
    }
    const m = CORPSE_MONS.find((x) => x.name.toLowerCase() === base && x.pm.startsWith('PM_HUMAN_WERE') === human);
    if (!m) throw new UserError(`No such corpse: ${name}`, 'Pick another food or version.', 'unknown_food');
    const o = (version === '3.4.3' ? MONSTER_343[m.pm] : version === '5.0' ? MONSTER_50[m.pm] : undefined) ?? { cwt: m.cwt, cnutrit: m.cnutrit };
    // src/eat.c eatcorpse(): reqtime = 3 + (mons[].cwt >> 6)
    return { name: corpseName(m), kind: 'corpse', version, nutrition: o.cnutrit, delay: 3 + (o.cwt >> 6), weight: o.cwt, monster: m };
  }
  const alias = n === 'enormous meatball' ? 'huge chunk of meat' : n;
  const f = FOODS.find((x) => x.name.toLowerCase() === alias);
  if (!f || f.name === 'corpse' || f.name === 'tin') throw new UserError(`No such food: ${name}`, 'Pick another food or version.', 'unknown_food');
  if (isGlob(f)) {
    if (version === '3.4.3') throw new UserError('Globs do not exist in NetHack 3.4.3.', 'Pick another food or version.', 'unknown_food');
    const w = opts.globWeight ?? f.weight;
    // src/eat.c obj_nutrition(): glob nutrition = owt; eatcorpse(): 3 + (owt >> 6)
    return { name: f.name, kind: 'glob', version, nutrition: w, delay: 3 + (w >> 6), weight: w, item: f };
  }
  // 5.0 include/objects.h: eucalyptus leaf 30 -> 1; "huge chunk of meat" renamed "enormous meatball".
  const nutrition = version === '5.0' && f.name === 'eucalyptus leaf' ? 1 : f.nutrition;
  const shown = version === '5.0' && f.name === 'huge chunk of meat' ? 'enormous meatball' : f.name;
  return { name: shown, kind: 'item', version, nutrition, delay: f.delay, weight: f.weight, item: f };
}

function tinKeyOf(n: string): TinVarietyKey | null {
  if (n === 'tin of spinach' || n === 'spinach' || n === 'spinach tin') return 'spinach';
  if (n === 'empty tin') return 'empty';
  for (const t of TIN_VARIETIES) {
    if (n === tinName(t.key) || n === `tin of ${t.text} meat` || n === `${t.text} tin` || n === `tin (${t.key})`) return t.key;
  }
  if (n === 'soup tin' || n === 'tin of soup made from') return 'soup';
  return null;
}

/** Is this name one of ours (for resolveName)? */
export function isFoodName(n: string): boolean {
  const q = n.trim().toLowerCase();
  return foodNames().some((f) => f.name.toLowerCase() === q || f.aliases.some((a) => a.toLowerCase() === q));
}
