// /crawl drain what:<...> value:<n> — the one-off drains and refills: melee, berserk's end,
// hungry ghosts, vampiric weapons, Formicid digging, the Feast and Famine cards.
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, capitalize, compact, field, fmt } from '../../src/kit/render.ts';
import { crawlCard, crawlDrain, type CrawlDrainResult } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, detailsOf, distText, footer, resolveVersion } from './common.ts';

const WHAT = [
  'melee',
  'berserk end',
  'hungry ghost',
  'vampiric weapon',
  'formicid dig',
  'feast card',
  'famine card',
] as const;
const KIND = {
  melee: 'melee',
  'berserk end': 'berserkEnd',
  'hungry ghost': 'hungryGhost',
  'vampiric weapon': 'vampiricWeapon',
  'formicid dig': 'formicidDig',
} as const;

export const drainSubcommand = defineSubcommand({
  name: 'drain',
  description: 'Melee, berserk end, hungry ghost, cards and other drains',
  example: '/crawl drain what:"berserk end" value:3000',
  options: {
    what: choice('What happens', WHAT).required(),
    value: kinds.satiation.describe('Hunger value before it').required(),
    species: kinds.species,
    damaged: boolean('Hungry ghost: the hit did damage (default yes)'),
    version: kinds.crawlVersion,
  },
  autocomplete: (focused, partial) => autocompleteCrawl(focused, partial),
  run(args) {
    const v = resolveVersion(args.version, args.hide);
    if (!v.ok) return v.reply;
    const hero = args.species !== undefined ? { species: args.species } : {};
    if (args.what === 'feast card' || args.what === 'famine card') {
      const r = crawlCard(v.version, args.what === 'feast card' ? 'Feast' : 'Famine', args.value, hero);
      const title = `The ${r.card} card: hunger ${fmt(r.before)} → ${fmt(r.after)}`;
      const fields = [
        field('Hunger', `${fmt(r.before)} → **${fmt(r.after)}**`),
        ...(r.notes.length ? [field('Notes', r.notes.join('\n'))] : []),
      ];
      return {
        embeds: [
          compact({ title, color: COLORS.info, lines: [r.notes[0] ?? null], footer: footer(r.version, 'decks.cc') }),
        ],
        details: detailsOf({ title, color: COLORS.info, fields, footer: footer(r.version) }, r.citations),
        result: r,
        ephemeral: args.hide,
      };
    }
    const kind = KIND[args.what as keyof typeof KIND];
    const r = crawlDrain(v.version, kind, {
      ...hero,
      value: args.value,
      ...(args.damaged !== undefined ? { damaged: args.damaged } : {}),
    });
    const title = drainTitle(args.what, r);
    return {
      embeds: [compact({ title, color: COLORS.info, lines: [r.text], footer: footer(r.version) })],
      details: detailsOf(
        {
          title,
          color: COLORS.info,
          fields: [
            field('Cost', distText(r.cost), true),
            field('Hunger after', distText(r.after), true),
            field('Rule', r.text),
          ],
          footer: footer(r.version),
        },
        r.citations,
      ),
      result: r,
      ephemeral: args.hide,
    };
  },
});

/** "Berserk end costs 300: hunger 1,200 → 900", "Melee attack costs 3: hunger 3,000 → 2,997". */
export function drainTitle(what: string, r: CrawlDrainResult): string {
  const name = what === 'melee' ? 'A melee attack' : capitalize(what);
  const cost = r.cost.max === 0 ? 'costs nothing' : `costs ${distText(r.cost)}`;
  const after = r.after.min === r.after.max ? fmt(r.after.min) : `${fmt(r.after.min)}–${fmt(r.after.max)}`;
  return `${name} ${cost}: hunger ${fmt(r.input.value)} → ${after}`;
}
