// Citations: every rule the engine applies carries one, and every reply shows them.
// Links are pinned to release tags (never a moving branch), so a citation keeps
// pointing at the code that was actually read.

export type Game = 'nethack' | 'crawl';

export const NETHACK_VERSIONS = ['3.6.7', '3.4.3', '5.0'] as const;
export type NethackVersion = (typeof NETHACK_VERSIONS)[number];
export const DEFAULT_NETHACK_VERSION: NethackVersion = '3.6.7';

export const CRAWL_VERSIONS = ['0.13', '0.14', '0.15'] as const;
export type CrawlVersion = (typeof CRAWL_VERSIONS)[number];
export const DEFAULT_CRAWL_VERSION: CrawlVersion = '0.13';

export interface Citation {
  game: Game;
  /** Game version the cited code belongs to, e.g. "3.6.7" or "0.14". */
  version: string;
  /** Path inside the game's repository, e.g. "src/eat.c" or "crawl-ref/source/food.cc". */
  file: string;
  /** Function or table, e.g. "gethungry()". */
  symbol?: string;
  /** Line number at the pinned tag, when known. */
  line?: number;
  /** What this citation supports, in a few words. */
  note?: string;
}

/**
 * Git refs the links point at, each the exact code that was read, never a moving branch.
 * 3.4.3: the commit "NetHack 3.4.3" (ad815fc) of Vanilla-NetHack/NetHack-3.4.3, whose master has
 * since moved on to 3.6.0. 5.0 has no tag: the release commit of nethackathon/nethackathon-nethack.
 */
export const NETHACK_343_COMMIT = 'ad815fc0428aa652d64f33e0f407242be7930fb1';
const NETHACK_REFS: Record<string, { repo: string; ref: string }> = {
  '3.6.7': { repo: 'NetHack/NetHack', ref: 'NetHack-3.6.7_Released' },
  '3.4.3': { repo: 'Vanilla-NetHack/NetHack-3.4.3', ref: NETHACK_343_COMMIT },
  '5.0': { repo: 'nethackathon/nethackathon-nethack', ref: '16ff59115315917b93185d026aeefea06db9b0f4' },
};
/** The Crawl release tags every Crawl citation and footer points at: the one map of them. */
export const CRAWL_TAGS: Record<CrawlVersion, string> = { '0.13': '0.13.2', '0.14': '0.14.2', '0.15': '0.15.2' };

export function nethackCite(
  file: string,
  symbol?: string,
  opts: { version?: NethackVersion; line?: number; note?: string } = {},
): Citation {
  return {
    game: 'nethack',
    version: opts.version ?? DEFAULT_NETHACK_VERSION,
    file,
    symbol,
    line: opts.line,
    note: opts.note,
  };
}

export function crawlCite(
  version: CrawlVersion,
  file: string,
  symbol?: string,
  opts: { line?: number; note?: string } = {},
): Citation {
  const path = file.startsWith('crawl-ref/') ? file : `crawl-ref/source/${file}`;
  return { game: 'crawl', version, file: path, symbol, line: opts.line, note: opts.note };
}

/** The release tag (or commit) a citation's version is pinned to. */
export function citationRef(c: Citation): string {
  if (c.game === 'nethack') return NETHACK_REFS[c.version]?.ref ?? c.version;
  return CRAWL_TAGS[c.version as CrawlVersion] ?? c.version;
}

/** The tag or commit as a reply's footer shows it: commits shortened to 7 characters. */
export function shortRef(c: Citation): string {
  const ref = citationRef(c);
  return /^[0-9a-f]{40}$/.test(ref) ? ref.slice(0, 7) : ref;
}

/** The Crawl release tag a version is read from (0.13 -> 0.13.2): the one map of tags. */
export function crawlTag(version: CrawlVersion): string {
  return CRAWL_TAGS[version];
}

export function citationUrl(c: Citation): string {
  const anchor = c.line ? `#L${c.line}` : '';
  if (c.game === 'nethack') {
    const r = NETHACK_REFS[c.version] ?? NETHACK_REFS['3.6.7']!;
    return `https://github.com/${r.repo}/blob/${r.ref}/${c.file}${anchor}`;
  }
  return `https://github.com/crawl/crawl/blob/${citationRef(c)}/${c.file}${anchor}`;
}

/** `src/eat.c newuhs()` (3.6.7) — the short form players read in a reply. */
export function citationText(c: Citation): string {
  const where = c.line ? `${c.file}:${c.line}` : c.file;
  return `${where}${c.symbol ? ` ${c.symbol}` : ''}`;
}

/** Drop repeated citations (same file, symbol and version), keeping the first's note. */
export function uniqueCitations(list: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const c of list) {
    const key = `${c.game}|${c.version}|${c.file}|${c.symbol ?? ''}|${c.line ?? ''}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(c);
    }
  }
  return out;
}
