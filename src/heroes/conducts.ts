// A stored NetHack hero's food conducts (foodless, vegan, vegetarian): what a meal does to the
// ones it keeps, through the conduct engine (src/engine/nethack/conduct.ts mealConducts()), and
// the marks the hero keeps ("vegan: broken at turn 1,234 by a tripe ration"). Pure.
import type { NethackVersion } from '../engine/cite.ts';
import {
  FOOD_CONDUCTS,
  conductFoodOfRef,
  mealConducts,
  type ConductResult,
  type ConductState,
  type FoodConduct,
} from '../engine/nethack/conduct.ts';
import { foodFor } from '../engine/nethack/foods.ts';
import type { ConductMark, Conducts, NethackState } from './schema.ts';

export const KEPT: ConductMark = { status: 'kept', turn: null, food: null };
export const ALL_KEPT: Conducts = { foodless: KEPT, vegan: KEPT, vegetarian: KEPT };

/** The engine's view: a conduct counts as kept only when the hero tracks it as kept. */
export function keptOf(c: Conducts): ConductState {
  return {
    foodless: c.foodless.status === 'kept',
    vegan: c.vegan.status === 'kept',
    vegetarian: c.vegetarian.status === 'kept',
  };
}

export interface HeroMealConducts {
  result: ConductResult;
  /** Kept conducts the meal breaks for certain / may break (an unopened tin). */
  breaks: FoodConduct[];
  mayBreak: FoodConduct[];
  /** Conducts not tracked on this hero that the meal would break (said, never asked). */
  untrackedBreaks: FoodConduct[];
  /** The reply's line: "Breaks vegan and vegetarian (kept so far)." / "Breaks no conduct you keep." */
  text: string;
}

const list = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** What this meal does to the hero's conducts (resuming a partly eaten meal counts nothing). */
export function heroMealConducts(
  s: NethackState,
  version: NethackVersion,
  food: string,
  opts: { resuming?: boolean } = {},
): HeroMealConducts {
  const ref = foodFor(food, version);
  const result = mealConducts({
    version,
    food: conductFoodOfRef(ref),
    kept: keptOf(s.conducts),
    resuming: opts.resuming,
    role: s.role,
  });
  const everything = mealConducts({ version, food: conductFoodOfRef(ref), resuming: opts.resuming, role: s.role });
  const untrackedBreaks = everything.breaks.filter((k) => s.conducts[k].status === 'unknown');
  const parts: string[] = [];
  if (result.breaks.length) parts.push(`Breaks ${list(result.breaks)} conduct (kept so far).`);
  if (result.mayBreak.length) parts.push(`May break ${list(result.mayBreak)} (the tin's contents are not known).`);
  if (!parts.length) {
    const broken = FOOD_CONDUCTS.filter((k) => everything.breaks.includes(k) && s.conducts[k].status === 'broken');
    if (untrackedBreaks.length) parts.push(`Would break ${list(untrackedBreaks)} (not tracked for this hero).`);
    else if (broken.length) parts.push(`Breaks no conduct still kept (${list(broken)} already broken).`);
    else parts.push('Breaks no conduct.');
  }
  return { result, breaks: result.breaks, mayBreak: result.mayBreak, untrackedBreaks, text: parts.join(' ') };
}

/** The hero after the meal: conducts it broke are marked with the turn and the food. */
export function markConducts(s: NethackState, c: HeroMealConducts, turn: number, food: string): NethackState {
  if (!c.breaks.length) return s;
  const conducts = { ...s.conducts };
  for (const k of c.breaks) conducts[k] = { status: 'broken', turn, food: food.slice(0, 64) };
  return { ...s, conducts };
}

/** violated_vegetarian(): a Monk "feel[s] guilty" and loses 1 alignment on every meat meal. */
export function monkGuilt(s: NethackState, c: HeroMealConducts): NethackState {
  if (!c.result.monkPenalty || s.alignmentRecord === null) return s;
  return { ...s, alignmentRecord: s.alignmentRecord - 1 };
}

/** "kept: vegetarian; broken: foodless, vegan" (the compact reply's line). */
export function conductsShort(c: Conducts): string {
  const by = (st: ConductMark['status']) => FOOD_CONDUCTS.filter((k) => c[k].status === st);
  const parts = [
    by('kept').length ? `kept: ${by('kept').join(', ')}` : null,
    by('broken').length ? `broken: ${by('broken').join(', ')}` : null,
    by('unknown').length ? `not tracked: ${by('unknown').join(', ')}` : null,
  ];
  return parts.filter(Boolean).join('; ');
}

/** "foodless kept · vegan broken (T1,234, tripe ration) · vegetarian not tracked" */
export function conductsText(c: Conducts): string {
  return FOOD_CONDUCTS.map((k) => {
    const m = c[k];
    if (m.status === 'kept') return `${k} kept`;
    if (m.status === 'unknown') return `${k} not tracked`;
    const when = [m.turn !== null ? `T${m.turn.toLocaleString('en-US')}` : null, m.food].filter(Boolean).join(', ');
    return `${k} broken${when ? ` (${when})` : ''}`;
  }).join(' · ');
}
