// Audit of the pet engine against NetHack 3.6.7's C code (tag NetHack-3.6.7_Released):
// src/dog.c dogfood() (lines cited per row), src/dogmove.c dog_nutrition()/dog_eat()/
// dog_hunger(), src/eat.c obj_nutrition()/eaten_stat(). Expected values were worked from
// the C source independently of the engine (a separate transliteration that reads the raw
// mflags/mresists bits), then checked by hand on the boundary cases.
import { describe, expect, it } from 'vitest';
import { MONSTERS, PLACEHOLDERS, type MonsterEntry } from '../../../../src/engine/nethack/data.ts';
import {
  corpseItem,
  dogFood,
  petHunger,
  petItemByName,
  petMeal,
  type DogFoodInput,
  type PetItem,
} from '../../../../src/engine/nethack/pets/index.ts';
import { resolvePet } from '../../../../commands/nethack/pet.ts';

/** "werewolf (d)" / "werewolf (@)" pick the form by symbol. */
const mon = (n: string): MonsterEntry => {
  const [name, sym] = n.match(/^(.*) \((.)\)$/)?.slice(1) ?? [n];
  const m = [...MONSTERS, ...PLACEHOLDERS].find((x) => x.name === name && (!sym || x.symbol === sym));
  if (!m) throw new Error(`no monster ${n}`);
  return m;
};
const item = (name: string): PetItem => {
  // green slime is G_NOCORPSE, so the catalog has no such corpse; dogfood() still has a branch for it
  const i = petItemByName(name) ?? (name.endsWith(' corpse') ? corpseItem(mon(name.slice(0, -7))) : undefined);
  if (!i) throw new Error(`no item ${name}`);
  return i;
};

type Row = [string, string, string, Partial<DogFoodInput>, string];
// [C line, pet, item, inputs, expected "CATEGORY:probability ..." (most likely first)]
const rows: Row[] = [
  ['dog.c:793 corpse age', 'kitten', 'jackal corpse', { age: 0 }, 'CADAVER:1'],
  ['dog.c:793 corpse age', 'kitten', 'jackal corpse', { age: 48 }, 'CADAVER:1'],
  ['dog.c:793 corpse age', 'kitten', 'jackal corpse', { age: 49 }, 'CADAVER:1'],
  ['dog.c:793 corpse age', 'kitten', 'jackal corpse', { age: 50 }, 'POISON:1'],
  ['dog.c:793 corpse age', 'kitten', 'jackal corpse', { age: 51 }, 'POISON:1'],
  ['dog.c:793 corpse age', 'kitten', 'jackal corpse', { age: 200 }, 'POISON:1'],
  ['dog.c:793 corpse age on ice (half rate)', 'little dog', 'newt corpse', { age: 97, onIce: true }, 'CADAVER:1'],
  ['dog.c:793 corpse age on ice (half rate)', 'little dog', 'newt corpse', { age: 98, onIce: true }, 'CADAVER:1'],
  ['dog.c:793 corpse age on ice (half rate)', 'little dog', 'newt corpse', { age: 99, onIce: true }, 'POISON:1'],
  ['dog.c:793 corpse age on ice (half rate)', 'little dog', 'newt corpse', { age: 100, onIce: true }, 'POISON:1'],
  ['dog.c:793 corpse age on ice (half rate)', 'little dog', 'newt corpse', { age: 101, onIce: true }, 'POISON:1'],
  ['dog.c:793 pony and an old corpse', 'pony', 'jackal corpse', { age: 49 }, 'MANFOOD:1'],
  ['dog.c:793 pony and an old corpse', 'pony', 'jackal corpse', { age: 50 }, 'POISON:1'],
  ['dog.c:793 pony and an old corpse', 'pony', 'jackal corpse', { age: 51 }, 'POISON:1'],
  ['dog.c:794 old lizard corpse is exempt', 'kitten', 'lizard corpse', { age: 5000 }, 'CADAVER:1'],
  [
    'dog.c:794 old lichen corpse is exempt; vegan for a carnivore',
    'kitten',
    'lichen corpse',
    { age: 5000 },
    'MANFOOD:1',
  ],
  ['dog.c:794 old lichen corpse for a herbivore', 'pony', 'lichen corpse', { age: 5000 }, 'CADAVER:1'],
  ['dog.c:794 old lichen corpse on ice', 'pony', 'lichen corpse', { age: 5000, onIce: true }, 'CADAVER:1'],
  [
    'dog.c:793 old corpse is POISON even when starving',
    'kitten',
    'jackal corpse',
    { age: 60, petState: 'starving' },
    'POISON:1',
  ],
  [
    'dog.c:811 cursed corpse (dogfood() ignores curse for food)',
    'kitten',
    'jackal corpse',
    { cursed: true },
    'CADAVER:1',
  ],
  ['dog.c:789 cursed tripe', 'kitten', 'tripe ration', { cursed: true }, 'DOGFOOD:1'],
  ['dog.c:850 cursed object', 'kitten', 'dagger', { cursed: true }, 'UNDEF:1'],
  ['dog.c:850 uncursed object', 'kitten', 'dagger', {}, 'APPORT:1'],
  ['dog.c:754 cockatrice corpse', 'kitten', 'cockatrice corpse', {}, 'POISON:1'],
  ['dog.c:754 chickatrice corpse', 'pony', 'chickatrice corpse', {}, 'POISON:1'],
  ['dog.c:754 cockatrice egg', 'kitten', 'cockatrice egg', {}, 'POISON:1'],
  ['dog.c:754 cockatrice egg for a herbivore', 'pony', 'cockatrice egg', {}, 'POISON:1'],
  [
    'dog.c:754 stoning-resistant pet (MR_STONE): cockatrice corpse',
    'yellow dragon',
    'cockatrice corpse',
    {},
    'CADAVER:1',
  ],
  ['dog.c:754 stoning-resistant pet: cockatrice egg', 'black naga', 'cockatrice egg', {}, 'CADAVER:1'],
  ['dog.c:754 gelatinous cube resists stoning', 'gelatinous cube', 'cockatrice corpse', {}, 'CADAVER:1'],
  ['dog.c:754 Medusa corpse is not touch_petrifies in 3.6.7', 'kitten', 'Medusa corpse', {}, 'POISON:1'],
  ['dog.c:796 acidic corpse', 'kitten', 'acid blob corpse', {}, 'POISON:1'],
  ['dog.c:796 acidic corpse, acid-resistant pet', 'yellow dragon', 'acid blob corpse', {}, 'MANFOOD:1'],
  ['dog.c:796 acidic corpse, acid-resistant herbivore-less', 'black naga', 'acid blob corpse', {}, 'MANFOOD:1'],
  ['dog.c:797 poisonous corpse', 'little dog', 'kobold corpse', {}, 'POISON:1'],
  ['dog.c:797 poisonous corpse, poison-resistant pet', 'soldier ant', 'killer bee corpse', {}, 'CADAVER:1'],
  ['dog.c:797 poisonous corpse starving', 'little dog', 'kobold corpse', { petState: 'starving' }, 'POISON:1'],
  [
    'dog.c:797 poison via worn resistance (mextrinsics)',
    'little dog',
    'kobold corpse',
    { extraResists: ['poison'] },
    'CADAVER:1',
  ],
  ['dog.c:796 acid via worn resistance', 'kitten', 'acid blob corpse', { extraResists: ['acid'] }, 'MANFOOD:1'],
  ['dog.c:754 stoning via worn resistance', 'kitten', 'cockatrice corpse', { extraResists: ['ston'] }, 'CADAVER:1'],
  ['dog.c:797 vampire bat resists poison', 'vampire bat', 'kobold corpse', {}, 'CADAVER:1'],
  ['zap.c obj_resists(): Rider corpse always', 'kitten', 'Death corpse', {}, 'APPORT:1'],
  ['zap.c obj_resists(): Pestilence corpse cursed', 'kitten', 'Pestilence corpse', { cursed: true }, 'TABU:1'],
  ['zap.c obj_resists(): Famine corpse for a non-eater', 'rust monster', 'Famine corpse', {}, 'APPORT:1'],
  ['dog.c:771 ghoul old corpse', 'ghoul', 'jackal corpse', { age: 50 }, 'DOGFOOD:1'],
  ['dog.c:771 ghoul 49', 'ghoul', 'jackal corpse', { age: 49 }, 'POISON:1'],
  ['dog.c:771 ghoul 51', 'ghoul', 'jackal corpse', { age: 51 }, 'DOGFOOD:1'],
  ['dog.c:771 ghoul on ice 98', 'ghoul', 'jackal corpse', { age: 98, onIce: true }, 'POISON:1'],
  ['dog.c:771 ghoul on ice 99', 'ghoul', 'jackal corpse', { age: 99, onIce: true }, 'DOGFOOD:1'],
  ['dog.c:772 ghoul old lizard', 'ghoul', 'lizard corpse', { age: 1000 }, 'POISON:1'],
  [
    'dog.c:772 ghoul old lichen starving (vegan)',
    'ghoul',
    'lichen corpse',
    { age: 1000, petState: 'starving' },
    'POISON:1',
  ],
  ['dog.c:775 ghoul fresh starving', 'ghoul', 'newt corpse', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:775 ghoul fresh hungry (not starving)', 'ghoul', 'newt corpse', { petState: 'hungry' }, 'POISON:1'],
  ['dog.c:775 ghoul fresh vegan starving', 'ghoul', 'brown mold corpse', { petState: 'starving' }, 'POISON:1'],
  ['dog.c:775 ghoul old poisonous corpse', 'ghoul', 'kobold corpse', { age: 100 }, 'DOGFOOD:1'],
  ['dog.c:754 ghoul and cockatrice corpse', 'ghoul', 'cockatrice corpse', { age: 100 }, 'POISON:1'],
  ['dog.c:779 ghoul egg 400', 'ghoul', 'egg', { age: 400 }, 'POISON:1'],
  ['dog.c:779 ghoul egg 401 stale', 'ghoul', 'egg', { age: 401 }, 'CADAVER:1'],
  ['dog.c:779 ghoul fresh egg starving', 'ghoul', 'snake egg', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:779 ghoul stale egg starving', 'ghoul', 'snake egg', { age: 1000, petState: 'starving' }, 'CADAVER:1'],
  ['dog.c:780 ghoul tripe', 'ghoul', 'tripe ration', {}, 'TABU:1'],
  ['dog.c:780 ghoul food ration starving', 'ghoul', 'food ration', { petState: 'starving' }, 'TABU:1'],
  ['dog.c:780 ghoul garlic', 'ghoul', 'clove of garlic', {}, 'TABU:1'],
  ['dog.c:780 ghoul tin', 'ghoul', 'tin', {}, 'TABU:1'],
  ['dog.c:802 vegan corpse herbivore', 'pony', 'lichen corpse', {}, 'CADAVER:1'],
  ['dog.c:802 vegan corpse carnivore', 'kitten', 'lichen corpse', {}, 'MANFOOD:1'],
  ['dog.c:802 vegan corpse omnivore', 'little dog', 'brown mold corpse', {}, 'MANFOOD:1'],
  ['dog.c:802 vegan corpse starving carnivore', 'kitten', 'lichen corpse', { petState: 'starving' }, 'MANFOOD:1'],
  ['dog.c:811 meaty corpse herbivore', 'pony', 'newt corpse', {}, 'MANFOOD:1'],
  ['dog.c:811 meaty corpse starving herbivore', 'pony', 'newt corpse', { petState: 'starving' }, 'MANFOOD:1'],
  [
    'dog.c:802 golem corpse? (vegan class) paper golem none; gelatinous cube corpse vegan',
    'kitten',
    'gelatinous cube corpse',
    {},
    'POISON:1',
  ],
  ['dog.c:806 dwarf eats dwarf', 'dwarf', 'dwarf corpse', {}, 'TABU:1'],
  ['dog.c:806 dwarf eats dwarf starving', 'dwarf', 'dwarf corpse', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:806 dwarf lord eats dwarf', 'dwarf lord', 'dwarf corpse', {}, 'TABU:1'],
  ['dog.c:806 elf never, even starving', 'Woodland-elf', 'elf corpse', { petState: 'starving' }, 'TABU:1'],
  ['dog.c:806 elf and Grey-elf corpse', 'Woodland-elf', 'Grey-elf corpse', {}, 'TABU:1'],
  ['dog.c:806 gnome lord eats gnome', 'gnome lord', 'gnome corpse', {}, 'TABU:1'],
  ['dog.c:806 gnome lord eats gnome starving', 'gnome lord', 'gnome corpse', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:807 kobold exception (but poisonous)', 'large kobold', 'kobold corpse', {}, 'CADAVER:1'],
  ['dog.c:807 orc exception', 'hill orc', 'hill orc corpse', {}, 'CADAVER:1'],
  ['dog.c:807 orc exception: Mordor orc', 'hill orc', 'Mordor orc corpse', {}, 'CADAVER:1'],
  ['dog.c:807 orc placeholder corpse', 'hill orc', 'orc corpse', {}, 'CADAVER:1'],
  ['dog.c:808 ogre exception', 'ogre', 'ogre corpse', {}, 'CADAVER:1'],
  ['dog.c:806 human pet and human corpse', 'werejackal (@)', 'human corpse', {}, 'TABU:1'],
  ['dog.c:806 human pet, starving', 'werejackal (@)', 'human corpse', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:806 monkey (humanoid) and ape corpse: not same race', 'monkey', 'ape corpse', {}, 'CADAVER:1'],
  ['dog.c:806 dwarf and hobbit', 'dwarf', 'hobbit corpse', {}, 'CADAVER:1'],
  ['dog.c:806 kitten (not humanoid) eats kitten', 'kitten', 'kitten corpse', {}, 'CADAVER:1'],
  ['dog.c:806 ghoul eats ghoul? (ghoul path)', 'ghoul', 'human corpse', { age: 10 }, 'POISON:1'],
  ['dog.c:796 green slime is acidic -> POISON first', 'kitten', 'green slime corpse', {}, 'POISON:1'],
  [
    'dog.c:796 green slime starving, not acid-resistant',
    'kitten',
    'green slime corpse',
    { petState: 'starving' },
    'POISON:1',
  ],
  ['dog.c:800 green slime, acid-resistant pet', 'yellow dragon', 'green slime corpse', {}, 'POISON:1'],
  [
    'dog.c:800 green slime, acid-resistant pet starving',
    'yellow dragon',
    'green slime corpse',
    { petState: 'starving' },
    'POISON:1',
  ],
  ['dog.c:800 green slime for green slime (slimeproof)', 'green slime', 'green slime corpse', {}, 'CADAVER:1'],
  ['dog.c:800 green slime for gelatinous cube', 'gelatinous cube', 'green slime corpse', {}, 'POISON:1'],
  [
    'dog.c:800 green slime: gelatinous cube resists acid and poison, not slimeproof, starving',
    'gelatinous cube',
    'green slime corpse',
    { petState: 'starving' },
    'ACCFOOD:1',
  ],
  ['dog.c:800 green slime: black naga', 'black naga', 'green slime corpse', {}, 'POISON:1'],
  [
    'dog.c:800 green slime: black naga starving',
    'black naga',
    'green slime corpse',
    { petState: 'starving' },
    'ACCFOOD:1',
  ],
  [
    'dog.c:800 green slime extrinsics starving',
    'kitten',
    'green slime corpse',
    { extraResists: ['acid', 'poison'], petState: 'starving' },
    'ACCFOOD:1',
  ],
  [
    'dog.c:800 green slime acid-resistant via extrinsic',
    'kitten',
    'green slime corpse',
    { extraResists: ['acid', 'poison'] },
    'POISON:1',
  ],
  ['dog.c:791 egg carnivore', 'kitten', 'egg', {}, 'CADAVER:1'],
  ['dog.c:791 egg herbivore', 'pony', 'egg', {}, 'MANFOOD:1'],
  ['dog.c:791 old egg carnivore (no age rule)', 'kitten', 'snake egg', { age: 5000 }, 'CADAVER:1'],
  ['dog.c:791 snake egg for a dog', 'little dog', 'snake egg', {}, 'CADAVER:1'],
  ['dog.c:791 pyrolisk egg in 3.6.7 ordinary', 'kitten', 'pyrolisk egg', {}, 'CADAVER:1'],
  ['dog.c:791 egg cursed', 'kitten', 'egg', { cursed: true }, 'CADAVER:1'],
  ['dog.c:812 garlic undead', 'ghoul', 'clove of garlic', { petState: 'starving' }, 'TABU:1'],
  ['dog.c:812 garlic vampire shapeshifter', 'vampire bat', 'clove of garlic', { vampshifter: true }, 'TABU:1'],
  ['dog.c:812 garlic vampire bat (not shifter)', 'vampire bat', 'clove of garlic', {}, 'ACCFOOD:1'],
  ['dog.c:812 garlic herbivore', 'pony', 'clove of garlic', {}, 'ACCFOOD:1'],
  ['dog.c:812 garlic carnivore', 'kitten', 'clove of garlic', {}, 'MANFOOD:1'],
  ['dog.c:812 garlic carnivore starving', 'kitten', 'clove of garlic', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:812 garlic carnivore hungry', 'kitten', 'clove of garlic', { petState: 'hungry' }, 'MANFOOD:1'],
  [
    "dog.c:812 garlic wild (not tame) can't be starving",
    'kitten',
    'clove of garlic',
    { petState: 'starving', tame: false },
    'MANFOOD:1',
  ],
  [
    "dog.c:812 garlic minion can't be starving",
    'kitten',
    'clove of garlic',
    { petState: 'starving', minion: true },
    'MANFOOD:1',
  ],
  ['dog.c:757 tin for a metallivore: non-eater test first', 'rust monster', 'tin', {}, 'APPORT:1'],
  ['dog.c:757 tin for xorn', 'xorn', 'tin', {}, 'APPORT:1'],
  ['dog.c:757 tin for rock mole', 'rock mole', 'tin', {}, 'APPORT:1'],
  ['dog.c:818 tin carnivore', 'kitten', 'tin', {}, 'MANFOOD:1'],
  ['dog.c:818 tin starving', 'kitten', 'tin', { petState: 'starving' }, 'MANFOOD:1'],
  ['dog.c:820 apple herbivore', 'pony', 'apple', {}, 'DOGFOOD:1'],
  ['dog.c:820 apple carnivore', 'kitten', 'apple', {}, 'MANFOOD:1'],
  ['dog.c:820 apple carnivore starving', 'kitten', 'apple', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:820 apple blind carnivore (no blind rule)', 'kitten', 'apple', { blind: true }, 'MANFOOD:1'],
  ['dog.c:822 carrot blind carnivore with eyes', 'kitten', 'carrot', { blind: true }, 'DOGFOOD:1'],
  ['dog.c:822 carrot blind carnivore without eyes', 'trapper', 'carrot', { blind: true }, 'MANFOOD:1'],
  ['dog.c:822 carrot carnivore', 'kitten', 'carrot', {}, 'MANFOOD:1'],
  ['dog.c:822 carrot herbivore', 'pony', 'carrot', {}, 'DOGFOOD:1'],
  ['dog.c:822 carrot starving carnivore', 'large cat', 'carrot', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:824 banana monkey', 'monkey', 'banana', {}, 'DOGFOOD:1'],
  ['dog.c:824 banana ape', 'ape', 'banana', {}, 'DOGFOOD:1'],
  ['dog.c:824 banana sasquatch', 'sasquatch', 'banana', {}, 'DOGFOOD:1'],
  ['dog.c:824 banana yeti (carnivore Y)', 'yeti', 'banana', {}, 'MANFOOD:1'],
  ['dog.c:824 banana yeti starving', 'yeti', 'banana', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:824 banana owlbear', 'owlbear', 'banana', {}, 'MANFOOD:1'],
  ['dog.c:824 banana pony', 'pony', 'banana', {}, 'ACCFOOD:1'],
  ['dog.c:824 banana kitten', 'kitten', 'banana', {}, 'MANFOOD:1'],
  ['dog.c:833 glob (before SLIME_MOLD) herbivore', 'pony', 'glob of gray ooze', {}, 'ACCFOOD:1'],
  ['dog.c:833 glob carnivore', 'kitten', 'glob of black pudding', {}, 'MANFOOD:1'],
  ['dog.c:831 glob starving', 'kitten', 'glob of green slime', { petState: 'starving' }, 'ACCFOOD:1'],
  ['dog.c:833 green slime glob is not the corpse rule', 'kitten', 'glob of green slime', {}, 'MANFOOD:1'],
  ['dog.c:833 slime mold (= SLIME_MOLD) carnivore', 'kitten', 'slime mold', {}, 'MANFOOD:1'],
  ['dog.c:833 slime mold herbivore', 'pony', 'slime mold', {}, 'ACCFOOD:1'],
  ['dog.c:833 royal jelly (> SLIME_MOLD) carnivore', 'kitten', 'lump of royal jelly', {}, 'ACCFOOD:1'],
  ['dog.c:833 royal jelly herbivore', 'pony', 'lump of royal jelly', {}, 'MANFOOD:1'],
  ['dog.c:833 food ration carnivore', 'little dog', 'food ration', {}, 'ACCFOOD:1'],
  ['dog.c:833 food ration herbivore', 'horse', 'food ration', {}, 'MANFOOD:1'],
  ['dog.c:833 C-ration omnivore', 'dwarf', 'C-ration', {}, 'ACCFOOD:1'],
  ['dog.c:833 lembas omnivore', 'Woodland-elf', 'lembas wafer', {}, 'ACCFOOD:1'],
  ['dog.c:833 kelp frond carnivore', 'kitten', 'kelp frond', {}, 'MANFOOD:1'],
  ['dog.c:833 eucalyptus herbivore', 'pony', 'eucalyptus leaf', {}, 'ACCFOOD:1'],
  ['dog.c:833 cream pie herbivore', 'pony', 'cream pie', {}, 'MANFOOD:1'],
  ['dog.c:789 meat for herbivore', 'pony', 'huge chunk of meat', {}, 'MANFOOD:1'],
  ['dog.c:789 meat ring carnivore', 'kitten', 'meat ring', {}, 'DOGFOOD:1'],
  [
    'dog.c:789 meatball starving herbivore (meat rule first)',
    'pony',
    'meatball',
    { petState: 'starving' },
    'MANFOOD:1',
  ],
  ['dog.c:844 rust monster + iron', 'rust monster', 'dagger', {}, 'DOGFOOD:1'],
  ['dog.c:844 rust monster + rustproof iron', 'rust monster', 'dagger', { erodeproof: true }, 'ACCFOOD:1'],
  ['dog.c:844 rust monster + non-iron metal: not food', 'rust monster', 'silver saber', {}, 'APPORT:1'],
  ['dog.c:844 rust monster + mithril: not food', 'rust monster', 'elven mithril-coat', {}, 'APPORT:1'],
  ['dog.c:844 rust monster + copper bell', 'rust monster', 'bell', {}, 'APPORT:1'],
  ['dog.c:850 rust monster + cursed silver', 'rust monster', 'silver saber', { cursed: true }, 'UNDEF:1'],
  ['dog.c:844 rust monster + cursed iron (curse not checked)', 'rust monster', 'dagger', { cursed: true }, 'DOGFOOD:1'],
  ['dog.c:844 xorn + silver', 'xorn', 'silver saber', {}, 'ACCFOOD:1'],
  ['dog.c:844 xorn + tsurugi (METAL)', 'xorn', 'tsurugi', {}, 'ACCFOOD:1'],
  ['dog.c:844 xorn + mithril', 'xorn', 'dwarvish mithril-coat', {}, 'ACCFOOD:1'],
  ['dog.c:844 xorn + iron', 'xorn', 'long sword', {}, 'DOGFOOD:1'],
  ['dog.c:844 rock mole + gold piece', 'rock mole', 'gold piece', {}, 'ACCFOOD:1'],
  ['dog.c:844 xorn + heavy iron ball', 'xorn', 'heavy iron ball', {}, 'DOGFOOD:1'],
  ['dog.c:844 rust monster + iron chain', 'rust monster', 'iron chain', {}, 'DOGFOOD:1'],
  ['dog.c:844 rust monster + rustproof chain', 'rust monster', 'iron chain', { erodeproof: true }, 'ACCFOOD:1'],
  ['dog.c:850 kitten + heavy iron ball', 'kitten', 'heavy iron ball', {}, 'UNDEF:1'],
  ['dog.c:850 kitten + iron chain', 'kitten', 'iron chain', {}, 'UNDEF:1'],
  ['dog.c:842 gelatinous cube + leather', 'gelatinous cube', 'leather armor', {}, 'ACCFOOD:1'],
  ['dog.c:842 gelatinous cube + wood', 'gelatinous cube', 'club', {}, 'ACCFOOD:1'],
  ['dog.c:842 gelatinous cube + paper', 'gelatinous cube', 'scroll of identify', {}, 'ACCFOOD:1'],
  ['dog.c:842 gelatinous cube + cloth cursed', 'gelatinous cube', 'towel', { cursed: true }, 'ACCFOOD:1'],
  ['dog.c:842 gelatinous cube + bone (not organic)', 'gelatinous cube', 'unicorn horn', {}, 'APPORT:1'],
  ['dog.c:842 gelatinous cube + iron', 'gelatinous cube', 'dagger', {}, 'APPORT:1'],
  ['dog.c:842 gelatinous cube + plastic', 'gelatinous cube', 'credit card', {}, 'APPORT:1'],
  ['dog.c:833 gelatinous cube + food ration', 'gelatinous cube', 'food ration', {}, 'ACCFOOD:1'],
  ['dog.c:840 werewolf + silver', 'werewolf (d)', 'silver saber', {}, 'TABU:1'],
  ['dog.c:840 human werewolf + silver', 'werewolf (@)', 'silver arrow', {}, 'TABU:1'],
  ['dog.c:840 vampire bat shifter + silver', 'vampire bat', 'silver dagger', { vampshifter: true }, 'TABU:1'],
  ['dog.c:840 vampire bat plain + silver', 'vampire bat', 'silver dagger', {}, 'APPORT:1'],
  ['dog.c:840 imp + silver', 'imp', 'silver spear', {}, 'TABU:1'],
  ['dog.c:840 tengu + silver', 'tengu', 'silver spear', {}, 'APPORT:1'],
  ['dog.c:840 shade + silver', 'shade', 'shield of reflection', {}, 'TABU:1'],
  ['dog.c:840 kitten + silver', 'kitten', 'silver saber', {}, 'APPORT:1'],
  ['dog.c:840 hates silver cursed', 'werewolf (d)', 'silver saber', { cursed: true }, 'TABU:1'],
  ['dog.c:840 werewolf + Bell of Opening (obj_resists first)', 'werewolf (d)', 'Bell of Opening', {}, 'APPORT:1'],
  ['dog.c:744 artifact 95%', 'kitten', 'Excalibur', {}, 'APPORT:1'],
  ['dog.c:744 artifact cursed', 'kitten', 'Excalibur', { cursed: true }, 'TABU:0.95 UNDEF:0.05'],
  ['dog.c:744 Grayswandir for a silver hater', 'werewolf (d)', 'Grayswandir', {}, 'APPORT:0.95 TABU:0.05'],
  ['dog.c:744 artifact for rust monster', 'rust monster', 'Mjollnir', {}, 'APPORT:0.95 DOGFOOD:0.05'],
  ['dog.c:744 quest artifact of another role', 'kitten', 'The Orb of Detection', { role: 'Valkyrie' }, 'APPORT:1'],
  ['dog.c:744 own quest artifact', 'kitten', 'The Orb of Detection', { role: 'Archeologist' }, 'APPORT:1'],
  [
    'dog.c:744 own quest artifact cursed',
    'kitten',
    'The Eye of the Aethiopica',
    { role: 'Wizard', cursed: true },
    'TABU:1',
  ],
  ['dog.c:744 Amulet of Yendor', 'kitten', 'Amulet of Yendor', {}, 'APPORT:1'],
  ['dog.c:744 Amulet of Yendor cursed', 'kitten', 'Amulet of Yendor', { cursed: true }, 'TABU:1'],
  ['dog.c:850 fake Amulet', 'kitten', 'cheap plastic imitation of the Amulet of Yendor', {}, 'APPORT:1'],
  ['dog.c:744 Book of the Dead cursed', 'gelatinous cube', 'Book of the Dead', { cursed: true }, 'TABU:1'],
  ['dog.c:744 Candelabrum', 'xorn', 'Candelabrum of Invocation', {}, 'APPORT:1'],
  ['dog.c:837 amulet of strangulation', 'kitten', 'amulet of strangulation', {}, 'TABU:1'],
  ['dog.c:837 amulet of strangulation for xorn', 'xorn', 'amulet of strangulation', {}, 'TABU:1'],
  ['dog.c:837 ring of slow digestion', 'xorn', 'ring of slow digestion', {}, 'TABU:1'],
  ['dog.c:844 xorn + amulet of ESP (iron)', 'xorn', 'amulet of ESP', {}, 'DOGFOOD:1'],
  ['dog.c:844 rust monster + amulet of ESP', 'rust monster', 'amulet of ESP', {}, 'DOGFOOD:1'],
  [
    'dog.c:840 ring material shuffle for a silver hater',
    'werewolf (d)',
    'ring of adornment',
    {},
    'APPORT:0.964286 TABU:0.035714',
  ],
  [
    'dog.c:844 ring material shuffle for xorn',
    'xorn',
    'ring of regeneration',
    {},
    'APPORT:0.607143 DOGFOOD:0.214286 ACCFOOD:0.178571',
  ],
  [
    'dog.c:844 ring material shuffle for rust monster',
    'rust monster',
    'ring of regeneration',
    {},
    'APPORT:0.785714 DOGFOOD:0.214286',
  ],
  [
    'dog.c:842 ring material shuffle for gelatinous cube',
    'gelatinous cube',
    'ring of regeneration',
    {},
    'APPORT:0.964286 ACCFOOD:0.035714',
  ],
  ['dog.c:855 boulder', 'kitten', 'boulder', {}, 'UNDEF:1'],
  ['dog.c:855 statue for xorn', 'xorn', 'statue', {}, 'UNDEF:1'],
  ['dog.c:850 rock (GEM_CLASS)', 'kitten', 'rock', {}, 'APPORT:1'],
  ['dog.c:850 rock cursed', 'kitten', 'rock', { cursed: true }, 'UNDEF:1'],
  ['dog.c:850 luckstone for xorn (mineral)', 'xorn', 'luckstone', {}, 'APPORT:1'],
  ['dog.c:850 gold piece for kitten', 'kitten', 'gold piece', {}, 'APPORT:1'],
];

describe('audit: dogfood() 3.6.7 against src/dog.c', () => {
  it.each(rows)('%s — %s + %s %j', (_line, pet, it_, opts, expected) => {
    const r = dogFood({ ...opts, pet: mon(pet), item: item(it_) });
    // outcomes are per deciding branch; sum them by category
    const by = new Map<string, number>();
    for (const o of r.outcomes) by.set(o.category, (by.get(o.category) ?? 0) + o.probability);
    const got = [...by]
      .sort((a, b) => b[1] - a[1])
      .map(([c, p]) => `${c}:${+p.toFixed(6)}`)
      .join(' ');
    expect(got).toBe(expected);
  });
});

describe('audit: dog_nutrition() and dog_eat() 3.6.7', () => {
  const meal = (
    pet: string,
    it_: string,
    o: { oeaten?: number; devour?: boolean; heroRace?: 'orc' | 'elf' | 'dwarf' | 'human'; quantity?: number } = {},
  ) => {
    const r = petMeal({ pet: mon(pet), item: item(it_), ...o });
    return [r.nutrition, r.eatingTime];
  };
  it('dogmove.c:154-155 corpse: 3 + (cwt >> 6) turns; ×8 tiny, ×6 small, ×5 medium, ×4 large, ×3 huge, ×2 gigantic (160-179)', () => {
    expect(meal('newt', 'jackal corpse')).toEqual([2000, 7]);
    expect(meal('kitten', 'jackal corpse')).toEqual([1500, 7]);
    expect(meal('dog', 'jackal corpse')).toEqual([1250, 7]);
    expect(meal('large dog', 'jackal corpse')).toEqual([1250, 7]);
    expect(meal('warhorse', 'lichen corpse')).toEqual([800, 3]);
    expect(meal('mastodon', 'lichen corpse')).toEqual([800, 3]);
    expect(meal('baby red dragon', 'lichen corpse')).toEqual([600, 3]);
    expect(meal('red dragon', 'lichen corpse')).toEqual([400, 3]);
    expect(meal('red dragon', 'human corpse')).toEqual([800, 25]);
  });
  it('dogmove.c:157-158 other food: oc_delay and oc_nutrition (globs too)', () => {
    expect(meal('kitten', 'tripe ration')).toEqual([1200, 2]);
    expect(meal('pony', 'apple')).toEqual([250, 1]);
    expect(meal('little dog', 'food ration')).toEqual([4800, 5]);
    expect(meal('pony', 'glob of gray ooze')).toEqual([100, 2]);
    expect(meal('kitten', 'huge chunk of meat')).toEqual([12000, 20]);
  });
  it('dogmove.c:232-236 devour (taming): meating / 2 if > 1, nutrition × 3/4 if > 1', () => {
    expect(meal('kitten', 'tripe ration', { devour: true })).toEqual([900, 1]);
    expect(meal('kitten', 'jackal corpse', { devour: true })).toEqual([1125, 3]);
    expect(meal('little dog', 'food ration', { devour: true })).toEqual([3600, 2]);
    expect(meal('kitten', 'meatball', { devour: true })).toEqual([22, 1]);
  });
  it('dogmove.c:181-184 partly eaten: eaten_stat() scales both (eat.c:3220)', () => {
    expect(meal('kitten', 'jackal corpse', { oeaten: 125 })).toEqual([750, 3]);
    expect(meal('kitten', 'jackal corpse', { oeaten: 1 })).toEqual([6, 1]);
    expect(meal('little dog', 'food ration', { oeaten: 400, devour: true })).toEqual([1800, 1]);
  });
  it('eat.c:330-332 lembas for an orc hero: obj_nutrition() rewrites oeaten >= 600, and dog_nutrition() calls it twice', () => {
    // 800 × 6 (small) = 4800; full 600. oeaten 700 -> 599 on the first call: 2 × 599 / 600 = 1, 4800 × 599 / 600 = 4792.
    expect(meal('kitten', 'lembas wafer', { oeaten: 700, heroRace: 'orc' })).toEqual([4792, 1]);
    // oeaten 800 -> 600 on the first call (meating 2), then 599 on the second.
    expect(meal('kitten', 'lembas wafer', { oeaten: 800, heroRace: 'orc' })).toEqual([4792, 2]);
    expect(meal('kitten', 'lembas wafer', { oeaten: 500, heroRace: 'orc' })).toEqual([4000, 1]);
    // elves: full 1000, no rewrite below it
    expect(meal('kitten', 'lembas wafer', { oeaten: 500, heroRace: 'elf' })).toEqual([2400, 1]);
    expect(meal('kitten', 'cram ration', { oeaten: 350, heroRace: 'dwarf' })).toEqual([1800, 1]);
  });
  it('dogmove.c:185-199 gold and other objects', () => {
    expect(meal('rock mole', 'gold piece', { quantity: 4001 })).toEqual([200, 3]);
    expect(meal('xorn', 'dagger')).toEqual([50, 1]);
    expect(meal('xorn', 'heavy iron ball')).toEqual([1000, 25]);
    expect(meal('gelatinous cube', 'leather armor')).toEqual([750, 8]);
  });
});

describe('audit: hunger clock 3.6.7', () => {
  it('dog.c:47 initedog(); dogmove.c:361/382 weak after +500, starves after +750; 1140 ranged after +300', () => {
    const t = petHunger({ pet: mon('little dog'), tamedTurn: 300 }).timeline;
    expect(t).toEqual({
      hungrytime: 1300,
      hungryAt: 1300,
      rangedAttacksReducedAt: 1601,
      weakAt: 1801,
      starvesAt: 2051,
      goesFeralAt: 2051,
    });
  });
  it('dogmove.c:219-220,238 a meal adds to max(hungrytime, T)', () => {
    expect(
      petHunger({ pet: mon('kitten'), lastMealTurn: 500, lastMeal: item('tripe ration') }).timeline.hungrytime,
    ).toBe(2201);
    expect(
      petHunger({ pet: mon('kitten'), lastMealTurn: 3000, lastMeal: item('tripe ration') }).timeline.hungrytime,
    ).toBe(4200);
  });
  it('dogmove.c:361-364 a non-eater is never weakened: its clock is reset to T + 500', () => {
    const r = petHunger({ pet: mon('rust monster'), turn: 1600 });
    expect(r.timeline.weakAt).toBeNull();
    expect(r.timeline.starvesAt).toBeNull();
    // reset at turn 1502 to 2002
    expect(r.status).toBe('fed');
    expect(petHunger({ pet: mon('rust monster'), turn: 1501 }).status).toBe('hungry');
    expect(petHunger({ pet: mon('rust monster'), turn: 2002 }).status).toBe('hungry');
    expect(petHunger({ pet: mon('rust monster'), turn: 2503 }).status).toBe('fed');
    expect(petHunger({ pet: mon('gelatinous cube'), turn: 5000 }).status).not.toBe('weak');
  });
});

describe('audit: /nethack pet names', () => {
  it('the autocomplete value "werejackal (@)" is the human form, "werejackal (d)" and "werejackal" the animal', () => {
    expect(resolvePet('werejackal (@)', '3.6.7').pm).toBe('PM_HUMAN_WEREJACKAL');
    expect(resolvePet('werejackal (d)', '3.6.7').pm).toBe('PM_WEREJACKAL');
    expect(resolvePet('werejackal', '3.6.7').pm).toBe('PM_WEREJACKAL');
    expect(resolvePet('wererat (@)', '3.6.7').pm).toBe('PM_HUMAN_WERERAT');
    expect(resolvePet('werewolf (@)', '3.6.7').pm).toBe('PM_HUMAN_WEREWOLF');
  });
});
