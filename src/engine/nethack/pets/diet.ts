// A pet's diet at a glance: dogfood() for the usual comestibles and corpses, grouped
// by category, fresh and uncursed, for a pet that is fed and for one that is starving.
import type { MonsterEntry } from '../data.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import { DOG_FOOD_CATEGORIES, type DogFoodCategory } from './categories.ts';
import { dogFood } from './dogfood.ts';
import { petItemByName, petItems, type PetItem } from './items.ts';

/** Corpses people ask about most; each has its own rule or is an early-game staple. */
export const COMMON_CORPSES = [
  'lichen',
  'lizard',
  'newt',
  'jackal',
  'sewer rat',
  'floating eye',
  'acid blob',
  'kobold',
  'green mold',
  'gnome',
  'dwarf',
  'hill orc',
  'human',
  'elf',
  'cockatrice',
  'wraith',
  'chameleon',
  'giant beetle',
] as const;

export interface DietEntry {
  item: string;
  category: DogFoodCategory;
  /** The category when the pet is starving, when different. */
  starvingCategory?: DogFoodCategory;
  branch: string;
}

export interface DietResult {
  game: 'nethack';
  version: NethackVersion;
  pet: { name: string; pm: string; carnivore: boolean; herbivore: boolean; metallivore: boolean };
  /** Every entry, in category order then item order. */
  entries: DietEntry[];
  /** The same entries grouped by category (treats first); empty categories omitted. */
  byCategory: { category: DogFoodCategory; items: string[] }[];
  assumptions: string;
  citations: Citation[];
}

export function dietItems(version: NethackVersion): PetItem[] {
  const foods = petItems(version).filter(
    (i) => i.oclass === 'FOOD_CLASS' && (i.kind === 'food' || i.name === 'egg' || i.name === 'tin'),
  );
  const corpses = COMMON_CORPSES.map((n) => petItemByName(`${n} corpse`, version)).filter((i): i is PetItem => !!i);
  return [...foods, ...corpses];
}

export function petDiet(pet: MonsterEntry, version: NethackVersion = '3.6.7'): DietResult {
  const entries: DietEntry[] = [];
  for (const item of dietItems(version)) {
    const fed = dogFood({ version, pet, item });
    const starving = dogFood({ version, pet, item, petState: 'starving' });
    entries.push({
      item: item.name,
      category: fed.category,
      ...(starving.category !== fed.category ? { starvingCategory: starving.category } : {}),
      branch: fed.branch.id,
    });
  }
  const order = (c: DogFoodCategory) => DOG_FOOD_CATEGORIES.indexOf(c);
  const sorted = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => order(a.e.category) - order(b.e.category) || a.i - b.i)
    .map((x) => x.e);
  const byCategory = DOG_FOOD_CATEGORIES.map((category) => ({
    category,
    items: sorted.filter((e) => e.category === category).map((e) => e.item),
  })).filter((g) => g.items.length > 0);
  return {
    game: 'nethack',
    version,
    pet: {
      name: pet.name,
      pm: pet.pm,
      carnivore: pet.carnivore,
      herbivore: pet.herbivore,
      metallivore: pet.metallivore,
    },
    entries: sorted,
    byCategory,
    assumptions:
      'fresh (age 0), uncursed, not on ice, pet tame and not blind; starvingCategory is the same item for a starving pet',
    citations: [
      nethackCite('src/dog.c', 'dogfood()', {
        version,
        line: version === '3.6.7' ? 736 : version === '3.4.3' ? 646 : 995,
        note: 'every entry',
      }),
    ],
  };
}
