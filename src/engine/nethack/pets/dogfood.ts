// src/dog.c dogfood(): how good an object is as food for one monster, exactly as the
// game computes it, for 3.6.7 (default), 3.4.3 and 5.0. The only randomness inside
// dogfood() is obj_resists() (src/zap.c), re-rolled on every call: it is TRUE always
// for the Amulet of Yendor, the invocation items and Rider corpses, 95% of the time
// for other artifacts and never for ordinary objects. A ring's material comes with its
// randomized appearance (src/o_init.c shuffle()), so it is a uniform draw over the
// 28 ring materials. Both are returned as exact probabilities, never rolled.
import { tablesFor, type MonsterEntry } from '../data.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import { categoryValue, type DogFoodCategory } from './categories.ts';
import { isMetallic, isOrganic, isRustprone, type Material, type PetItem, type Role } from './items.ts';
import {
  hasEyes,
  hatesSilverType,
  isShapeshifter,
  isSlimeproof,
  likesFire,
  overlayNote,
  resists,
  sameRace,
  speciesFor,
  type PetSpecies,
} from './species.ts';

export type PetHungerState = 'normal' | 'hungry' | 'starving';

export interface DogFoodInput {
  version?: NethackVersion;
  pet: MonsterEntry;
  item: PetItem;
  cursed?: boolean;
  /** Turns since the corpse was made or the egg laid: monstermoves − obj->age. */
  age?: number;
  /** Corpse lies on ice (src/mkobj.c peek_at_iced_corpse_age(): ages at half speed). */
  onIce?: boolean;
  /** normal: T < hungrytime; hungry: T ≥ hungrytime; starving: past hungrytime+500, mhpmax_penalty set. */
  petState?: PetHungerState;
  /** false: a wild monster being offered food (taming); it cannot be "starving". Default true. */
  tame?: boolean;
  /** Tame minions (guardian angels) never count as starving. */
  minion?: boolean;
  /** The pet is blinded (!mcansee). */
  blind?: boolean;
  /** oerodeproof: rustproofed or otherwise fixed. */
  erodeproof?: boolean;
  /** 5.0: opoisoned (poisoned arrows, darts...). */
  poisoned?: boolean;
  /** Tameness (mtame). 5.0 polyfood rule; default 10 for domestic animals, 5 otherwise (initedog()). */
  tameness?: number;
  /** A vampire in bat, fog or wolf form (is_vampshifter()). */
  vampshifter?: boolean;
  /** Resistances from worn items (mextrinsics), e.g. ["poison"]. */
  extraResists?: string[];
  /** The hero's role: decides is_quest_artifact(). */
  role?: Role;
  /** 5.0: a queen bee is on the level (royal jelly for killer bees). */
  queenBeeOnLevel?: boolean;
}

export interface DogFoodBranch {
  /** Stable id of the deciding branch, e.g. "corpse-too-old". */
  id: string;
  /** The rule in words. */
  rule: string;
  citation: Citation;
}

export interface DogFoodOutcome {
  category: DogFoodCategory;
  /** The game's number for it: DOGFOOD 0 … TABU 7. */
  value: number;
  probability: number;
  branch: DogFoodBranch;
  /** What made this outcome random, when it is. */
  condition?: string;
}

export interface DogFoodResult {
  game: 'nethack';
  version: NethackVersion;
  pet: { name: string; pm: string };
  item: { name: string; otyp: string; oclass: string; corpse?: string | null; material: string; artifact?: string };
  inputs: {
    cursed: boolean;
    age: number | null;
    onIce: boolean;
    petState: PetHungerState;
    tame: boolean;
    blind: boolean;
    erodeproof: boolean;
    poisoned: boolean;
    tameness: number;
    vampshifter: boolean;
    role: Role | null;
    starving: boolean;
  };
  /** The most likely category (the only one when `deterministic`). */
  category: DogFoodCategory;
  value: number;
  deterministic: boolean;
  outcomes: DogFoodOutcome[];
  /** The branch that decided the most likely outcome. */
  branch: DogFoodBranch;
  citations: Citation[];
  /** Version notes that explain a difference from 3.6.7 (monster data overlays). */
  notes: string[];
}

// Line numbers of each dogfood() branch in src/dog.c at each pinned version.
type BranchLines = Record<string, number>;
const LINES: Record<NethackVersion, BranchLines> = {
  '3.6.7': {
    artifact: 744,
    rider: 752,
    petrify: 754,
    noneater: 757,
    starving: 761,
    blind: 764,
    ghoulCorpse: 771,
    ghoulEgg: 778,
    ghoulOther: 780,
    meat: 789,
    egg: 791,
    corpseBad: 793,
    slime: 800,
    vegan: 802,
    cannibal: 806,
    corpse: 811,
    garlic: 812,
    tin: 818,
    apple: 820,
    carrot: 822,
    banana: 824,
    starvingOther: 831,
    other: 833,
    strangulation: 837,
    silver: 840,
    cube: 842,
    metallivore: 844,
    apport: 850,
    undef: 856,
  },
  '3.4.3': {
    artifact: 655,
    rider: 660,
    petrify: 660,
    noneater: 671,
    starving: 675,
    ghoulCorpse: 666,
    ghoulOther: 666,
    meat: 684,
    egg: 688,
    eggPetrify: 686,
    corpseBad: 690,
    vegan: 698,
    corpse: 700,
    garlic: 701,
    tin: 704,
    apple: 706,
    carrot: 707,
    banana: 709,
    starvingOther: 713,
    other: 714,
    strangulation: 719,
    silver: 722,
    cube: 725,
    metallivore: 727,
    apport: 732,
    undef: 737,
  },
  '5.0': {
    poisoned: 1002,
    artifact: 1004,
    rider: 1017,
    petrify: 1019,
    jelly: 1023,
    noneater: 1031,
    starving: 1035,
    blind: 1038,
    ghoulCorpse: 1044,
    ghoulEgg: 1049,
    ghoulOther: 1051,
    meat: 1060,
    pyrolisk: 1062,
    egg: 1064,
    corpseBad: 1066,
    polyfood: 1074,
    vegan: 1076,
    cannibal: 1080,
    corpse: 1085,
    slimeGlob: 1086,
    garlic: 1089,
    tin: 1093,
    apple: 1095,
    carrot: 1097,
    banana: 1099,
    starvingOther: 1106,
    other: 1108,
    strangulation: 1112,
    silver: 1115,
    cube: 1117,
    metallivore: 1119,
    apport: 1125,
    undef: 1132,
  },
};

export function dogfoodLine(version: NethackVersion, key: string): number | undefined {
  return LINES[version][key];
}

const MEATS = new Set(['TRIPE_RATION', 'MEATBALL', 'MEAT_RING', 'MEAT_STICK', 'HUGE_CHUNK_OF_MEAT']);

interface Scenario {
  /** obj_resists(obj, 0, 95) for this call. */
  resistsRoll: boolean;
  material: Material;
}

interface Ctx {
  v: NethackVersion;
  pet: PetSpecies;
  item: PetItem;
  fptr: PetSpecies | undefined;
  cursed: boolean;
  age: number;
  onIce: boolean;
  starving: boolean;
  blind: boolean;
  erodeproof: boolean;
  poisoned: boolean;
  tameness: number;
  vampshifter: boolean;
  extra: readonly string[];
  questArtifact: boolean;
  queenBee: boolean;
}

type Decision = { category: DogFoodCategory; key: string; id: string; rule: string };

const d = (category: DogFoodCategory, key: string, id: string, rule: string): Decision => ({ category, key, id, rule });

/** src/mkobj.c peek_at_iced_corpse_age(): on ice the age counts half, rounded up. */
export function effectiveCorpseAge(age: number, onIce: boolean): number {
  // retval = obj->age + a*(ROT_ICE_ADJUSTMENT-1)/ROT_ICE_ADJUSTMENT, a = T - obj->age, so T - retval = a - floor(a/2)
  return onIce ? age - Math.floor(age / 2) : age;
}

/** One deterministic pass of dogfood() for one scenario of its random inputs. */
function decide(c: Ctx, s: Scenario): Decision {
  const { v, pet, item, fptr } = c;
  const carni = pet.carnivore;
  const herbi = pet.herbivore;
  const otyp = item.otyp;

  // 5.0: poisoned objects first (src/dog.c:1002)
  if (v === '5.0' && c.poisoned && !resists(pet, 'poison', c.extra))
    return d('POISON', 'poisoned', 'poisoned-object', 'a poisoned object and the pet does not resist poison');
  // is_quest_artifact(obj) || obj_resists(obj, 0, 95)
  if (c.questArtifact || s.resistsRoll)
    return d(
      c.cursed ? 'TABU' : 'APPORT',
      'artifact',
      c.questArtifact ? 'quest-artifact' : 'obj-resists',
      c.questArtifact
        ? `your quest artifact: ${c.cursed ? 'cursed, so taboo' : 'apportable'}`
        : `obj_resists() held${item.invocationItem || fptr?.rider ? ' (always for this item)' : ' (95% for an artifact)'}: ${c.cursed ? 'cursed, so taboo' : 'apportable'}`,
    );

  if (item.oclass === 'FOOD_CLASS') {
    const isCorpse = otyp === 'CORPSE';
    const isEgg = otyp === 'EGG';
    const vegan = fptr?.vegan ?? false;
    if (v === '3.4.3') {
      // 3.4.3 src/dog.c:660 petrifying corpse or Rider corpse -> TABU
      if (isCorpse && fptr && ((fptr.touchPetrifies && !resists(pet, 'ston', c.extra)) || fptr.rider))
        return d(
          'TABU',
          'petrify',
          fptr.rider ? 'rider-corpse' : 'petrifying-corpse',
          fptr.rider ? 'a Rider corpse is taboo' : 'a petrifying corpse is taboo to a pet that does not resist stoning',
        );
      // ghouls before the non-eater test (3.4.3 src/dog.c:666)
      if (pet.ghoul) {
        if (isCorpse && effectiveCorpseAge(c.age, c.onIce) >= 50)
          return d(
            'DOGFOOD',
            'ghoulCorpse',
            'ghoul-old-corpse',
            'ghouls treat corpses at least 50 turns old as treats',
          );
        return d('TABU', 'ghoulOther', 'ghoul-other', 'ghouls find anything but an old corpse taboo');
      }
    } else {
      if (isCorpse && fptr?.rider) return d('TABU', 'rider', 'rider-corpse', 'a Rider corpse is taboo');
      const petrifies = v === '5.0' ? fptr?.fleshPetrifies : fptr?.touchPetrifies;
      if ((isCorpse || isEgg) && petrifies && !resists(pet, 'ston', c.extra))
        return d(
          'POISON',
          'petrify',
          'petrifying',
          `a ${isCorpse ? 'corpse' : 'egg'} of ${fptr!.name} is poison to a pet that does not resist stoning`,
        );
      if (v === '5.0' && otyp === 'LUMP_OF_ROYAL_JELLY' && pet.pm === 'PM_KILLER_BEE')
        return c.queenBee
          ? d(
              'TABU',
              'jelly',
              'royal-jelly-queen-present',
              'a killer bee will not eat royal jelly while a queen bee is on the level',
            )
          : d(
              'DOGFOOD',
              'jelly',
              'royal-jelly-no-queen',
              'royal jelly is a treat for a killer bee when no queen bee is on the level',
            );
    }
    if (!carni && !herbi)
      return d(
        c.cursed ? 'UNDEF' : 'APPORT',
        'noneater',
        'non-eater',
        `the pet eats neither meat nor plants: ${c.cursed ? 'cursed food is uninteresting' : 'food is only apportable'}`,
      );
    const starving = c.starving;
    const mblind = v !== '3.4.3' && c.blind && hasEyes(pet);

    if (v !== '3.4.3' && pet.ghoul) {
      if (isCorpse) {
        if (effectiveCorpseAge(c.age, c.onIce) >= 50 && fptr?.pm !== 'PM_LIZARD' && fptr?.pm !== 'PM_LICHEN')
          return d(
            'DOGFOOD',
            'ghoulCorpse',
            'ghoul-old-corpse',
            'ghouls treat corpses at least 50 turns old (not lizard or lichen) as treats',
          );
        return starving && !vegan
          ? d(
              'ACCFOOD',
              'ghoulCorpse',
              'ghoul-fresh-corpse-starving',
              'a starving ghoul accepts a fresh non-vegan corpse',
            )
          : d(
              'POISON',
              'ghoulCorpse',
              'ghoul-fresh-corpse',
              'fresh (or lizard, lichen, vegan) corpses are poison to a ghoul',
            );
      }
      if (isEgg) {
        // include/obj.h stale_egg(): monstermoves - age > 2 * MAX_EGG_HATCH_TIME (400)
        if (c.age > 400)
          return d('CADAVER', 'ghoulEgg', 'ghoul-stale-egg', 'a stale egg (over 400 turns old) suits a ghoul');
        return starving
          ? d('ACCFOOD', 'ghoulEgg', 'ghoul-egg-starving', 'a starving ghoul accepts a fresh egg')
          : d('POISON', 'ghoulEgg', 'ghoul-egg', 'a fresh egg is poison to a ghoul');
      }
      return d('TABU', 'ghoulOther', 'ghoul-other', 'ghouls find any other food taboo');
    }

    if (MEATS.has(otyp))
      return carni
        ? d('DOGFOOD', 'meat', 'meat-treat', 'meat is a treat for a carnivore')
        : d('MANFOOD', 'meat', 'meat-herbivore', 'meat is only human food to a herbivore');
    if (isEgg) {
      if (v === '3.4.3' && fptr?.touchPetrifies && !resists(pet, 'ston', c.extra))
        return d(
          'POISON',
          'eggPetrify',
          'petrifying',
          'a cockatrice egg is poison to a pet that does not resist stoning',
        );
      if (v === '5.0' && fptr?.pm === 'PM_PYROLISK' && !likesFire(pet))
        return d('POISON', 'pyrolisk', 'pyrolisk-egg', 'a pyrolisk egg is poison unless the pet likes fire');
      return carni
        ? d('CADAVER', 'egg', 'egg-carnivore', 'eggs suit a carnivore')
        : d('MANFOOD', 'egg', 'egg-herbivore', 'eggs are human food to a herbivore');
    }
    if (isCorpse && fptr) {
      const old =
        effectiveCorpseAge(c.age, c.onIce) >= 50 &&
        fptr.pm !== 'PM_LIZARD' &&
        fptr.pm !== 'PM_LICHEN' &&
        pet.class !== 'S_FUNGUS';
      if (old)
        return d(
          'POISON',
          'corpseBad',
          'corpse-too-old',
          'a corpse at least 50 turns old (not lizard or lichen) is poison',
        );
      if (fptr.acidic && !resists(pet, 'acid', c.extra))
        return d(
          'POISON',
          'corpseBad',
          'corpse-acidic',
          `an acidic corpse is poison to a pet that does not resist acid`,
        );
      if (fptr.poisonous && !resists(pet, 'poison', c.extra))
        return d(
          'POISON',
          'corpseBad',
          'corpse-poisonous',
          'a poisonous corpse is poison to a pet that does not resist poison',
        );
      if (v === '3.6.7' && fptr.pm === 'PM_GREEN_SLIME' && !isSlimeproof(pet))
        return starving
          ? d('ACCFOOD', 'slime', 'green-slime-starving', 'a starving pet accepts a green slime corpse')
          : d('POISON', 'slime', 'green-slime', 'a green slime corpse is poison to a pet that is not slimeproof');
      if (v === '5.0' && isPolyfood(fptr) && c.tameness > 1 && !starving)
        return d(
          'MANFOOD',
          'polyfood',
          'polymorph-corpse',
          'a shapeshifter corpse is avoided unless the pet is starving or abused (tameness 1)',
        );
      if (vegan)
        return herbi
          ? d('CADAVER', 'vegan', 'vegan-corpse-herbivore', 'a vegan corpse suits a herbivore')
          : d('MANFOOD', 'vegan', 'vegan-corpse-carnivore', 'a vegan corpse is human food to a pure carnivore');
      if (
        v !== '3.4.3' &&
        pet.humanoid &&
        sameRace(pet, fptr) &&
        !pet.undead &&
        fptr.class !== 'S_KOBOLD' &&
        fptr.class !== 'S_ORC' &&
        fptr.class !== 'S_OGRE'
      )
        return starving && carni && !pet.elf
          ? d(
              'ACCFOOD',
              'cannibal',
              'cannibal-starving',
              'a starving carnivorous humanoid (not an elf) accepts its own kind',
            )
          : d('TABU', 'cannibal', 'cannibalism', 'humanoids will not eat their own kind');
      return carni
        ? d('CADAVER', 'corpse', 'corpse-carnivore', 'a fresh corpse suits a carnivore')
        : d('MANFOOD', 'corpse', 'corpse-herbivore', 'a meaty corpse is human food to a herbivore');
    }
    if (v === '5.0' && otyp === 'GLOB_OF_GREEN_SLIME')
      return starving || isSlimeproof(pet)
        ? d('ACCFOOD', 'slimeGlob', 'green-slime-glob-ok', 'a starving or slimeproof pet accepts green slime')
        : d('POISON', 'slimeGlob', 'green-slime-glob', 'green slime is poison to a pet that is not slimeproof');
    switch (otyp) {
      case 'CLOVE_OF_GARLIC': {
        const shifter = v !== '3.4.3' && c.vampshifter;
        if (pet.undead || shifter)
          return d('TABU', 'garlic', 'garlic-undead', 'garlic is taboo to the undead and to vampires');
        return herbi || starving
          ? d('ACCFOOD', 'garlic', 'garlic-ok', 'garlic is acceptable to herbivores and starving pets')
          : d('MANFOOD', 'garlic', 'garlic-carnivore', 'garlic is human food to a carnivore');
      }
      case 'TIN':
        return pet.metallivore
          ? d('ACCFOOD', 'tin', 'tin-metallivore', 'a tin is acceptable to a metal eater')
          : d('MANFOOD', 'tin', 'tin', 'a tin is human food (pets cannot open tins)');
      case 'APPLE':
        if (herbi) return d('DOGFOOD', 'apple', 'apple-herbivore', 'an apple is a treat for a herbivore');
        return starving
          ? d('ACCFOOD', 'apple', 'apple-starving', 'a starving carnivore accepts an apple')
          : d('MANFOOD', 'apple', 'apple-carnivore', 'an apple is human food to a carnivore');
      case 'CARROT':
        if (herbi || mblind)
          return d(
            'DOGFOOD',
            'carrot',
            herbi ? 'carrot-herbivore' : 'carrot-blind',
            herbi ? 'a carrot is a treat for a herbivore' : 'a carrot is a treat for a blinded pet with eyes',
          );
        return starving
          ? d('ACCFOOD', 'carrot', 'carrot-starving', 'a starving carnivore accepts a carrot')
          : d('MANFOOD', 'carrot', 'carrot-carnivore', 'a carrot is human food to a carnivore');
      case 'BANANA': {
        const yTreat = pet.class === 'S_YETI' && (v === '3.4.3' || herbi);
        if (yTreat)
          return d(
            'DOGFOOD',
            'banana',
            'banana-yeti-class',
            v === '3.4.3'
              ? 'a banana is a treat for any Y'
              : 'a banana is a treat for a herbivorous Y (monkey, ape, sasquatch)',
          );
        return herbi || starving
          ? d('ACCFOOD', 'banana', 'banana-ok', 'a banana is acceptable to herbivores and starving pets')
          : d('MANFOOD', 'banana', 'banana-carnivore', 'a banana is human food to a carnivore');
      }
      default: {
        if (starving)
          return d('ACCFOOD', 'starvingOther', 'starving-any-food', 'a starving pet accepts any other food');
        const processed = (item.index ?? 0) > tablesFor(v).slimeMoldIndex;
        if (processed)
          return carni
            ? d(
                'ACCFOOD',
                'other',
                'processed-carnivore',
                'processed food (after slime mold in objects[]) is acceptable to a carnivore',
              )
            : d('MANFOOD', 'other', 'processed-herbivore', 'processed food is human food to a pure herbivore');
        return herbi
          ? d(
              'ACCFOOD',
              'other',
              'veggy-herbivore',
              'fruit and vegetables (up to slime mold in objects[]) are acceptable to a herbivore',
            )
          : d('MANFOOD', 'other', 'veggy-carnivore', 'fruit and vegetables are human food to a pure carnivore');
      }
    }
  }

  if (item.oclass === 'ROCK_CLASS') return d('UNDEF', 'undef', 'rock-class', 'boulders and statues are uninteresting');
  if (otyp === 'AMULET_OF_STRANGULATION' || otyp === 'RIN_SLOW_DIGESTION')
    return d(
      'TABU',
      'strangulation',
      'strangulation-or-slow-digestion',
      'an amulet of strangulation or ring of slow digestion is taboo',
    );
  const hatesSilver = hatesSilverType(pet) || (v !== '3.4.3' && c.vampshifter);
  if (hatesSilver && s.material === 'SILVER')
    return d('TABU', 'silver', 'silver', 'silver is taboo to a silver-hating pet');
  if (pet.pm === 'PM_GELATINOUS_CUBE' && isOrganic(s.material))
    return d('ACCFOOD', 'cube', 'gelatinous-cube-organic', 'a gelatinous cube accepts organic items');
  if (pet.metallivore && isMetallic(s.material) && (isRustprone(s.material) || pet.pm !== 'PM_RUST_MONSTER'))
    return isRustprone(s.material) && !c.erodeproof
      ? d(
          'DOGFOOD',
          'metallivore',
          'metal-rusty',
          'rust-prone iron that is not rustproofed is a treat for a metal eater',
        )
      : d('ACCFOOD', 'metallivore', 'metal-other', 'other metal is acceptable to a metal eater');
  if (!c.cursed && item.oclass !== 'BALL_CLASS' && item.oclass !== 'CHAIN_CLASS')
    return d('APPORT', 'apport', 'apportable', 'an uncursed non-food item is apportable');
  return d(
    'UNDEF',
    'undef',
    'uninteresting',
    c.cursed ? 'a cursed non-food item is uninteresting' : 'the ball and chain are uninteresting',
  );
}

/** 5.0 include/obj.h polyfood(): corpse of a shapeshifter (M2_SHAPESHIFTER) or an AD_POLY attacker (genetic engineer). */
function isPolyfood(m: MonsterEntry): boolean {
  return isShapeshifter(m) || !!m.attacks?.some((a) => a[1] === 'AD_POLY');
}

/** The item as the version's table has it: food indices differ by version (dogfood() compares otyp with SLIME_MOLD). */
function localize(item: PetItem, v: NethackVersion): PetItem {
  if (item.oclass !== 'FOOD_CLASS') return item;
  const f = tablesFor(v).foodByOtyp(
    item.otyp === 'HUGE_CHUNK_OF_MEAT' && v === '5.0' ? 'ENORMOUS_MEATBALL' : item.otyp,
  );
  return f && f.index !== item.index ? { ...item, index: f.index } : item;
}

/** Default tameness from src/dog.c initedog(): 10 for domestic animals, 5 otherwise. */
export const defaultTameness = (m: MonsterEntry): number => (m.domestic ? 10 : 5);

export function dogFood(input: DogFoodInput): DogFoodResult {
  const v = input.version ?? '3.6.7';
  const pet = speciesFor(input.pet, v) ?? { ...input.pet, version: v };
  const item = localize(input.item, v);
  const corpseMon = item.corpsenm
    ? (tablesFor(v).monsterByPm(item.corpsenm) ?? tablesFor('3.6.7').monsterByPm(item.corpsenm))
    : undefined;
  const fptr = corpseMon ? (speciesFor(corpseMon, v) ?? { ...corpseMon, version: v }) : undefined;
  const tame = input.tame ?? true;
  const petState = input.petState ?? 'normal';
  const starving = tame && !input.minion && petState === 'starving';
  const questArtifact = !!(item.artifact?.questRole && input.role && item.artifact.questRole === input.role);
  const ctx: Ctx = {
    v,
    pet,
    item,
    fptr,
    cursed: !!input.cursed,
    age: input.age ?? 0,
    onIce: !!input.onIce,
    starving,
    blind: !!input.blind,
    erodeproof: !!input.erodeproof,
    poisoned: !!input.poisoned,
    tameness: input.tameness ?? defaultTameness(pet),
    vampshifter: !!input.vampshifter,
    extra: input.extraResists ?? [],
    questArtifact,
    queenBee: !!input.queenBeeOnLevel,
  };

  // src/zap.c obj_resists(): always for these, 95% for other artifacts, never otherwise.
  const always = !!item.invocationItem || (item.otyp === 'CORPSE' && !!fptr?.rider);
  const resistOdds: [boolean, number, string | undefined][] = always
    ? [[true, 1, undefined]]
    : item.artifact
      ? [
          [true, 0.95, 'obj_resists() holds (95% per call for an artifact)'],
          [false, 0.05, 'obj_resists() fails (5% per call)'],
        ]
      : [[false, 1, undefined]];
  const choices: readonly Material[] = item.materialChoices ?? tablesFor(v).rings.map((r) => r.material as Material);
  const materialOdds: [Material, number][] = item.materialShuffled
    ? [...new Set(choices)].map(
        (m) => [m, choices.filter((x) => x === m).length / choices.length] as [Material, number],
      )
    : [[item.material, 1]];

  const merged = new Map<string, DogFoodOutcome & { rolls: Set<string>; mats: Set<Material> }>();
  for (const [resistsRoll, pr, rc] of resistOdds) {
    for (const [material, pm] of materialOdds) {
      const dec = decide(ctx, { resistsRoll, material });
      const key = `${dec.category}|${dec.id}`;
      const prob = pr * pm;
      const prev = merged.get(key);
      if (prev) {
        prev.probability += prob;
        if (rc) prev.rolls.add(rc);
        prev.mats.add(material);
      } else {
        merged.set(key, {
          category: dec.category,
          value: categoryValue(dec.category),
          probability: prob,
          branch: { id: dec.id, rule: dec.rule, citation: branchCite(v, dec.key, dec.rule) },
          rolls: new Set(rc ? [rc] : []),
          mats: new Set([material]),
        });
      }
    }
  }
  for (const o of merged.values()) {
    const parts: string[] = [];
    if (o.rolls.size === 1) parts.push([...o.rolls][0]!);
    if (item.materialShuffled && o.mats.size < materialOdds.length) {
      const n = choices.filter((m) => o.mats.has(m)).length;
      const what = item.oclass === 'RING_CLASS' ? 'ring' : item.oclass === 'WAND_CLASS' ? 'wand' : 'random';
      parts.push(
        `${what} appearance of ${[...o.mats].map((m) => m.toLowerCase()).join(', ')} (${n} of ${choices.length} appearances)`,
      );
    }
    if (parts.length) o.condition = parts.join('; ');
  }
  const outcomes: DogFoodOutcome[] = [...merged.values()]
    .map(({ rolls: _r, mats: _m, ...o }) => ({ ...o, probability: round(o.probability) }))
    .sort((a, b) => b.probability - a.probability || a.value - b.value);
  // When one input decides, drop the per-outcome conditions: they only matter for mixtures.
  if (outcomes.length === 1) delete outcomes[0]!.condition;
  const top = outcomes[0]!;
  const citations: Citation[] = [top.branch.citation, ...outcomes.slice(1).map((o) => o.branch.citation)];
  if (resistOdds.length > 1 || always)
    citations.push(
      nethackCite('src/zap.c', 'obj_resists()', {
        version: v,
        line: v === '3.4.3' ? 983 : v === '5.0' ? undefined : 1180,
        note: 'always for invocation items and Rider corpses; 95% for artifacts',
      }),
    );
  if (item.materialShuffled)
    citations.push(
      nethackCite('src/o_init.c', 'shuffle()', { version: v, note: 'materials follow the random appearance' }),
    );
  const notes: string[] = [];
  for (const m of [pet, fptr]) {
    const note = m ? overlayNote(m.pm, v) : undefined;
    if (note && !notes.includes(note)) notes.push(note);
  }
  return {
    game: 'nethack',
    version: v,
    pet: { name: input.pet.name, pm: input.pet.pm },
    item: {
      name: item.name,
      otyp: item.otyp,
      oclass: item.oclass,
      ...(item.corpsenm !== undefined ? { corpse: item.corpsenm } : {}),
      material: item.materialShuffled ? 'shuffled' : item.material,
      ...(item.artifact ? { artifact: item.artifact.name } : {}),
    },
    inputs: {
      cursed: ctx.cursed,
      age: input.age ?? null,
      onIce: ctx.onIce,
      petState,
      tame,
      blind: ctx.blind,
      erodeproof: ctx.erodeproof,
      poisoned: ctx.poisoned,
      tameness: ctx.tameness,
      vampshifter: ctx.vampshifter,
      role: input.role ?? null,
      starving,
    },
    category: top.category,
    value: top.value,
    deterministic: outcomes.length === 1,
    outcomes,
    branch: top.branch,
    citations,
    notes,
  };
}

function branchCite(v: NethackVersion, key: string, note: string): Citation {
  return nethackCite('src/dog.c', 'dogfood()', { version: v, line: LINES[v][key], note });
}

const round = (x: number) => Math.round(x * 1e9) / 1e9;
