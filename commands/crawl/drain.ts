// /crawl drain what:<...> value:<n> — the one-off drains and refills: melee, berserk's end,
// hungry ghosts, vampiric weapons, Formicid digging, the Feast and Famine cards.
import * as kinds from '../../src/bot/kinds.ts';
import { boolean, choice } from '../../src/bot/options.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt } from '../../src/bot/render.ts';
import { crawlCard, crawlDrain } from '../../src/engine/crawl/index.ts';
import { autocompleteCrawl, distText, footer, resolveVersion, sources } from './common.ts';

const WHAT = ['melee', 'berserk end', 'hungry ghost', 'vampiric weapon', 'formicid dig', 'feast card', 'famine card'] as const;
const KIND = { melee: 'melee', 'berserk end': 'berserkEnd', 'hungry ghost': 'hungryGhost', 'vampiric weapon': 'vampiricWeapon', 'formicid dig': 'formicidDig' } as const;

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
      return {
        embeds: [
          {
            title: `The ${r.card} card`,
            color: COLORS.info,
            fields: [field('Hunger', `${fmt(r.before)} → **${fmt(r.after)}**`), ...(r.notes.length ? [field('Notes', r.notes.join('\n'))] : []), sources(r.citations)],
            footer: footer(r.version),
          },
        ],
        result: r,
        ephemeral: args.hide,
      };
    }
    const kind = KIND[args.what as keyof typeof KIND];
    const r = crawlDrain(v.version, kind, { ...hero, value: args.value, ...(args.damaged !== undefined ? { damaged: args.damaged } : {}) });
    return {
      embeds: [
        {
          title: `${args.what[0]!.toUpperCase()}${args.what.slice(1)}`,
          color: COLORS.info,
          fields: [field('Cost', distText(r.cost), true), field('Hunger after', distText(r.after), true), field('Rule', r.text), sources(r.citations)],
          footer: footer(r.version),
        },
      ],
      result: r,
      ephemeral: args.hide,
    };
  },
});
