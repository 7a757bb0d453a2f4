// A character as the hunger code sees it: species (innate mutations from
// ng-setup.cc give_basic_mutations()), current mutation levels, form, statuses,
// equipment, god. Validated against what the version's code allows.
import { UserError } from '../../errors.ts';
import { resolveName } from '../../names.ts';
import type { Citation } from '../cite.ts';
import { cc, ccLine, SPECIES, type SpeciesRow } from './data.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';
import { crawlStatus, hungerStateFor, type CrawlStatusResult, type HungerState } from './satiation.ts';

export const FORMS = ['none', 'bat', 'lich', 'tree', 'fungus', 'wisp', 'jelly', 'other'] as const;
export type CrawlForm = (typeof FORMS)[number];

export const BURDENS = ['unencumbered', 'burdened', 'overloaded'] as const;
export type Burden = (typeof BURDENS)[number];
/** enum burden_state_type (enum.h): the value is added to the hunger rate. */
export const BURDEN_VALUE: Record<Burden, number> = { unencumbered: 0, burdened: 2, overloaded: 5 };

export interface CrawlHeroInput {
  /** Species name or enum id (default Human). */
  species?: string;
  /** Current hunger value (you.hunger); default HUNGER_DEFAULT. Decides vampire thirst. */
  hunger?: number;
  /** Experience level (vampire bat form at 3, ghoul healing). */
  xl?: number;
  /** Metabolism mutation level as the A screen shows it: +1..+3 fast, -1..-2 slow. Default: the species' innate level. */
  metabolism?: number;
  carnivore?: number;
  herbivore?: number;
  saprovore?: number;
  /** Slow Healing level (3 stops ring and troll-leather hunger). Default innate (Deep Dwarf 3, Ghoul 1). */
  slowHealing?: number;
  form?: CrawlForm;
  /** HP below maximum (regeneration costs only apply then). */
  injured?: boolean;
  /** Regeneration spell running. */
  regeneration?: boolean;
  /** Trog's Hand running (0.13: it sets the Regeneration duration). */
  trogsHand?: boolean;
  invisible?: boolean;
  hasted?: boolean;
  berserk?: boolean;
  /** Worships Cheibriados with piety >= 30 (piety_breakpoint(0)). */
  cheibriados?: boolean;
  sustenanceRings?: number;
  hungerRings?: number;
  regenerationRings?: number;
  /** Wearing troll leather armour or a troll hide. */
  trollLeather?: boolean;
  /** Sum of ARTP_METABOLISM on worn artefacts (randarts +1..+3, the horse barding -2). */
  artefactMetabolism?: number;
  burden?: Burden;
  /** 0.13 only: standing in magical suppression (moths), which hides item effects. */
  suppressed?: boolean;
}

export interface Hero {
  version: CrawlVersion;
  species: SpeciesRow;
  hunger: number;
  state: HungerState;
  undead: SpeciesRow['undead'];
  /** you.is_undead after the form: lich form makes anyone US_UNDEAD. */
  effectiveUndead: SpeciesRow['undead'];
  foodless: boolean;
  xl: number;
  levels: {
    fast: number;
    slow: number;
    carnivore: number;
    herbivore: number;
    saprovore: number;
    gourmand: number;
    slowHealing: number;
    regeneration: number;
  };
  form: CrawlForm;
  input: CrawlHeroInput;
  notes: string[];
  citations: Citation[];
}

const norm = (s: string) => s.toLowerCase().replace(/^sp_/, '').replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();

export function speciesList(version: CrawlVersion): readonly SpeciesRow[] {
  return SPECIES[version].list;
}

export function findSpecies(version: CrawlVersion, name: string): SpeciesRow {
  const q = norm(name);
  const list = speciesList(version);
  const hit = list.find((s) => norm(s.name) === q || norm(s.id) === q);
  if (hit) return hit;
  const other = (['0.13', '0.14', '0.15'] as const).filter(
    (v) => v !== version && SPECIES[v].list.some((s) => norm(s.name) === q),
  );
  if (other.length) {
    throw new UserError(
      `There are no ${name} in Crawl ${version}.`,
      `They exist in ${other.join(' and ')}; pass version:${other[0]}.`,
      'unknown_species',
    );
  }
  const named = list.map((s) => ({ name: s.name, aliases: [norm(s.id)], row: s }));
  return resolveName(name, named, 'species', { code: 'unknown_species' }).row;
}

const level = (s: SpeciesRow, mut: string) => s.mutations[mut]?.level ?? 0;

function checkRange(label: string, v: number | undefined, min: number, max: number) {
  if (v === undefined) return;
  const typical = Math.min(max, Math.max(min, label === 'hunger' ? 6000 : 1));
  if (!Number.isInteger(v) || v < min || v > max)
    throw new UserError(
      `${label} must be a whole number from ${min} to ${max}.`,
      `For example ${label} ${typical}.`,
      'bad_input',
    );
}

/**
 * Resolves species and mutation levels. Mutation options are the current totals (innate plus
 * gained); the code never lets a conflicting mutation remove an innate one
 * (mutation.cc _handle_conflicting_mutations), so a total below the innate level is refused.
 */
export function resolveHero(version: CrawlVersion, input: CrawlHeroInput = {}): Hero {
  const p = PROFILES[version];
  const species = findSpecies(version, input.species ?? 'Human');
  const notes: string[] = [];
  const citations: Citation[] = [];
  const hunger = input.hunger ?? p.start;
  checkRange('hunger', hunger, 0, 100_000);
  checkRange('metabolism', input.metabolism, -2, 3);
  checkRange('carnivore', input.carnivore, 0, 3);
  checkRange('herbivore', input.herbivore, 0, 3);
  checkRange('saprovore', input.saprovore, 0, 3);
  checkRange('slow healing', input.slowHealing, 0, 3);
  const maxRings = species.id === 'SP_OCTOPODE' ? 8 : 2;
  checkRange('rings of sustenance', input.sustenanceRings, 0, maxRings);
  checkRange('rings of hunger', input.hungerRings, 0, maxRings);
  checkRange('rings of regeneration', input.regenerationRings, 0, maxRings);
  const rings = (input.sustenanceRings ?? 0) + (input.hungerRings ?? 0) + (input.regenerationRings ?? 0);
  if (rings > maxRings)
    throw new UserError(
      `A ${species.name} wears at most ${maxRings} rings (you gave ${rings}).`,
      undefined,
      'bad_input',
    );
  checkRange('artefact metabolism', input.artefactMetabolism, -20, 30);
  checkRange('experience level', input.xl, 1, 27);

  if (!p.has.ringsOfHungerAndSustenance && ((input.sustenanceRings ?? 0) > 0 || (input.hungerRings ?? 0) > 0)) {
    throw new UserError(
      'Rings of hunger and sustenance do not exist in 0.15.',
      'They were removed in 0.15; use version:0.13 or version:0.14.',
      'removed_in_version',
    );
  }
  if (!p.has.ringsOfHungerAndSustenance && input.artefactMetabolism) {
    throw new UserError(
      'Artefact metabolism (+Hunger/-Hunger) does not exist in 0.15.',
      'It was removed with the rings in 0.15.',
      'removed_in_version',
    );
  }
  if (!p.has.burden && input.burden && input.burden !== 'unencumbered') {
    throw new UserError(
      'There is no burden in 0.15.',
      'Burden was removed in 0.15; use version:0.13 or version:0.14.',
      'removed_in_version',
    );
  }
  if (input.suppressed && !p.has.magicalSuppression) {
    throw new UserError(
      `Magical suppression does not exist in ${version}.`,
      'It only exists in 0.13.',
      'removed_in_version',
    );
  }

  const innateFast = level(species, 'MUT_FAST_METABOLISM');
  const innateSlow = level(species, 'MUT_SLOW_METABOLISM');
  let fast = innateFast;
  let slow = innateSlow;
  if (input.metabolism !== undefined) {
    fast = Math.max(0, input.metabolism);
    slow = Math.max(0, -input.metabolism);
    if (fast < innateFast || slow < innateSlow) {
      const innate = innateFast ? `fast metabolism ${innateFast}` : `slow metabolism ${innateSlow}`;
      throw new UserError(
        `${species.name} always have ${innate}: innate mutations cannot be removed.`,
        `Use metabolism:${innateFast ? innateFast : -innateSlow} or more ${innateFast ? 'fast' : 'slow'} levels.`,
        'impossible_mutation',
      );
    }
    if (slow > 0 && level(species, 'MUT_REGENERATION') > 0) {
      throw new UserError(
        `${species.name} cannot gain slow metabolism: their innate regeneration blocks it.`,
        undefined,
        'impossible_mutation',
      );
    }
    citations.push(cc(version, 'mutConflictInnate', 'innate mutations block conflicting ones'));
  }
  const carnivore = input.carnivore ?? level(species, 'MUT_CARNIVOROUS');
  const herbivore = input.herbivore ?? level(species, 'MUT_HERBIVOROUS');
  if (carnivore > 0 && herbivore > 0) {
    throw new UserError(
      'Carnivore and Herbivore cannot coexist: gaining one removes a level of the other.',
      'Give only one of carnivore or herbivore.',
      'impossible_mutation',
    );
  }
  if (carnivore < level(species, 'MUT_CARNIVOROUS') || herbivore < level(species, 'MUT_HERBIVOROUS')) {
    throw new UserError(`${species.name} cannot lose their innate diet.`, undefined, 'impossible_mutation');
  }
  const saprovore = input.saprovore ?? level(species, 'MUT_SAPROVOROUS');
  if (saprovore < level(species, 'MUT_SAPROVOROUS'))
    throw new UserError(`${species.name} cannot lose their innate saprovore level.`, undefined, 'impossible_mutation');
  const slowHealing = input.slowHealing ?? level(species, 'MUT_SLOW_HEALING');
  if (slowHealing < level(species, 'MUT_SLOW_HEALING'))
    throw new UserError(`${species.name} cannot lose their innate slow healing.`, undefined, 'impossible_mutation');

  if (
    version === '0.15' &&
    ((input.metabolism !== undefined && (fast !== innateFast || slow !== innateSlow)) ||
      carnivore !== level(species, 'MUT_CARNIVOROUS') ||
      herbivore !== level(species, 'MUT_HERBIVOROUS'))
  ) {
    notes.push(
      'In 0.15 metabolism and diet mutations have random-mutation weight 0 (mutation-data.h): only species have them. Computed anyway.',
    );
    citations.push(cc(version, 'mutFast', 'weight 0 in 0.15'));
  }

  const form = input.form ?? 'none';
  if (form === 'bat' && species.id !== 'SP_VAMPIRE')
    throw new UserError('Only Vampires take bat form.', undefined, 'impossible_form');
  if (
    form !== 'none' &&
    form !== 'bat' &&
    species.undead !== 'US_ALIVE' &&
    !(species.undead === 'US_SEMI_UNDEAD' && hungerStateFor(version, hunger).index > 4)
  ) {
    throw new UserError(
      `A ${species.name} cannot take that form${species.undead === 'US_SEMI_UNDEAD' ? ' unless above Satiated' : ''}.`,
      undefined,
      'impossible_form',
    );
  }
  if (form === 'lich' && species.undead !== 'US_ALIVE')
    throw new UserError('Undead cannot enter lich form.', undefined, 'impossible_form');
  if (species.undead !== 'US_ALIVE')
    citations.push(
      ccLine(
        version,
        'newgame.cc',
        'species undead state',
        species.undeadLine ?? 0,
        `${species.name}: ${species.undead}`,
      ),
    );

  const effectiveUndead = form === 'lich' ? 'US_UNDEAD' : species.undead;
  if (form === 'lich') citations.push(cc(version, 'lichUndead', 'lich form sets US_UNDEAD'));
  const formFoodless = p.has.foodlessForms && (form === 'tree' || form === 'fungus' || form === 'wisp');
  const djinni = species.id === 'SP_DJINNI';
  const foodless = effectiveUndead === 'US_UNDEAD' || formFoodless || djinni;
  if (foodless) citations.push(cc(version, 'foodless', 'no hunger at all'));
  if (formFoodless) citations.push(cc(version, 'foodlessForms', `${form} form is foodless`));
  if (!species.selectable) {
    notes.push(`${species.name} is in the ${version} code but release builds do not offer it (alpha builds only).`);
    if (version !== '0.15') citations.push(cc(version, 'speciesValid', 'only selectable in alpha builds'));
  }
  if (djinni) notes.push('Djinn have no hunger; magical costs become contamination instead (food.cc make_hungry()).');

  // food_change() holds you.hunger in you_min_hunger()..you_max_hunger() (food.cc, e.g. 0.14
  // food.cc:2507-2530): ghouls never above the Satiated threshold, vampires and ghouls never
  // below 601 (0.13: 701). A value outside that cannot occur, so use the value the game holds.
  let held = hunger;
  if (!foodless) {
    if (species.id === 'SP_GHOUL') held = Math.min(held, p.thresholds[4]);
    if (effectiveUndead !== 'US_ALIVE') held = Math.max(held, p.undeadMinimum);
    if (held !== hunger) {
      notes.push(
        `A ${species.name}'s hunger is held between ${p.undeadMinimum} and ${species.id === 'SP_GHOUL' ? p.thresholds[4] : p.maximum}: ${hunger} counts as ${held}.`,
      );
      citations.push(
        cc(version, 'minHungerUndead'),
        ...(species.id === 'SP_GHOUL' ? [cc(version, 'maxHungerGhoul')] : []),
      );
    }
  }
  const state = hungerStateFor(version, held);
  return {
    version,
    species,
    hunger: held,
    state,
    undead: species.undead,
    effectiveUndead,
    foodless,
    xl: input.xl ?? 1,
    levels: {
      fast,
      slow,
      carnivore,
      herbivore,
      saprovore,
      gourmand: level(species, 'MUT_GOURMAND'),
      slowHealing,
      regeneration: level(species, 'MUT_REGENERATION'),
    },
    form,
    input,
    notes,
    citations,
  };
}

/** Species innate hunger traits with the ng-setup.cc lines they come from. */
export function speciesTraitCitations(version: CrawlVersion, s: SpeciesRow): Citation[] {
  return Object.entries(s.mutations)
    .filter(([, m]) => m)
    .map(([mut, m]) =>
      ccLine(version, 'ng-setup.cc', 'give_basic_mutations()', m!.line, `${s.name}: ${mut} ${m!.level}`),
    );
}

/** Satiation for a value as this species sees it (vampire labels, ghoul cap, mummies' no hunger). */
export function crawlStatusFor(version: CrawlVersion, value: number, species?: string): CrawlStatusResult {
  if (!species) return crawlStatus(version, value);
  const s = findSpecies(version, species);
  const who =
    s.id === 'SP_VAMPIRE'
      ? 'vampire'
      : s.id === 'SP_GHOUL'
        ? 'ghoul'
        : s.undead === 'US_UNDEAD' || s.id === 'SP_DJINNI'
          ? 'mummy'
          : 'living';
  const r = crawlStatus(version, value, who);
  return { ...r, input: { value, species: s.name } };
}
