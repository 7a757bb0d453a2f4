// Eating a chunk: can_ingest() gates, _determine_chunk_effect(), _chunk_nutrition(),
// _contamination_ratio() and _eat_chunk() in food.cc, with the religious conducts.
import { uniqueCitations, type Citation } from '../cite.ts';
import { cc } from './data.ts';
import { UserError } from '../../errors.ts';
import { resolveHero, type CrawlHeroInput } from './hero.ts';
import { add, distribution, random2, round, rounded, type Distribution } from './random.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';

export const CHUNK_TYPES = [
  'clean',
  'contaminated',
  'poisonous',
  'poison-contaminated',
  'mutagenic',
  'rot-inducing',
] as const;
export type ChunkType = (typeof CHUNK_TYPES)[number];
/** corpse_effect_type names for each input type. */
const CE: Record<ChunkType, string> = {
  clean: 'CE_CLEAN',
  contaminated: 'CE_CONTAMINATED',
  poisonous: 'CE_POISONOUS',
  'poison-contaminated': 'CE_POISON_CONTAM',
  mutagenic: 'CE_MUTAGEN',
  'rot-inducing': 'CE_ROT',
};

export const GODS = ['none', 'Zin', 'The Shining One', 'Elyvilon', 'Beogh', 'Yredelemnul', 'other'] as const;
export type God = (typeof GODS)[number];
export const INTELLIGENCE = ['plant', 'insect', 'reptile', 'animal', 'normal', 'high'] as const;
export type Intelligence = (typeof INTELLIGENCE)[number];

export interface ChunkInput extends CrawlHeroInput {
  type: ChunkType;
  rotten?: boolean;
  /** Known poison resistance (unidentified gear does not count: player_res_poison(false)). */
  rPois?: boolean;
  gourmandAmulet?: boolean;
  /** Amulet of the gourmand charge, 0..2000 (DUR_GOURMAND). Default 0 (just put on). */
  gourmandCharge?: number;
  god?: God;
  /** The chunk comes from the eater's own genus (cannibalism). */
  cannibal?: boolean;
  /** The monster's intelligence (Zin forbids normal and high). Default animal. */
  intelligence?: Intelligence;
  holy?: boolean;
  orc?: boolean;
}

export interface Conduct {
  conduct: string;
  god: string;
  piety: number;
  penance: number;
  citation: Citation;
}

export interface CrawlChunkResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'chunk';
  input: ChunkInput;
  eater: {
    species: string;
    state: string;
    hunger: number;
    carnivore: number;
    herbivore: number;
    saprovore: number;
    gourmand: 'innate' | 'amulet' | 'none';
    gourmandCharge: number;
  };
  canEat: boolean;
  refusal: string | null;
  /** The effect after _determine_chunk_effect() (CE_* name), null when refused. */
  effect: string | null;
  /** Base nutrition from _chunk_nutrition() before contamination. */
  baseNutrition: number | null;
  /** Contamination ratio in thousandths (after gourmand). */
  contaminationRatio: number | null;
  /** Nutrition added (0 for mutagenic chunks). */
  nutrition: number | null;
  percentOfClean: number | null;
  /** What is actually gained at this hunger value (the maximum clamps it). */
  gained: number | null;
  turns: number;
  effects: string[];
  ghoul: { healChance: number; heal: Distribution; unrotChance: number } | null;
  conducts: Conduct[];
  wiki: { differs: boolean; note: string | null };
  notes: string[];
  citations: Citation[];
}

const LEVEL_INTEL: Record<Intelligence, number> = { plant: -3, insect: -2, reptile: -1, animal: 0, normal: 1, high: 2 };

export function crawlChunk(version: CrawlVersion, input: ChunkInput): CrawlChunkResult {
  const p = PROFILES[version];
  if (!p.has.contaminatedChunks && (input.type === 'contaminated' || input.type === 'poison-contaminated')) {
    throw new UserError(
      `There are no ${input.type} chunks in Crawl 0.15.`,
      '0.15 removed contamination: those monsters leave clean (or plain poisonous) chunks. Use version:0.13 or version:0.14.',
      'removed_in_version',
    );
  }
  const charge = input.gourmandCharge ?? 0;
  if (!Number.isInteger(charge) || charge < 0 || charge > 2000)
    throw new UserError(
      'gourmand charge must be a whole number from 0 to 2000.',
      'For example `charge:1000`.',
      'bad_input',
    );
  const h = resolveHero(version, input);
  const c: Citation[] = [...h.citations];
  const notes = [...h.notes];
  const effects: string[] = [];
  const { carnivore, herbivore, saprovore } = h.levels;
  const ghoul = h.species.id === 'SP_GHOUL';
  const innateGourmand = h.levels.gourmand > 0;
  const gourmand = innateGourmand || Boolean(input.gourmandAmulet);
  // Innate gourmand is always fully charged (_decrement_durations()).
  const G = innateGourmand ? 2000 : input.gourmandAmulet ? charge : 0;
  const rotten = Boolean(input.rotten);
  const state = h.state.index;
  let refusal: string | null = null;
  const refuse = (why: string, key: Parameters<typeof cc>[1]) => {
    if (!refusal) {
      refusal = why;
      c.push(cc(version, key));
    }
  };

  if (h.foodless) refuse('This character does not eat (no hunger).', 'foodless');
  if (h.species.id === 'SP_VAMPIRE') refuse('Vampires cannot eat chunks; they drain corpses instead.', 'ingestVampire');
  const poisonousBase = input.type === 'poisonous' || input.type === 'poison-contaminated';
  if (poisonousBase && !input.rPois)
    refuse('"It contains deadly poison!" Needs known poison resistance.', 'ingestPoison');
  if (input.type === 'rot-inducing' && !ghoul)
    refuse('"It is caustic! Not only inedible but also greatly harmful!" Only ghouls can eat it.', 'ingestRot');
  if (state >= 7) refuse("You're too full to eat anything (Engorged).", 'eatCheckEngorged');
  if (herbivore === 3) refuse('Herbivore 3 cannot eat meat ("Sorry, you\'re a herbivore").', 'ingestMeaty');
  if (rotten && saprovore === 0 && h.form !== 'jelly')
    refuse('"You refuse to eat that rotten meat." Needs Saprovore.', 'ingestRotten');
  const mutagenic = input.type === 'mutagenic' && !ghoul;
  const skipsGate = mutagenic && version !== '0.13';
  const likesAny = gourmand ? 3 : carnivore; // player_likes_chunks(): amulet counts here
  if (!skipsGate && !(state < 4 + likesAny)) {
    refuse(
      `"You aren't quite hungry enough to eat that!" ${likesAny ? `Allowed up to ${['Hungry', 'Satiated', 'Full', 'Very Full'][likesAny]}` : 'Needs Hungry or worse'}.`,
      'ingestChunkGate',
    );
  }
  if (skipsGate) c.push(cc(version, 'ingestMutagenSkip', 'mutagenic chunks skip the hunger gate'));
  c.push(cc(version, 'likesChunks', 'L = 3 with gourmand, else Carnivore level'));

  // _determine_chunk_effect()
  let effect = CE[input.type];
  if ((effect === 'CE_ROT' || effect === 'CE_MUTAGEN') && ghoul) effect = 'CE_CLEAN';
  if (effect === 'CE_POISONOUS' && input.rPois) effect = 'CE_CLEAN';
  if (effect === 'CE_POISON_CONTAM') effect = input.rPois ? 'CE_CONTAMINATED' : 'CE_POISONOUS';
  if (rotten && (effect === 'CE_CLEAN' || effect === 'CE_CONTAMINATED')) effect = 'CE_ROTTEN';
  c.push(cc(version, 'chunkEffect'));

  // _chunk_nutrition(player_likes_chunks(true)): the amulet does not count here.
  const likes = innateGourmand ? 3 : carnivore;
  const herb = (n: number) => {
    for (let i = 0; i < herbivore; i++) n = Math.trunc((n * 75) / 100);
    return n;
  };
  let base: number;
  if (state < 4 + likes) base = likes ? 1000 : herb(1000);
  else {
    base = herb(Math.trunc((1000 * ((gourmand ? G : 0) + 100)) / 2100));
    c.push(cc(version, 'chunkNutritionGourmand'), cc(version, 'gourmandChunk'));
  }
  c.push(cc(version, 'chunkNutrition'));
  if (herbivore) c.push(cc(version, 'herbivoreChunk'));
  if (ghoul) {
    base = 1000;
    c.push(cc(version, 'eatChunkGhoul'));
  }

  // _contamination_ratio()
  let ratio = 0;
  if (effect === 'CE_CONTAMINATED') ratio = saprovore === 1 ? 100 : saprovore === 2 ? 33 : 500;
  if (effect === 'CE_ROTTEN') ratio = saprovore === 1 ? 200 : saprovore === 2 ? 66 : 1000;
  if (gourmand) {
    const left = 2000 - G;
    ratio = saprovore === 3 ? 1000 - Math.trunc(((1000 - ratio) * left) / 2000) : Math.trunc((ratio * left) / 2000);
    c.push(cc(version, 'contamRatioGourmand'));
  }
  if (effect === 'CE_CONTAMINATED') c.push(cc(version, 'contamRatioContam'));
  if (effect === 'CE_ROTTEN') c.push(cc(version, 'contamRatioRotten'));

  let nutrition = 0;
  let ghoulInfo: CrawlChunkResult['ghoul'] = null;
  if (effect === 'CE_MUTAGEN') {
    effects.push('A random mutation (good or bad) instead of nutrition. Zin counts it as deliberate mutation.');
    c.push(cc(version, 'eatChunkMutagen'));
  } else if (effect === 'CE_CLEAN' || effect === 'CE_CONTAMINATED' || effect === 'CE_ROTTEN') {
    if (saprovore === 3) {
      nutrition = base;
      if (ghoul) {
        const heal = add(add(random2(5), random2(1 + h.xl)), distribution([[1, 1]]));
        ghoulInfo = { healChance: round((ratio + 4000) / 5000), heal: rounded(heal), unrotChance: 0.75 };
        effects.push(
          `Heals ${heal.min}-${heal.max} HP (1 + random2(5) + random2(XL+1), XL ${h.xl}) with chance ${Math.round(((ratio + 4000) / 5000) * 100)}%; un-rots 1 HP with chance 75%.`,
        );
        c.push(
          cc(version, 'eatChunkGhoulHeal'),
          cc(version, 'eatChunkGhoulHealChance'),
          cc(version, 'eatChunkGhoulUnrot'),
        );
      }
    } else {
      nutrition = Math.trunc((base * (1000 - ratio)) / 1000);
      c.push(cc(version, 'eatChunkContam'));
    }
  }

  const conducts: Conduct[] = [];
  const god = input.god ?? 'none';
  const intel = LEVEL_INTEL[input.intelligence ?? 'animal'];
  if (input.cannibal) {
    if (['Zin', 'The Shining One', 'Elyvilon', 'Beogh'].includes(god))
      conducts.push({
        conduct: 'DID_CANNIBALISM',
        god,
        piety: -10,
        penance: 10,
        citation: cc(version, 'conductCannibal'),
      });
    c.push(cc(version, 'eatChunkCannibal'));
  } else if (intel > 0) {
    if (god === 'Zin')
      conducts.push({
        conduct: 'DID_EAT_SOULED_BEING',
        god,
        piety: -5 * intel,
        penance: intel > 1 ? 5 : 0,
        citation: cc(version, 'conductSouled'),
      });
    c.push(cc(version, 'eatChunkSouled'));
  }
  if (input.orc && god === 'Beogh')
    conducts.push({
      conduct: 'DID_DESECRATE_ORCISH_REMAINS',
      god,
      piety: -2,
      penance: 0,
      citation: cc(version, 'conductOrc'),
    });
  if (input.holy) {
    if (['Zin', 'The Shining One', 'Elyvilon'].includes(god))
      conducts.push({
        conduct: 'DID_DESECRATE_HOLY_REMAINS',
        god,
        piety: -2,
        penance: god === 'The Shining One' ? 4 : 2,
        citation: cc(version, 'conductHoly'),
      });
    if (god === 'Yredelemnul' && version === '0.13')
      conducts.push({
        conduct: 'DID_DESECRATE_HOLY_REMAINS',
        god,
        piety: 1,
        penance: 0,
        citation: cc(version, 'conductHoly'),
      });
  }
  if (mutagenic && god === 'Zin') effects.push('Zin: deliberate mutation (conduct level 10).');

  const canEat = refusal === null;
  const maximum = ghoul ? p.thresholds[4] : p.maximum;
  const gained = canEat ? Math.max(0, Math.min(nutrition, maximum - h.hunger)) : null;
  if (canEat && gained !== null && gained < nutrition)
    notes.push(`Only ${gained} fits below the ${ghoul ? 'ghoul cap' : 'maximum'} of ${maximum}; the rest is lost.`);
  if (input.gourmandAmulet && !innateGourmand) {
    notes.push(
      `Gourmand charge ${G}/2000: each action adds its time with chance 1/2 while worn (about 400 turns to full, 200 at best); it resets when the amulet comes off.`,
    );
    c.push(cc(version, 'gourmandCharge'));
  }

  const wikiNotes: string[] = [];
  if (effect === 'CE_CONTAMINATED' && !ghoul)
    wikiNotes.push(
      'The page says contaminated chunks give 66% (93% Hill Orc/Ogre, 98% Troll/Kobold); the code gives 50% (90% Saprovore 1, 96.7% Saprovore 2, 100% Troll).',
    );
  if (effect === 'CE_ROTTEN' && h.species.id === 'SP_TROLL')
    wikiNotes.push('The page says Trolls get 93% from rotten chunks; innate gourmand makes it 100%.');
  if (ghoul)
    wikiNotes.push(
      'The page says ghouls heal (1d5-1)+1d(XL) with 67% un-rot (80%/20% Str for rotten); the code heals 1+random2(5)+random2(XL+1) and un-rots with 75%, with no Strength.',
    );
  if (carnivore && effect === 'CE_CLEAN')
    wikiNotes.push('The page says Carnivore raises chunk nutrition; the code gives 1,000 at every Carnivore level.');
  if (input.type === 'mutagenic' && rotten && !ghoul)
    wikiNotes.push(
      'The page says rotten mutagenic chunks give only bad mutations; the code still gives a random one (and only saprovores can eat them).',
    );

  return {
    game: 'crawl',
    version,
    kind: 'chunk',
    input,
    eater: {
      species: h.species.name,
      state: h.state.name,
      hunger: h.hunger,
      carnivore,
      herbivore,
      saprovore,
      gourmand: innateGourmand ? 'innate' : input.gourmandAmulet ? 'amulet' : 'none',
      gourmandCharge: G,
    },
    canEat,
    refusal,
    effect: canEat ? effect : null,
    baseNutrition: canEat ? base : null,
    contaminationRatio: canEat ? ratio : null,
    nutrition: canEat ? nutrition : null,
    percentOfClean: canEat ? round((nutrition / 1000) * 100, 2) : null,
    gained,
    turns: 3,
    effects,
    ghoul: canEat ? ghoulInfo : null,
    conducts,
    wiki: { differs: wikiNotes.length > 0, note: wikiNotes.length ? wikiNotes.join(' ') : null },
    notes,
    citations: uniqueCitations([
      ...c,
      cc(version, 'eatChunkDelay', 'eating takes 3 turns'),
      ...conducts.map((x) => x.citation),
    ]),
  };
}
