// Typed access to the tables in src/data/crawl/ (extracted from the release tags 0.13.2,
// 0.14.2 and 0.15.2 by scripts/extract-crawl.mjs; see that folder's README), and the
// citation helper that pins every rule to its line at the version's tag.
import foodsJson from '../../data/crawl/foods.json' with { type: 'json' };
import abilitiesJson from '../../data/crawl/abilities.json' with { type: 'json' };
import speciesJson from '../../data/crawl/species.json' with { type: 'json' };
import linesJson from '../../data/crawl/lines.json' with { type: 'json' };
import { crawlCite, type Citation } from '../cite.ts';
import type { CrawlVersion } from './versions.ts';

export interface FoodRow {
  /** Enum name in itemprop-enum.h, e.g. FOOD_BREAD_RATION. */
  id: string;
  name: string;
  value: number;
  carnMod: number;
  herbMod: number;
  /** Mass in tenths of aum. */
  mass: number;
  /** Player actions spent eating (Food_prop turns). */
  turns: number;
  line: number;
}

export interface AbilityRow {
  id: string;
  name: string;
  mp: string;
  hp: string;
  /** Base food cost F (null when the table entry is not a plain number). */
  food: number | null;
  flags: string;
  line: number;
}

export interface SpeciesMutation {
  level: number;
  line: number;
}

export interface SpeciesRow {
  id: string;
  name: string;
  /** False for species that release builds (VER_FINAL) do not offer: Lava Orc, Djinni. */
  selectable: boolean;
  undead: 'US_ALIVE' | 'US_UNDEAD' | 'US_HUNGRY_DEAD' | 'US_SEMI_UNDEAD';
  undeadLine?: number;
  caseLine?: number;
  mutations: Partial<Record<string, SpeciesMutation>>;
}

interface LineRef {
  file: string;
  symbol: string;
  line: number;
}

export const CRAWL_SOURCE: Record<CrawlVersion, { tag: string; commit: string }> = foodsJson.source as Record<
  CrawlVersion,
  { tag: string; commit: string }
>;

export const FOODS: Record<CrawlVersion, readonly FoodRow[]> = foodsJson.versions as Record<CrawlVersion, FoodRow[]>;
export const ABILITIES: Record<CrawlVersion, readonly AbilityRow[]> = abilitiesJson.versions as Record<
  CrawlVersion,
  AbilityRow[]
>;
export const SPECIES: Record<
  CrawlVersion,
  { speciesOrderLine: number; giveBasicMutationsLine: number; list: readonly SpeciesRow[] }
> = speciesJson.versions as unknown as Record<
  CrawlVersion,
  { speciesOrderLine: number; giveBasicMutationsLine: number; list: SpeciesRow[] }
>;

const LINES = linesJson.lines as unknown as Record<string, Partial<Record<CrawlVersion, LineRef>>>;

export type LineKey = keyof typeof linesJson.lines;

/** Where a rule sits at this version's tag (file relative to crawl-ref/source/). */
export function lineOf(version: CrawlVersion, key: LineKey): LineRef {
  const ref = LINES[key]?.[version];
  if (!ref) throw new Error(`no cited line ${String(key)} in Crawl ${version}`);
  return ref;
}

export function hasLine(version: CrawlVersion, key: LineKey): boolean {
  return Boolean(LINES[key]?.[version]);
}

/** A citation for a rule, pinned to the line at the version's tag. */
export function cc(version: CrawlVersion, key: LineKey, note?: string): Citation {
  const ref = lineOf(version, key);
  return crawlCite(version, ref.file, ref.symbol, { line: ref.line, note });
}

/** A citation for a raw file line (data table rows). */
export function ccLine(version: CrawlVersion, file: string, symbol: string, line: number, note?: string): Citation {
  return crawlCite(version, file, symbol, { line, note });
}
