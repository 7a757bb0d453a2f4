// Audit against the C source (each case failed before its fix). Lines: 3.6.7 tag
// NetHack-3.6.7_Released, 3.4.3 Vanilla-NetHack/NetHack-3.4.3, 5.0 commit 16ff5911.
import { describe, expect, it } from 'vitest';
import { burnOnTurn, defaultProfile, drain, forecast, planMeal } from '../../../src/engine/nethack/index.ts';

describe('3.6.7 obj_nutrition() lembas clamp (src/eat.c:330-332, called again by doeat() at 2694)', () => {
  // touchfood() sets oeaten = 600 for an orc; the recalculation then finds oeaten >= nut (600)
  // and, 600 being below objects[LEMBAS_WAFER].oc_nutrition (800), sets oeaten = nut - 1.
  it('an orc eats 599 of a fresh wafer: reqtime rounddiv(2 x 599, 600) = 2, nmod -299, 598 total', () => {
    const r = planMeal({ version: '3.6.7', food: 'lembas wafer', race: 'orc', nutrition: 100 });
    expect([r.oeaten, r.bites, r.nmod, r.totalGain, r.remainderLost]).toEqual([599, 2, -299, 598, 1]);
  });
  it('a wafer an orc holds partly eaten down to 700 is clamped to 599 too (no error)', () => {
    const r = planMeal({ version: '3.6.7', food: 'lembas wafer', race: 'orc', nutrition: 100, eaten: 700 });
    expect([r.oeaten, r.totalGain]).toEqual([599, 598]);
  });
  it('humans, elves and 5.0 orcs are not clamped (5.0 obj_nutrition() has no racial code, eat.c:325)', () => {
    expect(planMeal({ version: '3.6.7', food: 'lembas wafer', race: 'human', nutrition: 100 }).totalGain).toBe(800);
    expect(planMeal({ version: '3.6.7', food: 'lembas wafer', race: 'elf', nutrition: 100 }).totalGain).toBe(1000);
    expect(planMeal({ version: '5.0', food: 'lembas wafer', race: 'orc', nutrition: 100 }).totalGain).toBe(600);
  });
});

describe('rot that empties the food: consume_oeaten() sets reqtime = usedtime = 0 (3.6.7 eat.c:3283-3287)', () => {
  it('3.6.7 rotten killer bee corpse with 3 left: 3 >> 2 = 0 -> reqtime 0, nmod 0, nothing eaten', () => {
    const r = planMeal({ version: '3.6.7', food: 'killer bee corpse', nutrition: 100, eaten: 3, rotten: true });
    expect([r.oeaten, r.bites, r.nmod, r.totalGain, r.actions]).toEqual([1, 0, 0, 0, 1]);
  });
  it('so it cannot choke at 1999 (it used to give 1 nutrition and choke at 2000)', () => {
    const r = planMeal({ version: '3.6.7', food: 'killer bee corpse', nutrition: 1999, eaten: 3, rotten: true });
    expect(r.choke).toBeNull();
    expect(r.finish?.nutrition).toBe(1999);
  });
  it('3.4.3 the same (consume_oeaten() eat.c:2559-2562)', () => {
    const r = planMeal({ version: '3.4.3', food: 'killer bee corpse', nutrition: 1499, eaten: 2, rotten: true });
    expect([r.bites, r.totalGain]).toEqual([0, 0]);
    expect(r.warning).toBeNull();
  });
  it('5.0 rotten eucalyptus leaf (1 nutrition): 1 >> 1 = 0 -> no nutrition (eat.c:3867-3870)', () => {
    const r = planMeal({ version: '5.0', food: 'eucalyptus leaf', nutrition: 100, rotten: true });
    expect([r.bites, r.totalGain, r.finish?.nutrition]).toEqual([0, 0, 100]);
  });
});

describe('"Continue eating?" answered no on the last bite still finishes the meal (eatfood() 3.6.7:442-448)', () => {
  it('3.6.7 tripe ration with 199 left at 1400: prompt on bite 2 of 2; next action ++usedtime > reqtime -> done_eating()', () => {
    const r = planMeal({
      version: '3.6.7',
      food: 'tripe ration',
      nutrition: 1400,
      eaten: 199,
      continueAtPrompt: false,
    });
    expect(r.prompt).toMatchObject({ bite: 2, nutrition: 1597 });
    expect(r.finish).toMatchObject({ moves: 3, nutrition: 1596, probability: 1 });
  });
  it('stopping with bites left ends the meal without finishing it', () => {
    const r = planMeal({ version: '3.4.3', food: 'food ration', nutrition: 1350, continueAtPrompt: false });
    expect(r.prompt).toMatchObject({ bite: 1, nutrition: 1510 });
    expect(r.finish).toBeNull();
  });
});

describe('3.4.3 gethungry(): a regenerating polymorph form is free (src/eat.c:2137, include/youprop.h:295)', () => {
  // 3.4.3 tests HRegeneration, which only eating a ring of regeneration sets; the form enters
  // only the Regeneration macro via regenerates(youmonst.data).
  it('odd turn: base 1 only for the form, 2 for intrinsic regeneration', () => {
    expect(burnOnTurn({ ...defaultProfile('3.4.3'), regeneration: 'form' }, 3).total).toBe(1);
    expect(burnOnTurn({ ...defaultProfile('3.4.3'), regeneration: 'intrinsic' }, 3).total).toBe(2);
  });
  it('forecast per 20 turns: 20 for a troll-form 3.4.3 hero', () => {
    expect(
      forecast({ nutrition: 900, profile: { ...defaultProfile('3.4.3'), regeneration: 'form' }, skipStarvation: true })
        .per20,
    ).toBe(20);
  });
});

describe('jump(): a non-magic jump needs Unencumbered (3.6.7 src/apply.c:1723, before the 1726 nutrition test)', () => {
  it('Burdened: refused, costs nothing', () => {
    const r = drain({ version: '3.6.7', action: 'jump', nutrition: 500, encumbrance: 'Burdened' });
    expect(r.refused).toMatch(/carrying too much/);
    expect(r.amount.exact).toBe(0);
  });
  it('the spell (magic) skips the check; Unencumbered jumps cost rnd(25)', () => {
    expect(
      drain({ version: '3.6.7', action: 'jump', nutrition: 500, encumbrance: 'Stressed', magic: true }).refused,
    ).toBeNull();
    expect(
      drain({ version: '3.4.3', action: 'jump', nutrition: 500, encumbrance: 'Unencumbered' }).amount,
    ).toMatchObject({ min: 1, max: 25 });
  });
});

describe('corpse rot chances (eatcorpse() 3.6.7 src/eat.c:1616-1659)', () => {
  it('poisonous corpse: when rn2(5) spares the poison, the rotted > 3 test still applies (killer bee, age 50)', () => {
    // rotted = 50 / (10 + rn2(20)): 5, 4, 4 for rn2 = 0..2 (else <= 3). tp = (3 x (4/5 + 1/5 x 4/5) + 17 x 4/5) / 20
    const r = planMeal({ version: '3.6.7', food: 'killer bee corpse', nutrition: 100, age: 50 });
    expect(r.rot!.rottenChance).toBeCloseTo((1 - (3 * 0.96 + 17 * 0.8) / 20) / 7, 12);
  });
  it('globs are acidic (never rotten); 3.6.7 gray ooze can be tainted, green slime cannot (slimeable), 5.0 globs never (eat.c:1895)', () => {
    const ooze = planMeal({ version: '3.6.7', food: 'glob of gray ooze', nutrition: 100, age: 100 }).rot!;
    expect([ooze.taintedChance, ooze.rottenChance]).toEqual([7 / 20, 0]);
    const slime = planMeal({ version: '3.6.7', food: 'glob of green slime', nutrition: 100, age: 100 }).rot!;
    expect([slime.taintedChance, slime.rottenChance]).toEqual([0, 0]);
    const ooze50 = planMeal({ version: '5.0', food: 'glob of gray ooze', nutrition: 100, age: 100 }).rot!;
    expect([ooze50.taintedChance, ooze50.rottenChance]).toEqual([0, 0]);
  });
  it('3.4.3 Riders rot like any corpse (only lizard and lichen are spared, eat.c:1250)', () => {
    const r = planMeal({ version: '3.4.3', food: 'Death corpse', nutrition: 100, age: 1000 }).rot!;
    expect(r.taintedChance).toBe(1);
  });
});

describe('3.6.7 partly eaten glob: owt follows oeaten (recalc_wt() -> weight() -> eaten_stat(), src/mkobj.c:1424-1460)', () => {
  // obj_nutrition() is owt (eat.c:320) and eatcorpse() uses 3 + (owt >> 6) (eat.c:1666), so a glob
  // of weight 100 eaten down to 50 eats like a fresh 50-weight glob: reqtime 3, nmod -16.
  it('3.6.7: glob (weight 100) with 50 left: 3 bites of 16', () => {
    const r = planMeal({ version: '3.6.7', food: 'glob of gray ooze', globWeight: 100, eaten: 50, nutrition: 100 });
    expect([r.bites, r.nmod, r.totalGain]).toEqual([3, -16, 48]);
  });
  it('5.0 weight() returns a glob owt as-is (src/mkobj.c:1901-1909): rounddiv(4 x 50, 100) = 2 bites of 25', () => {
    const r = planMeal({ version: '5.0', food: 'glob of gray ooze', globWeight: 100, eaten: 50, nutrition: 100 });
    expect([r.bites, r.nmod, r.totalGain]).toEqual([2, -25, 50]);
  });
});

describe('waking from a faint: the hero acts on that same turn (moveloop(): ++multi == 0 -> unmul(), then rhack())', () => {
  // 3.6.7 src/allmain.c:321-326 then 431-435 (3.4.3 allmain.c:284 then 404-408). 3.4.3 burns in
  // full while fainted, so this is exact: H 2 at the prompt of turn 1, one attack per turn. The
  // attack at moves 1: 1; the turn call of moves 2: 0 -> faint for 10 - 0 turns, multi -10 and at
  // once -9; helpless calls at moves 3-11 (-1 each) -> -9, and the ++multi of moves 11 wakes the
  // hero, who attacks at moves 11 (-10); the turn call of moves 12 makes it -11 whether or not
  // that attack's faint roll (2 in 21 at d = -1) passed: the prompt 11 turns on reads -11.
  it('3.4.3, H 2, 1 attack per turn: -11 after 11 turns (the wake-up turn attacks too)', () => {
    const f = forecast({
      nutrition: 2,
      moves: 1,
      profile: defaultProfile('3.4.3'),
      attacksPerTurn: 1,
      after: 11,
      con: 18,
    });
    expect(f.starvation?.firstFaintTurns).toBe(10);
    expect(f.after?.nutrition).toBe(-11);
  });
  it('and after 12 turns: -12 if a faint roll (2 in 21 at d = -1) on moves 11 or 12 stopped the attack of moves 12, else -13', () => {
    const f = forecast({
      nutrition: 2,
      moves: 1,
      profile: defaultProfile('3.4.3'),
      attacksPerTurn: 1,
      after: 12,
      con: 18,
    });
    expect(f.after?.nutritionDistribution?.mean).toBeCloseTo(-13 + 80 / 441, 12);
  });
});
