// The eight food qualities of src/dog.c dogfood(), lowest (best) first. The numbers
// are the game's own (include/mextra.h in 3.6.7 and 5.0, include/edog.h in 3.4.3),
// and the code compares them with < and <=, so the order matters.
export const DOG_FOOD_CATEGORIES = [
  'DOGFOOD',
  'CADAVER',
  'ACCFOOD',
  'MANFOOD',
  'APPORT',
  'POISON',
  'UNDEF',
  'TABU',
] as const;
export type DogFoodCategory = (typeof DOG_FOOD_CATEGORIES)[number];

export const categoryValue = (c: DogFoodCategory): number => DOG_FOOD_CATEGORIES.indexOf(c);

/** The names players know from the wiki's "Item types" list. */
export const CATEGORY_LABEL: Record<DogFoodCategory, string> = {
  DOGFOOD: 'treat',
  CADAVER: 'suitable corpse',
  ACCFOOD: 'acceptable food',
  MANFOOD: 'human food',
  APPORT: 'apportable',
  POISON: 'poison',
  UNDEF: 'uninteresting',
  TABU: 'taboo',
};
