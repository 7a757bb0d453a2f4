// /nethack food name:<name> — the table entry of a comestible, corpse or tin.
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, capitalize, compact, field, fmt, sourcesEmbed, turns } from '../../src/kit/render.ts';
import { toChoices } from '../../src/kit/choices.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../src/engine/cite.ts';
import { BUCS, type Buc, type FoodRef } from '../../src/engine/nethack/index.ts';
import { tinContents } from '../../src/engine/nethack/tins.ts';
import { foodNamed, resolveFood, tinCode } from './meal.ts';
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
  /** Tins: what opening one gives, by BUC (a rotten or exploding tin counts 0; consume_tin(), 3.4.3 opentin()). */
  tinNutrition?: Record<Buc, { min: number; max: number; mean: number }>;
  /** Intrinsics a corpse can give (cpostfx() candidates). */
  intrinsics: string[];
  givesStrength: boolean;
  nonrotting: boolean;
  notes: string[];
  citations: Citation[];
}

/** A tin's nutrition when opened, for each BUC, from the same contents the meal planner uses. */
function tinNutritionByBuc(food: FoodRef): FoodInfoResult['tinNutrition'] {
  const by = {} as NonNullable<FoodInfoResult['tinNutrition']>;
  for (const buc of BUCS) {
    const outcomes = tinContents(food.version, food.tin ?? 'random', food.tinMonster, buc).outcomes;
    const values = outcomes.map((o) => {
      const n: [number, number] = Array.isArray(o.nutrition) ? o.nutrition : [o.nutrition, o.nutrition];
      return o.vomiting || o.variety === 'exploded'
        ? { lo: 0, hi: 0, mean: 0, p: o.probability }
        : { lo: n[0], hi: n[1], mean: (n[0] + n[1]) / 2, p: o.probability };
    });
    by[buc] = {
      min: Math.min(...values.map((x) => x.lo)),
      max: Math.max(...values.map((x) => x.hi)),
      mean: values.reduce((a, x) => a + x.mean * x.p, 0),
    };
  }
  return by;
}

export function foodInfo(food: FoodRef): FoodInfoResult {
  const v = food.version;
  const m = food.monster ?? food.tinMonster;
  const it = food.item;
  const notes: string[] = [];
  const citations: Citation[] = [];
  if (food.kind === 'corpse') {
    citations.push(
      nethackCite(v === '5.0' ? 'include/monsters.h' : 'src/monst.c', 'mons[] SIZ(weight, nutrition)', {
        version: v,
        note: 'corpse weight and nutrition',
      }),
      nethackCite('src/eat.c', 'eatcorpse()', { version: v, note: 'eating time 3 + (cwt >> 6)' }),
    );
  } else if (food.kind === 'tin') {
    citations.push(nethackCite('src/eat.c', 'tintxts[]', { version: v, note: 'tin nutrition by variety' }));
    notes.push(
      'Tins take time to open (tin opener, dagger, bare hands…) and then give everything at once: ' +
        '`/nethack meal` gives the exact odds per tool.',
    );
    if (food.tin === 'random')
      notes.push(
        'The variety (and so the nutrition) was rolled when the tin was made; give `variety:` to `/nethack meal`.',
      );
    if (
      food.tinMonster?.nonrottingCorpse ||
      (v === '3.4.3' && ['PM_LIZARD', 'PM_LICHEN'].includes(food.tinMonster?.pm ?? ''))
    )
      notes.push(
        `A tin of ${food.tinMonster!.name} never rots: a rotten or cursed one is homemade instead ` +
          `(${v === '3.4.3' ? 'opentin()' : 'tin_variety()'}).`,
      );
    if (food.tin === 'spinach') notes.push('Spinach breaks no vegetarian or vegan conduct.');
  } else
    citations.push(
      nethackCite(v === '5.0' ? 'include/objects.h' : 'src/objects.c', 'FOOD()', {
        version: v,
        note: 'nutrition, delay, weight',
      }),
    );
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
    vegan: m
      ? m.vegan
      : food.tin === 'spinach' || food.tin === 'empty'
        ? true
        : food.kind === 'tin'
          ? null
          : (it?.conductVegan ?? null),
    vegetarian: m
      ? m.vegetarian
      : food.tin === 'spinach' || food.tin === 'empty'
        ? true
        : food.kind === 'tin'
          ? null
          : (it?.conductVegetarian ?? null),
    poisonous: !!m?.poisonous,
    ...(food.tinMonster ? { tinOf: food.tinMonster.name } : {}),
    ...(food.tin === 'random' ? { varietyRandom: true } : {}),
    ...(food.kind === 'tin' ? { tinNutrition: tinNutritionByBuc(food) } : {}),
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
const num = (n: number) => (Number.isInteger(n) ? fmt(n) : fmt(Math.round(n * 10) / 10));
const span = (r: { min: number; max: number }) =>
  r.max === 0 ? 'none' : r.min === r.max ? fmt(r.min) : `${fmt(r.min)}–${fmt(r.max)}`;

/** "poisonous, acidic": what makes eating it dangerous, or null. */
function dangers(r: FoodInfoResult): string | null {
  const d = [r.petrifying && 'petrifying', r.poisonous && 'poisonous', r.acidic && 'acidic'].filter(Boolean);
  return d.length ? d.join(', ') : null;
}

/**
 * The key number: "Food ration: 800 nutrition, 5 turns", "Kobold corpse: 100 nutrition, 9 turns (poisonous)",
 * "Tin of spinach: 401–600 nutrition (mean 500.5) uncursed; blessed 600, cursed 201–600".
 */
export function foodTitle(r: FoodInfoResult): string {
  const name = capitalize(r.name);
  const danger = dangers(r);
  if (r.tinNutrition) {
    const t = r.tinNutrition;
    const mean = t.uncursed.min === t.uncursed.max ? '' : ` (mean ${num(t.uncursed.mean)})`;
    const u = `${span(t.uncursed)} nutrition${mean}`;
    const same = BUCS.every((b) => span(t[b]) === span(t.uncursed));
    const others = same ? '' : ` uncursed; blessed ${span(t.blessed)}, cursed ${span(t.cursed)}`;
    return `${name}: ${u}${others}${danger ? ` (${danger})` : ''}`;
  }
  return `${name}: ${fmt(r.nutrition)} nutrition, ${turns(r.turns)}${danger ? ` (${danger})` : ''}`;
}

/** mons[] intrinsic names ("poison res", "telepat") in players' words. */
const INTRINSIC_WORDS: Record<string, string> = {
  'sleep res': 'sleep resistance',
  'shock res': 'shock resistance',
  'fire res': 'fire resistance',
  'cold res': 'cold resistance',
  'poison res': 'poison resistance',
  'acid res': 'acid resistance',
  'disint res': 'disintegration resistance',
  'stone res': 'stoning resistance',
  telepat: 'telepathy',
  teleport: 'teleportitis',
  'teleport control': 'teleport control',
};
const canGive = (r: FoodInfoResult) => [
  ...r.intrinsics.map((i) => INTRINSIC_WORDS[i] ?? i),
  ...(r.givesStrength ? ['strength'] : []),
];

function foodCompact(r: FoodInfoResult): APIEmbed {
  const gives = canGive(r);
  return compact({
    title: foodTitle(r),
    color: dangers(r) ? COLORS.warning : COLORS.info,
    lines: [
      r.kind === 'tin' ? 'Opening time varies by tool; then everything at once.' : `Weight ${fmt(r.weight)}.`,
      `Vegan ${yn(r.vegan)} · vegetarian ${yn(r.vegetarian)}${r.nonrotting ? ' · never rots' : ''}.`,
      (r.kind === 'corpse' || r.tinOf) &&
        `Can give: ${gives.join(', ') || 'nothing'}${gives.length ? ' (`/nethack corpse` has the chances)' : ''}.`,
      r.notes[0],
    ],
    footer: nethackFooter(
      r.version,
      r.kind === 'corpse' ? 'src/eat.c eatcorpse()' : r.kind === 'tin' ? tinCode(r.version) : 'src/eat.c doeat()',
    ),
  });
}

function foodDetails(r: FoodInfoResult): APIEmbed[] {
  const t = r.tinNutrition;
  const nutrition = t ? BUCS.map((b) => `${b} ${span(t[b])}`).join(', ') : fmt(r.nutrition);
  const fields: APIEmbedField[] = [
    field('Nutrition', nutrition, true),
    field('Turns to eat', r.kind === 'tin' ? 'opening time varies' : fmt(r.turns), true),
    field('Weight', fmt(r.weight), true),
    field('Vegan / vegetarian', `${yn(r.vegan)} / ${yn(r.vegetarian)}`, true),
    field('Poisonous / acidic / petrifying', `${yn(r.poisonous)} / ${yn(r.acidic)} / ${yn(r.petrifying)}`, true),
  ];
  if (r.kind === 'corpse' || r.tinOf) fields.push(field('Can give', canGive(r).join(', ') || 'nothing', true));
  if (r.notes.length) fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
  const color = dangers(r) ? COLORS.warning : COLORS.info;
  return [{ title: foodTitle(r), color, fields, footer: nethackFooter(r.version) }, sourcesEmbed(r.citations, color)];
}

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
    return { embeds: [foodCompact(r)], details: foodDetails(r), result: r, ephemeral: args.hide };
  },
});
