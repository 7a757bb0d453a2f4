// /crawl chunk type:<...> species:<name> — can this character eat it, and what it gives.
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import type { APIEmbed } from 'discord-api-types/v10';
import { COLORS, compact, field, fmt } from '../../src/kit/render.ts';
import { CHUNK_TYPES, GODS, INTELLIGENCE, crawlChunk, type CrawlChunkResult } from '../../src/engine/crawl/index.ts';
import {
  autocompleteCrawl,
  detailsOf,
  dietLevel,
  footer,
  gourmand,
  resolveVersion,
  stateName,
  wikiField,
} from './common.ts';

/** "Kobold gets 967 from a contaminated chunk", "Human can't eat a poisonous chunk: ...". */
export function chunkTitle(r: CrawlChunkResult): string {
  const chunk = `${r.input.rotten ? 'rotten ' : ''}${r.input.type} chunk`;
  const why = (r.refusal ?? '').replace(/^"[^"]*"\s*/, '').replace(/\.$/, '') || 'refused';
  if (!r.canEat) return `${r.eater.species} can't eat a ${chunk}: ${why}`;
  return `${r.eater.species} gets ${fmt(r.nutrition ?? 0)} from a ${chunk}${r.effect && r.effect !== 'CE_CLEAN' ? ` (${r.effect})` : ''}`;
}

const eaterAt = (r: CrawlChunkResult) => `${fmt(r.eater.hunger)}, ${stateName(r.eater.state, r.eater.species)}`;
const conductText = (c: CrawlChunkResult['conducts'][number]) =>
  `${c.god} ${c.piety} piety${c.penance ? `, ${c.penance} penance` : ''}`;

const chunkColor = (r: CrawlChunkResult) => (r.canEat ? COLORS.ok : COLORS.warning);

function chunkCompact(r: CrawlChunkResult): APIEmbed {
  return compact({
    title: chunkTitle(r),
    color: chunkColor(r),
    lines: [
      r.canEat
        ? `${r.percentOfClean}% of a clean chunk; gained now ${fmt(r.gained ?? 0)} (at ${eaterAt(r)}).`
        : r.refusal,
      r.canEat && r.effects.length ? `Effects: ${r.effects.slice(0, 2).join('; ')}` : null,
      r.conducts.length > 0 && `Religion: ${r.conducts.map(conductText).join('; ')}.`,
    ],
    footer: footer(r.version, 'food.cc _eat_chunk()'),
  });
}

function chunkDetails(r: CrawlChunkResult): APIEmbed[] {
  const fields = [
    field(
      'Verdict',
      r.canEat
        ? `**Edible**: ${fmt(r.nutrition ?? 0)} nutrition (${r.percentOfClean}% of a clean chunk)`
        : `**Refused**: ${r.refusal}`,
    ),
    field(
      'Eater',
      `${r.eater.species}, ${stateName(r.eater.state, r.eater.species)} (${fmt(r.eater.hunger)}); Carnivore ${r.eater.carnivore}, Herbivore ${r.eater.herbivore}, Saprovore ${r.eater.saprovore}, gourmand ${r.eater.gourmand}${r.eater.gourmand === 'amulet' ? ` (charge ${r.eater.gourmandCharge})` : ''}`,
    ),
  ];
  if (r.canEat) {
    fields.push(
      field(
        'How',
        `Effect ${r.effect}; base ${fmt(r.baseNutrition ?? 0)}, contamination ${r.contaminationRatio}/1000 → ${fmt(r.nutrition ?? 0)}; gained now ${fmt(r.gained ?? 0)}; 3 turns to eat.`,
      ),
    );
    if (r.effects.length) fields.push(field('Effects', r.effects.map((e) => `• ${e}`).join('\n')));
  }
  if (r.conducts.length)
    fields.push(
      field(
        'Religion',
        r.conducts
          .map((c) => `${c.god}: ${c.piety} piety${c.penance ? `, ${c.penance} penance` : ''} (${c.conduct})`)
          .join('\n'),
      ),
    );
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(...wikiField(r.wiki.note));
  return detailsOf({ title: chunkTitle(r), color: chunkColor(r), fields, footer: footer(r.version) }, r.citations);
}

export const chunkSubcommand = defineSubcommand({
  name: 'chunk',
  description: 'Can this character eat a chunk, and what it gives',
  example: '/crawl chunk type:contaminated species:Kobold value:2000',
  options: {
    type: choice('Chunk type', CHUNK_TYPES).required(),
    species: kinds.species,
    rotten: boolean('The chunk is rotten'),
    value: kinds.satiation.describe('Current hunger (default: start value)'),
    carnivore: dietLevel('Carnivore'),
    herbivore: dietLevel('Herbivore'),
    saprovore: dietLevel('Saprovore'),
    rpois: boolean('Known poison resistance'),
    gourmand,
    charge: integer('Gourmand charge 0-2000 (default 0)', { min: 0, max: 2000, example: 1000 }),
    god: choice('Your god', GODS),
    cannibal: boolean('From your own genus'),
    intelligence: choice('Monster intelligence', INTELLIGENCE),
    holy: boolean('From a holy monster'),
    orc: boolean('From an orc'),
    xl: integer('Experience level (ghoul healing)', { min: 1, max: 27, example: 10 }),
    version: kinds.crawlVersion,
  },
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
    const r = crawlChunk(v.version, input);
    return { embeds: [chunkCompact(r)], details: chunkDetails(r), result: r, ephemeral: args.hide };
  },
});
