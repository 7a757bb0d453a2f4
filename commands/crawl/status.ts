// /crawl status value:<n> [species] — the satiation level the code computes for a value, and
// what that level allows and forbids.
import type { APIEmbed } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, compact, field, fmt } from '../../src/kit/render.ts';
import { crawlStatusFor, type CrawlStatusResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, detailsOf, footer, resolveVersion, wikiField } from './common.ts';

const STATE_COLOR = [
  COLORS.fainting,
  COLORS.weak,
  COLORS.weak,
  COLORS.hungry,
  COLORS.ok,
  COLORS.satiated,
  COLORS.satiated,
  COLORS.satiated,
];

/** Rules about another level's effects, shown only at that level (a Satiated vampire is not Bloodless). */
const OTHER_LEVEL_ONLY = new Set(['starvingPenalties', 'fainting', 'starvationDeath', 'berserkEndsEarly']);

type Rule = CrawlStatusResult['rules'][number];

/** The rules of this level, in the species' own words (vampire thirst levels). */
export function currentRules(r: CrawlStatusResult): Rule[] {
  return r.rules
    .filter((x) => !(OTHER_LEVEL_ONLY.has(x.id) && x.value === false))
    .map((x) =>
      r.who === 'vampire' && x.id === 'rate'
        ? {
            ...x,
            text: x.text.replace(
              /^Metabolism by thirst: .*; this state: (\d+)\.$/,
              `Metabolism at ${r.state.vampireLabel}: $1 per turn.`,
            ),
          }
        : x,
    );
}

/** The level's name for this character: a vampire's thirst label, else the hunger state. */
export function levelLabel(r: CrawlStatusResult): string {
  return r.who === 'vampire' ? r.state.vampireLabel : r.state.name;
}

/** "Hunger 3,000 is Satiated for a Vampire (Thirsty after 400 more)". */
export function crawlStatusTitle(r: CrawlStatusResult): string {
  const who = r.input.species ? ` for a ${r.input.species}` : '';
  if (r.who === 'mummy') return `Hunger ${fmt(r.input.value)}: no hunger at all${who}`;
  const next = r.nextWorse
    ? ` (${r.who === 'vampire' ? r.thresholds[r.state.index - 1]!.vampireLabel : r.nextWorse.state} after ${fmt(r.nextWorse.nutritionToLose)} more)`
    : '';
  const clamped = r.clampedTo !== null ? ` (kept at ${fmt(r.clampedTo)})` : '';
  return `Hunger ${fmt(r.input.value)}${clamped} is ${levelLabel(r)}${who}${next}`;
}

const mark = (v: boolean | null) => (v === null ? '•' : v ? '✅' : '❌');

function statusCompact(r: CrawlStatusResult): APIEmbed {
  const rules = currentRules(r);
  return compact({
    title: crawlStatusTitle(r),
    color: r.who === 'mummy' ? COLORS.info : STATE_COLOR[r.state.index]!,
    lines: [
      r.who === 'mummy'
        ? null
        : `Status line: ${r.statusLight ? `\`${r.statusLight}\`` : 'nothing'} · band ${fmt(r.state.band.min)}–${fmt(r.state.band.max)}.`,
      ...rules
        .filter((x) => x.value !== null)
        .slice(0, 4)
        .map((x) => `${mark(x.value)} ${x.text}`),
    ],
    footer: footer(r.version),
  });
}

function statusDetails(r: CrawlStatusResult): APIEmbed[] {
  const fields = [
    field(
      'Level',
      `**${levelLabel(r)}**${r.who === 'vampire' && r.state.vampireLabel !== r.state.name ? ` (the code's ${r.state.name})` : ''}${r.statusLight ? ` — status line shows \`${r.statusLight}\`` : ' — nothing on the status line'}`,
      true,
    ),
    field('Band', `${fmt(r.state.band.min)} to ${fmt(r.state.band.max)}`, true),
  ];
  if (r.nextWorse) {
    const next = r.who === 'vampire' ? r.thresholds[r.state.index - 1]!.vampireLabel : r.nextWorse.state;
    fields.push(
      field(`Until ${next}`, `${fmt(r.nextWorse.nutritionToLose)} to lose (at ${fmt(r.nextWorse.at)} or less)`, true),
    );
  }
  if (r.clampedTo !== null)
    fields.push(
      field(
        'Clamped',
        `The game keeps this character between ${fmt(r.bounds.minimum)} and ${fmt(r.bounds.maximum)}: ${fmt(r.input.value)} becomes ${fmt(r.clampedTo)}.`,
      ),
    );
  fields.push(
    field(
      'At this level',
      currentRules(r)
        .map((x) => `${mark(x.value)} ${x.text}`)
        .join('\n'),
    ),
  );
  fields.push(
    field(
      'Thresholds',
      r.thresholds
        .map((t) => `${r.who === 'vampire' ? t.vampireLabel : t.name}: ${fmt(t.band.min)}–${fmt(t.band.max)}`)
        .join(' · ') + ` · start ${fmt(r.bounds.start)}`,
    ),
  );
  fields.push(...wikiField(r.wiki.note));
  return detailsOf(
    {
      title: crawlStatusTitle(r),
      color: r.who === 'mummy' ? COLORS.info : STATE_COLOR[r.state.index],
      fields,
      footer: footer(r.version),
    },
    r.citations,
  );
}

export const statusSubcommand = defineSubcommand({
  name: 'status',
  description: 'Satiation level for a hunger value',
  example: '/crawl status value:1000',
  options: {
    value: kinds.satiation.describe('Hunger value (you.hunger)').required(),
    species: kinds.species.describe('Species (Vampire, Ghoul, Mummy change the rules)'),
    version: kinds.crawlVersion,
  },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const r = crawlStatusFor(v.version, args.value, args.species);
    return { embeds: [statusCompact(r)], details: statusDetails(r), result: r, ephemeral: args.hide };
  },
});
