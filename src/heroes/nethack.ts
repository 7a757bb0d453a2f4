// A stored NetHack hero, seen through the hunger engine: its burn profile, what waiting,
// fighting, eating, casting and praying do to it, and its forecast. Pure functions: the
// command layer stores the results.
import { UserError } from '../errors.ts';
import type { Citation, NethackVersion } from '../engine/cite.ts';
import { AMULETS } from '../engine/nethack/data.ts';
import {
  burnFlags,
  canAttack,
  defaultProfile,
  expectedPer20,
  parseRing,
  resolveRing,
  type BurnProfile,
  type SourceRow,
} from '../engine/nethack/burn.ts';
import { resolveName } from '../names.ts';
import { advance, forecast, isExact, type ForecastResult } from '../engine/nethack/forecast.ts';
import { starvationLimit, statusFor, type NethackStatus } from '../engine/nethack/status.ts';
import { planMeal, type MealResult, type Race } from '../engine/nethack/meal.ts';
import { luckAfter } from '../engine/nethack/prayerTrack.ts';
import type { NethackState } from './schema.ts';

/**
 * Luck timing out while time passes from the hero's turn to `toTurn` (src/timeout.c nh_timeout():
 * every 300 turns with the Amulet or an angry god, else 600; see prayerTrack.ts luckAfter()).
 */
export function advanceLuck(s: NethackState, toTurn: number): NethackState {
  if (s.luck === 0 || toTurn <= s.turn) return s;
  const fast = s.yendor || s.amulet?.toLowerCase() === 'amulet of yendor' || s.godAnger > 0;
  return { ...s, luck: luckAfter(s.luck, s.turn, toTurn, { luckstone: s.luckstone, fast }) };
}

/** Amulet names as players write them ("amulet of life saving"), plus the two Amulets of Yendor. */
export const AMULET_NAMES: readonly string[] = AMULETS.map((a) => a.name);

const AMULET_ENTRIES = AMULET_NAMES.map((name) => ({ name, aliases: [name.replace(/^amulet (of |versus )/i, '')] }));

export function resolveAmulet(text: string): string {
  return resolveName(text, AMULET_ENTRIES, 'amulet', { code: 'unknown_amulet' }).name;
}

export function resolveRingLabel(text: string): string {
  const ring = resolveRing(text);
  if (!ring)
    throw new UserError(
      `"${text}" is not a ring.`,
      'Name a ring, e.g. "ring of regeneration" or "ring of protection +2".',
      'unknown_ring',
    );
  return ring.label;
}

/** The engine's BurnProfile for a stored hero. Rings imply their own property in the engine. */
export function profileOf(s: NethackState, version: NethackVersion): BurnProfile {
  const p = defaultProfile(version);
  p.leftRing = s.leftRing ? parseRing(s.leftRing.label) : null;
  p.rightRing = s.rightRing ? parseRing(s.rightRing.label) : null;
  const amulet = s.amulet?.toLowerCase() ?? null;
  p.amulet = amulet !== null;
  p.amuletIsFake = amulet?.startsWith('cheap plastic') ?? false;
  p.yendor = s.yendor || amulet === 'amulet of yendor';
  const has = (i: NethackState['intrinsics'][number]) => s.intrinsics.includes(i);
  p.regeneration = has('regeneration') ? 'intrinsic' : 'none';
  p.hunger = has('hunger');
  p.conflict = has('conflict') ? 'ring' : 'none';
  p.slowDigestion = has('slow digestion');
  p.inediate = has('inediate form');
  p.unaware = has('unaware');
  p.encumbrance = s.encumbrance;
  return p;
}

export interface NethackHeroView {
  status: NethackStatus;
  nutrition: number;
  turn: number;
  per20: number;
  sources: SourceRow[];
  forecast: ForecastResult;
  starvationLimit: number;
  exact: boolean;
}

/** The hero's status and forecast (with the chart's curve when `series`). */
export function viewNethack(
  s: NethackState,
  version: NethackVersion,
  opts: { series?: boolean } = {},
): NethackHeroView {
  const profile = profileOf(s, version);
  const f = forecast({
    nutrition: s.nutrition,
    moves: s.turn,
    profile,
    con: s.con,
    skipStarvation: true,
    series: opts.series,
  });
  return {
    status: statusFor(s.nutrition),
    nutrition: s.nutrition,
    turn: s.turn,
    per20: f.per20,
    sources: f.sources,
    forecast: f,
    starvationLimit: starvationLimit(s.con, version),
    exact: isExact(profile, burnFlags(profile)),
  };
}

/** The error for acting with a dead hero, saying how they died. */
export function deadHero(s: NethackState): UserError {
  return new UserError(
    `This hero ${s.death === 'choked' ? 'choked to death' : 'has starved'}.`,
    'Use `/hero undo` to go back to before it, or `/hero set nutrition:<n>` to bring them back for planning.',
    'hero_dead',
  );
}

export interface StepResult {
  state: NethackState;
  burned: number;
  /** Not exact: 5.0's random accessory timing or an Unaware hero; the expected value is used. */
  estimated: boolean;
  notes: string[];
  citations: Citation[];
}

/**
 * Let `turns` turns pass (src/allmain.c moveloop(): moves++ then gethungry()), with
 * `attacksPerTurn` melee attacks each turn (src/uhitm.c attack() -> overexertion() -> gethungry()).
 */
export function passTurns(s: NethackState, version: NethackVersion, turns: number, attacksPerTurn = 0): StepResult {
  if (!s.alive) throw deadHero(s);
  const profile = profileOf(s, version);
  const notes: string[] = [];
  if (attacksPerTurn > 0) {
    const can = canAttack(profile);
    if (!can.ok)
      throw new UserError(
        `This hero cannot attack: ${can.reason}.`,
        'Change encumbrance with `/hero set encumbrance:<level>`.',
        'cannot_attack',
      );
  }
  let nutrition: number;
  let burned: number;
  let estimated = false;
  const citations: Citation[] = [];
  if (isExact(profile, burnFlags(profile))) {
    const r = advance(s.nutrition, s.turn, profile, turns, attacksPerTurn);
    nutrition = r.nutrition;
    burned = r.burned;
  } else {
    // Random burn (5.0's rn2(20) per call, or Unaware): apply the expected burn, rounded.
    const per20 = expectedPer20(profile).reduce((a, r) => a + r.per20, 0);
    burned = Math.round(((per20 * (1 + attacksPerTurn)) / 20) * turns);
    nutrition = s.nutrition - burned;
    estimated = true;
    notes.push(
      `Burn is random in this case (${version === '5.0' ? 'NetHack 5.0 draws rn2(20) on every call' : 'Unaware heroes burn the base charge 1 turn in 10'}); the expected ${burned} was applied.`,
    );
  }
  const limit = starvationLimit(s.con, version);
  let alive: boolean = s.alive;
  let death: NethackState['death'] = s.death;
  if (nutrition <= 0 && s.nutrition > 0)
    notes.push('Reached Fainting: the hero faints at once, then at random (see `/nethack status`).');
  if (nutrition < limit) {
    alive = false;
    death = 'starved';
    notes.push(
      `Below the starvation limit ${limit} (Con ${s.con}): the hero starves on the first hunger update whose faint roll fails.`,
    );
  }
  const state = { ...advanceLuck(s, s.turn + turns), nutrition, turn: s.turn + turns, alive, death };
  return { state, burned, estimated, notes, citations };
}

/** src/role.c roles[]. */
export { ROLES as NETHACK_ROLES, resolveRole } from '../engine/nethack/roles.ts';
import type { ROLES as NETHACK_ROLES } from '../engine/nethack/roles.ts';
/** src/role.c races[]. */
export const NETHACK_RACES = ['human', 'elf', 'dwarf', 'gnome', 'orc'] as const;

/**
 * Each role's initial alignment record (src/role.c roles[].initrecord, set by newhp() at the start:
 * src/attrib.c 3.6.7:995, 3.4.3:634, 5.0:1094); the same in all three versions.
 */
export const INITIAL_ALIGNMENT_RECORD: Record<(typeof NETHACK_ROLES)[number], number> = {
  Archeologist: 10,
  Barbarian: 10,
  Caveman: 0,
  Healer: 10,
  Knight: 10,
  Monk: 10,
  Priest: 0,
  Rogue: 10,
  Ranger: 10,
  Samurai: 10,
  Tourist: 0,
  Valkyrie: 0,
  Wizard: 0,
};

export interface EatOutcome extends StepResult {
  meal: MealResult;
  /** The meal chokes the hero (with probability meal.choke.probability). */
  chokes: boolean;
  outcome: 'finished' | 'stopped at prompt' | 'choked: vomited' | 'choked: life saved' | 'choked: died' | 'refused';
}

/**
 * Eat `food` now (src/eat.c doeat() and the meal machinery, via planMeal), then let the turn
 * pass so the hero is ready to act again: the meal's last action is at finish.moves, and the
 * next turn's gethungry() runs before the hero acts (same convention as passTurns).
 * When the meal chokes, `stopAtPrompt` answers "Continue eating?" with no if there is a prompt.
 */
export function eatFood(
  s: NethackState,
  version: NethackVersion,
  food: string,
  opts: { stopAtPrompt?: boolean } = {},
): EatOutcome {
  if (!s.alive) throw deadHero(s);
  const profile = profileOf(s, version);
  const amulet = s.amulet?.toLowerCase() ?? '';
  const meal = planMeal({
    version,
    food,
    nutrition: s.nutrition,
    moves: s.turn,
    race: (NETHACK_RACES as readonly string[]).includes(s.race) ? (s.race as Race) : 'human',
    role: s.role,
    breathless: s.intrinsics.includes('breathless') || amulet === 'amulet of magical breathing',
    strangled: amulet === 'amulet of strangulation',
    lifesaving: amulet === 'amulet of life saving',
    hunger: s.intrinsics.includes('hunger'),
    continueAtPrompt: !opts.stopAtPrompt,
    profile,
  });
  const citations = meal.citations;
  if (meal.refused)
    return {
      state: s,
      burned: 0,
      estimated: false,
      notes: [meal.refused],
      citations,
      meal,
      chokes: false,
      outcome: 'refused',
    };
  const notes = [...meal.notes];
  const after = (nutrition: number, moves: number, extra: Partial<NethackState> = {}, turns = 1) => {
    const next = passTurns({ ...advanceLuck(s, moves), nutrition, turn: moves, ...extra }, version, turns);
    return { ...next, notes: [...notes, ...next.notes], citations };
  };
  if (meal.choke && meal.choke.probability > 0) {
    const o = meal.choke.outcome;
    const base = { meal, chokes: true };
    if (o.surviveChance >= 1) {
      // src/eat.c choke() -> vomit(): nomul(-2), two helpless turns before the hero acts again.
      notes.push('You vomit and are helpless for 2 turns (included).');
      return {
        ...after(o.nutritionIfSurvive, meal.choke.moves, {}, 3),
        ...base,
        outcome: 'choked: vomited',
        estimated: !meal.exact,
      };
    }
    if (o.lifesaved) {
      // src/end.c savelife(): nutrition 900 when choking; the amulet is used up; -1 Con (done()).
      return {
        ...after(o.lifesaved.nutrition, meal.choke.moves, {
          amulet: null,
          con: Math.max(3, s.con - o.lifesaved.conLoss),
        }),
        ...base,
        outcome: 'choked: life saved',
        estimated: !meal.exact,
      };
    }
    notes.push(
      `${Math.round(o.surviveChance * 100)}% chance to survive by vomiting (${o.surviveReason}); if yours did, set the nutrition by hand.`,
    );
    const dead = { ...advanceLuck(s, meal.choke.moves), nutrition: meal.choke.nutrition, turn: meal.choke.moves };
    const state: NethackState = { ...dead, alive: false, death: 'choked' };
    return { state, burned: 0, estimated: !meal.exact, notes, citations, ...base, outcome: 'choked: died' };
  }
  if (meal.prompt && opts.stopAtPrompt) {
    return {
      ...after(meal.prompt.ifStopped.nutrition, meal.prompt.ifStopped.moves),
      meal,
      chokes: false,
      outcome: 'stopped at prompt',
      estimated: !meal.exact,
    };
  }
  if (!meal.finish) throw new UserError('That meal cannot be finished.', undefined, 'meal_unfinished');
  return {
    ...after(Math.round(meal.finish.nutrition), meal.finish.moves),
    meal,
    chokes: false,
    outcome: 'finished',
    estimated: !meal.exact,
  };
}
