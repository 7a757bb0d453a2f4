// /crawl ability name:<...> — an ability's food cost: range and distribution, what this
// character pays, the bars on the ability screen, and the hunger checks.
import * as kinds from '../../src/kit/kinds.ts';
import { text } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import type { APIEmbed } from 'discord-api-types/v10';
import { COLORS, compact, field, fmt } from '../../src/kit/render.ts';
import { crawlAbility, type CrawlAbilityResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, detailsOf, distText, footer, resolveVersion, stateName, wikiField } from './common.ts';

function checkText(r: CrawlAbilityResult): string {
  if (r.hungerCheck.exempt) return 'None: this ability skips the hunger checks.';
  if (r.hungerCheck.needsAbove === null) return 'Undead skip the hunger checks.';
  const now = `${r.canUse ? 'allowed' : `refused — ${r.refusal}`} (hunger ${fmt(r.hero.hunger)}, ${stateName(r.hero.state, r.hero.species)})`;
  return `Refused when Starving, or unless hunger > ${fmt(r.hungerCheck.needsAbove)}. Now: ${now}.`;
}

/** "Blink costs 50–99 food (mean 74.5)", "Blink costs no food", with "— refused now" when refused. */
export function abilityTitle(r: CrawlAbilityResult): string {
  const c = r.charged;
  const mean = fmt(Number(c.expected.toFixed(2)));
  const cost =
    c.max === 0
      ? 'no food'
      : c.min === c.max
        ? `${fmt(c.min)} food`
        : `${fmt(c.min)}–${fmt(c.max)} food (mean ${mean})`;
  return `${r.ability.name} costs ${cost}${r.canUse === false ? ' — refused now' : ''}`;
}

function abilityCompact(r: CrawlAbilityResult): APIEmbed {
  return compact({
    title: abilityTitle(r),
    color: r.canUse === false ? COLORS.warning : COLORS.info,
    lines: [
      r.ability.baseFood ? `F + random2avg(F, 2) with F = ${r.ability.baseFood}; ability screen \`${r.bars}\`.` : null,
      r.canUse === false
        ? `Refused: ${r.refusal}`
        : r.hungerCheck.exempt || r.hungerCheck.needsAbove === null
          ? checkText(r)
          : `Needs hunger above ${fmt(r.hungerCheck.needsAbove)} (now ${fmt(r.hero.hunger)}).`,
    ],
    footer: footer(r.version, 'abl-show.cc'),
  });
}

function abilityDetails(r: CrawlAbilityResult): APIEmbed[] {
  const F = r.ability.baseFood;
  const fields = [
    field(
      'Food cost',
      F
        ? `**${fmt(F)}–${fmt(2 * F - 1)}**, mean ${fmt(Number(r.cost.expected.toFixed(2)))} (F + random2avg(F, 2), F = ${F})`
        : 'None',
      true,
    ),
    field('Charged to you', distText(r.charged), true),
    field('Bars', `\`${r.bars}\``, true),
    field('Hunger check', checkText(r)),
  ];
  if (r.notes.length) fields.push(field('Notes', r.notes.join('\n')));
  fields.push(...wikiField(r.wiki.note));
  return detailsOf({ title: abilityTitle(r), color: COLORS.info, fields, footer: footer(r.version) }, r.citations);
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
    return { embeds: [abilityCompact(r)], details: abilityDetails(r), result: r, ephemeral: args.hide };
  },
});
