// /nethack pet food|diet|hunger — what a pet makes of an item (src/dog.c dogfood()),
// a pet's diet at a glance, and its hunger clock. All answers come from
// src/engine/nethack/pets; this file only parses, resolves names and renders.
import type { APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/bot/kinds.ts';
import { boolean, choice, integer, text } from '../../src/bot/options.ts';
import { defineSubcommand, type AutocompleteFn, type SubcommandGroup } from '../../src/bot/types.ts';
import { COLORS, field, fmt, sourcesField, versionFooter } from '../../src/bot/render.ts';
import { resolveName, toChoices, type Named } from '../../src/bot/fuzzy.ts';
import { UserError } from '../../src/errors.ts';
import { citationRef, nethackCite, type NethackVersion } from '../../src/engine/cite.ts';
import { tablesFor, type MonsterEntry } from '../../src/engine/nethack/data.ts';
import { NETHACK_VERSIONS } from '../../src/engine/cite.ts';
import {
  CATEGORY_LABEL,
  ROLES,
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
  type DogFoodResult,
  type PetFoodMeaning,
  type PetItem,
  type Role,
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
    return { name: dup ? `${m.name} (${m.symbol})` : m.name, aliases: aliases.length ? aliases : undefined, monster: m };
  });
}
const PET_NAMES_BY_VERSION = new Map(NETHACK_VERSIONS.map((v) => [v, petNames(v)]));
/** Every monster of every version (autocomplete); a version resolves in its own table. */
export const PET_NAMES: readonly NamedMonster[] = (() => {
  const seen = new Set<string>();
  return NETHACK_VERSIONS.flatMap((v) => PET_NAMES_BY_VERSION.get(v)!).filter((n) => !seen.has(n.name) && !!seen.add(n.name));
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
    throw new UserError(`NetHack ${version} has no ${m.name}.`, `It exists in ${where.join(', ')}. Pick another monster or version.`, 'not_in_version');
  }
  return here;
}

export function resolveItem(query: string, version: NethackVersion): PetItem {
  const named = resolveName(query, ITEM_NAMES, 'item', 'unknown_item');
  const it = petItems(version).find((i) => i.name === named.name);
  if (!it) throw new UserError(`NetHack ${version} has no ${named.name}.`, `It exists in ${named.versions.join(', ')}.`, 'not_in_version');
  return it;
}

const complete: AutocompleteFn = (focused) => {
  if (focused.name === 'pet') return toChoices(focused.value, PET_NAMES);
  if (focused.name === 'item' || focused.name === 'food' || focused.name === 'last_meal') {
    const foodNames = new Set(petItems('3.6.7').filter((i) => i.oclass === 'FOOD_CLASS').map((i) => i.name));
    const pool = focused.name === 'item' ? ITEM_NAMES : ITEM_NAMES.filter((n) => foodNames.has(n.name) || n.name.endsWith(' corpse') || n.name.endsWith(' egg'));
    return toChoices(focused.value, pool);
  }
  if (focused.name === 'role') return toChoices(focused.value, ROLES.map((r) => ({ name: r })));
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

function byState(s: { normal: boolean; hungry: boolean; starving: boolean }): string {
  if (s.normal && s.hungry && s.starving) return 'always';
  if (!s.normal && !s.hungry && !s.starving) return 'never';
  if (!s.normal && s.hungry) return 'when hungry or starving';
  return 'only when starving';
}

function meaningLines(m: PetFoodMeaning, petName: string): string {
  const w = m.thrownAtWild;
  const wild = !w.foodTameable
    ? `Thrown at a wild ${petName}: no taming (${w.why.replace(/^.*?: /, '')}).`
    : w.effect === 'tames'
      ? `Thrown at a wild ${petName}: **tames** it; it devours the food.`
      : w.effect === 'pacifies'
        ? `Thrown at a wild ${petName}: only **pacifies** it.`
        : `Thrown at a wild ${petName}: nothing (${w.why}).`;
  const lines = [
    wild,
    `Thrown at your pet: catches and eats it **${byState(m.thrownAtPet.catches)}**${m.thrownAtPet.otherwise === 'missile' ? ' (otherwise it is thrown like any object)' : ' (otherwise it misses and lands)'}.`,
    `Standing on it: eats it **${byState(m.eatsWhereItStands)}**.`,
    `Walking onto it: eats it **${byState(m.eatsWhenMovingOnto)}**${m.eatsWhenMovingOnto.normal || m.eatsWhenMovingOnto.hungry ? ' (never if cursed)' : ''}.`,
    `Goes for it: ${m.goal.eat.normal ? 'to eat, always' : m.goal.eat.hungry ? 'to eat, when hungry' : m.goal.fetch ? 'only to fetch it' : 'never'}.`,
  ];
  if (w.fullMoonDogRefusal) lines.push('Full moon at night: a dog refuses thrown food 5 times in 6.');
  if (m.followsCloser) lines.push('Carrying it makes your pet follow you more closely.');
  if (m.mayHitInstead) lines.push('Eggs and cream pies hit instead when Dex > rnd(25).');
  return lines.map((l) => `• ${l}`).join('\n');
}

function footer(v: NethackVersion, extra?: string) {
  return versionFooter('NetHack', v, citationRef(nethackCite('src/dog.c', undefined, { version: v })), extra);
}

// --- /nethack pet food ---

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
    const role = args.role ? resolveName(args.role, ROLES.map((r) => ({ name: r })), 'role', 'unknown_role').name as Role : undefined;
    const r = dogFood({ version: v, pet, item, cursed: args.cursed, age: args.corpse_age, onIce: args.on_ice, petState: args.pet_state, blind: args.blind, role });
    const species = speciesFor(pet, v)!;
    const meaning = petFoodMeaning(species, item, r.category, { version: v, cursed: args.cursed });
    const canEat = item.oclass === 'FOOD_CLASS' || item.oclass === 'COIN_CLASS' || ['DOGFOOD', 'CADAVER', 'ACCFOOD'].includes(r.category);
    const meal = canEat && (pet.carnivore || pet.herbivore || pet.metallivore || pet.pm === 'PM_GELATINOUS_CUBE') ? petMeal({ version: v, pet, item }) : null;
    const wiki = wikiDiffers(r, { pet, item, version: v });
    const training = petTraining(r.category, { version: v, cursed: args.cursed, oclass: item.oclass });
    const result = {
      ...r,
      training: { meaning: training.meaning, fetched: training.fetched, rewards: training.rewards },
      meaning: { ...meaning, citations: undefined },
      meal: meal ? { nutrition: meal.nutrition, eatingTime: meal.eatingTime, sizeFactor: meal.sizeFactor, formula: meal.formula } : null,
      wikiDiffers: wiki.map((w) => w.text),
      citations: [...r.citations, ...training.citations, ...meaning.citations, ...(meal?.citations ?? []), ...wiki.map((w) => w.citation)],
    };
    const fields: APIEmbedField[] = [];
    fields.push(field('For training', training.meaning));
    if (!r.deterministic)
      fields.push(field('Odds (each time the pet looks at it)', r.outcomes.map((o) => `${pct(o.probability)}: ${catText(o.category)} — ${o.condition ?? o.branch.rule}`).join('\n')));
    fields.push(field('What it means', meaningLines(meaning, pet.name)));
    if (meal && r.value <= 2) fields.push(field('As a meal', `+${fmt(meal.nutrition)} turns on its hunger clock, ${meal.eatingTime} turn${meal.eatingTime === 1 ? '' : 's'} to eat (${meal.formula}).`));
    if (wiki.length) fields.push(field('Wiki differs', wiki.map((w) => `• ${w.text}`).join('\n')));
    fields.push(sourcesField(result.citations, 6));
    return {
      embeds: [
        {
          title: `${pet.name} + ${item.name}: ${catText(r.category)}`,
          description: `**Why:** ${r.branch.rule}.${stateText(r)}`,
          color: CATEGORY_COLOR[r.category],
          fields,
          footer: footer(v, `value ${r.value} of 0 (best) to 7`),
        },
      ],
      result,
      ephemeral: args.hide,
    };
  },
});

function stateText(r: DogFoodResult): string {
  const bits: string[] = [];
  if (r.inputs.cursed) bits.push('cursed');
  if (r.inputs.age !== null) bits.push(`${fmt(r.inputs.age)} turns old${r.inputs.onIce ? ' on ice' : ''}`);
  if (r.inputs.petState !== 'normal') bits.push(`pet ${r.inputs.petState}`);
  if (r.inputs.blind) bits.push('pet blind');
  return bits.length ? `\nAssumed: ${bits.join(', ')}.` : '';
}

// --- /nethack pet diet ---

export const petDietSubcommand = defineSubcommand({
  name: 'diet',
  description: 'A pet’s categories for common foods and corpses',
  example: '/nethack pet diet pet:pony',
  options: { pet: petName.required(), version: kinds.nethackVersion },
  autocomplete: complete,
  run(args) {
    const v = args.version;
    const pet = resolvePet(args.pet, v);
    const r = petDiet(pet, v);
    const starvingMark = new Map(r.entries.filter((e) => e.starvingCategory).map((e) => [e.item, e.starvingCategory!]));
    const fields = r.byCategory.map((g) =>
      field(
        catText(g.category),
        g.items.map((i) => (starvingMark.has(i) ? `${i}*` : i)).join(', '),
      ),
    );
    if (starvingMark.size) fields.push(field('* When starving', [...new Set(starvingMark.values())].map((c) => `* becomes ${catText(c)}`).join('; ')));
    fields.push(sourcesField(r.citations));
    const diet = pet.carnivore && pet.herbivore ? 'omnivore' : pet.carnivore ? 'carnivore' : pet.herbivore ? 'herbivore' : pet.metallivore ? 'metal eater (no food)' : 'eats no food';
    return {
      embeds: [
        {
          title: `What a ${pet.name} eats (${diet})`,
          description: 'Fresh, uncursed, pet not blind. Treats first. Use `/nethack pet food` for any other item or state.',
          color: COLORS.info,
          fields,
          footer: footer(v),
        },
      ],
      result: r,
      ephemeral: args.hide,
    };
  },
});

// --- /nethack pet hunger ---

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
      throw new UserError('Give both last_meal_turn and last_meal, or neither.', 'Example: last_meal_turn:1200 last_meal:"tripe ration"', 'bad_input');
    if (args.tamed_turn !== undefined && args.last_meal_turn !== undefined && args.last_meal_turn < args.tamed_turn)
      throw new UserError('The last meal cannot come before taming.', undefined, 'bad_input');
    const lastMeal = args.last_meal ? resolveItem(args.last_meal, v) : undefined;
    const food = args.food ? resolveItem(args.food, v) : undefined;
    const r = petHunger({ version: v, pet, tamedTurn: args.tamed_turn, lastMealTurn: args.last_meal_turn, lastMeal, turn: args.turn, food, maxHp: args.max_hp });
    const t = r.timeline;
    const lines = [
      `Hungry from turn **${fmt(t.hungryAt)}**: eats acceptable food it walks onto and catches it when thrown.`,
      ...(t.rangedAttacksReducedAt !== null ? [`Turn ${fmt(t.rangedAttacksReducedAt)}: uses ranged attacks only 1 time in 5.`] : []),
      ...(t.weakAt !== null
        ? [`Weak from turn **${fmt(t.weakAt)}** (its next move): confused, max HP cut to a third${r.weakMaxHp !== null ? ` (${r.inputs.maxHp} → ${r.weakMaxHp}${r.weakMaxHp === 0 ? ', so it dies at once' : ''})` : ''}; now eats acceptable food it stands on.`]
        : []),
      t.starvesAt !== null
        ? `Starves from turn **${fmt(t.starvesAt)}** (a move after being weak). Away on another level it turns hostile instead.`
        : `It eats no food, so it is never weakened and never starves: past hungrytime + 500 the game resets its clock to turn + 500.`,
    ];
    const fields: APIEmbedField[] = [field('Timeline', lines.map((l) => `• ${l}`).join('\n'))];
    const statusText = { fed: 'not hungry', hungry: 'hungry', weak: 'weak (starving)', starved: 'starved' }[r.status];
    fields.push(
      field(
        `At turn ${fmt(r.inputs.turn)}: ${statusText}`,
        [`hungry in ${fmt(r.turnsUntil.hungry)}`, r.turnsUntil.weak !== null ? `weak in ${fmt(r.turnsUntil.weak)}` : 'never weak', r.turnsUntil.starved !== null ? `starved in ${fmt(r.turnsUntil.starved)}` : 'never starves'].join(' · '),
      ),
    );
    if (r.lastMeal) fields.push(field('Last meal', `${r.inputs.lastMeal}: +${fmt(r.lastMeal.nutrition)} (${r.lastMeal.formula})`));
    if (r.afterFood) {
      const a = r.afterFood;
      fields.push(
        field(
          `With ${r.inputs.food} now`,
          `+${fmt(a.meal.nutrition)} (${a.meal.formula}); ${a.meal.eatingTime} turn${a.meal.eatingTime === 1 ? '' : 's'} eating. Hungry again at turn **${fmt(a.timeline.hungryAt)}**, ${a.timeline.weakAt !== null ? `weak at ${fmt(a.timeline.weakAt)}` : 'never weak'}${a.timeline.starvesAt !== null ? `, starves at ${fmt(a.timeline.starvesAt)}` : ''}. A meal also ends confusion and gives back the lost max HP (not current HP).`,
        ),
      );
    }
    if (r.assumption) fields.push(field('Assumed', r.assumption));
    fields.push(field('Wiki differs', 'Off-level starvation makes the pet hostile (never merely peaceful), and already past +500 turns if its HP is below 3.'));
    fields.push(sourcesField(r.citations));
    return {
      embeds: [
        {
          title: `${pet.name}: hunger clock (hungrytime ${fmt(t.hungrytime)})`,
          description: r.basis === 'tamed' ? `Tamed on turn ${fmt(r.inputs.tamedTurn)}: hungrytime = turn + 1000.` : `Last meal on turn ${fmt(r.inputs.lastMealTurn ?? 0)}: hungrytime = max(hungrytime, turn) + meal.`,
          color: r.status === 'fed' ? COLORS.ok : r.status === 'hungry' ? COLORS.hungry : r.status === 'weak' ? COLORS.weak : COLORS.dead,
          fields,
          footer: footer(v),
        },
      ],
      result: r,
      ephemeral: args.hide,
    };
  },
});

export const petGroup: SubcommandGroup = {
  name: 'pet',
  description: 'Pets and food: what they eat, and their hunger',
  subcommands: [petFoodSubcommand, petDietSubcommand, petHungerSubcommand],
};

