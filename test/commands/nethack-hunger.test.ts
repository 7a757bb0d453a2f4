// /nethack forecast, meal, food, drain, lifesave through the real pipeline (parse -> coerce ->
// zod -> handler -> truncation). Expected figures are worked by hand from src/eat.c.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCommandGroup } from '../../src/pipeline/types.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { forecastSubcommand } from '../../commands/nethack/forecast.ts';
import { mealSubcommand } from '../../commands/nethack/meal.ts';
import { foodSubcommand } from '../../commands/nethack/food.ts';
import { drainSubcommand } from '../../commands/nethack/drain.ts';
import { lifesaveSubcommand } from '../../commands/nethack/lifesave.ts';
import { nethackCommand } from '../../commands/nethack/index.ts';
import type { ForecastResult, MealResult } from '../../src/engine/nethack/index.ts';

const command = defineCommandGroup({
  name: 'nethack',
  description: 'NetHack hunger',
  subcommands: [forecastSubcommand, mealSubcommand, foodSubcommand, drainSubcommand, lifesaveSubcommand],
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ commands: [command] });
});
afterAll(async () => h.close());

const errorOf = (r: { result: unknown }) => (r.result as { error?: { code: string; message: string } }).error;

describe('/nethack forecast', () => {
  it('ring of regeneration (left) + ring of protection +2 (right) from 900 at turn 1: Hungry at 470, Weak 532, Fainting 564', async () => {
    // per 20 turns: base 20 + regeneration 10 (odd turns) + left ring 1 (moves%20=4) + right ring 1 (=12) = 32,
    // checked turn by turn in test/engine/nethack/forecast.test.ts; here the hand count at 20-turn boundaries:
    // after 460 turns (moves 461) 23 cycles burned 736 -> 164; turns 461..469 burn 1+1(odd)... reaching 150 on moves 470.
    const r = await h.ask(
      '/nethack forecast nutrition:900 turn:1 left_ring:"ring of regeneration" right_ring:"ring of protection +2"',
    );
    const f = r.result as ForecastResult;
    expect(f.per20).toBe(32);
    expect(f.milestones.map((m) => m.moves)).toEqual([470, 532, 564]);
    expect(f.version).toBe('3.6.7');
    expect(r.embeds[0]!.title).toBe('Hungry in 469 turns (turn 470)');
    const fields = r.details![0]!.fields!.map((x) => x.name);
    expect(fields).toContain('Starvation');
    expect(r.details![1]!.title).toMatch(/^Sources \(\d+\)$/);
    expect(r.embeds[0]!.footer!.text).toContain('NetHack 3.6.7');
  });

  it('two rings that cost nutrition are easy to say', async () => {
    const r = await h.ask(
      '/nethack forecast nutrition:900 turn:1 left_ring:"any ring that costs nutrition" right_ring:"any ring that costs nutrition"',
    );
    expect((r.result as ForecastResult).milestones.map((m) => m.moves)).toEqual([683, 773, 819]);
    const choices = await h.complete('/nethack forecast nutrition:900', 'left_ring', 'costs');
    expect(choices[0]!.value).toBe('any ring that costs nutrition');
  });

  it('autocomplete carries a typed enchantment into chargeable rings', async () => {
    const choices = await h.complete('/nethack forecast nutrition:900', 'right_ring', 'protection +3');
    expect(choices.map((c) => c.value)).toContain('ring of protection +3');
  });

  it('after:K and 5.0 distributions', async () => {
    const r = await h.ask('/nethack forecast nutrition:900 turn:10 after:100');
    expect((r.result as ForecastResult).after!.nutrition).toBe(800);
    const r5 = await h.ask('/nethack forecast nutrition:900 left_ring:regeneration version:5.0');
    const f5 = r5.result as ForecastResult;
    expect(f5.method).toBe('distribution-dp');
    expect(f5.milestones[1]!.turnsDistribution!.mean).toBeGreaterThan(540);
  });

  it('a random burn: the title gives the expected wait with its 5-95 % range; burn amounts come first', async () => {
    const r = await h.ask('/nethack forecast nutrition:900 version:5.0 slow_digestion:true');
    const f = r.result as ForecastResult;
    const hungry = f.milestones[0]!.turnsDistribution!;
    const n = (x: number) => x.toLocaleString('en-US');
    expect(r.embeds[0]!.title).toBe(
      `Hungry in about ${n(Math.round(hungry.mean))} turns (5–95%: ${n(hungry.p5)}–${n(hungry.p95)})`,
    );
    expect(hungry.p5).toBeLessThan(hungry.p95);
    // 5.0 white dragon armor's case 0 (src/eat.c gethungry()): 1 per 20 turns, said as "1 slow digestion armor".
    expect(f.sources.map((s) => s.source)).toEqual(['slowDigestionArmor']);
    expect(r.embeds[0]!.description).toContain('Burn 1 per 20 turns (expected): 1 slow digestion armor.');
  });

  it('negative turn and unknown ring give friendly errors', async () => {
    const bad = await h.ask('/nethack forecast nutrition:900 turn:-5');
    expect(bad.ephemeral).toBe(true);
    expect(errorOf(bad)!.message).toMatch(/turn/);
    const ring = await h.ask('/nethack forecast nutrition:900 left_ring:"ring of flying"');
    expect(errorOf(ring)!.code).toBe('unknown_ring');
    const big = await h.ask('/nethack forecast nutrition:100001');
    expect(errorOf(big)).toBeDefined();
  });
});

describe('/nethack meal', () => {
  it('food ration at 1250 chokes on bite 5 at 2046 (warning and prompt on bite 2)', async () => {
    const r = await h.ask('/nethack meal food:"food ration" nutrition:1250');
    const m = r.result as MealResult;
    expect(m.choke).toMatchObject({ bite: 5, nutrition: 2046 });
    expect(m.prompt!.bite).toBe(2);
    expect(r.embeds[0]!.title).toBe('You choke on bite 5 unless you stop at the prompt on bite 2');
    expect(r.details![0]!.fields!.find((f) => f.name === 'Verdict')!.value).toMatch(/choke/);
  });
  it('fuzzy food names: jackal corpse, lembas, deep fried tin, tin of spinach', async () => {
    expect(((await h.ask('/nethack meal food:"jakal corpse" nutrition:100')).result as MealResult).food.name).toBe(
      'jackal corpse',
    );
    expect(((await h.ask('/nethack meal food:lembas nutrition:100 race:elf')).result as MealResult).totalGain).toBe(
      1000,
    );
    expect(
      ((await h.ask('/nethack meal food:"deep fried tin" nutrition:100')).result as MealResult).finish!.nutrition,
    ).toBe(160);
    expect(
      ((await h.ask('/nethack meal food:"tin of spinach" nutrition:100 buc:blessed')).result as MealResult).finish!
        .nutrition,
    ).toBe(700);
    const choices = await h.complete('/nethack meal nutrition:100', 'food', 'jackal');
    expect(choices.some((c) => c.value === 'jackal corpse')).toBe(true);
  });
  it('unknown food is a UserError', async () => {
    const r = await h.ask('/nethack meal food:"pizza slice" nutrition:100');
    expect(errorOf(r)!.code).toBe('unknown_food');
  });
  it('black pudding corpse: 3.6.7 points to the glob (mon.c:426-432); 3.4.3 eats it (monst.c:1838)', async () => {
    const r = await h.ask('/nethack meal food:"black pudding corpse" nutrition:500');
    expect(errorOf(r)!.code).toBe('unknown_food');
    expect(JSON.stringify(r.result)).toContain('glob of black pudding');
    expect(
      ((await h.ask('/nethack meal food:"black pudding corpse" nutrition:500 version:3.4.3')).result as MealResult)
        .bites,
    ).toBe(17);
  });
  it('tin of lizard meat, cursed: homemade 50, never rotten (eat.c:1287, 1298); opener and Str by hand', async () => {
    const m = (await h.ask('/nethack meal food:"tin of lizard meat" nutrition:500 buc:cursed')).result as MealResult;
    expect(m.tin!.outcomes).toEqual([expect.objectContaining({ variety: 'homemade', nutrition: 50 })]);
    expect(m.tin!.outcomes[0]!.probability).toBeCloseTo(1, 12);
    const t = (
      await h.ask(
        '/nethack meal food:"tin of jackal meat" nutrition:500 variety:smoked opener:"bare hands" dex:10 str:18/50',
      )
    ).result as MealResult;
    expect(t.finish!.nutrition).toBe(550);
    expect(t.tin!.opening[0]).toMatchObject({
      tool: 'bare hands',
      distribution: expect.arrayContaining([{ turns: 26, probability: 1 / 17 }]),
    });
    const bad = await h.ask('/nethack meal food:"tin of jackal meat" nutrition:500 str:18/200');
    expect(errorOf(bad)!.code).toBe('invalid_option');
  });
  it('speed:"very fast" spreads bites over fewer turns (allmain.c:137-140)', async () => {
    const m = (await h.ask('/nethack meal food:"food ration" nutrition:500 speed:"very fast"')).result as MealResult;
    expect(m.speed.moveamt).toEqual([
      { amount: 12, probability: 1 / 3 },
      { amount: 24, probability: 2 / 3 },
    ]);
    expect(m.finish!.moves).toBeLessThan(6);
    expect(m.finish!.movesDistribution!.length).toBeGreaterThan(1);
  });
});

describe('/nethack food, drain, lifesave', () => {
  it('food: jackal corpse 250 nutrition, 7 turns, weight 300', async () => {
    const r = (await h.ask('/nethack food name:"jackal corpse"')).result as {
      nutrition: number;
      turns: number;
      weight: number;
    };
    expect([r.nutrition, r.turns, r.weight]).toEqual([250, 7, 300]);
  });
  it('drain: a level 3 spell costs 30; a Wizard with Int 16 pays 7', async () => {
    expect(
      ((await h.ask('/nethack drain action:spell level:3 nutrition:400')).result as { amount: { exact: number } })
        .amount.exact,
    ).toBe(30);
    expect(
      (
        (await h.ask('/nethack drain action:spell level:3 role:Wizard int:16 nutrition:400')).result as {
          amount: { exact: number };
        }
      ).amount.exact,
    ).toBe(7);
  });
  it('drain: prayer at 40 is major trouble and sets 900', async () => {
    expect((await h.ask('/nethack drain action:pray nutrition:40')).result).toMatchObject({
      trouble: 'major',
      fixSetsTo: 900,
    });
  });
  it('lifesave: starvation at -50 gives 900 in 3.6.7 and 500 in 3.4.3', async () => {
    expect(
      ((await h.ask('/nethack lifesave nutrition:-50 cause:starvation')).result as { nutritionAfter: number })
        .nutritionAfter,
    ).toBe(900);
    expect(
      (
        (await h.ask('/nethack lifesave nutrition:-50 cause:starvation version:3.4.3')).result as {
          nutritionAfter: number;
        }
      ).nutritionAfter,
    ).toBe(500);
  });
});

describe('definition size', () => {
  it('the whole /nethack command stays under 8000 characters', () => {
    type O = { name: string; description: string; options?: O[]; choices?: { name: string; value: string | number }[] };
    const count = (o: O): number =>
      o.name.length +
      o.description.length +
      (o.choices ?? []).reduce((a, c) => a + c.name.length + String(c.value).length, 0) +
      (o.options ?? []).reduce((a, x) => a + count(x), 0);
    expect(count(nethackCommand.definition as unknown as O)).toBeLessThanOrEqual(8000);
  });
});
