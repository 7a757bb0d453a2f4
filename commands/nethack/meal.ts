// /nethack meal food:<name> nutrition:<n> — a meal bite by bite: warning, prompt, choking.
import { resolveRole } from '../../src/engine/nethack/roles.ts';
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, text } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, capitalize, compact, field, fmt, sourcesEmbed } from '../../src/kit/render.ts';
import { resolveName, type Named } from '../../src/names.ts';
import { roleChoices, toChoices } from '../../src/kit/choices.ts';
import { foodFor, foodNames, planMeal, type FoodRef, type MealResult } from '../../src/engine/nethack/index.ts';
import { MEAT_VARIETIES, type MeatVariety } from '../../src/engine/nethack/foods.ts';
import { HERO_SPEEDS } from '../../src/engine/nethack/speed.ts';
import { TIN_TOOLS, parseStrength } from '../../src/engine/nethack/tins.ts';
import { tablesFor, type MonsterEntry } from '../../src/engine/nethack/data.ts';
import { statusFor } from '../../src/engine/nethack/status.ts';
import { UserError } from '../../src/errors.ts';
import type { NethackVersion } from '../../src/engine/cite.ts';
import { STATUS_COLORS, nethackFooter } from './forecast.ts';

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
    throw new UserError(
      `str must be 3-18, 18/01-18/99, 18/** or 19-25 (got "${text}").`,
      'Example: str:18/50',
      'invalid_option',
    );
  }
  return v;
}

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
    if (focused.name === 'form')
      return toChoices(
        focused.value,
        tablesFor('3.6.7').monsters.map((m) => ({ name: m.name })),
      );
    return [];
  },
  run(args) {
    const food = resolveFood(args.food, args.version, args.variety);
    const form = args.form ? resolveForm(args.form, args.version) : undefined;
    const role = args.role ? resolveRole(args.role) : undefined;
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
    return { embeds: [mealCompact(r)], details: mealDetails(r), result: r, ephemeral: args.hide };
  },
});

// ---- Rendering: the title answers, the compact reply holds what changes a decision, Details the rest

type Tin = NonNullable<MealResult['tin']>;
type Opening = Tin['opening'][number];

const pct = (p: number) => `${+(p * 100).toFixed(1)}%`;
/** Whole numbers as they are; means to one decimal, marked "~" when the value is a mean. */
const num = (n: number) => (Number.isInteger(n) ? fmt(n) : fmt(Math.round(n * 10) / 10));
const about = (n: number, exact: boolean) => `${exact ? '' : '~'}${num(n)}`;

function plural(n: number, one: string): string {
  return `${num(n)} ${n === 1 ? one : `${one}s`}`;
}

/** Where a tin's contents are decided: consume_tin() (3.4.3: opentin()). */
export const tinCode = (v: NethackVersion) => (v === '3.4.3' ? 'src/eat.c opentin()' : 'src/eat.c consume_tin()');

/** "Continue eating?" (3.6.7, 5.0) or "Stop eating?" (3.4.3). */
const promptText = (r: MealResult) => (r.version === '3.4.3' ? 'Stop eating?' : 'Continue eating?');

/** The opening time of one tool: "at once", "3 turns", "0–1 turns", "1–50 turns (gives up 2%)". */
function openingShort(o: Opening): string {
  const d = o.distribution;
  const lo = d[0]?.turns ?? 0;
  const hi = d[d.length - 1]?.turns ?? 0;
  const span = lo === hi ? (lo === 0 ? 'at once' : plural(lo, 'turn')) : `${lo}–${hi} turns`;
  return o.giveUpChance > 0 ? `${span} (gives up ${pct(o.giveUpChance)})` : span;
}

/** The opening time in full: "at once (50%), 1 (50%)", "1–50 turns, uniform". */
function openingText(o: Opening): string {
  const d = o.distribution;
  const give = o.giveUpChance > 0 ? `; gives up after 51 turns ${pct(o.giveUpChance)}` : '';
  if (d.length === 1 && o.giveUpChance === 0) return d[0]!.turns === 0 ? 'at once' : plural(d[0]!.turns, 'turn');
  if (d.length > 3 && d.every((x) => Math.abs(x.probability - d[0]!.probability) < 1e-12))
    return `${d[0]!.turns}–${d[d.length - 1]!.turns} turns, uniform${give}`;
  return d.map((x) => `${x.turns === 0 ? 'at once' : `${x.turns}`} (${pct(x.probability)})`).join(', ') + give;
}

/** "Tin of spinach: 1,000 → 1,401–1,600 (mean 1,500.5), warns 50.5% (tin ≥ 500); tin opener: 0–1 turns". */
function tinTitle(r: MealResult, t: Tin): string {
  const food = capitalize(r.food.name);
  const tool =
    r.input.tinTool && t.opening[0]?.tool === r.input.tinTool
      ? `; ${r.input.tinTool}: ${openingShort(t.opening[0])}`
      : '';
  if (r.choke) {
    const gives = r.choke.nutrition - r.input.nutrition;
    const when = r.choke.probability < 0.9995 ? ` ${pct(r.choke.probability)} of the time (tin ≥ ${fmt(gives)})` : '';
    return `${food}: you choke${when}${tool}`;
  }
  const [lo, hi] = t.afterRange;
  const after = lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)} (mean ${num(r.input.nutrition + t.meanNutrition)})`;
  const warns =
    t.warningChance >= 1
      ? ', warns'
      : t.warningChance > 0
        ? `, warns ${pct(t.warningChance)} (tin ≥ ${fmt(t.warnsFrom ?? 0)})`
        : '';
  return `${food}: ${fmt(r.input.nutrition)} → ${after}${warns}${tool}`;
}

/** Why the meal cannot happen, as a clause ("you are being strangled"). */
function refusalReason(r: MealResult): string {
  if (r.input.strangled) return 'you are being strangled';
  const why = r.refused!.replace(/^"[^"]*"\s*/, '').replace(/\.$/, '');
  return why.charAt(0).toLowerCase() + why.slice(1);
}

/**
 * The answer in one line: "You choke on bite 5 unless you stop at the prompt on bite 2",
 * "Food ration: +800 → 1,695 (Satiated) in 5 turns", "Can't eat X: why", or a tin's range.
 */
export function mealTitle(r: MealResult): string {
  const food = capitalize(r.food.name);
  if (r.refused) return `Can't eat ${r.food.name}: ${refusalReason(r)}`;
  if (r.tin) return tinTitle(r, r.tin);
  const c = r.choke;
  if (c) {
    const chance = c.probability < 0.9995 ? ` (${pct(c.probability)})` : '';
    const stop = r.prompt && r.prompt.bite < c.bite ? ` unless you stop at the prompt on bite ${r.prompt.bite}` : '';
    return `You choke on bite ${c.bite}${chance}${stop}`;
  }
  if (r.finish) {
    const f = r.finish;
    const exact = !f.movesDistribution && r.exact;
    const turnsTaken = f.moves - r.input.moves;
    const took = turnsTaken === 0 ? 'this turn' : `in ${exact ? '' : 'about '}${plural(turnsTaken, 'turn')}`;
    return `${food}: +${fmt(r.totalGain)} → ${about(f.nutrition, exact)} (${f.status}) ${took}`;
  }
  if (r.prompt) {
    const s = r.prompt.ifStopped;
    const status = statusFor(Math.round(s.nutrition));
    return `${food}: stop at the prompt on bite ${r.prompt.bite} → ${about(s.nutrition, r.exact)} (${status})`;
  }
  return `${food}: nothing to eat`;
}

function chokeOutcomeText(c: NonNullable<MealResult['choke']>): string {
  const o = c.outcome;
  const survive = o.surviveChance === 1 ? 'always survive' : `survive ${pct(o.surviveChance)}`;
  let s = `If you choke: ${survive} (${o.surviveReason}) → vomit, nutrition ${num(o.nutritionIfSurvive)}`;
  if (o.deathChance > 0) {
    s += `; die ${pct(o.deathChance)}`;
    if (o.lifesaved)
      s += ` → life saving: nutrition ${fmt(o.lifesaved.nutrition)}, −${o.lifesaved.conLoss} Con, amulet used up`;
  }
  if (o.knightPenalty) s += '; Knight: −1 alignment';
  return `${s}.`;
}

function promptLine(r: MealResult): string | null {
  if (r.prompt) {
    const s = r.prompt.ifStopped;
    const stopped = `stopping leaves ${about(s.nutrition, r.exact)} at turn ${about(s.moves, r.exact)}`;
    return `"${promptText(r)}" on bite ${r.prompt.bite} (at ${num(r.prompt.nutrition)}): ${stopped}.`;
  }
  if (r.warning && !r.tin) {
    const why = r.canChoke ? 'last bite' : 'not Satiated at the start';
    return `Warning on bite ${r.warning.bite} at ${num(r.warning.nutrition)} (no prompt: ${why}).`;
  }
  return null;
}

function mealLengthLine(r: MealResult): string {
  const per = r.nmod < 0 ? `${fmt(r.perBite ?? -r.nmod)} a bite` : r.nmod > 0 ? `1 on some bites` : 'no nutrition';
  const lost = r.remainderLost ? `; rounding loses ${fmt(r.remainderLost)}` : '';
  const length = `${plural(r.bites, 'bite')} over ${plural(r.actions, 'action')}`;
  return `${capitalize(r.food.name)}: ${length}, ${per}, ${fmt(r.totalGain)} in all${lost}.`;
}

function safeLine(r: MealResult): string {
  return r.safeNutritionNow === null
    ? 'Not Satiated when it starts: this meal cannot choke you.'
    : `Safe now: at most ${fmt(r.safeNutritionNow)} more nutrition before 2000.`;
}

function conductLine(r: MealResult): string | null {
  const c = r.conduct;
  if (!c) return null;
  if (c.cannibalism) return '**Cannibalism**: −2 to −5 Luck and aggravate monster.';
  if (c.domesticPet) return 'A domestic pet: aggravate monster.';
  return null;
}

function speedLine(r: MealResult): string | null {
  if (r.speed.speed === 'normal' && !r.form) return null;
  const moves = r.speed.moveamt.map((m) => `${m.amount} (${pct(m.probability)})`).join(' or ');
  return `${capitalize(r.speed.speed)}${r.form ? ` as a ${r.form.name}` : ''}: ${moves} movement a turn, 12 an action.`;
}

function tinLines(r: MealResult, t: Tin): (string | null)[] {
  const [lo, hi] = t.nutritionRange;
  const n =
    t.exactNutrition !== null
      ? `${fmt(t.exactNutrition)} nutrition`
      : `${fmt(lo)}–${fmt(hi)} nutrition (mean ${num(t.meanNutrition)})`;
  const contents = t.varietyRandom ? `, variety at random (${t.outcomes.length} ways)` : '';
  const opening = t.opening.length
    ? `Opening: ${t.opening
        .slice(0, 3)
        .map((o) => `${o.tool} ${openingShort(o)}`)
        .join('; ')}${t.opening.length > 3 ? '; …' : '.'}`
    : 'This form cannot open tins.';
  const odds = t.warningChance >= 1 ? 'always' : `${pct(t.warningChance)} (tin ≥ ${fmt(t.warnsFrom ?? 0)})`;
  const warn = t.warningChance > 0 ? `Warning ${odds}: 2 helpless turns, no prompt.` : null;
  const safe = r.safeNutritionNow === null ? 'Not Satiated: the tin cannot choke you.' : safeLine(r);
  return [
    `Tin: ${n} all at once${contents}${t.vomiting ? '; rotten: vomiting' : ''}.`,
    opening,
    warn,
    r.choke ? chokeOutcomeText(r.choke) : safe,
  ];
}

function mealColor(r: MealResult): number {
  if (r.refused) return COLORS.error;
  if (r.choke) return COLORS.fainting;
  return STATUS_COLORS[r.finish?.status ?? 'Not Hungry'] ?? COLORS.info;
}

function mealCompact(r: MealResult): APIEmbed {
  const lines: (string | null)[] = r.refused
    ? [r.refused]
    : r.tin
      ? tinLines(r, r.tin)
      : [
          r.choke ? chokeOutcomeText(r.choke) : null,
          promptLine(r),
          r.choke ? mealLengthLine(r) : (conductLine(r) ?? mealLengthLine(r)),
          speedLine(r) ?? (r.choke ? conductLine(r) : safeLine(r)),
        ];
  return compact({
    title: mealTitle(r),
    color: mealColor(r),
    lines: lines.slice(0, 4),
    footer: nethackFooter(r.version, r.tin ? tinCode(r.version) : 'src/eat.c doeat()'),
  });
}

function verdictText(r: MealResult): string {
  if (!r.choke)
    return r.canChoke ? 'You do not choke.' : 'This meal **cannot** choke you (not Satiated when it starts).';
  const c = r.choke;
  const chance = c.probability < 1 ? ` (${pct(c.probability)} chance)` : '';
  const before = c.beforeBite ? ' (before it: already at 2000+)' : '';
  const when = `at turn ${num(c.moves)}${r.exact ? '' : ' (mean)'}, nutrition ${num(c.nutrition)}${chance}`;
  return `**You choke** on bite ${c.bite}${before}, ${when}.\n${chokeOutcomeText(c)}`;
}

function tinFields(t: Tin): APIEmbedField[] {
  const fields: APIEmbedField[] = [];
  const n = t.exactNutrition !== null ? fmt(t.exactNutrition) : `${t.nutritionRange[0]}–${t.nutritionRange[1]}`;
  const extras = `${t.greasy ? '; greasy (slippery fingers)' : ''}${t.vomiting ? '; rotten: vomiting' : ''}`;
  fields.push(field('Tin', `${n} nutrition, all at once${extras}.`, true));
  if (t.outcomes.length > 1) {
    const rows = t.outcomes.slice(0, 10).map((o) => {
      const what =
        o.variety === 'exploded'
          ? 'it explodes, nothing to eat'
          : o.vomiting
            ? 'rotten, vomiting'
            : `+${Array.isArray(o.nutrition) ? o.nutrition.join('–') : o.nutrition}`;
      return `${pct(o.probability)} ${o.variety}: ${what}${o.greasy ? ' (greasy)' : ''}`;
    });
    if (t.outcomes.length > 10) rows.push(`…and ${t.outcomes.length - 10} more`);
    fields.push(field(t.varietyRandom ? 'Contents (variety at random)' : 'Contents', rows.join('\n')));
  }
  const opening = t.opening.slice(0, 15).map((o) => `${o.tool}: ${openingText(o)}`);
  fields.push(field('Opening time', opening.length ? opening.join('\n') : 'This form cannot open tins.'));
  return fields;
}

function biteTable(r: MealResult): string {
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
    const event = b.event ? ` ${b.event}` : '';
    rows.push(`${b.bite}. t${num(b.moves)}: ${num(b.before)} +${num(b.gain)} → ${num(b.after)}${event}`);
    last = i;
  }
  return '```\n' + rows.join('\n') + '\n```';
}

const WARNING = "You're having a hard time getting all of it down.";

function warningField(r: MealResult): APIEmbedField | null {
  if (!r.warning && !r.prompt) return null;
  const lines: string[] = [];
  const w = r.warning;
  if (w) lines.push(`Bite ${w.bite} (turn ${num(w.moves)}): "${WARNING}" at ${num(w.nutrition)}.`);
  if (r.prompt) {
    const s = r.prompt.ifStopped;
    const stopped = `Stopping leaves you at ${num(s.nutrition)} at turn ${num(s.moves)}.`;
    lines.push(`"${promptText(r)}" on bite ${r.prompt.bite}. ${stopped}`);
  }
  return field('Warning', lines.join('\n'));
}

function conductField(c: NonNullable<MealResult['conduct']>): APIEmbedField {
  const bits = [
    c.breaksVegetarian
      ? 'breaks vegetarian (and vegan)'
      : c.breaksVegan
        ? 'breaks vegan, not vegetarian'
        : 'keeps vegetarian and vegan',
  ];
  if (c.cannibalism) bits.push('**cannibalism**: −2 to −5 Luck, aggravate monster');
  if (c.domesticPet) bits.push('a domestic pet: aggravate monster');
  return field('Conduct', bits.join('; '), true);
}

function rotField(rot: NonNullable<MealResult['rot']>): APIEmbedField {
  const bits = [rot.note];
  if (rot.rottenChance !== null && rot.rottenChance > 0 && rot.rottenChance < 1)
    bits.push(`Rotten: ${pct(rot.rottenChance)}.`);
  if (rot.taintedChance) bits.push(`Tainted: ${pct(rot.taintedChance)}.`);
  return field('Rot', bits.join(' '));
}

/** "5 bites over 6 actions; 160 per bite; total 800 (2 lost to rounding)." */
function mealText(r: MealResult): string {
  const per =
    r.nmod < 0
      ? `${fmt(r.perBite ?? -r.nmod)} per bite`
      : r.nmod > 0
        ? `1 on bites where usedtime % ${r.nmod} ≠ 0`
        : 'no nutrition';
  const lost = r.remainderLost ? ` (${fmt(r.remainderLost)} lost to rounding)` : '';
  return `${plural(r.bites, 'bite')} over ${plural(r.actions, 'action')}; ${per}; total ${fmt(r.totalGain)}${lost}.`;
}

function mealFields(r: MealResult): APIEmbedField[] {
  const fields: APIEmbedField[] = [field('Verdict', verdictText(r))];
  const f = r.finish;
  if (f) {
    const mean = f.movesDistribution ? ' (mean)' : '';
    const odds = f.probability < 0.9999 ? ` (${pct(f.probability)} of the time)` : '';
    fields.push(
      field(
        'After the meal',
        `Nutrition **${num(f.nutrition)}** (${f.status}) at turn ${num(f.moves)}${mean}${odds}.`,
        true,
      ),
    );
  }
  if (r.tin) fields.push(...tinFields(r.tin));
  else fields.push(field('Meal', mealText(r), true));
  const warning = warningField(r);
  if (warning) fields.push(warning);
  if (r.table.length > 1) fields.push(field('Bites', biteTable(r)));
  if (r.conduct) fields.push(conductField(r.conduct));
  const speed = speedLine(r);
  if (speed)
    fields.push(field('Speed', `${speed}${r.form ? `\n${r.form.effects.map((e) => `• ${e}`).join('\n')}` : ''}`));
  fields.push(
    field(
      'Safe now',
      r.safeNutritionNow === null
        ? 'Not Satiated: a meal started now cannot choke you.'
        : `At most ${fmt(r.safeNutritionNow)} more nutrition without reaching 2000.`,
      true,
    ),
  );
  if (r.rot) fields.push(rotField(r.rot));
  return fields;
}

function mealDetails(r: MealResult): APIEmbed[] {
  const fields = r.refused ? [field('Refused', r.refused)] : mealFields(r);
  if (r.notes.length) fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
  if (r.wiki.length) fields.push(field('Wiki differs', r.wiki.map((n) => `• ${n}`).join('\n')));
  const color = mealColor(r);
  return [{ title: mealTitle(r), color, fields, footer: nethackFooter(r.version) }, sourcesEmbed(r.citations, color)];
}
