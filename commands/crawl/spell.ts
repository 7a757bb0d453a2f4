// /crawl spell level:<1-9> int:<n> skill:<n> — spell hunger (spell_hunger()), what this
// character is charged, the spell screen's bars, and whether the cast is allowed.
import * as kinds from '../../src/bot/kinds.ts';
import { boolean, integer, number } from '../../src/bot/options.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import { crawlSpell, type CrawlSpellResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, footer, resolveVersion, sources, wikiField } from './common.ts';

export function spellEmbed(r: CrawlSpellResult) {
  const how =
    r.input.rodEvocations !== undefined
      ? `${fmt(r.base)} − 10 × Evocations ${r.input.rodEvocations} = ${fmt(r.base - r.reduction)}, at least ${r.input.level * 5}`
      : `${fmt(r.base)} − ⌊${r.input.skill} × ${r.input.int}⌋ (${fmt(r.reduction)}) = ${fmt(r.base - r.reduction)}${r.base - r.reduction < 0 ? ', floored at 0' : ''}`;
  const fields = [
    field('Cost', `**${fmt(r.cost)}**${r.input.staffOfEnergy ? ' (staff of energy: 0)' : ''}`, true),
    field('Charged to you', fmt(r.charged), true),
    field('Bars', `\`${r.bars}\``, true),
    field('Formula', how),
    field('Cast allowed', r.canCast ? `Yes (hunger ${fmt(r.hero.hunger)}, ${r.hero.state})` : `No: ${r.refusal}`),
  ];
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(...wikiField(r.wiki.note), sources(r.citations));
  return { title: `Level ${r.input.level} spell hunger`, color: COLORS.info, fields, footer: footer(r.version) };
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
    return { embeds: [spellEmbed(r)], result: r, ephemeral: args.hide };
  },
});
