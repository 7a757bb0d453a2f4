// A stored Crawl hero, seen through the Crawl hunger engine: level, rate, forecast, and what
// waiting, fighting, eating and casting do to its satiation. Pure functions returning data; the
// command layer renders them (like nethack.ts beside this file).
import { UserError } from '../errors.ts';
import { resolveName } from '../names.ts';
import type { Citation, CrawlVersion } from '../engine/cite.ts';
import { SPECIES } from '../engine/crawl/data.ts';
import { crawlDrain, crawlSpell } from '../engine/crawl/costs.ts';
import { crawlFood, foodItems, type CrawlFoodResult } from '../engine/crawl/food.ts';
import { crawlForecast, type CrawlForecastResult } from '../engine/crawl/forecast.ts';
import { gearInput } from '../engine/crawl/gear.ts';
import { resolveHero, type CrawlHeroInput } from '../engine/crawl/hero.ts';
import { crawlRate, type CrawlRateResult } from '../engine/crawl/rate.ts';
import { hungerStateFor, type HungerState } from '../engine/crawl/satiation.ts';
import { PROFILES } from '../engine/crawl/versions.ts';
import type { CrawlMutations, CrawlState, Hero, HeroCore } from './schema.ts';

type CrawlCore = Extract<HeroCore, { game: 'crawl' }>;

export function crawlSpeciesNames(version: CrawlVersion): string[] {
  return SPECIES[version].list.map((s) => s.name);
}

export function resolveCrawlSpecies(version: CrawlVersion, text: string): string {
  return resolveName(
    text,
    crawlSpeciesNames(version).map((name) => ({ name })),
    'species',
  ).name;
}

export function crawlFoodNames(version: CrawlVersion): string[] {
  return foodItems(version).map((f) => f.name);
}

export function resolveCrawlFood(version: CrawlVersion, text: string): string {
  return resolveName(text, foodItems(version), 'food', { code: 'unknown_food' }).name;
}

/** The rate engine's mutation options (only the levels the user set; the rest stay innate). */
export function mutationInput(m: CrawlMutations): Partial<CrawlHeroInput> {
  return Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as Partial<CrawlHeroInput>;
}

/** The engine's hero input for a stored hero: species, satiation, worn gear and mutations. */
export function heroInput(c: CrawlState): CrawlHeroInput {
  return { ...gearInput(c.gear), ...mutationInput(c.mutations), species: c.species, hunger: c.value };
}

/** Refuses gear or mutations the version's code does not allow (throws the engine's UserError). */
export function checkCrawlHero(version: CrawlVersion, c: CrawlState): void {
  resolveHero(version, heroInput(c));
}

export interface CrawlStep {
  state: CrawlState;
  burned: number;
  estimated: boolean;
  notes: string[];
}

/** The lowest value this character can reach (undead never drop below the undead minimum). */
function floorOf(core: CrawlCore): number {
  const h = resolveHero(core.version, heroInput(core.crawl));
  return h.effectiveUndead === 'US_ALIVE' ? 0 : PROFILES[core.version].undeadMinimum;
}

/**
 * Let `turns` normal turns (10 aut each) pass, with `extraPerTurn` more food each turn (melee):
 * each turn costs div_rand_round(rate x 10, 10) = rate food (food.cc, main.cc _player_reacts()),
 * exact when the rate itself is not random.
 */
export function crawlPassTurns(core: CrawlCore, turns: number, extraPerTurn = 0): CrawlStep {
  const c = core.crawl;
  if (!c.alive) {
    const how = c.death === 'starved' ? 'starved' : 'died';
    throw new UserError(`This hero has ${how}.`, 'Use `/hero undo` or `/hero set nutrition:<n>`.', 'hero_dead');
  }
  const r = crawlRate(core.version, heroInput(c));
  const notes: string[] = [];
  const rate = r.rate;
  const estimated = rate.min !== rate.max;
  const burned = r.foodless ? 0 : Math.round((rate.expected + extraPerTurn) * turns);
  if (r.foodless) notes.push(`${c.species} does not get hungry in this form.`);
  if (estimated) {
    const range = `${rate.min}–${rate.max} per turn`;
    notes.push(`The rate is random (${range}); the expected ${rate.expected} per turn was applied.`);
  }
  const floor = floorOf(core);
  let value = Math.max(floor, c.value - burned);
  let alive: boolean = c.alive;
  let death: CrawlState['death'] = null;
  if (floor === 0 && value <= PROFILES[core.version].deathAt && !r.foodless) {
    // food.cc: at HUNGER_STARVING's death limit or less the character dies of starvation.
    notes.push(`Satiation reached ${PROFILES[core.version].deathAt} or less: the character starves.`);
    alive = false;
    death = 'starved';
    value = Math.max(value, 0);
  }
  return { state: { ...c, value, turn: c.turn + turns, alive, death }, burned: c.value - value, estimated, notes };
}

/** `count` melee attacks, one per turn: each costs what `/crawl drain what:melee` says, plus the turn's rate. */
export function crawlAttack(core: CrawlCore, count: number): CrawlStep & { perAttack: number; citations: Citation[] } {
  const drain = crawlDrain(core.version, 'melee', { ...heroInput(core.crawl), value: core.crawl.value });
  const perAttack = drain.cost.expected;
  const step = crawlPassTurns(core, count, perAttack);
  return { ...step, perAttack, citations: drain.citations, notes: [drain.text, ...step.notes] };
}

export interface CrawlMeal {
  state: CrawlState;
  summary: string;
  notes: string[];
  citations: Citation[];
  result: CrawlFoodResult;
}

export function crawlEat(core: CrawlCore, food: string): CrawlMeal {
  const c = core.crawl;
  const r = crawlFood(core.version, food, { ...heroInput(c), ...(c.gear.gourmand ? { gourmandAmulet: true } : {}) });
  if (!r.canEat || r.nutrition === null) {
    throw new UserError(`${c.species} can't eat ${food} now: ${r.refusal ?? 'refused'}.`, undefined, 'meal_refused');
  }
  const gain = Math.round(r.nutrition);
  const turns = Math.max(1, r.item.turns);
  const passed = crawlPassTurns({ ...core, crawl: { ...c, value: c.value + gain } }, turns);
  return {
    state: passed.state,
    summary: `Ate ${food}: +${gain} satiation over ${turns} turn${turns === 1 ? '' : 's'}.`,
    notes: [...r.notes.slice(0, 3), ...passed.notes],
    citations: r.citations,
    result: r,
  };
}

export function crawlCast(core: CrawlCore, level: number): { state: CrawlState; summary: string; notes: string[] } {
  const c = core.crawl;
  const r = crawlSpell(core.version, { ...heroInput(c), level, int: c.int, skill: c.spellcasting });
  if (r.canCast === false) {
    throw new UserError(`${c.species} cannot cast now: ${r.refusal ?? 'refused'}.`, undefined, 'cast_refused');
  }
  const passed = crawlPassTurns({ ...core, crawl: { ...c, value: c.value - r.charged } }, 1);
  return {
    state: passed.state,
    summary: `Cast a level ${level} spell: −${r.charged} satiation (${r.bars}).`,
    notes: [...r.notes.slice(0, 2), ...passed.notes],
  };
}

export interface CrawlHeroView {
  level: HungerState;
  rate: CrawlRateResult;
  forecast: CrawlForecastResult;
}

/** What the hero's reply shows: its level, its rate term by term, and its forecast (computed once). */
export function crawlHeroView(hero: Extract<Hero, { game: 'crawl' }>, computed?: CrawlForecastResult): CrawlHeroView {
  const c = hero.crawl;
  return {
    level: hungerStateFor(hero.version, c.value),
    rate: crawlRate(hero.version, heroInput(c)),
    forecast: computed ?? crawlForecast(hero.version, crawlHeroForecastInput(hero).input),
  };
}

/** What crawlForecast() is asked for this hero (the bot runs it on its worker pool: several ms). */
export function crawlHeroForecastInput(hero: Extract<Hero, { game: 'crawl' }>) {
  return { version: hero.version, input: { value: hero.crawl.value, hero: heroInput(hero.crawl) } };
}
