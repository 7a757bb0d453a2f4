// /crawl rate species:<name> ... — the hunger rate in player_hunger_rate()'s order, every
// term shown, and the food one action costs with the game's random rounding.
import type { APIEmbed } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, compact, field, fmt } from '../../src/kit/render.ts';
import { crawlRate, gearText, type CrawlRateResult } from '../../src/engine/crawl/index.ts';
import {
  actionFrom,
  autocompleteCrawl,
  crawlHeroOptions,
  detailsOf,
  distText,
  footer,
  heroInputFrom,
  resolveVersion,
  stateName,
  wikiField,
} from './common.ts';

function termLine(t: CrawlRateResult['terms'][number]): string {
  const range = (x: { min: number; max: number }) => (x.min === x.max ? fmt(x.min) : `${fmt(x.min)}–${fmt(x.max)}`);
  const amount =
    t.op === 'start'
      ? ''
      : t.op === 'mul'
        ? ` ×${String(t.amount)}`
        : t.op === 'min'
          ? ''
          : t.amount && typeof t.amount === 'object'
            ? ` ${t.amount.min >= 0 ? '+' : ''}${range(t.amount)}`
            : '';
  return `\`${range(t.after).padStart(2)}\` ${t.label}${amount}${t.random ? ' 🎲' : ''}`;
}

/** "Troll, ring of sustenance" */
function whoText(r: CrawlRateResult): string {
  const worn = gearText({
    sustenanceRings: r.input.sustenanceRings ?? 0,
    hungerRings: r.input.hungerRings ?? 0,
    regenerationRings: r.input.regenerationRings ?? 0,
    trollLeather: r.input.trollLeather ?? false,
    artefactMetabolism: r.input.artefactMetabolism ?? 0,
    gourmand: false,
  });
  return [r.hero.species, r.hero.form !== 'none' ? `${r.hero.form} form` : '', worn].filter(Boolean).join(', ');
}

/** "Troll with a ring of sustenance burns 5 per turn (500 per 100 turns)". */
export function rateTitle(r: CrawlRateResult): string {
  if (r.foodless) return `${whoText(r)}: no hunger at all`;
  const rate =
    r.rate.min === r.rate.max
      ? fmt(r.rate.min)
      : `${fmt(r.rate.min)}–${fmt(r.rate.max)} (mean ${fmt(Number(r.rate.expected.toFixed(2)))})`;
  return `${whoText(r)}: ${rate} food per turn`;
}

function rateCompact(r: CrawlRateResult): APIEmbed {
  const state = stateName(r.hero.state, r.hero.species);
  return compact({
    title: rateTitle(r),
    color: COLORS.info,
    lines: r.foodless
      ? [r.notes[0] ?? null]
      : [
          `Per 100 turns: ${fmt(Number(r.per100Turns.toFixed(2)))} expected.`,
          r.perAction.aut !== 10 || r.perAction.walkingCap
            ? `One ${r.perAction.aut}-aut action: ${distText(r.perAction.food)}${r.perAction.walkingCap ? ` (walking: counted as ${r.perAction.cappedAut} aut)` : ''}.`
            : null,
          `At hunger ${fmt(r.hero.hunger)} (${state}).`,
        ],
    footer: footer(r.version, 'player.cc player_hunger_rate()'),
  });
}

function rateDetails(r: CrawlRateResult): APIEmbed[] {
  const fields = [];
  if (r.foodless) fields.push(field('No hunger', r.notes.join('\n') || 'This character does not get hungry.'));
  else {
    fields.push(field('Rate (per 10 aut)', distText(r.rate), true));
    fields.push(
      field(
        `One ${r.perAction.aut}-aut action`,
        `${distText(r.perAction.food)}${r.perAction.walkingCap ? ` (walking: counted as ${r.perAction.cappedAut} aut)` : ''}`,
        true,
      ),
    );
    fields.push(field('Per 100 turns', `${fmt(Number(r.per100Turns.toFixed(2)))} expected`, true));
    fields.push(field('Order of operations', r.terms.map(termLine).join('\n')));
    if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  }
  fields.push(...wikiField(r.wiki.note));
  const main = {
    title: rateTitle(r),
    color: COLORS.info,
    fields,
    footer: footer(r.version, `hunger ${fmt(r.hero.hunger)}, ${stateName(r.hero.state, r.hero.species)}`),
  };
  return detailsOf(main, r.citations);
}

export const rateSubcommand = defineSubcommand({
  name: 'rate',
  description: 'Hunger rate of a character, term by term',
  example: '/crawl rate species:Troll gear:"ring of sustenance"',
  options: { ...crawlHeroOptions, value: kinds.satiation.describe('Current hunger (vampire thirst; default start)') },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const input = {
      ...heroInputFrom(args),
      ...(args.value !== undefined ? { hunger: args.value } : {}),
      ...actionFrom(args),
    };
    const r = crawlRate(v.version, input);
    return { embeds: [rateCompact(r)], details: rateDetails(r), result: r, ephemeral: args.hide };
  },
});
