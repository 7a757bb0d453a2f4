// Meal advice against brute force: every order of every subset of a small inventory is played
// out with planMeal() (the meal engine) and burnOnTurn() (the per-turn burn), chained by the
// turn convention of burn.ts (the next 'e' comes at moves T + actions, after that turn's burn),
// and the best one by the stated ranking must match adviseMeals().
import { describe, expect, it } from 'vitest';
import { adviseMeals, NOT_HUNGRY_AT, type AdviceGoal, type CarriedFood } from '../../../src/engine/nethack/advise.ts';
import { burnOnTurn, defaultProfile, parseRing, type BurnProfile } from '../../../src/engine/nethack/burn.ts';
import { planMeal } from '../../../src/engine/nethack/meal.ts';
import type { NethackVersion } from '../../../src/engine/cite.ts';

interface Outcome {
  seq: string[];
  final: number;
  turns: number;
  eaten: number;
}

/** Play every sequence; drop those where any meal can choke. Exact versions only (3.6.7/3.4.3). */
function bruteForce(
  version: NethackVersion,
  profile: BurnProfile,
  nutrition: number,
  moves: number,
  foods: CarriedFood[],
): Outcome[] {
  const out: Outcome[] = [{ seq: [], final: nutrition, turns: 0, eaten: 0 }];
  const walk = (h: number, m: number, left: number[], seq: string[], turns: number, eaten: number) => {
    foods.forEach((f, i) => {
      if (!left[i]) return;
      const r = planMeal({ version, food: f.name, nutrition: h, moves: m, profile });
      if (r.choke || r.refused || !r.finish) return;
      const finish = r.finish.nutrition;
      const next = { seq: [...seq, f.name], final: finish, turns: turns + r.actions, eaten: eaten + r.totalGain };
      out.push(next);
      const end = m + r.actions;
      walk(
        finish - burnOnTurn(profile, end).total,
        end,
        left.map((n, j) => (j === i ? n - 1 : n)),
        next.seq,
        next.turns,
        next.eaten,
      );
    });
  };
  walk(
    nutrition,
    moves,
    foods.map((f) => f.count),
    [],
    0,
    0,
  );
  return out;
}

function bestOf(goal: AdviceGoal, all: Outcome[]): Outcome {
  const better = (a: Outcome, b: Outcome) => {
    if (goal === 'most') return a.final !== b.final ? a.final > b.final : a.turns < b.turns;
    const ra = a.final >= NOT_HUNGRY_AT;
    const rb = b.final >= NOT_HUNGRY_AT;
    if (ra !== rb) return ra;
    if (!ra) return a.final !== b.final ? a.final > b.final : a.turns < b.turns;
    if (a.turns !== b.turns) return a.turns < b.turns;
    if (a.seq.length !== b.seq.length) return a.seq.length < b.seq.length;
    return a.eaten < b.eaten;
  };
  return all.reduce((a, b) => (better(b, a) ? b : a));
}

function ringProfile(version: NethackVersion): BurnProfile {
  const p = defaultProfile(version);
  p.leftRing = parseRing('ring of regeneration');
  p.rightRing = parseRing('ring of protection +1');
  return p;
}

const SCENARIOS: {
  name: string;
  version: NethackVersion;
  nutrition: number;
  moves: number;
  goal: AdviceGoal;
  foods: CarriedFood[];
  ring: boolean;
}[] = [
  {
    name: 'Hungry, a few small foods',
    version: '3.6.7',
    nutrition: 100,
    moves: 1000,
    goal: 'not-hungry',
    ring: false,
    foods: [
      { name: 'apple', count: 2 },
      { name: 'food ration', count: 1 },
      { name: 'lichen corpse', count: 1 },
      { name: 'cream pie', count: 1 },
    ],
  },
  {
    name: 'Weak with rings (burn varies with moves % 20)',
    version: '3.6.7',
    nutrition: 20,
    moves: 1003,
    goal: 'not-hungry',
    ring: true,
    foods: [
      { name: 'carrot', count: 3 },
      { name: 'fortune cookie', count: 2 },
      { name: 'jackal corpse', count: 1 },
    ],
  },
  {
    name: 'most from 900',
    version: '3.6.7',
    nutrition: 900,
    moves: 77,
    goal: 'most',
    ring: true,
    foods: [
      { name: 'food ration', count: 2 },
      { name: 'apple', count: 2 },
      { name: 'K-ration', count: 1 },
    ],
  },
  {
    name: 'most while Satiated (choking limits it)',
    version: '3.6.7',
    nutrition: 1400,
    moves: 5,
    goal: 'most',
    ring: false,
    foods: [
      { name: 'food ration', count: 1 },
      { name: 'cram ration', count: 1 },
      { name: 'melon', count: 2 },
    ],
  },
  {
    name: '3.4.3 rounding and timing',
    version: '3.4.3',
    nutrition: 60,
    moves: 400,
    goal: 'not-hungry',
    ring: true,
    foods: [
      { name: 'pancake', count: 1 },
      { name: 'eucalyptus leaf', count: 3 },
      { name: 'newt corpse', count: 2 },
    ],
  },
];

describe('adviseMeals matches brute force over every order (exact versions)', () => {
  for (const s of SCENARIOS) {
    it(s.name, () => {
      const profile = s.ring ? ringProfile(s.version) : defaultProfile(s.version);
      const r = adviseMeals({
        version: s.version,
        nutrition: s.nutrition,
        moves: s.moves,
        goal: s.goal,
        foods: s.foods,
        profile,
      });
      const all = bruteForce(s.version, profile, s.nutrition, s.moves, s.foods);
      // not-hungry plans stop at the first meal that reaches 151
      const candidates = s.goal === 'not-hungry' ? all.filter((o) => prefixNotReached(o, all)) : all;
      const best = bestOf(s.goal, candidates);
      expect(r.searchComplete).toBe(true);
      expect(r.exact).toBe(true);
      expect(r.final.nutrition.min).toBe(best.final);
      expect(r.totalTurns).toBe(best.turns);
      expect(r.plan.length).toBe(best.seq.length);
      expect(r.reached).toBe(s.goal === 'not-hungry' ? best.final >= NOT_HUNGRY_AT : best.seq.length > 0);
      replay(s.version, profile, s.nutrition, s.moves, r.plan);
    });
  }
});

/** A not-hungry plan ends at the first meal that reaches the goal. */
function prefixNotReached(o: Outcome, all: Outcome[]): boolean {
  for (let k = 1; k < o.seq.length; k++) {
    const prefix = all.find((x) => x.seq.length === k && x.seq.every((n, i) => n === o.seq[i]));
    if (prefix && prefix.final >= NOT_HUNGRY_AT) return false;
  }
  return true;
}

/** Each advised meal, replayed with planMeal(): same start, finish, turns; no choke. */
function replay(
  version: NethackVersion,
  profile: BurnProfile,
  nutrition: number,
  moves: number,
  plan: ReturnType<typeof adviseMeals>['plan'],
) {
  let h = nutrition;
  let m = moves;
  for (const meal of plan) {
    expect(meal.moves).toBe(m);
    expect(meal.start).toEqual({ min: h, max: h });
    const r = planMeal({ version, food: meal.food, nutrition: h, moves: m, profile });
    expect(r.choke).toBeNull();
    expect(meal.turns).toBe(r.actions);
    expect(meal.finish.min).toBe(r.finish!.nutrition);
    expect(meal.gain.min).toBe(r.totalGain);
    expect(meal.warning).toBe(r.warning !== null);
    expect(meal.prompt).toBe(r.prompt !== null);
    m += r.actions;
    h = r.finish!.nutrition - burnOnTurn(profile, m).total;
  }
}

describe('choking line and prompts', () => {
  it('from 1400, a food ration (800) would reach 2000 while Satiated: never advised', () => {
    const r = adviseMeals({
      version: '3.6.7',
      nutrition: 1400,
      goal: 'most',
      foods: [{ name: 'food ration', count: 1 }],
    });
    expect(r.plan).toEqual([]);
    expect(r.excluded.map((e) => e.name)).toEqual(['food ration']);
  });
  it('from 1000 (not Satiated) a huge chunk of meat past 2000 is safe: canchoke is decided at the start', () => {
    const r = adviseMeals({
      version: '3.6.7',
      nutrition: 1000,
      goal: 'most',
      foods: [{ name: 'huge chunk of meat', count: 1 }],
    });
    expect(r.plan.map((m) => m.food)).toEqual(['huge chunk of meat']);
    expect(r.final.nutrition.min).toBeGreaterThan(2000);
  });
  it('a band: choking is checked from its top (nutritionMax)', () => {
    const safe = adviseMeals({
      version: '3.6.7',
      nutrition: 1001,
      goal: 'most',
      foods: [{ name: 'food ration', count: 1 }],
    });
    expect(safe.plan.length).toBe(1);
    const band = adviseMeals({
      version: '3.6.7',
      nutrition: 1001,
      nutritionMax: 1300,
      goal: 'most',
      foods: [{ name: 'food ration', count: 1 }],
    });
    expect(band.plan).toEqual([]);
    expect(band.exact).toBe(false);
  });
});

describe('5.0: random burns give ranges', () => {
  it("with a ring the burn is random (rn2(20) per call): ranges contain planMeal's expected finish", () => {
    const profile = ringProfile('5.0');
    const r = adviseMeals({
      version: '5.0',
      nutrition: 30,
      moves: 100,
      foods: [
        { name: 'food ration', count: 1 },
        { name: 'apple', count: 2 },
      ],
      profile,
    });
    expect(r.exact).toBe(false);
    expect(r.reached).toBe(true);
    for (const m of r.plan) {
      const mean = planMeal({ version: '5.0', food: m.food, nutrition: m.start.min, moves: m.moves, profile }).finish!
        .nutrition;
      expect(m.finish.min).toBeLessThanOrEqual(mean);
      expect(m.finish.max).toBeGreaterThanOrEqual(mean + (m.start.max - m.start.min));
      expect(m.finish.min).toBeLessThan(m.finish.max);
    }
    expect(r.final.nutrition.min).toBeGreaterThanOrEqual(NOT_HUNGRY_AT);
  });
});

describe('inputs, conducts and exclusions', () => {
  it('already Not Hungry: nothing to eat', () => {
    const r = adviseMeals({ version: '3.6.7', nutrition: 500, foods: [{ name: 'apple', count: 1 }] });
    expect(r.alreadyThere).toBe(true);
    expect(r.plan).toEqual([]);
    expect(r.reached).toBe(true);
  });
  it('a vegetarian hero is never advised meat; each meal says which kept conducts it breaks', () => {
    const r = adviseMeals({
      version: '3.6.7',
      nutrition: 60,
      foods: [
        { name: 'tripe ration', count: 1 },
        { name: 'egg', count: 3 },
        { name: 'apple', count: 3 },
      ],
      conducts: { foodless: false, vegan: false, vegetarian: true },
    });
    expect(r.excluded).toEqual([{ name: 'tripe ration', reason: 'It would break your vegetarian conduct.' }]);
    expect(r.plan.every((m) => m.food !== 'tripe ration')).toBe(true);
    expect(r.plan.every((m) => m.breaks.length === 0)).toBe(true);
  });
  it('a foodless hero is told every meal breaks it', () => {
    const r = adviseMeals({
      version: '3.6.7',
      nutrition: 60,
      foods: [{ name: 'apple', count: 3 }],
      conducts: { foodless: true, vegan: true, vegetarian: true },
    });
    expect(r.plan[0]!.breaks).toEqual(['foodless']);
    expect(r.notes).toContain('Every meal breaks your foodless conduct.');
  });
  it('unknown foods and bad counts are listed, not thrown', () => {
    const r = adviseMeals({
      version: '3.4.3',
      nutrition: 60,
      foods: [
        { name: 'glob of gray ooze', count: 1 },
        { name: 'wibble', count: 1 },
        { name: 'apple', count: 0 },
      ],
    });
    expect(r.excluded.map((e) => e.name)).toEqual(['glob of gray ooze', 'wibble', 'apple']);
    expect(r.excluded[0]!.reason).toContain('3.4.3');
  });
  it('Strangled: no meal can be eaten (doeat()), only tins open', () => {
    const r = adviseMeals({
      version: '3.6.7',
      nutrition: 60,
      strangled: true,
      foods: [
        { name: 'apple', count: 3 },
        { name: 'tin of spinach', count: 1 },
      ],
    });
    expect(r.plan.map((m) => m.food)).toEqual(['tin of spinach']);
  });
  it('cannot reach Not Hungry: the most it can do, said', () => {
    const r = adviseMeals({ version: '3.6.7', nutrition: 20, foods: [{ name: 'eucalyptus leaf', count: 2 }] });
    expect(r.reached).toBe(false);
    expect(r.plan.length).toBe(2);
    expect(r.notes.some((n) => n.includes('cannot reach Not Hungry'))).toBe(true);
  });
});

describe('a large inventory', () => {
  it('the search budget may run out: the plan is still safe and says so', () => {
    const foods = ['apple', 'carrot', 'food ration', 'lichen corpse', 'cream pie', 'K-ration', 'pancake', 'melon'].map(
      (name) => ({ name, count: 6 }),
    );
    const r = adviseMeals({ version: '3.6.7', nutrition: 10, moves: 1234, goal: 'most', foods });
    expect(r.searchComplete).toBe(false);
    expect(r.plan.length).toBeGreaterThan(3);
    replay('3.6.7', defaultProfile('3.6.7'), 10, 1234, r.plan);
    expect(r.final.nutrition.min).toBeLessThan(2000 + 800);
  });
});
