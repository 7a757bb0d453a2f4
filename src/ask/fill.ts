// Phase 3: fill one leaf's options from what the question mentions. Every value goes through
// the catalog (the leaf must declare the option and accept the value), so a line built here
// is one the command itself accepts.
import { parseRing } from '../engine/nethack/burn.ts';
import type { Analysis, NameMention, NumberUse } from './analyze.ts';
import { GEAR_PART, type AskValue, type Catalog } from './catalog.ts';
import { NO_GEAR, gearText, type CrawlGear } from '../engine/crawl/gear.ts';
import type { Unit } from './lexicon.ts';
import { lookupName, nameLists, type NameKind, type NameRef } from './names.ts';

export interface Missing {
  option: string;
  description: string;
  /** Close names when the question's word could be several things. */
  candidates?: string[];
}

/** One command a reading runs. */
export interface LeafCall {
  key: string;
  options: Record<string, AskValue>;
  missing: Missing[];
  notes: string[];
}

type Put = (name: string, value: AskValue) => boolean;

/** Options a number labelled with this unit may fill, first declared one wins. */
export const UNIT_OPTIONS: Record<Unit, readonly string[]> = {
  value: ['nutrition', 'value'],
  at: ['nutrition', 'value'],
  turn: ['turn'],
  now: ['turn'],
  tamed: ['tamed_turn'],
  lastMeal: ['last_meal_turn'],
  after: ['after'],
  turnsWord: ['after'],
  age: ['age', 'corpse_age', 'turns_since'],
  con: ['con'],
  int: ['int'],
  level: ['level'],
  xl: ['xl', 'level'],
  skill: ['skill'],
  luck: ['luck'],
  timeout: ['prayer_timeout', 'timeout'],
  hp: ['hp', 'max_hp'],
  maxHp: ['max_hp'],
  alignment: ['alignment'],
  anger: ['anger'],
  dex: ['dex'],
  str: ['str'],
  // The turn of the last prayer: /nethack pray's turns_since is the current turn minus it (prayerTurns()).
  prayedAt: [],
  attacks: ['attacks'],
  aut: ['aut'],
  charge: ['charge'],
  rate: ['rate'],
  eaten: ['eaten'],
  carnivore: ['carnivore'],
  herbivore: ['herbivore'],
  saprovore: ['saprovore'],
  metabolism: ['metabolism'],
  rod: ['rod'],
  artefact: ['gear.artefactMetabolism'],
};

/** Where an unlabelled number goes: the leaf's main quantity. */
const MAIN_NUMBER = ['nutrition', 'value', 'turn'] as const;

interface Slot {
  option: string;
  kinds: readonly NameKind[];
  /** The option's value for a name (default its canonical name); null when this name cannot fill it. */
  value?: (ref: NameRef) => string | null;
}

/** /nethack corpse names the monster: "cockatrice corpse" -> "cockatrice" (the command's own names). */
export function corpseMonsterName(ref: NameRef): string | null {
  const m = /^(.+) corpse( \(human form\))?$/.exec(ref.name);
  return m ? `${m[1]}${m[2] ?? ''}` : null;
}

const slotValue = (slot: Slot, ref: NameRef) => (slot.value ? slot.value(ref) : ref.name);

/** Which names fill which option, per leaf (pets first: "my kitten" is the pet, the rest is food). */
export const NAME_SLOTS: Record<string, readonly Slot[]> = {
  'nethack meal': [{ option: 'food', kinds: ['nhFood'] }],
  'nethack food': [{ option: 'name', kinds: ['nhFood'] }],
  'nethack corpse': [{ option: 'name', kinds: ['nhFood'], value: corpseMonsterName }],
  'nethack drain': [{ option: 'spell', kinds: ['nhSpell'] }],
  'nethack pet food': [
    { option: 'pet', kinds: ['pet'] },
    { option: 'item', kinds: ['petItem'] },
  ],
  'nethack pet diet': [{ option: 'pet', kinds: ['pet'] }],
  'nethack pet hunger': [{ option: 'pet', kinds: ['pet'] }],
  'crawl food': [
    { option: 'item', kinds: ['crawlFood'] },
    { option: 'species', kinds: ['crawlSpecies'] },
  ],
  'crawl ability': [
    { option: 'name', kinds: ['crawlAbility'] },
    { option: 'species', kinds: ['crawlSpecies'] },
  ],
};
const SPECIES_SLOT: readonly Slot[] = [{ option: 'species', kinds: ['crawlSpecies'] }];

/** Leaves whose `amulet` is carrying the Amulet of Yendor, not wearing an amulet. */
const YENDOR_AMULET = new Set(['nethack drain', 'nethack pray']);

/** The leaf's options as the question gives them. */
export function fill(key: string, a: Analysis, cat: Catalog, preset: Record<string, AskValue> = {}): LeafCall {
  const options: Record<string, AskValue> = {};
  const notes: string[] = [];
  const gear: Partial<CrawlGear> = {};
  const put: Put = (name, value) => {
    if (name.startsWith(GEAR_PART)) {
      // Crawl gear pieces are collected, then written as the one `gear` option (parseGear reads it).
      const field = name.slice(GEAR_PART.length) as keyof CrawlGear;
      if (gear[field] !== undefined || !cat.accepts(key, name, value)) return false;
      (gear as Record<string, AskValue>)[field] = value;
      return true;
    }
    if (options[name] !== undefined || !cat.accepts(key, name, value)) return false;
    options[name] = value;
    return true;
  };
  for (const [k, v] of Object.entries(preset)) put(k, v);
  fillNumbers(key, a, cat, put, notes);
  fillRings(key, a, put, notes);
  fillSets(key, a, put);
  const ambiguous = fillNames(key, a, options, put, notes);
  if (key === 'nethack pray') fillPrayer(a, options, put, notes);
  for (const role of a.roles) put('role', role);
  for (const race of a.races) put('race', race);
  if (key.startsWith('nethack') && a.nethackVersion) put('version', a.nethackVersion);
  if (key.startsWith('crawl') && a.crawlVersion) put('version', a.crawlVersion);
  if (Object.keys(gear).length) put('gear', gearText({ ...NO_GEAR, ...gear }));
  return { key, options, missing: missingOf(key, options, cat, ambiguous), notes };
}

// ---- phrases ------------------------------------------------------------------------------

function fillSets(key: string, a: Analysis, put: Put): void {
  for (const set of a.sets) {
    for (const [k, v] of Object.entries(set)) {
      // /nethack drain's and pray's `amulet` is carrying the Amulet of Yendor, not wearing one.
      if (YENDOR_AMULET.has(key) && k === 'amulet') continue;
      if (YENDOR_AMULET.has(key) && k === 'yendor') put('amulet', v);
      else put(k, v);
    }
  }
}

// ---- numbers ------------------------------------------------------------------------------

function fillNumbers(key: string, a: Analysis, cat: Catalog, put: Put, notes: string[]): void {
  for (const n of a.numbers) {
    const targets = numberTargets(key, n);
    // A text option takes the number as written ("str:18/50").
    const value = (o: string) => (cat.option(key, o)?.kind === 'string' ? n.text : n.value);
    if (targets.some((o) => put(o, value(o)))) continue;
    const declared = targets.find((o) => cat.option(key, o));
    if (declared) notes.push(`${n.value} is out of range for \`${declared}\`, so it was left out.`);
  }
}

function numberTargets(key: string, n: NumberUse): readonly string[] {
  // Pets count in turns: "tamed on turn 1", "last ate ... on turn 1200", "now turn 2500".
  if (key === 'nethack pet hunger' && (n.unit === 'turn' || n.unit === 'at' || n.unit === null) && n.context) {
    return UNIT_OPTIONS[n.context];
  }
  if (n.unit === null) return MAIN_NUMBER;
  if (n.unit === 'at') return [...UNIT_OPTIONS.at, 'turn'];
  return UNIT_OPTIONS[n.unit];
}

// ---- rings --------------------------------------------------------------------------------

const CRAWL_RING_OPTION: Partial<Record<string, string>> = {
  regeneration: 'gear.regenerationRings',
  sustain: 'gear.sustenanceRings',
  hunger: 'gear.hungerRings',
};

function fillRings(key: string, a: Analysis, put: Put, notes: string[]): void {
  if (key === 'nethack forecast') {
    nethackRings(a, put, notes);
    return;
  }
  for (const r of a.rings) {
    if (key.startsWith('crawl') && r.property && CRAWL_RING_OPTION[r.property])
      put(CRAWL_RING_OPTION[r.property]!, r.count);
    if (key === 'nethack lifesave' && r.property === 'sustain') put('sustain', true);
    if (key === 'nethack meal' && r.property === 'hunger') put('hunger', true);
  }
}

function nethackRings(a: Analysis, put: Put, notes: string[]): void {
  const hands: string[] = [];
  for (const r of a.rings) {
    if (r.intrinsic && !r.explicit) {
      if (r.property === 'regeneration') put('regeneration', 'intrinsic');
      else if (r.property === 'hunger') put('hunger', true);
      else if (r.property === 'slow digestion') put('slow_digestion', true);
      continue;
    }
    const label = ringLabel(r.type, r.enchantment);
    if (label) for (let k = 0; k < r.count; k++) hands.push(label);
  }
  if (hands.length > 2) notes.push(`Only two rings fit: ${hands.slice(2).join(', ')} left out.`);
  if (hands[0]) put('left_ring', hands[0]);
  if (hands[1]) put('right_ring', hands[1]);
}

function ringLabel(type: string, enchantment: number | undefined): string | null {
  if (type === 'any') return 'any ring that costs nutrition';
  const spe = enchantment === undefined ? '' : ` ${enchantment >= 0 ? '+' : ''}${enchantment}`;
  return parseRing(type === 'meat ring' ? type : `ring of ${type}${spe}`)?.label ?? null;
}

// ---- names --------------------------------------------------------------------------------

/** Fills name options; returns the close names of required slots a typo left open. */
function fillNames(
  key: string,
  a: Analysis,
  options: Record<string, AskValue>,
  put: Put,
  notes: string[],
): Map<string, string[]> {
  let slots = NAME_SLOTS[key] ?? (key.startsWith('crawl') ? SPECIES_SLOT : []);
  // A spell name only names the spell cast ("how much does jumping cost" is the jump).
  if (key === 'nethack drain' && options.action !== 'spell') slots = [];
  const taken = new Set<NameMention>();
  const open = new Map<string, string[]>();
  if (key === 'nethack meal') heroForm(a, put, taken);
  for (const slot of slots) {
    const m = pickMention(key, a, slot, taken);
    const ref = m?.refs.find((r) => slot.kinds.includes(r.kind) && slotValue(slot, r) !== null);
    if (m && ref && put(slot.option, slotValue(slot, ref)!)) {
      taken.add(m);
      if (m.corrected) notes.push(`Read "${m.text}" as ${ref.name}.`);
      continue;
    }
    const other = otherKindMention(key, a, slot, taken);
    const otherValue = other.found && slotValue(slot, other.found.ref);
    if (other.found && otherValue && put(slot.option, otherValue)) {
      taken.add(other.found.mention);
      continue;
    }
    const close = [
      ...a.names.flatMap((n) => n.ambiguous.filter((r) => slot.kinds.includes(r.kind)).map((r) => r.name)),
      ...other.close,
    ];
    if (close.length) open.set(slot.option, [...new Set(close)].slice(0, 8));
  }
  if (key === 'nethack pet hunger') petMeals(a, put, taken);
  if (key === 'nethack pet food') petState(a, taken, put);
  return open;
}

/**
 * A word found as another kind of name may still be this kind ("tin" is an item; as a food it
 * is one of several tins): ask the resolver for this slot's kinds.
 */
function otherKindMention(
  key: string,
  a: Analysis,
  slot: Slot,
  taken: Set<NameMention>,
): { found?: { mention: NameMention; ref: NameRef }; close: string[] } {
  const close: string[] = [];
  for (const m of a.names) {
    if (taken.has(m) || chunkSource(key, a, m, slot)) continue;
    for (const kind of slot.kinds) {
      const r = lookupName(m.text, nameLists()[kind]);
      if (r.kind === 'found' && !r.corrected) return { found: { mention: m, ref: r.item.ref }, close };
      if (r.kind === 'ambiguous') close.push(...r.candidates.map((c) => c.ref.name));
    }
  }
  return { close };
}

function pickMention(key: string, a: Analysis, slot: Slot, taken: Set<NameMention>): NameMention | undefined {
  const fits = (n: NameMention) => n.refs.some((r) => slot.kinds.includes(r.kind) && slotValue(slot, r) !== null);
  const free = a.names.filter((n) => !taken.has(n) && fits(n) && !chunkSource(key, a, n, slot));
  if (slot.option === 'pet') return free.find((n) => n.petContext) ?? free[0];
  return free[0];
}

/** "polymorphed into a vampire": the hero's form (any monster), which is then no food. */
function heroForm(a: Analysis, put: Put, taken: Set<NameMention>): void {
  for (const m of a.names.filter((n) => n.formContext)) {
    // A monster by its corpse's name too ("elf" is no pet, but leaves an elf corpse).
    const corpse = m.refs
      .map(corpseMonsterName)
      .find((n) => n !== null)
      ?.replace(/ \(human form\)$/, '');
    const name = m.refs.find((r) => r.kind === 'pet')?.name ?? corpse;
    if (name && put('form', name)) taken.add(m);
    return;
  }
}

/** "my hungry kitten", "a starving dog": the state is said right before the pet. */
function petState(a: Analysis, taken: Set<NameMention>, put: Put): void {
  for (const m of taken) {
    const prev = a.items[m.at - 1];
    if (prev?.type !== 'span' || !m.refs.some((r) => r.kind === 'pet')) continue;
    if (prev.features.some((f) => f.target === 'Hungry')) put('pet_state', 'hungry');
    if (prev.features.some((f) => f.target === 'Starve' || f.target === 'Weak')) put('pet_state', 'starving');
  }
}

/** "a human chunk" names where the chunk came from, not who eats it. */
function chunkSource(key: string, a: Analysis, n: NameMention, slot: Slot): boolean {
  const next = a.items[n.at + 1];
  return (
    key === 'crawl chunk' &&
    slot.option === 'species' &&
    next?.type === 'span' &&
    next.features.some((f) => f.cue === 'chunk')
  );
}

/** "last ate a carrot" is its last meal; "if I feed it a tripe ration" is food now. */
function petMeals(a: Analysis, put: Put, taken: Set<NameMention>): void {
  for (const m of a.names) {
    if (taken.has(m)) continue;
    const ref = m.refs.find((r) => r.kind === 'petItem');
    if (!ref) continue;
    const lastMeal = a.items
      .slice(Math.max(0, m.at - 3), m.at)
      .some((it) => it.type === 'span' && it.features.some((f) => f.unit === 'lastMeal'));
    if (put(lastMeal ? 'last_meal' : 'food', ref.name)) taken.add(m);
  }
}

// ---- prayer ---------------------------------------------------------------------------------

/**
 * /nethack pray: when you last prayed (a turn of the last prayer and the current turn give
 * turns_since), the troubles named (a hunger level without a number is its trouble), an angry
 * god without a number (anger 1, the least, said in a note).
 */
function fillPrayer(a: Analysis, options: Record<string, AskValue>, put: Put, notes: string[]): void {
  prayerTurns(a, options, put, notes);
  const troubles: string[] = [...a.troubles];
  if (options.nutrition === undefined) {
    if (a.targets.includes('Weak') || a.targets.includes('Fainting')) troubles.push('weak');
    else if (a.targets.includes('Hungry')) troubles.push('hungry');
  }
  if (troubles.length) put('troubles', [...new Set(troubles)].join(', '));
  if (a.cues.has('angry') && put('anger', 1))
    notes.push('An angry god with no number: read as anger 1, the least (give anger:N for more).');
}

function prayerTurns(a: Analysis, options: Record<string, AskValue>, put: Put, notes: string[]): void {
  const prayedAt = a.numbers.find((n) => n.unit === 'prayedAt')?.value;
  if (prayedAt !== undefined && options.turns_since === undefined) {
    const now = options.turn;
    if (typeof now === 'number' && now >= prayedAt) put('turns_since', now - prayedAt);
    else if (typeof now === 'number')
      notes.push(`The last prayer (turn ${prayedAt}) is after the current turn ${now}, so it was left out.`);
    else notes.push(`You last prayed on turn ${prayedAt}: say the current turn too ("now T:…") to count from it.`);
  }
  const known = options.timeout !== undefined || options.turns_since !== undefined;
  if (options.turn !== undefined && !known && !a.cues.has('neverPrayed'))
    notes.push('Only the current turn given: read as never prayed (timeout 300 at turn 1).');
}

// ---- what is missing ------------------------------------------------------------------------

/** The call with more options (e.g. from the user's hero), what is missing worked out again. */
export function withOptions(call: LeafCall, extra: Record<string, AskValue>, cat: Catalog): LeafCall {
  const options = { ...call.options };
  for (const [k, v] of Object.entries(extra))
    if (options[k] === undefined && cat.accepts(call.key, k, v)) options[k] = v;
  const close = new Map(call.missing.filter((m) => m.candidates).map((m) => [m.option, m.candidates!]));
  return { ...call, options, missing: missingOf(call.key, options, cat, close) };
}

function missingOf(
  key: string,
  options: Record<string, AskValue>,
  cat: Catalog,
  close: Map<string, string[]>,
): Missing[] {
  const leaf = cat.leaf(key);
  const needed = leaf.options.filter((o) => o.required).map((o) => o.name);
  if (key === 'nethack drain' && options.action === 'pray') needed.push('nutrition');
  // /nethack pray needs to know when you last prayed: a timeout, turns since, or the turn (never prayed).
  if (key === 'nethack pray' && [options.timeout, options.turns_since, options.turn].every((v) => v === undefined))
    needed.push('turns_since');
  if (
    key === 'nethack drain' &&
    options.action === 'spell' &&
    options.spell === undefined &&
    options.level === undefined
  )
    needed.push('level');
  return needed
    .filter((name) => options[name] === undefined)
    .map((name) => {
      const o = cat.option(key, name)!;
      const candidates = close.get(name);
      return { option: name, description: o.description, ...(candidates ? { candidates } : {}) };
    });
}
