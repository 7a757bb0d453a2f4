// Food conducts (foodless, vegan, vegetarian) as the game counts them: which counters a meal
// increments (u.uconduct.food / unvegan / unvegetarian) and so which conducts it breaks.
//
// The rules are the same in 3.4.3, 3.6.7 and 5.0 (only their place in eat.c moved):
// - doeat(): every meal from FOOD_CLASS except tins counts food++ when it starts (a resumed meal
//   was already counted). Comestibles by material: FLESH breaks vegan, and vegetarian unless the
//   item is an egg; pancake, fortune cookie, cream pie, candy bar and lump of royal jelly break
//   vegan only (eggs and milk); everything else (VEGGY) breaks nothing more.
// - eatcorpse() (corpses and globs): vegan() / vegetarian() of the corpse's monster
//   (include/mondata.h: vegan = blobs, jellies, fungi, vortices, lights, elementals but the
//   stalker, golems but flesh and leather, and noncorporeal ones; vegetarian = vegan or a
//   pudding other than the black pudding).
// - Tins (consume_tin(), 3.4.3 opentin()): counted only when the contents are eaten, not when a
//   tin is opened and discarded: spinach is food++ only; meat tins use the monster's
//   vegan()/vegetarian(). An empty tin counts nothing.
// - Non-food eaten while polymorphed (doeat(); 5.0 doeat_nonfood()): food++; LEATHER, BONE and
//   DRAGON_HIDE break vegan and vegetarian; WAX breaks vegan. The ring of slow digestion is
//   "indigestible" and is refused before any count.
// - violated_vegetarian(): a Monk also "feel[s] guilty" and loses 1 alignment.
import type { Citation, NethackVersion } from '../cite.ts';
import { nethackCite } from '../cite.ts';
import type { FoodEntry, MonsterEntry } from './data.ts';
import type { FoodRef } from './foods.ts';

export const FOOD_CONDUCTS = ['foodless', 'vegan', 'vegetarian'] as const;
export type FoodConduct = (typeof FOOD_CONDUCTS)[number];

/** Which food conducts the hero still keeps (true = kept). */
export interface ConductState {
  foodless: boolean;
  vegan: boolean;
  vegetarian: boolean;
}

export const ALL_KEPT: ConductState = { foodless: true, vegan: true, vegetarian: true };

/** What the conduct code needs to know about a monster (data.ts MonsterEntry fits). */
export interface ConductMonster {
  name: string;
  vegan: boolean;
  vegetarian: boolean;
}

/** A meal as the conduct code sees it. */
export type ConductFood =
  /** A FOOD_CLASS object other than corpse, glob and tin (data.ts FoodEntry fits). */
  | { kind: 'item'; name: string; material: string }
  | { kind: 'corpse' | 'glob'; monster: ConductMonster }
  /** contents null: not known yet (the tin is not opened). */
  | { kind: 'tin'; contents: 'spinach' | 'empty' | ConductMonster | null }
  /** A non-food object eaten by a polymorphed hero (metallivore, rust monster, ...). */
  | { kind: 'object'; name: string; material: string };

export interface ConductReason {
  counter: 'food' | 'unvegan' | 'unvegetarian';
  reason: string;
  citation: Citation;
}

export interface ConductResult {
  game: 'nethack';
  version: NethackVersion;
  food: { kind: ConductFood['kind']; name: string };
  /** The counters this meal increments for certain. */
  counts: { food: boolean; unvegan: boolean; unvegetarian: boolean };
  /** Counters it may increment (tin contents not known yet). */
  mayCount: { food: boolean; unvegan: boolean; unvegetarian: boolean };
  /** Conducts the hero still keeps that this meal breaks for certain. */
  breaks: FoodConduct[];
  /** Kept conducts it may break (unknown tin contents). */
  mayBreak: FoodConduct[];
  /** The conduct state after the meal (certain breaks only). */
  keptAfter: ConductState;
  /** A meal that would break a kept conduct: ask the user first. */
  needsConfirmation: boolean;
  /** When the counters change. */
  when: string;
  /** violated_vegetarian() also costs a Monk 1 alignment ("You feel guilty."). */
  monkPenalty: boolean;
  /** The refusal, when the game does not let this be eaten at all (no counters change). */
  refused: string | null;
  reasons: ConductReason[];
  notes: string[];
  citations: Citation[];
}

interface Where {
  file: string;
  symbol: string;
  line: number;
}

const w = (symbol: string, line: number): Where => ({ file: 'src/eat.c', symbol, line });

/** eat.c lines per version (3.6.7 tag, 3.4.3 ad815fc, 5.0 16ff5911). */
const LINES: Record<string, Record<NethackVersion, Where>> = {
  doeatFood: { '3.6.7': w('doeat()', 2627), '3.4.3': w('doeat()', 2007), '5.0': w('doeat()', 2961) },
  flesh: { '3.6.7': w('doeat()', 2658), '3.4.3': w('doeat()', 2032), '5.0': w('doeat()', 2999) },
  eggsMilk: { '3.6.7': w('doeat()', 2666), '3.4.3': w('doeat()', 2040), '5.0': w('doeat()', 3016) },
  corpse: { '3.6.7': w('eatcorpse()', 1600), '3.4.3': w('eatcorpse()', 1246), '5.0': w('eatcorpse()', 1869) },
  tinMeat: { '3.6.7': w('consume_tin()', 1365), '3.4.3': w('opentin()', 1076), '5.0': w('consume_tin()', 1603) },
  tinConducts: {
    '3.6.7': w('eating_conducts()', 484),
    '3.4.3': w('opentin()', 1077),
    '5.0': w('eating_conducts()', 576),
  },
  spinach: { '3.6.7': w('consume_tin()', 1406), '3.4.3': w('opentin()', 1123), '5.0': w('consume_tin()', 1670) },
  nonFood: { '3.6.7': w('doeat()', 2565), '3.4.3': w('doeat()', 1959), '5.0': w('doeat_nonfood()', 2772) },
  nonFoodCount: { '3.6.7': w('doeat()', 2571), '3.4.3': w('doeat()', 1965), '5.0': w('doeat_nonfood()', 2766) },
  indigestible: { '3.6.7': w('doeat()', 2527), '3.4.3': w('doeat()', 1931), '5.0': w('doeat()', 2912) },
  violatedVegetarian: {
    '3.6.7': w('violated_vegetarian()', 1159),
    '3.4.3': w('violated_vegetarian()', 987),
    '5.0': w('violated_vegetarian()', 1376),
  },
  edibility: {
    '3.6.7': w('edibility_prompts()', 2409),
    '3.4.3': w('edibility_prompts()', 1838),
    '5.0': w('edibility_prompts()', 2712),
  },
};

function at(version: NethackVersion, key: keyof typeof LINES, note?: string): Citation {
  const x = LINES[key]![version];
  return nethackCite(x.file, x.symbol, { version, line: x.line, note });
}

/** include/mondata.h vegan()/vegetarian() macros (the same in all three versions). */
export function mondataCitation(version: NethackVersion): Citation {
  const line = version === '3.4.3' ? 175 : version === '5.0' ? 232 : 214;
  return nethackCite('include/mondata.h', 'vegan() / vegetarian()', { version, line });
}

/** Monsters new in 5.0 (include/monsters.h): none is in a vegan or vegetarian class. */
const NEW_IN_50: Record<string, { klass: string; line: number }> = {
  'displacer beast': { klass: 'S_FELINE', line: 437 },
  'baby gold dragon': { klass: 'S_DRAGON', line: 1349 },
  'gold dragon': { klass: 'S_DRAGON', line: 1444 },
  'genetic engineer': { klass: 'S_QUANTMECH', line: 2136 },
};

/** Comestibles without flesh that still break vegan: eggs and milk (doeat()). */
const EGGS_AND_MILK = new Set(['pancake', 'fortune cookie', 'cream pie', 'candy bar', 'lump of royal jelly']);
const ANIMAL_PRODUCT: Record<string, string> = {
  pancake: 'eggs',
  'fortune cookie': 'eggs',
  'cream pie': 'milk',
  'candy bar': 'milk',
  'lump of royal jelly': 'royal jelly',
};

const monsterOf = (m: MonsterEntry): ConductMonster => ({ name: m.name, vegan: m.vegan, vegetarian: m.vegetarian });

/** A comestible from the object table (data.ts). */
export function conductFoodOfItem(f: FoodEntry): ConductFood {
  return { kind: 'item', name: f.name, material: f.material };
}

/**
 * The conduct view of a meal planner food (foods.ts FoodRef). A tin's contents are not in a
 * FoodRef: pass the monster (or 'spinach' / 'empty') when known.
 */
export function conductFoodOfRef(
  ref: FoodRef,
  tinContents?: 'spinach' | 'empty' | MonsterEntry | ConductMonster | null,
): ConductFood {
  if (ref.kind === 'tin') {
    if (ref.tin === 'spinach') return { kind: 'tin', contents: 'spinach' };
    if (ref.tin === 'empty') return { kind: 'tin', contents: 'empty' };
    if (tinContents === undefined || tinContents === null) return { kind: 'tin', contents: null };
    if (tinContents === 'spinach' || tinContents === 'empty') return { kind: 'tin', contents: tinContents };
    return {
      kind: 'tin',
      contents: { name: tinContents.name, vegan: tinContents.vegan, vegetarian: tinContents.vegetarian },
    };
  }
  if (ref.kind === 'corpse' || ref.kind === 'glob') {
    if (ref.monster) return { kind: ref.kind, monster: monsterOf(ref.monster) };
    const base = ref.name.replace(/ corpse$/, '');
    if (ref.kind === 'corpse' && NEW_IN_50[base])
      return { kind: 'corpse', monster: { name: base, vegan: false, vegetarian: false } };
    if (ref.kind === 'glob' && ref.item) {
      // A glob's corpsenm is its pudding; only the black pudding's glob is not vegetarian.
      const pudding = ref.item.name.replace(/^glob of /, '');
      return { kind: 'glob', monster: { name: pudding, vegan: false, vegetarian: pudding !== 'black pudding' } };
    }
    throw new Error(`No monster record for ${ref.name}`);
  }
  return { kind: 'item', name: ref.item?.name ?? ref.name, material: ref.item?.material ?? 'VEGGY' };
}

export interface ConductInput {
  version: NethackVersion;
  food: ConductFood;
  /** Conducts still kept before the meal (default: all three). */
  kept?: ConductState;
  /** Resuming a partly eaten meal: doeat() counted it when it started. */
  resuming?: boolean;
  role?: string;
}

function foodName(f: ConductFood): string {
  if (f.kind === 'item' || f.kind === 'object') return f.name;
  if (f.kind === 'tin') {
    if (f.contents === null) return 'tin (contents unknown)';
    if (f.contents === 'spinach') return 'tin of spinach';
    if (f.contents === 'empty') return 'empty tin';
    return `tin of ${f.contents.name} meat`;
  }
  return f.kind === 'glob' ? `glob of ${f.monster.name}` : `${f.monster.name} corpse`;
}

/** Which counters a meal increments, with the reason for each (see the rules at the top). */
function counters(
  v: NethackVersion,
  food: ConductFood,
  reasons: ConductReason[],
  notes: string[],
): { food: boolean; unvegan: boolean; unvegetarian: boolean; refused: string | null } {
  const add = (counter: ConductReason['counter'], reason: string, citation: Citation) =>
    reasons.push({ counter, reason, citation });
  const monster = (m: ConductMonster, key: 'corpse' | 'tinMeat', what: string) => {
    if (!m.vegan) add('unvegan', `${what}: the ${m.name} is not vegan() (include/mondata.h)`, at(v, key));
    if (!m.vegetarian) add('unvegetarian', `${what}: the ${m.name} is not vegetarian()`, at(v, key));
    if (NEW_IN_50[m.name])
      notes.push(
        `The ${m.name} is ${NEW_IN_50[m.name]!.klass} (5.0 include/monsters.h:${NEW_IN_50[m.name]!.line}), not ` +
          `a vegan or vegetarian class.`,
      );
  };
  switch (food.kind) {
    case 'item': {
      add('food', 'doeat(): any comestible counts as food when the meal starts', at(v, 'doeatFood'));
      if (food.material === 'FLESH') {
        add('unvegan', `${food.name} is made of flesh`, at(v, 'flesh'));
        if (food.name !== 'egg') add('unvegetarian', `${food.name} is flesh and not an egg`, at(v, 'flesh'));
        else notes.push('An egg is flesh but not meat: it breaks vegan, not vegetarian.');
      } else if (EGGS_AND_MILK.has(food.name)) {
        add('unvegan', `${food.name} contains ${ANIMAL_PRODUCT[food.name]}`, at(v, 'eggsMilk'));
      }
      return {
        food: true,
        unvegan: reasons.some((r) => r.counter === 'unvegan'),
        unvegetarian: reasons.some((r) => r.counter === 'unvegetarian'),
        refused: null,
      };
    }
    case 'corpse':
    case 'glob': {
      add('food', 'doeat(): a corpse or glob counts as food when the meal starts', at(v, 'doeatFood'));
      monster(food.monster, 'corpse', food.kind === 'glob' ? 'eatcorpse() (globs too)' : 'eatcorpse()');
      return { food: true, unvegan: !food.monster.vegan, unvegetarian: !food.monster.vegetarian, refused: null };
    }
    case 'tin': {
      if (food.contents === 'empty') {
        notes.push('"It turns out to be empty.": nothing is eaten, no conduct changes.');
        return { food: false, unvegan: false, unvegetarian: false, refused: null };
      }
      if (food.contents === 'spinach') {
        add('food', 'spinach counts as food, with no vegetarian checks', at(v, 'spinach'));
        return { food: true, unvegan: false, unvegetarian: false, refused: null };
      }
      if (food.contents === null) return { food: false, unvegan: false, unvegetarian: false, refused: null };
      add('food', "the tin's meat is eaten", at(v, 'tinConducts'));
      monster(food.contents, 'tinMeat', 'tin contents');
      return { food: true, unvegan: !food.contents.vegan, unvegetarian: !food.contents.vegetarian, refused: null };
    }
    case 'object': {
      if (food.name === 'ring of slow digestion') {
        return {
          food: false,
          unvegan: false,
          unvegetarian: false,
          refused: '"This ring is indigestible!" doeat() refuses it before counting anything.',
        };
      }
      add('food', 'eating a non-food object counts as food', at(v, 'nonFoodCount'));
      const m = food.material;
      if (m === 'LEATHER' || m === 'BONE' || m === 'DRAGON_HIDE') {
        add('unvegan', `${food.name} is ${m.toLowerCase().replace('_', ' ')}`, at(v, 'nonFood'));
        add('unvegetarian', `${food.name} is ${m.toLowerCase().replace('_', ' ')}`, at(v, 'nonFood'));
      } else if (m === 'WAX') add('unvegan', `${food.name} is wax`, at(v, 'nonFood'));
      return {
        food: true,
        unvegan: reasons.some((r) => r.counter === 'unvegan'),
        unvegetarian: reasons.some((r) => r.counter === 'unvegetarian'),
        refused: null,
      };
    }
  }
}

/** What eating this food does to the hero's food conducts. */
export function mealConducts(input: ConductInput): ConductResult {
  const v = input.version;
  const kept = input.kept ?? ALL_KEPT;
  const reasons: ConductReason[] = [];
  const notes: string[] = [];
  const name = foodName(input.food);
  let counts = { food: false, unvegan: false, unvegetarian: false };
  let refused: string | null = null;
  if (input.resuming) {
    notes.push(
      'Resuming a partly eaten meal: its conducts were counted when it started (doeat() returns before the count).',
    );
  } else {
    const c = counters(v, input.food, reasons, notes);
    counts = { food: c.food, unvegan: c.unvegan, unvegetarian: c.unvegetarian };
    refused = c.refused;
  }
  const unknownTin = input.food.kind === 'tin' && input.food.contents === null && !input.resuming;
  const mayCount = unknownTin ? { food: true, unvegan: true, unvegetarian: true } : { ...counts };
  if (unknownTin)
    notes.push(
      "The tin's contents are not known: spinach counts only as food; meat counts as the monster does. Opening " +
        'it and discarding it counts nothing.',
    );

  const broken = (c: typeof counts): FoodConduct[] => FOOD_CONDUCTS.filter((k) => kept[k] && breaksConduct(k, c));
  const breaks = broken(counts);
  const mayBreak = broken(mayCount).filter((k) => !breaks.includes(k));
  const keptAfter: ConductState = {
    foodless: kept.foodless && !breaks.includes('foodless'),
    vegan: kept.vegan && !breaks.includes('vegan'),
    vegetarian: kept.vegetarian && !breaks.includes('vegetarian'),
  };
  const monk = (input.role ?? '').toLowerCase() === 'monk' && counts.unvegetarian;
  const citations = reasons.map((r) => r.citation);
  if (counts.unvegan || counts.unvegetarian) {
    if (input.food.kind === 'corpse' || input.food.kind === 'glob' || input.food.kind === 'tin')
      citations.push(mondataCitation(v));
  }
  if (monk) citations.push(at(v, 'violatedVegetarian', 'Monk: "You feel guilty." adjalign(-1)'));
  if (breaks.length) {
    notes.push(
      'The game itself warns about this only when you can recognise detrimental food ("... foul and unfamiliar ' +
        'to you. Eat it anyway?").',
    );
    citations.push(at(v, 'edibility', 'only with u.uedibility'));
  }
  return {
    game: 'nethack',
    version: v,
    food: { kind: input.food.kind, name },
    counts,
    mayCount,
    breaks,
    mayBreak,
    keptAfter,
    needsConfirmation: breaks.length > 0 || mayBreak.length > 0,
    when: whenText(input.food),
    monkPenalty: monk,
    refused,
    reasons,
    notes,
    citations,
  };
}

/** foodless needs no food at all; vegan no animal products; vegetarian no meat. */
function breaksConduct(k: FoodConduct, c: { food: boolean; unvegan: boolean; unvegetarian: boolean }): boolean {
  if (k === 'foodless') return c.food;
  if (k === 'vegan') return c.unvegan;
  return c.unvegetarian;
}

function whenText(f: ConductFood): string {
  if (f.kind === 'tin')
    return (
      'When the tin\'s contents are eaten (answering "Eat it?" with yes); opening and discarding it counts ' +
      'nothing.'
    );
  if (f.kind === 'object') return 'When the object is eaten (polymorphed; it takes one turn).';
  return 'When the meal starts: stopping or being interrupted does not undo it.';
}
