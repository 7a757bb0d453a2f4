// Phase 2: which command a question asks for. First the game (its words, names and versions;
// NetHack when nothing says), then ordered rules, most specific first. A rule may give two
// readings when the words support both equally (a bare number: its status or its forecast).
import type { Analysis, NameMention } from './analyze.ts';
import { corpseMonsterName } from './fill.ts';
import type { Cue } from './lexicon.ts';
import type { NameKind } from './names.ts';

export type Game = 'nethack' | 'crawl';

/** Readings in order of preference; each is the leaf key ("nethack forecast"). */
export interface Intent {
  game: Game;
  leaves: string[];
  /** Options a rule decides on its own (the drain `action` for "cast"...). */
  preset?: Record<string, string>;
}

export function gameOf(a: Analysis): Game {
  return a.evidence.crawl > a.evidence.nethack ? 'crawl' : 'nethack';
}

export function decide(a: Analysis): Intent | null {
  const general = generalIntent(a);
  if (general) return general;
  return gameOf(a) === 'crawl' ? crawlIntent(a) : nethackIntent(a);
}

// ---- helpers ------------------------------------------------------------------------------

const has = (a: Analysis, c: Cue) => a.cues.has(c);
const hasName = (a: Analysis, kind: NameKind) => a.names.some((n) => n.refs.some((r) => r.kind === kind));
const setValue = (a: Analysis, option: string) => a.sets.find((s) => s[option] !== undefined)?.[option];
/** A number that reads as the hero's nutrition or satiation (labelled so, or unlabelled). */
const hasValue = (a: Analysis) => a.numbers.some((n) => n.unit === null || n.unit === 'value' || n.unit === 'at');
const hasAfter = (a: Analysis) => a.numbers.some((n) => n.unit === 'after');
const wantsFood = (a: Analysis) => has(a, 'give') || has(a, 'info') || has(a, 'safe') || has(a, 'gain');
/** A forecast question: until, after N turns, a rate, or "when" without a rate. */
const untilAsked = (a: Analysis) => has(a, 'until') || hasAfter(a) || has(a, 'rate') || has(a, 'when');

/** A food named as food (a meat ring in a forecast is a ring). */
function foodMentioned(a: Analysis): boolean {
  const ringAt = new Set(a.rings.map((r) => r.at));
  return a.names.some((n) => n.refs.some((r) => r.kind === 'nhFood') && !(ringAt.has(n.at) && untilAsked(a)));
}

function petMention(a: Analysis): NameMention | undefined {
  return a.names.find((n) => n.petContext && n.refs.some((r) => r.kind === 'pet'));
}

function otherItem(a: Analysis, pet: NameMention): NameMention | undefined {
  return a.names.find((n) => n !== pet && n.refs.some((r) => r.kind === 'petItem'));
}

/** Things only a forecast uses: rings, amulets, encumbrance, sleep, attacks, a chart. */
function forecastWords(a: Analysis): boolean {
  if (a.rings.length > 0) return true;
  const keys = ['amulet', 'yendor', 'encumbrance', 'asleep', 'inediate', 'hunger', 'chart', 'slow_digestion'];
  return (
    a.sets.some((s) => keys.some((k) => s[k] !== undefined)) ||
    a.numbers.some((n) => n.unit === 'attacks' || n.unit === 'turn')
  );
}

// ---- hero and help (either game) -------------------------------------------------------------

function generalIntent(a: Analysis): Intent | null {
  const substantive = a.numbers.length > 0 || a.names.length > 0 || a.rings.length > 0;
  if (has(a, 'help') && !substantive) return { game: 'nethack', leaves: ['help'] };
  if (!has(a, 'hero') || substantive || a.targets.length > 0) return null;
  const plural = a.items.some((i) => /\b(heroes|characters|chars)\b/.test(i.text));
  if (has(a, 'heroLog')) return { game: 'nethack', leaves: ['hero log'] };
  if (has(a, 'heroList') || plural) return { game: 'nethack', leaves: ['hero list'] };
  return { game: 'nethack', leaves: ['hero show'] };
}

// ---- NetHack ------------------------------------------------------------------------------

function nethackIntent(a: Analysis): Intent | null {
  const eating = has(a, 'eat') || has(a, 'ifEat');
  const forecasting = has(a, 'until') || hasAfter(a) || has(a, 'rate');
  if (has(a, 'lifesave') && !eating && !forecasting) return { game: 'nethack', leaves: ['nethack lifesave'] };
  if (has(a, 'pray')) return prayIntent(a);
  const pet = petMention(a);
  if (pet) return petIntent(a, pet);
  if (corpseAsked(a)) return { game: 'nethack', leaves: ['nethack corpse'] };
  if (has(a, 'open') || setValue(a, 'opener')) return { game: 'nethack', leaves: ['nethack meal'] };
  const spellName = hasName(a, 'nhSpell');
  if (has(a, 'spell') && (spellName || a.numbers.some((n) => n.unit === 'level') || !setValue(a, 'action'))) {
    return { game: 'nethack', leaves: ['nethack drain'], preset: { action: 'spell' } };
  }
  if (has(a, 'choke') && has(a, 'survive'))
    return { game: 'nethack', leaves: ['nethack drain'], preset: { action: 'choke' } };
  if (setValue(a, 'action') && !has(a, 'choke')) return { game: 'nethack', leaves: ['nethack drain'] };
  if (has(a, 'choke')) return { game: 'nethack', leaves: ['nethack meal'] };
  if (foodMentioned(a)) return foodIntent(a);
  return hungerIntent(a);
}

/** Is a prayer safe now (/nethack pray), unless the question asks what it does to nutrition (drain). */
function prayIntent(a: Analysis): Intent {
  const whatItFixes = (has(a, 'give') || has(a, 'prayFix')) && !has(a, 'safe');
  if (whatItFixes) return { game: 'nethack', leaves: ['nethack drain'], preset: { action: 'pray' } };
  return { game: 'nethack', leaves: ['nethack pray'] };
}

/** Options only /nethack corpse has: the hero's resistances and state. */
const CORPSE_ONLY = [
  'poison_res',
  'acid_res',
  'stone_res',
  'sick_res',
  'unchanging',
  'stoned',
  'int_max',
  'energy_high',
];

/**
 * A corpse for this hero: is it safe, what does it give, how old is it ("40 turns old"), "can I
 * eat it". Not a meal at a nutrition value (that is /nethack meal: choking) and not a table
 * entry ("how much does it give": /nethack food).
 */
function corpseAsked(a: Analysis): boolean {
  const corpse = a.names.some((n) => !n.formContext && n.refs.some((r) => r.kind === 'nhFood' && corpseMonsterName(r)));
  if ((!corpse && !has(a, 'corpse')) || hasValue(a) || has(a, 'choke')) return false;
  const aged = a.numbers.some((n) => n.unit === 'age');
  const heroState = CORPSE_ONLY.some((k) => setValue(a, k) !== undefined);
  return has(a, 'safe') || has(a, 'gain') || has(a, 'ifEat') || aged || heroState;
}

function petIntent(a: Analysis, pet: NameMention): Intent {
  const item = otherItem(a, pet);
  const clock =
    has(a, 'until') ||
    has(a, 'when') ||
    has(a, 'hungryPet') ||
    has(a, 'hunger') ||
    a.targets.length > 0 ||
    a.numbers.some((n) => n.context);
  if (item && !(clock && (has(a, 'feed') || a.numbers.some((n) => n.context))))
    return { game: 'nethack', leaves: ['nethack pet food'] };
  if (clock) return { game: 'nethack', leaves: ['nethack pet hunger'] };
  return { game: 'nethack', leaves: ['nethack pet diet'] };
}

function foodIntent(a: Analysis): Intent {
  const eating = has(a, 'eat') || has(a, 'ifEat');
  if (eating && hasValue(a)) return { game: 'nethack', leaves: ['nethack meal'] };
  if (hasValue(a) && !wantsFood(a)) return { game: 'nethack', leaves: ['nethack meal'] };
  if (has(a, 'ifEat') && !wantsFood(a)) return { game: 'nethack', leaves: ['nethack meal'] };
  return { game: 'nethack', leaves: ['nethack food'] };
}

function hungerIntent(a: Analysis): Intent | null {
  const dying = a.targets.includes('Starve') && (has(a, 'die') || has(a, 'until'));
  if (untilAsked(a) || dying || (forecastWords(a) && !has(a, 'status')))
    return { game: 'nethack', leaves: ['nethack forecast'] };
  if (has(a, 'status') || a.targets.length > 0) return { game: 'nethack', leaves: ['nethack status'] };
  if (hasValue(a)) return { game: 'nethack', leaves: ['nethack status', 'nethack forecast'] };
  if (has(a, 'hunger')) return { game: 'nethack', leaves: ['nethack status'] };
  // "how much does a tin give": a food question whose food is not (yet) one name.
  if (wantsFood(a) && a.names.length > 0) return { game: 'nethack', leaves: ['nethack food'] };
  return null;
}

// ---- Crawl --------------------------------------------------------------------------------

function crawlIntent(a: Analysis): Intent | null {
  if (setValue(a, 'what')) return { game: 'crawl', leaves: ['crawl drain'] };
  if (has(a, 'chunk') || setValue(a, 'type')) {
    const foodOnly = wantsFood(a) && !setValue(a, 'type') && !has(a, 'eat') && !has(a, 'ifEat');
    return { game: 'crawl', leaves: [foodOnly ? 'crawl food' : 'crawl chunk'] };
  }
  const ability = a.names.find((n) => n.refs.some((r) => r.kind === 'crawlAbility'));
  const abilityAsked = has(a, 'ability') || has(a, 'cost') || (ability?.text.includes(' ') && !has(a, 'rate'));
  if (ability && abilityAsked && !has(a, 'spell')) return { game: 'crawl', leaves: ['crawl ability'] };
  if (has(a, 'spell') || a.numbers.some((n) => n.unit === 'skill' || n.unit === 'rod'))
    return { game: 'crawl', leaves: ['crawl spell'] };
  if (hasName(a, 'crawlFood')) return { game: 'crawl', leaves: ['crawl food'] };
  const until = has(a, 'until') || hasAfter(a) || a.numbers.some((n) => n.unit === 'rate');
  if (until) return { game: 'crawl', leaves: ['crawl forecast'] };
  if (has(a, 'rate')) return { game: 'crawl', leaves: ['crawl rate'] };
  if (has(a, 'when') && hasValue(a)) return { game: 'crawl', leaves: ['crawl forecast'] };
  if ((has(a, 'status') || a.targets.length > 0) && hasValue(a)) return { game: 'crawl', leaves: ['crawl status'] };
  if (hasValue(a)) return { game: 'crawl', leaves: ['crawl status', 'crawl forecast'] };
  if (has(a, 'status')) return { game: 'crawl', leaves: ['crawl status'] };
  return { game: 'crawl', leaves: ['crawl rate'] };
}
