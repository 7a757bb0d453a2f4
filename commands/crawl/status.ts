// /crawl status value:<n> [species] — the satiation level the code computes for a value, and
// what that level allows and forbids.
import * as kinds from '../../src/bot/kinds.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import { crawlStatusFor, type CrawlStatusResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, footer, resolveVersion, sources, wikiField } from './common.ts';

const STATE_COLOR = [COLORS.fainting, COLORS.weak, COLORS.weak, COLORS.hungry, COLORS.ok, COLORS.satiated, COLORS.satiated, COLORS.satiated];

export function statusEmbed(r: CrawlStatusResult) {
  const label = r.who === 'vampire' ? `${r.state.vampireLabel}${r.state.vampireLabel !== r.state.name ? ` (${r.state.name})` : ''}` : r.state.name;
  const fields = [
    field('Level', `**${label}**${r.statusLight ? ` — status line shows \`${r.statusLight}\`` : ' — nothing on the status line'}`, true),
    field('Band', `${fmt(r.state.band.min)} to ${fmt(r.state.band.max)}`, true),
  ];
  if (r.nextWorse) fields.push(field(`Until ${r.nextWorse.state}`, `${fmt(r.nextWorse.nutritionToLose)} to lose (at ${fmt(r.nextWorse.at)} or less)`, true));
  if (r.clampedTo !== null) fields.push(field('Clamped', `The game keeps this character between ${fmt(r.bounds.minimum)} and ${fmt(r.bounds.maximum)}: ${fmt(r.input.value)} becomes ${fmt(r.clampedTo)}.`));
  const mark = (v: boolean | null) => (v === null ? '•' : v ? '✅' : '❌');
  fields.push(field('At this level', r.rules.map((x) => `${mark(x.value)} ${x.text}`).join('\n')));
  fields.push(
    field(
      'Thresholds',
      r.thresholds.map((t) => `${r.who === 'vampire' ? t.vampireLabel : t.name}: ${fmt(t.band.min)}–${fmt(t.band.max)}`).join(' · ') + ` · start ${fmt(r.bounds.start)}`,
    ),
  );
  fields.push(...wikiField(r.wiki.note), sources(r.citations));
  return {
    title: `Hunger ${fmt(r.value)}${r.input.species ? ` (${r.input.species})` : ''}: ${label}`,
    color: r.who === 'mummy' ? COLORS.info : STATE_COLOR[r.state.index],
    fields,
    footer: footer(r.version),
  };
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
    return { embeds: [statusEmbed(r)], result: r, ephemeral: args.hide };
  },
});
