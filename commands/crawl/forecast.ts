// /crawl forecast value:<n> ... — turns until each satiation level, at a character's rate
// (same options as /crawl rate) or a fixed rate:<n>.
import type { APIEmbed } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { integer } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { crawlForecastChart } from '../../src/kit/charts.ts';
import { COLORS, capitalize, compact, field, fmt } from '../../src/kit/render.ts';
import type { CrawlForecastResult } from '../../src/engine/crawl/index.ts';
import { crawlForecastOffThread } from '../../src/runtime/offload.ts';
import {
  actionFrom,
  autocompleteCrawl,
  crawlHeroOptions,
  detailsOf,
  distText,
  footer,
  heroInputFrom,
  resolveVersion,
  spanText,
  stateName,
} from './common.ts';

type Milestone = CrawlForecastResult['milestones'][number];

/** A milestone as this character calls it ("Thirsty" for a Vampire, "fainting", "death"). */
export function targetName(m: Milestone, species: string | null): string {
  return stateName(String(m.target), species);
}

/** "Hungry in 660 turns", "Hungry in about 767 turns (760–775)", or why nothing is ahead. */
export function crawlForecastTitle(r: CrawlForecastResult): string {
  const next = r.milestones.find((m) => m.reachable && m.turns);
  const who = r.species ? ` (${r.species})` : '';
  if (!next) {
    if (r.mode === 'hero' && !r.milestones.length && r.notes[0]?.includes('no hunger')) return `No hunger at all${who}`;
    return `${stateName(r.start.state, r.species)} at ${fmt(r.start.value)}: never drops lower${who}`;
  }
  return `${capitalize(targetName(next, r.species))} in ${spanText(next.turns!)} turns${who}`;
}

function milestoneLine(m: Milestone, species: string | null): string {
  const name = `**${capitalize(targetName(m, species))}** (≤ ${fmt(m.atOrBelow)})`;
  return m.reachable && m.turns
    ? `${name}: ${spanText(m.turns)} turns`
    : `${name}: never (this character never drops that low)`;
}

function rateLabel(r: CrawlForecastResult): string {
  return r.mode === 'fixedRate' ? `Fixed rate ${r.input.rate}` : `${r.species ?? ''} per action`;
}

function forecastCompact(r: CrawlForecastResult): APIEmbed {
  const next = r.milestones.find((m) => m.reachable && m.turns);
  const later = r.milestones
    .filter((m) => m !== next && m.reachable && m.turns)
    .map((m) => `${capitalize(targetName(m, r.species))} ${spanText(m.turns!)}`);
  return compact({
    title: crawlForecastTitle(r),
    color: COLORS.info,
    lines: [
      `From ${fmt(r.start.value)} (${stateName(r.start.state, r.species)}); ${rateLabel(r)}: ${distText(r.perAction)}.`,
      later.length ? `Then, in turns from now: ${later.join(' · ')}.` : null,
      'Melee (3 per attack), spells and abilities come on top.',
    ],
    footer: footer(r.version, `${r.input.aut} aut per action`),
  });
}

function forecastDetails(r: CrawlForecastResult): APIEmbed[] {
  const fields = [
    field('Start', `${fmt(r.start.value)} (${stateName(r.start.state, r.species)})`, true),
    field(rateLabel(r), distText(r.perAction), true),
    field(
      'Turns until',
      r.milestones.map((m) => milestoneLine(m, r.species)).join('\n') || 'Nothing below this level to reach.',
    ),
  ];
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(
    field(
      'How to read it',
      'Expected turns, then the fastest and slowest the random rounding allows (one number when the rounding cannot change it). Fighting (3 per attack), spells and abilities come on top.',
    ),
  );
  return detailsOf(
    {
      title: crawlForecastTitle(r),
      color: COLORS.info,
      fields,
      footer: footer(r.version, `${r.input.aut} aut per action`),
    },
    r.citations,
  );
}

export const forecastSubcommand = defineSubcommand({
  name: 'forecast',
  description: 'Turns until each satiation level',
  example: '/crawl forecast value:5900 species:Troll gear:"ring of sustenance" version:0.14',
  options: {
    value: kinds.satiation.describe('Hunger value now').required(),
    rate: integer('Fixed rate per 10 aut instead of a character', { min: 1, max: 200, example: 5 }),
    ...crawlHeroOptions,
    chart: kinds.chart,
  },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  async run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    // Up to several ms for large values: on the worker pool (bad input comes back as the engine's UserError).
    const r = await crawlForecastOffThread(v.version, {
      value: args.value,
      ...(args.rate !== undefined ? { rate: args.rate } : { hero: heroInputFrom(args) }),
      ...actionFrom(args),
    });
    const chart = args.chart
      ? await crawlForecastChart(r, {
          title: `Satiation from ${fmt(r.start.value)} (Crawl ${r.version})`,
          fileName: 'crawl-forecast.png',
        })
      : undefined;
    const embed = forecastCompact(r);
    return {
      embeds: [chart ? { ...embed, image: { url: `attachment://${chart.name}` } } : embed],
      details: forecastDetails(r),
      result: { ...r, chart: chart?.name ?? null },
      ephemeral: args.hide,
      files: chart ? [chart] : undefined,
    };
  },
});
