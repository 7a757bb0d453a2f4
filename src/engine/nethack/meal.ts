// Meal planner: what eating one food does to nutrition, bite by bite, with the game's rounding,
// the 1500 warning, the "Continue eating?" prompt and choking.
//
// Timing (turn convention in burn.ts): the 'e' command at moves = T takes the first bite in that
// action (src/eat.c start_eating()). Each later action is one eatfood() call at moves T+1, T+2,
// ...; before each, the turn's gethungry() runs with that moves. A meal of reqtime >= 2 bites uses
// reqtime + 1 actions (the last one only finishes); reqtime <= 1 uses one action. Tins give all
// their nutrition at once (src/eat.c consume_tin()), on the action the tin opens.
import { UserError } from '../../errors.ts';
import type { Citation, NethackVersion } from '../cite.ts';
import { statusFor, type NethackStatus } from './status.ts';
import { burnFlags, callPmf, defaultProfile, type BurnProfile, type Encumbrance } from './burn.ts';
import { foodFor, type FoodRef, type MeatVariety } from './foods.ts';
import { monsterByPm, type MonsterEntry } from './data.ts';
import { cite } from './sources.ts';
import {
  firstActionMovement,
  moveamtDistribution,
  nextAction,
  NORMAL_SPEED,
  speedCitation,
  type HeroSpeed,
} from './speed.ts';
import {
  eatingConduct,
  tinContents,
  tinOpening,
  tinOpenings,
  type TinOpening,
  type TinOutcome,
  type TinTool,
} from './tins.ts';
import { sameRace as sameRaceFn } from './pets/species.ts';

/** include/monflag.h M1_BREATHLESS (the same bit in 3.4.3, 3.6.7 and 5.0). */
const M1_BREATHLESS = 0x00000400;

export const RACES = ['human', 'elf', 'dwarf', 'gnome', 'orc'] as const;
export type Race = (typeof RACES)[number];
export const BUCS = ['blessed', 'uncursed', 'cursed'] as const;
export type Buc = (typeof BUCS)[number];

export interface MealInput {
  version: NethackVersion;
  /** Canonical food name (foods.ts) or an already resolved FoodRef. */
  food: string | FoodRef;
  nutrition: number;
  /** moves when the 'e' command is given. Default 1. */
  moves?: number;
  race?: Race;
  role?: string;
  /** Magical breathing or a breathless form: choking is always survived. */
  breathless?: boolean;
  /** Being strangled: no meals (tins still open with a tin opener); no 1-in-20 survival. */
  strangled?: boolean;
  /** Wearing an amulet of life saving. */
  lifesaving?: boolean;
  /** 5.0: the Hunger property (ring of hunger) prevents choking to death. Also read from profile. */
  hunger?: boolean;
  /** The rot roll came up when the meal started (and did not knock you out). */
  rotten?: boolean;
  /** Partly eaten: the item's remaining nutrition (obj->oeaten). */
  eaten?: number;
  buc?: Buc;
  /** Turns since the food was made or died, for the rot chance. */
  age?: number;
  globWeight?: number;
  /** Answer to "Continue eating?" (3.4.3: "Stop eating?" answered the opposite). Default true. */
  continueAtPrompt?: boolean;
  /** Burn between bites (default: a plain hero of that version). */
  profile?: BurnProfile;
  /** Intrinsic speed is "fast"; speed boots or a potion/spell of speed "very fast" (allmain.c). Default normal. */
  speed?: HeroSpeed;
  /** Encumbrance that cuts the movement allotment (allmain.c); default Unencumbered. */
  encumbrance?: Encumbrance;
  /** Polymorphed into this form (its speed, breathlessness, diet and race count). */
  form?: MonsterEntry;
  /** Tins named by contents ("tin of lizard meat"): the variety; default unknown (as made). */
  tinVariety?: MeatVariety;
  /** Tins: the wielded tool (default: every tool is listed). */
  tinTool?: TinTool;
  /** Tins opened by hand: Dex and ACURR(A_STR) (18/50 = 68). */
  dex?: number;
  strength?: number;
}

export interface BiteRow {
  bite: number;
  /** moves of the action that takes this bite. */
  moves: number;
  /** Nutrition right before the bite (after that turn's burn). Mean when the burn is random. */
  before: number;
  gain: number;
  after: number;
  event: 'warning' | 'prompt' | 'choke' | 'choke-before-bite' | null;
  /** Probability this bite happens and chokes you (random burn only). */
  chokeChance?: number;
}

export interface ChokeOutcome {
  /** Chance of surviving the choke itself (Breathless, 5.0 Hunger, or 1 in 20 when not Strangled). */
  surviveChance: number;
  surviveReason: string;
  /** Nutrition after vomiting (3.6.7: -1000; 5.0 with Hunger: set to 60). */
  nutritionIfSurvive: number;
  /** Chance of dying (before life saving). */
  deathChance: number;
  /** Life saving turns that death into H = 900, costs 1 Con and the amulet. */
  lifesaved: { nutrition: number; conLoss: number } | null;
  /** Lawful Knight: -1 alignment ("You feel like a glutton!") whenever the choke fires. */
  knightPenalty: boolean;
}

export interface MealResult {
  game: 'nethack';
  version: NethackVersion;
  input: {
    food: string;
    nutrition: number;
    moves: number;
    race: Race;
    role: string | null;
    breathless: boolean;
    strangled: boolean;
    lifesaving: boolean;
    hunger: boolean;
    rotten: boolean;
    eaten: number | null;
    buc: Buc;
    age: number | null;
    continueAtPrompt: boolean;
    speed: HeroSpeed;
    form: string | null;
    /** Tins: the tool given to open it (its opening time comes first in `tin.opening`), else null. */
    tinTool: TinTool | null;
  };
  food: { name: string; kind: FoodRef['kind']; baseNutrition: number; baseDelay: number; weight: number };
  refused: string | null;
  /** Nutrition the meal is computed from (oeaten after partial eating, rot and race). */
  oeaten: number;
  /** Bites (reqtime after rounddiv). */
  bites: number;
  /** Actions the whole meal takes (reqtime + 1, or 1). */
  actions: number;
  /** victual.nmod: < 0 means -nmod per bite; > 0 means 1 on bites where usedtime % nmod != 0. */
  nmod: number;
  perBite: number | null;
  /** Nutrition the whole meal gives uninterrupted, and what the rounding throws away. */
  totalGain: number;
  remainderLost: number;
  /** Satiated (> 1000) when the meal starts: only then can a meal choke you. */
  canChoke: boolean;
  table: BiteRow[];
  /** `probability` (tins): the chance it fires at all, when the tin's nutrition is random. */
  warning: { bite: number; moves: number; nutrition: number; probability?: number } | null;
  prompt: { bite: number; moves: number; nutrition: number; ifStopped: { nutrition: number; moves: number } } | null;
  choke: {
    bite: number;
    moves: number;
    nutrition: number;
    probability: number;
    beforeBite: boolean;
    outcome: ChokeOutcome;
  } | null;
  /** The meal finished without choking (continue at the prompt). `moves` is the mean when random. */
  finish: {
    probability: number;
    nutrition: number;
    moves: number;
    status: NethackStatus;
    movesDistribution?: { moves: number; probability: number }[];
  } | null;
  /** Most nutrition you can still gain without any risk of choking now (null: this meal cannot choke). */
  safeNutritionNow: number | null;
  tin: {
    nutritionRange: [number, number];
    exactNutrition: number | null;
    /** Mean of the tin's nutrition (spinach's rnd() spread uniformly, varieties by their odds). */
    meanNutrition: number;
    /** Nutrition right after opening it, over the whole range (choking aside). */
    afterRange: [number, number];
    /** Chance of "You're having a hard time getting all of it down." (lesshungry(): 1500 <= after < 2000). */
    warningChance: number;
    /** The smallest tin nutrition that warns (null: it never does from here). */
    warnsFrom: number | null;
    greasy: boolean;
    vomiting: boolean;
    helplessTurns: number;
    /** Every way the tin can turn out (variety, nutrition, probability). */
    outcomes: TinOutcome[];
    /** The variety was not known, or is rolled at opening (3.4.3). */
    varietyRandom: boolean;
    /** Opening time per tool (start_tin()); the chosen tool first when given. */
    opening: TinOpening[];
  } | null;
  rot: {
    rottenChance: number | null;
    taintedChance: number | null;
    knockoutChance: number | null;
    note: string;
  } | null;
  /** Eating a monster (corpse or tin): conducts and cannibalism. */
  conduct: {
    breaksVegan: boolean;
    breaksVegetarian: boolean;
    cannibalism: boolean;
    domesticPet: boolean;
    citations: Citation[];
  } | null;
  /** The movement allotment behind the turns of each bite. */
  speed: {
    speed: HeroSpeed;
    mmove: number;
    moveamt: { amount: number; probability: number }[];
    encumbrance: Encumbrance;
    citation: Citation;
  };
  /** Polymorphed form and what it changes in the meal. */
  form: { name: string; effects: string[] } | null;
  exact: boolean;
  notes: string[];
  wiki: string[];
  citations: Citation[];
}

function rounddiv(x: number, y: number): number {
  // src/hacklib.c rounddiv(): round to nearest, .5 away from zero
  const sgn = Math.sign(x) * Math.sign(y) || 1;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let r = Math.floor(ax / ay);
  const m = ax % ay;
  if (2 * m >= ay) r++;
  return sgn * r;
}

const cdiv = (a: number, b: number) => Math.trunc(a / b);

/** 3.6.7 obj_nutrition(): lembas +1/4 for elves, -1/4 for orcs; cram +1/6 for dwarves. */
function raceBase(food: FoodRef, race: Race, v: NethackVersion): number {
  if (v !== '3.6.7' || food.kind !== 'item') return food.nutrition;
  const nut = food.nutrition;
  if (food.name === 'lembas wafer') {
    if (race === 'elf') return nut + cdiv(nut, 4);
    if (race === 'orc') return nut - cdiv(nut, 4);
  } else if (food.name === 'cram ration' && race === 'dwarf') return nut + cdiv(nut, 6);
  return nut;
}

/** 5.0 adj_victual_nutrition(): per-bite racial change for lembas and cram. */
function adjBite(nut: number, food: FoodRef, race: Race, v: NethackVersion): number {
  if (v !== '5.0' || food.kind !== 'item') return nut;
  let n = nut;
  if (food.name === 'lembas wafer') {
    if (race === 'elf') n += cdiv(nut + 2, 4);
    else if (race === 'orc') n -= cdiv(nut + 2, 4);
  } else if (food.name === 'cram ration' && race === 'dwarf') n += cdiv(nut + 3, 6);
  return Math.max(n, 1);
}

function chokeOutcome(
  v: NethackVersion,
  input: MealInput,
  breathless: boolean,
  hungerProp: boolean,
  h: number,
  knight: boolean,
): ChokeOutcome {
  let surviveChance: number;
  let surviveReason: string;
  if (breathless) {
    surviveChance = 1;
    surviveReason = 'Breathless (magical breathing or a breathless form)';
  } else if (v === '5.0' && hungerProp) {
    surviveChance = 1;
    surviveReason = 'Hunger (ring of hunger) prevents choking to death in 5.0';
  } else if (input.strangled) {
    surviveChance = 0;
    surviveReason = 'Strangled: no 1-in-20 chance';
  } else {
    surviveChance = 1 / 20;
    surviveReason = '1 in 20 (!rn2(20)) when not Strangled';
  }
  return {
    surviveChance,
    surviveReason,
    nutritionIfSurvive: v === '5.0' && hungerProp ? 60 : h - 1000,
    deathChance: 1 - surviveChance,
    lifesaved: input.lifesaving && surviveChance < 1 ? { nutrition: 900, conLoss: 1 } : null,
    knightPenalty: knight,
  };
}

interface MealCtx {
  input: MealInput;
  v: NethackVersion;
  food: FoodRef;
  race: Race;
  buc: Buc;
  moves0: number;
  h0: number;
  profile: BurnProfile;
  flags: ReturnType<typeof burnFlags>;
  hungerProp: boolean;
  knight: boolean;
  cont: boolean;
  /** This turn's moveamt distribution, and the movement the 'e' action starts with. */
  moveamt: [number, number][];
  firstMovement: [number, number][];
  breathless: boolean;
}

/** Phase 1: the inputs, the hero's form and speed. */
function mealContext(input: MealInput): MealCtx {
  const v = input.version;
  const food =
    typeof input.food === 'string'
      ? foodFor(input.food, v, { globWeight: input.globWeight, tinVariety: input.tinVariety })
      : input.food;
  const profile = input.profile ?? defaultProfile(v);
  const flags = burnFlags(profile);
  const form = input.form;
  // gethungry(): the base -1 needs carnivorous || herbivorous || metallivorous(youmonst.data)
  const formFlags =
    form && !form.carnivore && !form.herbivore && !form.metallivore ? { ...flags, base: 0 as const } : flags;
  const mmove = form ? form.speed : NORMAL_SPEED;
  if (mmove <= 0)
    throw new UserError(`A ${form!.name} (speed 0) never gets to act: it cannot eat.`, undefined, 'invalid_option');
  // The allotment's encumbrance cut is explicit (input.encumbrance), not the burn profile's, so
  // callers that keep whole turns (heroes) keep one action per turn until they pass it.
  const moveamt = moveamtDistribution(v, input.speed ?? 'normal', mmove, input.encumbrance ?? 'Unencumbered');
  return {
    input,
    v,
    food,
    race: input.race ?? 'human',
    buc: input.buc ?? 'uncursed',
    moves0: input.moves ?? 1,
    h0: input.nutrition,
    profile,
    flags: formFlags,
    hungerProp: !!input.hunger || flags.hunger === 1,
    knight: (input.role ?? '').toLowerCase() === 'knight',
    cont: input.continueAtPrompt ?? true,
    moveamt,
    firstMovement: firstActionMovement(moveamt),
    breathless: !!input.breathless || (!!form && (form.mflags1 & M1_BREATHLESS) !== 0),
  };
}

function emptyResult(c: MealCtx): MealResult {
  const { v, food, h0, input } = c;
  return {
    game: 'nethack',
    version: v,
    input: {
      food: food.name,
      nutrition: h0,
      moves: c.moves0,
      race: c.race,
      role: input.role ?? null,
      breathless: c.breathless,
      strangled: !!input.strangled,
      lifesaving: !!input.lifesaving,
      hunger: c.hungerProp,
      rotten: !!input.rotten,
      eaten: input.eaten ?? null,
      buc: c.buc,
      age: input.age ?? null,
      continueAtPrompt: c.cont,
      speed: input.speed ?? 'normal',
      form: input.form?.name ?? null,
      tinTool: input.tinTool ?? null,
    },
    food: {
      name: food.name,
      kind: food.kind,
      baseNutrition: food.nutrition,
      baseDelay: food.delay,
      weight: food.weight,
    },
    refused: null,
    oeaten: 0,
    bites: 0,
    actions: 0,
    nmod: 0,
    perBite: null,
    totalGain: 0,
    remainderLost: 0,
    canChoke: h0 > 1000,
    table: [],
    warning: null,
    prompt: null,
    choke: null,
    finish: null,
    safeNutritionNow: h0 > 1000 ? Math.max(0, 1999 - h0) : null,
    tin: null,
    rot: null,
    conduct: null,
    speed: speedFacts(c),
    form: formFacts(c),
    exact: true,
    notes: [],
    wiki: [],
    citations: [
      cite(v, 'doeat', 'meal setup'),
      cite(v, 'bite', 'one bite'),
      cite(v, 'lesshungry', 'warning, prompt, choke'),
    ],
  };
}

export function planMeal(input: MealInput): MealResult {
  const c = mealContext(input);
  const base = emptyResult(c);
  const monster = c.food.monster ?? c.food.tinMonster;
  if (monster && c.food.kind !== 'glob') base.conduct = mealConduct(c, monster);
  if (c.food.kind === 'tin') return planTin(base, c);
  if (input.strangled) {
    base.refused =
      '"If you can\'t breathe air, how can you consume solids?" doeat() refuses every meal while Strangled.';
    base.citations.push(cite(c.v, 'doeatStrangled'));
    return base;
  }
  const setup = doeatSetup(c, base);
  if (!setup) return base;
  const bites = biteSchedule(c, setup, base);
  walkMeal(c, bites, base);
  mealNotes(c, base);
  base.rot = rotFacts(c.food, c.v, c.buc, input.age);
  return base;
}

interface DoeatSetup {
  oeaten: number;
  reqtime: number;
  nmod: number;
}

/** Phase 2: doeat(): oeaten (partly eaten, rot, race), reqtime and nmod. Null when refused. */
function doeatSetup(c: MealCtx, base: MealResult): DoeatSetup | null {
  const { v, food, race, input } = c;
  const citations = base.citations;
  const notes = base.notes;
  // 3.6.7: a partly eaten glob weighs what is left: every bite's recalc_wt() sets owt = weight() =
  // eaten_stat(owt, glob) = owt x oeaten / obj_nutrition() = oeaten (src/mkobj.c:1424-1460,
  // src/eat.c:3220-3236), and a glob's nutrition (obj_nutrition(), eat.c:320) and eating time
  // (eatcorpse(): 3 + (owt >> 6), eat.c:1666) both come from owt. So it eats exactly like a
  // fresh glob of weight oeaten, whatever its original weight. (5.0 weight() returns a glob's
  // owt as-is, src/mkobj.c:1901-1909, so there the given glob weight stands.)
  const globLeft =
    v === '3.6.7' && food.kind === 'glob' && input.eaten !== undefined && input.eaten > 0 ? input.eaten : null;
  const basenutrit = globLeft ?? raceBase(food, race, v);
  let oeaten = input.eaten ?? basenutrit;
  // An orc may hold a lembas partly eaten by someone else (oeaten up to 799 of the 800): the
  // limit is the larger of the racial and the plain nutrition.
  const maxEaten = Math.max(basenutrit, food.nutrition);
  if (input.eaten !== undefined && input.eaten > maxEaten) {
    const example = `For example \`eaten:${Math.max(1, Math.floor(maxEaten / 2))}\`.`;
    throw new UserError(
      `eaten must be a whole number from 1 to ${maxEaten} for ${food.name}.`,
      example,
      'invalid_option',
    );
  }
  let reqtime = globLeft !== null ? 3 + (globLeft >> 6) : food.delay;
  /** consume_oeaten() reached 0: it sets reqtime = usedtime (0 here, in doeat()) and oeaten = 1. */
  let rotToZero = false;
  const corpseLike = food.kind === 'corpse' || food.kind === 'glob';
  if (input.rotten) {
    if (corpseLike && food.nutrition === 0) {
      base.refused = 'The corpse rots away completely (no nutrition to rot).';
      citations.push(cite(v, 'eatcorpse'));
      return null;
    }
    oeaten = corpseLike ? oeaten >> 2 : oeaten >> 1; // eatcorpse(): consume_oeaten(otmp, 2); doeat(): (otmp, 1)
    // src/eat.c consume_oeaten() (3.6.7:3283-3287, 3.4.3:2559-2562, 5.0:3867-3870): when oeaten reaches 0 it
    // sets victual.reqtime = victual.usedtime (0: doeat() reset usedtime) and oeaten = 1, so the
    // rounddiv below gives reqtime 0 and nmod 0: the meal gives nothing.
    if (oeaten === 0) {
      oeaten = 1;
      rotToZero = true;
    }
    citations.push(
      cite(v, corpseLike ? 'eatcorpse' : 'doeatRot', corpseLike ? 'rotten corpse: a quarter' : 'rotten food: half'),
    );
  }
  if (rotToZero) reqtime = 0;
  // 3.6.7 obj_nutrition() (src/eat.c:330-332), called again by doeat() for basenutrit (2694):
  // "if (otmp->oeaten >= nut) otmp->oeaten = (otmp->oeaten < objects[LEMBAS_WAFER].oc_nutrition)
  // ? (nut - 1) : nut;" -- an orc's fresh wafer (touchfood() set oeaten = 600) becomes 599.
  if (v === '3.6.7' && food.kind === 'item' && food.name === 'lembas wafer' && oeaten >= basenutrit) {
    const before = oeaten;
    oeaten = oeaten < food.nutrition ? basenutrit - 1 : basenutrit;
    citations.push(cite(v, 'objNutrition', 'lembas: oeaten >= nut becomes nut - 1 when below 800'));
    if (oeaten !== before)
      notes.push(
        `obj_nutrition() trims the wafer from ${before} to ${oeaten} (oeaten >= ${basenutrit} but below 800 becomes ${basenutrit - 1}).`,
      );
  }
  // doeat(): reqtime = basenutrit == 0 ? 0 : rounddiv(reqtime * oeaten, basenutrit)
  reqtime = basenutrit === 0 ? 0 : rounddiv(reqtime * oeaten, basenutrit);
  let nmod: number;
  if (reqtime === 0 || oeaten === 0) nmod = 0;
  else if (oeaten >= reqtime) nmod = -cdiv(oeaten, reqtime);
  else nmod = reqtime % oeaten;
  citations.push(
    cite(v, 'doeatReqtime', 'reqtime = rounddiv(delay x oeaten, full)'),
    cite(v, 'doeatNmod', 'nutrition per bite'),
    cite(v, 'doeatCanchoke', 'canchoke = Satiated at the start'),
  );
  if (v === '3.6.7' && basenutrit !== food.nutrition) citations.push(cite(v, 'objNutrition', 'racial lembas/cram'));
  if (v === '5.0' && (food.name === 'lembas wafer' || food.name === 'cram ration') && race !== 'human')
    citations.push(cite(v, 'adjVictual', 'racial lembas/cram per bite'));
  base.oeaten = oeaten;
  base.nmod = nmod;
  base.bites = reqtime;
  base.perBite = nmod < 0 ? adjBite(-nmod, food, race, v) : null;
  return { oeaten, reqtime, nmod };
}

interface Bite {
  action: number;
  usedtime: number;
  gain: number;
  reqtimeAtBite: number;
}

/** Phase 3: the bites, independent of nutrition: start_eating() + eatfood() + consume_oeaten(). */
function biteSchedule(c: MealCtx, setup: DoeatSetup, base: MealResult): Bite[] {
  const { food, race, v } = c;
  const { nmod } = setup;
  const bites: Bite[] = [];
  let used = 0;
  let req = setup.reqtime;
  let left = setup.oeaten;
  const take = (action: number) => {
    let gain = 0;
    const reqAt = req;
    if (nmod < 0) {
      gain = adjBite(-nmod, food, race, v);
      if (left > -nmod) left += nmod;
      else left = 0;
    } else if (nmod > 0 && used % nmod !== 0) {
      gain = 1;
      left = left > 1 ? left - 1 : 0;
    }
    if (left === 0) {
      req = used; // no bites left
      left = 1;
    }
    bites.push({ action, usedtime: used, gain, reqtimeAtBite: reqAt });
  };
  take(0);
  used++;
  let action = 0;
  if (used < req) {
    for (;;) {
      action++;
      used++;
      if (used <= req) take(action);
      else break; // done_eating()
    }
  }
  base.actions = action + 1;
  const total = bites.reduce((a, x) => a + x.gain, 0);
  base.totalGain = total;
  base.remainderLost = nmod < 0 ? setup.oeaten - setup.reqtime * -nmod : setup.oeaten - total;
  return bites;
}

/** One path of the meal: nutrition, warned, the hero's movement and the turn counter. */
interface PathState {
  h: number;
  warned: boolean;
  movement: number;
  moves: number;
  p: number;
}

/** Merge equal states. */
function merge(states: PathState[]): PathState[] {
  const m = new Map<string, PathState>();
  for (const s of states) {
    const k = `${s.h}|${s.warned ? 1 : 0}|${s.movement}|${s.moves}`;
    const e = m.get(k);
    if (e) e.p += s.p;
    else m.set(k, { ...s });
  }
  return [...m.values()];
}

const meanOf = (states: PathState[], f: (s: PathState) => number) => {
  const tot = states.reduce((a, s) => a + s.p, 0);
  return tot > 0 ? states.reduce((a, s) => a + f(s) * s.p, 0) / tot : 0;
};
const mean = (states: PathState[]) => meanOf(states, (s) => s.h);

/**
 * The hero's next action after one at each state: movement and turns pass (allmain.c), and
 * every turn boundary crossed runs that turn's gethungry() (its burn pmf).
 */
function advanceAction(c: MealCtx, states: PathState[]): PathState[] {
  const next: PathState[] = [];
  for (const s of states) {
    for (const a of nextAction(s.movement, s.moves, c.moveamt)) {
      let paths: { h: number; p: number }[] = [{ h: s.h, p: s.p * a.p }];
      for (const t of a.turns) {
        const pmf = callPmf(c.profile, c.flags, t, false);
        const np: { h: number; p: number }[] = [];
        for (const x of paths)
          pmf.forEach((q, k) => {
            if (q > 0) np.push({ h: x.h - k, p: x.p * q });
          });
        paths = np;
      }
      for (const x of paths) next.push({ h: x.h, warned: s.warned, movement: a.movement, moves: a.moves, p: x.p });
    }
  }
  return merge(next);
}

/** Phase 4: nutrition along the meal, as an exact distribution over paths (one path unless random). */
/** What the walk has seen so far: the first choke, warning and prompt, and a stop at the prompt. */
interface WalkAcc {
  firstChoke: MealResult['choke'];
  promptInfo: MealResult['prompt'];
  warnInfo: MealResult['warning'];
  stoppedEarly: boolean;
}

/** One bite on every path: bite() and lesshungry() (choke, 1500 warning, "Continue eating?"). */
function biteOnStates(c: MealCtx, acc: WalkAcc, bt: Bite, i: number, last: boolean, states: PathState[]) {
  const { v, input, h0, hungerProp, knight, cont } = c;
  const canChoke = h0 > 1000;
  let rowEvent: BiteRow['event'] = null;
  let chokeHere = 0;
  const chokers: PathState[] = [];
  const next: PathState[] = [];
  for (const s of states) {
    // bite(): canchoke && H >= 2000 -> choke() before any nutrition
    if (canChoke && s.h >= 2000) {
      chokeHere += s.p;
      chokers.push(s);
      rowEvent = 'choke-before-bite';
      if (!acc.firstChoke)
        acc.firstChoke = {
          bite: i + 1,
          moves: s.moves,
          nutrition: s.h,
          probability: 0,
          beforeBite: true,
          outcome: chokeOutcome(v, input, c.breathless, hungerProp, s.h, knight),
        };
      continue;
    }
    if (bt.gain === 0) {
      next.push(s);
      continue;
    }
    const h = s.h + bt.gain; // lesshungry()
    if (h >= 2000) {
      if (canChoke) {
        chokeHere += s.p;
        chokers.push({ ...s, h });
        rowEvent = 'choke';
        if (!acc.firstChoke)
          acc.firstChoke = {
            bite: i + 1,
            moves: s.moves,
            nutrition: h,
            probability: 0,
            beforeBite: false,
            outcome: chokeOutcome(v, input, c.breathless, hungerProp, h, knight),
          };
        continue;
      }
      next.push({ ...s, h });
      continue;
    }
    let warned = s.warned;
    if (h >= 1500 && !warned && !(v === '5.0' && hungerProp)) {
      warned = true;
      if (!acc.warnInfo) acc.warnInfo = { bite: i + 1, moves: s.moves, nutrition: h };
      if (rowEvent === null) rowEvent = 'warning';
      const promptAsked = canChoke && (v === '5.0' ? bt.reqtimeAtBite - bt.usedtime > 1 : bt.reqtimeAtBite > 1);
      if (promptAsked) {
        rowEvent = 'prompt';
        if (!acc.promptInfo) {
          // Stopping: reset_eat(); the next action ends the meal without a bite.
          const after = advanceAction(c, [{ ...s, h, warned, p: 1 }]);
          acc.promptInfo = {
            bite: i + 1,
            moves: s.moves,
            nutrition: h,
            ifStopped: { nutrition: mean(after), moves: meanOf(after, (x) => x.moves) },
          };
        }
        // Stopped: reset_eat(); the next eatfood() ends the meal without a bite -- unless no bite
        // is left (3.6.7/3.4.3 also ask on the last bite): then ++usedtime > reqtime and
        // eatfood() calls done_eating() anyway (src/eat.c eatfood() 3.6.7:442-448, 3.4.3:408-413).
        if (!cont && !last) {
          acc.stoppedEarly = true;
          continue;
        }
      }
    }
    next.push({ ...s, h, warned });
  }
  return { next, chokeHere, chokers, rowEvent };
}

function walkMeal(c: MealCtx, bites: Bite[], base: MealResult): void {
  const { v, input, h0, hungerProp, knight } = c;
  const citations = base.citations;
  let states: PathState[] = c.firstMovement.map(([movement, p]) => ({
    h: h0,
    warned: false,
    movement,
    moves: c.moves0,
    p,
  }));
  const survive = chokeOutcome(v, input, c.breathless, hungerProp, 0, knight); // for the citation note
  let chokeMass = 0;
  const acc: WalkAcc = { firstChoke: null, promptInfo: null, warnInfo: null, stoppedEarly: false };
  let exact = true;
  const stable = (xs: PathState[]) => new Set(xs.map((s) => `${s.h}|${s.moves}`)).size <= 1;
  for (let i = 0; i < bites.length; i++) {
    const bt = bites[i]!;
    if (bt.action > 0) {
      states = advanceAction(c, states);
      if (!stable(states)) exact = false;
    }
    const before = mean(states);
    const moves = Math.min(...states.map((s) => s.moves));
    const hadChoke = !!acc.firstChoke;
    const { next, chokeHere, chokers, rowEvent } = biteOnStates(c, acc, bt, i, i === bites.length - 1, states);
    chokeMass += chokeHere;
    // The first choke's turn and nutrition: the mean over the paths that choke on that bite.
    if (!hadChoke && acc.firstChoke && chokers.length > 1) {
      acc.firstChoke.moves = meanOf(chokers, (x) => x.moves);
      acc.firstChoke.nutrition = mean(chokers);
    }
    const afterStates = merge(next);
    const random = !exact;
    base.table.push({
      bite: i + 1,
      moves: random ? meanOf(states, (s) => s.moves) : moves,
      before,
      gain: bt.gain,
      after: afterStates.length ? mean(afterStates) : before + bt.gain,
      event: rowEvent,
      ...(random ? { chokeChance: chokeHere } : {}),
    });
    states = afterStates;
    if (!states.length) break;
  }
  // Final action (done_eating) comes after the turns that pass before it.
  if (base.actions > 1 && states.length) states = advanceAction(c, states);
  if (!stable(states)) exact = false;
  const finishP = states.reduce((a, s) => a + s.p, 0);
  const { firstChoke, promptInfo, warnInfo, stoppedEarly } = acc;
  if (firstChoke) {
    firstChoke.probability = chokeMass;
    base.choke = firstChoke;
    citations.push(
      cite(v, 'choke', 'choke()'),
      cite(v, 'chokeSurvive', survive.surviveReason),
      cite(v, 'chokeVomit', 'vomit: -1000'),
    );
    if (input.lifesaving) citations.push(cite(v, 'savelifeHunger', 'life saved from choking: 900'));
  }
  if (finishP > 0 && !stoppedEarly) {
    const h = mean(states);
    const movesDist = new Map<number, number>();
    for (const s of states) movesDist.set(s.moves, (movesDist.get(s.moves) ?? 0) + s.p / finishP);
    const finalMoves = exact ? states[0]!.moves : meanOf(states, (s) => s.moves);
    base.finish = {
      probability: finishP,
      nutrition: exact ? Math.round(h) : h,
      moves: finalMoves,
      status: statusFor(Math.round(h)),
      ...(movesDist.size > 1
        ? {
            movesDistribution: [...movesDist]
              .sort((a, b) => a[0] - b[0])
              .map(([m, p]) => ({ moves: m, probability: p })),
          }
        : {}),
    };
  }
  base.warning = warnInfo;
  base.prompt = promptInfo;
  base.exact = exact;
  if (promptInfo) citations.push(cite(v, 'continuePrompt', v === '3.4.3' ? '"Stop eating?"' : '"Continue eating?"'));
  if (warnInfo) citations.push(cite(v, 'lesshungryWarn', '1500 warning'));
  if (c.input.speed && c.input.speed !== 'normal')
    citations.push(speedCitation(v, `${c.input.speed}: extra actions at random`));
}

/** Phase 5: notes and wiki differences. */
function mealNotes(c: MealCtx, base: MealResult): void {
  const { v, food, h0, input, knight } = c;
  const notes = base.notes;
  const wiki = base.wiki;
  if (!base.canChoke)
    notes.push(`Not Satiated when the meal starts (${h0} <= 1000): this meal cannot choke you, even past 2000.`);
  if (base.remainderLost > 0)
    notes.push(`The rounding loses ${base.remainderLost} nutrition (oeaten mod reqtime), even without interruption.`);
  if (food.monster && food.kind === 'corpse') {
    const m = food.monster;
    if (m.rider) notes.push('Eating a Rider corpse kills you (cprefx()).');
    if (m.fleshPetrifies) notes.push('Eating it turns you to stone unless you resist stoning (cprefx()).');
    if (m.poisonous) notes.push('Poisonous: 4 in 5 chance of losing Str and HP unless poison resistant.');
    if (m.acidic) notes.push('Acidic: 1d15 damage unless acid resistant.');
  }
  if (base.conduct?.cannibalism)
    notes.push('Cannibalism: −2 to −5 Luck and permanent aggravate monster (maybe_cannibal()).');
  if (input.speed && input.speed !== 'normal')
    notes.push(
      `${input.speed === 'fast' ? 'Fast (intrinsic)' : 'Very fast (extrinsic or temporary)'}: some bites share a turn, so fewer turns burn nutrition during the meal. The turn of each bite is random; the table shows means.`,
    );
  if (v === '3.4.3' && base.prompt)
    notes.push('3.4.3 asks "Stop eating?" (default yes) instead of "Continue eating?".');
  if (input.rotten)
    wiki.push(
      food.kind === 'corpse' || food.kind === 'glob'
        ? 'The wiki says rotten food gives half; a rotten corpse gives a quarter (oeaten >>= 2).'
        : 'Rotten non-corpse food gives half (oeaten >>= 1), as the wiki says.',
    );
  if (base.remainderLost > 0)
    wiki.push('The wiki says only interruption loses nutrition; the remainder is lost on every meal.');
  if (base.choke)
    wiki.push(
      'The wiki says you choke when you finish the food; the code chokes on the bite that reaches 2000, and the rest is not eaten.',
    );
  if (knight && base.choke)
    wiki.push(
      'The wiki says Knights lose alignment for eating while Satiated; the code does it only when a choke happens.',
    );
  if (base.warning && base.bites <= 1)
    wiki.push('The wiki says the warning is only for multi-turn meals; one-bite food warns too (no prompt).');
}

/** Conducts and cannibalism (eating_conducts(), maybe_cannibal(); polymorphed: same_race() too). */
function mealConduct(c: MealCtx, monster: MonsterEntry): MealResult['conduct'] {
  const r = eatingConduct(c.v, monster, c.race, c.input.role ?? null);
  // 3.6.7/5.0 maybe_cannibal(): also Upolyd && same_race(youmonst.data, fptr)
  const polyCannibal =
    !!c.input.form && c.v !== '3.4.3' && !r.cannibalism && sameRaceFn(c.input.form, monster) && !cannibalAllowed(c);
  return {
    breaksVegan: r.breaksVegan,
    breaksVegetarian: r.breaksVegetarian,
    cannibalism: r.cannibalism || polyCannibal,
    domesticPet: r.domesticPet,
    citations: r.citations,
  };
}

const cannibalAllowed = (c: MealCtx) =>
  ['caveman', 'cavewoman', 'cave dweller'].includes((c.input.role ?? '').toLowerCase()) || c.race === 'orc';

function speedFacts(c: MealCtx): MealResult['speed'] {
  const speed = c.input.speed ?? 'normal';
  const mmove = c.input.form ? c.input.form.speed : NORMAL_SPEED;
  return {
    speed,
    mmove,
    moveamt: c.moveamt.map(([amount, probability]) => ({ amount, probability })),
    encumbrance: c.input.encumbrance ?? 'Unencumbered',
    citation: speedCitation(c.v),
  };
}

function formFacts(c: MealCtx): MealResult['form'] {
  const f = c.input.form;
  if (!f) return null;
  const effects: string[] = [`speed ${f.speed} (youmonst.data->mmove)`];
  if ((f.mflags1 & M1_BREATHLESS) !== 0) effects.push('breathless: choking is always survived (choke(): Breathless)');
  if (!f.carnivore && !f.herbivore && !f.metallivore) effects.push('eats nothing: no base hunger (gethungry())');
  if (f.metallivore) effects.push('metallivore: bites into tins at once (start_tin())');
  if (c.v !== '3.4.3')
    effects.push('cannibalism also counts its own kind (maybe_cannibal(): same_race(youmonst.data, ...))');
  return { name: f.name, effects };
}

/** Tins: everything at once when the tin opens (consume_tin()), as an exact distribution. */
function planTin(base: MealResult, c: MealCtx): MealResult {
  const { v, h0, input, food } = c;
  const cc = base.citations;
  cc.splice(
    0,
    cc.length,
    cite(v, 'consumeTin', 'tin contents'),
    cite(v, 'tintxts', 'tin nutrition by variety'),
    cite(v, 'lesshungry', 'all at once, outside the meal'),
  );
  const contents = tinContents(v, food.tin ?? 'random', food.tinMonster, c.buc);
  cc.push(...contents.citations);
  base.notes.push(...contents.notes);
  // The nutrition values with their probabilities (spinach ranges spread uniformly).
  // [nutrition, probability, fed]: a tin that explodes, is empty or rotten never reaches lesshungry()
  // (consume_tin(): goto use_up_tin, or make_vomiting() instead; 3.4.3 opentin() the same), so it can
  // neither warn nor choke.
  const gains: [number, number, boolean][] = [];
  for (const o of contents.outcomes) {
    if (Array.isArray(o.nutrition)) {
      const [lo, hi] = o.nutrition;
      for (let n = lo; n <= hi; n++) gains.push([n, o.probability / (hi - lo + 1), true]);
    } else {
      const fed = !o.vomiting && o.variety !== 'exploded' && o.variety !== 'empty';
      gains.push([fed ? o.nutrition : 0, o.probability, fed]);
    }
  }
  const values = gains.map(([n]) => n);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const exactN = lo === hi ? lo : null;
  const form = input.form;
  const metallivore = !!form?.metallivore;
  const opening = tinOpenings(v, {
    blessedTin: c.buc === 'blessed',
    dex: input.dex,
    strength: input.strength,
    metallivore,
  });
  const chosen = input.tinTool
    ? tinOpening(v, input.tinTool, {
        blessedTin: c.buc === 'blessed',
        dex: input.dex,
        strength: input.strength,
        metallivore,
      })
    : null;
  base.oeaten = hi;
  base.bites = 1;
  base.actions = 1;
  base.totalGain = hi;
  base.canChoke = h0 > 1000;
  base.tin = {
    nutritionRange: [lo, hi],
    exactNutrition: exactN,
    meanNutrition: gains.reduce((a, [n, p]) => a + n * p, 0),
    afterRange: [h0 + lo, h0 + hi],
    warningChance: 0,
    warnsFrom: null,
    greasy: contents.outcomes.some((o) => o.greasy),
    vomiting: contents.outcomes.some((o) => o.vomiting),
    helplessTurns: 0,
    outcomes: contents.outcomes,
    varietyRandom: contents.varietyRandom,
    opening: chosen ? [chosen, ...opening.filter((o) => o.tool !== chosen.tool)] : opening,
  };
  cc.push(cite(v, 'startTin', 'opening time by tool'));
  // start_tin(): 3.6.7/5.0 cantwield() = nohands || verysmall (msize < MZ_SMALL); 3.4.3 nolimbs()
  const cantOpen =
    !!form &&
    !metallivore &&
    (v === '3.4.3' ? (form.mflags1 & 0x6000) === 0x6000 : (form.mflags1 & 0x2000) !== 0 || form.msize < 1);
  if (cantOpen) {
    base.notes.push(`A ${form!.name} cannot handle the tin properly to open it (start_tin()).`);
    base.tin.opening = [];
  }
  if (base.tin.vomiting)
    base.notes.push(
      'A rotten tin gives no nutrition: Vomiting for 10-24 turns instead, which costs 20 nutrition when it ends.',
    );
  if (contents.outcomes.some((o) => o.variety === 'exploded'))
    base.notes.push('A cursed tin that is not homemade explodes 1 time in 8 when opened (b_trapped()).');
  if (input.strangled)
    base.notes.push('While Strangled only a tin opener (apply) can open tins; eating them still works.');
  base.notes.push(
    'Tins give their nutrition at once when opened: the nutrition you give is taken as the value at that moment.',
  );
  tinVerdict(base, c, gains, lo, exactN);
  return base;
}

/** The tin's nutrition all at once: lesshungry() outside a meal (choke, 1500 warning, finish). */
function tinVerdict(
  base: MealResult,
  c: MealCtx,
  gains: [number, number, boolean][],
  lo: number,
  exactN: number | null,
): void {
  const { v, h0, input } = c;
  const moves = c.moves0;
  const cc = base.citations;
  // lesshungry() outside a meal: choke() iff H >= 2000, and choke() acts only if you were Satiated.
  let pChoke = 0;
  let pWarn = 0;
  let firstWarn: number | null = null;
  let okSum = 0;
  let okMass = 0;
  for (const [n, p, fed] of gains) {
    if (fed && h0 > 1000 && h0 + n >= 2000) pChoke += p;
    else {
      okSum += n * p;
      okMass += p;
      if (fed && h0 + n >= 1500 && h0 + n < 2000 && !(v === '5.0' && c.hungerProp)) {
        pWarn += p;
        if (firstWarn === null || n < firstWarn) firstWarn = n;
      }
    }
  }
  base.exact = exactN !== null;
  const meanGain = gains.reduce((a, [n, p]) => a + n * p, 0);
  base.table = [
    {
      bite: 1,
      moves,
      before: h0,
      gain: exactN ?? meanGain,
      after: h0 + (exactN ?? meanGain),
      event: pChoke > 0 ? 'choke' : pWarn > 0 ? 'warning' : null,
      ...(base.exact ? {} : { chokeChance: pChoke }),
    },
  ];
  if (base.tin) {
    base.tin.warningChance = pWarn;
    base.tin.warnsFrom = firstWarn;
  }
  if (pWarn > 0 && firstWarn !== null) {
    base.warning = { bite: 1, moves, nutrition: h0 + firstWarn, probability: pWarn };
    if (base.tin) base.tin.helplessTurns = 2;
    // lesshungry() outside a meal (victual.eating is 0 for tins): the warning fires whenever the
    // tin leaves 1500 <= nutrition < 2000, so for a random tin only when it gives firstWarn or more.
    const when =
      pWarn < 1
        ? ` Only when the tin gives ${firstWarn} or more (${fmtPct(pWarn)}): nutrition ${h0 + firstWarn}+.`
        : '';
    base.notes.push(
      `"You're having a hard time getting all of it down." and 2 helpless turns (multi = -2): no prompt for tins.${when}`,
    );
  }
  if (exactN === null) {
    const hi = Math.max(...gains.map(([n]) => n));
    const mean = Math.round(meanGain * 10) / 10;
    const after = `${h0 + lo}–${h0 + hi}, mean ${Math.round((h0 + meanGain) * 10) / 10}`;
    base.notes.push(`The tin gives ${lo}–${hi} (mean ${mean}): nutrition after ${after}.`);
  }
  if (pChoke > 0) {
    const n = exactN ?? Math.max(lo, 2000 - h0);
    base.choke = {
      bite: 1,
      moves,
      nutrition: h0 + n,
      probability: pChoke,
      beforeBite: false,
      outcome: chokeOutcome(v, input, c.breathless, c.hungerProp, h0 + n, c.knight),
    };
    cc.push(cite(v, 'choke'), cite(v, 'chokeSurvive'));
  }
  if (okMass > 0) {
    const n = okSum / okMass;
    base.finish = { probability: 1 - pChoke, nutrition: h0 + n, moves, status: statusFor(Math.round(h0 + n)) };
  }
  if (!base.canChoke) base.notes.push(`Not Satiated before the tin (${h0} <= 1000): it cannot choke you.`);
}

const fmtPct = (p: number) => `${+(p * 100).toFixed(2)}%`;

/** Chance that the rot checks spoil the meal (no resistances, not blind). */
function rotFacts(food: FoodRef, v: NethackVersion, buc: Buc, age: number | undefined): MealResult['rot'] {
  if (food.kind === 'item') {
    const name = food.name;
    const nonrotting = v !== '3.4.3' && (name === 'lembas wafer' || name === 'cram ration');
    let chance: number | null;
    let note: string;
    if (name === 'fortune cookie') {
      chance = 0;
      note = 'Fortune cookies never rot.';
    } else if (buc === 'cursed') {
      chance = 1;
      note = 'Cursed food is always rotten (half nutrition).';
    } else if (v === '3.4.3') {
      chance = 1 / 7;
      note =
        '3.4.3 bug: ((moves - age) > (int) blessed ? 50 : 30) is always true, so any non-cursed food is rotten 1 time in 7 whatever its age.';
    } else if (nonrotting) {
      chance = 0;
      note = 'Lembas and cram rot only when cursed.';
    } else if (age === undefined) {
      chance = null;
      note = `Rotten 1 time in 7 when older than ${buc === 'blessed' ? 50 : 30} turns (half nutrition).`;
    } else {
      chance = age > (buc === 'blessed' ? 50 : 30) ? 1 / 7 : 0;
      note = `Rotten 1 time in 7 when older than ${buc === 'blessed' ? 50 : 30} turns (half nutrition).`;
    }
    return { rottenChance: chance, taintedChance: 0, knockoutChance: chance === null ? null : (chance * 3) / 16, note };
  }
  if (food.kind === 'corpse' || food.kind === 'glob') {
    // A glob's corpsenm is its monster (all four are acidic; green slime also poisonous).
    const m =
      food.monster ??
      (food.kind === 'glob'
        ? monsterByPm(
            `PM_${food.name
              .replace(/^glob of /, '')
              .toUpperCase()
              .replace(/ /g, '_')}`,
          )
        : undefined);
    // nonrotting_corpse(): 3.6.7 src/eat.c:52 lizard, lichen, Riders; 5.0 eat.c:58 also acid blob;
    // 3.4.3 eatcorpse() (eat.c:1250, 1307) only lizard and lichen.
    const nonrot =
      !!m &&
      (v === '3.4.3'
        ? m.pm === 'PM_LIZARD' || m.pm === 'PM_LICHEN'
        : m.nonrottingCorpse || (v === '5.0' && m.pm === 'PM_ACID_BLOB'));
    if (nonrot) return { rottenChance: 0, taintedChance: 0, knockoutChance: 0, note: 'This corpse never rots.' };
    if (age === undefined)
      return {
        rottenChance: null,
        taintedChance: null,
        knockoutChance: null,
        note: 'rotted = age / (10 + rn2(20)) (+2 cursed, -2 blessed): tainted if > 5; otherwise 1 in 7 rotten (a quarter of the nutrition). Give the age for chances.',
      };
    const adj = buc === 'cursed' ? 2 : buc === 'blessed' ? -2 : 0;
    let taintedRolls = 0;
    let clean = 0; // chance (x 20) of no tainting and no tp: the 1-in-7 rot roll happens
    // Never tainted: 3.4.3 (eat.c:1258) acid blob or stoneable; 3.6.7 (eat.c:1616) also slimeable
    // (green slime); 5.0 (eat.c:1895) globs, stoneable, slimeable (acid blob does not rot there).
    const slimeable = m?.pm === 'PM_GREEN_SLIME' && v !== '3.4.3';
    const exempt =
      !!m && (m.fleshPetrifies || slimeable || (v === '5.0' ? food.kind === 'glob' : m.pm === 'PM_ACID_BLOB'));
    for (let r = 0; r < 20; r++) {
      const rotted = Math.floor(age / (10 + r)) + adj;
      if (!exempt && rotted > 5) {
        taintedRolls++;
        continue;
      }
      // The else-if chain (3.6.7 eat.c:1644-1659): acidic; else poisonous && rn2(5); else
      // (rotted > 5 || (rotted > 3 && rn2(5))). A poisonous corpse whose rn2(5) is 0 falls through
      // to the rotted test.
      const sick = rotted > 5 ? 1 : rotted > 3 ? 4 / 5 : 0;
      let t: number;
      if (m?.acidic) t = 1;
      else if (m?.poisonous) t = 4 / 5 + (1 / 5) * sick;
      else t = sick;
      clean += 1 - t;
    }
    const rotten = clean / 20 / 7;
    return {
      rottenChance: rotten,
      taintedChance: taintedRolls / 20,
      knockoutChance: (rotten * 3) / 16,
      note: 'Tainted: food poisoning and no nutrition. Rotten: a quarter of the nutrition, or a knockout (the meal does not start).',
    };
  }
  return null;
}
