// /hero carry and /hero advise (issue 16 point 3) through the real pipeline: the advice is the
// engine's (adviseMeals(), checked by brute force in test/engine/nethack/advise.test.ts) for the
// stored hero, and eating the plan with /hero eat lands exactly where the advice says (3.6.7 burns
// are exact), with the carried foods counted down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoker } from '../../src/pipeline/types.ts';
import { adviseCrawlMeals } from '../../src/engine/crawl/advise.ts';
import { adviseMeals } from '../../src/engine/nethack/advise.ts';
import { burnOnTurn, defaultProfile } from '../../src/engine/nethack/burn.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
const r = (x: { result: unknown }) => x.result as Any;

describe('/hero carry', () => {
  it('reads counts, BUC and plurals, merges repeats, and clears with none', async () => {
    const u: Invoker = { id: 'adv1', name: 'a' };
    await h.ask('/hero new name:Packer', u);
    const set = r(
      await h.ask('/hero carry foods:"2 food rations, blessed lembas wafer, 3 tins of spinach, apples, an apple"', u),
    );
    expect(set.hero.foods).toEqual([
      { name: 'food ration', count: 2 },
      { name: 'lembas wafer', count: 1, buc: 'blessed' },
      { name: 'tin of spinach', count: 3 },
      { name: 'apple', count: 2 },
    ]);
    expect(r(await h.ask('/hero carry foods:"2 plutonium bars"', u)).error.code).toBe('unknown_food');
    expect(r(await h.ask('/hero carry foods:none', u)).hero.foods).toEqual([]);
    expect(r(await h.ask('/hero advise', u)).error.code).toBe('no_foods');
  });
});

describe('/hero advise (NetHack)', () => {
  const u: Invoker = { id: 'adv2', name: 'a' };
  it("is the engine's plan for the stored hero, and eating it with /hero eat ends where it says", async () => {
    await h.ask('/hero new name:Weakling turn:1000', u); // met mid-game: conducts not tracked, no questions
    await h.ask('/hero set nutrition:40', u);
    await h.ask('/hero carry foods:"food ration, 2 apples, lichen corpse, fortune cookie"', u);
    const advice = await h.ask('/hero advise', u);
    const a = r(advice).advice;
    const foods = r(advice).foods;
    const engine = adviseMeals({
      version: '3.6.7',
      nutrition: 40,
      moves: 1000,
      race: 'human',
      role: 'Valkyrie',
      breathless: false,
      strangled: false,
      lifesaving: false,
      profile: defaultProfile('3.6.7'),
      foods,
      goal: 'not-hungry',
      conducts: { foodless: false, vegan: false, vegetarian: false },
    });
    expect(a).toEqual(JSON.parse(JSON.stringify(engine)));
    expect(a.reached).toBe(true);
    expect(advice.embeds[0]!.title).toContain('→');
    const details = await h.press(advice.buttons!.find((b) => b.label === 'Details')!.customId, u);
    expect(JSON.stringify(details.embeds)).toContain(a.plan[0].food);
    // Eat the plan in order: each meal ends where the next one starts (its 'e' after that turn's
    // gethungry()); after the last, /hero eat lets one more turn pass.
    let last: Any;
    for (const [i, meal] of a.plan.entries()) {
      last = r(await h.ask(`/hero eat food:"${meal.food}"`, u));
      const next = a.plan[i + 1];
      if (next) expect(last.hero).toMatchObject({ turn: next.moves, nutrition: next.start.min });
    }
    const end = a.plan.at(-1);
    expect(last.hero.turn).toBe(end.moves + end.turns);
    expect(last.hero.nutrition).toBe(end.finish.min - burnOnTurn(defaultProfile('3.6.7'), last.hero.turn).total);
    expect(last.hero.foods).toEqual(a.leftover.map((l: Any) => ({ name: l.name, count: l.count })));
  });
});

describe('/hero advise (Crawl)', () => {
  it("chunks against permanent food by species and state: the engine's plan for the stored hero", async () => {
    const u: Invoker = { id: 'adv3', name: 'a' };
    await h.ask('/hero new name:Kob game:crawl species:Kobold nutrition:1500', u);
    const reply = await h.ask('/hero advise foods:"3 chunks, contaminated chunk, bread ration, 2 apples"', u);
    const res = r(reply);
    expect(res.foods).toEqual([
      { name: 'chunk', count: 3, chunkType: 'clean' },
      { name: 'chunk', count: 1, chunkType: 'contaminated' },
      { name: 'bread ration', count: 1 },
      { name: 'apple', count: 2 },
    ]);
    const engine = adviseCrawlMeals('0.13', {
      species: 'Kobold',
      hunger: 1500,
      foods: res.foods,
      goal: 'not-hungry',
      gourmandAmulet: false,
    });
    expect(res.advice).toEqual(JSON.parse(JSON.stringify(engine)));
    expect(res.advice.plan[0].category).toBe('chunk'); // chunks first while the state allows them
  });
});
