// /crawl rate species:<name> ... — the hunger rate in player_hunger_rate()'s order, every
// term shown, and the food one action costs with the game's random rounding.
import * as kinds from '../../src/bot/kinds.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import { crawlRate, type CrawlRateResult } from '../../src/engine/crawl/index.ts';
import { actionFrom, autocompleteCrawl, crawlHeroOptions, distText, footer, heroInputFrom, resolveVersion, sources, wikiField } from './common.ts';

function termLine(t: CrawlRateResult['terms'][number]): string {
  const range = (x: { min: number; max: number }) => (x.min === x.max ? fmt(x.min) : `${fmt(x.min)}–${fmt(x.max)}`);
  const amount =
    t.op === 'start' ? '' : t.op === 'mul' ? ` ×${String(t.amount)}` : t.op === 'min' ? '' : t.amount && typeof t.amount === 'object' ? ` ${t.amount.min >= 0 ? '+' : ''}${range(t.amount)}` : '';
  return `\`${range(t.after).padStart(2)}\` ${t.label}${amount}${t.random ? ' 🎲' : ''}`;
}

export function rateEmbed(r: CrawlRateResult) {
  const fields = [];
  const who = `${r.hero.species}${r.hero.vampireLabel ? ` (${r.hero.vampireLabel})` : ''}`;
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
  fields.push(...wikiField(r.wiki.note), sources(r.citations));
  return { title: `Hunger rate: ${who}`, color: COLORS.info, fields, footer: footer(r.version, `hunger ${fmt(r.hero.hunger)}, ${r.hero.state}`) };
}

export const rateSubcommand = defineSubcommand({
  name: 'rate',
  description: 'Hunger rate of a character, term by term',
  example: '/crawl rate species:Troll sustenance:1',
  options: { ...crawlHeroOptions, value: kinds.satiation.describe('Current hunger (vampire thirst; default start)') },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const input = { ...heroInputFrom(args), ...(args.value !== undefined ? { hunger: args.value } : {}), ...actionFrom(args) };
    const r = crawlRate(v.version, input);
    return { embeds: [rateEmbed(r)], result: r, ephemeral: args.hide };
  },
});
