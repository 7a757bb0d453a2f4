// Phase 1: read a question into what it mentions. Tokens become items (fixed phrases and names,
// longest first; numbers; other words); unknown words are tried as typos of names and of the
// vocabulary; then numbers get their units, rings their counts and enchantments, and the two
// games their evidence. Nothing here knows about commands.
import type { AskValue } from './catalog.ts';
import type { TroubleKey } from '../engine/nethack/prayer.ts';
import { FILLER, phraseAt, singleWords, type Cue, type Feature, type Target, type Unit } from './lexicon.ts';
import { fuzzyName, nameAt, typoBudget, wordMatches, type NameKind, type NameRef } from './names.ts';
import { editDistance, numberWord, tokenize, type Token } from './text.ts';

export interface SpanItem {
  type: 'span';
  text: string;
  features: Feature[];
  names: NameRef[];
  /** Close names when a typo could be several things. */
  ambiguous: NameRef[];
  /** Found by typo correction. */
  corrected: boolean;
}
export interface NumberItem {
  type: 'number';
  text: string;
  value: number;
  signed: boolean;
  ordinal: boolean;
  version?: string;
}
export interface WordItem {
  type: 'word';
  text: string;
  filler: boolean;
}
export type Item = SpanItem | NumberItem | WordItem;

export interface NumberUse {
  at: number;
  value: number;
  /** As written ("18/50" for a strength). */
  text: string;
  unit: Unit | null;
  /** The nearest context phrase before it (for pets: tamed / last meal / now). */
  context: Unit | null;
}

export interface RingMention {
  at: number;
  /** NetHack ring type (objects.c name), "any" or "meat ring". */
  type: string;
  property: Feature['property'];
  count: number;
  enchantment?: number;
  /** Said with "ring(s)". */
  explicit: boolean;
  /** Said with "intrinsic", "innate"... */
  intrinsic: boolean;
}

export interface NameMention {
  at: number;
  text: string;
  refs: NameRef[];
  ambiguous: NameRef[];
  corrected: boolean;
  /** "my X", "pet X", "tame X", "feed X": X is the pet. */
  petContext: boolean;
  /** The word after it is "eat(s)". */
  beforeEat: boolean;
  /** "polymorphed into a X": X is the hero's form, not food. */
  formContext: boolean;
}

export interface Analysis {
  question: string;
  items: Item[];
  cues: Set<Cue>;
  targets: Target[];
  /** Option assignments from phrases, in the order written. */
  sets: Record<string, AskValue>[];
  /** Prayer troubles named, in the order written. */
  troubles: TroubleKey[];
  numbers: NumberUse[];
  rings: RingMention[];
  names: NameMention[];
  nethackVersion?: string;
  crawlVersion?: string;
  evidence: { nethack: number; crawl: number };
  roles: string[];
  races: string[];
  /** Words read as nothing. */
  unknown: string[];
}

const ALL_KINDS: readonly NameKind[] = [
  'nhFood',
  'pet',
  'petItem',
  'nhSpell',
  'crawlSpecies',
  'crawlFood',
  'crawlAbility',
];
const RACES = ['human', 'elf', 'dwarf', 'gnome', 'orc'] as const;

export function analyze(question: string): Analysis {
  const tokens = tokenize(question);
  const items = correctTypos(scan(tokens));
  const a: Analysis = {
    question,
    items,
    cues: new Set(),
    targets: [],
    sets: [],
    troubles: [],
    numbers: [],
    rings: [],
    names: [],
    evidence: { nethack: 0, crawl: 0 },
    roles: [],
    races: [],
    unknown: items.filter((i): i is WordItem => i.type === 'word' && !i.filler).map((i) => i.text),
  };
  collectFeatures(a);
  const used = new Set<number>();
  readVersions(a, used);
  readRings(a, used);
  readCounts(a, used);
  readNumbers(a, used);
  readHpPairs(a);
  readNames(a);
  readRaces(a);
  weighGames(a);
  return a;
}

// ---- scanning -----------------------------------------------------------------------------

function scan(tokens: Token[]): Item[] {
  const words = tokens.map((t) => t.text);
  const items: Item[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t.num !== undefined) {
      items.push({
        type: 'number',
        text: t.text,
        value: t.num,
        signed: !!t.signed,
        ordinal: !!t.ordinal,
        ...(t.version ? { version: t.version } : {}),
      });
      i++;
      continue;
    }
    const phrase = phraseAt(words, i);
    const name = varietyBeforeContents(words, i, phrase) ? null : nameAt(words, i);
    const length = Math.max(phrase?.length ?? 0, name?.length ?? 0);
    if (length > 0) {
      const text = words.slice(i, i + length).join(' ');
      const features = phrase?.length === length ? phrase.features : [];
      items.push({
        type: 'span',
        text,
        features,
        names: name?.length === length ? namesOfWords(text, features, name.refs) : [],
        ambiguous: [],
        corrected: false,
      });
      i += length;
      continue;
    }
    items.push({ type: 'word', text: t.text, filler: FILLER.has(t.text) });
    i++;
  }
  return items;
}

/**
 * A word of the vocabulary names a thing only by the thing's own name: "hunger" is the hunger
 * value, not the ring of hunger that objects.c also calls by it; "ring of hunger" is both.
 */
function namesOfWords(text: string, features: readonly Feature[], refs: NameRef[]): NameRef[] {
  if (features.length === 0) return refs;
  const typed = text.split(' ');
  return refs.filter((r) => {
    const own = tokenize(r.name).map((t) => t.text);
    return own.length === typed.length && own.every((w, k) => wordMatches(typed[k]!, w));
  });
}

/** "a pickled tin of newt meat": the variety, then the tin by its contents (not "pickled tin", "of newt"). */
function varietyBeforeContents(words: readonly string[], i: number, phrase: ReturnType<typeof phraseAt>): boolean {
  if (!phrase?.features.some((f) => f.set?.variety !== undefined)) return false;
  return words[i + phrase.length] === 'tin' && words[i + phrase.length + 1] === 'of';
}

/** Runs of unknown words: the longest part that is a typo of a name, else a typo of a known word. */
function correctTypos(items: Item[]): Item[] {
  const out: Item[] = [];
  let i = 0;
  while (i < items.length) {
    const it = items[i]!;
    if (it.type !== 'word' || it.filler) {
      out.push(it);
      i++;
      continue;
    }
    let run = 0;
    while (i + run < items.length && run < 4 && isUnknown(items[i + run]!)) run++;
    const fixed = bestCorrection(items.slice(i, i + run) as WordItem[]);
    out.push(fixed.item);
    i += fixed.length;
  }
  return out;
}

const isUnknown = (it: Item) => it.type === 'word' && !it.filler;

function bestCorrection(run: WordItem[]): { item: Item; length: number } {
  for (let len = run.length; len >= 1; len--) {
    const text = run
      .slice(0, len)
      .map((w) => w.text)
      .join(' ');
    const names = fuzzyName(text, ALL_KINDS);
    const word = len === 1 ? closestWord(text) : null;
    if (word && (names.refs.length === 0 || word.distance === 0)) {
      const phrase = phraseAt([word.word], 0)!;
      return {
        item: { type: 'span', text, features: phrase.features, names: [], ambiguous: [], corrected: true },
        length: 1,
      };
    }
    if (names.refs.length > 0 || (len === 1 && names.ambiguous.length > 0)) {
      return {
        item: { type: 'span', text, features: [], names: names.refs, ambiguous: names.ambiguous, corrected: true },
        length: len,
      };
    }
  }
  return { item: run[0]!, length: 1 };
}

let vocabulary: string[] | null = null;

/** The one known word this unknown word is a typo of, when there is exactly one closest. */
function closestWord(text: string): { word: string; distance: number } | null {
  vocabulary ??= [...new Set(singleWords())].filter((w) => w.length >= 4);
  const budget = typoBudget(text.length);
  if (budget === 0) return null;
  let best: string[] = [];
  let bestD = budget + 1;
  // Players mistype the middle of a word, rarely its first letter.
  for (const w of vocabulary.filter((v) => v[0] === text[0])) {
    const d = editDistance(text, w, budget);
    if (d < bestD) {
      bestD = d;
      best = [w];
    } else if (d === bestD && d <= budget) best.push(w);
  }
  return best.length === 1 && bestD <= budget ? { word: best[0]!, distance: bestD } : null;
}

// ---- what the items say -------------------------------------------------------------------

function collectFeatures(a: Analysis): void {
  for (const it of a.items) {
    if (it.type !== 'span') continue;
    for (const f of it.features) {
      if (f.cue) a.cues.add(f.cue);
      if (f.target) a.targets.push(f.target);
      if (f.set) a.sets.push(f.set);
      if (f.trouble && !a.troubles.includes(f.trouble)) a.troubles.push(f.trouble);
      if (f.role) a.roles.push(f.role);
      if (f.race) a.races.push(f.race);
    }
  }
}

const NETHACK_VERSION: Record<string, string> = { '3.4.3': '3.4.3', '3.4': '3.4.3', '3.6': '3.6.7', '5.0': '5.0' };

function readVersions(a: Analysis, used: Set<number>): void {
  a.items.forEach((it, i) => {
    if (it.type !== 'number') return;
    const prev = a.items[i - 1];
    const afterGameWord = prev?.type === 'span' && /^(nethack|nh|version|v|ver)$/.test(prev.text);
    const v =
      it.version ??
      (afterGameWord && (it.value === 343 || it.value === 367) ? (it.value === 343 ? '3.4.3' : '3.6') : undefined);
    if (!v) return;
    if (/^0\./.test(v)) a.crawlVersion ??= v;
    else if (/^3\.6/.test(v)) a.nethackVersion ??= '3.6.7';
    else if (NETHACK_VERSION[v]) a.nethackVersion ??= NETHACK_VERSION[v];
    else return;
    used.add(i);
  });
}

// ---- rings --------------------------------------------------------------------------------

const PROPERTY_RING: Record<NonNullable<Feature['property']>, string> = {
  regeneration: 'regeneration',
  'slow digestion': 'slow digestion',
  conflict: 'conflict',
  hunger: 'hunger',
  sustain: 'sustain ability',
};

const ringWordAt = (a: Analysis, i: number) => {
  const it = a.items[i];
  return it?.type === 'span' && it.features.some((f) => f.ringWord) ? it : null;
};

function readRings(a: Analysis, used: Set<number>): void {
  a.items.forEach((it, i) => {
    if (it.type !== 'span') return;
    const f = it.features.find((x) => x.ring || x.property);
    if (!f) return;
    const before = ringWordAt(a, i - 1);
    const after = ringWordAt(a, i + 1);
    const explicit = !!(before || after || f.ringWord);
    const multiword = it.text.includes(' ');
    if (!f.property && !explicit && !multiword && f.ring !== 'any') return;
    const mention: RingMention = {
      at: i,
      type: f.ring ?? PROPERTY_RING[f.property!],
      property: f.property ?? (f.ring === 'sustain ability' ? 'sustain' : undefined),
      count: 1,
      explicit,
      intrinsic: hasNear(a, i, 2, (x) => !!x.intrinsic),
    };
    const start = before ? i - 1 : i;
    const end = after ? i + 1 : i;
    const plural = /s\b/.test(before?.text ?? '') || /s$/.test(after?.text ?? '') || /\brings\b/.test(it.text);
    mention.count = ringCount(a, start, end, plural, used);
    const spe = enchantment(a, start, end, used);
    if (spe !== undefined) mention.enchantment = spe;
    a.rings.push(mention);
  });
}

function hasNear(a: Analysis, i: number, reach: number, pred: (f: Feature) => boolean): boolean {
  for (let k = Math.max(0, i - reach); k <= Math.min(a.items.length - 1, i + reach); k++) {
    const it = a.items[k]!;
    if (k !== i && it.type === 'span' && it.features.some(pred)) return true;
  }
  return false;
}

function ringCount(a: Analysis, start: number, end: number, plural: boolean, used: Set<number>): number {
  let k = start - 1;
  if (a.items[k]?.type === 'number' && (a.items[k] as NumberItem).signed) k--; // "2 +1 rings"
  const prev = a.items[k];
  const labelled = labelOf(a.items[k - 1], 'before') !== null && labelOf(a.items[k - 1], 'before') !== 'at';
  if (prev?.type === 'number' && !prev.signed && !prev.version && prev.value >= 1 && prev.value <= 8 && !labelled) {
    used.add(k);
    return prev.value;
  }
  if (prev && prev.type !== 'number' && numberWord(prev.text) !== undefined) return numberWord(prev.text)!;
  // "regen x2", "sust x 2", "sustenance 2"
  const x = a.items[end + 1];
  const n = x?.type === 'word' && x.text === 'x' ? a.items[end + 2] : x;
  const at = n === x ? end + 1 : end + 2;
  const unitAfter = labelOf(a.items[at + 1], 'after');
  if (
    n?.type === 'number' &&
    !n.signed &&
    !n.version &&
    n.value >= 1 &&
    n.value <= 8 &&
    (!unitAfter || unitAfter === 'turnsWord')
  ) {
    used.add(at);
    return n.value;
  }
  return plural ? 2 : 1;
}

function enchantment(a: Analysis, start: number, end: number, used: Set<number>): number | undefined {
  for (const k of [start - 1, end + 1, start - 2]) {
    const it = a.items[k];
    if (it?.type === 'number' && it.signed && Math.abs(it.value) <= 20) {
      used.add(k);
      return it.value;
    }
  }
  return undefined;
}

/** "2 food rations": a small number right before a name counts things, it is no quantity. */
function readCounts(a: Analysis, used: Set<number>): void {
  a.items.forEach((it, i) => {
    const next = a.items[i + 1];
    if (it.type !== 'number' || used.has(i) || it.signed || it.version || it.value < 1 || it.value > 10) return;
    if (next?.type === 'span' && next.names.length > 0 && next.features.length === 0) used.add(i);
  });
}

// ---- numbers ------------------------------------------------------------------------------

/** Words that may sit between a label and its number ("int of 18", "at about 900"). */
const BRIDGE = new Set([
  'of',
  'is',
  'be',
  'about',
  'around',
  'roughly',
  'approx',
  'approximately',
  'exactly',
  'only',
  'just',
  'like',
  'the',
  'a',
  'my',
]);

function labelOf(it: Item | undefined, side: 'before' | 'after'): Unit | null {
  if (it?.type !== 'span') return null;
  for (const f of it.features) {
    if (!f.unit) continue;
    if (f.side === undefined || f.side === 'either' || f.side === side) return f.unit;
  }
  return null;
}

function neighbour(a: Analysis, i: number, step: -1 | 1): number {
  let k = i + step;
  while (a.items[k]?.type === 'word' && BRIDGE.has(a.items[k]!.text)) k += step;
  return k;
}

const CONTEXT_UNITS: readonly Unit[] = ['tamed', 'lastMeal', 'now'];

function readNumbers(a: Analysis, used: Set<number>): void {
  let context: { unit: Unit; at: number } | null = null;
  a.items.forEach((it, i) => {
    if (it.type === 'span') {
      const u = it.features.find((f) => f.unit && CONTEXT_UNITS.includes(f.unit))?.unit;
      if (u) context = { unit: u, at: i };
    }
    if (it.type !== 'number' || used.has(i)) return;
    const ctx: { unit: Unit; at: number } | null = context;
    a.numbers.push({
      at: i,
      value: it.value,
      text: it.text,
      unit: unitFor(a, i),
      context: ctx && i - ctx.at <= 5 ? ctx.unit : null,
    });
  });
}

function unitFor(a: Analysis, i: number): Unit | null {
  const p = neighbour(a, i, -1);
  const n = neighbour(a, i, 1);
  const before = labelOf(a.items[p], 'before');
  let after = labelOf(a.items[n], 'after');
  if (after === 'turnsWord') after = labelOf(a.items[n + 1], 'after') === 'age' ? 'age' : 'after';
  // "hp 5/40, xl 8": a label followed by a number with no label of its own is that number's ("xl 8"), not 40's.
  const next = neighbour(a, n, 1);
  const ownNumber =
    a.items[next]?.type === 'number' &&
    labelOf(a.items[n], 'before') === after &&
    labelOf(a.items[neighbour(a, next, 1)], 'after') === null;
  if (after && !before && ownNumber) after = null;
  if (before && after) {
    // A label between two numbers belongs to the one it touches on its own side.
    if (a.items[neighbour(a, n, 1)]?.type === 'number') return before;
    if (a.items[neighbour(a, p, -1)]?.type === 'number') return after;
    if (before === 'at' || before === 'after') return after;
    return before;
  }
  return before ?? after;
}

/** Words that may sit inside "HP 5 of 40", "5 out of 40 hp", "hp 5 max 40". */
const HP_LINK = new Set(['of', 'out', 'from', 'max', 'maximum', 'and']);

/** "hp 5/40", "HP:5(40)", "5 out of 40 hp": the first is the hit points, the second their maximum. */
function readHpPairs(a: Analysis): void {
  for (let k = 0; k + 1 < a.numbers.length; k++) {
    const [first, second] = [a.numbers[k]!, a.numbers[k + 1]!];
    const between = a.items.slice(first.at + 1, second.at);
    const hpLabel = (it: Item) => ['hp', 'maxHp'].includes(labelOf(it, 'after') ?? '');
    const link = (it: Item) => (it.type === 'word' && HP_LINK.has(it.text)) || hpLabel(it);
    if (!between.every(link)) continue;
    const free = (u: Unit | null, allowed: readonly Unit[]) => u === null || allowed.includes(u);
    if (!free(first.unit, ['hp']) || !free(second.unit, ['hp', 'maxHp'])) continue;
    if (first.unit === null && second.unit === null) continue;
    first.unit = 'hp';
    second.unit = 'maxHp';
  }
}

// ---- names, races, games ---------------------------------------------------------------------

const cueAt = (a: Analysis, i: number, cues: readonly Cue[]) => {
  const it = a.items[i];
  return it?.type === 'span' && it.features.some((f) => f.cue && cues.includes(f.cue));
};

function readNames(a: Analysis): void {
  a.items.forEach((it, i) => {
    if (it.type !== 'span' || (it.names.length === 0 && it.ambiguous.length === 0)) return;
    // "wizard", "valkyrie": a role here, not the monster or its corpse.
    if (it.features.some((f) => f.role || f.race)) return;
    let p = i - 1;
    while (a.items[p]?.type === 'word' && (a.items[p] as WordItem).filler && !['my'].includes(a.items[p]!.text)) p--;
    const petWords: Cue[] = ['my', 'pet', 'tame', 'feed'];
    const petContext =
      cueAt(a, p, petWords) ||
      cueAt(a, p - 1, petWords) ||
      (cueAt(a, i + 1, ['eat']) && cueAt(a, p, ['canQuestion', 'diet']));
    a.names.push({
      at: i,
      text: it.text,
      refs: it.names,
      ambiguous: it.ambiguous,
      corrected: it.corrected,
      petContext,
      beforeEat: cueAt(a, i + 1, ['eat', 'ifEat']),
      formContext: cueAt(a, p, ['form']) || cueAt(a, p - 1, ['form']),
    });
  });
}

function readRaces(a: Analysis): void {
  a.items.forEach((it, i) => {
    const race = RACES.find((r) => it.text === r || it.text === `${r}s`);
    if (!race) return;
    const prev = a.items[i - 1]?.text;
    const prev2 = a.items[i - 2]?.text;
    const next = a.items[i + 1];
    const asA = prev === 'as' || ((prev === 'a' || prev === 'an') && (prev2 === 'as' || prev2 === 'im'));
    const beforeRole = next?.type === 'span' && next.features.some((f) => f.role);
    if (asA || beforeRole) a.races.push(race);
  });
}

function weighGames(a: Analysis): void {
  for (const it of a.items) {
    if (it.type !== 'span') continue;
    for (const f of it.features) if (f.game) a.evidence[f.game] += f.weight ?? 1;
    a.evidence.crawl += crawlNameWeight(it);
    const ring = it.features.some((f) => f.ring || f.ringWord);
    if (!ring && it.names.length && it.names.every((r) => !r.kind.startsWith('crawl'))) a.evidence.nethack += 1;
  }
  if (a.crawlVersion) a.evidence.crawl += 3;
  if (a.nethackVersion) a.evidence.nethack += 3;
  // Crawl has no pets: "my kitten" is NetHack.
  if (
    a.names.some(
      (n) => n.petContext && n.refs.some((r) => r.kind === 'pet') && !n.refs.some((r) => r.kind === 'crawlSpecies'),
    )
  ) {
    a.evidence.nethack += 3;
  }
}

function crawlNameWeight(it: SpanItem): number {
  const kinds = new Set(it.names.map((r) => r.kind));
  if (kinds.has('crawlSpecies')) return 2;
  const nethackToo = kinds.has('nhFood') || kinds.has('petItem') || kinds.has('pet') || kinds.has('nhSpell');
  if (kinds.has('crawlFood') && !nethackToo) return 2;
  if (kinds.has('crawlAbility') && !nethackToo) return it.text.includes(' ') ? 2 : 1;
  return 0;
}
