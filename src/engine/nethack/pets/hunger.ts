// A pet's hunger clock. The game keeps one number, edog->hungrytime, and compares
// the turn counter with it (src/dog.c initedog(), src/dogmove.c dog_eat(),
// dog_hunger(), dog_move(); src/dog.c mon_catchup_elapsed_time() off-level).
// Everything here is deterministic: pets have no random hunger.
import type { MonsterEntry } from '../data.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import type { PetItem } from './items.ts';
import { petMeal, type PetMeal } from './nutrition.ts';

const LINES: Record<
  NethackVersion,
  {
    initedog: number;
    weak: number;
    starve: number;
    ranged?: number;
    nonEater: number;
    catchup: number;
    dogEat: number;
    penaltyBack: number;
  }
> = {
  '3.6.7': {
    initedog: 47,
    weak: 361,
    starve: 382,
    ranged: 1140,
    nonEater: 363,
    catchup: 542,
    dogEat: 220,
    penaltyBack: 240,
  },
  '3.4.3': { initedog: 26, weak: 217, starve: 237, nonEater: 219, catchup: 460, dogEat: 134, penaltyBack: 145 },
  '5.0': {
    initedog: 48,
    weak: 364,
    starve: 387,
    ranged: 898,
    nonEater: 366,
    catchup: 706,
    dogEat: 231,
    penaltyBack: 242,
  },
};

export type PetHungerStatus = 'fed' | 'hungry' | 'weak' | 'starved';

export interface PetHungerInput {
  version?: NethackVersion;
  pet: MonsterEntry;
  /** Turn the pet was tamed (initedog(): hungrytime = turn + 1000). Default 1, the starting pet. */
  tamedTurn?: number;
  /** Turn of its last meal, and what it ate (hungrytime = max(hungrytime, turn) + nutrition). */
  lastMealTurn?: number;
  lastMeal?: PetItem;
  /** The current turn (monstermoves). Default: the last meal or taming turn. */
  turn?: number;
  /** A food to give now, at `turn`. */
  food?: PetItem;
  /** The pet's maximum HP, to show the starvation penalty. */
  maxHp?: number;
}

export interface PetHungerTimeline {
  /** edog->hungrytime. */
  hungrytime: number;
  /** First turn it is hungry: T ≥ hungrytime (eats acceptable food it walks onto, catches it, whines or meows). */
  hungryAt: number;
  /** First turn its ranged attacks drop to 1 in 5 (T > hungrytime + 300); null in 3.4.3. */
  rangedAttacksReducedAt: number | null;
  /** First turn it can be struck weak: confused, max HP cut to a third (T > hungrytime + 500). null: it eats no food, so it never is. */
  weakAt: number | null;
  /** First turn it can starve to death, once weak (T > hungrytime + 750). null: it never starves. */
  starvesAt: number | null;
  /** Away on another level, it turns hostile on return from here (T > hungrytime + 750, or + 500 with HP < 3). */
  goesFeralAt: number | null;
}

export interface PetHungerResult {
  game: 'nethack';
  version: NethackVersion;
  pet: { name: string; pm: string; eatsFood: boolean };
  inputs: {
    tamedTurn: number;
    lastMealTurn: number | null;
    lastMeal: string | null;
    turn: number;
    food: string | null;
    maxHp: number | null;
  };
  /** How hungrytime was worked out. */
  basis: 'tamed' | 'last-meal';
  assumption: string | null;
  timeline: PetHungerTimeline;
  status: PetHungerStatus;
  /** Turns from `turn` until hungry, weak, starved (0 when already there). */
  turnsUntil: { hungry: number; weak: number | null; starved: number | null };
  /** Max HP while weak: ⌊maxHp / 3⌋; dies at once when that is 0. */
  weakMaxHp: number | null;
  lastMeal: PetMeal | null;
  /** With `food` eaten at `turn`. */
  afterFood: { meal: PetMeal; timeline: PetHungerTimeline; addedTurns: number } | null;
  citations: Citation[];
}

function timeline(h: number, eats: boolean, v: NethackVersion): PetHungerTimeline {
  return {
    hungrytime: h,
    hungryAt: h,
    rangedAttacksReducedAt: v === '3.4.3' ? null : h + 301,
    // src/dogmove.c:361-364: a pet that is neither carnivore nor herbivore only gets its
    // clock reset to T + 500; it is never confused or weakened.
    weakAt: eats ? h + 501 : null,
    starvesAt: eats ? h + 751 : null,
    goesFeralAt: eats ? h + 751 : null,
  };
}

export function petHunger(input: PetHungerInput): PetHungerResult {
  const v = input.version ?? '3.6.7';
  const L = LINES[v];
  const cite = (file: string, symbol: string, line: number | undefined, note: string) =>
    nethackCite(file, symbol, { version: v, line, note });
  const eats = input.pet.carnivore || input.pet.herbivore;
  const tamedTurn = input.tamedTurn ?? 1;
  const citations: Citation[] = [cite('src/dog.c', 'initedog()', L.initedog, 'hungrytime = turn + 1000 when tamed')];
  let h = tamedTurn + 1000;
  let basis: PetHungerResult['basis'] = 'tamed';
  let assumption: string | null = null;
  let lastMeal: PetMeal | null = null;
  if (input.lastMealTurn !== undefined && input.lastMeal) {
    lastMeal = petMeal({ version: v, pet: input.pet, item: input.lastMeal });
    // dog_eat(): hungrytime = max(hungrytime, T) + nutrition
    h = Math.max(h, input.lastMealTurn) + lastMeal.nutrition;
    basis = 'last-meal';
    assumption =
      input.tamedTurn === undefined
        ? 'no meals between taming (turn 1 unless given) and the last meal; any earlier meal only makes it later'
        : 'no other meals since taming; any other meal only makes it later';
    citations.push(cite('src/dogmove.c', 'dog_eat()', L.dogEat, 'hungrytime = max(hungrytime, turn) + nutrition'));
  }
  const turn = input.turn ?? input.lastMealTurn ?? tamedTurn;
  const tl = timeline(h, eats, v);
  let status: PetHungerStatus;
  if (eats)
    status =
      turn < tl.hungryAt
        ? 'fed'
        : turn < tl.weakAt!
          ? 'hungry'
          : tl.starvesAt === null || turn < tl.starvesAt
            ? 'weak'
            : 'starved';
  else {
    // src/dogmove.c:361-364: past hungrytime + 500 a non-eater's clock is reset to T + 500,
    // so (moving every turn) it is reset at hk + 501 to hk + 1001, and is only ever fed or hungry.
    let hk = h;
    if (turn > hk + 500) hk += 1001 * Math.floor((turn - hk - 501) / 1001 + 1);
    status = turn < hk ? 'fed' : 'hungry';
    if (hk !== h)
      assumption = `${assumption ? `${assumption}; ` : ''}it eats no food, so its clock was reset to turn + 500 each time it passed hungrytime + 500 (assuming it moves every turn): hungrytime ${hk} at turn ${turn}`;
  }
  citations.push(cite('src/dogmove.c', 'dog_hunger()', L.weak, 'past hungrytime + 500: confused, max HP to a third'));
  citations.push(cite('src/dogmove.c', 'dog_hunger()', L.starve, 'past hungrytime + 750: starves'));
  if (!eats)
    citations.push(
      cite('src/dogmove.c', 'dog_hunger()', L.nonEater, 'non-eaters: hungrytime reset to turn + 500, never starve'),
    );
  if (L.ranged)
    citations.push(cite('src/dogmove.c', 'dog_move()', L.ranged, 'past hungrytime + 300: ranged attacks 1 time in 5'));
  citations.push(cite('src/dog.c', 'mon_catchup_elapsed_time()', L.catchup, 'off-level starvation turns it hostile'));

  let afterFood: PetHungerResult['afterFood'] = null;
  if (input.food) {
    const meal = petMeal({ version: v, pet: input.pet, item: input.food });
    const h2 = Math.max(h, turn) + meal.nutrition;
    afterFood = { meal, timeline: timeline(h2, eats, v), addedTurns: h2 - h };
    citations.push(
      cite('src/dogmove.c', 'dog_eat()', L.penaltyBack, 'eating ends confusion and gives back the max HP taken'),
    );
  }
  const until = (at: number) => Math.max(0, at - turn);
  return {
    game: 'nethack',
    version: v,
    pet: { name: input.pet.name, pm: input.pet.pm, eatsFood: eats },
    inputs: {
      tamedTurn,
      lastMealTurn: input.lastMealTurn ?? null,
      lastMeal: input.lastMeal?.name ?? null,
      turn,
      food: input.food?.name ?? null,
      maxHp: input.maxHp ?? null,
    },
    basis,
    assumption,
    timeline: tl,
    status,
    turnsUntil: {
      hungry: until(tl.hungryAt),
      weak: tl.weakAt === null ? null : until(tl.weakAt),
      starved: tl.starvesAt === null ? null : until(tl.starvesAt),
    },
    weakMaxHp: input.maxHp !== undefined ? Math.floor(input.maxHp / 3) : null,
    lastMeal,
    afterFood,
    citations,
  };
}
