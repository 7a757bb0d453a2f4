// /crawl forecast value:<n> ... — turns until each satiation level, at a character's rate
// (same options as /crawl rate) or a fixed rate:<n>.
import { z } from 'zod';
import { defineSubcommand } from '../../src/bot/types.ts';
import { booleanOption, hideOption, integerOption, intIn } from '../../src/bot/options.ts';
import { crawlForecastChart } from '../../src/chart/forecast.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import type { CrawlForecastResult } from '../../src/engine/crawl/index.ts';
import { crawlForecastOffThread } from '../../src/runtime/offload.ts';
import {
  autocompleteCrawl,
  distText,
  footer,
  guard,
  guardAsync,
  heroInputFrom,
  heroOptions,
  heroSchemaShape,
  resolveVersion,
  sources,
  versionOption,
} from './common.ts';

const span = (x: { expected: number; min: number; max: number | null }) =>
  x.min === x.max ? fmt(x.min) : `${fmt(Number(x.expected.toFixed(1)))} (${fmt(x.min)}–${x.max === null ? '∞' : fmt(x.max)})`;

export function forecastEmbed(r: CrawlForecastResult) {
  const lines = r.milestones.map((m) =>
    m.reachable && m.turns
      ? `**${m.target}** (≤ ${fmt(m.atOrBelow)}): ${span(m.turns)} turns`
      : `**${m.target}** (≤ ${fmt(m.atOrBelow)}): never (this character never drops that low)`,
  );
  const fields = [
    field('Start', `${fmt(r.start.value)} (${r.start.state})`, true),
    field(r.mode === 'fixedRate' ? `Fixed rate ${r.input.rate}` : `${r.species ?? ''} per action`, distText(r.perAction), true),
    field('Turns until', lines.join('\n') || 'Nothing below this level to reach.'),
  ];
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(field('How to read it', 'Expected turns, then the fastest and slowest the random rounding allows. Fighting (3 per attack), spells and abilities come on top.'));
  fields.push(sources(r.citations));
  return { title: `Forecast from ${fmt(r.start.value)}`, color: COLORS.info, fields, footer: footer(r.version, `${r.input.aut} aut per action`) };
}

export const forecastSubcommand = defineSubcommand({
  name: 'forecast',
  description: 'Turns until each satiation level',
  example: '/crawl forecast value:5900 species:Troll sustenance:1 version:0.14',
  options: [
    integerOption('value', 'Hunger value now', { required: true, min: 0, max: 40000 }),
    integerOption('rate', 'Fixed rate per 10 aut instead of a character', { min: 1, max: 200 }),
    ...heroOptions(),
    booleanOption('chart', 'Attach a PNG chart of satiation'),
    versionOption,
    hideOption,
  ],
  schema: z.object({ ...heroSchemaShape, value: intIn('value', 0, 40000), rate: intIn('rate', 1, 200).optional(), chart: z.boolean().default(false) }),
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  async run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    // Up to several ms for large values: on the worker pool (bad input comes back as a UserError).
    const r = await guardAsync(() =>
      crawlForecastOffThread(v.version, {
        value: args.value,
        ...(args.rate !== undefined ? { rate: args.rate } : { hero: guard(() => heroInputFrom(args)) }),
        ...(args.aut !== undefined ? { aut: args.aut } : {}),
        ...(args.walking !== undefined ? { walking: args.walking } : {}),
      }),
    );
    const chart = args.chart ? await crawlForecastChart(r, { title: `Satiation from ${fmt(r.start.value)} (Crawl ${r.version})`, fileName: 'crawl-forecast.png' }) : undefined;
    const embed = forecastEmbed(r);
    return {
      embeds: [chart ? { ...embed, image: { url: `attachment://${chart.name}` } } : embed],
      result: { ...r, chart: chart?.name ?? null },
      ephemeral: args.hide,
      files: chart ? [chart] : undefined,
    };
  },
});
