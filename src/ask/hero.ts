// A stored hero as the options of a leaf: what "when will I be weak?" means for this user. Only
// options the leaf declares are given, and the question's own values always win (the caller
// fills only what the question left out).
import { gearText } from '../engine/crawl/gear.ts';
import type { HeroCore } from '../heroes/schema.ts';
import type { AskValue, Catalog } from './catalog.ts';

/** Crawl rate options stored on a hero (engine names) -> the command's option names. */
const CRAWL_RATE_OPTIONS: Record<string, string> = {
  metabolism: 'metabolism',
  form: 'form',
  injured: 'injured',
  regeneration: 'regen',
  trogsHand: 'trogs_hand',
  invisible: 'invisible',
  hasted: 'hasted',
  berserk: 'berserk',
  cheibriados: 'chei',
  burden: 'burden',
  suppressed: 'suppressed',
  carnivore: 'carnivore',
  herbivore: 'herbivore',
  saprovore: 'saprovore',
};

/** The hero's values for every option this leaf declares (not checked against the question). */
export function heroValues(hero: HeroCore, key: string): Record<string, AskValue> {
  if (hero.game === 'nethack') return nethackValues(hero.nethack, key, hero.version);
  const c = hero.crawl;
  const out: Record<string, AskValue> = {
    value: c.value,
    species: c.species,
    int: c.int,
    skill: c.spellcasting,
    version: hero.version,
  };
  // The hero's own gear, as the `gear` option reads it, and its mutation levels.
  const gear = gearText(c.gear);
  if (gear) out.gear = gear;
  for (const [k, v] of Object.entries(c.mutations))
    if (v !== undefined && CRAWL_RATE_OPTIONS[k]) out[CRAWL_RATE_OPTIONS[k]] = v;
  return out;
}

function nethackValues(
  s: Extract<HeroCore, { game: 'nethack' }>['nethack'],
  key: string,
  version: string,
): Record<string, AskValue> {
  const has = (i: (typeof s.intrinsics)[number]) => s.intrinsics.includes(i);
  const amulet = s.amulet?.toLowerCase() ?? null;
  const out: Record<string, AskValue> = {
    nutrition: s.nutrition,
    turn: s.turn,
    con: s.con,
    role: s.role,
    race: s.race,
    version,
  };
  if (key === 'nethack drain') out.int = s.int;
  if (key === 'nethack lifesave') out.level = s.xl;
  if (key === 'nethack forecast') {
    if (s.leftRing) out.left_ring = s.leftRing.label;
    if (s.rightRing) out.right_ring = s.rightRing.label;
    if (amulet !== null && amulet !== 'amulet of yendor') out.amulet = true;
    if (s.yendor || amulet === 'amulet of yendor') out.yendor = true;
    if (has('regeneration')) out.regeneration = 'intrinsic';
    if (has('hunger')) out.hunger = true;
    if (has('conflict')) out.conflict = 'ring';
    if (has('slow digestion')) out.slow_digestion = true;
    if (has('inediate form')) out.inediate = true;
    if (has('unaware')) out.asleep = true;
    if (s.encumbrance !== 'Unencumbered') out.encumbrance = s.encumbrance;
  }
  if (key === 'nethack meal') {
    if (has('breathless')) out.breathless = true;
    if (has('hunger')) out.hunger = true;
    if (amulet === 'amulet of life saving') out.lifesaving = true;
    if (amulet === 'amulet of strangulation') out.strangled = true;
  }
  if (key === 'nethack pet hunger') out.turn = s.turn;
  return out;
}

export interface HeroFill {
  /** Options the hero supplied (only ones the question left out and the leaf accepts). */
  added: Record<string, AskValue>;
}

/**
 * What the hero adds to a call. Used only when the hero fills something the answer needs; then
 * the hero's other relevant values come too (a forecast for "me" uses my rings), except where the
 * question said otherwise. A hero of the other game, or whose version the question contradicts
 * for a value that depends on it, adds nothing.
 */
export function heroFill(
  hero: HeroCore,
  key: string,
  given: Record<string, AskValue>,
  missing: readonly string[],
  cat: Catalog,
): HeroFill | null {
  if (!key.startsWith(hero.game)) return null;
  const values = heroValues(hero, key);
  if (!missing.some((m) => values[m] !== undefined && cat.accepts(key, m, values[m]!))) return null;
  const added: Record<string, AskValue> = {};
  for (const [k, v] of Object.entries(values)) {
    if (given[k] === undefined && cat.accepts(key, k, v)) added[k] = v;
  }
  return { added };
}
