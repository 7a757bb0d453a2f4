// /nethack pet food|diet|hunger — what a pet makes of an item (src/dog.c dogfood()),
// a pet's diet at a glance, and its hunger clock. All answers come from
// src/engine/nethack/pets; this file only parses, resolves names and renders.
import { resolveRole } from '../../src/engine/nethack/roles.ts';
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, text } from '../../src/pipeline/options.ts';
import { defineSubcommand, type AutocompleteFn, type SubcommandGroup } from '../../src/pipeline/types.ts';
import { COLORS, capitalize, compact, field, fmt, sourcesEmbed, turns, versionFooter } from '../../src/kit/render.ts';
import { resolveName, type Named } from '../../src/names.ts';
import { roleChoices, toChoices } from '../../src/kit/choices.ts';
import { UserError } from '../../src/errors.ts';
import { shortRef, nethackCite, type NethackVersion } from '../../src/engine/cite.ts';
import { tablesFor, type MonsterEntry } from '../../src/engine/nethack/data.ts';
import { NETHACK_VERSIONS } from '../../src/engine/cite.ts';
import {
  CATEGORY_LABEL,
  allPetItemNames,
  dogFood,
  petDiet,
  petFoodMeaning,
  petHunger,
  petItems,
  petMeal,
  petTraining,
  speciesFor,
  type DogFoodCategory,
  type DietResult,
  type DogFoodResult,
  type PetFoodMeaning,
  type PetHungerResult,
  type PetMeal,
  type PetTraining,
  type PetItem,
} from '../../src/engine/nethack/pets/index.ts';
import { wikiDiffers } from '../../src/engine/nethack/pets/wiki.ts';

// --- names ---

interface NamedMonster extends Named {
  monster: MonsterEntry;
}
/** One version's monsters; duplicated names (were-creatures) get their symbol: "werejackal (@)". */
function petNames(version: NethackVersion): NamedMonster[] {
  const mons = tablesFor(version).monsters;
  const count = new Map<string, number>();
  for (const m of mons) count.set(m.name, (count.get(m.name) ?? 0) + 1);
  return mons.map((m) => {
    const dup = (count.get(m.name) ?? 0) > 1;
    const gendered = m.names ? [m.names.male, m.names.female] : [];
    const aliases = [...(dup && m.symbol !== '@' ? [m.name] : []), ...gendered];
    return {
      name: dup ? `${m.name} (${m.symbol})` : m.name,
      aliases: aliases.length ? aliases : undefined,
      monster: m,
    };
  });
}
const PET_NAMES_BY_VERSION = new Map(NETHACK_VERSIONS.map((v) => [v, petNames(v)]));
/** Every monster of every version (autocomplete); a version resolves in its own table. */
export const PET_NAMES: readonly NamedMonster[] = (() => {
  const seen = new Set<string>();
  return NETHACK_VERSIONS.flatMap((v) => PET_NAMES_BY_VERSION.get(v)!).filter(
    (n) => !seen.has(n.name) && !!seen.add(n.name),
  );
})();

interface NamedItem extends Named {
  versions: NethackVersion[];
}
/** Every item of every version (autocomplete), with the versions that have it. */
export const ITEM_NAMES: readonly NamedItem[] = allPetItemNames();

export function resolvePet(query: string, version: NethackVersion): MonsterEntry {
  // The autocomplete values "werejackal (@)" and "werejackal (d)" both normalize to the bare
  // name in resolveName() (it drops "(@)"), which would pick the animal form for either; match
  // the exact choice value first so the human form stays reachable.
  const raw = query.trim().toLowerCase();
  const own = PET_NAMES_BY_VERSION.get(version)!;
  const exact = own.find((n) => n.name.toLowerCase() === raw || n.aliases?.some((a) => a.toLowerCase() === raw));
  if (exact) return exact.monster;
  const m = resolveName(query, PET_NAMES, 'monster', 'unknown_monster').monster;
  const here = speciesFor(m, version) ?? own.find((n) => n.name === m.name)?.monster;
  if (!here) {
    const where = NETHACK_VERSIONS.filter((v) => PET_NAMES_BY_VERSION.get(v)!.some((n) => n.monster.pm === m.pm));
    throw new UserError(
      `NetHack ${version} has no ${m.name}.`,
      `It exists in ${where.join(', ')}. Pick another monster or version.`,
      'not_in_version',
    );
  }
  return here;
}

export function resolveItem(query: string, version: NethackVersion): PetItem {
  const named = resolveName(query, ITEM_NAMES, 'item', 'unknown_item');
  const it = petItems(version).find((i) => i.name === named.name);
  if (!it)
    throw new UserError(
      `NetHack ${version} has no ${named.name}.`,
      `It exists in ${named.versions.join(', ')}.`,
      'not_in_version',
    );
  return it;
}

const complete: AutocompleteFn = (focused) => {
  if (focused.name === 'pet') return toChoices(focused.value, PET_NAMES);
  if (focused.name === 'item' || focused.name === 'food' || focused.name === 'last_meal') {
    const foodNames = new Set(
      petItems('3.6.7')
        .filter((i) => i.oclass === 'FOOD_CLASS')
        .map((i) => i.name),
    );
    const pool =
      focused.name === 'item'
        ? ITEM_NAMES
        : ITEM_NAMES.filter((n) => foodNames.has(n.name) || n.name.endsWith(' corpse') || n.name.endsWith(' egg'));
    return toChoices(focused.value, pool);
  }
  if (focused.name === 'role') return roleChoices(focused.value);
  return [];
};

// --- rendering helpers ---

const CATEGORY_COLOR: Record<DogFoodCategory, number> = {
  DOGFOOD: COLORS.ok,
  CADAVER: COLORS.ok,
  ACCFOOD: COLORS.hungry,
  MANFOOD: COLORS.info,
  APPORT: COLORS.info,
  POISON: COLORS.fainting,
  UNDEF: COLORS.dead,
  TABU: COLORS.fainting,
};

const catText = (c: DogFoodCategory) => `${CATEGORY_LABEL[c]} (\`${c}\`)`;
const pct = (p: number) => `${+(p * 100).toFixed(2)}%`;

type ByState = { normal: boolean; hungry: boolean; starving: boolean };
function byState(s: ByState): 'always' | 'never' | 'when hungry or starving' | 'only when starving' {
  if (s.normal && s.hungry && s.starving) return 'always';
  if (!s.normal && !s.hungry && !s.starving) return 'never';
  if (!s.normal && s.hungry) return 'when hungry or starving';
  return 'only when starving';
}

/** "catches and eats it **always**", "**never** catches or eats it". */
function doesIt(verb: string, s: ByState): string {
  const when = byState(s);
  return when === 'never' ? `**never** ${verb.replace(' and ', ' or ')}` : `${verb} **${when}**`;
}

function wildText(w: PetFoodMeaning['thrownAtWild'], petName: string): string {
  if (!w.foodTameable) return `Thrown at a wild ${petName}: no taming (${w.why.replace(/^.*?: /, '')}).`;
  if (w.effect === 'tames') return `Thrown at a wild ${petName}: **tames** it; it devours the food.`;
  if (w.effect === 'pacifies') return `Thrown at a wild ${petName}: only **pacifies** it.`;
  return `Thrown at a wild ${petName}: nothing (${w.why}).`;
}

function meaningLines(m: PetFoodMeaning, petName: string): string {
  const otherwise =
    m.thrownAtPet.otherwise === 'missile'
      ? ' (otherwise it is thrown like any object)'
      : ' (otherwise it misses and lands)';
  const cursedToo = m.eatsWhenMovingOnto.normal || m.eatsWhenMovingOnto.hungry ? ' (never if cursed)' : '';
  const goal = m.goal.eat.normal
    ? 'to eat, always'
    : m.goal.eat.hungry
      ? 'to eat, when hungry'
      : m.goal.fetch
        ? 'only to fetch it'
        : 'never';
  const lines = [
    wildText(m.thrownAtWild, petName),
    `Thrown at your pet: ${doesIt('catches and eats it', m.thrownAtPet.catches)}${otherwise}.`,
    `Standing on it: ${doesIt('eats it', m.eatsWhereItStands)}.`,
    `Walking onto it: ${doesIt('eats it', m.eatsWhenMovingOnto)}${cursedToo}.`,
    `Goes for it: ${goal}.`,
  ];
  if (m.thrownAtWild.fullMoonDogRefusal) lines.push('Full moon at night: a dog refuses thrown food 5 times in 6.');
  if (m.followsCloser) lines.push('Carrying it makes your pet follow you more closely.');
  if (m.mayHitInstead) lines.push('Eggs and cream pies hit instead when Dex > rnd(25).');
  return lines.map((l) => `• ${l}`).join('\n');
}

function footer(v: NethackVersion, extra?: string) {
  return versionFooter('NetHack', v, shortRef(nethackCite('src/dog.c', undefined, { version: v })), extra);
}

/** "a tripe ration", "an egg", "a eucalyptus leaf"; artifacts and proper names as they are. */
function withArticle(name: string, artifact: boolean): string {
  if (artifact || /^(the|some) /i.test(name) || /^[A-Z][a-z]/.test(name)) return name;
  return /^(?:[aio]|e(?!u)|u(?!ni|se|su|ra))/i.test(name) ? `an ${name}` : `a ${name}`;
}

// --- /nethack pet food ---

/** What /nethack pet food answers (`result`): dogfood() plus what it means. */
export type PetFoodResult = DogFoodResult & {
  training: Pick<PetTraining, 'meaning' | 'fetched' | 'rewards'>;
  meaning: Omit<PetFoodMeaning, 'citations'> & { citations: undefined };
  meal: Omit<PetMeal, 'citations' | 'baseNutrition' | 'baseEatingTime'> | null;
  wikiDiffers: string[];
};

/**
 * The answer in one line: "Kitten won't eat a lichen corpse (MANFOOD)", "Kitten eats a tripe
 * ration: a treat (DOGFOOD)", "Kitten won't eat a potion of water, but fetches it (APPORT)".
 */
export function petFoodTitle(r: PetFoodResult): string {
  const pet = capitalize(r.pet.name);
  const item = withArticle(`${r.inputs.cursed ? 'cursed ' : ''}${r.item.name}`, !!r.item.artifact && !r.inputs.cursed);
  const odds = categoryOdds(r);
  const code =
    odds.length === 1
      ? r.category
      : `${r.category} ${pct(odds.find((o) => o.category === r.category)?.probability ?? 1)}`;
  const eats = byState(r.meaning.eatsWhenMovingOnto);
  if (eats === 'always') return `${pet} eats ${item}${r.category === 'DOGFOOD' ? ': a treat' : ''} (${code})`;
  if (eats === 'when hungry or starving') return `${pet} eats ${item} only when hungry (${code})`;
  if (eats === 'only when starving') return `${pet} eats ${item} only when starving (${code})`;
  if (r.item.oclass !== 'FOOD_CLASS') {
    if (r.training.fetched) return `${pet} won't eat ${item}, but fetches it: fine for fetch training (${code})`;
    if (r.category === 'UNDEF') return `${pet} ignores ${item}: never fetched (${code})`;
  }
  return `${pet} won't eat ${item} (${code})`;
}

/** Each category's chance (several branches can give the same category). */
function categoryOdds(r: DogFoodResult): { category: DogFoodCategory; probability: number }[] {
  const by = new Map<DogFoodCategory, number>();
  for (const o of r.outcomes) by.set(o.category, (by.get(o.category) ?? 0) + o.probability);
  return [...by].map(([category, probability]) => ({ category, probability }));
}

/** The fetch-training fact in one line. */
function trainingLine(r: PetFoodResult): string {
  if (r.training.rewards) return 'Fetch training: a treat eaten right after it drops something near you raises apport.';
  if (r.training.fetched)
    return 'Fetch training: it may carry this and drop it near you; reward each drop with a treat.';
  return 'Fetch training: it never picks this up or fetches it.';
}

function stateText(r: DogFoodResult): string | null {
  const bits: string[] = [];
  if (r.inputs.cursed) bits.push('cursed');
  if (r.inputs.age !== null) bits.push(`${fmt(r.inputs.age)} turns old${r.inputs.onIce ? ' on ice' : ''}`);
  if (r.inputs.petState !== 'normal') bits.push(`pet ${r.inputs.petState}`);
  if (r.inputs.blind) bits.push('pet blind');
  return bits.length ? `Assumed: ${bits.join(', ')}.` : null;
}

const mealText = (m: NonNullable<PetFoodResult['meal']>) =>
  `+${fmt(m.nutrition)} turns on its hunger clock, ${turns(m.eatingTime)} to eat (${m.formula})`;

function petFoodCompact(r: PetFoodResult): APIEmbed {
  const grouped = categoryOdds(r);
  const odds =
    grouped.length > 1
      ? `Odds each time it looks: ${grouped.map((o) => `${o.category} ${pct(o.probability)}`).join(', ')}.`
      : null;
  const food = r.item.oclass === 'FOOD_CLASS';
  const atPet = doesIt('catches and eats it', r.meaning.thrownAtPet.catches);
  const thrown = food && `${wildText(r.meaning.thrownAtWild, r.pet.name)} At your pet: it ${atPet}.`;
  return compact({
    title: petFoodTitle(r),
    color: CATEGORY_COLOR[r.category],
    lines: [
      `Why: ${r.branch.rule}.${stateText(r) ? ` ${stateText(r)}` : ''}`,
      odds,
      thrown,
      r.meal && r.value <= 2 ? `As a meal: ${mealText(r.meal)}.` : trainingLine(r),
    ],
    footer: footer(r.version, 'src/dog.c dogfood()'),
  });
}

function petFoodDetails(r: PetFoodResult): APIEmbed[] {
  const fields: APIEmbedField[] = [field('For training', r.training.meaning)];
  if (!r.deterministic) {
    const odds = r.outcomes.map(
      (o) => `${pct(o.probability)}: ${catText(o.category)} — ${o.condition ?? o.branch.rule}`,
    );
    fields.push(field('Odds (each time the pet looks at it)', odds.join('\n')));
  }
  fields.push(field('What it means', meaningLines({ ...r.meaning, citations: [] }, r.pet.name)));
  if (r.meal && r.value <= 2) fields.push(field('As a meal', `${mealText(r.meal)}.`));
  if (r.wikiDiffers.length) fields.push(field('Wiki differs', r.wikiDiffers.map((w) => `• ${w}`).join('\n')));
  const color = CATEGORY_COLOR[r.category];
  const description = `**Why:** ${r.branch.rule}.${stateText(r) ? `\n${stateText(r)}` : ''}`;
  return [
    {
      title: petFoodTitle(r),
      description,
      color,
      fields,
      footer: footer(r.version, `value ${r.value} of 0 (best) to 7`),
    },
    sourcesEmbed(r.citations, color),
  ];
}

const PET_STATES = ['normal', 'hungry', 'starving'] as const;
const petName = text('The pet (any monster)', { autocomplete: true });

export const petFoodSubcommand = defineSubcommand({
  name: 'food',
  description: 'Will this pet eat it? The dogfood() category and why',
  example: '/nethack pet food pet:kitten item:"tripe ration"',
  options: {
    pet: petName.required(),
    item: text('Any object ("potion of water"), food, corpse or egg', { autocomplete: true }).required(),
    corpse_age: integer('Turns since the corpse died or egg was laid', { min: 0, max: 1_000_000, example: 30 }),
    cursed: boolean('The item is cursed'),
    pet_state: choice('normal, hungry, or starving (weak)', PET_STATES).default('normal'),
    on_ice: boolean('The corpse lies on ice'),
    blind: boolean('The pet is blinded'),
    role: kinds.role.describe('Your role (for quest artifacts)'),
    version: kinds.nethackVersion,
  },
  autocomplete: complete,
  run(args) {
    const v = args.version;
    const pet = resolvePet(args.pet, v);
    const item = resolveItem(args.item, v);
    const role = args.role ? resolveRole(args.role) : undefined;
    const r = dogFood({
      version: v,
      pet,
      item,
      cursed: args.cursed,
      age: args.corpse_age,
      onIce: args.on_ice,
      petState: args.pet_state,
      blind: args.blind,
      role,
    });
    const species = speciesFor(pet, v)!;
    const meaning = petFoodMeaning(species, item, r.category, { version: v, cursed: args.cursed });
    const canEat =
      item.oclass === 'FOOD_CLASS' ||
      item.oclass === 'COIN_CLASS' ||
      ['DOGFOOD', 'CADAVER', 'ACCFOOD'].includes(r.category);
    const eater = pet.carnivore || pet.herbivore || pet.metallivore || pet.pm === 'PM_GELATINOUS_CUBE';
    const meal = canEat && eater ? petMeal({ version: v, pet, item }) : null;
    const wiki = wikiDiffers(r, { pet, item, version: v });
    const training = petTraining(r.category, { version: v, cursed: args.cursed, oclass: item.oclass });
    const result: PetFoodResult = {
      ...r,
      training: { meaning: training.meaning, fetched: training.fetched, rewards: training.rewards },
      meaning: { ...meaning, citations: undefined },
      meal: meal
        ? { nutrition: meal.nutrition, eatingTime: meal.eatingTime, sizeFactor: meal.sizeFactor, formula: meal.formula }
        : null,
      wikiDiffers: wiki.map((w) => w.text),
      citations: [
        ...r.citations,
        ...training.citations,
        ...meaning.citations,
        ...(meal?.citations ?? []),
        ...wiki.map((w) => w.citation),
      ],
    };
    return { embeds: [petFoodCompact(result)], details: petFoodDetails(result), result, ephemeral: args.hide };
  },
});

// --- /nethack pet diet ---

const EATEN: readonly DogFoodCategory[] = ['DOGFOOD', 'CADAVER', 'ACCFOOD'];

function dietWord(p: DietResult['pet']): string {
  if (p.carnivore && p.herbivore) return 'omnivore';
  if (p.carnivore) return 'carnivore';
  if (p.herbivore) return 'herbivore';
  return p.metallivore ? 'metal eater, no food' : 'eats no food';
}

/** "apple, carrot, … +5 more": a list cut to `max` names. */
function listCut(items: readonly string[], max: number): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')}, +${items.length - max} more`;
}

/** "Pony (herbivore) treats: apple, carrot; eats 16 of 45 common foods". */
export function petDietTitle(r: DietResult): string {
  const pet = `${capitalize(r.pet.name)} (${dietWord(r.pet)})`;
  const treats = r.byCategory.find((g) => g.category === 'DOGFOOD')?.items ?? [];
  const eaten = r.entries.filter((e) => EATEN.includes(e.category)).length;
  if (!eaten) return `${pet} eats none of the ${r.entries.length} common foods`;
  const t = treats.length ? `treats: ${listCut(treats, 4)}` : 'no treats';
  return `${pet} ${t}; eats ${eaten} of ${r.entries.length} common foods when hungry`;
}

function petDietCompact(r: DietResult): APIEmbed {
  const group = (c: DogFoodCategory) => r.byCategory.find((g) => g.category === c)?.items ?? [];
  const refused = r.byCategory
    .filter((g) => !EATEN.includes(g.category))
    .map((g) => `${g.items.length} ${CATEGORY_LABEL[g.category]}`);
  const starving = r.entries.filter(
    (e) => e.starvingCategory && EATEN.includes(e.starvingCategory) && !EATEN.includes(e.category),
  );
  return compact({
    title: petDietTitle(r),
    color: COLORS.info,
    lines: [
      group('CADAVER').length ? `Also eats any time: ${listCut(group('CADAVER'), 5)}.` : null,
      group('ACCFOOD').length ? `Eats when hungry: ${listCut(group('ACCFOOD'), 5)}.` : null,
      starving.length
        ? `Also when starving: ${listCut(
            starving.map((e) => e.item),
            5,
          )}.`
        : null,
      refused.length ? `Won't eat: ${refused.join(', ')} (fresh, uncursed).` : null,
    ],
    footer: footer(r.version, 'src/dog.c dogfood()'),
  });
}

function petDietDetails(r: DietResult): APIEmbed[] {
  const starvingMark = new Map(r.entries.filter((e) => e.starvingCategory).map((e) => [e.item, e.starvingCategory!]));
  const fields = r.byCategory.map((g) =>
    field(catText(g.category), g.items.map((i) => (starvingMark.has(i) ? `${i}*` : i)).join(', ')),
  );
  if (starvingMark.size)
    fields.push(
      field('* When starving', [...new Set(starvingMark.values())].map((c) => `* becomes ${catText(c)}`).join('; ')),
    );
  const description =
    'Fresh, uncursed, pet not blind. Treats first. Use `/nethack pet food` for any other item or state.';
  return [
    { title: petDietTitle(r), description, color: COLORS.info, fields, footer: footer(r.version) },
    sourcesEmbed(r.citations),
  ];
}

export const petDietSubcommand = defineSubcommand({
  name: 'diet',
  description: 'A pet’s categories for common foods and corpses',
  example: '/nethack pet diet pet:pony',
  options: { pet: petName.required(), version: kinds.nethackVersion },
  autocomplete: complete,
  run(args) {
    const r = petDiet(resolvePet(args.pet, args.version), args.version);
    return { embeds: [petDietCompact(r)], details: petDietDetails(r), result: r, ephemeral: args.hide };
  },
});

// --- /nethack pet hunger ---

type Timeline = PetHungerResult['timeline'];

/** "hungry from turn 1,001, weak from 1,502, starves from 1,752". */
function timelineShort(t: Timeline): string {
  if (t.weakAt === null) return `hungry from turn ${fmt(t.hungryAt)}; never weak or starving (it eats no food)`;
  const starves = t.starvesAt !== null ? `, starves from ${fmt(t.starvesAt)}` : '';
  return `hungry from turn ${fmt(t.hungryAt)}, weak from ${fmt(t.weakAt)}${starves}`;
}

/** "Kitten: hungry from turn 1,001, weak from 1,502, starves from 1,752", or after the food given now. */
export function petHungerTitle(r: PetHungerResult): string {
  const pet = capitalize(r.pet.name);
  if (r.afterFood) {
    const then = timelineShort(r.afterFood.timeline).replace(/^hungry/, 'hungry again');
    return `${pet} after ${withArticle(r.inputs.food ?? 'food', false)} at turn ${fmt(r.inputs.turn)}: ${then}`;
  }
  return `${pet}: ${timelineShort(r.timeline)}`;
}

const STATUS_TEXT = { fed: 'not hungry', hungry: 'hungry', weak: 'weak (starving)', starved: 'starved' } as const;
const hungerColor = (r: PetHungerResult) =>
  r.status === 'fed'
    ? COLORS.ok
    : r.status === 'hungry'
      ? COLORS.hungry
      : r.status === 'weak'
        ? COLORS.weak
        : COLORS.dead;

/** "weak in 2 turns · starved in 252 turns" (what is still ahead), or null when nothing is. */
function aheadText(r: PetHungerResult): string | null {
  const u = r.turnsUntil;
  const ahead = (what: string, never: string, n: number | null) =>
    n === null ? never : n > 0 ? `${what} in ${turns(n)}` : null;
  const next = [
    ahead('hungry', 'never hungry', u.hungry),
    ahead('weak', 'never weak', u.weak),
    ahead('starved', 'never starves', u.starved),
  ].filter(Boolean);
  return next.length ? next.join(' · ') : null;
}

function nowLine(r: PetHungerResult): string {
  const ahead = aheadText(r);
  return `At turn ${fmt(r.inputs.turn)}: **${STATUS_TEXT[r.status]}**${ahead ? ` (${ahead})` : ''}.`;
}

function weakLine(r: PetHungerResult): string | null {
  if (r.timeline.weakAt === null) return null;
  const dies = r.weakMaxHp === 0 ? ': it dies at once' : '';
  const hp = r.weakMaxHp !== null ? ` (${r.inputs.maxHp} → ${r.weakMaxHp}${dies})` : '';
  return `Weak: confused, max HP cut to a third${hp}. Away on another level it turns hostile instead.`;
}

/** "+1,200, 2 turns eating". */
const petMealText = (m: PetMeal) => `+${fmt(m.nutrition)}, ${turns(m.eatingTime)} eating`;

function petHungerCompact(r: PetHungerResult): APIEmbed {
  const a = r.afterFood;
  return compact({
    title: petHungerTitle(r),
    color: hungerColor(r),
    lines: [
      nowLine(r),
      a
        ? `${capitalize(r.inputs.food ?? 'food')} now: ${petMealText(a.meal)}; it ends confusion and gives back max HP.`
        : null,
      r.lastMeal
        ? `Last meal ${r.inputs.lastMeal}: +${fmt(r.lastMeal.nutrition)} at turn ${fmt(r.inputs.lastMealTurn ?? 0)}.`
        : null,
      weakLine(r),
    ],
    footer: footer(r.version, 'src/dogmove.c dog_hunger()'),
  });
}

function timelineLines(r: PetHungerResult): string[] {
  const t = r.timeline;
  const dies = r.weakMaxHp === 0 ? ', so it dies at once' : '';
  const hp = r.weakMaxHp !== null ? ` (${r.inputs.maxHp} → ${r.weakMaxHp}${dies})` : '';
  const lines = [
    `Hungry from turn **${fmt(t.hungryAt)}**: eats acceptable food it walks onto and catches it when thrown.`,
  ];
  if (t.rangedAttacksReducedAt !== null)
    lines.push(`Turn ${fmt(t.rangedAttacksReducedAt)}: uses ranged attacks only 1 time in 5.`);
  if (t.weakAt !== null)
    lines.push(
      `Weak from turn **${fmt(t.weakAt)}** (its next move): confused, max HP cut to a third${hp}; ` +
        'now eats acceptable food it stands on.',
    );
  lines.push(
    t.starvesAt !== null
      ? `Starves from turn **${fmt(t.starvesAt)}** (a move after being weak). ` +
          'Away on another level it turns hostile instead.'
      : 'It eats no food, so it is never weakened and never starves: ' +
          'past hungrytime + 500 the game resets its clock to turn + 500.',
  );
  return lines;
}

function petHungerDetails(r: PetHungerResult): APIEmbed[] {
  const fields: APIEmbedField[] = [
    field(
      'Timeline',
      timelineLines(r)
        .map((l) => `• ${l}`)
        .join('\n'),
    ),
  ];
  fields.push(field(`At turn ${fmt(r.inputs.turn)}: ${STATUS_TEXT[r.status]}`, aheadText(r) ?? 'nothing ahead'));
  if (r.lastMeal)
    fields.push(field('Last meal', `${r.inputs.lastMeal}: +${fmt(r.lastMeal.nutrition)} (${r.lastMeal.formula})`));
  const a = r.afterFood;
  if (a) {
    const t = a.timeline;
    const weak = t.weakAt !== null ? `weak at ${fmt(t.weakAt)}` : 'never weak';
    const later = `${weak}${t.starvesAt !== null ? `, starves at ${fmt(t.starvesAt)}` : ''}`;
    fields.push(
      field(
        `With ${r.inputs.food} now`,
        `+${fmt(a.meal.nutrition)} (${a.meal.formula}); ${turns(a.meal.eatingTime)} eating. ` +
          `Hungry again at turn **${fmt(t.hungryAt)}**, ${later}. ` +
          'A meal also ends confusion and gives back the lost max HP (not current HP).',
      ),
    );
  }
  if (r.assumption) fields.push(field('Assumed', r.assumption));
  // src/dog.c mon_catchup_elapsed_time(): the same test in 3.4.3, 3.6.7 and 5.0.
  fields.push(
    field(
      'Wiki differs',
      'Off-level starvation makes the pet hostile (never merely peaceful), ' +
        'and already past +500 turns if its HP is below 3.',
    ),
  );
  const basis =
    r.basis === 'tamed'
      ? `Tamed on turn ${fmt(r.inputs.tamedTurn)}: hungrytime = turn + 1000.`
      : `Last meal on turn ${fmt(r.inputs.lastMealTurn ?? 0)}: hungrytime = max(hungrytime, turn) + meal.`;
  const color = hungerColor(r);
  return [
    {
      title: petHungerTitle(r),
      description: `${basis} hungrytime ${fmt(r.timeline.hungrytime)}.`,
      color,
      fields,
      footer: footer(r.version),
    },
    sourcesEmbed(r.citations, color),
  ];
}

export const petHungerSubcommand = defineSubcommand({
  name: 'hunger',
  description: 'When a pet gets hungry, weak and starves',
  example: '/nethack pet hunger pet:kitten turn:1500 food:"tripe ration"',
  options: {
    pet: petName.required(),
    turn: kinds.turn.describe('Current turn (default: last meal or taming)'),
    last_meal_turn: kinds.turn.describe('Turn of its last meal'),
    last_meal: text('What it ate then', { autocomplete: true }),
    food: text('A food to give it now', { autocomplete: true }),
    tamed_turn: kinds.turn.describe('Turn it was tamed (default 1)'),
    max_hp: integer('Its max HP', { min: 1, max: 10_000, example: 20 }),
    version: kinds.nethackVersion,
  },
  autocomplete: complete,
  run(args) {
    const v = args.version;
    const pet = resolvePet(args.pet, v);
    if ((args.last_meal_turn === undefined) !== (args.last_meal === undefined))
      throw new UserError(
        'Give both last_meal_turn and last_meal, or neither.',
        'Example: last_meal_turn:1200 last_meal:"tripe ration"',
        'bad_input',
      );
    if (args.tamed_turn !== undefined && args.last_meal_turn !== undefined && args.last_meal_turn < args.tamed_turn)
      throw new UserError('The last meal cannot come before taming.', undefined, 'bad_input');
    const lastMeal = args.last_meal ? resolveItem(args.last_meal, v) : undefined;
    const food = args.food ? resolveItem(args.food, v) : undefined;
    const r = petHunger({
      version: v,
      pet,
      tamedTurn: args.tamed_turn,
      lastMealTurn: args.last_meal_turn,
      lastMeal,
      turn: args.turn,
      food,
      maxHp: args.max_hp,
    });
    return { embeds: [petHungerCompact(r)], details: petHungerDetails(r), result: r, ephemeral: args.hide };
  },
});

export const petGroup: SubcommandGroup = {
  name: 'pet',
  description: 'Pets and food: what they eat, and their hunger',
  subcommands: [petFoodSubcommand, petDietSubcommand, petHungerSubcommand],
};
