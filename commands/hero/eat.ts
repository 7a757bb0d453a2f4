// /hero eat: a meal applied with the game's rules. A meal that would choke the hero or break a
// conduct the hero still keeps asks first (the confirmation waits on the hero's record); every
// meal's reply says what it does to the conducts, and a carried food is taken away.
import { randomBytes } from 'node:crypto';
import { UserError } from '../../src/errors.ts';
import { toChoices } from '../../src/kit/choices.ts';
import * as kinds from '../../src/kit/kinds.ts';
import { COLORS, fmt } from '../../src/kit/render.ts';
import { defineSubcommand, type HandlerContext, type Reply } from '../../src/pipeline/types.ts';
import { foodNames } from '../../src/engine/nethack/foods.ts';
import { crawlEat, crawlFoodNames, resolveCrawlFood } from '../../src/heroes/crawl.ts';
import { eatFood } from '../../src/heroes/nethack.ts';
import { heroMealConducts, markConducts, monkGuilt, type HeroMealConducts } from '../../src/heroes/conducts.ts';
import { activeHero, replaceHero } from '../../src/heroes/repo.ts';
import type { Hero, HeroCore } from '../../src/heroes/schema.ts';
import { resolveName } from '../../src/names.ts';
import { changeHero, coreOf, heroReply, repoFor, withEvent } from './common.ts';
import { heroName, heroNameAutocomplete } from './manage.ts';

const PENDING_MEAL_MS = 15 * 60 * 1000;
const NETHACK_FOODS = foodNames();

function resolveNethackFood(text: string): string {
  return resolveName(text, NETHACK_FOODS, 'food').name;
}

// ---- eat, with a confirmation button when the meal would choke or break a kept conduct --------

export const eatSubcommand = defineSubcommand({
  name: 'eat',
  description: 'Eat a food (asks first if it would choke you or break a conduct)',
  example: '/hero eat food:"food ration"',
  access: 'write',
  options: { food: kinds.foodName.required(), hero: heroName },
  async autocomplete(focused, partial, ctx) {
    if (focused.name !== 'food') return heroNameAutocomplete(focused, partial, ctx);
    const record = await repoFor(ctx)
      .read(ctx.user.id)
      .catch(() => null);
    const hero = record?.heroes.find((h) => h.id === record.activeId);
    if (hero?.game === 'crawl')
      return toChoices(
        focused.value,
        crawlFoodNames(hero.version).map((n) => ({ name: n })),
      );
    return toChoices(focused.value, NETHACK_FOODS);
  },
  async run(args, ctx) {
    const record = await repoFor(ctx).read(ctx.user.id);
    const hero = activeHero(record, args.hero);
    if (hero.game === 'crawl') {
      const food = resolveCrawlFood(hero.version, args.food);
      const out = await changeHero(ctx, hero.name, 'eat', (h) => {
        const core = coreOf(h);
        if (core.game !== 'crawl') throw new UserError('The hero changed game while eating.', undefined, 'conflict');
        const r = crawlEat(core, food);
        const carried = takeOne(core.crawl.foods, food);
        return {
          core: { ...core, crawl: { ...r.state, foods: carried.foods } },
          summary: r.summary,
          extra: { ...r, left: carried.left },
        };
      });
      const r = out.extra as ReturnType<typeof crawlEat> & { left: number | null };
      const notes = [...(r.left !== null ? [`${r.left} ${food} left.`] : []), ...r.notes];
      return heroReply(out.hero, {
        headline: out.summary,
        notes,
        ephemeral: args.hide,
        citations: r.citations,
        extra: { meal: r.result },
      });
    }
    const food = resolveNethackFood(args.food);
    // Dry run first: a meal that would choke or break a kept conduct asks, and changes nothing yet.
    const preview = eatFood(hero.nethack, hero.version, food);
    if (preview.outcome === 'refused')
      throw new UserError(`${hero.name} can't eat that now: ${preview.notes[0]}`, undefined, 'meal_refused');
    const conducts = heroMealConducts(hero.nethack, hero.version, food);
    if (preview.chokes || conducts.result.needsConfirmation)
      return askToConfirmMeal(ctx, hero, food, preview.meal, conducts);
    return applyMeal(ctx, hero.id, food, false, args.hide);
  },
});

/** One of the carried foods used up (its name as stored, any case); null when it was not carried. */
export function takeOne<F extends { name: string; count: number }>(
  foods: readonly F[],
  food: string,
): { foods: F[]; left: number | null } {
  const i = foods.findIndex((f) => f.name.toLowerCase() === food.toLowerCase());
  if (i < 0) return { foods: [...foods], left: null };
  const f = foods[i]!;
  const rest = foods.filter((_, j) => j !== i);
  if (f.count <= 1) return { foods: rest, left: 0 };
  const next = [...foods];
  next[i] = { ...f, count: f.count - 1 };
  return { foods: next, left: f.count - 1 };
}

async function askToConfirmMeal(
  ctx: HandlerContext,
  hero: Extract<Hero, { game: 'nethack' }>,
  food: string,
  meal: ReturnType<typeof eatFood>['meal'],
  conducts: HeroMealConducts,
): Promise<Reply> {
  const nonce = randomBytes(4).toString('hex');
  await repoFor(ctx).mutate(ctx.user.id, (record) => {
    const h = activeHero(record, hero.name);
    const pending = {
      kind: 'eat' as const,
      nonce,
      food,
      expiresAt: new Date(Date.now() + PENDING_MEAL_MS).toISOString(),
    };
    return { record: replaceHero(record!, { ...h, pending }), result: null };
  });
  const c = meal.choke && meal.choke.probability > 0 ? meal.choke : null;
  const lines = c ? chokeLines(hero, food, meal, c) : [];
  const breaking = [...conducts.breaks, ...conducts.mayBreak];
  if (breaking.length)
    lines.push(conducts.text.replace(' conduct (kept so far).', ` conduct, kept by ${hero.name} so far.`));
  const buttons: Reply['buttons'] = [
    { customId: `hero:eat:${ctx.user.id}:${hero.id}:${nonce}:all`, label: 'Eat it anyway', style: 'danger' },
    ...(c && meal.prompt
      ? [
          {
            customId: `hero:eat:${ctx.user.id}:${hero.id}:${nonce}:stop`,
            label: 'Eat, stop at the prompt',
            style: 'primary' as const,
          },
        ]
      : []),
    { customId: `hero:cancel:${ctx.user.id}:${nonce}`, label: "Don't eat", style: 'secondary' },
  ];
  const conductWords = breaking.length ? `breaks ${listText(breaking)} conduct` : '';
  const also = conductWords ? ` (and ${conductWords})` : '';
  const verb = conducts.breaks.length ? 'breaks' : 'may break';
  const title = c
    ? `⚠ ${hero.name} would choke on that ${food}: bite ${c.bite}, ${chokeVerdict(c.outcome)}${also}`
    : `⚠ Eating the ${food} ${conductWords.replace('breaks', verb)} (${hero.name} keeps it so far)`;
  return {
    embeds: [
      {
        title,
        description: lines.join('\n'),
        color: COLORS.warning,
        footer: {
          text: `NetHack ${hero.version} · src/eat.c ${c ? 'lesshungry(), bite(), choke()' : 'doeat(), eatcorpse()'}`,
        },
      },
    ],
    result: {
      confirm: 'eat',
      pending: true,
      hero: { id: hero.id, name: hero.name },
      food,
      meal,
      conducts: conducts.result,
      choke: !!c,
    },
    buttons,
    ephemeral: true,
  };
}

function chokeLines(
  hero: Extract<Hero, { game: 'nethack' }>,
  food: string,
  meal: ReturnType<typeof eatFood>['meal'],
  c: NonNullable<ReturnType<typeof eatFood>['meal']['choke']>,
): string[] {
  const lines = [
    `Eating **${food}** now (nutrition ${fmt(hero.nethack.nutrition)}, Satiated) would make ${hero.name} ` +
      `**choke** on bite ${c.bite} at nutrition ${fmt(c.nutrition)} ` +
      `(chance ${(c.probability * 100).toFixed(c.probability === 1 ? 0 : 1)}%).`,
    c.outcome.surviveChance >= 1
      ? `They would survive by vomiting (${c.outcome.surviveReason}) and end at ${fmt(c.outcome.nutritionIfSurvive)}.`
      : c.outcome.lifesaved
        ? `They would die, but the amulet of life saving would save them (nutrition 900, −1 Con, amulet gone).`
        : `They would die with probability ${(c.outcome.deathChance * 100).toFixed(0)}% (${c.outcome.surviveReason}).`,
  ];
  if (meal.prompt)
    lines.push(
      `The game asks "Continue eating?" at bite ${meal.prompt.bite} ` +
        `(nutrition ${fmt(meal.prompt.nutrition)}): answering no stops safely.`,
    );
  if (meal.safeNutritionNow !== null)
    lines.push(`The most you can eat safely now: ${fmt(meal.safeNutritionNow)} nutrition.`);
  return lines;
}

/** "foodless, vegan and vegetarian" */
function listText(xs: readonly string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** "survives by vomiting", "saved by the amulet", "95% death" */
function chokeVerdict(o: NonNullable<ReturnType<typeof eatFood>['meal']['choke']>['outcome']): string {
  if (o.surviveChance >= 1) return 'survives by vomiting';
  return o.lifesaved ? 'saved by the amulet' : `${(o.deathChance * 100).toFixed(0)}% death`;
}

async function applyMeal(
  ctx: HandlerContext,
  heroId: string,
  food: string,
  stopAtPrompt: boolean,
  hide?: boolean,
  nonce?: string,
): Promise<Reply> {
  const { hero, outcome } = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
    const h = record?.heroes.find((x) => x.id === heroId);
    if (!h) throw new UserError('That hero is gone.', undefined, 'no_hero');
    if (h.game !== 'nethack') throw new UserError('That hero plays Crawl now.', undefined, 'wrong_game');
    if (nonce) {
      if (h.pending?.kind !== 'eat' || h.pending.nonce !== nonce || h.pending.food !== food)
        throw new UserError('That meal is no longer waiting for you.', 'Run `/hero eat` again.', 'stale_button');
      if (Date.parse(h.pending.expiresAt) < Date.parse(now))
        throw new UserError('That confirmation expired.', 'Run `/hero eat` again.', 'stale_button');
    }
    const r = eatFood(h.nethack, h.version, food, { stopAtPrompt });
    if (r.outcome === 'refused')
      throw new UserError(`${h.name} can't eat that now: ${r.notes[0]}`, undefined, 'meal_refused');
    // doeat() counts the conducts when the meal starts.
    const conducts = heroMealConducts(h.nethack, h.version, food);
    const carried = takeOne(h.nethack.foods, food);
    const state = {
      ...monkGuilt(markConducts(r.state, conducts, h.nethack.turn, food), conducts),
      foods: carried.foods,
    };
    const gained = r.meal.finish ? `${fmt(r.meal.totalGain)} nutrition over ${r.meal.bites} bites` : 'part of it';
    const summary =
      r.outcome === 'finished'
        ? `Ate ${food}: ${gained}, ${r.meal.actions} turn${r.meal.actions === 1 ? '' : 's'}.`
        : r.outcome === 'stopped at prompt'
          ? `Ate ${food} and stopped at "Continue eating?".`
          : `Ate ${food} and ${r.outcome}.`;
    const updated = withEvent(h, { ...coreOf(h), nethack: state } as HeroCore, 'eat', summary, now);
    return {
      record: replaceHero(record!, updated),
      result: { hero: updated, outcome: { ...r, summary, conducts, left: carried.left } },
    };
  });
  const c = outcome.conducts;
  const notes = [
    ...(c.result.monkPenalty
      ? [
          `Monk: "You feel guilty." Alignment −1` +
            `${hero.game === 'nethack' && hero.nethack.alignmentRecord === null ? ' (not tracked)' : ''}.`,
        ]
      : []),
    ...(outcome.left !== null ? [`${outcome.left} ${food} left.`] : []),
    ...outcome.notes.slice(0, 6),
  ];
  return heroReply(hero, {
    headline: outcome.summary,
    lines: [c.text],
    notes,
    ephemeral: hide,
    citations: [...outcome.citations, ...c.result.citations],
    extra: {
      meal: {
        food,
        outcome: outcome.outcome,
        bites: outcome.meal.bites,
        actions: outcome.meal.actions,
        totalGain: outcome.meal.totalGain,
        remainderLost: outcome.meal.remainderLost,
        canChoke: outcome.meal.canChoke,
        choke: outcome.meal.choke,
        warning: outcome.meal.warning,
        prompt: outcome.meal.prompt,
      },
      conducts: {
        breaks: c.breaks,
        mayBreak: c.mayBreak,
        untrackedBreaks: c.untrackedBreaks,
        text: c.text,
        result: c.result,
      },
    },
  });
}

/** Button: hero:eat:<userId>:<heroId>:<nonce>:<all|stop>. */
export async function onEatButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, heroId, nonce, mode] = parts;
  if (userId !== ctx.user.id)
    throw new UserError('Only the owner of this hero can press that.', undefined, 'not_yours');
  const record = await repoFor(ctx).read(ctx.user.id);
  const hero = record?.heroes.find((h) => h.id === heroId);
  if (hero?.pending?.kind !== 'eat' || hero.pending.nonce !== nonce)
    throw new UserError('That meal is no longer waiting for you.', 'Run `/hero eat` again.', 'stale_button');
  return applyMeal(ctx, heroId!, hero.pending.food, mode === 'stop', true, nonce);
}
