// "What should I eat now?": from the foods a hero carries, the meals (in order) that reach Not
// Hungry, or the most nutrition, without any chance of choking. Every meal is computed by the
// meal planner (meal.ts planMeal(): bites, rounding, burn between bites, the 1500 warning, the
// prompt and choking); this module only searches over which food to eat next.
//
// Chaining meals (turn convention of burn.ts): a meal whose 'e' is given at moves T takes
// `actions` actions, the last at T + actions - 1; the next 'e' is at T + actions, after that
// turn's gethungry(). So the next meal starts from the finish nutrition minus the burn of
// moves T + actions.
//
// Uncertainty. 3.6.7 and 3.4.3 burns are exact when awake; 5.0 draws rn2(20) on each call, so a
// meal's burn is a range. The search keeps [lowest, highest] nutrition: a meal is allowed only
// if planMeal() finds no choke from the HIGHEST start (choking needs more nutrition, never
// less), and a target counts as reached only from the LOWEST. A caller that knows only a band
// (an imported status line) passes its top as nutritionMax for the same reason.
import type { Citation, NethackVersion } from '../cite.ts';
import { burnFlags, callPmf, defaultProfile, type BurnProfile } from './burn.ts';
import { conductFoodOfRef, mealConducts, type ConductState, type FoodConduct } from './conduct.ts';
import { foodFor, type FoodRef } from './foods.ts';
import { planMeal, type Buc, type MealResult, type Race } from './meal.ts';
import { cite } from './sources.ts';
import { statusFor, type NethackStatus } from './status.ts';

export const ADVICE_GOALS = ['not-hungry', 'most'] as const;
export type AdviceGoal = (typeof ADVICE_GOALS)[number];

const NONE_KEPT: ConductState = { foodless: false, vegan: false, vegetarian: false };

/** Not Hungry starts above 150 (src/eat.c newuhs()). */
export const NOT_HUNGRY_AT = 151;
/** Search budget (meal plans computed); past it the best plan found so far is returned. */
export const ADVICE_STATE_LIMIT = 8_000;

export interface CarriedFood {
  /** A meal planner food name (foods.ts foodNames()): "food ration", "lichen corpse", ... */
  name: string;
  count: number;
  buc?: Buc;
  /** Partly eaten: remaining nutrition (counts as one item). */
  eaten?: number;
}

export interface AdviceInput {
  version: NethackVersion;
  /** Nutrition now (the lowest possible, when only a band is known). */
  nutrition: number;
  /** Highest nutrition possible now (a status band's top); choke checks use it. Default: nutrition. */
  nutritionMax?: number;
  /** moves now. Default 1. */
  moves?: number;
  race?: Race;
  role?: string;
  breathless?: boolean;
  strangled?: boolean;
  lifesaving?: boolean;
  profile?: BurnProfile;
  foods: CarriedFood[];
  goal?: AdviceGoal;
  /** Conducts the hero still keeps (default: none known, so none is protected or reported). */
  conducts?: ConductState;
  /** Kept conducts no advised meal may break (default: vegan and vegetarian, when kept). */
  protect?: FoodConduct[];
}

export interface Range {
  min: number;
  max: number;
}

export interface AdvisedMeal {
  order: number;
  food: string;
  kind: FoodRef['kind'];
  /** moves of the 'e' command. */
  moves: number;
  start: Range;
  /** Nutrition the meal gives (a range for tins of spinach). */
  gain: Range;
  /** Actions spent eating (planMeal() actions); a tin's opening time is not included. */
  turns: number;
  /** Nutrition when the meal ends (after the burn of its own turns). */
  finish: Range;
  statusAfter: NethackStatus;
  /** The 1500 warning ("You're having a hard time getting all of it down.") fires. */
  warning: boolean;
  /** The "Continue eating?" prompt is asked (answer yes: the plan continues the meal). */
  prompt: boolean;
  /** Kept conducts this meal breaks. */
  breaks: FoodConduct[];
  notes: string[];
}

export interface AdviceResult {
  game: 'nethack';
  version: NethackVersion;
  goal: AdviceGoal;
  start: { nutrition: Range; status: NethackStatus; moves: number };
  /** Already Not Hungry (goal not-hungry): no meal needed. */
  alreadyThere: boolean;
  plan: AdvisedMeal[];
  /** The goal is met for certain (not-hungry: lowest final nutrition >= 151). */
  reached: boolean;
  final: { nutrition: Range; status: NethackStatus; moves: number };
  totalTurns: number;
  leftover: { name: string; count: number }[];
  /** Foods never eaten, and why (unknown name, conduct, refused, always chokes). */
  excluded: { name: string; reason: string }[];
  /** False when the search budget ran out (the plan is the best found, maybe not the best). */
  searchComplete: boolean;
  /** All burns exact (3.6.7/3.4.3 awake): every range is one value. */
  exact: boolean;
  /** How plans are ranked. */
  ranking: string;
  notes: string[];
  citations: Citation[];
}

interface FoodType {
  key: string;
  ref: FoodRef;
  carried: CarriedFood;
  count: number;
  breaks: FoodConduct[];
}

interface State {
  lo: number;
  hi: number;
  moves: number;
  left: number[];
}

interface Step {
  type: number;
  meal: MealResult;
  startLo: number;
  startHi: number;
  gain: Range;
  finishLo: number;
  finishHi: number;
  moves: number;
}

interface Plan {
  steps: Step[];
  lo: number;
  hi: number;
  moves: number;
  turns: number;
  eaten: number;
  reached: boolean;
}

const RANKING: Record<AdviceGoal, string> = {
  'not-hungry':
    'Plans that reach Not Hungry (151+) for certain come first; among them the fewest turns eating, then the ' +
    'fewest items, then the least nutrition eaten (the rest stays for later). If none reaches it, the most nutrition.',
  most: 'The most nutrition for certain (lowest final value) with no chance of choking; ties go to the fewest turns.',
};

export function adviseMeals(input: AdviceInput): AdviceResult {
  const v = input.version;
  const goal = input.goal ?? 'not-hungry';
  const profile = input.profile ?? defaultProfile(v);
  if (profile.version !== v) throw new RangeError(`profile is for ${profile.version}, not ${v}`);
  const moves0 = input.moves ?? 1;
  const lo0 = input.nutrition;
  const hi0 = Math.max(input.nutritionMax ?? lo0, lo0);
  const kept = input.conducts ?? NONE_KEPT;
  const protect = (input.protect ?? (['vegan', 'vegetarian'] as FoodConduct[])).filter((c) => kept[c]);
  const excluded: AdviceResult['excluded'] = [];
  const notes: string[] = [];
  const types = resolveFoods(input, kept, protect, excluded, notes);

  const search = new Search(input, profile, goal, types);
  const alreadyThere = goal === 'not-hungry' && lo0 >= NOT_HUNGRY_AT;
  const best = alreadyThere
    ? search.empty({ lo: lo0, hi: hi0, moves: moves0, left: types.map((t) => t.count) })
    : search.run({ lo: lo0, hi: hi0, moves: moves0, left: types.map((t) => t.count) });
  for (const [i, t] of types.entries()) {
    const refusal = search.refusals.get(i);
    if (refusal && !best.steps.some((s) => s.type === i)) excluded.push({ name: t.ref.name, reason: refusal });
    else if (search.neverSafe(i) && !best.steps.some((s) => s.type === i))
      excluded.push({
        name: t.ref.name,
        reason:
          'Every time it could be eaten in this plan it could choke you (Satiated at the start and 2000 reachable).',
      });
  }

  const plan = best.steps.map((s, i) => advisedMeal(i + 1, s, types[s.type]!));
  const exact =
    lo0 === hi0 &&
    best.lo === best.hi &&
    plan.every((m) => m.start.min === m.start.max && m.finish.min === m.finish.max);
  const used = new Map<number, number>();
  for (const s of best.steps) used.set(s.type, (used.get(s.type) ?? 0) + 1);
  const leftover = types
    .map((t, i) => ({ name: t.ref.name, count: t.count - (used.get(i) ?? 0) }))
    .filter((x) => x.count > 0);
  if (plan.some((m) => m.kind === 'tin'))
    notes.push(
      'Opening a tin takes extra turns (start_tin(): none with a blessed tin or luck, 0-1 with a tin opener, 3 ' +
        'with a dagger, 6 with an axe, else 10 or more); they are not in the turn counts.',
    );
  if (plan.some((m) => m.prompt))
    notes.push(
      'A meal reaches 1500 while you were Satiated at its start: "Continue eating?" — the plan answers yes (it ' +
        'never reaches 2000).',
    );
  if (!alreadyThere && goal === 'not-hungry' && !best.reached)
    notes.push(
      `What you carry cannot reach Not Hungry (${NOT_HUNGRY_AT}) for certain; this is the most it can do ` +
        `without choking.`,
    );
  notes.push('Foods are assumed fresh (not rotten) and uncursed unless given.');
  if (!exact)
    notes.push(
      lo0 !== hi0
        ? 'The start is a range (a status band): the plan checks choking from its top and the goal from its bottom.'
        : 'NetHack 5.0 burns a random amount on some turns (rn2(20) per call): nutrition is given as the lowest ' +
            'and highest it can be.',
    );

  const citations: Citation[] = [
    cite(v, 'lesshungryChoke', 'choke at 2000 only if Satiated when the meal started'),
    cite(v, 'doeatCanchoke'),
    cite(v, 'newuhs', 'Not Hungry from 151'),
  ];
  return {
    game: 'nethack',
    version: v,
    goal,
    start: { nutrition: { min: lo0, max: hi0 }, status: statusFor(lo0), moves: moves0 },
    alreadyThere,
    plan,
    reached: goal === 'not-hungry' ? best.lo >= NOT_HUNGRY_AT : best.steps.length > 0,
    final: { nutrition: { min: best.lo, max: best.hi }, status: statusFor(best.lo), moves: best.moves },
    totalTurns: best.turns,
    leftover,
    excluded,
    searchComplete: !search.truncated,
    exact,
    ranking: RANKING[goal],
    notes,
    citations,
  };
}

function resolveFoods(
  input: AdviceInput,
  kept: ConductState,
  protect: FoodConduct[],
  excluded: AdviceResult['excluded'],
  notes: string[],
): FoodType[] {
  const out: FoodType[] = [];
  for (const c of input.foods) {
    if (!Number.isInteger(c.count) || c.count < 1) {
      excluded.push({ name: c.name, reason: 'count must be a whole number of at least 1' });
      continue;
    }
    let ref: FoodRef;
    try {
      ref = foodFor(c.name, input.version);
    } catch (err) {
      excluded.push({ name: c.name, reason: (err as Error).message });
      continue;
    }
    const conduct = mealConducts({ version: input.version, food: conductFoodOfRef(ref), kept, role: input.role });
    const blocked = protect.filter((p) => conduct.breaks.includes(p) || conduct.mayBreak.includes(p));
    if (blocked.length) {
      excluded.push({
        name: ref.name,
        reason:
          `It would break your ${blocked.join(' and ')} ` +
          `conduct${conduct.mayBreak.length ? " (the tin's contents are not known)" : ''}.`,
      });
      continue;
    }
    if (ref.kind === 'tin' && ref.tin === 'empty') {
      excluded.push({ name: ref.name, reason: 'An empty tin gives nothing.' });
      continue;
    }
    const count = c.eaten !== undefined ? 1 : c.count;
    if (c.eaten !== undefined && c.count > 1) notes.push(`${ref.name}: only one partly eaten item is counted.`);
    out.push({ key: `${ref.name}|${c.buc ?? ''}|${c.eaten ?? ''}`, ref, carried: c, count, breaks: conduct.breaks });
  }
  if (kept.foodless && out.length) notes.push('Every meal breaks your foodless conduct.');
  return out;
}

class Search {
  truncated = false;
  private states = 0;
  private readonly memo = new Map<string, { plan: Plan; moves: number }>();
  private readonly meals = new Map<string, MealResult | null>();
  private readonly unsafeSeen = new Set<number>();
  private readonly safeSeen = new Set<number>();
  /** Why planMeal() refused a food (e.g. Strangled). */
  readonly refusals = new Map<number, string>();
  private readonly flags;
  private readonly random: boolean;

  constructor(
    private readonly input: AdviceInput,
    private readonly profile: BurnProfile,
    private readonly goal: AdviceGoal,
    private readonly types: FoodType[],
  ) {
    this.flags = burnFlags(profile);
    this.random = input.version === '5.0';
  }

  neverSafe(i: number): boolean {
    return this.unsafeSeen.has(i) && !this.safeSeen.has(i);
  }

  empty(s: State): Plan {
    return { steps: [], lo: s.lo, hi: s.hi, moves: s.moves, turns: 0, eaten: 0, reached: s.lo >= NOT_HUNGRY_AT };
  }

  run(s: State): Plan {
    return this.best(s);
  }

  /** Best plan from state s (memoised on what is left, the nutrition range and the turn phase). */
  private best(s: State): Plan {
    const key = `${s.left.join(',')}|${s.lo}|${s.hi}|${this.random ? 0 : s.moves % 20}`;
    const known = this.memo.get(key);
    if (known) return this.shift(known.plan, s.moves - known.moves);
    let best = this.empty(s);
    if (this.states++ >= ADVICE_STATE_LIMIT) {
      this.truncated = true;
      return best;
    }
    for (let i = 0; i < this.types.length; i++) {
      if (!s.left[i]) continue;
      const step = this.step(i, s);
      if (!step) continue;
      const end = step.moves + step.meal.actions;
      const alone: Plan = {
        steps: [step],
        lo: step.finishLo,
        hi: step.finishHi,
        moves: end - 1,
        turns: step.meal.actions,
        eaten: step.gain.min,
        reached: step.finishLo >= NOT_HUNGRY_AT,
      };
      let plan = alone;
      if (!(this.goal === 'not-hungry' && alone.reached)) {
        // The next 'e' comes at moves `end`, after that turn's burn.
        const next = this.best({
          lo: step.finishLo - this.maxBurn(end),
          hi: step.finishHi - this.minBurn(end),
          moves: end,
          left: s.left.map((n, j) => (j === i ? n - 1 : n)),
        });
        if (next.steps.length)
          plan = {
            ...next,
            steps: [step, ...next.steps],
            turns: next.turns + alone.turns,
            eaten: next.eaten + alone.eaten,
          };
      }
      if (this.better(plan, best)) best = plan;
    }
    this.memo.set(key, { plan: best, moves: s.moves });
    return best;
  }

  /** Re-time a memoised plan found at another moves with the same moves % 20. */
  private shift(p: Plan, delta: number): Plan {
    if (!delta) return p;
    return { ...p, moves: p.moves + delta, steps: p.steps.map((x) => ({ ...x, moves: x.moves + delta })) };
  }

  private better(a: Plan, b: Plan): boolean {
    if (this.goal === 'most') return a.lo !== b.lo ? a.lo > b.lo : a.turns < b.turns;
    if (a.reached !== b.reached) return a.reached;
    if (!a.reached) return a.lo !== b.lo ? a.lo > b.lo : a.turns < b.turns;
    if (a.turns !== b.turns) return a.turns < b.turns;
    if (a.steps.length !== b.steps.length) return a.steps.length < b.steps.length;
    return a.eaten < b.eaten;
  }

  /** Eat one item of type i from state s, if no start in [lo, hi] can choke. */
  private step(i: number, s: State): Step | null {
    const t = this.types[i]!;
    const atHi = this.meal(t, s.hi, s.moves);
    const atLo = s.hi === s.lo ? atHi : this.meal(t, s.lo, s.moves);
    if (!atHi || !atLo) return null;
    if (atHi.choke || atLo.choke) {
      this.unsafeSeen.add(i);
      return null;
    }
    this.safeSeen.add(i);
    if (atLo.refused || atHi.refused) {
      this.refusals.set(i, (atLo.refused ?? atHi.refused)!);
      return null;
    }
    const gain = atLo.tin
      ? { min: atLo.tin.nutritionRange[0], max: atLo.tin.nutritionRange[1] }
      : { min: atLo.totalGain, max: atLo.totalGain };
    let burnMin = 0;
    let burnMax = 0;
    for (let m = s.moves + 1; m <= s.moves + atLo.actions - 1; m++) {
      burnMin += this.minBurn(m);
      burnMax += this.maxBurn(m);
    }
    return {
      type: i,
      meal: atLo,
      startLo: s.lo,
      startHi: s.hi,
      gain,
      finishLo: s.lo + gain.min - burnMax,
      finishHi: s.hi + gain.max - burnMin,
      moves: s.moves,
    };
  }

  private meal(t: FoodType, nutrition: number, moves: number): MealResult | null {
    const key = `${t.key}|${nutrition}|${this.random ? 0 : moves % 20}`;
    if (this.meals.has(key)) return this.meals.get(key)!;
    let r: MealResult | null;
    try {
      r = planMeal({
        version: this.input.version,
        food: t.ref,
        nutrition,
        moves,
        race: this.input.race,
        role: this.input.role,
        breathless: this.input.breathless,
        strangled: this.input.strangled,
        lifesaving: this.input.lifesaving,
        buc: t.carried.buc,
        eaten: t.carried.eaten,
        profile: this.profile,
      });
    } catch {
      r = null;
    }
    this.meals.set(key, r);
    return r;
  }

  private pmf(moves: number): number[] {
    return callPmf(this.profile, this.flags, moves, false);
  }

  minBurn(moves: number): number {
    return this.pmf(moves).findIndex((p) => p > 0);
  }

  maxBurn(moves: number): number {
    const pmf = this.pmf(moves);
    for (let k = pmf.length - 1; k >= 0; k--) if (pmf[k]! > 0) return k;
    return 0;
  }
}

function advisedMeal(order: number, s: Step, t: FoodType): AdvisedMeal {
  const m = s.meal;
  const notes: string[] = [];
  if (m.remainderLost > 0) notes.push(`The rounding loses ${m.remainderLost} nutrition.`);
  if (m.tin)
    notes.push(
      m.tin.exactNutrition === null
        ? `A tin of spinach gives ${m.tin.nutritionRange[0]}-${m.tin.nutritionRange[1]}.`
        : 'A tin gives its nutrition at once when opened.',
    );
  if (m.tin?.vomiting) notes.push('A cursed or rotten tin gives no nutrition and makes you vomit.');
  notes.push(...m.notes.filter((n) => /kills you|turns you to stone|Poisonous|Acidic/.test(n)));
  return {
    order,
    food: t.ref.name,
    kind: t.ref.kind,
    moves: s.moves,
    start: { min: s.startLo, max: s.startHi },
    gain: s.gain,
    turns: m.actions,
    finish: { min: s.finishLo, max: s.finishHi },
    statusAfter: statusFor(s.finishLo),
    warning: m.warning !== null,
    prompt: m.prompt !== null,
    breaks: t.breaks,
    notes,
  };
}
