// /crawl chunk type:<...> species:<name> — can this character eat it, and what it gives.
import { z } from 'zod';
import { defineSubcommand } from '../../src/bot/types.ts';
import { booleanOption, hideOption, hideSchema, integerOption, intIn, stringOption } from '../../src/bot/options.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import { CHUNK_TYPES, GODS, INTELLIGENCE, crawlChunk, type CrawlChunkResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, footer, guard, resolveVersion, sources, speciesOption, versionOption, versionSchema, wikiField } from './common.ts';

export function chunkEmbed(r: CrawlChunkResult) {
  const fields = [
    field('Verdict', r.canEat ? `**Edible**: ${fmt(r.nutrition ?? 0)} nutrition (${r.percentOfClean}% of a clean chunk)` : `**Refused**: ${r.refusal}`),
    field('Eater', `${r.eater.species}, ${r.eater.state} (${fmt(r.eater.hunger)}); Carnivore ${r.eater.carnivore}, Herbivore ${r.eater.herbivore}, Saprovore ${r.eater.saprovore}, gourmand ${r.eater.gourmand}${r.eater.gourmand === 'amulet' ? ` (charge ${r.eater.gourmandCharge})` : ''}`),
  ];
  if (r.canEat) {
    fields.push(field('How', `Effect ${r.effect}; base ${fmt(r.baseNutrition ?? 0)}, contamination ${r.contaminationRatio}/1000 → ${fmt(r.nutrition ?? 0)}; gained now ${fmt(r.gained ?? 0)}; 3 turns to eat.`));
  }
  if (r.effects.length) fields.push(field('Effects', r.effects.map((e) => `• ${e}`).join('\n')));
  if (r.conducts.length) fields.push(field('Religion', r.conducts.map((c) => `${c.god}: ${c.piety} piety${c.penance ? `, ${c.penance} penance` : ''} (${c.conduct})`).join('\n')));
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(...wikiField(r.wiki.note), sources(r.citations));
  return { title: `${r.input.rotten ? 'Rotten ' : ''}${r.input.type} chunk`, color: r.canEat ? COLORS.ok : COLORS.warning, fields, footer: footer(r.version) };
}

export const chunkSubcommand = defineSubcommand({
  name: 'chunk',
  description: 'Can this character eat a chunk, and what it gives',
  example: '/crawl chunk type:contaminated species:Kobold value:2000',
  options: [
    stringOption('type', 'Chunk type', { required: true, choices: CHUNK_TYPES }),
    speciesOption(),
    booleanOption('rotten', 'The chunk is rotten'),
    integerOption('value', 'Current hunger (default: start value)', { min: 0, max: 40000 }),
    integerOption('carnivore', 'Carnivore level (default: species)', { min: 0, max: 3 }),
    integerOption('herbivore', 'Herbivore level (default: species)', { min: 0, max: 3 }),
    integerOption('saprovore', 'Saprovore level (default: species)', { min: 0, max: 3 }),
    booleanOption('rpois', 'Known poison resistance'),
    booleanOption('gourmand', 'Wearing an amulet of the gourmand'),
    integerOption('charge', 'Gourmand charge 0-2000 (default 0)', { min: 0, max: 2000 }),
    stringOption('god', 'Your god', { choices: GODS }),
    booleanOption('cannibal', 'From your own genus'),
    stringOption('intelligence', 'Monster intelligence', { choices: INTELLIGENCE }),
    booleanOption('holy', 'From a holy monster'),
    booleanOption('orc', 'From an orc'),
    integerOption('xl', 'Experience level (ghoul healing)', { min: 1, max: 27 }),
    versionOption,
    hideOption,
  ],
  schema: z.object({
    type: z.enum(CHUNK_TYPES),
    species: z.string().max(40).optional(),
    rotten: z.boolean().optional(),
    value: intIn('value', 0, 40000).optional(),
    carnivore: intIn('carnivore', 0, 3).optional(),
    herbivore: intIn('herbivore', 0, 3).optional(),
    saprovore: intIn('saprovore', 0, 3).optional(),
    rpois: z.boolean().optional(),
    gourmand: z.boolean().optional(),
    charge: intIn('charge', 0, 2000).optional(),
    god: z.enum(GODS).optional(),
    cannibal: z.boolean().optional(),
    intelligence: z.enum(INTELLIGENCE).optional(),
    holy: z.boolean().optional(),
    orc: z.boolean().optional(),
    xl: intIn('xl', 1, 27).optional(),
    version: versionSchema,
    hide: hideSchema,
  }),
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const input = Object.fromEntries(
      Object.entries({
        type: args.type,
        species: args.species,
        rotten: args.rotten,
        hunger: args.value,
        carnivore: args.carnivore,
        herbivore: args.herbivore,
        saprovore: args.saprovore,
        rPois: args.rpois,
        gourmandAmulet: args.gourmand,
        gourmandCharge: args.charge,
        god: args.god,
        cannibal: args.cannibal,
        intelligence: args.intelligence,
        holy: args.holy,
        orc: args.orc,
        xl: args.xl,
      }).filter(([, x]) => x !== undefined),
    ) as unknown as Parameters<typeof crawlChunk>[1];
    const r = guard(() => crawlChunk(v.version, input));
    return { embeds: [chunkEmbed(r)], result: r, ephemeral: args.hide };
  },
});
