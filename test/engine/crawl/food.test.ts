// Food: itemprop.cc Food_prop[] and food_value() (value + C x carnMod + H x herbMod),
// can_ingest() diet refusals, potion.cc blood and porridge, 0.13 item_use.cc drink() +40.
import { UserError } from '../../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import { crawlCard, crawlFood, foodItems } from '../../../src/engine/crawl/index.ts';
import { expectCites } from './helpers.ts';

describe('permafood', () => {
  // Bread ration 4400, carnMod -1000 (Food_prop: 0.13 itemprop.cc:412, 0.14:411, 0.15:423): C2 = 4400 - 2000 = 2400.
  it('bread ration for Carnivore 2 is 2400 in all three versions', () => {
    for (const [v, row, fv] of [
      ['0.13', 412, 2145],
      ['0.14', 411, 1979],
      ['0.15', 423, 1974],
    ] as const) {
      const r = crawlFood(v, 'bread ration', { carnivore: 2 });
      expect(r.nutrition).toBe(2400);
      expect(r.byLevel).toEqual({ normal: 4400, carnivore: [3400, 2400, null], herbivore: [4900, 5400, 5900] });
      expectCites(r, v, `itemprop.cc:${row}`);
      expectCites(r, v, `itemprop.cc:${fv}`);
    }
  });
  it('Carnivore 3 cannot eat bread; Herbivore 3 cannot eat meat', () => {
    const c3 = crawlFood('0.14', 'bread ration', { carnivore: 3 });
    expect(c3.canEat).toBe(false);
    expect(c3.nutrition).toBeNull();
    expect(crawlFood('0.14', 'meat ration', { species: 'Spriggan' }).canEat).toBe(false);
    // Meat ration 5000 + 2 x -1500 = 2000 for Herbivore 2.
    expect(crawlFood('0.13', 'meat ration', { herbivore: 2 }).nutrition).toBe(2000);
  });
  it('0.15 fruit: 850, -100 / +50 per level, 1 turn', () => {
    const r = crawlFood('0.15', 'fruit', {});
    expect(r.byLevel).toEqual({ normal: 850, carnivore: [750, 650, null], herbivore: [900, 950, 1000] });
    expect(r.item.turns).toBe(1);
  });
  it('0.15 royal jelly is 2000 with no effect; 0.13 is 5000 and restores stats', () => {
    expect(crawlFood('0.15', 'royal jelly', {}).nutrition).toBe(2000);
    const r13 = crawlFood('0.13', 'royal jelly', {});
    expect(r13.nutrition).toBe(5000);
    expect(r13.effects.join(' ')).toMatch(/drained stats/);
  });
  it('fruit takes 2 turns in 0.13 (grape and sultana 1)', () => {
    expect(crawlFood('0.13', 'apple', {}).item.turns).toBe(2);
    expect(crawlFood('0.13', 'grape', {}).item.turns).toBe(1);
  });
  it('0.15 has no oranges, with a hint', () => {
    expect(() => crawlFood('0.15', 'orange', {})).toThrow(UserError);
    expect(foodItems('0.15').map((f) => f.name)).toContain('fruit');
  });
  it('chunk via /food: 1000 at every Carnivore level, herbivores 750 / 562', () => {
    const r = crawlFood('0.14', 'chunk', {});
    expect(r.byLevel).toEqual({ normal: 1000, carnivore: [1000, 1000, 1000], herbivore: [750, 562, null] });
  });
});

describe('potions', () => {
  // 0.13 potion.cc:130 value 200 for non-vampires; sick with chance (h+1)/4 unless they like blood;
  // item_use.cc:2246 adds 40 for any potion.
  it('0.13 blood for a Human: 240 (75%) or 40 (25%)', () => {
    const r = crawlFood('0.13', 'potion of blood', {});
    expect(r.distribution!.outcomes).toEqual([
      { value: 40, probability: 0.25 },
      { value: 240, probability: 0.75 },
    ]);
    expect(r.nutrition).toBe(190);
    expectCites(r, '0.13', 'potion.cc:130');
    expectCites(r, '0.13', 'item_use.cc:2246');
  });
  // 0.14 potion.cc:161: 1040 fresh / 840 coagulated for everyone.
  it('0.14 blood: Carnivore always fed 1040; vampires 1040 / 840', () => {
    const r = crawlFood('0.14', 'potion of blood', { carnivore: 1 });
    expect(r.nutrition).toBe(1040);
    expectCites(r, '0.14', 'potion.cc:161');
    const v = crawlFood('0.14', 'potion of coagulated blood', { species: 'Vampire' });
    expect(v.nutrition).toBe(840);
    expectCites(v, '0.14', 'potion.cc:148');
    expect(crawlFood('0.13', 'potion of blood', { species: 'Vampire' }).nutrition).toBe(1000);
    expectCites(crawlFood('0.15', 'potion of blood', { species: 'Vampire' }), '0.15', 'potion.cc:151');
  });
  // Porridge: 6000 + generic 40 (0.13 potion.cc:337), 6040 (0.14 potion.cc:373, 0.15:370).
  it('porridge is 6040 in total everywhere, nothing for Carnivore 3', () => {
    expect(crawlFood('0.13', 'porridge', {}).nutrition).toBe(6040);
    const r14 = crawlFood('0.14', 'porridge', {});
    expect(r14.nutrition).toBe(6040);
    expectCites(r14, '0.14', 'potion.cc:373');
    expectCites(crawlFood('0.15', 'porridge', {}), '0.15', 'potion.cc:370');
    expect(crawlFood('0.14', 'porridge', { species: 'Kobold' }).distribution!.expected).toBe(0);
  });
  // drink() does not call can_ingest() for potions: Herbivore 3 may drink blood and always sickens
  // (x_chance_in_y(3 + 1, 4), potion.cc:173 in 0.14); 0.13 still adds the generic 40.
  it('Herbivore 3 can drink blood but is always sick', () => {
    const r14 = crawlFood('0.14', 'potion of blood', { species: 'Spriggan' });
    expect(r14.canEat).toBe(true);
    expect(r14.nutrition).toBe(0);
    expect(crawlFood('0.13', 'potion of blood', { species: 'Spriggan' }).nutrition).toBe(40);
  });
  it('Engorged refuses', () => {
    expect(crawlFood('0.14', 'bread ration', { hunger: 11000 }).canEat).toBe(false);
  });
});

describe('cards', () => {
  // Famine: min(hunger, HUNGER_STARVING / 2) (decks.cc:3049 / 3115 / 2963); Feast: HUNGER_MAXIMUM.
  it('Famine caps at 500 / 450; Feast fills to 12000 / 11900, ghouls to their cap', () => {
    const f13 = crawlCard('0.13', 'Famine', 3000);
    expect(f13.after).toBe(500);
    expectCites(f13, '0.13', 'decks.cc:3049');
    const f14 = crawlCard('0.14', 'Famine', 3000);
    expect(f14.after).toBe(450);
    expectCites(f14, '0.14', 'decks.cc:3115');
    expect(crawlCard('0.14', 'Famine', 300).after).toBe(300);
    expect(crawlCard('0.13', 'Feast', 3000).after).toBe(12000);
    const g = crawlCard('0.14', 'Feast', 3000, { species: 'Ghoul' });
    expect(g.after).toBe(6900);
    expectCites(crawlCard('0.15', 'Feast', 3000), '0.15', 'decks.cc:2970');
    expect(crawlCard('0.14', 'Famine', 3000, { species: 'Vampire' }).after).toBe(601);
  });
});
