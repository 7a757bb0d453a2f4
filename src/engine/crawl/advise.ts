// "What should I eat now?" for DCSS 0.13-0.15: chunks against permanent food, by species and
// hunger state, built on crawlChunk() and crawlFood() (what each item gives this eater at this
// hunger) and crawlRate() (what the eating turns burn).
//
// The order is the game's own economy: chunks can be eaten only while the hunger state is
// below Satiated + L (L = Carnivore level, 3 with gourmand; can_ingest() in food.cc) and they
// rot away, while permanent food keeps and can be eaten at any state short of Engorged. So
// chunks go first while the state allows them; permanent food only when no chunk can be eaten
// (or none feeds). For "not hungry" the permanent food chosen is the smallest that reaches the
// goal (the bigger ones keep for later), else the biggest; for "most" the biggest that still
// fits under the maximum without loss.
//
// Timing: permanent food and chunks add their nutrition when eating starts (food.cc
// _eat_chunk(), eating()); each of the meal's turns then burns the hero's rate (food per
// 10-aut turn, player_hunger_rate()). The plan subtracts that burn, as a range when the rate
// is random (haste, troll leather).
import { uniqueCitations, type Citation } from '../cite.ts';
import { crawlChunk, type ChunkType } from './chunk.ts';
import { cc } from './data.ts';
import { crawlFood, findFood } from './food.ts';
import { UserError } from '../../errors.ts';
import { resolveHero, type CrawlHeroInput } from './hero.ts';
import { crawlRate } from './rate.ts';
import { HUNGER_STATES, hungerStateFor, type HungerStateName } from './satiation.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';

export const CRAWL_ADVICE_GOALS = ['not-hungry', 'most'] as const;
export type CrawlAdviceGoal = (typeof CRAWL_ADVICE_GOALS)[number];

export interface CrawlCarriedFood {
  /** A Crawl food name (food.ts foodItems()): "bread ration", "chunk", "potion of blood". */
  name: string;
  count: number;
  /** For chunks: which kind (default clean). */
  chunkType?: ChunkType;
  rotten?: boolean;
}

export interface CrawlAdviceInput extends CrawlHeroInput {
  foods: CrawlCarriedFood[];
  goal?: CrawlAdviceGoal;
  /** Known poison resistance (poisonous chunks). */
  rPois?: boolean;
  gourmandAmulet?: boolean;
  gourmandCharge?: number;
}

export interface Range {
  min: number;
  max: number;
}

export interface CrawlAdvisedMeal {
  order: number;
  food: string;
  category: 'chunk' | 'permafood' | 'potion';
  chunkType: ChunkType | null;
  hungerBefore: Range;
  /** What the food gives this eater (expected value for a potion that may sicken). */
  nutrition: number;
  /** What is added: the nutrition, cut at the maximum (ghouls: the Satiated threshold). */
  gained: number;
  /** Turns spent eating (Food_prop turns; chunks 3; a potion 1). */
  turns: number;
  burned: Range;
  hungerAfter: Range;
  stateAfter: HungerStateName;
  why: string;
}

export interface CrawlAdviceResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'advice';
  goal: CrawlAdviceGoal;
  species: string;
  start: { hunger: number; state: HungerStateName };
  alreadyThere: boolean;
  plan: CrawlAdvisedMeal[];
  reached: boolean;
  final: { hunger: Range; state: HungerStateName };
  totalTurns: number;
  leftover: { name: string; count: number }[];
  /** Foods that cannot be eaten now, or never by this character, and why. */
  excluded: { name: string; reason: string }[];
  /** The chunk rule for this character: up to which state chunks can be eaten, and what a clean one gives. */
  chunks: { allowedBelow: HungerStateName | null; level: number; cleanChunk: number | null; note: string };
  /** Food per 10-aut turn (player_hunger_rate()). */
  rate: Range;
  notes: string[];
  citations: Citation[];
}

interface Item {
  carried: CrawlCarriedFood;
  name: string;
  category: CrawlAdvisedMeal['category'];
  left: number;
}

interface Option {
  index: number;
  nutrition: number;
  gained: number;
  turns: number;
  citations: Citation[];
}

export function adviseCrawlMeals(version: CrawlVersion, input: CrawlAdviceInput): CrawlAdviceResult {
  const goal = input.goal ?? 'not-hungry';
  const p = PROFILES[version];
  const hero = resolveHero(version, input);
  const notes: string[] = [...hero.notes];
  const citations: Citation[] = [
    cc(version, 'ingestChunkGate', 'chunks only while state < Satiated + L'),
    cc(version, 'eatCheckEngorged'),
  ];
  const excluded: CrawlAdviceResult['excluded'] = [];
  const items = resolveItems(version, input.foods, excluded);
  const rateResult = crawlRate(version, { ...input, hunger: hero.hunger });
  const rate = { min: rateResult.rate.min, max: rateResult.rate.max };
  const target = p.thresholds[3] + 1; // Satiated ("not hungry") starts above the Hungry threshold
  const cap = hero.species.id === 'SP_GHOUL' ? p.thresholds[4] : p.maximum;

  let lo = hero.hunger;
  let hi = hero.hunger;
  const plan: CrawlAdvisedMeal[] = [];
  const alreadyThere = goal === 'not-hungry' && hero.state.index >= 4;
  if (hero.foodless) notes.push('This character does not eat: no meal is advised.');
  for (let guard = 0; !alreadyThere && !hero.foodless && guard < 200; guard++) {
    if (goal === 'not-hungry' && lo >= target) break;
    const options = items.flatMap((it, index) => option(version, input, it, index, lo, cap) ?? []);
    const pick = choose(goal, items, options, lo, target, rate, cap);
    if (!pick) break;
    const it = items[pick.option.index]!;
    it.left--;
    const burned = { min: pick.option.turns * rate.min, max: pick.option.turns * rate.max };
    const after = { min: lo + pick.option.gained - burned.max, max: hi + pick.option.gained - burned.min };
    plan.push({
      order: plan.length + 1,
      food: it.name,
      category: it.category,
      chunkType: it.category === 'chunk' ? (it.carried.chunkType ?? 'clean') : null,
      hungerBefore: { min: lo, max: hi },
      nutrition: pick.option.nutrition,
      gained: pick.option.gained,
      turns: pick.option.turns,
      burned,
      hungerAfter: after,
      stateAfter: hungerStateFor(version, after.min).name,
      why: pick.why,
    });
    citations.push(...pick.option.citations);
    lo = after.min;
    hi = after.max;
  }
  for (const it of items) {
    if (it.left > 0 && !plan.some((m) => m.food === it.name) && !excluded.some((e) => e.name === it.name)) {
      const why = reasonNow(version, input, it, lo, cap);
      if (why) excluded.push({ name: it.name, reason: why });
    }
  }
  const chunks = chunkRule(version, input, hero.species.id, hero.levels);
  citations.push(
    ...rateResult.citations.filter(
      (c) => c.symbol?.includes('player_hunger_rate') || c.note?.includes('food per action'),
    ),
  );
  if (rate.min !== rate.max)
    notes.push(`The rate is random (${rate.min}-${rate.max} per turn): hunger after each meal is a range.`);
  notes.push("Burn while eating is the rate times the meal's turns; nutrition is added when eating starts.");
  return {
    game: 'crawl',
    version,
    kind: 'advice',
    goal,
    species: hero.species.name,
    start: { hunger: hero.hunger, state: hero.state.name },
    alreadyThere,
    plan,
    reached: goal === 'not-hungry' ? lo >= target : plan.length > 0,
    final: { hunger: { min: lo, max: hi }, state: hungerStateFor(version, lo).name },
    totalTurns: plan.reduce((a, m) => a + m.turns, 0),
    leftover: items.filter((it) => it.left > 0).map((it) => ({ name: it.name, count: it.left })),
    excluded,
    chunks,
    rate,
    notes,
    citations: uniqueCitations(citations),
  };
}

function resolveItems(
  version: CrawlVersion,
  foods: CrawlCarriedFood[],
  excluded: CrawlAdviceResult['excluded'],
): Item[] {
  const out: Item[] = [];
  for (const f of foods) {
    if (!Number.isInteger(f.count) || f.count < 1) {
      excluded.push({ name: f.name, reason: 'count must be a whole number of at least 1' });
      continue;
    }
    try {
      const item = findFood(version, f.name);
      const name =
        item.category === 'chunk' ? `${f.rotten ? 'rotten ' : ''}${f.chunkType ?? 'clean'} chunk` : item.name;
      out.push({ carried: f, name, category: item.category, left: f.count });
    } catch (err) {
      if (err instanceof UserError) excluded.push({ name: f.name, reason: err.message });
      else throw err;
    }
  }
  return out;
}

/** What eating one item of `it` gives at hunger `h` (null: cannot eat it now). */
function option(
  version: CrawlVersion,
  input: CrawlAdviceInput,
  it: Item,
  index: number,
  h: number,
  cap: number,
): Option | null {
  if (it.left <= 0) return null;
  try {
    return optionAt(version, input, it, index, h, cap);
  } catch (err) {
    if (err instanceof UserError) return null; // reasonNow() reports it
    throw err;
  }
}

function optionAt(
  version: CrawlVersion,
  input: CrawlAdviceInput,
  it: Item,
  index: number,
  h: number,
  cap: number,
): Option | null {
  const hero: CrawlHeroInput = { ...input, hunger: h };
  if (it.category === 'chunk') {
    const r = crawlChunk(version, {
      ...hero,
      type: it.carried.chunkType ?? 'clean',
      rotten: it.carried.rotten,
      rPois: input.rPois,
      gourmandAmulet: input.gourmandAmulet,
      gourmandCharge: input.gourmandCharge,
    });
    if (!r.canEat || !r.gained) return null;
    return {
      index,
      nutrition: r.nutrition ?? 0,
      gained: r.gained,
      turns: r.turns,
      citations: r.citations.filter((c) => /chunk/i.test(c.symbol ?? '') || /chunk/i.test(c.note ?? '')),
    };
  }
  const r = crawlFood(version, it.carried.name, { ...hero, gourmandAmulet: input.gourmandAmulet });
  if (!r.canEat || r.distribution === null) return null;
  // A potion that may sicken counts only what it surely gives (its lowest outcome).
  const nutrition = r.distribution.min;
  const gained = Math.max(0, Math.min(nutrition, cap - h));
  if (!gained) return null;
  return {
    index,
    nutrition,
    gained,
    turns: r.item.turns,
    citations: r.citations.filter((c) => /food_value|Food_prop|eating/.test(`${c.symbol} ${c.note}`)),
  };
}

function choose(
  goal: CrawlAdviceGoal,
  items: Item[],
  options: Option[],
  h: number,
  target: number,
  rate: Range,
  cap: number,
): { option: Option; why: string } | null {
  const chunks = options.filter((o) => items[o.index]!.category === 'chunk');
  if (chunks.length) {
    const best = chunks.reduce((a, b) => (b.gained > a.gained ? b : a));
    return {
      option: best,
      why: 'Chunks first: they can be eaten only this hungry and they rot; permanent food keeps.',
    };
  }
  const perma = options.filter((o) => items[o.index]!.category !== 'chunk');
  if (!perma.length) return null;
  if (goal === 'most') {
    const fits = perma.filter((o) => o.gained === o.nutrition);
    if (!fits.length) return null;
    const best = fits.reduce((a, b) => (b.gained > a.gained || (b.gained === a.gained && b.turns < a.turns) ? b : a));
    return { option: best, why: `The biggest food that still fits under the maximum (${cap}) without loss.` };
  }
  const reaching = perma.filter((o) => h + o.gained - o.turns * rate.max >= target);
  if (reaching.length) {
    const best = reaching.reduce((a, b) =>
      b.gained < a.gained || (b.gained === a.gained && b.turns < a.turns) ? b : a,
    );
    return {
      option: best,
      why: 'The smallest permanent food that reaches "not hungry"; the bigger ones keep for later.',
    };
  }
  const best = perma.reduce((a, b) => (b.gained > a.gained ? b : a));
  return { option: best, why: 'No single item reaches "not hungry": the biggest first.' };
}

function reasonNow(version: CrawlVersion, input: CrawlAdviceInput, it: Item, h: number, cap: number): string | null {
  const hero: CrawlHeroInput = { ...input, hunger: h };
  try {
    if (it.category === 'chunk') {
      const r = crawlChunk(version, {
        ...hero,
        type: it.carried.chunkType ?? 'clean',
        rotten: it.carried.rotten,
        rPois: input.rPois,
        gourmandAmulet: input.gourmandAmulet,
        gourmandCharge: input.gourmandCharge,
      });
      return r.refusal ?? (r.gained === 0 ? 'It would add nothing at this hunger (the maximum).' : null);
    }
    const r = crawlFood(version, it.carried.name, { ...hero, gourmandAmulet: input.gourmandAmulet });
    if (r.refusal) return r.refusal;
    if (r.distribution && Math.min(r.distribution.min, cap - h) <= 0)
      return 'It would add nothing at this hunger (the maximum).';
    return null;
  } catch (err) {
    if (err instanceof UserError) return err.message;
    throw err;
  }
}

/** Chunks are allowed while state < Satiated + L (L = Carnivore level, 3 with gourmand). */
function chunkRule(
  version: CrawlVersion,
  input: CrawlAdviceInput,
  speciesId: string,
  levels: { carnivore: number; herbivore: number; gourmand: number },
): CrawlAdviceResult['chunks'] {
  if (speciesId === 'SP_VAMPIRE' || speciesId === 'SP_MUMMY')
    return { allowedBelow: null, level: 0, cleanChunk: null, note: 'This species never eats chunks.' };
  if (levels.herbivore === 3)
    return { allowedBelow: null, level: 0, cleanChunk: null, note: 'Herbivore 3 cannot eat meat.' };
  const L = levels.gourmand > 0 || input.gourmandAmulet ? 3 : levels.carnivore;
  const gate = HUNGER_STATES[4 + L]!;
  let clean: number | null = null;
  try {
    clean = crawlChunk(version, { ...input, hunger: PROFILES[version].thresholds[0], type: 'clean' }).nutrition;
  } catch {
    clean = null;
  }
  const gourmand = levels.gourmand > 0 || input.gourmandAmulet;
  const why = L === 3 && gourmand ? ', gourmand' : levels.carnivore ? ', Carnivore level' : '';
  return {
    allowedBelow: gate,
    level: L,
    cleanChunk: clean,
    note: `Chunks can be eaten while the state is below ${gate} (L = ${L}${why}).`,
  };
}
