// /hero eat, wait, turn, cast, attack, pray: what the hero does, applied with the game's rules.
import { randomBytes } from 'node:crypto';
import { UserError } from '../../src/errors.ts';
import { toChoices } from '../../src/bot/fuzzy.ts';
import * as kinds from '../../src/bot/kinds.ts';
import { integer, text } from '../../src/bot/options.ts';
import { COLORS, fmt } from '../../src/bot/render.ts';
import { defineSubcommand, type HandlerContext, type Reply } from '../../src/bot/types.ts';
import { foodNames } from '../../src/engine/nethack/foods.ts';
import { spellHunger } from '../../src/engine/nethack/drains.ts';
import { prayerFix } from '../../src/engine/nethack/gains.ts';
import type { NethackVersion } from '../../src/engine/cite.ts';
import { crawlAttack, crawlCast, crawlEat, crawlFoodNames, crawlPassTurns, resolveCrawlFood } from '../../src/heroes/crawl.ts';
import { eatFood, passTurns } from '../../src/heroes/nethack.ts';
import { activeHero, replaceHero } from '../../src/heroes/repo.ts';
import type { Hero, HeroCore, NethackState } from '../../src/heroes/schema.ts';
import { resolveName } from '../../src/names.ts';
import { changeHero, coreOf, heroReply, repoFor, withEvent } from './common.ts';
import { heroName, heroNameAutocomplete } from './manage.ts';

const MAX_WAIT = 1_000_000;
const PENDING_MEAL_MS = 15 * 60 * 1000;

const NETHACK_FOODS = foodNames();

function resolveNethackFood(text: string): string {
  return resolveName(text, NETHACK_FOODS, 'food').name;
}

export const waitSubcommand = defineSubcommand({
  name: 'wait',
  description: 'Let turns pass (exact burn for your hero)',
  example: '/hero wait turns:100',
  access: 'write',
  options: { turns: integer('How many turns', { min: 1, max: MAX_WAIT, example: 100 }).required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'wait', (h) => passTime(h, args.turns));
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

export const turnSubcommand = defineSubcommand({
  name: 'turn',
  description: 'Move your hero to the turn counter the game shows',
  example: '/hero turn now:2500',
  access: 'write',
  options: { now: kinds.heroTurn.describe('The turn counter now (T:)').required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'turn', (h) => {
      const current = h.game === 'nethack' ? h.nethack.turn : h.crawl.turn;
      if (args.now < current) throw new UserError(`${h.name} is already at turn ${fmt(current)}; time only goes forward.`, 'Use `/hero set turn:<n>` to correct the turn without burning nutrition, or `/hero undo`.', 'turn_backwards');
      if (args.now === current) throw new UserError(`${h.name} is already at turn ${fmt(current)}.`, undefined, 'no_change');
      return passTime(h, args.now - current);
    });
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

function passTime(h: Hero, turns: number): { core: HeroCore; summary: string; extra: string[] } {
  const core = coreOf(h);
  if (core.game === 'nethack') {
    const r = passTurns(core.nethack, core.version, turns);
    return {
      core: { ...core, nethack: r.state },
      summary: `Waited ${fmt(turns)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} nutrition.`,
      extra: r.notes,
    };
  }
  const r = crawlPassTurns(core, turns);
  return { core: { ...core, crawl: r.state }, summary: `Waited ${fmt(turns)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} satiation.`, extra: r.notes };
}

export const attackSubcommand = defineSubcommand({
  name: 'attack',
  description: 'Melee attacks, one per turn (each costs extra)',
  example: '/hero attack count:10',
  access: 'write',
  options: { count: integer('How many attacks', { min: 1, max: 10_000, example: 5 }).required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'attack', (h) => {
      const core = coreOf(h);
      if (core.game !== 'nethack') {
        const r = crawlAttack(core, args.count);
        return { core: { ...core, crawl: r.state }, summary: `Made ${fmt(args.count)} melee attacks over ${fmt(args.count)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} satiation.`, extra: r.notes };
      }
      const s = core.nethack;
      const r = attackTurns(s, core.version, args.count);
      return { core: { ...core, nethack: r.state }, summary: `Made ${fmt(args.count)} melee attacks over ${fmt(args.count)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} nutrition.`, extra: r.notes };
    });
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

/**
 * `count` attacks, one per action from the current turn T: each calls gethungry() again with the
 * moves of its own turn (src/uhitm.c attack() -> src/hack.c overexertion()), so the extra calls
 * fall on T .. T+count-1 while the turn calls fall on T+1 .. T+count (the engine's turn order).
 */
export function attackTurns(s: NethackState, version: NethackVersion, count: number) {
  return passTurns(s, version, count, 1);
}

export const castSubcommand = defineSubcommand({
  name: 'cast',
  description: 'Cast a spell (its hunger cost)',
  example: '/hero cast level:3',
  access: 'write',
  options: {
    level: integer('Spell level', { min: 1, max: 9, example: 3 }).required(),
    spell: text('NetHack: spell name (detect food is free)', { maxLength: 40 }),
    hero: heroName,
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'cast', (h) => {
      const core = coreOf(h);
      if (core.game === 'crawl') {
        const r = crawlCast(core, args.level);
        return { core: { ...core, crawl: r.state }, summary: r.summary, extra: r.notes };
      }
      if (args.level > 7) throw new UserError('NetHack spell levels go from 1 to 7.', 'For example `level:3`.', 'bad_level');
      const s = core.nethack;
      const cost = spellHunger({ version: core.version, level: args.spell ? undefined : args.level, spell: args.spell, role: s.role, int: s.int, nutrition: s.nutrition, amulet: s.yendor });
      if (cost.refused) throw new UserError(`${h.name} cannot cast: ${cost.refused}`, undefined, 'cast_refused');
      const hunger = cost.amount.exact ?? Math.round(cost.amount.mean);
      // The cast is this turn's action; then the next turn passes before the hero acts again.
      const after = passTurns({ ...s, nutrition: s.nutrition - hunger }, core.version, 1);
      return {
        core: { ...core, nethack: after.state },
        summary: `Cast a level ${cost.spell?.level ?? args.level} spell: −${hunger} nutrition (${cost.spell?.intReduction ?? 'full cost'}).`,
        extra: [...cost.notes.slice(0, 2), ...after.notes],
      };
    });
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

export const praySubcommand = defineSubcommand({
  name: 'pray',
  description: 'Pray: fixes hunger when the game would',
  example: '/hero pray',
  access: 'write',
  options: { hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'pray', (h) => {
      const core = coreOf(h);
      if (core.game !== 'nethack') throw new UserError('Prayer fixing hunger is a NetHack rule; Crawl gods feed you differently.', undefined, 'wrong_game');
      const s = core.nethack;
      const p = prayerFix({ version: core.version, nutrition: s.nutrition });
      if (p.trouble === 'none') {
        throw new UserError(
          `${h.name} is ${p.status}: hunger is no trouble, so prayer would not change nutrition (${p.howFixed})`,
          'Praying with no trouble needs a prayer timeout of 0; see src/pray.c can_pray().',
          'no_hunger_trouble',
        );
      }
      // Three helpless, burn-free turns (invulnerable), then init_uhunger() sets 900.
      const fixed = { ...s, nutrition: p.fixSetsTo, turn: s.turn + p.fixedAfterTurns, alive: true };
      const after = passTurns(fixed, core.version, 1);
      return {
        core: { ...core, nethack: after.state },
        summary: `Prayed (${p.troubleName}): nutrition set to ${p.fixSetsTo} after ${p.fixedAfterTurns} turns.`,
        extra: [p.howFixed, 'Assumes the prayer is safe (timeout low enough, Luck ≥ 0, god not angry).', ...after.notes],
      };
    });
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

// ---- eat, with a confirmation button when the meal would choke --------------------------

export const eatSubcommand = defineSubcommand({
  name: 'eat',
  description: 'Eat a food (asks first if it would choke you)',
  example: '/hero eat food:"food ration"',
  access: 'write',
  options: { food: kinds.foodName.required(), hero: heroName },
  async autocomplete(focused, partial, ctx) {
    if (focused.name !== 'food') return heroNameAutocomplete(focused, partial, ctx);
    const record = await repoFor(ctx).read(ctx.user.id).catch(() => null);
    const hero = record?.heroes.find((h) => h.id === record.activeId);
    if (hero?.game === 'crawl') return toChoices(focused.value, crawlFoodNames(hero.version).map((n) => ({ name: n })));
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
        return { core: { ...core, crawl: r.state }, summary: r.summary, extra: r };
      });
      const r = out.extra as ReturnType<typeof crawlEat>;
      return heroReply(out.hero, { headline: out.summary, notes: r.notes, ephemeral: args.hide, citations: r.citations, extra: { meal: r.result } });
    }
    const food = resolveNethackFood(args.food);
    // Dry run first: a meal that would choke asks for confirmation and changes nothing yet.
    const preview = eatFood(hero.nethack, hero.version, food);
    if (preview.outcome === 'refused') throw new UserError(`${hero.name} can't eat that now: ${preview.notes[0]}`, undefined, 'meal_refused');
    if (preview.chokes) return askToConfirmMeal(ctx, hero, food, preview.meal);
    return applyMeal(ctx, hero.id, food, false, args.hide);
  },
});

async function askToConfirmMeal(ctx: HandlerContext, hero: Extract<Hero, { game: 'nethack' }>, food: string, meal: ReturnType<typeof eatFood>['meal']): Promise<Reply> {
  const nonce = randomBytes(4).toString('hex');
  await repoFor(ctx).mutate(ctx.user.id, (record) => {
    const h = activeHero(record, hero.name);
    return { record: replaceHero(record!, { ...h, pending: { nonce, food, expiresAt: new Date(Date.now() + PENDING_MEAL_MS).toISOString() } }), result: null };
  });
  const c = meal.choke!;
  const lines = [
    `Eating **${food}** now (nutrition ${fmt(hero.nethack.nutrition)}, Satiated) would make ${hero.name} **choke** on bite ${c.bite} at nutrition ${fmt(c.nutrition)} (chance ${(c.probability * 100).toFixed(c.probability === 1 ? 0 : 1)}%).`,
    c.outcome.surviveChance >= 1
      ? `They would survive by vomiting (${c.outcome.surviveReason}) and end at ${fmt(c.outcome.nutritionIfSurvive)}.`
      : c.outcome.lifesaved
        ? `They would die, but the amulet of life saving would save them (nutrition 900, −1 Con, amulet gone).`
        : `They would die with probability ${(c.outcome.deathChance * 100).toFixed(0)}% (${c.outcome.surviveReason}).`,
  ];
  if (meal.prompt) lines.push(`The game asks "Continue eating?" at bite ${meal.prompt.bite} (nutrition ${fmt(meal.prompt.nutrition)}): answering no stops safely.`);
  if (meal.safeNutritionNow !== null) lines.push(`The most you can eat safely now: ${fmt(meal.safeNutritionNow)} nutrition.`);
  const buttons: Reply['buttons'] = [
    { customId: `hero:eat:${ctx.user.id}:${hero.id}:${nonce}:all`, label: 'Eat it anyway', style: 'danger' },
    ...(meal.prompt ? [{ customId: `hero:eat:${ctx.user.id}:${hero.id}:${nonce}:stop`, label: 'Eat, stop at the prompt', style: 'primary' as const }] : []),
    { customId: `hero:cancel:${ctx.user.id}:${nonce}`, label: "Don't eat", style: 'secondary' },
  ];
  return {
    embeds: [
      {
        title: `⚠ ${hero.name} would choke on that ${food}: bite ${c.bite}, ${chokeVerdict(c.outcome)}`,
        description: lines.join('\n'),
        color: COLORS.warning,
        footer: { text: `NetHack ${hero.version} · src/eat.c lesshungry(), bite(), choke()` },
      },
    ],
    result: { confirm: 'eat', pending: true, hero: { id: hero.id, name: hero.name }, food, meal },
    buttons,
    ephemeral: true,
  };
}

/** "survives by vomiting", "saved by the amulet", "95% death" */
function chokeVerdict(o: NonNullable<ReturnType<typeof eatFood>['meal']['choke']>['outcome']): string {
  if (o.surviveChance >= 1) return 'survives by vomiting';
  return o.lifesaved ? 'saved by the amulet' : `${(o.deathChance * 100).toFixed(0)}% death`;
}

async function applyMeal(ctx: HandlerContext, heroId: string, food: string, stopAtPrompt: boolean, hide?: boolean, nonce?: string): Promise<Reply> {
  const { hero, outcome } = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
    const h = record?.heroes.find((x) => x.id === heroId);
    if (!h) throw new UserError('That hero is gone.', undefined, 'no_hero');
    if (h.game !== 'nethack') throw new UserError('That hero plays Crawl now.', undefined, 'wrong_game');
    if (nonce) {
      if (!h.pending || h.pending.nonce !== nonce || h.pending.food !== food) throw new UserError('That meal is no longer waiting for you.', 'Run `/hero eat` again.', 'stale_button');
      if (Date.parse(h.pending.expiresAt) < Date.parse(now)) throw new UserError('That confirmation expired.', 'Run `/hero eat` again.', 'stale_button');
    }
    const r = eatFood(h.nethack, h.version, food, { stopAtPrompt });
    if (r.outcome === 'refused') throw new UserError(`${h.name} can't eat that now: ${r.notes[0]}`, undefined, 'meal_refused');
    const gained = r.meal.finish ? `${fmt(r.meal.totalGain)} nutrition over ${r.meal.bites} bites` : 'part of it';
    const summary =
      r.outcome === 'finished'
        ? `Ate ${food}: ${gained}, ${r.meal.actions} turn${r.meal.actions === 1 ? '' : 's'}.`
        : r.outcome === 'stopped at prompt'
          ? `Ate ${food} and stopped at "Continue eating?".`
          : `Ate ${food} and ${r.outcome}.`;
    const updated = withEvent(h, { ...coreOf(h), nethack: r.state } as HeroCore, 'eat', summary, now);
    return { record: replaceHero(record!, updated), result: { hero: updated, outcome: { ...r, summary } } };
  });
  return heroReply(hero, {
    headline: outcome.summary,
    notes: outcome.notes.slice(0, 6),
    ephemeral: hide,
    citations: outcome.citations,
    extra: { meal: { food, outcome: outcome.outcome, bites: outcome.meal.bites, actions: outcome.meal.actions, totalGain: outcome.meal.totalGain, remainderLost: outcome.meal.remainderLost, canChoke: outcome.meal.canChoke, choke: outcome.meal.choke, warning: outcome.meal.warning, prompt: outcome.meal.prompt } },
  });
}

/** Button: hero:eat:<userId>:<heroId>:<nonce>:<all|stop>. */
export async function onEatButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, heroId, nonce, mode] = parts;
  if (userId !== ctx.user.id) throw new UserError('Only the owner of this hero can press that.', undefined, 'not_yours');
  const record = await repoFor(ctx).read(ctx.user.id);
  const hero = record?.heroes.find((h) => h.id === heroId);
  if (!hero?.pending || hero.pending.nonce !== nonce) throw new UserError('That meal is no longer waiting for you.', 'Run `/hero eat` again.', 'stale_button');
  return applyMeal(ctx, heroId!, hero.pending.food, mode === 'stop', true, nonce);
}
