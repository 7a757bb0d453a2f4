// A stored Crawl hero, seen through the Crawl hunger engine: level, rate, forecast, and what
// waiting, eating and casting do to its satiation. Pure functions.
import { UserError } from '../bot/errors.ts';
import { COLORS, fmt } from '../bot/render.ts';
import { resolveName } from '../bot/fuzzy.ts';
import type { Citation, CrawlVersion } from '../engine/cite.ts';
import { SPECIES } from '../engine/crawl/data.ts';
import { crawlFood, foodItems } from '../engine/crawl/food.ts';
import { crawlForecast, type CrawlForecastResult } from '../engine/crawl/forecast.ts';
import { CrawlInputError, type CrawlHeroInput } from '../engine/crawl/hero.ts';
import { crawlRate } from '../engine/crawl/rate.ts';
import { crawlSpell } from '../engine/crawl/costs.ts';
import { hungerStateFor, type HungerStateName } from '../engine/crawl/satiation.ts';
import type { CrawlState, Hero, HeroCore } from './schema.ts';

type CrawlCore = Extract<HeroCore, { game: 'crawl' }>;

/** Engine input errors become friendly user errors. */
function friendly<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof CrawlInputError) throw new UserError(err.message, err.hint, err.code);
    throw err;
  }
}

export function crawlSpeciesNames(version: CrawlVersion): string[] {
  return SPECIES[version].list.map((s) => s.name);
}

export function resolveCrawlSpecies(version: CrawlVersion, text: string): string {
  return resolveName(text, crawlSpeciesNames(version).map((name) => ({ name })), 'species').name;
}

export function crawlFoodNames(version: CrawlVersion): string[] {
  return foodItems(version).map((f) => f.name);
}

export function resolveCrawlFood(version: CrawlVersion, text: string): string {
  return resolveName(text, crawlFoodNames(version).map((name) => ({ name })), 'food').name;
}

/** The engine's hero input for a stored hero: species, current satiation, stored rate options. */
export function heroInput(c: CrawlState): CrawlHeroInput {
  return { ...(c.rate as CrawlHeroInput), species: c.species, hunger: c.value };
}

const LEVEL_COLOR: Record<HungerStateName, number> = {
  Starving: COLORS.fainting,
  'Near Starving': COLORS.fainting,
  'Very Hungry': COLORS.weak,
  Hungry: COLORS.hungry,
  Satiated: COLORS.ok,
  Full: COLORS.satiated,
  'Very Full': COLORS.satiated,
  Engorged: COLORS.satiated,
};

export interface CrawlStep {
  state: CrawlState;
  burned: number;
  estimated: boolean;
  notes: string[];
}

/**
 * Let `turns` normal turns (10 aut each) pass: each costs div_rand_round(rate x 10, 10) = rate
 * food (food.cc / main.cc _player_reacts()), exact when the rate itself is not random.
 */
export function crawlPassTurns(core: CrawlCore, turns: number, opts: { attacking?: boolean } = {}): CrawlStep {
  const c = core.crawl;
  if (!c.alive) throw new UserError('This hero has starved.', 'Use `/hero undo` or `/hero set nutrition:<n>`.', 'hero_dead');
  const r = friendly(() => crawlRate(core.version, heroInput(c)));
  const notes: string[] = [];
  const rate = r.rate;
  const estimated = rate.min !== rate.max;
  const burned = r.foodless ? 0 : Math.round(rate.expected * turns);
  if (r.foodless) notes.push(`${c.species} does not get hungry in this form.`);
  if (estimated) notes.push(`The rate is random (${rate.min}–${rate.max} per turn); the expected ${fmt(rate.expected)} per turn was applied.`);
  if (opts.attacking) notes.push('Crawl charges melee only through the time it takes: this counts one normal turn per attack.');
  let value = c.value - burned;
  let alive: boolean = c.alive;
  if (value <= 0 && !r.foodless) {
    // Starving at 0 or below: the character dies of starvation (food.cc).
    notes.push('Satiation reached 0: the character starves.');
    alive = false;
    value = Math.max(value, 0);
  }
  return { state: { ...c, value, turn: c.turn + turns, alive }, burned, estimated, notes };
}

export function crawlEat(core: CrawlCore, food: string): { state: CrawlState; summary: string; notes: string[]; citations: Citation[]; result: unknown } {
  const c = core.crawl;
  const r = friendly(() => crawlFood(core.version, food, heroInput(c)));
  if (!r.canEat || r.nutrition === null) throw new UserError(`${c.species} can't eat ${food} now: ${r.refusal ?? 'refused'}.`, undefined, 'meal_refused');
  const gain = Math.round(r.nutrition);
  const turns = Math.max(1, r.item.turns);
  const passed = crawlPassTurns({ ...core, crawl: { ...c, value: c.value + gain } }, turns);
  return {
    state: passed.state,
    summary: `Ate ${food}: +${fmt(gain)} satiation over ${turns} turn${turns === 1 ? '' : 's'}.`,
    notes: [...r.notes.slice(0, 3), ...passed.notes],
    citations: r.citations,
    result: r,
  };
}

export function crawlCast(core: CrawlCore, level: number): { state: CrawlState; summary: string; notes: string[] } {
  const c = core.crawl;
  const r = friendly(() => crawlSpell(core.version, { ...heroInput(c), level, int: c.int, skill: c.spellcasting }));
  if (r.canCast === false) throw new UserError(`${c.species} cannot cast now: ${r.refusal ?? 'refused'}.`, undefined, 'cast_refused');
  const passed = crawlPassTurns({ ...core, crawl: { ...c, value: c.value - r.charged } }, 1);
  return { state: passed.state, summary: `Cast a level ${level} spell: −${fmt(r.charged)} satiation (${r.bars}).`, notes: [...r.notes.slice(0, 2), ...passed.notes] };
}

/** What crawlForecast() is asked for this hero (the bot runs it on its worker pool: several ms). */
export function crawlHeroForecastInput(hero: Extract<Hero, { game: 'crawl' }>) {
  return { version: hero.version, input: { value: hero.crawl.value, hero: heroInput(hero.crawl) } };
}

/** The hero's status, rate and forecast; `computed` is the forecast when it was computed elsewhere. */
export function crawlHeroView(hero: Extract<Hero, { game: 'crawl' }>, computed?: CrawlForecastResult) {
  const c = hero.crawl;
  const level = hungerStateFor(hero.version, c.value);
  const rate = friendly(() => crawlRate(hero.version, heroInput(c)));
  const forecast = computed ?? friendly(() => crawlForecast(hero.version, crawlHeroForecastInput(hero).input));
  const rateLines = rate.terms.slice(0, 10).map((t) => `• ${t.label} → ${t.after.min === t.after.max ? t.after.min : `${t.after.min}–${t.after.max}`}`);
  const forecastLines = forecast.milestones
    .filter((m) => m.reachable && m.turns)
    .slice(0, 6)
    .map((m) => `${m.target}: in ~${fmt(Math.round(m.turns!.expected))} turns (${fmt(m.turns!.min)}–${m.turns!.max === null ? '∞' : fmt(m.turns!.max)})`);
  return {
    level: level.name,
    color: LEVEL_COLOR[level.name],
    rate: rate.rate.expected,
    rateLines,
    forecastLines,
    citations: [...rate.citations.slice(0, 2), ...forecast.citations.slice(0, 2)],
    result: { level: level.name, rate: rate.rate, foodless: rate.foodless, milestones: forecast.milestones },
    forecast,
  };
}
