// /nethack lifesave nutrition:<n> [cause] — what an amulet of life saving does (src/end.c).
import type { APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/bot/kinds.ts';
import { boolean, choice, integer } from '../../src/bot/options.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { DEATH_CAUSES, lifesave } from '../../src/engine/nethack/index.ts';
import { nethackFooter } from './forecast.ts';

export const lifesaveSubcommand = defineSubcommand({
  name: 'lifesave',
  description: 'What life saving does to nutrition, HP and Con',
  example: '/nethack lifesave nutrition:-50 cause:starvation',
  options: {
    nutrition: kinds.nutrition.describe('Nutrition when you die').required(),
    cause: choice('Cause of death (default died)', DEATH_CAUSES).default('died'),
    con: kinds.con,
    level: kinds.xl,
    max_hp: integer('Max HP', { min: 1, max: 9999, example: 60 }),
    sustain: boolean('Sustain ability (no Con loss)'),
    version: kinds.nethackVersion,
  },
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
