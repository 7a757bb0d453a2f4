// Every branch of src/dog.c dogfood(), worked by hand from the code at each pinned
// version. Each row names the line that decides it. Monster facts (diet flags,
// resistances, vegan, poisonous...) are the game's own, from src/data/nethack-3.6.7.
import { describe, expect, it } from 'vitest';
import { MONSTERS, PLACEHOLDERS, type MonsterEntry } from '../../../../src/engine/nethack/data.ts';
import {
  corpseItem,
  dogFood,
  petItemByName,
  type DogFoodInput,
  type PetItem,
} from '../../../../src/engine/nethack/pets/index.ts';
import type { NethackVersion } from '../../../../src/engine/cite.ts';

const mon = (name: string): MonsterEntry => {
  const m = [...MONSTERS, ...PLACEHOLDERS].find((x) => x.name === name);
  if (!m) throw new Error(`no monster ${name}`);
  return m;
};
const item = (name: string): PetItem => {
  const i = petItemByName(name);
  if (!i) throw new Error(`no item ${name}`);
  return i;
};

type Row = [string, NethackVersion, string, string | PetItem, Partial<DogFoodInput>, string, string];
// [line cited, version, pet, item, options, expected category, expected branch id]
const rows: Row[] = [
  // --- 3.6.7 ---
  [
    'dog.c:744 obj_resists() always for Rider corpses (zap.c:1188)',
    '3.6.7',
    'kitten',
    'Death corpse',
    {},
    'APPORT',
    'obj-resists',
  ],
  ['dog.c:745 cursed -> TABU', '3.6.7', 'kitten', 'Famine corpse', { cursed: true }, 'TABU', 'obj-resists'],
  [
    'dog.c:744 Amulet of Yendor always resists (zap.c:1184)',
    '3.6.7',
    'little dog',
    'Amulet of Yendor',
    {},
    'APPORT',
    'obj-resists',
  ],
  [
    'dog.c:744 Bell of Opening always resists, before the silver test',
    '3.6.7',
    'werewolf (d)',
    'Bell of Opening',
    {},
    'APPORT',
    'obj-resists',
  ],
  [
    'dog.c:744 is_quest_artifact() for your own role',
    '3.6.7',
    'kitten',
    'The Orb of Detection',
    { role: 'Archeologist' },
    'APPORT',
    'quest-artifact',
  ],
  [
    'dog.c:745 your quest artifact, cursed',
    '3.6.7',
    'kitten',
    'The Orb of Fate',
    { role: 'Valkyrie', cursed: true },
    'TABU',
    'quest-artifact',
  ],
  [
    'dog.c:754 petrifying corpse, pet not stoning-resistant',
    '3.6.7',
    'kitten',
    'cockatrice corpse',
    {},
    'POISON',
    'petrifying',
  ],
  ['dog.c:754 petrifying egg', '3.6.7', 'little dog', 'cockatrice egg', {}, 'POISON', 'petrifying'],
  [
    'dog.c:754 petrifying egg even for a non-eater (test comes first)',
    '3.6.7',
    'rust monster',
    'cockatrice egg',
    {},
    'POISON',
    'petrifying',
  ],
  [
    'dog.c:754 lizard resists stoning; dog.c:811 ordinary corpse',
    '3.6.7',
    'lizard',
    'cockatrice corpse',
    {},
    'CADAVER',
    'corpse-carnivore',
  ],
  ['dog.c:757 non-eater: food is apportable', '3.6.7', 'rust monster', 'tripe ration', {}, 'APPORT', 'non-eater'],
  [
    'dog.c:758 non-eater: cursed food is uninteresting',
    '3.6.7',
    'rust monster',
    'tripe ration',
    { cursed: true },
    'UNDEF',
    'non-eater',
  ],
  [
    'dog.c:771 ghoul: corpse >= 50 turns old',
    '3.6.7',
    'ghoul',
    'jackal corpse',
    { age: 50 },
    'DOGFOOD',
    'ghoul-old-corpse',
  ],
  [
    'dog.c:771 ghoul: 49 turns is fresh -> POISON',
    '3.6.7',
    'ghoul',
    'jackal corpse',
    { age: 49 },
    'POISON',
    'ghoul-fresh-corpse',
  ],
  [
    'dog.c:773 ghoul: lizard corpse never a treat',
    '3.6.7',
    'ghoul',
    'lizard corpse',
    { age: 500 },
    'POISON',
    'ghoul-fresh-corpse',
  ],
  [
    'dog.c:776 ghoul starving: fresh non-vegan corpse',
    '3.6.7',
    'ghoul',
    'jackal corpse',
    { petState: 'starving' },
    'ACCFOOD',
    'ghoul-fresh-corpse-starving',
  ],
  [
    'dog.c:776 ghoul starving: vegan corpse still POISON',
    '3.6.7',
    'ghoul',
    'lichen corpse',
    { petState: 'starving' },
    'POISON',
    'ghoul-fresh-corpse',
  ],
  ['dog.c:779 ghoul: stale egg (T - age > 400)', '3.6.7', 'ghoul', 'egg', { age: 401 }, 'CADAVER', 'ghoul-stale-egg'],
  ['dog.c:779 ghoul: egg exactly 400 turns is not stale', '3.6.7', 'ghoul', 'egg', { age: 400 }, 'POISON', 'ghoul-egg'],
  [
    'dog.c:779 ghoul starving: fresh egg',
    '3.6.7',
    'ghoul',
    'egg',
    { petState: 'starving' },
    'ACCFOOD',
    'ghoul-egg-starving',
  ],
  ['dog.c:780 ghoul: other food', '3.6.7', 'ghoul', 'apple', {}, 'TABU', 'ghoul-other'],
  ['dog.c:789 meat: carnivore', '3.6.7', 'kitten', 'tripe ration', {}, 'DOGFOOD', 'meat-treat'],
  ['dog.c:789 meat: herbivore', '3.6.7', 'pony', 'meatball', {}, 'MANFOOD', 'meat-herbivore'],
  ['dog.c:791 egg: carnivore', '3.6.7', 'kitten', 'egg', {}, 'CADAVER', 'egg-carnivore'],
  ['dog.c:791 egg: herbivore', '3.6.7', 'pony', 'egg', {}, 'MANFOOD', 'egg-herbivore'],
  [
    'dog.c:793 corpse 49 turns old is fresh',
    '3.6.7',
    'kitten',
    'jackal corpse',
    { age: 49 },
    'CADAVER',
    'corpse-carnivore',
  ],
  ['dog.c:793 corpse 50 turns old', '3.6.7', 'kitten', 'jackal corpse', { age: 50 }, 'POISON', 'corpse-too-old'],
  [
    'dog.c:794 lizard corpses never go bad',
    '3.6.7',
    'kitten',
    'lizard corpse',
    { age: 5000 },
    'CADAVER',
    'corpse-carnivore',
  ],
  [
    'dog.c:794 lichen corpses never go bad; dog.c:803 vegan for a herbivore',
    '3.6.7',
    'pony',
    'lichen corpse',
    { age: 5000 },
    'CADAVER',
    'vegan-corpse-herbivore',
  ],
  [
    'mkobj.c:1829 on ice: 98 turns counts as 49',
    '3.6.7',
    'kitten',
    'jackal corpse',
    { age: 98, onIce: true },
    'CADAVER',
    'corpse-carnivore',
  ],
  [
    'mkobj.c:1829 on ice: 99 turns counts as 50',
    '3.6.7',
    'kitten',
    'jackal corpse',
    { age: 99, onIce: true },
    'POISON',
    'corpse-too-old',
  ],
  ['dog.c:796 acidic corpse', '3.6.7', 'kitten', 'acid blob corpse', {}, 'POISON', 'corpse-acidic'],
  ['dog.c:797 poisonous corpse', '3.6.7', 'kitten', 'kobold corpse', {}, 'POISON', 'corpse-poisonous'],
  [
    'dog.c:797 poison-resistant pet eats a poisonous corpse',
    '3.6.7',
    'vampire bat',
    'kobold corpse',
    {},
    'CADAVER',
    'corpse-carnivore',
  ],
  [
    'dog.c:800 green slime corpse, pet resists acid and poison',
    '3.6.7',
    'gelatinous cube',
    corpseItem(mon('green slime')),
    {},
    'POISON',
    'green-slime',
  ],
  [
    'dog.c:801 green slime corpse, starving',
    '3.6.7',
    'gelatinous cube',
    corpseItem(mon('green slime')),
    { petState: 'starving' },
    'ACCFOOD',
    'green-slime-starving',
  ],
  [
    'dog.c:803 vegan corpse for a carnivore',
    '3.6.7',
    'kitten',
    'lichen corpse',
    {},
    'MANFOOD',
    'vegan-corpse-carnivore',
  ],
  ['dog.c:806 same race (dwarf)', '3.6.7', 'dwarf', 'dwarf corpse', {}, 'TABU', 'cannibalism'],
  [
    'dog.c:809 same race, starving carnivore',
    '3.6.7',
    'dwarf',
    'dwarf corpse',
    { petState: 'starving' },
    'ACCFOOD',
    'cannibal-starving',
  ],
  [
    'dog.c:809 elves refuse even when starving',
    '3.6.7',
    'Woodland-elf',
    'elf corpse',
    { petState: 'starving' },
    'TABU',
    'cannibalism',
  ],
  ['dog.c:806 gnome lord and gnome: same race', '3.6.7', 'gnome lord', 'gnome corpse', {}, 'TABU', 'cannibalism'],
  ['dog.c:808 orc corpses are exempt', '3.6.7', 'hill orc', 'hill orc corpse', {}, 'CADAVER', 'corpse-carnivore'],
  ['dog.c:811 meaty corpse for a herbivore', '3.6.7', 'pony', 'jackal corpse', {}, 'MANFOOD', 'corpse-herbivore'],
  ['dog.c:815 garlic: carnivore', '3.6.7', 'kitten', 'clove of garlic', {}, 'MANFOOD', 'garlic-carnivore'],
  [
    'dog.c:815 garlic: starving carnivore',
    '3.6.7',
    'kitten',
    'clove of garlic',
    { petState: 'starving' },
    'ACCFOOD',
    'garlic-ok',
  ],
  ['dog.c:815 garlic: herbivore', '3.6.7', 'pony', 'clove of garlic', {}, 'ACCFOOD', 'garlic-ok'],
  [
    'dog.c:813 garlic: vampire in bat form',
    '3.6.7',
    'vampire bat',
    'clove of garlic',
    { vampshifter: true },
    'TABU',
    'garlic-undead',
  ],
  ['dog.c:819 tin', '3.6.7', 'kitten', 'tin', {}, 'MANFOOD', 'tin'],
  ['dog.c:821 apple: herbivore', '3.6.7', 'pony', 'apple', {}, 'DOGFOOD', 'apple-herbivore'],
  ['dog.c:821 apple: carnivore', '3.6.7', 'kitten', 'apple', {}, 'MANFOOD', 'apple-carnivore'],
  [
    'dog.c:821 apple: starving carnivore',
    '3.6.7',
    'kitten',
    'apple',
    { petState: 'starving' },
    'ACCFOOD',
    'apple-starving',
  ],
  ['dog.c:823 carrot: herbivore', '3.6.7', 'horse', 'carrot', {}, 'DOGFOOD', 'carrot-herbivore'],
  ['dog.c:823 carrot: blinded pet with eyes', '3.6.7', 'kitten', 'carrot', { blind: true }, 'DOGFOOD', 'carrot-blind'],
  ['dog.c:823 carrot: carnivore', '3.6.7', 'kitten', 'carrot', {}, 'MANFOOD', 'carrot-carnivore'],
  [
    'dog.c:823 carrot: starving carnivore',
    '3.6.7',
    'kitten',
    'carrot',
    { petState: 'starving' },
    'ACCFOOD',
    'carrot-starving',
  ],
  ['dog.c:825 banana: herbivorous Y', '3.6.7', 'monkey', 'banana', {}, 'DOGFOOD', 'banana-yeti-class'],
  ['dog.c:827 banana: carnivorous Y is not special', '3.6.7', 'yeti', 'banana', {}, 'MANFOOD', 'banana-carnivore'],
  ['dog.c:827 banana: starving carnivore', '3.6.7', 'yeti', 'banana', { petState: 'starving' }, 'ACCFOOD', 'banana-ok'],
  ['dog.c:827 banana: other herbivore', '3.6.7', 'pony', 'banana', {}, 'ACCFOOD', 'banana-ok'],
  [
    'dog.c:832 any other food when starving',
    '3.6.7',
    'pony',
    'food ration',
    { petState: 'starving' },
    'ACCFOOD',
    'starving-any-food',
  ],
  [
    'dog.c:833 processed food (after SLIME_MOLD): carnivore',
    '3.6.7',
    'kitten',
    'food ration',
    {},
    'ACCFOOD',
    'processed-carnivore',
  ],
  ['dog.c:833 processed food: pure herbivore', '3.6.7', 'pony', 'lembas wafer', {}, 'MANFOOD', 'processed-herbivore'],
  ['dog.c:834 fruit (up to SLIME_MOLD): herbivore', '3.6.7', 'pony', 'orange', {}, 'ACCFOOD', 'veggy-herbivore'],
  ['dog.c:834 fruit: carnivore', '3.6.7', 'kitten', 'slime mold', {}, 'MANFOOD', 'veggy-carnivore'],
  [
    'dog.c:834 globs sit before SLIME_MOLD: herbivore food',
    '3.6.7',
    'pony',
    'glob of gray ooze',
    {},
    'ACCFOOD',
    'veggy-herbivore',
  ],
  [
    'dog.c:833 royal jelly sits after SLIME_MOLD',
    '3.6.7',
    'kitten',
    'lump of royal jelly',
    {},
    'ACCFOOD',
    'processed-carnivore',
  ],
  [
    'dog.c:837 ring of slow digestion',
    '3.6.7',
    'kitten',
    'ring of slow digestion',
    {},
    'TABU',
    'strangulation-or-slow-digestion',
  ],
  [
    'dog.c:837 amulet of strangulation',
    '3.6.7',
    'kitten',
    'amulet of strangulation',
    {},
    'TABU',
    'strangulation-or-slow-digestion',
  ],
  ['dog.c:840 silver for a silver hater', '3.6.7', 'werewolf (d)', 'silver dagger', {}, 'TABU', 'silver'],
  [
    'dog.c:840 silver for a vampire in bat form',
    '3.6.7',
    'vampire bat',
    'silver spear',
    { vampshifter: true },
    'TABU',
    'silver',
  ],
  ['dog.c:850 silver for others: apportable', '3.6.7', 'kitten', 'silver dagger', {}, 'APPORT', 'apportable'],
  [
    'dog.c:842 gelatinous cube: organic item',
    '3.6.7',
    'gelatinous cube',
    'leather armor',
    {},
    'ACCFOOD',
    'gelatinous-cube-organic',
  ],
  ['dog.c:847 metallivore: rusty iron', '3.6.7', 'rust monster', 'dagger', {}, 'DOGFOOD', 'metal-rusty'],
  [
    'dog.c:847 metallivore: rustproofed iron',
    '3.6.7',
    'rust monster',
    'dagger',
    { erodeproof: true },
    'ACCFOOD',
    'metal-other',
  ],
  [
    'dog.c:845 rust monster ignores non-iron metal',
    '3.6.7',
    'rust monster',
    'dwarvish mithril-coat',
    {},
    'APPORT',
    'apportable',
  ],
  [
    'dog.c:848 other metallivores take any metal',
    '3.6.7',
    'rock mole',
    'dwarvish mithril-coat',
    {},
    'ACCFOOD',
    'metal-other',
  ],
  ['dog.c:848 gold for a metallivore', '3.6.7', 'xorn', 'gold piece', {}, 'ACCFOOD', 'metal-other'],
  ['dog.c:850 uncursed object', '3.6.7', 'kitten', 'towel', {}, 'APPORT', 'apportable'],
  ['dog.c:856 cursed object', '3.6.7', 'kitten', 'towel', { cursed: true }, 'UNDEF', 'uninteresting'],
  ['dog.c:852 ball is never apportable', '3.6.7', 'kitten', 'heavy iron ball', {}, 'UNDEF', 'uninteresting'],
  ['dog.c:855 ROCK_CLASS', '3.6.7', 'kitten', 'boulder', {}, 'UNDEF', 'rock-class'],
  // --- 3.4.3 (Vanilla-NetHack/NetHack-3.4.3 src/dog.c) ---
  [
    '3.4.3 dog.c:660 petrifying corpse is TABU',
    '3.4.3',
    'kitten',
    'cockatrice corpse',
    {},
    'TABU',
    'petrifying-corpse',
  ],
  [
    '3.4.3 dog.c:655 Rider corpse caught by obj_resists first',
    '3.4.3',
    'kitten',
    'Death corpse',
    {},
    'APPORT',
    'obj-resists',
  ],
  [
    '3.4.3 dog.c:666 ghoul: any corpse >= 50 turns, lizard too',
    '3.4.3',
    'ghoul',
    'lizard corpse',
    { age: 100 },
    'DOGFOOD',
    'ghoul-old-corpse',
  ],
  ['3.4.3 dog.c:666 ghoul: eggs are TABU', '3.4.3', 'ghoul', 'egg', { age: 1000 }, 'TABU', 'ghoul-other'],
  [
    '3.4.3 dog.c:671 cockatrice egg is APPORT for a non-eater',
    '3.4.3',
    'rust monster',
    'cockatrice egg',
    {},
    'APPORT',
    'non-eater',
  ],
  ['3.4.3 dog.c:686 cockatrice egg for an eater', '3.4.3', 'kitten', 'cockatrice egg', {}, 'POISON', 'petrifying'],
  ['3.4.3 dog.c:710 banana: any Y', '3.4.3', 'yeti', 'banana', {}, 'DOGFOOD', 'banana-yeti-class'],
  [
    '3.4.3 dog.c:707 carrot: no blind rule',
    '3.4.3',
    'kitten',
    'carrot',
    { blind: true },
    'MANFOOD',
    'carrot-carnivore',
  ],
  ['3.4.3 dog.c:700 no cannibalism rule', '3.4.3', 'dwarf', 'dwarf corpse', {}, 'CADAVER', 'corpse-carnivore'],
  [
    '3.4.3 dog.c:702 garlic: no vampshifter rule',
    '3.4.3',
    'vampire bat',
    'clove of garlic',
    { vampshifter: true },
    'ACCFOOD',
    'garlic-ok',
  ],
  // --- 5.0 (upstream 16ff5911 src/dog.c) ---
  ['5.0 dog.c:1002 poisoned object', '5.0', 'kitten', 'dart', { poisoned: true }, 'POISON', 'poisoned-object'],
  [
    '5.0 dog.c:1002 poison-resistant pet ignores the poison',
    '5.0',
    'vampire bat',
    'dart',
    { poisoned: true },
    'APPORT',
    'apportable',
  ],
  ['5.0 dog.c:1019 Medusa corpse petrifies', '5.0', 'giant beetle', 'Medusa corpse', {}, 'POISON', 'petrifying'],
  [
    '3.6.7 dog.c:811 the same Medusa corpse before 5.0',
    '3.6.7',
    'giant beetle',
    'Medusa corpse',
    {},
    'CADAVER',
    'corpse-carnivore',
  ],
  [
    '5.0 dog.c:1029 royal jelly, no queen',
    '5.0',
    'killer bee',
    'lump of royal jelly',
    {},
    'DOGFOOD',
    'royal-jelly-no-queen',
  ],
  [
    '5.0 dog.c:1029 royal jelly, queen present',
    '5.0',
    'killer bee',
    'lump of royal jelly',
    { queenBeeOnLevel: true },
    'TABU',
    'royal-jelly-queen-present',
  ],
  ['5.0 dog.c:1062 pyrolisk egg', '5.0', 'kitten', 'pyrolisk egg', {}, 'POISON', 'pyrolisk-egg'],
  ['3.6.7 dog.c:791 pyrolisk egg before 5.0', '3.6.7', 'kitten', 'pyrolisk egg', {}, 'CADAVER', 'egg-carnivore'],
  [
    '5.0 dog.c:1074 shapeshifter corpse avoided',
    '5.0',
    'kitten',
    'chameleon corpse',
    {},
    'MANFOOD',
    'polymorph-corpse',
  ],
  [
    '5.0 dog.c:1074 ...unless tameness is 1',
    '5.0',
    'kitten',
    'chameleon corpse',
    { tameness: 1 },
    'CADAVER',
    'corpse-carnivore',
  ],
  [
    '5.0 dog.c:1074 ...or starving',
    '5.0',
    'kitten',
    'chameleon corpse',
    { petState: 'starving' },
    'CADAVER',
    'corpse-carnivore',
  ],
  ['5.0 dog.c:1088 glob of green slime', '5.0', 'kitten', 'glob of green slime', {}, 'POISON', 'green-slime-glob'],
  [
    '5.0 dog.c:1088 glob of green slime, starving',
    '5.0',
    'kitten',
    'glob of green slime',
    { petState: 'starving' },
    'ACCFOOD',
    'green-slime-glob-ok',
  ],
  ['5.0 monsters.h: hill orcs resist poison', '5.0', 'hill orc', 'kobold corpse', {}, 'CADAVER', 'corpse-carnivore'],
  [
    '3.6.7 dog.c:797 hill orc without poison resistance',
    '3.6.7',
    'hill orc',
    'kobold corpse',
    {},
    'POISON',
    'corpse-poisonous',
  ],
];

describe('dogfood() branches', () => {
  it.each(rows)('%s', (_cite, version, pet, it, opts, category, branch) => {
    const r = dogFood({
      version,
      pet: mon(pet.replace(/ \(.\)$/, '')),
      item: typeof it === 'string' ? item(it) : it,
      ...opts,
    });
    expect(r.deterministic).toBe(true);
    expect(r.category).toBe(category);
    expect(r.branch.id).toBe(branch);
    expect(r.version).toBe(version);
    expect(r.citations[0]!.file).toBe('src/dog.c');
  });

  it('werewolf (d) resolves to the animal form', () => {
    // the table has two werewolves; the tests above need the S_DOG one (hates silver)
    expect(mon('werewolf').class).toBe('S_DOG');
  });
});

describe('random inputs as exact probabilities', () => {
  it('an artifact resists 95% of the time (zap.c:1193), otherwise falls through', () => {
    // Excalibur is an iron long sword: a rust monster's 5% case is dog.c:847 DOGFOOD
    const r = dogFood({ pet: mon('rust monster'), item: item('Excalibur') });
    expect(r.deterministic).toBe(false);
    expect(r.outcomes.map((o) => [o.category, o.probability, o.branch.id])).toEqual([
      ['APPORT', 0.95, 'obj-resists'],
      ['DOGFOOD', 0.05, 'metal-rusty'],
    ]);
    expect(r.category).toBe('APPORT');
  });

  it('a cursed artifact: TABU 95%, else dog.c:856 UNDEF', () => {
    const r = dogFood({ pet: mon('kitten'), item: item('Grayswandir'), cursed: true });
    expect(r.outcomes.map((o) => [o.category, o.probability])).toEqual([
      ['TABU', 0.95],
      ['UNDEF', 0.05],
    ]);
  });

  it("someone else's quest artifact is an ordinary artifact", () => {
    const r = dogFood({ pet: mon('kitten'), item: item('The Orb of Detection'), role: 'Valkyrie' });
    expect(r.outcomes.map((o) => o.branch.id)).toEqual(['obj-resists', 'apportable']);
    expect(r.outcomes[0]!.probability).toBe(0.95);
  });

  it('a ring is silver in 1 of 28 games (objects.c: only the "silver" appearance; o_init.c shuffle())', () => {
    const r = dogFood({ pet: mon('werewolf'), item: item('ring of adornment') });
    const tabu = r.outcomes.find((o) => o.category === 'TABU')!;
    expect(tabu.probability).toBeCloseTo(1 / 28, 9);
    expect(r.outcomes.find((o) => o.category === 'APPORT')!.probability).toBeCloseTo(27 / 28, 9);
  });

  it('ring of slow digestion is TABU whatever its material (dog.c:837)', () => {
    const r = dogFood({ pet: mon('werewolf'), item: item('ring of slow digestion') });
    expect(r.deterministic).toBe(true);
    expect(r.category).toBe('TABU');
  });
});

describe('starving needs a tame, non-minion pet (dog.c:761)', () => {
  it('a wild monster offered food is never starving', () => {
    const r = dogFood({ pet: mon('kitten'), item: item('apple'), petState: 'starving', tame: false });
    expect(r.category).toBe('MANFOOD');
    expect(r.inputs.starving).toBe(false);
  });
  it('a minion is never starving', () => {
    const r = dogFood({ pet: mon('kitten'), item: item('apple'), petState: 'starving', minion: true });
    expect(r.category).toBe('MANFOOD');
  });
  it('hungry is not starving for dogfood()', () => {
    expect(dogFood({ pet: mon('kitten'), item: item('apple'), petState: 'hungry' }).category).toBe('MANFOOD');
  });
});
