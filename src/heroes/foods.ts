// The foods a hero carries, typed as a list: "2 food rations, blessed lembas wafer, 3 chunks,
// contaminated chunk". Each item is a count, an optional BUC (NetHack) or chunk kind (Crawl), and
// a food name through the one name resolver (plurals read as the singular). Pure.
import { UserError } from '../errors.ts';
import type { CrawlVersion, NethackVersion } from '../engine/cite.ts';
import { CHUNK_TYPES, type ChunkType } from '../engine/crawl/chunk.ts';
import { foodItems } from '../engine/crawl/food.ts';
import { foodNames } from '../engine/nethack/foods.ts';
import { matchName, resolveName, type Named } from '../names.ts';
import { MAX_CARRIED, type CrawlCarried, type NethackCarried } from './schema.ts';

const NETHACK_FOODS = foodNames();
const BUCS = ['blessed', 'uncursed', 'cursed'] as const;

/** "food rations" -> "food ration", "tins of spinach" -> "tin of spinach", "eggs" -> "egg". */
export function singulars(name: string): string[] {
  const out = [name];
  const of = /^(\S+?)(?:es|s) of (.+)$/i.exec(name);
  if (of) out.push(`${of[1]} of ${of[2]}`);
  if (/ies$/i.test(name)) out.push(name.replace(/ies$/i, 'y'));
  if (/es$/i.test(name)) out.push(name.replace(/es$/i, ''));
  if (/s$/i.test(name)) out.push(name.replace(/s$/i, ''));
  return out;
}

/** The name as typed or as a singular: a clean match first, else the resolver's own answer. */
function resolvePlural<T extends Named>(typed: string, items: readonly T[], what: string): T {
  for (const form of singulars(typed)) {
    const m = matchName(form, items);
    if (m.kind === 'exact' || m.kind === 'prefix') return m.item;
  }
  return resolveName(typed, items, what, { code: 'unknown_food' });
}

interface Piece {
  count: number;
  words: string[];
}

function pieces(text: string): Piece[] {
  const parts = text
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > MAX_CARRIED) {
    throw new UserError(
      `That is ${parts.length} foods; a hero keeps at most ${MAX_CARRIED} kinds.`,
      undefined,
      'invalid_option',
    );
  }
  return parts.map((p) => {
    const m = /^(?:(\d{1,3})\s*x?\s+|an?\s+)?(.+)$/i.exec(p)!;
    const count = m[1] ? Number(m[1]) : 1;
    if (count < 1) throw new UserError(`"${p}": a count must be at least 1.`, undefined, 'invalid_option');
    return { count, words: m[2]!.trim().split(/\s+/) };
  });
}

/** Same food twice in the list: one entry with both counts. */
function merge<F extends { name: string; count: number }>(list: F[], same: (a: F, b: F) => boolean): F[] {
  const out: F[] = [];
  for (const f of list) {
    const hit = out.find((o) => same(o, f));
    if (hit) hit.count = Math.min(999, hit.count + f.count);
    else out.push({ ...f });
  }
  return out;
}

export function parseNethackFoods(text: string, _version: NethackVersion): NethackCarried[] {
  const list = pieces(text).map(({ count, words }) => {
    const buc = (BUCS as readonly string[]).includes(words[0]!.toLowerCase())
      ? (words.shift()!.toLowerCase() as NethackCarried['buc'])
      : undefined;
    if (!words.length) throw new UserError(`"${buc}" needs a food after it.`, undefined, 'invalid_option');
    const name = resolvePlural(words.join(' '), NETHACK_FOODS, 'food').name;
    return { name, count, ...(buc ? { buc } : {}) };
  });
  return merge(list, (a, b) => a.name === b.name && a.buc === b.buc);
}

export function parseCrawlFoods(text: string, version: CrawlVersion): CrawlCarried[] {
  const items = foodItems(version);
  const list = pieces(text).map(({ count, words }) => {
    let rotten = false;
    if (words[0]?.toLowerCase() === 'rotten') (rotten = true), words.shift();
    const kind = CHUNK_TYPES.find((t) => t === words[0]?.toLowerCase());
    if (kind) words.shift();
    const name = resolvePlural(words.join(' ') || 'chunk', items, 'food').name;
    if (kind && name !== 'chunk')
      throw new UserError(`"${kind}" is a kind of chunk, not of ${name}.`, undefined, 'invalid_option');
    const chunkType: ChunkType | undefined = name === 'chunk' ? (kind ?? 'clean') : undefined;
    return { name, count, ...(chunkType ? { chunkType } : {}), ...(rotten ? { rotten } : {}) };
  });
  return merge(list, (a, b) => a.name === b.name && a.chunkType === b.chunkType && !!a.rotten === !!b.rotten);
}
