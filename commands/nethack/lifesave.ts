// /nethack lifesave nutrition:<n> [cause] — what an amulet of life saving does (src/end.c).
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, compact, field, fmt, sourcesEmbed } from '../../src/kit/render.ts';
import { DEATH_CAUSES, lifesave, type LifesaveResult } from '../../src/engine/nethack/index.ts';
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
    const r = lifesave({
      version: args.version,
      nutrition: args.nutrition,
      cause: args.cause,
      con: args.con,
      level: args.level,
      maxHp: args.max_hp,
      sustainAbility: args.sustain,
    });
    return { embeds: [lifesaveCompact(r)], details: lifesaveDetails(r), result: r, ephemeral: args.hide };
  },
});

/** "Saved: nutrition 300 → 900, −1 Con", "Not saved: ...", "Saved, then killed again: ...". */
export function lifesaveTitle(r: LifesaveResult): string {
  if (!r.saved) return `Not saved (${r.cause}): ${r.why.replace(/\.$/, '')}`;
  if (r.diesAnyway) return `Saved, then killed again (${r.cause})`;
  const after = r.nutritionAfter;
  const nutrition =
    after === null
      ? ''
      : after === r.nutritionBefore
        ? `, nutrition stays ${fmt(after)}`
        : `, nutrition ${fmt(r.nutritionBefore)} → ${fmt(after)}`;
  return `Saved from ${r.cause === 'died' ? 'death' : r.cause}${nutrition}${r.conLoss ? `, −${r.conLoss} Con` : ''}`;
}

const lifesaveColor = (r: LifesaveResult) => (r.saved && !r.diesAnyway ? COLORS.ok : COLORS.dead);

function lifesaveCompact(r: LifesaveResult): APIEmbed {
  return compact({
    title: lifesaveTitle(r),
    color: lifesaveColor(r),
    lines: [
      r.saved && r.diesAnyway ? r.why : null,
      r.hp.hpAfter !== null
        ? `HP ${fmt(r.hp.hpAfter)}${r.hp.maxHpAfter !== null ? ` / ${fmt(r.hp.maxHpAfter)}` : ''} afterwards.`
        : null,
      r.vomitMessageOnly ? '"You vomit ..." is only a message: no vomit() and no −1000.' : null,
    ],
    footer: nethackFooter(r.version, 'src/end.c savelife()'),
  });
}

function lifesaveDetails(r: LifesaveResult): APIEmbed[] {
  const fields: APIEmbedField[] = [
    field('Saved?', r.saved ? (r.diesAnyway ? 'Saved, then killed again' : 'Yes') : 'No', true),
    field(
      'Nutrition',
      r.nutritionAfter === null ? '—' : `${fmt(r.nutritionBefore)} → **${fmt(r.nutritionAfter)}**`,
      true,
    ),
    field('Con', r.conLoss ? `−${r.conLoss}` : 'no loss', true),
    field(
      'HP',
      `${r.hp.rule}${r.hp.hpAfter !== null ? ` Here: HP ${fmt(r.hp.hpAfter)}${r.hp.maxHpAfter !== null ? ` / ${fmt(r.hp.maxHpAfter)}` : ''}.` : ''}`,
    ),
    field('Why', r.why),
  ];
  if (r.otherEffects.length) fields.push(field('Also', r.otherEffects.map((e) => `• ${e}`).join('\n')));
  if (r.vomitMessageOnly) fields.push(field('Choking', '"You vomit ..." is only a message: no vomit() and no −1000.'));
  if (r.wiki.length) fields.push(field('Wiki differs', r.wiki.map((w) => `• ${w}`).join('\n')));
  const main = { title: lifesaveTitle(r), color: lifesaveColor(r), fields, footer: nethackFooter(r.version) };
  return [main, sourcesEmbed(r.citations, lifesaveColor(r))];
}
