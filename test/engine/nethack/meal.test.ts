// Meals, worked by hand from src/eat.c (3.6.7 unless named): doeat() reqtime/nmod (2700-2719),
// bite() (2763), lesshungry() (2856-2897), choke() (238), consume_tin() (1303).
import { describe, expect, it } from 'vitest';
import { planMeal } from '../../../src/engine/nethack/index.ts';

describe('meal arithmetic: nmod = -(oeaten / reqtime), remainder lost (eat.c:2711-2718)', () => {
  // [food, race, version, expected total]: total = reqtime x floor(N / reqtime)
  const cases: [string, 'human' | 'elf' | 'orc' | 'dwarf', '3.6.7' | '5.0' | '3.4.3', number, number][] = [
    ['food ration', 'human', '3.6.7', 5, 800], // 5 x 160
    ['cram ration', 'dwarf', '3.6.7', 3, 699], // obj_nutrition 700: 3 x 233
    ['cram ration', 'dwarf', '5.0', 3, 699], // adj_victual_nutrition: 200 + 203/6 = 233 per bite
    ['lembas wafer', 'elf', '3.6.7', 2, 1000], // 1000: 2 x 500
    // obj_nutrition() (eat.c:330-332) clamps the orc's fresh oeaten 600 >= nut to nut - 1 = 599: 2 x 299
    ['lembas wafer', 'orc', '3.6.7', 2, 598],
    ['lembas wafer', 'elf', '5.0', 2, 1000], // 400 + 402/4 = 500 per bite
    ['lembas wafer', 'elf', '3.4.3', 2, 800], // 3.4.3: no racial change
    ['dwarf corpse', 'human', '3.6.7', 17, 289], // cwt 900: 3 + 14 = 17 bites; 17 x 17
    ['gnome corpse', 'human', '3.6.7', 13, 91], // cwt 650: 3 + 10; 13 x 7
    ['gray dragon corpse', 'human', '3.6.7', 73, 1460], // cwt 4500: 3 + 70; 73 x 20
    ['newt corpse', 'human', '3.6.7', 3, 18], // 3 x 6
  ];
  for (const [food, race, version, bites, total] of cases) {
    it(`${food} (${race}, ${version}): ${bites} bites, ${total} nutrition`, () => {
      const r = planMeal({ version, food, nutrition: 100, race });
      expect(r.bites).toBe(bites);
      expect(r.totalGain).toBe(total);
      expect(r.actions).toBe(bites + 1);
    });
  }
  it('quantum mechanic corpse: reqtime 25 > 20 nutrition, nmod = 25 % 20 = 5, 19 nutrition (bite(): usedtime % nmod)', () => {
    const r = planMeal({ version: '3.6.7', food: 'quantum mechanic corpse', nutrition: 100 });
    expect(r.nmod).toBe(5);
    expect(r.totalGain).toBe(19);
  });
  it('rotten food ration: oeaten >>= 1 = 400, reqtime rounddiv(5 x 400, 800) = 3 (2.5 rounds up), 3 x 133 (eat.c:2674, hacklib.c:570)', () => {
    const r = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 100, rotten: true });
    expect([r.oeaten, r.bites, r.totalGain]).toEqual([400, 3, 399]);
  });
  it('rotten jackal corpse: a quarter (oeaten >>= 2): 62, reqtime rounddiv(7 x 62, 250) = 2', () => {
    const r = planMeal({ version: '3.6.7', food: 'jackal corpse', nutrition: 100, rotten: true });
    expect([r.oeaten, r.bites, r.totalGain]).toEqual([62, 2, 62]);
  });
  it('partly eaten food ration with 300 left: reqtime rounddiv(5 x 300, 800) = 2, 2 x 150', () => {
    const r = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 100, eaten: 300 });
    expect([r.bites, r.totalGain]).toEqual([2, 300]);
  });
});

describe('choking (lesshungry() >= 2000 with canchoke; canchoke = Satiated at the start)', () => {
  it('food ration at 1250 from moves 1: warning and prompt on bite 2 (1569), choke on bite 5 (2046)', () => {
    // bite 1 at moves 1: 1410; moves 2 burns 1 -> 1409 + 160 = 1569 (>= 1500: warning, canchoke && reqtime > 1: prompt)
    // moves 3: 1568 + 160 = 1728; moves 4: 1887; moves 5: 1886 + 160 = 2046 >= 2000: choke
    const r = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 1250, moves: 1 });
    expect(r.canChoke).toBe(true);
    expect(r.warning).toMatchObject({ bite: 2, nutrition: 1569 });
    expect(r.prompt).toMatchObject({ bite: 2, nutrition: 1569 });
    expect(r.choke).toMatchObject({ bite: 5, moves: 5, nutrition: 2046, probability: 1 });
    expect(r.choke!.outcome.surviveChance).toBeCloseTo(1 / 20);
    expect(r.choke!.outcome.nutritionIfSurvive).toBe(1046);
    expect(r.finish).toBeNull();
  });
  it('stopping at the prompt ends the meal one action later without a bite', () => {
    const r = planMeal({ version: '3.6.7', food: 'food ration', nutrition: 1250, continueAtPrompt: false });
    expect(r.choke).toBeNull();
    expect(r.prompt!.ifStopped).toEqual({ nutrition: 1568, moves: 3 });
  });
  it('not Satiated at the start (1000): no choke even past 2000', () => {
    const r = planMeal({ version: '3.6.7', food: 'huge chunk of meat', nutrition: 1000 });
    expect(r.canChoke).toBe(false);
    expect(r.choke).toBeNull();
    expect(r.finish!.nutrition).toBe(1000 + 2000 - 20); // 20 turns of 1 burn between the 20 bites + finish
  });
  it('1001 is Satiated: canchoke', () => {
    expect(planMeal({ version: '3.6.7', food: 'apple', nutrition: 1001 }).canChoke).toBe(true);
  });
  it('Breathless always survives; life saving sets 900; a lawful Knight loses alignment (choke())', () => {
    const b = planMeal({ version: '3.6.7', food: 'K-ration', nutrition: 1700, breathless: true });
    expect(b.choke!.outcome.surviveChance).toBe(1);
    const l = planMeal({ version: '3.6.7', food: 'K-ration', nutrition: 1700, lifesaving: true, role: 'Knight' });
    expect(l.choke!.outcome.lifesaved).toEqual({ nutrition: 900, conLoss: 1 });
    expect(l.choke!.outcome.knightPenalty).toBe(true);
  });
  it('5.0: Hunger survives the choke and leaves 60 (choke() 5.0:258-265)', () => {
    const r = planMeal({ version: '5.0', food: 'K-ration', nutrition: 1700, hunger: true });
    expect(r.choke!.outcome.surviveChance).toBe(1);
    expect(r.choke!.outcome.nutritionIfSurvive).toBe(60);
  });
  it('a wraith corpse (0 nutrition) at 2100 chokes before the bite (bite(): canchoke && H >= 2000)', () => {
    const r = planMeal({ version: '3.6.7', food: 'wraith corpse', nutrition: 2100 });
    expect(r.choke).toMatchObject({ bite: 1, beforeBite: true });
  });
  it('strangled heroes cannot eat meals (doeat())', () => {
    expect(planMeal({ version: '3.6.7', food: 'apple', nutrition: 500, strangled: true }).refused).toMatch(/breathe/);
  });
});

describe('tins (consume_tin(): all at once, outside the meal)', () => {
  it('deep fried tin at 1950 while Satiated: 2010 chokes', () => {
    expect(planMeal({ version: '3.6.7', food: 'deep fried tin', nutrition: 1950 }).choke!.probability).toBe(1);
  });
  it('pureed tin at 1000 (not Satiated): 1500 warning, no choke, 2 helpless turns', () => {
    const r = planMeal({ version: '3.6.7', food: 'pureed tin', nutrition: 1000 });
    expect(r.choke).toBeNull();
    expect(r.tin!.helplessTurns).toBe(2);
    expect(r.finish!.nutrition).toBe(1500);
  });
  it('uncursed spinach 400 + rnd(200) at 1500: chokes when the roll is >= 500, 101/200 (eat.c:1422)', () => {
    const r = planMeal({ version: '3.6.7', food: 'tin of spinach', nutrition: 1500, buc: 'uncursed' });
    expect(r.tin!.nutritionRange).toEqual([401, 600]);
    expect(r.choke!.probability).toBeCloseTo(101 / 200, 10);
  });
  it('3.4.3 spinach is always 600', () => {
    expect(
      planMeal({ version: '3.4.3', food: 'tin of spinach', nutrition: 100, buc: 'cursed' }).tin!.exactNutrition,
    ).toBe(600);
  });
  it('a cursed tin is rotten: no nutrition, vomiting', () => {
    const r = planMeal({ version: '3.6.7', food: 'candied tin', nutrition: 100, buc: 'cursed' });
    expect(r.tin!.vomiting).toBe(true);
    expect(r.finish!.nutrition).toBe(100);
  });
});
