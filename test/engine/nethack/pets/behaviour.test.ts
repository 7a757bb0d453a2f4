// What a category means: src/dothrow.c thitmonst(), src/dog.c tamedog(), src/dogmove.c
// dog_invent(), dog_move(), dog_goal(), include/mondata.h befriend_with_obj() (3.6.7).
import { describe, expect, it } from 'vitest';
import { MONSTERS } from '../../../../src/engine/nethack/data.ts';
import {
  befriendWithObj,
  dogFood,
  petFoodMeaning,
  petItemByName,
  speciesFor,
} from '../../../../src/engine/nethack/pets/index.ts';

const mon = (n: string) => MONSTERS.find((m) => m.name === n)!;
const item = (n: string) => petItemByName(n)!;
const meaning = (
  pet: string,
  it: string,
  opts: Parameters<typeof dogFood>[0] extends infer T ? Partial<T> : never = {},
) => {
  const r = dogFood({ pet: mon(pet), item: item(it), ...opts });
  return petFoodMeaning(speciesFor(mon(pet), '3.6.7')!, item(it), r.category, { cursed: opts.cursed });
};

describe('thrown at a wild monster', () => {
  it('mondata.h:231 horses are befriended only by veggy food or lichen corpses', () => {
    expect(befriendWithObj(mon('pony'), item('tripe ration'), '3.6.7')).toBe(false);
    expect(befriendWithObj(mon('pony'), item('apple'), '3.6.7')).toBe(true);
    expect(befriendWithObj(mon('pony'), item('lichen corpse'), '3.6.7')).toBe(true);
    expect(befriendWithObj(mon('pony'), item('tripe ration'), '3.4.3')).toBe(true);
  });
  it('mondata.h:232 monkeys and apes only by bananas', () => {
    expect(befriendWithObj(mon('monkey'), item('banana'), '3.6.7')).toBe(true);
    expect(befriendWithObj(mon('monkey'), item('apple'), '3.6.7')).toBe(false);
    expect(meaning('monkey', 'banana').thrownAtWild.effect).toBe('tames');
  });
  it('dog.c:927 tripe tames a kitten; an apple (MANFOOD) only pacifies', () => {
    expect(meaning('kitten', 'tripe ration').thrownAtWild.effect).toBe('tames');
    expect(meaning('kitten', 'apple').thrownAtWild.effect).toBe('pacifies');
  });
  it('dog.c:878 dogs can refuse on full-moon nights; cats cannot', () => {
    expect(meaning('little dog', 'tripe ration').thrownAtWild.fullMoonDogRefusal).toBe(true);
    expect(meaning('kitten', 'tripe ration').thrownAtWild.fullMoonDogRefusal).toBe(false);
  });
  it('a jackal is not domestic: nothing', () => {
    expect(meaning('jackal', 'tripe ration').thrownAtWild.effect).toBe('nothing');
  });
});

describe('your pet', () => {
  it('dog.c:898 catches DOGFOOD always, ACCFOOD only when hungry', () => {
    expect(meaning('kitten', 'tripe ration').thrownAtPet.catches).toEqual({
      normal: true,
      hungry: true,
      starving: true,
    });
    expect(meaning('kitten', 'food ration').thrownAtPet.catches).toEqual({
      normal: false,
      hungry: true,
      starving: true,
    });
    expect(meaning('kitten', 'apple').thrownAtPet.catches).toEqual({ normal: false, hungry: false, starving: false });
  });
  it('dogmove.c:437 eats <= CADAVER where it stands; ACCFOOD only when starving', () => {
    expect(meaning('kitten', 'jackal corpse').eatsWhereItStands).toEqual({
      normal: true,
      hungry: true,
      starving: true,
    });
    expect(meaning('kitten', 'food ration').eatsWhereItStands).toEqual({
      normal: false,
      hungry: false,
      starving: true,
    });
  });
  it('dogmove.c:1082 steps onto ACCFOOD when hungry; never onto cursed items', () => {
    expect(meaning('kitten', 'food ration').eatsWhenMovingOnto).toEqual({
      normal: false,
      hungry: true,
      starving: true,
    });
    expect(meaning('kitten', 'tripe ration', { cursed: true }).eatsWhenMovingOnto).toEqual({
      normal: false,
      hungry: false,
      starving: false,
    });
  });
  it('dogmove.c:524 goals: treats always, ACCFOOD when hungry, worse items only to fetch, TABU ignored', () => {
    expect(meaning('kitten', 'tripe ration').goal.eat.normal).toBe(true);
    expect(meaning('kitten', 'food ration').goal.eat).toEqual({ normal: false, hungry: true, starving: true });
    expect(meaning('kitten', 'cockatrice corpse').goal.fetch).toBe(true);
    expect(meaning('kitten', 'ring of slow digestion').goal.ignores).toBe(true);
  });
});
