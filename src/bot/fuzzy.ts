// Fuzzy name matching for autocomplete and for resolving what a user typed.
// Ranking: exact > prefix > word prefix > substring > small edit distance (Pinobot's
// Levenshtein cut-off idea), so "jackal corpse", "lembas" and "food ratoin" all land.
import { AUTOCOMPLETE_CHOICE_LIMIT, CHOICE_NAME_MAX, CHOICE_VALUE_MAX } from './limits.ts';
import { UserError } from '../errors.ts';
import type { Choice } from './types.ts';

export interface Named {
  /** Canonical name, used as the choice value. */
  name: string;
  /** Other spellings that should match (e.g. "ring of regeneration" for "regeneration"). */
  aliases?: readonly string[];
  /** Shown in the autocomplete list instead of the name (e.g. "food ration — 800 nutrition"). */
  label?: string;
}

export function normalizeName(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9+\-' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function levenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Lower is better; Infinity means no match. */
function score(query: string, candidate: string): number {
  if (!query) return 5;
  if (candidate === query) return 0;
  if (candidate.startsWith(query)) return 1 + candidate.length / 1000;
  const words = candidate.split(' ');
  if (words.some((w) => w.startsWith(query))) return 2 + candidate.length / 1000;
  if (candidate.includes(query)) return 3 + candidate.length / 1000;
  const qWords = query.split(' ');
  if (qWords.length > 1 && qWords.every((q) => words.some((w) => w.startsWith(q)))) return 3.5 + candidate.length / 1000;
  const max = query.length <= 4 ? 1 : query.length <= 8 ? 2 : 3;
  const d = levenshtein(query, candidate, max);
  if (d <= max) return 4 + d;
  // Typo inside one word of a longer name ("jakal corpse").
  if (qWords.length === words.length) {
    let total = 0;
    for (let i = 0; i < words.length; i++) {
      const wd = levenshtein(qWords[i]!, words[i]!, 2);
      if (wd > 2) return Infinity;
      total += wd;
    }
    if (total <= max) return 4 + total;
  }
  return Infinity;
}

export interface Ranked<T extends Named> {
  item: T;
  score: number;
  /** True when the match needed an edit-distance correction. */
  corrected: boolean;
}

export function rank<T extends Named>(query: string, items: readonly T[], limit = AUTOCOMPLETE_CHOICE_LIMIT): Ranked<T>[] {
  const q = normalizeName(query);
  const out: Ranked<T>[] = [];
  for (const item of items) {
    let best = score(q, normalizeName(item.name));
    for (const a of item.aliases ?? []) best = Math.min(best, score(q, normalizeName(a)) + 0.01);
    if (best < Infinity) out.push({ item, score: best, corrected: best >= 4 });
  }
  out.sort((x, y) => x.score - y.score || x.item.name.localeCompare(y.item.name));
  return out.slice(0, limit);
}

/** Autocomplete choices, within Discord's limits (25 choices, 100 characters). */
export function toChoices<T extends Named>(query: string, items: readonly T[]): Choice[] {
  return rank(query, items).map(({ item }) => ({
    name: (item.label ?? item.name).slice(0, CHOICE_NAME_MAX),
    value: item.name.slice(0, CHOICE_VALUE_MAX),
  }));
}

/**
 * Resolve what the user typed to one item. Exact (or alias) matches win; a single clear
 * fuzzy match is accepted; otherwise a UserError lists the closest names.
 */
export function resolveName<T extends Named>(query: string, items: readonly T[], what: string, code = `unknown_${what.replace(/\s+/g, '_')}`): T {
  const q = normalizeName(query);
  const exact = items.find((i) => normalizeName(i.name) === q || (i.aliases ?? []).some((a) => normalizeName(a) === q));
  if (exact) return exact;
  const ranked = rank(query, items, 5);
  const top = ranked[0];
  const second = ranked[1];
  if (top && top.score < 4 && (!second || second.score > top.score)) return top.item;
  if (top && top.corrected && (!second || second.score > top.score)) return top.item;
  const suggestions = ranked.map((r) => `\`${r.item.name}\``).join(', ');
  throw new UserError(
    `I don't know the ${what} "${query}".`,
    suggestions ? `Did you mean ${suggestions}? Pick one from the autocomplete list.` : `Start typing and pick a ${what} from the autocomplete list.`,
    code,
  );
}
