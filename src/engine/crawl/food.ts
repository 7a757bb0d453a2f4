// What an item feeds: permafood (itemprop.cc Food_prop[] and food_value()), blood and
// porridge potions (potion.cc potion_effect(); 0.13 item_use.cc drink()), the special
// foods' effects (food.cc finished_eating_message()), and the Feast and Famine cards.
import { uniqueCitations, type Citation } from '../cite.ts';
import { cc, ccLine, FOODS, type FoodRow } from './data.ts';
import { UserError } from '../../errors.ts';
import { resolveName } from '../../names.ts';
import { resolveHero, type CrawlHeroInput, type Hero } from './hero.ts';
import { distribution, round, rounded, type Distribution } from './random.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';

export type FoodCategory = 'permafood' | 'chunk' | 'potion';

export interface FoodItem {
  /** Canonical name used by commands (e.g. "bread ration", "potion of blood"). */
  name: string;
  id: string;
  category: FoodCategory;
  aliases: string[];
  row?: FoodRow;
}

const POTIONS: FoodItem[] = [
  { name: 'potion of blood', id: 'POT_BLOOD', category: 'potion', aliases: ['blood', 'fresh blood'] },
  { name: 'potion of coagulated blood', id: 'POT_BLOOD_COAGULATED', category: 'potion', aliases: ['coagulated blood'] },
  { name: 'potion of porridge', id: 'POT_PORRIDGE', category: 'potion', aliases: ['porridge'] },
];

const FOOD_ALIASES: Record<string, string[]> = {
  FOOD_PIZZA: ['slice of pizza'],
  FOOD_AMBROSIA: ['piece of ambrosia'],
  FOOD_CHEESE: ['lump of cheese'],
  FOOD_CHUNK: ['chunk of flesh', 'meat chunk'],
  FOOD_ROYAL_JELLY: ['royal jellies'],
};

/** Every edible item of a version: its Food_prop rows, then the nutritious potions. */
export function foodItems(version: CrawlVersion): FoodItem[] {
  return [
    ...FOODS[version].map((row) => ({
      name: row.name,
      id: row.id,
      category: (row.id === 'FOOD_CHUNK' ? 'chunk' : 'permafood') as FoodCategory,
      aliases: FOOD_ALIASES[row.id] ?? [],
      row,
    })),
    ...POTIONS,
  ];
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function findFood(version: CrawlVersion, name: string): FoodItem {
  const q = norm(name);
  const items = foodItems(version);
  const hit = items.find(
    (i) => norm(i.name) === q || i.aliases.some((a) => norm(a) === q) || norm(i.id.replace(/^(FOOD|POT)_/, '')) === q,
  );
  if (hit) return hit;
  const elsewhere = (['0.13', '0.14', '0.15'] as const).filter(
    (v) => v !== version && foodItems(v).some((i) => norm(i.name) === q || i.aliases.some((a) => norm(a) === q)),
  );
  if (elsewhere.length) {
    const why =
      version === '0.15'
        ? ' 0.15 merged the fruits into "fruit" and removed cheese, sausage, honeycomb and ambrosia.'
        : '';
    throw new UserError(
      `There is no ${name} in Crawl ${version}.${why}`,
      `It exists in ${elsewhere.join(' and ')}.`,
      'unknown_food',
    );
  }
  const named = items.map((i) => ({
    name: i.name,
    aliases: [...i.aliases, norm(i.id.replace(/^(FOOD|POT)_/, ''))],
    food: i,
  }));
  return resolveName(name, named, 'food', { code: 'unknown_food' }).food;
}

export interface FoodEaterInput extends CrawlHeroInput {
  /** Wearing an amulet of the gourmand (counts for potions of blood). */
  gourmandAmulet?: boolean;
}

export interface CrawlFoodResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'food';
  input: { item: string } & FoodEaterInput;
  item: {
    name: string;
    id: string;
    category: FoodCategory;
    value: number | null;
    carnivoreMod: number | null;
    herbivoreMod: number | null;
    /** Weight in aum (mass / 10). */
    weight: number | null;
    turns: number;
    meaty: boolean;
    veggie: boolean;
  };
  eater: { species: string; carnivore: number; herbivore: number; vampire: boolean; foodless: boolean; state: string };
  canEat: boolean;
  refusal: string | null;
  /** Nutrition this eater gets (expected value when random, e.g. a blood potion that may sicken). */
  nutrition: number | null;
  distribution: Distribution | null;
  /** Permafood by diet level (null: cannot eat). Potions: by the same levels for a non-vampire. */
  byLevel: { normal: number | null; carnivore: (number | null)[]; herbivore: (number | null)[] };
  effects: string[];
  timing: string;
  wiki: { value: number | null; differs: boolean; note: string | null };
  notes: string[];
  citations: Citation[];
}

/** The page's table (0.13 era, "0" meaning inedible) for the same item and levels. */
const WIKI_TABLE: Record<string, number[]> = {
  FOOD_MEAT_RATION: [5000, 5500, 6000, 6500, 3500, 2000, 0],
  FOOD_ROYAL_JELLY: [5000, 5000, 5000, 5000, 5000, 5000, 5000],
  FOOD_BREAD_RATION: [4400, 3400, 2400, 0, 4900, 5400, 5900],
  FOOD_AMBROSIA: [2500, 2500, 2500, 2500, 2500, 2500, 2500],
  FOOD_HONEYCOMB: [2000, 2000, 2000, 2000, 2000, 2000, 2000],
  FOOD_SNOZZCUMBER: [1500, 1000, 500, 0, 2000, 2500, 3000],
  FOOD_PIZZA: [1500, 1500, 1500, 1500, 1500, 1500, 1500],
  FOOD_BEEF_JERKY: [1500, 1700, 1900, 2100, 1300, 1100, 0],
  FOOD_CHEESE: [1200, 1200, 1200, 1200, 1200, 1200, 1200],
  FOOD_SAUSAGE: [1200, 1350, 1500, 1650, 800, 400, 0],
  FOOD_CHUNK: [1000, 1100, 1200, 1300, 500, 0, 0],
  FOOD_ORANGE: [1000, 700, 400, 0, 1300, 1600, 1900],
  FOOD_BANANA: [1000, 700, 400, 0, 1300, 1600, 1900],
  FOOD_LEMON: [1000, 700, 400, 0, 1300, 1600, 1900],
  FOOD_PEAR: [700, 500, 300, 0, 900, 1100, 1300],
  FOOD_APPLE: [700, 500, 300, 0, 900, 1100, 1300],
  FOOD_APRICOT: [700, 500, 300, 0, 900, 1100, 1300],
  FOOD_CHOKO: [600, 400, 200, 0, 800, 1000, 1200],
  FOOD_RAMBUTAN: [600, 400, 200, 0, 800, 1000, 1200],
  FOOD_LYCHEE: [600, 400, 200, 0, 800, 1000, 1200],
  FOOD_STRAWBERRY: [200, 150, 100, 0, 250, 300, 350],
  FOOD_GRAPE: [100, 80, 60, 0, 120, 140, 160],
  FOOD_SULTANA: [70, 50, 30, 0, 90, 110, 130],
};

/** food_value() for diet levels, or null when can_ingest() refuses (Carnivore 3 and veggie, Herbivore 3 and meaty). */
export function permafoodValue(row: FoodRow, carnivore: number, herbivore: number): number | null {
  if (carnivore === 3 && row.herbMod > 0) return null;
  if (herbivore === 3 && row.carnMod > 0) return null;
  return row.value + carnivore * row.carnMod + herbivore * row.herbMod;
}

/**
 * A clean chunk eaten below Satiated + L (L = Carnivore level, 3 with innate gourmand): 1000 for
 * L > 0, else 1000 cut to 75/100 per Herbivore level. `gourmand` means innate gourmand only: the
 * amulet does not count in player_likes_chunks(true) (see /crawl chunk for the amulet's charge).
 */
export function cleanChunkValue(carnivore: number, herbivore: number, gourmand: boolean): number | null {
  if (herbivore === 3) return null;
  if (carnivore > 0 || gourmand) return 1000;
  let n = 1000;
  for (let i = 0; i < herbivore; i++) n = Math.trunc((n * 75) / 100);
  return n;
}

function bloodValue(version: CrawlVersion, fresh: boolean, vampire: boolean): number {
  if (vampire) return (version === '0.13' ? 800 : 840) + (fresh ? 200 : 0);
  if (version === '0.13') return 200;
  return fresh ? 1040 : 840;
}

export function crawlFood(version: CrawlVersion, itemName: string, eater: FoodEaterInput = {}): CrawlFoodResult {
  const item = findFood(version, itemName);
  const hero = resolveHero(version, eater);
  const p = PROFILES[version];
  const c: Citation[] = [...hero.citations];
  const notes = [...hero.notes];
  const effects: string[] = [];
  const { carnivore, herbivore } = hero.levels;
  const vampire = hero.species.id === 'SP_VAMPIRE';
  const gourmand = hero.levels.gourmand > 0 || Boolean(eater.gourmandAmulet);
  const engorged = hero.state.index >= 7;
  let refusal: string | null = null;
  let dist: Distribution | null = null;
  let byLevel: CrawlFoodResult['byLevel'];
  let turns = 1;
  let meaty = false;
  let veggie = false;
  let wikiValue: number | null = null;
  const wikiNotes: string[] = [];

  if (hero.foodless) {
    refusal = 'This character does not eat (no hunger).';
    c.push(cc(version, 'foodless'));
  }

  if (item.category !== 'potion') {
    const row = item.row!;
    turns = row.turns;
    meaty = row.carnMod > 0;
    veggie = row.herbMod > 0;
    c.push(
      ccLine(
        version,
        'itemprop.cc',
        'Food_prop[]',
        row.line,
        `${row.name}: ${row.value}, ${row.carnMod}/${row.herbMod} per level, ${row.turns} turns`,
      ),
    );
    if (item.category === 'chunk') {
      byLevel = {
        normal: cleanChunkValue(0, 0, false),
        carnivore: [1, 2, 3].map((l) => cleanChunkValue(l, 0, false)),
        herbivore: [1, 2, 3].map((l) => cleanChunkValue(0, l, false)),
      };
      // _eat_chunk() sizes the chunk with player_likes_chunks(true) (0.14 food.cc:1700,
      // _chunk_nutrition() at food.cc:1613-1619): "permanently" ignores the amulet of the
      // gourmand, so only innate gourmand (Trolls) skips the herbivore cut.
      const v = cleanChunkValue(carnivore, herbivore, hero.levels.gourmand > 0);
      if (v !== null) dist = distribution([[v, 1]]);
      else {
        refusal = 'Herbivore 3 cannot eat meat ("Sorry, you\'re a herbivore").';
        c.push(cc(version, 'ingestMeaty'));
      }
      notes.push(
        'Chunks do not use food_value(): Carnivore levels never raise them. Values are for a clean chunk eaten when allowed; /crawl chunk gives every type and state.',
      );
      c.push(cc(version, 'chunkNutrition'), cc(version, 'herbivoreChunk'), cc(version, 'eatChunk'));
      wikiNotes.push(
        'The page lists chunks at 1,100/1,200/1,300 for Carnivore and 500/0/0 for Herbivore; the code gives 1,000 at every Carnivore level and 750 / 562 / inedible for Herbivore 1/2/3.',
      );
    } else {
      byLevel = {
        normal: permafoodValue(row, 0, 0),
        carnivore: [1, 2, 3].map((l) => permafoodValue(row, l, 0)),
        herbivore: [1, 2, 3].map((l) => permafoodValue(row, 0, l)),
      };
      const v = permafoodValue(row, carnivore, herbivore);
      if (v !== null) dist = distribution([[v, 1]]);
      c.push(
        cc(version, 'foodValue', 'value + C x carnMod + H x herbMod'),
        cc(version, 'eatingValue', 'all of it at once when eating starts'),
      );
      if (v === null) {
        refusal =
          carnivore === 3
            ? 'Carnivore 3 cannot eat vegetarian food ("Sorry, you\'re a carnivore").'
            : 'Herbivore 3 cannot eat meat ("Sorry, you\'re a herbivore").';
        c.push(cc(version, carnivore === 3 ? 'ingestVeggie' : 'ingestMeaty'));
      }
    }
    if (vampire) {
      refusal = 'Vampires only drain corpses and drink blood ("Blech - you need blood!").';
      c.push(cc(version, 'ingestVampire'));
    }
    // Special effects, applied when eating finishes.
    if (row.id === 'FOOD_ROYAL_JELLY') {
      if (version === '0.15') effects.push('No special effect in 0.15 (it is the old honeycomb renamed, worth 2000).');
      else {
        effects.push('Restores all drained stats (like restore abilities).');
        c.push(cc(version, 'royalJellyRestore'));
      }
    }
    if (row.id === 'FOOD_AMBROSIA') {
      effects.push('Confusion for 3-10 turns (3 + random2(8)), added to any current confusion.');
      effects.push(
        "Ambrosia pool +30-70 (30 + random2(41)): while it lasts, each action's metabolic food use is also paid out as MP.",
      );
      c.push(cc(version, 'ambrosiaConfusion'), cc(version, 'ambrosia'), cc(version, 'reactAmbrosia'));
    }
    if (
      row.id === 'FOOD_FRUIT' ||
      (row.line &&
        [
          'FOOD_ORANGE',
          'FOOD_BANANA',
          'FOOD_LEMON',
          'FOOD_PEAR',
          'FOOD_APPLE',
          'FOOD_APRICOT',
          'FOOD_CHOKO',
          'FOOD_RAMBUTAN',
          'FOOD_LYCHEE',
          'FOOD_STRAWBERRY',
          'FOOD_GRAPE',
          'FOOD_SULTANA',
          'FOOD_SNOZZCUMBER',
        ].includes(row.id))
    ) {
      effects.push('Fedhas Madash worshippers spend fruit on some abilities.');
    }
    c.push(cc(version, 'eatingDelay', `${row.turns} turn${row.turns > 1 ? 's' : ''} to eat`));
    const w = WIKI_TABLE[row.id];
    if (w) {
      const idx = carnivore ? carnivore : herbivore ? 3 + herbivore : 0;
      wikiValue = w[idx] ?? null;
      const ours = dist?.expected ?? 0;
      if (version === '0.15') wikiNotes.push("The page's table is the pre-0.15 one.");
      else if (wikiValue !== null && wikiValue !== ours && item.category !== 'chunk')
        wikiNotes.push(
          `The page says ${wikiValue.toLocaleString('en-US')}; the code gives ${ours.toLocaleString('en-US')}.`,
        );
      if (version !== '0.15' && veggie && row.turns === 2 && row.id !== 'FOOD_SNOZZCUMBER')
        wikiNotes.push('The page says fruit takes 10 aut; in 0.13/0.14 it takes 2 turns (grape and sultana 1).');
    }
    if (row.id === 'FOOD_ROYAL_JELLY' && version === '0.15')
      wikiNotes.push('The page implies the pre-0.15 value 5,000; 0.15 royal jelly is the old honeycomb, 2,000.');
  } else {
    turns = 1;
    const fresh = item.id === 'POT_BLOOD';
    if (item.id === 'POT_PORRIDGE') {
      const value = version === '0.13' ? 6000 : 6040;
      const gets = !vampire && carnivore !== 3;
      const generic = p.has.genericPotionNutrition && !vampire ? 40 : 0;
      dist = distribution([[(gets ? value : 0) + generic, 1]]);
      byLevel = {
        normal: value + generic,
        carnivore: [1, 2, 3].map((l) => (l === 3 ? null : value + generic)),
        herbivore: [1, 2, 3].map(() => value + generic),
      };
      // drink() never calls can_ingest() for potions (only Lua and menus do): it can be drunk, it just feeds nothing.
      if (!gets)
        effects.push(
          vampire
            ? 'Vampires get nothing from porridge ("Blech - that potion was really gluggy!").'
            : 'Carnivore 3 gets nothing from porridge ("Blech - that potion was really gluggy!").',
        );
      c.push(cc(version, 'porridge'), cc(version, 'porridgeValue'));
      wikiValue = carnivore === 3 ? 0 : 6000;
      if (version !== '0.13') wikiNotes.push('The page says 6,000; 0.14+ gives 6,040 (the old generic +40 folded in).');
      else wikiNotes.push('0.13 adds the generic +40 every non-vampire gets from any potion, so 6,040 in total.');
    } else {
      const value = bloodValue(version, fresh, vampire);
      c.push(cc(version, 'potionBlood'), cc(version, vampire ? 'potionBloodVampire' : 'potionBloodLiving'));
      const generic = p.has.genericPotionNutrition && !vampire ? 40 : 0;
      const likes = (h: number, carn: number, g: boolean) => h < 3 && (carn > 0 || g);
      const forLevel = (carn: number, h: number, g: boolean): Distribution => {
        if (likes(h, carn, g)) return distribution([[value + generic, 1]]);
        const sick = (h + 1) / 4;
        return distribution([
          [generic, sick],
          [value + generic, 1 - sick],
        ]);
      };
      if (vampire) {
        dist = distribution([[value, 1]]);
        byLevel = { normal: null, carnivore: [null, null, null], herbivore: [null, null, null] };
      } else {
        dist = forLevel(carnivore, herbivore, gourmand);
        const ev = (d: Distribution) => round(d.expected, 2);
        byLevel = {
          normal: ev(forLevel(0, 0, false)),
          carnivore: [1, 2, 3].map((l) => ev(forLevel(l, 0, false))),
          herbivore: [1, 2, 3].map((l) => (l === 3 ? null : ev(forLevel(0, l, false)))),
        };
        c.push(cc(version, 'potionBloodLikes'), cc(version, 'potionBloodSick'));
        if (!likes(herbivore, carnivore, gourmand))
          effects.push(
            `Not a blood lover: ${((herbivore + 1) * 25).toFixed(0)}% chance to fall sick instead of being fed.`,
          );
        if (herbivore === 3) effects.push('Herbivore 3 always falls sick from blood (drinking is still allowed).');
      }
      if (version === '0.15' && hero.species.id === 'SP_GHOUL') {
        effects.push('Ghouls also un-rot 1 HP.');
        c.push(cc(version, 'potionBloodGhoulUnrot'));
      }
      effects.push(
        'Zin, the Shining One and Elyvilon punish drinking known blood: -2 piety per conduct level (1-3); TSO adds that much penance.',
      );
      c.push(cc(version, 'potionBloodConduct'), cc(version, 'conductBlood'));
      wikiValue = vampire ? (fresh ? 1000 : 800) : 200;
      if (version !== '0.13')
        wikiNotes.push(
          `The page gives ${vampire ? '1,000/800' : '200'}; 0.14+ gives 1,040 fresh / 840 coagulated to everyone.`,
        );
      else if (!vampire)
        wikiNotes.push('0.13 adds the generic +40 any potion gives a non-vampire, even when the blood sickens.');
    }
    if (generic40(version, vampire)) c.push(cc(version, 'drinkGeneric40', '+40 for any potion (non-vampires)'));
    c.push(cc(version, 'drinkEngorged', 'known blood and porridge refused while Engorged'));
  }

  if (engorged && !refusal) {
    refusal = 'Too full to eat or drink this (Engorged).';
    c.push(cc(version, 'eatCheckEngorged'));
  }
  if (hero.foodless) dist = null;
  const timing =
    item.category === 'potion'
      ? 'Drinking takes one action.'
      : `Takes ${turns} turn${turns > 1 ? 's' : ''}; all the nutrition is added when eating starts, special effects apply when it finishes.`;
  return {
    game: 'crawl',
    version,
    kind: 'food',
    input: { item: itemName, ...eater },
    item: {
      name: item.name,
      id: item.id,
      category: item.category,
      value: item.row?.value ?? null,
      carnivoreMod: item.row?.carnMod ?? null,
      herbivoreMod: item.row?.herbMod ?? null,
      weight: item.row ? item.row.mass / 10 : null,
      turns,
      meaty,
      veggie,
    },
    eater: {
      species: hero.species.name,
      carnivore,
      herbivore,
      vampire,
      foodless: hero.foodless,
      state: hero.state.name,
    },
    canEat: refusal === null,
    refusal,
    nutrition: dist && refusal === null ? round(dist.expected, 2) : null,
    distribution: dist ? rounded(dist) : null,
    byLevel,
    effects,
    timing,
    wiki: { value: wikiValue, differs: wikiNotes.length > 0, note: wikiNotes.length ? wikiNotes.join(' ') : null },
    notes,
    citations: uniqueCitations(c),
  };
}

function generic40(version: CrawlVersion, vampire: boolean) {
  return version === '0.13' && !vampire;
}

// ---------- cards ----------

export interface CrawlCardResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'card';
  card: 'Feast' | 'Famine';
  input: { value: number; species: string };
  before: number;
  after: number;
  citations: Citation[];
  notes: string[];
}

/** Famine: hunger = min(hunger, HUNGER_STARVING / 2). Feast: hunger = HUNGER_MAXIMUM, clamped to the species cap. */
export function crawlCard(
  version: CrawlVersion,
  card: 'Feast' | 'Famine',
  value: number,
  hero: Hero | CrawlHeroInput = {},
): CrawlCardResult {
  const h = 'levels' in hero ? hero : resolveHero(version, { ...hero, hunger: value });
  const p = PROFILES[version];
  const notes: string[] = [];
  const cites: Citation[] = [cc(version, card === 'Feast' ? 'feast' : 'famine')];
  let after = value;
  if (h.foodless)
    notes.push(
      card === 'Feast'
        ? '"You feel a horrible emptiness." No effect on foodless characters.'
        : '"You feel rather smug." No effect on foodless characters.',
    );
  else if (card === 'Famine') {
    after = Math.min(value, p.famineCap);
    if (h.effectiveUndead !== 'US_ALIVE') {
      after = Math.max(after, p.undeadMinimum);
      cites.push(cc(version, 'minHungerUndead'));
    }
  } else {
    after = h.species.id === 'SP_GHOUL' ? p.thresholds[4] : p.maximum;
    cites.push(cc(version, 'lessenHungerMax'));
    if (h.species.id === 'SP_GHOUL') cites.push(cc(version, 'maxHungerGhoul'));
  }
  return {
    game: 'crawl',
    version,
    kind: 'card',
    card,
    input: { value, species: h.species.name },
    before: value,
    after,
    citations: cites,
    notes,
  };
}
