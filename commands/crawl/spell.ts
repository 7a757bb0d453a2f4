// /crawl spell level:<1-9> int:<n> skill:<n> — spell hunger (spell_hunger()), what this
// character is charged, the spell screen's bars, and whether the cast is allowed.
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, integer, number } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import type { APIEmbed } from 'discord-api-types/v10';
import { COLORS, compact, field, fmt } from '../../src/kit/render.ts';
import { crawlSpell, type CrawlSpellResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, detailsOf, footer, resolveVersion, stateName, wikiField } from './common.ts';

function formulaText(r: CrawlSpellResult): string {
  return r.input.rodEvocations !== undefined
    ? `${fmt(r.base)} − 10 × Evocations ${r.input.rodEvocations} = ${fmt(r.base - r.reduction)}, at least ${r.input.level * 5}`
    : `${fmt(r.base)} − ⌊${r.input.skill} × ${r.input.int}⌋ (${fmt(r.reduction)}) = ${fmt(r.base - r.reduction)}${r.base - r.reduction < 0 ? ', floored at 0' : ''}`;
}

/** "Level 5 spell costs 200 food (Int 15, Spellcasting 10)", with "— can't cast now" when refused. */
export function crawlSpellTitle(r: CrawlSpellResult): string {
  const cost = r.charged === 0 ? 'no food' : `${fmt(r.charged)} food`;
  const rod = r.input.rodEvocations;
  const who = rod !== undefined ? `from a rod, Evocations ${rod}` : `Int ${r.input.int}, Spellcasting ${r.input.skill}`;
  const charged = r.charged !== r.cost ? ` (${r.hero.species}; the screen shows ${fmt(r.cost)})` : '';
  return `Level ${r.input.level} spell costs ${cost} (${who})${charged}${r.canCast === false ? ' — cannot cast now' : ''}`;
}

function spellCompact(r: CrawlSpellResult): APIEmbed {
  return compact({
    title: crawlSpellTitle(r),
    color: r.canCast === false ? COLORS.warning : COLORS.info,
    lines: [
      `Spell screen: \`${r.bars}\` · ${formulaText(r)}.`,
      r.canCast === false
        ? `Refused: ${r.refusal}`
        : `At hunger ${fmt(r.hero.hunger)} (${stateName(r.hero.state, r.hero.species)}).`,
    ],
    footer: footer(r.version, 'spl-util.cc spell_hunger()'),
  });
}

function spellDetails(r: CrawlSpellResult): APIEmbed[] {
  const fields = [
    field('Cost', `**${fmt(r.cost)}**${r.input.staffOfEnergy ? ' (staff of energy: 0)' : ''}`, true),
    field('Charged to you', fmt(r.charged), true),
    field('Bars', `\`${r.bars}\``, true),
    field('Formula', formulaText(r)),
    field(
      'Cast allowed',
      r.canCast ? `Yes (hunger ${fmt(r.hero.hunger)}, ${stateName(r.hero.state, r.hero.species)})` : `No: ${r.refusal}`,
    ),
  ];
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(...wikiField(r.wiki.note));
  return detailsOf({ title: crawlSpellTitle(r), color: COLORS.info, fields, footer: footer(r.version) }, r.citations);
}

export const spellSubcommand = defineSubcommand({
  name: 'spell',
  description: 'Food cost of casting a spell',
  example: '/crawl spell level:5 int:15 skill:10',
  options: {
    level: integer('Spell level', { min: 1, max: 9, example: 5 }).required(),
    int: integer('Intelligence', { min: 1, max: 99, example: 15 }).required(),
    skill: number('Spellcasting skill, e.g. 12.5', { min: 0, max: 27, example: 10 }).required(),
    species: kinds.species,
    value: kinds.satiation.describe('Current hunger (default: start value)'),
    staff: boolean('Wielding a staff of energy'),
    lich: boolean('In lich form'),
    rod: number('Cast from a rod: your Evocations skill', { min: 0, max: 27, example: 8 }),
    version: kinds.crawlVersion,
  },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const r = crawlSpell(v.version, {
      level: args.level,
      int: args.int,
      skill: args.skill,
      ...(args.species !== undefined ? { species: args.species } : {}),
      ...(args.value !== undefined ? { hunger: args.value } : {}),
      ...(args.staff ? { staffOfEnergy: true } : {}),
      ...(args.lich ? { form: 'lich' as const } : {}),
      ...(args.rod !== undefined ? { rodEvocations: args.rod } : {}),
    });
    return { embeds: [spellCompact(r)], details: spellDetails(r), result: r, ephemeral: args.hide };
  },
});
