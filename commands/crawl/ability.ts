// /crawl ability name:<...> — an ability's food cost: range and distribution, what this
// character pays, the bars on the ability screen, and the hunger checks.
import * as kinds from '../../src/bot/kinds.ts';
import { text } from '../../src/bot/options.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import { crawlAbility, type CrawlAbilityResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, distText, footer, resolveVersion, sources, wikiField } from './common.ts';

export function abilityEmbed(r: CrawlAbilityResult) {
  const F = r.ability.baseFood;
  const fields = [
    field('Food cost', F ? `**${fmt(F)}–${fmt(2 * F - 1)}**, mean ${fmt(Number(r.cost.expected.toFixed(2)))} (F + random2avg(F, 2), F = ${F})` : 'None', true),
    field('Charged to you', distText(r.charged), true),
    field('Bars', `\`${r.bars}\``, true),
    field(
      'Hunger check',
      r.hungerCheck.exempt
        ? 'None: this ability skips the hunger checks.'
        : r.hungerCheck.needsAbove === null
          ? 'Undead skip the hunger checks.'
          : `Refused when Starving, or unless hunger > ${fmt(r.hungerCheck.needsAbove)}. Now: ${r.canUse ? 'allowed' : `refused — ${r.refusal}`} (hunger ${fmt(r.hero.hunger)}, ${r.hero.state}).`,
    ),
  ];
  fields.push(...wikiField(r.wiki.note), sources(r.citations));
  return { title: r.ability.name, color: COLORS.info, fields, footer: footer(r.version) };
}

export const abilitySubcommand = defineSubcommand({
  name: 'ability',
  description: 'Food cost of an ability',
  example: '/crawl ability name:Blink',
  options: {
    name: text('Ability', { autocomplete: true, maxLength: 60 }).required(),
    species: kinds.species,
    value: kinds.satiation.describe('Current hunger (default: start value)'),
    version: kinds.crawlVersion,
  },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const r = crawlAbility(v.version, {
      name: args.name,
      ...(args.species !== undefined ? { species: args.species } : {}),
      ...(args.value !== undefined ? { hunger: args.value } : {}),
    });
    return { embeds: [abilityEmbed(r)], result: r, ephemeral: args.hide };
  },
});
