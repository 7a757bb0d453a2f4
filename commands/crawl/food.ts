// /crawl food item:<name> [carnivore] [herbivore] [species] — nutrition by diet level,
// eating time, special effects, potions of blood and porridge.
import type { APIEmbed } from 'discord-api-types/v10';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import * as kinds from '../../src/kit/kinds.ts';
import { text } from '../../src/pipeline/options.ts';
import { COLORS, capitalize, compact, field, fmt } from '../../src/kit/render.ts';
import { crawlFood, type CrawlFoodResult } from '../../src/engine/crawl/index.ts';
import {
  autocompleteCrawl,
  detailsOf,
  dietLevel,
  distText,
  footer,
  gourmand,
  resolveVersion,
  stateName,
  wikiField,
} from './common.ts';

const cell = (v: number | null) => (v === null ? '—' : fmt(v));

function eaterText(r: CrawlFoodResult): string {
  return `${r.eater.species}${r.eater.carnivore ? `, Carnivore ${r.eater.carnivore}` : ''}${r.eater.herbivore ? `, Herbivore ${r.eater.herbivore}` : ''}`;
}

/** "Bread ration: 2,400 nutrition (Human, Carnivore 2)", "A Spriggan can't eat a meat ration: ...". */
export function crawlFoodTitle(r: CrawlFoodResult): string {
  if (!r.canEat) return `${r.eater.species} can't eat ${r.item.name}: ${(r.refusal ?? 'refused').replace(/\.$/, '')}`;
  if (!r.distribution) return `${capitalize(r.item.name)}: no nutrition (${eaterText(r)})`;
  return `${capitalize(r.item.name)}: ${distText(r.distribution)} nutrition (${eaterText(r)})`;
}

function foodCompact(r: CrawlFoodResult): APIEmbed {
  return compact({
    title: crawlFoodTitle(r),
    color: r.canEat ? COLORS.ok : COLORS.warning,
    lines: [
      r.canEat ? r.timing : null,
      r.canEat && r.effects.length ? `Effects: ${r.effects.slice(0, 2).join('; ')}` : null,
      `Eater at hunger level ${stateName(r.eater.state, r.eater.species)}.`,
    ],
    footer: footer(r.version, 'itemprop.cc, food.cc'),
  });
}

function foodDetails(r: CrawlFoodResult): APIEmbed[] {
  const fields = [
    field(
      'Nutrition',
      r.canEat && r.distribution
        ? `**${distText(r.distribution)}**`
        : r.canEat
          ? 'none'
          : `**cannot eat** — ${r.refusal ?? ''}`,
      true,
    ),
    field('Eater', `${eaterText(r)} (${stateName(r.eater.state, r.eater.species)})`, true),
    field('Time', r.timing, true),
  ];
  if (r.item.category !== 'potion' || r.byLevel.normal !== null) {
    const b = r.byLevel;
    fields.push(
      field(
        'By diet level',
        `Normal ${cell(b.normal)} · Carnivore ${b.carnivore.map(cell).join(' / ')} · Herbivore ${b.herbivore.map(cell).join(' / ')}` +
          (r.item.category === 'potion' && r.item.id !== 'POT_PORRIDGE'
            ? ' (expected, counting the chance to sicken)'
            : ''),
      ),
    );
  }
  if (r.item.value !== null && r.item.category === 'permafood')
    fields.push(
      field(
        'Formula',
        `${fmt(r.item.value)} + C × ${fmt(r.item.carnivoreMod ?? 0)} + H × ${fmt(r.item.herbivoreMod ?? 0)}; weight ${r.item.weight} aum`,
      ),
    );
  if (r.canEat && r.effects.length) fields.push(field('Effects', r.effects.map((e) => `• ${e}`).join('\n')));
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(...wikiField(r.wiki.note));
  return detailsOf(
    { title: crawlFoodTitle(r), color: r.canEat ? COLORS.ok : COLORS.warning, fields, footer: footer(r.version) },
    r.citations,
  );
}

export const foodSubcommand = defineSubcommand({
  name: 'food',
  description: 'What a food item or potion feeds, by diet',
  example: '/crawl food item:"bread ration" carnivore:2',
  options: {
    item: text('Food or potion', { autocomplete: true, maxLength: 60 }).required(),
    carnivore: dietLevel('Carnivore'),
    herbivore: dietLevel('Herbivore'),
    species: kinds.species,
    value: kinds.satiation.describe('Current hunger (Engorged refuses)'),
    gourmand,
    version: kinds.crawlVersion,
  },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const r = crawlFood(v.version, args.item, {
      ...(args.species !== undefined ? { species: args.species } : {}),
      ...(args.carnivore !== undefined ? { carnivore: args.carnivore } : {}),
      ...(args.herbivore !== undefined ? { herbivore: args.herbivore } : {}),
      ...(args.value !== undefined ? { hunger: args.value } : {}),
      ...(args.gourmand !== undefined ? { gourmandAmulet: args.gourmand } : {}),
    });
    return { embeds: [foodCompact(r)], details: foodDetails(r), result: r, ephemeral: args.hide };
  },
});
