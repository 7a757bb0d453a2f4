// Names a question can mention: NetHack foods, monsters (pets), pet items and spells; Crawl
// species, foods and abilities. Exact mentions are found word by word (plurals included);
// anything else goes through one adapter over the shared name resolver (src/names.ts),
// so a typo lands where autocomplete would land and an ambiguous name comes back with
// its candidates instead of a guess.
import { matchName, normalizeName, rank, type Named } from '../names.ts';
import { CRAWL_VERSIONS, type CrawlVersion } from '../engine/cite.ts';
import { abilityItems, foodItems, speciesList } from '../engine/crawl/index.ts';
import { MONSTERS } from '../engine/nethack/data.ts';
import { foodNames, spellNames } from '../engine/nethack/index.ts';
import { PET_ITEMS } from '../engine/nethack/pets/index.ts';
import { singulars, tokenize } from './text.ts';

export type NameKind = 'nhFood' | 'pet' | 'petItem' | 'nhSpell' | 'crawlSpecies' | 'crawlFood' | 'crawlAbility';

export interface NameRef {
  kind: NameKind;
  /** The value the command accepts (its canonical name). */
  name: string;
  /** Crawl names: the versions that have it. */
  versions?: readonly CrawlVersion[];
}

interface Entry extends Named {
  ref: NameRef;
}

/** What players call things that the tables spell out ("lembas", "regen" is a ring, not here). */
const EXTRA_ALIASES: Partial<Record<NameKind, Record<string, string[]>>> = {
  nhFood: {
    'lembas wafer': ['lembas'],
    'cram ration': ['cram'],
    'tripe ration': ['tripe'],
    'sprig of wolfsbane': ['wolfsbane'],
    'clove of garlic': ['garlic'],
    'lump of royal jelly': ['royal jelly'],
    'eucalyptus leaf': ['eucalyptus'],
    'kelp frond': ['kelp'],
  },
  pet: { housecat: ['cat', 'house cat'], 'little dog': ['puppy'] },
  petItem: {
    'lembas wafer': ['lembas'],
    'cram ration': ['cram'],
    'tripe ration': ['tripe'],
    'sprig of wolfsbane': ['wolfsbane'],
    'clove of garlic': ['garlic'],
    'lump of royal jelly': ['royal jelly'],
  },
  crawlSpecies: {
    'Deep Dwarf': ['dd'],
    Vampire: ['vamp'],
    Octopode: ['octo', 'octopus'],
    Draconian: ['draco'],
    Minotaur: ['mino'],
    Demonspawn: ['ds'],
    'Vine Stalker': ['vs'],
  },
  crawlFood: { 'potion of porridge': ['porridge'] },
};

// ---- the lists --------------------------------------------------------------------------

function withExtras(kind: NameKind, name: string, aliases: readonly string[] = []): string[] {
  return [...aliases, ...(EXTRA_ALIASES[kind]?.[name] ?? [])];
}

function petEntries(): Entry[] {
  const count = new Map<string, number>();
  for (const m of MONSTERS) count.set(m.name, (count.get(m.name) ?? 0) + 1);
  // Same rule as /nethack pet's names: a duplicated name (were-creatures) carries its symbol,
  // and the bare name means the animal form.
  return MONSTERS.map((m) => {
    const dup = (count.get(m.name) ?? 0) > 1;
    const name = dup ? `${m.name} (${m.symbol})` : m.name;
    const aliases = dup && m.symbol !== '@' ? [m.name] : [];
    return { name, aliases: withExtras('pet', name, aliases), ref: { kind: 'pet' as const, name } };
  });
}

function crawlEntries(kind: 'crawlSpecies' | 'crawlFood' | 'crawlAbility'): Entry[] {
  const byName = new Map<string, { aliases: Set<string>; versions: CrawlVersion[] }>();
  for (const v of CRAWL_VERSIONS) {
    const rows =
      kind === 'crawlSpecies'
        ? speciesList(v).map((s) => ({
            name: s.name,
            aliases: [s.id.replace(/^SP_/, '').replace(/_/g, ' ').toLowerCase()],
          }))
        : kind === 'crawlFood'
          ? foodItems(v).map((f) => ({ name: f.name, aliases: f.aliases }))
          : abilityItems(v).map((a) => ({ name: a.name, aliases: a.aliases }));
    for (const r of rows) {
      const e = byName.get(r.name) ?? { aliases: new Set<string>(), versions: [] };
      r.aliases.forEach((a) => {
        e.aliases.add(a);
      });
      e.versions.push(v);
      byName.set(r.name, e);
    }
  }
  return [...byName].map(([name, e]) => ({
    name,
    aliases: withExtras(kind, name, [...e.aliases]),
    ref: { kind, name, versions: e.versions },
  }));
}

let lists: Record<NameKind, Entry[]> | null = null;

/** Every name list, built once. */
export function nameLists(): Record<NameKind, Entry[]> {
  lists ??= {
    nhFood: foodNames().map((f) => ({
      name: f.name,
      aliases: withExtras('nhFood', f.name, f.aliases),
      ref: { kind: 'nhFood', name: f.name },
    })),
    pet: petEntries(),
    // "will my dog eat a lichen": a corpse is called by its monster's name, as /nethack meal allows.
    petItem: PET_ITEMS.map((i) => ({
      name: i.name,
      aliases: withExtras('petItem', i.name, [
        ...(i.aliases ?? []),
        ...(i.name.endsWith(' corpse') ? [i.name.slice(0, -7)] : []),
      ]),
      ref: { kind: 'petItem', name: i.name },
    })),
    nhSpell: spellNames().map((n) => ({ name: n, ref: { kind: 'nhSpell', name: n } })),
    crawlSpecies: crawlEntries('crawlSpecies'),
    crawlFood: crawlEntries('crawlFood'),
    crawlAbility: crawlEntries('crawlAbility'),
  };
  return lists;
}

// ---- exact mentions, word by word ---------------------------------------------------------

interface Phrase {
  words: string[];
  refs: NameRef[];
}

let index: Map<string, Phrase[]> | null = null;

function phraseIndex(): Map<string, Phrase[]> {
  if (index) return index;
  const byKey = new Map<string, Phrase>();
  for (const entries of Object.values(nameLists())) {
    for (const e of entries) {
      for (const spelling of [e.name, ...(e.aliases ?? [])]) {
        const words = tokenize(spelling).map((t) => t.text);
        if (words.length === 0) continue;
        const key = words.join(' ');
        const p = byKey.get(key) ?? { words, refs: [] };
        if (!p.refs.some((r) => r.kind === e.ref.kind && r.name === e.ref.name)) p.refs.push(e.ref);
        byKey.set(key, p);
      }
    }
  }
  index = new Map();
  for (const p of byKey.values()) {
    const list = index.get(p.words[0]!) ?? [];
    list.push(p);
    index.set(p.words[0]!, list);
  }
  return index;
}

/** A word matches a name's word as written or as the singular of a plural. */
export function wordMatches(typed: string, word: string): boolean {
  return typed === word || singulars(typed).includes(word);
}

/** The longest name starting at `words[i]`, with every thing it can name. */
export function nameAt(words: readonly string[], i: number): { length: number; refs: NameRef[] } | null {
  const first = words[i]!;
  const candidates = [first, ...singulars(first)].flatMap((w) => phraseIndex().get(w) ?? []);
  let best: { length: number; refs: NameRef[] } | null = null;
  for (const p of candidates) {
    if (i + p.words.length > words.length) continue;
    if (!p.words.every((w, k) => wordMatches(words[i + k]!, w))) continue;
    if (!best || p.words.length > best.length) best = { length: p.words.length, refs: [...p.refs] };
    else if (p.words.length === best.length) for (const r of p.refs) if (!best.refs.includes(r)) best.refs.push(r);
  }
  return best;
}

// ---- the adapter over the shared resolver ---------------------------------------------------

export type Lookup<T> =
  | { kind: 'found'; item: T; corrected: boolean }
  | { kind: 'ambiguous'; candidates: T[] }
  | { kind: 'none' };

/** How many typing mistakes a word of this length may carry and still be read as a name. */
export function typoBudget(length: number): number {
  if (length < 4) return 0;
  if (length <= 5) return 1;
  if (length <= 9) return 2;
  return 3;
}

/**
 * The one place the parser calls the shared resolver. A name is accepted when the resolver
 * accepts it and it is either exact or a plain typo of a name (not a loose prefix or substring
 * match: "ration" must not silently become "food ration"); otherwise the close names come back.
 */
export function lookupName<T extends Named>(query: string, items: readonly T[]): Lookup<T> {
  const q = normalizeName(query);
  if (!q) return { kind: 'none' };
  const m = matchName(query, items);
  switch (m.kind) {
    case 'exact':
    case 'loose':
      return { kind: 'found', item: m.item, corrected: false };
    case 'fuzzy': {
      // Players mistype the middle of a name, rarely its first letter ("wearing" is no "healing").
      const sameStart = [m.item.name, ...(m.item.aliases ?? [])].some((n) => normalizeName(n)[0] === q[0]);
      // Free text holds many words that are no names: allow fewer edits than a name option does.
      const hit = rank(query, [m.item], 1)[0];
      const withinBudget = !!hit && hit.score >= 4 && Math.floor(hit.score - 4) <= typoBudget(q.length);
      return sameStart && withinBudget ? { kind: 'found', item: m.item, corrected: true } : { kind: 'none' };
    }
    case 'prefix':
      // A loose match (a prefix, a word inside a longer name) is a question, not an answer.
      return { kind: 'ambiguous', candidates: [m.item] };
    case 'ambiguous':
      return { kind: 'ambiguous', candidates: m.candidates.slice(0, 8) };
    case 'unknown': {
      const close = rank(query, items, 5).filter((r) => r.score < 4 || r.score - 4 <= typoBudget(q.length));
      return close.length > 1 ? { kind: 'ambiguous', candidates: close.map((r) => r.item) } : { kind: 'none' };
    }
  }
}

/** A typed run of words that is no known word: the names of each kind it may be (typos allowed). */
export function fuzzyName(text: string, kinds: readonly NameKind[]): { refs: NameRef[]; ambiguous: NameRef[] } {
  const refs: NameRef[] = [];
  const ambiguous: NameRef[] = [];
  for (const kind of kinds) {
    const r = lookupName(text, nameLists()[kind]);
    if (r.kind === 'found') refs.push(r.item.ref);
    else if (r.kind === 'ambiguous') ambiguous.push(...r.candidates.map((c) => c.ref));
  }
  return { refs, ambiguous };
}
