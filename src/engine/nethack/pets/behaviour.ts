// What a dogfood() category means for a monster, read from the code that uses it:
// src/dothrow.c thitmonst() + src/dog.c tamedog() (thrown food: tame, pacify, catch),
// src/dogmove.c dog_invent() (eat what it stands on, pick things up), dog_move()
// (step onto food and eat it), dog_goal() (walk toward food, fetch items).
import { nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import { categoryValue, type DogFoodCategory } from './categories.ts';
import type { PetItem } from './items.ts';
import { isCovetous, isDemon, isMinionType, wantsQuestArtifact, type PetSpecies } from './species.ts';
import type { MonsterEntry } from '../data.ts';

type Lines = Record<string, number>;
const LINES: Record<NethackVersion, { dothrow: Lines; dog: Lines; dogmove: Lines; mondata: Lines }> = {
  '3.6.7': {
    dothrow: { eggHit: 1758, befriend: 1769 },
    dog: { tamedogRefuse: 871, fullMoon: 878, catch: 898, tameRefuse: 922, initedog: 47 },
    dogmove: { invent: 437, goal: 524, goalCursed: 528, follow: 556, treatInPack: 570, move: 1082 },
    mondata: { befriend: 231 },
  },
  '3.4.3': {
    dothrow: { eggHit: 1370, befriend: 1381 },
    dog: { tamedogRefuse: 752, fullMoon: 759, catch: 779, tameRefuse: 803, initedog: 26 },
    dogmove: { invent: 295, goal: 377, goalCursed: 381, follow: 409, treatInPack: 424, move: 675 },
    mondata: { befriend: 190 },
  },
  '5.0': {
    dothrow: { eggHit: 2256, befriend: 2267 },
    dog: { tamedogRefuse: 1164, fullMoon: 1176, catch: 1196, tameRefuse: 1240, initedog: 48 },
    dogmove: { invent: 435, goal: 531, goalCursed: 535, follow: 566, treatInPack: 582, move: 1221 },
    mondata: { befriend: 255 },
  },
};

export interface ThrownAtWild {
  /** befriend_with_obj(): whether throwing this at a wild one of these calls tamedog() at all. */
  foodTameable: boolean;
  /** What happens: tamed (and it devours the food), pacified only, or nothing (an ordinary missile). */
  effect: 'tames' | 'pacifies' | 'nothing';
  why: string;
  /** Full-moon nights: a dog (d) refuses 5 times in 6 after being pacified. */
  fullMoonDogRefusal: boolean;
}

export interface ThrownAtPet {
  /** It catches and eats the food, by hunger state (it must also be able to move, not confused, not eating). */
  catches: { normal: boolean; hungry: boolean; starving: boolean };
  /** When not caught: "misses" (falls at its feet) or "missile" (handled like any thrown object). */
  otherwise: 'misses' | 'missile';
}

export interface PetFoodMeaning {
  category: DogFoodCategory;
  thrownAtWild: ThrownAtWild;
  thrownAtPet: ThrownAtPet;
  /** Eats it when standing on it (top object of the pile only), by hunger state. */
  eatsWhereItStands: { normal: boolean; hungry: boolean; starving: boolean };
  /** Steps onto the square and eats it (uncursed items only), by hunger state. */
  eatsWhenMovingOnto: { normal: boolean; hungry: boolean; starving: boolean };
  /** dog_goal(): walks toward it to eat (by hunger state), may fetch it, or ignores it. */
  goal: { eat: { normal: boolean; hungry: boolean; starving: boolean }; fetch: boolean; ignores: boolean };
  /** Carrying it makes the pet follow you more closely (a treat in your pack). */
  followsCloser: boolean;
  /** Eggs and cream pies may hit the monster instead: probability (Dex − 1)/25 for Dex ≤ 25. */
  mayHitInstead: boolean;
  /** May pick it up when standing on it (not cursed, not ball, chain, boulder, statue or mail; can_carry() decides the rest). */
  mayPickUp: boolean;
  citations: Citation[];
}

/** befriend_with_obj() (include/mondata.h). */
export function befriendWithObj(m: MonsterEntry, item: PetItem, v: NethackVersion): boolean {
  if (item.oclass !== 'FOOD_CLASS' && !(v !== '3.4.3' && (m.pm === 'PM_MONKEY' || m.pm === 'PM_APE'))) return false;
  if (v === '3.4.3') return item.oclass === 'FOOD_CLASS' && m.domestic;
  if (m.pm === 'PM_MONKEY' || m.pm === 'PM_APE') return item.otyp === 'BANANA';
  return (
    m.domestic &&
    item.oclass === 'FOOD_CLASS' &&
    (m.class !== 'S_UNICORN' || item.material === 'VEGGY' || (item.otyp === 'CORPSE' && item.corpsenm === 'PM_LICHEN'))
  );
}

export function petFoodMeaning(
  pet: PetSpecies,
  item: PetItem,
  category: DogFoodCategory,
  opts: { version?: NethackVersion; cursed?: boolean } = {},
): PetFoodMeaning {
  const v = opts.version ?? '3.6.7';
  const L = LINES[v];
  const val = categoryValue(category);
  const c = (file: string, line: number | undefined, symbol: string, note: string) =>
    nethackCite(file, symbol, { version: v, line, note });
  const cites: Citation[] = [];

  // --- thrown at a wild one (src/dothrow.c thitmonst() -> src/dog.c tamedog()) ---
  const befriend = befriendWithObj(pet, item, v);
  let effect: ThrownAtWild['effect'] = 'nothing';
  let why: string;
  const neverPeaceful = pet.pm === 'PM_MEDUSA' || pet.pm === 'PM_WIZARD_OF_YENDOR' || wantsQuestArtifact(pet);
  if (!befriend) {
    why =
      pet.domestic || pet.pm === 'PM_MONKEY' || pet.pm === 'PM_APE'
        ? `befriend_with_obj() rejects this item for a ${pet.name}, so it is thrown like any object`
        : `a ${pet.name} is not tamed by thrown food (not domestic), so it is thrown like any object`;
    cites.push(
      c('include/mondata.h', L.mondata.befriend, 'befriend_with_obj()', 'which monsters thrown food can tame'),
    );
  } else if (neverPeaceful) {
    why = 'tamedog() leaves the Wizard, Medusa and quest nemeses as they are';
    cites.push(c('src/dog.c', L.dog.tamedogRefuse, 'tamedog()', 'never even made peaceful'));
  } else {
    const refuses = isCovetous(pet) || pet.human || isMinionType(pet) || isDemon(pet);
    if (val >= categoryValue('MANFOOD') || refuses) {
      effect = 'pacifies';
      why = refuses
        ? 'tamedog() makes it peaceful but cannot tame this kind of monster'
        : `tamedog() makes it peaceful, but ${category} (≥ MANFOOD) food cannot tame it`;
    } else {
      effect = 'tames';
      why = `tamedog(): ${category} (< MANFOOD) food tames it and it devours the food`;
    }
    cites.push(c('src/dog.c', L.dog.tameRefuse, 'tamedog()', 'food ≥ MANFOOD does not tame'));
  }
  const fullMoonDogRefusal = befriend && pet.class === 'S_DOG';
  if (fullMoonDogRefusal)
    cites.push(c('src/dog.c', L.dog.fullMoon, 'tamedog()', 'full moon at night: dogs refuse food 5 times in 6'));

  // --- thrown at your pet ---
  const catchNormal = category === 'DOGFOOD';
  const catchHungry = val <= categoryValue('ACCFOOD');
  const thrownAtPet: ThrownAtPet = {
    catches: { normal: catchNormal, hungry: catchHungry, starving: catchHungry },
    // thitmonst(): befriend_with_obj() || (tame && dogfood <= ACCFOOD) goes to tamedog(), which misses when it does not catch
    otherwise: befriend || catchHungry ? 'misses' : 'missile',
  };
  cites.push(c('src/dog.c', L.dog.catch, 'tamedog()', 'a pet catches DOGFOOD, or ≤ ACCFOOD when hungry'));
  cites.push(c('src/dothrow.c', L.dothrow.befriend, 'thitmonst()', 'thrown food goes to tamedog()'));

  // --- eating from the floor ---
  const nofetch =
    item.oclass === 'BALL_CLASS' ||
    item.oclass === 'CHAIN_CLASS' ||
    item.oclass === 'ROCK_CLASS' ||
    item.otyp === 'SCR_MAIL';
  const standEat = !nofetch && val <= categoryValue('CADAVER');
  const standEatStarving = !nofetch && (val <= categoryValue('CADAVER') || category === 'ACCFOOD');
  cites.push(
    c('src/dogmove.c', L.dogmove.invent, 'dog_invent()', 'eats ≤ CADAVER it stands on; ACCFOOD only when starving'),
  );
  const cursed = !!opts.cursed;
  const moveEat = (hungry: boolean) =>
    !cursed && val < categoryValue('MANFOOD') && (val < categoryValue('ACCFOOD') || hungry);
  cites.push(
    c('src/dogmove.c', L.dogmove.move, 'dog_move()', 'steps onto uncursed food < MANFOOD; ACCFOOD only when hungry'),
  );

  // --- goals ---
  const goalEat = (hungry: boolean) => val < categoryValue('MANFOOD') && (category === 'DOGFOOD' || hungry);
  // Items from MANFOOD up to POISON become an APPORT goal (fetch) if the pet can carry them; UNDEF and TABU are skipped.
  const fetch = val >= categoryValue('MANFOOD') && val < categoryValue('UNDEF') && !nofetch;
  cites.push(c('src/dogmove.c', L.dogmove.goal, 'dog_goal()', 'food < MANFOOD is a goal; worse items only to fetch'));
  cites.push(
    c(
      'src/dogmove.c',
      L.dogmove.follow,
      'dog_goal()',
      'until hungry, only DOGFOOD and APPORT goals beat following you',
    ),
  );

  if (category === 'DOGFOOD')
    cites.push(c('src/dogmove.c', L.dogmove.treatInPack, 'dog_goal()', 'a treat in your pack makes it follow closer'));
  const mayHitInstead = item.otyp === 'EGG' || item.otyp === 'CREAM_PIE';
  if (mayHitInstead)
    cites.push(c('src/dothrow.c', L.dothrow.eggHit, 'thitmonst()', 'eggs and cream pies hit if Dex > rnd(25)'));

  return {
    category,
    thrownAtWild: { foodTameable: befriend, effect, why, fullMoonDogRefusal },
    thrownAtPet,
    eatsWhereItStands: { normal: standEat, hungry: standEat, starving: standEatStarving },
    eatsWhenMovingOnto: { normal: moveEat(false), hungry: moveEat(true), starving: moveEat(true) },
    goal: {
      eat: { normal: goalEat(false), hungry: goalEat(true), starving: goalEat(true) },
      fetch,
      ignores: !goalEat(true) && !fetch,
    },
    followsCloser: category === 'DOGFOOD',
    mayHitInstead,
    mayPickUp: !cursed && !nofetch,
    citations: cites,
  };
}

/** src/dog.c / src/dogmove.c lines of the fetch ("apport") training, per version. */
const APPORT_LINES: Record<
  NethackVersion,
  { init: number; reward: number; drop: number; dropDecay: number; pickUp: number; fetchGoal: number }
> = {
  '3.6.7': { init: 45, reward: 295, drop: 422, dropDecay: 426, pickUp: 448, fetchGoal: 546 },
  '3.4.3': { init: 24, reward: 174, drop: 282, dropDecay: 285, pickUp: 305, fetchGoal: 399 },
  '5.0': { init: 60, reward: 318, drop: 418, dropDecay: 422, pickUp: 446, fetchGoal: 554 },
};

/** What a category means for training a pet to fetch (EDOG(mtmp)->apport), read from the code. */
export interface PetTraining {
  category: DogFoodCategory;
  /** In one or two sentences, what the category does for fetch training. */
  meaning: string;
  /** The pet may carry it off and drop it near you (uncursed, not MANFOOD..POISON-excluded classes). */
  fetched: boolean;
  /** Eating it right after a drop near you raises apport (only DOGFOOD that you dropped or threw). */
  rewards: boolean;
  citations: Citation[];
}

export function petTraining(
  category: DogFoodCategory,
  opts: { version?: NethackVersion; cursed?: boolean; oclass?: string } = {},
): PetTraining {
  const v = opts.version ?? '3.6.7';
  const L = APPORT_LINES[v];
  const c = (file: string, line: number, symbol: string, note: string) =>
    nethackCite(file, symbol, { version: v, line, note });
  const init = v === '3.4.3' ? 'apport starts at 10' : 'apport starts at your Charisma';
  const cites = [c('src/dog.c', L.init, 'initedog()', init)];
  const val = categoryValue(category);
  const nofetch = opts.oclass === 'BALL_CLASS' || opts.oclass === 'CHAIN_CLASS' || opts.oclass === 'ROCK_CLASS';
  const fetched = val >= categoryValue('MANFOOD') && val < categoryValue('UNDEF') && !opts.cursed && !nofetch;
  let meaning: string;
  if (category === 'DOGFOOD') {
    meaning = `A treat: the reward of fetch training. When the pet eats a treat you dropped or threw, apport rises by 200 / (distance it dropped its last item at + turns since that drop); ${init}, and every time it drops what it carries near you apport falls by 1 (not below 1).`;
    cites.push(
      c('src/dogmove.c', L.reward, 'dog_eat()', 'apport += 200 / (dropdist + turns since the drop)'),
      c('src/dogmove.c', L.dropDecay, 'dog_invent()', 'each drop: apport - 1'),
    );
  } else if (category === 'APPORT') {
    meaning = `Apportable: what a pet fetches. It goes for it when apport > rn2(8) and it can carry it, picks it up when rn2(20) < apport + 3 (never a cursed one), and drops it near you when !rn2(distance + 1) or !rn2(apport), then rn2(10) < apport — each such drop lowers apport by 1. Reward it with a treat soon after a drop near you to train it (${init}).`;
    cites.push(
      c('src/dogmove.c', L.fetchGoal, 'dog_goal()', 'fetch goal: apport > rn2(8)'),
      c('src/dogmove.c', L.pickUp, 'dog_invent()', 'pick up: rn2(20) < apport + 3'),
      c('src/dogmove.c', L.drop, 'dog_invent()', 'drop near you'),
      c('src/dogmove.c', L.dropDecay, 'dog_invent()', 'apport - 1 per drop'),
    );
  } else if (category === 'UNDEF') {
    meaning = opts.cursed
      ? 'Uninteresting: a cursed item is never picked up or fetched, so it cannot be used for fetch training.'
      : 'Uninteresting: the pet neither eats nor fetches it (boulders, statues, the ball and chain).';
    cites.push(c('src/dogmove.c', L.pickUp, 'dog_invent()', 'never picks up cursed objects'));
  } else if (category === 'TABU') {
    meaning =
      'Taboo: the pet will not eat or fetch it and will not step onto a square holding it when it can avoid it.';
    cites.push(c('src/dogmove.c', L.fetchGoal, 'dog_goal()', 'TABU is never a goal'));
  } else if (category === 'POISON' || category === 'MANFOOD') {
    meaning = `Not eaten now (${category === 'POISON' ? 'poison' : 'human food'}); ${fetched ? 'it may still be fetched like an apportable item' : 'it is not fetched'}.`;
    cites.push(c('src/dogmove.c', L.fetchGoal, 'dog_goal()', 'MANFOOD..POISON can be fetched'));
  } else {
    meaning = 'Food it eats (when hungry enough); only treats it eats after you dropped or threw them reward fetching.';
    cites.push(c('src/dogmove.c', L.reward, 'dog_eat()', 'only DOGFOOD rewards'));
  }
  return { category, meaning, fetched, rewards: category === 'DOGFOOD', citations: cites };
}
