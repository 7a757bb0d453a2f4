// /nethack drain action:<...> — nutrition costs of actions (spells, jumping, teleporting,
// vomiting, fountains, Famine) and the one-off gains (juice, booze, prayer, new you).
import { z } from 'zod';
import type { APIEmbedField } from 'discord-api-types/v10';
import { defineSubcommand } from '../../src/bot/types.ts';
import { booleanOption, hideOption, hideSchema, integerOption, intIn, nethackVersionOption, nethackVersionSchema, stringOption } from '../../src/bot/options.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { resolveName, toChoices } from '../../src/bot/fuzzy.ts';
import { UserError } from '../../src/bot/errors.ts';
import { BUCS, DRAIN_ACTIONS, booze, drain, fruitJuice, newman, prayerFix, spellNames, type DrainResult, type GainResult, type PrayerResult } from '../../src/engine/nethack/index.ts';
import { NUTRITION_MAX, NUTRITION_MIN, nethackFooter } from './forecast.ts';
import { ROLES, roleChoices } from './meal.ts';

export const GAIN_ACTIONS = ['fruit-juice', 'booze', 'pray', 'newman'] as const;
const ACTIONS = [...DRAIN_ACTIONS, ...GAIN_ACTIONS] as const;

const schema = z.object({
  action: z.enum(ACTIONS),
  nutrition: intIn('nutrition', NUTRITION_MIN, NUTRITION_MAX).optional(),
  spell: z.string().max(40).optional(),
  level: intIn('level', 1, 7).optional(),
  role: z.string().max(30).optional(),
  int: intIn('int', 3, 25).optional(),
  amulet: z.boolean().optional(),
  con: intIn('con', 3, 25).optional(),
  magic: z.boolean().optional(),
  buc: z.enum(BUCS).default('uncursed'),
  diluted: z.boolean().default(false),
  prayer_timeout: intIn('prayer_timeout', 0, 10000).optional(),
  luck: intIn('luck', -13, 13).optional(),
  version: nethackVersionSchema,
  hide: hideSchema,
});

export const drainSubcommand = defineSubcommand({
  name: 'drain',
  description: 'Nutrition cost (or gain) of an action',
  example: '/nethack drain action:spell level:3 nutrition:400',
  options: [
    stringOption('action', 'What you do', { required: true, choices: ACTIONS }),
    integerOption('nutrition', 'Nutrition before', { min: NUTRITION_MIN, max: NUTRITION_MAX }),
    stringOption('spell', 'Spell name (spell)', { autocomplete: true, maxLength: 40 }),
    integerOption('level', 'Spell level 1-7 (spell)', { min: 1, max: 7 }),
    stringOption('role', 'Your role (Wizards pay less)', { autocomplete: true, maxLength: 30 }),
    integerOption('int', 'Intelligence (Wizards)', { min: 3, max: 25 }),
    booleanOption('amulet', 'Carrying the Amulet of Yendor (spell)'),
    integerOption('con', 'Constitution (sink)', { min: 3, max: 25 }),
    booleanOption('magic', 'Jump by the jumping spell (boots are not magic)'),
    stringOption('buc', 'Potion BUC (fruit-juice, booze)', { choices: BUCS }),
    booleanOption('diluted', 'Diluted potion'),
    integerOption('prayer_timeout', 'Prayer timeout (pray)', { min: 0, max: 10000 }),
    integerOption('luck', 'Luck (pray)', { min: -13, max: 13 }),
    nethackVersionOption,
    hideOption,
  ],
  schema,
  autocomplete(focused) {
    if (focused.name === 'spell') return toChoices(focused.value, spellNames().map((n) => ({ name: n })));
    if (focused.name === 'role') return roleChoices(focused.value);
    return [];
  },
  run(args) {
    const v = args.version;
    const role = args.role ? resolveName(args.role, ROLES.map((r) => ({ name: r })), 'role').name : undefined;
    const spell = args.spell ? resolveName(args.spell, spellNames().map((n) => ({ name: n })), 'spell').name : undefined;
    if (args.action === 'pray') {
      if (args.nutrition === undefined) throw new UserError('`pray` needs `nutrition`.', 'For example `/nethack drain action:pray nutrition:40`.', 'missing_option');
      const r = prayerFix({ version: v, nutrition: args.nutrition, prayerTimeout: args.prayer_timeout, luck: args.luck });
      return { embeds: [prayerEmbed(r)], result: r, ephemeral: args.hide };
    }
    if (args.action === 'fruit-juice' || args.action === 'booze' || args.action === 'newman') {
      const r = args.action === 'fruit-juice' ? fruitJuice(v, args.buc, args.diluted, args.nutrition) : args.action === 'booze' ? booze(v, args.buc, args.diluted, args.nutrition) : newman(v, args.nutrition);
      return { embeds: [gainEmbed(r)], result: r, ephemeral: args.hide };
    }
    if (args.action === 'spell' && spell === undefined && args.level === undefined) throw new UserError('`spell` needs a `spell` name or a `level`.', 'For example `action:spell spell:"force bolt"`.', 'missing_option');
    let r: DrainResult;
    try {
      r = drain({ version: v, action: args.action, nutrition: args.nutrition, spell, level: args.level, role, int: args.int, amulet: args.amulet, con: args.con, magic: args.magic });
    } catch (e) {
      if (e instanceof RangeError) throw new UserError(e.message, 'Check the spell for this version.', 'invalid_option');
      throw e;
    }
    return { embeds: [drainEmbed(r)], result: r, ephemeral: args.hide };
  },
});

function amountText(a: DrainResult['amount']): string {
  return a.exact !== null ? fmt(a.exact) : `${fmt(a.min)}–${fmt(a.max)} (${a.roll}, mean ${fmt(a.mean)})`;
}

function drainEmbed(r: DrainResult) {
  const fields: APIEmbedField[] = [field('Nutrition lost', r.refused ? `0 — refused: ${r.refused}` : amountText(r.amount), true)];
  if (r.nutritionAfter) fields.push(field('Nutrition after', r.nutritionAfter.min === r.nutritionAfter.max ? `${fmt(r.nutritionAfter.min)} (${r.nutritionAfter.status})` : `${fmt(r.nutritionAfter.min)}–${fmt(r.nutritionAfter.max)}`, true));
  if (r.spell) fields.push(field('Spell', `Level ${r.spell.level}: ${r.spell.energy} Pw; hunger 2 × ${r.spell.energy} = ${r.spell.baseHunger}; ${r.spell.intReduction}${r.spell.capped ? '; capped at nutrition − 3' : ''}.`));
  if (r.conditions.length) fields.push(field('When', r.conditions.map((c) => `• ${c}`).join('\n')));
  if (r.notes.length) fields.push(field('Notes', r.notes.map((c) => `• ${c}`).join('\n')));
  if (r.action === 'spell') fields.push(field('Wiki differs', 'The wiki says successful casts cost hunger; the cost is paid before the success roll, so failed casts cost the same. Since 3.6.1 the Amulet adds no hunger.'));
  fields.push(sourcesField(r.citations));
  return { title: r.label, color: COLORS.info, fields, footer: nethackFooter(r.version) };
}

function gainEmbed(r: GainResult) {
  const g = r.setsTo ?? r.gain!;
  const fields: APIEmbedField[] = [
    field(r.setsTo ? 'Sets nutrition to' : 'Nutrition gained', g.exact !== null ? fmt(g.exact) : `${fmt(g.min)}–${fmt(g.max)} (${g.roll})`, true),
  ];
  if (r.nutritionAfter) fields.push(field('Nutrition after', r.nutritionAfter.min === r.nutritionAfter.max ? `${fmt(r.nutritionAfter.min)} (${r.nutritionAfter.status})` : `${fmt(r.nutritionAfter.min)}–${fmt(r.nutritionAfter.max)}`, true));
  fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')), sourcesField(r.citations));
  return { title: r.source, color: COLORS.ok, fields, footer: nethackFooter(r.version) };
}

function prayerEmbed(r: PrayerResult) {
  const fields: APIEmbedField[] = [
    field('Trouble', r.troubleName ? `${r.trouble} (${r.troubleName})` : 'none', true),
    field('Safe if prayer timeout', `≤ ${r.timeoutLimit}${r.safe === null ? '' : r.safe ? ' — yes' : ' — no'}`, true),
    field('Fix', `Nutrition set to **${r.fixSetsTo}** when the prayer ends (3 turns; nothing burns meanwhile with a safe prayer).`),
    field('How', r.howFixed),
    field('Notes', r.notes.map((n) => `• ${n}`).join('\n')),
    sourcesField(r.citations),
  ];
  return { title: `Praying at nutrition ${fmt(r.nutrition)} (${r.status})`, color: COLORS.info, fields, footer: nethackFooter(r.version) };
}
