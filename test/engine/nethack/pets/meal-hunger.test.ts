// src/dogmove.c dog_nutrition(), dog_eat(), dog_hunger() and src/dog.c initedog(),
// worked by hand from the code (3.6.7 line numbers in each test name).
import { describe, expect, it } from 'vitest';
import { MONSTERS } from '../../../../src/engine/nethack/data.ts';
import { petHunger, petItemByName, petMeal, speciesFor } from '../../../../src/engine/nethack/pets/index.ts';

const mon = (n: string) => MONSTERS.find((m) => m.name === n)!;
const item = (n: string) => petItemByName(n)!;

describe('dog_nutrition()', () => {
  it('dogmove.c:161 tiny ×8: newt eats a tripe ration (200, delay 2)', () => {
    const m = petMeal({ pet: mon('newt'), item: item('tripe ration') });
    expect([m.nutrition, m.eatingTime, m.sizeFactor]).toEqual([1600, 2, 8]);
  });
  it('dogmove.c:154 corpse: kitten (small ×6) eats a jackal (cnutrit 250, cwt 300)', () => {
    const m = petMeal({ pet: mon('kitten'), item: item('jackal corpse') });
    // 250 × 6 = 1500; 3 + (300 >> 6) = 3 + 4 = 7
    expect([m.nutrition, m.eatingTime]).toEqual([1500, 7]);
  });
  it('medium ×5, large ×4: dog and horse eat a food ration (800, delay 5)', () => {
    expect(petMeal({ pet: mon('dog'), item: item('food ration') }).nutrition).toBe(4000);
    expect(petMeal({ pet: mon('horse'), item: item('food ration') }).nutrition).toBe(3200);
  });
  it('huge ×3, gigantic ×2 (titanothere is large; use ettin and purple worm)', () => {
    expect(petMeal({ pet: mon('ettin'), item: item('apple') }).nutrition).toBe(150);
    expect(petMeal({ pet: mon('purple worm'), item: item('apple') }).nutrition).toBe(100);
  });
  it('dogmove.c:181 partly eaten: eaten_stat() scales both, floor, at least 1', () => {
    // food ration half eaten: oeaten 400 of 800; kitten: 4800 × 400/800 = 2400; delay 5 × 400/800 = 2 (trunc)
    const m = petMeal({ pet: mon('kitten'), item: item('food ration'), oeaten: 400 });
    expect([m.nutrition, m.eatingTime]).toEqual([2400, 2]);
    // 1 nutrition left of 800: time 5 × 1/800 = 0 -> 1
    expect(petMeal({ pet: mon('kitten'), item: item('food ration'), oeaten: 1 }).eatingTime).toBe(1);
  });
  it('dog_eat() devour (dogmove.c:232): half the time, three quarters of the nutrition', () => {
    // kitten, jackal corpse: 1500 -> 1125; 7 -> 3
    const m = petMeal({ pet: mon('kitten'), item: item('jackal corpse'), devour: true });
    expect([m.nutrition, m.eatingTime]).toEqual([1125, 3]);
  });
  it('dogmove.c:185 coins: quan/20 nutrition, quan/2000 + 1 turns', () => {
    const m = petMeal({ pet: mon('xorn'), item: item('gold piece'), quantity: 4321 });
    expect([m.nutrition, m.eatingTime]).toEqual([216, 3]);
  });
  it('dogmove.c:198 other objects: 5 × oc_nutrition, weight/20 + 1', () => {
    // dagger: weight 10, oc_nutrition 10 (WEAPON() passes wt as nutrition)
    const m = petMeal({ pet: mon('rust monster'), item: item('dagger') });
    expect([m.nutrition, m.eatingTime]).toEqual([50, 1]);
  });
  it('5.0: giant beetle corpse is 50 nutrition, 200 weight', () => {
    const m = petMeal({ version: '5.0', pet: mon('kitten'), item: item('giant beetle corpse') });
    // 50 × 6 = 300; 3 + (200 >> 6) = 6
    expect([m.nutrition, m.eatingTime]).toEqual([300, 6]);
    expect(petMeal({ version: '3.6.7', pet: mon('kitten'), item: item('giant beetle corpse') }).nutrition).toBe(60);
  });
  it('5.0: eucalyptus leaf is 1 nutrition', () => {
    expect(petMeal({ version: '5.0', pet: mon('pony'), item: item('eucalyptus leaf') }).nutrition).toBe(5);
  });
});

describe('pet hunger clock', () => {
  it('dog.c:47 starting pet: hungrytime 1001; dogmove.c:361/382 weak after +500, starves after +750', () => {
    const r = petHunger({ pet: mon('kitten') });
    expect(r.timeline).toEqual({
      hungrytime: 1001,
      hungryAt: 1001,
      rangedAttacksReducedAt: 1302,
      weakAt: 1502,
      starvesAt: 1752,
      goesFeralAt: 1752,
    });
    expect(r.status).toBe('fed');
  });
  it('status at a turn: T >= hungrytime hungry; T > +500 weak; T > +750 starved', () => {
    expect(petHunger({ pet: mon('kitten'), turn: 1000 }).status).toBe('fed');
    expect(petHunger({ pet: mon('kitten'), turn: 1001 }).status).toBe('hungry');
    expect(petHunger({ pet: mon('kitten'), turn: 1501 }).status).toBe('hungry');
    expect(petHunger({ pet: mon('kitten'), turn: 1502 }).status).toBe('weak');
    expect(petHunger({ pet: mon('kitten'), turn: 1751 }).status).toBe('weak');
    expect(petHunger({ pet: mon('kitten'), turn: 1752 }).status).toBe('starved');
  });
  it('dog_eat() dogmove.c:220: hungrytime = max(hungrytime, turn) + nutrition', () => {
    // kitten tamed turn 1 (hungrytime 1001) eats a tripe ration (1200) on turn 1500 -> 2700
    const r = petHunger({ pet: mon('kitten'), turn: 1500, food: item('tripe ration') });
    expect(r.afterFood!.timeline.hungrytime).toBe(2700);
    // eaten early, on turn 500, it adds to 1001: 2201
    expect(
      petHunger({ pet: mon('kitten'), turn: 500, food: item('tripe ration') }).afterFood!.timeline.hungrytime,
    ).toBe(2201);
  });
  it('last meal: pony tamed on turn 100, ate an apple (50 × 5 = 250) on turn 2000', () => {
    const r = petHunger({ pet: mon('pony'), tamedTurn: 100, lastMealTurn: 2000, lastMeal: item('apple'), turn: 2100 });
    expect(r.timeline.hungrytime).toBe(2250);
    expect(r.turnsUntil).toEqual({ hungry: 150, weak: 651, starved: 901 });
  });
  it('dogmove.c:363 non-eaters never starve', () => {
    const r = petHunger({ pet: mon('rust monster'), turn: 5000 });
    expect(r.timeline.starvesAt).toBeNull();
    // dogmove.c:363: never weak either; the clock is reset to T + 500 at 1502, 2503, 3504, 4505 (hungrytime 5005)
    expect(r.timeline.weakAt).toBeNull();
    expect(r.status).toBe('fed');
  });
  it('dog_hunger(): max HP to a third, floor', () => {
    expect(petHunger({ pet: mon('kitten'), maxHp: 8 }).weakMaxHp).toBe(2);
    expect(petHunger({ pet: mon('kitten'), maxHp: 2 }).weakMaxHp).toBe(0);
  });
  it('3.4.3 has no ranged-attack hunger rule', () => {
    expect(petHunger({ version: '3.4.3', pet: mon('kitten') }).timeline.rangedAttacksReducedAt).toBeNull();
  });
  it('species overlay exists for every version of a kitten', () => {
    expect(speciesFor(mon('kitten'), '5.0')?.size).toBe('small');
  });
});
