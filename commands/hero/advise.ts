// /hero carry and /hero advise: the foods a hero carries, and "what should I eat now?" from them:
// the meals, in order, that reach Not Hungry (or the most nutrition) without any chance of choking,
// and what each costs in turns (NetHack: src/engine/nethack/advise.ts over planMeal()); for Crawl,
// chunks against permanent food by species and hunger state (src/engine/crawl/advise.ts).
import { UserError } from '../../src/errors.ts';
import { choice, text } from '../../src/pipeline/options.ts';
import { COLORS, compact, field, fmt, sourcesEmbed, versionFooter } from '../../src/kit/render.ts';
import { defineSubcommand, type Reply } from '../../src/pipeline/types.ts';
import { crawlTag, nethackCite, shortRef } from '../../src/engine/cite.ts';
import { adviseCrawlMeals, type CrawlAdviceResult } from '../../src/engine/crawl/advise.ts';
import { adviseMeals, type AdviceResult } from '../../src/engine/nethack/advise.ts';
import { heroInput } from '../../src/heroes/crawl.ts';
import { keptOf } from '../../src/heroes/conducts.ts';
import { parseCrawlFoods, parseNethackFoods } from '../../src/heroes/foods.ts';
import { NETHACK_RACES, deadHero, profileOf } from '../../src/heroes/nethack.ts';
import { activeHero } from '../../src/heroes/repo.ts';
import type { CrawlCarried, Hero, NethackCarried } from '../../src/heroes/schema.ts';
import { changeHero, coreOf, foodsText, heroReply, repoFor } from './common.ts';
import { heroName, heroNameAutocomplete } from './manage.ts';

type NethackHero = Extract<Hero, { game: 'nethack' }>;
type CrawlHero = Extract<Hero, { game: 'crawl' }>;

export const carrySubcommand = defineSubcommand({
  name: 'carry',
  description: 'Set the foods your hero carries (for /hero advise)',
  example: '/hero carry foods:"2 food rations, lichen corpse"',
  access: 'write',
  options: {
    foods: text('e.g. "2 food rations, blessed lembas wafer" (none: nothing)', { maxLength: 400 }).required(),
    hero: heroName,
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const none = /^(none|nothing|-)$/i.test(args.foods.trim());
    const { hero, summary } = await changeHero(ctx, args.hero, 'carry', (h) => {
      const core = coreOf(h);
      if (core.game === 'nethack') {
        const foods = none ? [] : parseNethackFoods(args.foods, core.version);
        return { core: { ...core, nethack: { ...core.nethack, foods } }, summary: carrySummary(foods) };
      }
      const foods = none ? [] : parseCrawlFoods(args.foods, core.version);
      return { core: { ...core, crawl: { ...core.crawl, foods } }, summary: carrySummary(foods) };
    });
    return heroReply(hero, { headline: summary, ephemeral: args.hide });
  },
});

function carrySummary(foods: readonly { name: string; count: number }[]): string {
  return foods.length ? `Carrying ${foodsText(foods)}.` : 'Carrying no food.';
}

export const adviseSubcommand = defineSubcommand({
  name: 'advise',
  description: 'What to eat now from the foods you carry, without choking',
  example: '/hero advise foods:"2 food rations, 3 apples"',
  access: 'read',
  options: {
    foods: text('Foods to choose from (default: what the hero carries)', { maxLength: 400 }),
    goal: choice('not-hungry (default) or most nutrition', ['not-hungry', 'most']),
    hero: heroName,
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = activeHero(await repoFor(ctx).read(ctx.user.id), args.hero);
    const goal = args.goal ?? 'not-hungry';
    if (hero.game === 'nethack') return nethackAdvice(hero, args.foods, goal, args.hide);
    return crawlAdvice(hero, args.foods, goal, args.hide);
  },
});

function noFoods(hero: Hero): UserError {
  return new UserError(
    `${hero.name} carries no food I know of.`,
    'Name the foods: `/hero advise foods:"2 food rations, lichen corpse"`, or keep them with `/hero carry`.',
    'no_foods',
  );
}

const range = (r: { min: number; max: number }) => (r.min === r.max ? fmt(r.min) : `${fmt(r.min)}–${fmt(r.max)}`);
const turnsText = (n: number) => `${fmt(n)} turn${n === 1 ? '' : 's'}`;

function nethackAdvice(
  hero: NethackHero,
  typed: string | undefined,
  goal: 'not-hungry' | 'most',
  hide?: boolean,
): Reply {
  const s = hero.nethack;
  if (!s.alive) throw deadHero(s);
  const foods: NethackCarried[] = typed ? parseNethackFoods(typed, hero.version) : s.foods;
  if (!foods.length) throw noFoods(hero);
  const amulet = s.amulet?.toLowerCase() ?? '';
  const r = adviseMeals({
    version: hero.version,
    nutrition: s.nutrition,
    moves: s.turn,
    race: (NETHACK_RACES as readonly string[]).includes(s.race) ? (s.race as (typeof NETHACK_RACES)[number]) : 'human',
    role: s.role,
    breathless: s.intrinsics.includes('breathless') || amulet === 'amulet of magical breathing',
    strangled: amulet === 'amulet of strangulation',
    lifesaving: amulet === 'amulet of life saving',
    profile: profileOf(s, hero.version),
    foods,
    goal,
    conducts: keptOf(s.conducts),
  });
  const plan = r.plan.map(
    (m) =>
      `${m.order}. **${m.food}**: +${range(m.gain)} over ${turnsText(m.turns)} → ` +
      `${range(m.finish)} (${m.statusAfter})` +
      (m.breaks.length ? `; breaks ${m.breaks.join(', ')}` : '') +
      (m.prompt ? '; answer yes to "Continue eating?"' : ''),
  );
  const title = nethackTitle(hero, r);
  const footer = versionFooter(
    'NetHack',
    hero.version,
    shortRef(nethackCite('src/eat.c', undefined, { version: hero.version })),
    `hero ${hero.id}`,
  );
  const excluded = r.excluded.map((e) => `• ${e.name}: ${e.reason}`);
  const color = r.reached || r.alreadyThere ? COLORS.ok : COLORS.hungry;
  return {
    embeds: [
      compact({
        title,
        color,
        lines: [
          ...plan.slice(0, 5),
          excluded.length ? `Not eaten: ${r.excluded.map((e) => e.name).join(', ')}.` : null,
        ],
        footer,
      }),
    ],
    details: [
      {
        title,
        color,
        fields: [
          field('Start', `${range(r.start.nutrition)} (${r.start.status}) at turn ${fmt(r.start.moves)}`),
          field('Plan', plan.join('\n') || 'Nothing to eat.'),
          field(
            'After',
            `${range(r.final.nutrition)} (${r.final.status}) at turn ${fmt(r.final.moves)}; ` +
              `${turnsText(r.totalTurns)} eating`,
          ),
          ...(r.leftover.length ? [field('Left over', foodsText(r.leftover))] : []),
          ...(excluded.length ? [field('Not eaten', excluded.join('\n'))] : []),
          field('How', `${r.ranking}${r.searchComplete ? '' : ' (search budget reached: the best plan found)'}`),
          ...(r.notes.length ? [field('Notes', r.notes.map((n) => `• ${n}`).join('\n'))] : []),
        ],
        footer,
      },
      sourcesEmbed(r.citations, color),
    ],
    detailsFrom: {
      commandName: 'hero',
      subcommand: 'advise',
      options: { hero: hero.id, goal, ...(typed ? { foods: typed } : {}) },
    },
    result: { hero: { id: hero.id, name: hero.name }, foods, advice: r },
    ephemeral: hide,
  };
}

function nethackTitle(hero: NethackHero, r: AdviceResult): string {
  if (r.alreadyThere) return `${hero.name} is already Not Hungry at ${fmt(r.start.nutrition.min)}: no meal needed`;
  if (!r.plan.length) return `${hero.name}: nothing carried can be eaten safely now`;
  const what = r.plan.length === 1 ? `eat the ${r.plan[0]!.food}` : `eat ${r.plan.length} meals`;
  const end = `${range(r.final.nutrition)} (${r.final.status})`;
  if (r.goal === 'not-hungry' && !r.reached) return `${hero.name}: Not Hungry is out of reach; ${what} for ${end}`;
  return `${hero.name}: ${what} (${turnsText(r.totalTurns)}) → ${end}`;
}

function crawlAdvice(hero: CrawlHero, typed: string | undefined, goal: 'not-hungry' | 'most', hide?: boolean): Reply {
  const c = hero.crawl;
  if (!c.alive)
    throw new UserError(`${hero.name} has starved.`, 'Use `/hero undo` or `/hero set nutrition:<n>`.', 'hero_dead');
  const foods: CrawlCarried[] = typed ? parseCrawlFoods(typed, hero.version) : c.foods;
  if (!foods.length) throw noFoods(hero);
  const r = adviseCrawlMeals(hero.version, { ...heroInput(c), foods, goal, gourmandAmulet: c.gear.gourmand });
  const plan = r.plan.map(
    (m) =>
      `${m.order}. **${m.food}${m.chunkType && m.chunkType !== 'clean' ? ` (${m.chunkType})` : ''}**: ` +
      `+${fmt(m.gained)} over ` +
      `${turnsText(m.turns)} → ${range(m.hungerAfter)} (${m.stateAfter}) — ${m.why}`,
  );
  const title = crawlTitle(hero, r);
  const footer = versionFooter('Crawl', hero.version, crawlTag(hero.version), `hero ${hero.id}`);
  const color = r.reached || r.alreadyThere ? COLORS.ok : COLORS.hungry;
  const chunkLine = r.chunks.allowedBelow ? `Chunks while below ${r.chunks.allowedBelow}.` : r.chunks.note;
  return {
    embeds: [compact({ title, color, lines: [...plan.slice(0, 5), chunkLine], footer })],
    details: [
      {
        title,
        color,
        fields: [
          field('Start', `${fmt(r.start.hunger)} (${r.start.state}); burns ${range(r.rate)} per turn`),
          field('Plan', plan.join('\n') || 'Nothing to eat.'),
          field('After', `${range(r.final.hunger)} (${r.final.state}); ${turnsText(r.totalTurns)} eating`),
          field(
            'Chunks',
            r.chunks.note + (r.chunks.cleanChunk !== null ? ` A clean chunk gives ${fmt(r.chunks.cleanChunk)}.` : ''),
          ),
          ...(r.leftover.length ? [field('Left over', foodsText(r.leftover))] : []),
          ...(r.excluded.length
            ? [field('Not eaten', r.excluded.map((e) => `• ${e.name}: ${e.reason}`).join('\n'))]
            : []),
          ...(r.notes.length ? [field('Notes', r.notes.map((n) => `• ${n}`).join('\n'))] : []),
        ],
        footer,
      },
      sourcesEmbed(r.citations, color),
    ],
    detailsFrom: {
      commandName: 'hero',
      subcommand: 'advise',
      options: { hero: hero.id, goal, ...(typed ? { foods: typed } : {}) },
    },
    result: { hero: { id: hero.id, name: hero.name }, foods, advice: r },
    ephemeral: hide,
  };
}

function crawlTitle(hero: CrawlHero, r: CrawlAdviceResult): string {
  if (r.alreadyThere) return `${hero.name} is already ${r.start.state}: no meal needed`;
  if (!r.plan.length) return `${hero.name}: nothing carried can be eaten now`;
  const what = r.plan.length === 1 ? `eat the ${r.plan[0]!.food}` : `eat ${r.plan.length} meals`;
  const end = `${range(r.final.hunger)} (${r.final.state})`;
  if (r.goal === 'not-hungry' && !r.reached) return `${hero.name}: not hungry is out of reach; ${what} for ${end}`;
  return `${hero.name}: ${what} (${turnsText(r.totalTurns)}) → ${end}`;
}
