// /nethack food name:<name> — the table entry of a comestible, corpse or tin.
import type { APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/bot/kinds.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { toChoices } from '../../src/bot/fuzzy.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../src/engine/cite.ts';
import type { FoodRef } from '../../src/engine/nethack/index.ts';
import { foodNamed, resolveFood } from './meal.ts';
import { nethackFooter } from './forecast.ts';

export interface FoodInfoResult {
  game: 'nethack';
  version: NethackVersion;
  name: string;
  kind: FoodRef['kind'];
  nutrition: number;
  /** Turns to eat a whole one (corpses: 3 + (cwt >> 6)); tins: 0 (opening time varies). */
  turns: number;
  weight: number;
  vegan: boolean | null;
  vegetarian: boolean | null;
  poisonous: boolean;
  acidic: boolean;
  petrifying: boolean;
  /** Tins: the monster inside (corpsenm). */
  tinOf?: string;
  /** Tins of unknown variety: `nutrition` is 0 and the variety decides (20 to 500, rotten none). */
  varietyRandom?: boolean;
  /** Intrinsics a corpse can give (cpostfx() candidates). */
  intrinsics: string[];
  givesStrength: boolean;
  nonrotting: boolean;
  notes: string[];
  citations: Citation[];
}

export function foodInfo(food: FoodRef): FoodInfoResult {
  const v = food.version;
  const m = food.monster ?? food.tinMonster;
  const it = food.item;
  const notes: string[] = [];
  const citations: Citation[] = [];
  if (food.kind === 'corpse') {
    citations.push(nethackCite(v === '5.0' ? 'include/monsters.h' : 'src/monst.c', 'mons[] SIZ(weight, nutrition)', { version: v, note: 'corpse weight and nutrition' }), nethackCite('src/eat.c', 'eatcorpse()', { version: v, note: 'eating time 3 + (cwt >> 6)' }));
  } else if (food.kind === 'tin') {
    citations.push(nethackCite('src/eat.c', 'tintxts[]', { version: v, note: 'tin nutrition by variety' }));
    notes.push('Tins take time to open (tin opener, dagger, bare hands…) and then give everything at once: `/nethack meal` gives the exact odds per tool.');
    if (food.tin === 'random') notes.push('The variety (and so the nutrition) was rolled when the tin was made; give `variety:` to `/nethack meal`.');
    if (food.tinMonster?.nonrottingCorpse || (v === '3.4.3' && ['PM_LIZARD', 'PM_LICHEN'].includes(food.tinMonster?.pm ?? ''))) notes.push(`A tin of ${food.tinMonster!.name} never rots: a rotten or cursed one is homemade instead (tin_variety()).`);
    if (food.tin === 'spinach') notes.push('Spinach breaks no vegetarian or vegan conduct.');
  } else citations.push(nethackCite(v === '5.0' ? 'include/objects.h' : 'src/objects.c', 'FOOD()', { version: v, note: 'nutrition, delay, weight' }));
  if (food.kind === 'glob') notes.push('Globs: nutrition equals weight; eating time 3 + (weight >> 6).');
  if (it?.nonrotting) notes.push('Lembas and cram rot only when cursed (3.6.x and 5.0).');
  if (m?.rider) notes.push('Eating a Rider corpse is fatal.');
  const intrinsics = (m?.eatIntrinsics ?? []).map((p) => p.toLowerCase().replace(/_/g, ' '));
  return {
    game: 'nethack',
    version: v,
    name: food.name,
    kind: food.kind,
    nutrition: food.nutrition,
    turns: food.delay,
    weight: food.weight,
    vegan: m ? m.vegan : food.tin === 'spinach' || food.tin === 'empty' ? true : food.kind === 'tin' ? null : (it?.conductVegan ?? null),
    vegetarian: m ? m.vegetarian : food.tin === 'spinach' || food.tin === 'empty' ? true : food.kind === 'tin' ? null : (it?.conductVegetarian ?? null),
    poisonous: !!m?.poisonous,
    ...(food.tinMonster ? { tinOf: food.tinMonster.name } : {}),
    ...(food.tin === 'random' ? { varietyRandom: true } : {}),
    acidic: !!m?.acidic,
    petrifying: !!m?.fleshPetrifies,
    intrinsics,
    givesStrength: !!m?.conveysStrength,
    nonrotting: !!(it?.nonrotting || m?.nonrottingCorpse),
    notes,
    citations,
  };
}

const yn = (b: boolean | null) => (b === null ? 'depends' : b ? 'yes' : 'no');

export const foodSubcommand = defineSubcommand({
  name: 'food',
  description: 'Nutrition, eating time and effects of a food',
  example: '/nethack food name:"jackal corpse"',
  options: { name: kinds.foodName.required(), version: kinds.nethackVersion },
  autocomplete(focused) {
    return focused.name === 'name' ? toChoices(focused.value, foodNamed()) : [];
  },
  run(args) {
    const r = foodInfo(resolveFood(args.name, args.version));
    const fields: APIEmbedField[] = [
      field('Nutrition', r.varietyRandom ? 'by variety: 20 to 500 (rotten: none)' : fmt(r.nutrition), true),
      field('Turns to eat', r.kind === 'tin' ? 'opening time varies' : fmt(r.turns), true),
      field('Weight', fmt(r.weight), true),
      field('Vegan / vegetarian', `${yn(r.vegan)} / ${yn(r.vegetarian)}`, true),
      field('Poisonous / acidic / petrifying', `${yn(r.poisonous)} / ${yn(r.acidic)} / ${yn(r.petrifying)}`, true),
    ];
    if (r.kind === 'corpse' || r.tinOf) fields.push(field('Can give', [...r.intrinsics, ...(r.givesStrength ? ['strength'] : [])].join(', ') || 'nothing', true));
    if (r.notes.length) fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
    fields.push(sourcesField(r.citations));
    return { embeds: [{ title: r.name, color: COLORS.info, fields, footer: nethackFooter(r.version) }], result: r, ephemeral: args.hide };
  },
});
