// /nethack meal food:<name> nutrition:<n> — a meal bite by bite: warning, prompt, choking.
import type { APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/bot/kinds.ts';
import { boolean, choice, integer, text } from '../../src/bot/options.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { resolveName, toChoices, type Named } from '../../src/bot/fuzzy.ts';
import { foodFor, foodNames, planMeal, type FoodRef, type MealResult } from '../../src/engine/nethack/index.ts';
import { MEAT_VARIETIES, type MeatVariety } from '../../src/engine/nethack/foods.ts';
import { HERO_SPEEDS } from '../../src/engine/nethack/speed.ts';
import { TIN_TOOLS, parseStrength } from '../../src/engine/nethack/tins.ts';
import { tablesFor, type MonsterEntry } from '../../src/engine/nethack/data.ts';
import { UserError } from '../../src/errors.ts';
import type { NethackVersion } from '../../src/engine/cite.ts';
import { STATUS_COLORS, nethackFooter } from './forecast.ts';

export const ROLES = ['Archeologist', 'Barbarian', 'Caveman', 'Healer', 'Knight', 'Monk', 'Priest', 'Rogue', 'Ranger', 'Samurai', 'Tourist', 'Valkyrie', 'Wizard'] as const;

let foodItems: Named[] | null = null;
export function foodNamed(): Named[] {
  foodItems ??= foodNames().map((f) => ({ name: f.name, aliases: f.aliases, label: f.label }));
  return foodItems;
}

/** Resolve what the user typed to a food of this version (friendly errors). Globs accept a trailing weight. */
export function resolveFood(typed: string, version: NethackVersion, tinVariety?: MeatVariety): FoodRef {
  let text = typed.trim();
  let globWeight: number | undefined;
  const gw = text.match(/^(glob of [a-z ]+?)\s*(?:\(?(?:weight\s*)?(\d+)\)?)$/i);
  if (gw) {
    text = gw[1]!;
    globWeight = Number(gw[2]);
  }
  const item = resolveName(text, foodNamed(), 'food');
  return foodFor(item.name, version, { globWeight, tinVariety });
}

/** A polymorph form: any monster of the version. */
export function resolveForm(typed: string, version: NethackVersion): MonsterEntry {
  const pool = tablesFor(version).monsters.map((m) => ({
    name: m.name,
    aliases: m.names ? [m.names.male, m.names.female] : undefined,
    m,
  }));
  return resolveName(typed, pool, 'monster', 'unknown_monster').m;
}

/** Str as players write it: 3-18, 18/01-18/99, 18/**, 19-25. */
function strengthOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const v = parseStrength(text);
  if (v === null) {
    throw new UserError(`str must be 3-18, 18/01-18/99, 18/** or 19-25 (got "${text}").`, 'Example: str:18/50', 'invalid_option');
  }
  return v;
}

export const roleChoices = (typed: string) => toChoices(typed, ROLES.map((r) => ({ name: r })));

export const mealSubcommand = defineSubcommand({
  name: 'meal',
  description: 'Eat a food: bites, nutrition, warning, choking',
  example: '/nethack meal food:"food ration" nutrition:1250',
  options: {
    food: kinds.foodName.required(),
    nutrition: kinds.nutrition.describe('Nutrition when you start eating').required(),
    turn: kinds.turn.describe('Turn counter now (moves, default 1)').default(1),
    breathless: boolean('Magical breathing or breathless form'),
    strangled: boolean('Being strangled'),
    lifesaving: boolean('Wearing an amulet of life saving'),
    role: kinds.role.describe('Your role (Knights lose alignment choking)'),
    race: kinds.race.describe('Your race (lembas, cram)').default('human'),
    rotten: boolean('The food turned out rotten'),
    eaten: integer('Partly eaten: nutrition left in it', { min: 1, max: 5000, example: 400 }),
    buc: kinds.buc.default('uncursed'),
    age: integer('Age in turns (rot chance)', { min: 0, max: kinds.TURN.max, example: 30 }),
    hunger: boolean('Hunger property (5.0: cannot choke to death)'),
    continue: boolean('Answer to "Continue eating?" (default yes)').default(true),
    speed: choice('fast (intrinsic), very fast (boots)', HERO_SPEEDS, { autocomplete: true }).default('normal'),
    form: text('Polymorphed into', { autocomplete: true, maxLength: 60 }),
    variety: choice('Tin variety', MEAT_VARIETIES, { autocomplete: true }),
    opener: choice('Tin opened with', TIN_TOOLS, { autocomplete: true }),
    dex: integer('Dex (tin by hand)', { min: 3, max: 25, example: 16 }),
    str: text('Str, e.g. 18/50 (tin by hand)', { maxLength: 6 }),
    version: kinds.nethackVersion,
  },
  autocomplete(focused) {
    if (focused.name === 'food') return toChoices(focused.value, foodNamed());
    if (focused.name === 'role') return roleChoices(focused.value);
    if (focused.name === 'form') return toChoices(focused.value, tablesFor('3.6.7').monsters.map((m) => ({ name: m.name })));
    return [];
  },
  run(args) {
    const food = resolveFood(args.food, args.version, args.variety);
    const form = args.form ? resolveForm(args.form, args.version) : undefined;
    const role = args.role ? resolveName(args.role, ROLES.map((r) => ({ name: r })), 'role').name : undefined;
    const r = planMeal({
      version: args.version,
      food,
      nutrition: args.nutrition,
      moves: args.turn,
      race: args.race,
      role,
      breathless: args.breathless,
      strangled: args.strangled,
      lifesaving: args.lifesaving,
      hunger: args.hunger,
      rotten: args.rotten,
      eaten: args.eaten,
      buc: args.buc,
      age: args.age,
      continueAtPrompt: args.continue,
      speed: args.speed,
      form,
      tinTool: args.opener,
      dex: args.dex,
      strength: strengthOf(args.str),
    });
    return { embeds: [mealEmbed(r)], result: r, ephemeral: args.hide };
  },
});

function mealEmbed(r: MealResult) {
  const fields: APIEmbedField[] = [];
  const fmtN = (n: number) => (Number.isInteger(n) ? fmt(n) : fmt(Math.round(n * 10) / 10));
  if (r.refused) {
    fields.push(field('Refused', r.refused), sourcesField(r.citations));
    return { title: `${r.food.name}: cannot eat`, color: COLORS.error, fields, footer: nethackFooter(r.version) };
  }
  let verdict: string;
  if (r.choke) {
    const o = r.choke.outcome;
    const chance = r.choke.probability < 1 ? ` (${(r.choke.probability * 100).toFixed(1)}% chance)` : '';
    verdict = `**You choke** on bite ${r.choke.bite}${r.choke.beforeBite ? ' (before it: already at 2000+)' : ''}, at turn ${fmtN(r.choke.moves)}${r.exact ? '' : ' (mean)'}, nutrition ${fmtN(r.choke.nutrition)}${chance}.\n`;
    verdict += `Survive ${o.surviveChance === 1 ? 'always' : `${(o.surviveChance * 100).toFixed(0)}%`} (${o.surviveReason}) → vomit, nutrition ${fmtN(o.nutritionIfSurvive)}.`;
    if (o.deathChance > 0) verdict += `\nDie ${(o.deathChance * 100).toFixed(0)}%${o.lifesaved ? ` → life saving: nutrition ${o.lifesaved.nutrition}, −${o.lifesaved.conLoss} Con, amulet used up` : ''}.`;
    if (o.knightPenalty) verdict += '\nKnight: −1 alignment ("You feel like a glutton!").';
  } else verdict = r.canChoke ? 'You do not choke.' : 'This meal **cannot** choke you (not Satiated when it starts).';
  fields.push(field('Verdict', verdict));
  if (r.finish) fields.push(field('After the meal', `Nutrition **${fmtN(r.finish.nutrition)}** (${r.finish.status}) at turn ${fmtN(r.finish.moves)}${r.finish.movesDistribution ? ' (mean)' : ''}${r.finish.probability < 0.9999 ? ` (${(r.finish.probability * 100).toFixed(1)}% of the time)` : ''}.`, true));
  if (r.tin) {
    const t = r.tin;
    fields.push(field('Tin', `${t.exactNutrition !== null ? fmt(t.exactNutrition) : `${t.nutritionRange[0]}–${t.nutritionRange[1]}`} nutrition, all at once${t.greasy ? '; greasy (slippery fingers)' : ''}${t.vomiting ? '; rotten: vomiting' : ''}.`, true));
    if (t.outcomes.length > 1) {
      const rows = t.outcomes.slice(0, 10).map((o) => `${pct(o.probability)} ${o.variety}: ${o.variety === 'exploded' ? 'it explodes, nothing to eat' : o.vomiting ? 'rotten, vomiting' : `+${Array.isArray(o.nutrition) ? o.nutrition.join('–') : o.nutrition}`}${o.greasy ? ' (greasy)' : ''}`);
      if (t.outcomes.length > 10) rows.push(`…and ${t.outcomes.length - 10} more (see --json)`);
      fields.push(field(t.varietyRandom ? 'Contents (variety at random)' : 'Contents', rows.join('\n')));
    }
    fields.push(field('Opening time', t.opening.length ? t.opening.slice(0, 15).map((o) => `${o.tool}: ${openingText(o)}`).join('\n') : 'This form cannot open tins.'));
  } else {
    fields.push(
      field(
        'Meal',
        `${plural(r.bites, 'bite')} over ${plural(r.actions, 'action')}; ${r.nmod < 0 ? `${fmt(r.perBite ?? -r.nmod)} per bite` : r.nmod > 0 ? `1 on bites where usedtime % ${r.nmod} ≠ 0` : 'no nutrition'}; total ${fmt(r.totalGain)}${r.remainderLost ? ` (${fmt(r.remainderLost)} lost to rounding)` : ''}.`,
        true,
      ),
    );
  }
  if (r.warning || r.prompt) {
    const lines: string[] = [];
    if (r.warning) lines.push(`Bite ${r.warning.bite} (turn ${fmt(r.warning.moves)}): "You're having a hard time getting all of it down." at ${fmtN(r.warning.nutrition)}.`);
    if (r.prompt) lines.push(`"${r.version === '3.4.3' ? 'Stop eating?' : 'Continue eating?'}" on bite ${r.prompt.bite}. Stopping leaves you at ${fmtN(r.prompt.ifStopped.nutrition)} at turn ${fmtN(r.prompt.ifStopped.moves)}.`);
    fields.push(field('Warning', lines.join('\n')));
  }
  if (r.table.length > 1) {
    // First bites, every bite with an event (and the one before it), and the last bite.
    const keep = new Set<number>([0, 1, r.table.length - 1]);
    r.table.forEach((b, i) => {
      if (b.event) keep.add(i).add(Math.max(0, i - 1));
    });
    const rows: string[] = [];
    let last = -1;
    for (const i of [...keep].sort((a, b) => a - b).slice(0, 14)) {
      const b = r.table[i]!;
      if (i > last + 1) rows.push('…');
      rows.push(`${b.bite}. t${fmtN(b.moves)}: ${fmtN(b.before)} +${fmtN(b.gain)} → ${fmtN(b.after)}${b.event ? ` ${b.event}` : ''}`);
      last = i;
    }
    fields.push(field('Bites', '```\n' + rows.join('\n') + '\n```'));
  }
  if (r.conduct) {
    const c = r.conduct;
    const bits = [c.breaksVegetarian ? 'breaks vegetarian (and vegan)' : c.breaksVegan ? 'breaks vegan, not vegetarian' : 'keeps vegetarian and vegan'];
    if (c.cannibalism) bits.push('**cannibalism**: −2 to −5 Luck, aggravate monster');
    if (c.domesticPet) bits.push('a domestic pet: aggravate monster');
    fields.push(field('Conduct', bits.join('; '), true));
  }
  if (r.speed.speed !== 'normal' || r.form) {
    const moves = r.speed.moveamt.map((m) => `${m.amount} (${pct(m.probability)})`).join(' or ');
    fields.push(field('Speed', `${r.speed.speed}${r.form ? ` as a ${r.form.name}` : ''}: ${moves} movement a turn, 12 per action${r.form ? `\n${r.form.effects.map((e) => `• ${e}`).join('\n')}` : ''}`));
  }
  fields.push(field('Safe now', r.safeNutritionNow === null ? 'Not Satiated: a meal started now cannot choke you.' : `At most ${fmt(r.safeNutritionNow)} more nutrition without reaching 2000.`, true));
  if (r.rot) {
    const rot = r.rot;
    const bits = [rot.note];
    if (rot.rottenChance !== null && rot.rottenChance > 0 && rot.rottenChance < 1) bits.push(`Rotten: ${(rot.rottenChance * 100).toFixed(1)}%.`);
    if (rot.taintedChance) bits.push(`Tainted: ${(rot.taintedChance * 100).toFixed(1)}%.`);
    fields.push(field('Rot', bits.join(' ')));
  }
  if (r.notes.length) fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
  if (r.wiki.length) fields.push(field('Wiki differs', r.wiki.map((n) => `• ${n}`).join('\n')));
  fields.push(sourcesField(r.citations, 6));
  const color = r.choke ? COLORS.fainting : (STATUS_COLORS[r.finish?.status ?? 'Not Hungry'] ?? COLORS.info);
  return { title: `${r.food.name} at nutrition ${fmt(r.input.nutrition)}${r.choke ? ': you choke' : ''}`, color, fields, footer: nethackFooter(r.version) };
}

const pct = (p: number) => `${+(p * 100).toFixed(1)}%`;

function openingText(o: MealResult['tin'] extends infer T ? (T extends { opening: (infer O)[] } ? O : never) : never): string {
  const d = o.distribution;
  const give = o.giveUpChance > 0 ? `; gives up after 51 turns ${pct(o.giveUpChance)}` : '';
  if (d.length === 1 && o.giveUpChance === 0) return d[0]!.turns === 0 ? 'at once' : `${d[0]!.turns} turn${d[0]!.turns === 1 ? '' : 's'}`;
  if (d.every((x) => Math.abs(x.probability - d[0]!.probability) < 1e-12) && d.length > 3) return `${d[0]!.turns}–${d[d.length - 1]!.turns} turns, uniform${give}`;
  return d.map((x) => `${x.turns === 0 ? 'at once' : `${x.turns}`} (${pct(x.probability)})`).join(', ') + give;
}

function plural(n: number, one: string): string {
  return `${fmt(n)} ${n === 1 ? one : `${one}s`}`;
}
