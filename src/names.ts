// The one name resolver for every name a player types (foods, corpses, items, rings, amulets,
// pets, species, spells, abilities, roles), used by the commands and the engines alike (a base
// layer: it imports only errors.ts and Node). The rules, in order:
//   1. exact (case and spacing aside) on a name or alias: used silently;
//   2. equal once punctuation is ignored ("c ration" = "C-ration"): used, and reported;
//   3. a unique prefix ("lemb", "ring of regen"), or unique word prefixes ("jack corp"): used silently;
//   4. a spelling correction, only when it is clearly the best ("food ratoin"): used, and reported;
//   5. otherwise several candidates (an AmbiguousNameError listing them) or none (suggestions).
// "Reported" readings reach the reply without threading them through every handler: the
// pipeline opens a per-invocation scope (AsyncLocalStorage) and prints what was noted in it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isErrorCode, UserError, type ErrorCode } from './errors.ts';

export interface Named {
  /** Canonical name, used as the choice value and in replies. */
  name: string;
  /** Other spellings that should match (e.g. "regeneration" for "ring of regeneration"). */
  aliases?: readonly string[];
  /** Shown in the autocomplete list instead of the name (e.g. "food ration — 800 nutrition"). */
  label?: string;
}

/** A name read differently from what was typed, for the reply's `read "c ration" as C-ration`. */
export interface NameReading {
  typed: string;
  as: string;
  /** What kind of name it was ("food", "ring", ...). */
  what: string;
}

// ---- normalisation ----------------------------------------------------------------------------

/** Lower case, no accents, single spaces; keeps + - ' (enchantments, "C-ration", "Trog's Hand"). */
export function normalizeName(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9+\-' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** normalizeName without punctuation: "C-ration" and "c ration" are the same loose name. */
export function looseName(s: string): string {
  return normalizeName(s).replace(/[-']+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Optimal string alignment distance (a transposition counts 1), or max + 1 past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The most edits a correction of a name this long may need. */
const editBudget = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

const keysOf = (item: Named) => [item.name, ...(item.aliases ?? [])];

/** Every query word is a prefix of a later word of the candidate, in order ("jack corp"). */
function wordPrefixes(query: string, candidate: string): boolean {
  const q = query.split(' ');
  const words = candidate.split(' ');
  let at = 0;
  for (const w of q) {
    while (at < words.length && !words[at]!.startsWith(w)) at++;
    if (at >= words.length) return false;
    at++;
  }
  return true;
}

/** Word by word distance when the word counts agree ("jakal corpse"), else whole-string distance. */
function distance(query: string, candidate: string): number {
  const budget = editBudget(query.length);
  const whole = editDistance(query, candidate, budget);
  const qw = query.split(' ');
  const cw = candidate.split(' ');
  if (qw.length !== cw.length || qw.length < 2) return whole;
  let sum = 0;
  for (let i = 0; i < qw.length; i++) sum += editDistance(qw[i]!, cw[i]!, 2);
  return Math.min(whole, sum);
}

// ---- matching ---------------------------------------------------------------------------------

export type NameMatch<T extends Named> =
  | { kind: 'exact' | 'prefix'; item: T }
  | { kind: 'loose' | 'fuzzy'; item: T }
  | { kind: 'ambiguous'; candidates: T[] }
  | { kind: 'unknown'; suggestions: T[] };

function distinct<T>(list: readonly T[]): T[] {
  return [...new Set(list)];
}

/** Shortest names first: "tin of soup" before "tin of spinach" in a list of candidates. */
const byLength = <T extends Named>(a: T, b: T) => a.name.length - b.name.length || a.name.localeCompare(b.name);

/** Match what the user typed against a list of names (no side effects; see resolveName). */
export function matchName<T extends Named>(query: string, items: readonly T[]): NameMatch<T> {
  const exact = normalizeName(query);
  if (!exact) return { kind: 'unknown', suggestions: [] };
  const hit = items.find((i) => keysOf(i).some((k) => normalizeName(k) === exact));
  if (hit) return { kind: 'exact', item: hit };

  const q = looseName(query);
  const loose = distinct(items.filter((i) => keysOf(i).some((k) => looseName(k) === q)));
  if (loose.length === 1) return { kind: 'loose', item: loose[0]! };
  if (loose.length > 1) return { kind: 'ambiguous', candidates: loose.sort(byLength) };

  const prefixed = distinct(items.filter((i) => keysOf(i).some((k) => looseName(k).startsWith(q))));
  if (prefixed.length === 1) return { kind: 'prefix', item: prefixed[0]! };
  // Names that themselves start with the text come first ("tin of soup" before "dried tin").
  const late = (x: T) => Number(!looseName(x.name).startsWith(q));
  const nameFirst = (a: T, b: T) => late(a) - late(b) || byLength(a, b);
  if (prefixed.length > 1) return { kind: 'ambiguous', candidates: prefixed.sort(nameFirst) };

  const worded = distinct(items.filter((i) => keysOf(i).some((k) => wordPrefixes(q, looseName(k)))));
  if (worded.length === 1) return { kind: 'prefix', item: worded[0]! };
  if (worded.length > 1) return { kind: 'ambiguous', candidates: worded.sort(byLength) };

  const scored = items
    .map((item) => ({ item, d: Math.min(...keysOf(item).map((k) => distance(q, looseName(k)))) }))
    .filter((s) => s.d <= editBudget(q.length))
    .sort((a, b) => a.d - b.d || byLength(a.item, b.item));
  const [best, second] = scored;
  // Clearly the best: no other name is as close (two edits away or more: at least one edit closer).
  if (best && (!second || second.d > best.d + (best.d >= 2 ? 1 : 0))) return { kind: 'fuzzy', item: best.item };
  return { kind: 'unknown', suggestions: rank(query, items, 5).map((r) => r.item) };
}

// ---- ranking (autocomplete and suggestions) -----------------------------------------------------

/** Lower is better; Infinity means no match. Exact > prefix > word prefix > substring > small typo. */
function score(query: string, candidate: string): number {
  if (!query) return 5;
  if (candidate === query) return 0;
  if (candidate.startsWith(query)) return 1 + candidate.length / 1000;
  if (candidate.split(' ').some((w) => w.startsWith(query))) return 2 + candidate.length / 1000;
  if (candidate.includes(query)) return 3 + candidate.length / 1000;
  if (query.includes(' ') && wordPrefixes(query, candidate)) return 3.5 + candidate.length / 1000;
  const d = distance(query, candidate);
  return d <= editBudget(query.length) ? 4 + d : Infinity;
}

export interface Ranked<T extends Named> {
  item: T;
  score: number;
}

/** Items ordered by how well they match (for autocomplete lists and "did you mean"). */
export function rank<T extends Named>(query: string, items: readonly T[], limit = 25): Ranked<T>[] {
  const q = looseName(query);
  const out: Ranked<T>[] = [];
  for (const item of items) {
    let best = score(q, looseName(item.name));
    for (const a of item.aliases ?? []) best = Math.min(best, score(q, looseName(a)) + 0.01);
    if (best < Infinity) out.push({ item, score: best });
  }
  out.sort((x, y) => x.score - y.score || x.item.name.localeCompare(y.item.name));
  return out.slice(0, limit);
}

// ---- the per-invocation scope of readings ------------------------------------------------------

let scope: AsyncLocalStorage<NameReading[]> | undefined;
/** Made on first use, not at load: the start-up snapshot (src/startSnapshot.ts) evaluates this module. */
const readingScope = (): AsyncLocalStorage<NameReading[]> => (scope ??= new AsyncLocalStorage<NameReading[]>());

// While enabled, AsyncLocalStorage's hooks run for every promise of the process, scope or not;
// they are turned off once no scope has been open for a moment (the next scope turns them on).
let openScopes = 0;
let idleTimer: NodeJS.Timeout | undefined;
const SCOPES_IDLE_MS = 1000;

function scopeClosed(): void {
  if (--openScopes > 0 || idleTimer) return;
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    if (openScopes === 0) readingScope().disable();
  }, SCOPES_IDLE_MS);
  idleTimer.unref();
}

/** Run `fn` with a fresh scope; returns its value and the names read differently meanwhile. */
export async function collectReadings<T>(fn: () => T | Promise<T>): Promise<{ value: T; readings: NameReading[] }> {
  const readings: NameReading[] = [];
  openScopes++;
  try {
    const value = await readingScope().run(readings, fn);
    return { value, readings };
  } finally {
    scopeClosed();
  }
}

/** Note a reading in the current scope (no scope: nobody is listening, e.g. a test calling an engine). */
export function noteReading(reading: NameReading): void {
  const list = readingScope().getStore();
  if (!list) return;
  if (!list.some((r) => r.typed === reading.typed && r.as === reading.as)) list.push(reading);
}

/** `read "c ration" as C-ration` */
export function readingText(r: NameReading): string {
  return `read "${r.typed}" as ${r.as}`;
}

// ---- resolving (throws the user errors) ----------------------------------------------------------

/** A name that fits several candidates equally well; the pipeline offers them as buttons. */
export class AmbiguousNameError extends UserError {
  constructor(
    readonly what: string,
    readonly typed: string,
    readonly candidates: readonly string[],
  ) {
    const shown = candidates.slice(0, 10);
    const more = candidates.length > shown.length ? ` and ${candidates.length - shown.length} more` : '';
    super(
      `"${typed}" could be ${candidates.length} ${what} names: ${shown.join(', ')}${more}.`,
      'Pick one below, or type more of the name.',
      'ambiguous_name',
    );
  }
}

function defaultCode(what: string): ErrorCode {
  const code = `unknown_${what.replace(/\s+/g, '_')}`;
  return isErrorCode(code) ? code : 'unknown_name';
}

export interface ResolveOptions {
  /** Error code when nothing matches (default `unknown_<what>` when that is a code, else unknown_name). */
  code?: ErrorCode;
  /** Hint when nothing matches and there is no suggestion. */
  hint?: string;
}

/**
 * Resolve what the user typed to one item, or throw: an AmbiguousNameError with the candidates,
 * or a UserError with the closest names. Punctuation-blind and spelling corrections are noted
 * in the current scope so the reply can say `read "c ration" as C-ration`.
 */
export function resolveName<T extends Named>(
  query: string,
  items: readonly T[],
  what: string,
  opts: ResolveOptions | ErrorCode = {},
): T {
  const o = typeof opts === 'string' ? { code: opts } : opts;
  const m = matchName(query, items);
  switch (m.kind) {
    case 'exact':
    case 'prefix':
      return m.item;
    case 'loose':
    case 'fuzzy':
      noteReading({ typed: query.trim(), as: m.item.name, what });
      return m.item;
    case 'ambiguous':
      throw new AmbiguousNameError(
        what,
        query.trim(),
        m.candidates.map((c) => c.name),
      );
    case 'unknown': {
      const suggestions = m.suggestions.map((s) => `\`${s.name}\``).join(', ');
      throw new UserError(
        `I don't know the ${what} "${query.trim()}".`,
        suggestions
          ? `Did you mean ${suggestions}?`
          : (o.hint ?? `Start typing and pick a ${what} from the autocomplete list.`),
        o.code ?? defaultCode(what),
      );
    }
  }
}
