// /crawl spell level:<1-9> int:<n> skill:<n> — spell hunger (spell_hunger()), what this
// character is charged, the spell screen's bars, and whether the cast is allowed.
import { z } from 'zod';
import { defineSubcommand } from '../../src/bot/types.ts';
import { booleanOption, hideOption, hideSchema, integerOption, intIn, numberOption } from '../../src/bot/options.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import { crawlSpell, type CrawlSpellResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, footer, guard, resolveVersion, sources, speciesOption, versionOption, versionSchema, wikiField } from './common.ts';

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
  options: [
    integerOption('level', 'Spell level', { required: true, min: 1, max: 9 }),
    integerOption('int', 'Intelligence', { required: true, min: 1, max: 99 }),
    numberOption('skill', 'Spellcasting skill, e.g. 12.5', { required: true, min: 0, max: 27 }),
    speciesOption(),
    integerOption('value', 'Current hunger (default: start value)', { min: 0, max: 40000 }),
    booleanOption('staff', 'Wielding a staff of energy'),
    booleanOption('lich', 'In lich form'),
    numberOption('rod', 'Cast from a rod: your Evocations skill', { min: 0, max: 27 }),
    versionOption,
    hideOption,
  ],
  schema: z.object({
    level: intIn('level', 1, 9),
    int: intIn('int', 1, 99),
    skill: z.number().min(0, { error: 'skill must be at least 0' }).max(27, { error: 'skill must be at most 27' }),
    species: z.string().max(40).optional(),
    value: intIn('value', 0, 40000).optional(),
    staff: z.boolean().optional(),
    lich: z.boolean().optional(),
    rod: z.number().min(0).max(27).optional(),
    version: versionSchema,
    hide: hideSchema,
  }),
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const r = guard(() =>
      crawlSpell(v.version, {
        level: args.level,
        int: args.int,
        skill: args.skill,
        ...(args.species !== undefined ? { species: args.species } : {}),
        ...(args.value !== undefined ? { hunger: args.value } : {}),
        ...(args.staff ? { staffOfEnergy: true } : {}),
        ...(args.lich ? { form: 'lich' as const } : {}),
        ...(args.rod !== undefined ? { rodEvocations: args.rod } : {}),
      }),
    );
    return { embeds: [spellEmbed(r)], result: r, ephemeral: args.hide };
  },
});
