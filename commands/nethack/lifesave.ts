// /nethack lifesave nutrition:<n> [cause] — what an amulet of life saving does (src/end.c).
import { z } from 'zod';
import type { APIEmbedField } from 'discord-api-types/v10';
import { defineSubcommand } from '../../src/bot/types.ts';
import { booleanOption, hideOption, hideSchema, integerOption, intIn, nethackVersionOption, nethackVersionSchema, stringOption } from '../../src/bot/options.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { DEATH_CAUSES, lifesave } from '../../src/engine/nethack/index.ts';
import { NUTRITION_MAX, NUTRITION_MIN, nethackFooter } from './forecast.ts';

export const lifesaveSubcommand = defineSubcommand({
  name: 'lifesave',
  description: 'What life saving does to nutrition, HP and Con',
  example: '/nethack lifesave nutrition:-50 cause:starvation',
  options: [
    integerOption('nutrition', 'Nutrition when you die', { required: true, min: NUTRITION_MIN, max: NUTRITION_MAX }),
    stringOption('cause', 'Cause of death (default died)', { choices: DEATH_CAUSES }),
    integerOption('con', 'Constitution', { min: 3, max: 25 }),
    integerOption('level', 'Experience level', { min: 1, max: 30 }),
    integerOption('max_hp', 'Max HP', { min: 1, max: 9999 }),
    booleanOption('sustain', 'Sustain ability (no Con loss)'),
    nethackVersionOption,
    hideOption,
  ],
  schema: z.object({
    nutrition: intIn('nutrition', NUTRITION_MIN, NUTRITION_MAX),
    cause: z.enum(DEATH_CAUSES).default('died'),
    con: intIn('con', 3, 25).optional(),
    level: intIn('level', 1, 30).optional(),
    max_hp: intIn('max_hp', 1, 9999).optional(),
    sustain: z.boolean().optional(),
    version: nethackVersionSchema,
    hide: hideSchema,
  }),
  run(args) {
    const r = lifesave({ version: args.version, nutrition: args.nutrition, cause: args.cause, con: args.con, level: args.level, maxHp: args.max_hp, sustainAbility: args.sustain });
    const fields: APIEmbedField[] = [
      field('Saved?', r.saved ? (r.diesAnyway ? 'Saved, then killed again' : 'Yes') : 'No', true),
      field('Nutrition', r.nutritionAfter === null ? '—' : `${fmt(r.nutritionBefore)} → **${fmt(r.nutritionAfter)}**`, true),
      field('Con', r.conLoss ? `−${r.conLoss}` : 'no loss', true),
      field('HP', `${r.hp.rule}${r.hp.hpAfter !== null ? ` Here: HP ${fmt(r.hp.hpAfter)}${r.hp.maxHpAfter !== null ? ` / ${fmt(r.hp.maxHpAfter)}` : ''}.` : ''}`),
      field('Why', r.why),
    ];
    if (r.otherEffects.length) fields.push(field('Also', r.otherEffects.map((e) => `• ${e}`).join('\n')));
    if (r.vomitMessageOnly) fields.push(field('Choking', '"You vomit ..." is only a message: no vomit() and no −1000.'));
    if (r.wiki.length) fields.push(field('Wiki differs', r.wiki.map((w) => `• ${w}`).join('\n')));
    fields.push(sourcesField(r.citations));
    return {
      embeds: [{ title: `Life saving (${r.cause}) at nutrition ${fmt(r.nutritionBefore)}`, color: r.saved && !r.diesAnyway ? COLORS.ok : COLORS.dead, fields, footer: nethackFooter(r.version) }],
      result: r,
      ephemeral: args.hide,
    };
  },
});
