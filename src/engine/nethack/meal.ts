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
import { burnFlags, callPmf, defaultProfile, type BurnProfile } from './burn.ts';
import { foodFor, type FoodRef } from './foods.ts';
import { monsterByPm } from './data.ts';
import { cite } from './sources.ts';

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
  input: { food: string; nutrition: number; moves: number; race: Race; role: string | null; breathless: boolean; strangled: boolean; lifesaving: boolean; hunger: boolean; rotten: boolean; eaten: number | null; buc: Buc; age: number | null; continueAtPrompt: boolean };
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
  choke: { bite: number; moves: number; nutrition: number; probability: number; beforeBite: boolean; outcome: ChokeOutcome } | null;
  /** The meal finished without choking (continue at the prompt). */
  finish: { probability: number; nutrition: number; moves: number; status: NethackStatus } | null;
  /** Most nutrition you can still gain without any risk of choking now (null: this meal cannot choke). */
  safeNutritionNow: number | null;
  tin: {
    nutritionRange: [number, number];
    exactNutrition: number | null;
    /** Mean of the tin's nutrition (uniform over the range: spinach rnd()). */
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
  } | null;
  rot: { rottenChance: number | null; taintedChance: number | null; knockoutChance: number | null; note: string } | null;
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

function chokeOutcome(v: NethackVersion, input: MealInput, hungerProp: boolean, h: number, knight: boolean): ChokeOutcome {
  let surviveChance: number;
  let surviveReason: string;
  if (input.breathless) {
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

interface PathState {
  h: number;
  warned: boolean;
  p: number;
}

/** Merge equal states. */
function merge(states: PathState[]): PathState[] {
  const m = new Map<string, PathState>();
  for (const s of states) {
    const k = `${s.h}|${s.warned ? 1 : 0}`;
    const e = m.get(k);
    if (e) e.p += s.p;
    else m.set(k, { ...s });
  }
  return [...m.values()];
}

const mean = (states: PathState[]) => {
  const tot = states.reduce((a, s) => a + s.p, 0);
  return tot > 0 ? states.reduce((a, s) => a + s.h * s.p, 0) / tot : 0;
};

export function planMeal(input: MealInput): MealResult {
  const v = input.version;
  const food = typeof input.food === 'string' ? foodFor(input.food, v, { globWeight: input.globWeight }) : input.food;
  const race = input.race ?? 'human';
  const buc = input.buc ?? 'uncursed';
  const moves0 = input.moves ?? 1;
  const h0 = input.nutrition;
  const profile = input.profile ?? defaultProfile(v);
  const flags = burnFlags(profile);
  const hungerProp = !!input.hunger || flags.hunger === 1;
  const knight = (input.role ?? '').toLowerCase() === 'knight';
  const cont = input.continueAtPrompt ?? true;
  const notes: string[] = [];
  const wiki: string[] = [];
  const citations: Citation[] = [cite(v, 'doeat', 'meal setup'), cite(v, 'bite', 'one bite'), cite(v, 'lesshungry', 'warning, prompt, choke')];
  const base: MealResult = {
    game: 'nethack',
    version: v,
    input: { food: food.name, nutrition: h0, moves: moves0, race, role: input.role ?? null, breathless: !!input.breathless, strangled: !!input.strangled, lifesaving: !!input.lifesaving, hunger: hungerProp, rotten: !!input.rotten, eaten: input.eaten ?? null, buc, age: input.age ?? null, continueAtPrompt: cont },
    food: { name: food.name, kind: food.kind, baseNutrition: food.nutrition, baseDelay: food.delay, weight: food.weight },
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
    exact: true,
    notes,
    wiki,
    citations,
  };

  if (food.kind === 'tin') return planTin(base, food, input, hungerProp, knight);

  if (input.strangled) {
    base.refused = '"If you can\'t breathe air, how can you consume solids?" doeat() refuses every meal while Strangled.';
    citations.push(cite(v, 'doeatStrangled'));
    return base;
  }

  // ---- doeat(): oeaten, reqtime, nmod
  // 3.6.7: a partly eaten glob weighs what is left: every bite's recalc_wt() sets owt = weight() =
  // eaten_stat(owt, glob) = owt x oeaten / obj_nutrition() = oeaten (src/mkobj.c:1424-1460,
  // src/eat.c:3220-3236), and a glob's nutrition (obj_nutrition(), eat.c:320) and eating time
  // (eatcorpse(): 3 + (owt >> 6), eat.c:1666) both come from owt. So it eats exactly like a
  // fresh glob of weight oeaten, whatever its original weight. (5.0 weight() returns a glob's
  // owt as-is, src/mkobj.c:1901-1909, so there the given glob weight stands.)
  const globLeft = v === '3.6.7' && food.kind === 'glob' && input.eaten !== undefined && input.eaten > 0 ? input.eaten : null;
  const basenutrit = globLeft ?? raceBase(food, race, v);
  let oeaten = input.eaten ?? basenutrit;
  // An orc may hold a lembas partly eaten by someone else (oeaten up to 799 of the 800): the
  // limit is the larger of the racial and the plain nutrition.
  const maxEaten = Math.max(basenutrit, food.nutrition);
  if (input.eaten !== undefined && input.eaten > maxEaten) throw new UserError(`eaten must be a whole number from 1 to ${maxEaten} for ${food.name}.`, `For example \`eaten:${Math.max(1, Math.floor(maxEaten / 2))}\`.`, 'invalid_option');
  let reqtime = globLeft !== null ? 3 + (globLeft >> 6) : food.delay;
  /** consume_oeaten() reached 0: it sets reqtime = usedtime (0 here, in doeat()) and oeaten = 1. */
  let rotToZero = false;
  if (input.rotten) {
    if (food.kind === 'corpse' || food.kind === 'glob') {
      if (food.nutrition === 0) {
        base.refused = 'The corpse rots away completely (no nutrition to rot).';
        citations.push(cite(v, 'eatcorpse'));
        return base;
      }
      oeaten = oeaten >> 2; // eatcorpse(): consume_oeaten(otmp, 2)
    } else oeaten = oeaten >> 1; // doeat(): consume_oeaten(otmp, 1)
    // src/eat.c consume_oeaten() (3.6.7:3283-3287, 3.4.3:2559-2562, 5.0:3867-3870): when oeaten reaches 0 it
    // sets victual.reqtime = victual.usedtime (0: doeat() reset usedtime) and oeaten = 1, so the
    // rounddiv below gives reqtime 0 and nmod 0: the meal gives nothing.
    if (oeaten === 0) {
      oeaten = 1;
      rotToZero = true;
    }
    citations.push(cite(v, food.kind === 'corpse' || food.kind === 'glob' ? 'eatcorpse' : 'doeatRot', food.kind === 'corpse' || food.kind === 'glob' ? 'rotten corpse: a quarter' : 'rotten food: half'));
  }
  if (rotToZero) reqtime = 0;
  // 3.6.7 obj_nutrition() (src/eat.c:330-332), called again by doeat() for basenutrit (2694):
  // "if (otmp->oeaten >= nut) otmp->oeaten = (otmp->oeaten < objects[LEMBAS_WAFER].oc_nutrition)
  // ? (nut - 1) : nut;" -- an orc's fresh wafer (touchfood() set oeaten = 600) becomes 599.
  if (v === '3.6.7' && food.kind === 'item' && food.name === 'lembas wafer' && oeaten >= basenutrit) {
    const before = oeaten;
    oeaten = oeaten < food.nutrition ? basenutrit - 1 : basenutrit;
    citations.push(cite(v, 'objNutrition', 'lembas: oeaten >= nut becomes nut - 1 when below 800'));
    if (oeaten !== before) notes.push(`obj_nutrition() trims the wafer from ${before} to ${oeaten} (oeaten >= ${basenutrit} but below 800 becomes ${basenutrit - 1}).`);
  }
  // doeat(): reqtime = basenutrit == 0 ? 0 : rounddiv(reqtime * oeaten, basenutrit)
  reqtime = basenutrit === 0 ? 0 : rounddiv(reqtime * oeaten, basenutrit);
  let nmod: number;
  if (reqtime === 0 || oeaten === 0) nmod = 0;
  else if (oeaten >= reqtime) nmod = -cdiv(oeaten, reqtime);
  else nmod = reqtime % oeaten;
  citations.push(cite(v, 'doeatReqtime', 'reqtime = rounddiv(delay x oeaten, full)'), cite(v, 'doeatNmod', 'nutrition per bite'), cite(v, 'doeatCanchoke', 'canchoke = Satiated at the start'));
  if (v === '3.6.7' && basenutrit !== food.nutrition) citations.push(cite(v, 'objNutrition', 'racial lembas/cram'));
  if (v === '5.0' && (food.name === 'lembas wafer' || food.name === 'cram ration') && race !== 'human') citations.push(cite(v, 'adjVictual', 'racial lembas/cram per bite'));
  base.oeaten = oeaten;
  base.nmod = nmod;
  base.bites = reqtime;
  base.perBite = nmod < 0 ? adjBite(-nmod, food, race, v) : null;
  base.canChoke = h0 > 1000;

  // ---- Bite schedule (independent of nutrition): start_eating() + eatfood() + consume_oeaten()
  interface Bite {
    action: number;
    usedtime: number;
    gain: number;
    reqtimeAtBite: number;
  }
  const bites: Bite[] = [];
  {
    let used = 0;
    let req = reqtime;
    let left = oeaten;
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
  }
  const total = bites.reduce((a, x) => a + x.gain, 0);
  base.totalGain = total;
  base.remainderLost = nmod < 0 ? oeaten - reqtime * -nmod : oeaten - total;

  // ---- Nutrition along the meal, as a distribution over paths (exact; one path unless 5.0)
  const canChoke = h0 > 1000;
  let states: PathState[] = [{ h: h0, warned: false, p: 1 }];
  const survive = chokeOutcome(v, input, hungerProp, 0, knight); // for the citation note
  let chokeMass = 0;
  let firstChoke: MealResult['choke'] = null;
  let promptInfo: MealResult['prompt'] = null;
  let warnInfo: MealResult['warning'] = null;
  let exact = true;
  let stoppedEarly = false;
  for (let i = 0; i < bites.length; i++) {
    const bt = bites[i]!;
    const moves = moves0 + bt.action;
    if (bt.action > 0) {
      const pmf = callPmf(profile, flags, moves, false);
      if (pmf.filter((x) => x > 0).length > 1) exact = false;
      const next: PathState[] = [];
      for (const s of states) pmf.forEach((q, k) => q > 0 && next.push({ h: s.h - k, warned: s.warned, p: s.p * q }));
      states = merge(next);
    }
    const before = mean(states);
    let rowEvent: BiteRow['event'] = null;
    let chokeHere = 0;
    const next: PathState[] = [];
    for (const s of states) {
      // bite(): canchoke && H >= 2000 -> choke() before any nutrition
      if (canChoke && s.h >= 2000) {
        chokeHere += s.p;
        rowEvent = 'choke-before-bite';
        if (!firstChoke) firstChoke = { bite: i + 1, moves, nutrition: s.h, probability: 0, beforeBite: true, outcome: chokeOutcome(v, input, hungerProp, s.h, knight) };
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
          rowEvent = 'choke';
          if (!firstChoke) firstChoke = { bite: i + 1, moves, nutrition: h, probability: 0, beforeBite: false, outcome: chokeOutcome(v, input, hungerProp, h, knight) };
          continue;
        }
        next.push({ ...s, h });
        continue;
      }
      let warned = s.warned;
      if (h >= 1500 && !warned && !(v === '5.0' && hungerProp)) {
        warned = true;
        if (!warnInfo) warnInfo = { bite: i + 1, moves, nutrition: h };
        if (rowEvent === null) rowEvent = 'warning';
        const promptAsked = canChoke && (v === '5.0' ? bt.reqtimeAtBite - bt.usedtime > 1 : bt.reqtimeAtBite > 1);
        if (promptAsked) {
          rowEvent = 'prompt';
          if (!promptInfo) {
            // Stopping: reset_eat(); the next action ends the meal without a bite.
            const burnNext = callPmf(profile, flags, moves + 1, false).reduce((a, q, k) => a + q * k, 0);
            promptInfo = { bite: i + 1, moves, nutrition: h, ifStopped: { nutrition: h - burnNext, moves: moves + 1 } };
          }
          // Stopped: reset_eat(); the next eatfood() ends the meal without a bite -- unless no bite
          // is left (3.6.7/3.4.3 also ask on the last bite): then ++usedtime > reqtime and
          // eatfood() calls done_eating() anyway (src/eat.c eatfood() 3.6.7:442-448, 3.4.3:408-413).
          if (!cont && i < bites.length - 1) {
            stoppedEarly = true;
            continue;
          }
        }
      }
      next.push({ h, warned, p: s.p });
    }
    chokeMass += chokeHere;
    const afterStates = merge(next);
    base.table.push({ bite: i + 1, moves, before, gain: bt.gain, after: afterStates.length ? mean(afterStates) : before + bt.gain, event: rowEvent, ...(exact ? {} : { chokeChance: chokeHere }) });
    states = afterStates;
    if (!states.length) break;
  }
  // Final action (done_eating) burns that turn first.
  const finalMoves = moves0 + base.actions - 1;
  if (base.actions > 1 && states.length) {
    const pmf = callPmf(profile, flags, finalMoves, false);
    const next: PathState[] = [];
    for (const s of states) pmf.forEach((q, k) => q > 0 && next.push({ h: s.h - k, warned: s.warned, p: s.p * q }));
    states = merge(next);
  }
  const finishP = states.reduce((a, s) => a + s.p, 0);
  if (firstChoke) {
    firstChoke.probability = chokeMass;
    base.choke = firstChoke;
    citations.push(cite(v, 'choke', 'choke()'), cite(v, 'chokeSurvive', survive.surviveReason), cite(v, 'chokeVomit', 'vomit: -1000'));
    if (input.lifesaving) citations.push(cite(v, 'savelifeHunger', 'life saved from choking: 900'));
  }
  if (finishP > 0 && !stoppedEarly) {
    const h = mean(states);
    base.finish = { probability: finishP, nutrition: exact ? Math.round(h) : h, moves: finalMoves, status: statusFor(Math.round(h)) };
  }
  base.warning = warnInfo;
  base.prompt = promptInfo;
  base.exact = exact;
  if (promptInfo) citations.push(cite(v, 'continuePrompt', v === '3.4.3' ? '"Stop eating?"' : '"Continue eating?"'));
  if (warnInfo) citations.push(cite(v, 'lesshungryWarn', '1500 warning'));

  // ---- Notes and wiki differences
  if (!canChoke) notes.push(`Not Satiated when the meal starts (${h0} <= 1000): this meal cannot choke you, even past 2000.`);
  if (base.remainderLost > 0) notes.push(`The rounding loses ${base.remainderLost} nutrition (oeaten mod reqtime), even without interruption.`);
  if (food.monster) {
    const m = food.monster;
    if (m.rider) notes.push('Eating a Rider corpse kills you (cprefx()).');
    if (m.fleshPetrifies) notes.push('Eating it turns you to stone unless you resist stoning (cprefx()).');
    if (m.poisonous) notes.push('Poisonous: 4 in 5 chance of losing Str and HP unless poison resistant.');
    if (m.acidic) notes.push('Acidic: 1d15 damage unless acid resistant.');
  }
  if (v === '3.4.3' && promptInfo) notes.push('3.4.3 asks "Stop eating?" (default yes) instead of "Continue eating?".');
  if (input.rotten) wiki.push(food.kind === 'corpse' || food.kind === 'glob' ? 'The wiki says rotten food gives half; a rotten corpse gives a quarter (oeaten >>= 2).' : 'Rotten non-corpse food gives half (oeaten >>= 1), as the wiki says.');
  if (base.remainderLost > 0) wiki.push('The wiki says only interruption loses nutrition; the remainder is lost on every meal.');
  if (firstChoke) wiki.push('The wiki says you choke when you finish the food; the code chokes on the bite that reaches 2000, and the rest is not eaten.');
  if (knight && firstChoke) wiki.push('The wiki says Knights lose alignment for eating while Satiated; the code does it only when a choke happens.');
  if (warnInfo && base.bites <= 1) wiki.push('The wiki says the warning is only for multi-turn meals; one-bite food warns too (no prompt).');

  base.rot = rotFacts(food, v, buc, input.age);
  return base;
}

function planTin(base: MealResult, food: FoodRef, input: MealInput, hungerProp: boolean, knight: boolean): MealResult {
  const v = input.version;
  const h0 = input.nutrition;
  const buc = input.buc ?? 'uncursed';
  const c = base.citations;
  c.splice(0, c.length, cite(v, 'consumeTin', 'tin contents'), cite(v, 'tintxts', 'tin nutrition by variety'), cite(v, 'lesshungry', 'all at once, outside the meal'));
  let lo: number;
  let hi: number;
  let vomiting = false;
  let variety = food.tin!;
  if (buc === 'cursed' && variety !== 'spinach' && variety !== 'empty') variety = 'rotten'; // tin_variety(): cursed -> rotten
  if (variety === 'spinach') {
    if (v === '3.4.3' || buc === 'blessed') lo = hi = 600;
    else if (buc === 'uncursed') (lo = 401), (hi = 600);
    else (lo = 201), (hi = 600);
  } else if (variety === 'empty') lo = hi = 0;
  else if (variety === 'rotten') {
    lo = hi = 0;
    vomiting = true;
  } else {
    lo = hi = food.nutrition;
  }
  base.oeaten = hi;
  base.bites = 1;
  base.actions = 1;
  base.totalGain = hi;
  base.canChoke = h0 > 1000;
  const exactN = lo === hi ? lo : null;
  base.tin = {
    nutritionRange: [lo, hi],
    exactNutrition: exactN,
    meanNutrition: (lo + hi) / 2,
    afterRange: [h0 + lo, h0 + hi],
    warningChance: 0,
    warnsFrom: null,
    greasy: !!food.greasy && variety !== 'rotten',
    vomiting,
    helplessTurns: 0,
  };
  if (vomiting) base.notes.push('A rotten tin gives no nutrition: Vomiting for 10-24 turns instead, which costs 20 nutrition when it ends.');
  if (buc === 'cursed' && food.tin !== 'spinach' && food.tin !== 'empty') base.notes.push('A cursed tin is always rotten (tin_variety()), and 1 in 8 cursed non-homemade tins explode when opened.');
  if (food.tin === 'homemade' && buc !== 'blessed') base.notes.push('A non-blessed homemade tin is rotten 1 time in 7.');
  if (v === '5.0' && food.tin === 'homemade') base.notes.push('5.0: a homemade tin gives no more than the corpse would (min(50, corpse nutrition)).');
  if (input.strangled) base.notes.push('While Strangled only a tin opener (apply) can open tins; eating them still works.');
  base.notes.push('Tins give their nutrition at once when opened: the nutrition you give is taken as the value at that moment.');
  // lesshungry() outside a meal: choke() iff H >= 2000, and choke() acts only if you were Satiated.
  const chokeAt = (n: number) => h0 > 1000 && h0 + n >= 2000;
  const warnAt = (n: number) => h0 + n >= 1500 && h0 + n < 2000 && !(v === '5.0' && hungerProp);
  const count = hi - lo + 1;
  let pChoke = 0;
  let pWarn = 0;
  let firstWarn: number | null = null;
  let okSum = 0;
  let okCount = 0;
  for (let n = lo; n <= hi; n++) {
    if (chokeAt(n)) pChoke += 1 / count;
    else {
      okSum += n;
      okCount++;
      if (warnAt(n)) {
        pWarn += 1 / count;
        if (firstWarn === null) firstWarn = n;
      }
    }
  }
  base.exact = lo === hi;
  const meanGain = (lo + hi) / 2;
  base.table = [{ bite: 1, moves: input.moves ?? 1, before: h0, gain: exactN ?? meanGain, after: h0 + (exactN ?? meanGain), event: pChoke > 0 ? 'choke' : pWarn > 0 ? 'warning' : null, ...(base.exact ? {} : { chokeChance: pChoke }) }];
  base.tin.warningChance = pWarn;
  base.tin.warnsFrom = firstWarn;
  if (pWarn > 0 && firstWarn !== null) {
    base.warning = { bite: 1, moves: input.moves ?? 1, nutrition: h0 + firstWarn, probability: pWarn };
    base.tin.helplessTurns = 2;
    // lesshungry() outside a meal (victual.eating is 0 for tins): the warning fires whenever the
    // tin leaves 1500 <= nutrition < 2000, so for a random tin only when it gives firstWarn or more.
    const when = pWarn < 1 ? ` Only when the tin gives ${firstWarn} or more (${fmtPct(pWarn)}): nutrition ${h0 + firstWarn}+.` : '';
    base.notes.push(`"You're having a hard time getting all of it down." and 2 helpless turns (multi = -2): no prompt for tins.${when}`);
  }
  if (!exactN && lo !== hi) base.notes.push(`The tin gives ${lo}–${hi} (mean ${(lo + hi) / 2}): nutrition after ${h0 + lo}–${h0 + hi}, mean ${h0 + (lo + hi) / 2}.`);
  if (pChoke > 0) {
    // the smallest amount that chokes
    const n = exactN ?? Math.max(lo, 2000 - h0);
    base.choke = { bite: 1, moves: input.moves ?? 1, nutrition: h0 + n, probability: pChoke, beforeBite: false, outcome: chokeOutcome(v, input, hungerProp, h0 + n, knight) };
    c.push(cite(v, 'choke'), cite(v, 'chokeSurvive'));
  }
  if (okCount > 0) {
    const n = okSum / okCount;
    base.finish = { probability: 1 - pChoke, nutrition: h0 + n, moves: input.moves ?? 1, status: statusFor(Math.round(h0 + n)) };
  }
  if (!base.canChoke) base.notes.push(`Not Satiated before the tin (${h0} <= 1000): it cannot choke you.`);
  return base;
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
      note = '3.4.3 bug: ((moves - age) > (int) blessed ? 50 : 30) is always true, so any non-cursed food is rotten 1 time in 7 whatever its age.';
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
    const m = food.monster ?? (food.kind === 'glob' ? monsterByPm(`PM_${food.name.replace(/^glob of /, '').toUpperCase().replace(/ /g, '_')}`) : undefined);
    // nonrotting_corpse(): 3.6.7 src/eat.c:52 lizard, lichen, Riders; 5.0 eat.c:58 also acid blob;
    // 3.4.3 eatcorpse() (eat.c:1250, 1307) only lizard and lichen.
    const nonrot = !!m && (v === '3.4.3' ? m.pm === 'PM_LIZARD' || m.pm === 'PM_LICHEN' : m.nonrottingCorpse || (v === '5.0' && m.pm === 'PM_ACID_BLOB'));
    if (nonrot) return { rottenChance: 0, taintedChance: 0, knockoutChance: 0, note: 'This corpse never rots.' };
    if (age === undefined) return { rottenChance: null, taintedChance: null, knockoutChance: null, note: 'rotted = age / (10 + rn2(20)) (+2 cursed, -2 blessed): tainted if > 5; otherwise 1 in 7 rotten (a quarter of the nutrition). Give the age for chances.' };
    const adj = buc === 'cursed' ? 2 : buc === 'blessed' ? -2 : 0;
    let taintedRolls = 0;
    let clean = 0; // chance (x 20) of no tainting and no tp: the 1-in-7 rot roll happens
    // Never tainted: 3.4.3 (eat.c:1258) acid blob or stoneable; 3.6.7 (eat.c:1616) also slimeable
    // (green slime); 5.0 (eat.c:1895) globs, stoneable, slimeable (acid blob does not rot there).
    const slimeable = m?.pm === 'PM_GREEN_SLIME' && v !== '3.4.3';
    const exempt = !!m && (m.fleshPetrifies || slimeable || (v === '5.0' ? food.kind === 'glob' : m.pm === 'PM_ACID_BLOB'));
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
    return { rottenChance: rotten, taintedChance: taintedRolls / 20, knockoutChance: (rotten * 3) / 16, note: 'Tainted: food poisoning and no nutrition. Rotten: a quarter of the nutrition, or a knockout (the meal does not start).' };
  }
  return null;
}
