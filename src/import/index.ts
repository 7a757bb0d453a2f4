// Public API of the importers: one entry point that recognises the pasted text, plus each parser.
// Pure TypeScript (no Discord import): the /hero import command shows the result, with its
// assumptions, and asks the user to confirm before it creates or updates a hero.
import type { CrawlVersion, NethackVersion } from '../engine/cite.ts';
import { splitLines, unrecognized } from './common.ts';
import { importCrawlDump, looksLikeCrawlDump } from './crawlDump.ts';
import { importNethackBottomLine } from './nethackBottomLine.ts';
import { importNethackDumplog, looksLikeDumplog } from './nethackDumplog.ts';
import { findStatusLines } from './nethackStatus.ts';
import type { ImportKind, ImportResult } from './types.ts';

export interface ImportOptions {
  /** Which game the user says it is; text from the other game is then refused. */
  game?: 'nethack' | 'crawl';
  /** The version the user says; checked against the text. */
  nethackVersion?: NethackVersion;
  crawlVersion?: CrawlVersion;
}

/** What kind of text this is, without parsing it fully (null: none of them). */
export function detectImport(text: string): ImportKind | null {
  const lines = splitLines(text);
  if (looksLikeCrawlDump(lines)) return 'crawl-dump';
  if (looksLikeDumplog(lines)) return 'nethack-dumplog';
  if (findStatusLines(lines)) return 'nethack-bottom-line';
  return null;
}

/**
 * Read a NetHack bottom line, a NetHack 3.6/5.0 dumplog or a DCSS 0.13-0.15 character dump.
 * Throws a UserError: `unrecognized_import` (none of those), `malformed_import` (recognised but
 * inconsistent or incomplete), `unsupported_version`, `import_too_long`, or an engine code such as
 * `unknown_species`.
 */
export function importText(text: string, opts: ImportOptions = {}): ImportResult {
  if (!text.trim()) throw unrecognized('the text is empty.');
  const kind = detectImport(text);
  if (!kind) throw unrecognized('no NetHack status line, dumplog or DCSS dump header in it.');
  const game = kind === 'crawl-dump' ? 'crawl' : 'nethack';
  if (opts.game && opts.game !== game) {
    throw unrecognized(
      `this looks like a ${game === 'crawl' ? 'DCSS character dump' : 'NetHack text'}, not ` +
        `${opts.game === 'crawl' ? 'DCSS' : 'NetHack'}.`,
    );
  }
  if (kind === 'crawl-dump') return importCrawlDump(text, { version: opts.crawlVersion });
  if (kind === 'nethack-dumplog') return importNethackDumplog(text, { version: opts.nethackVersion });
  return importNethackBottomLine(text, { version: opts.nethackVersion });
}

export { importCrawlDump, importNethackBottomLine, importNethackDumplog };
export { nethackHungerAssumption, crawlHungerAssumption, MAX_IMPORT_CHARS } from './common.ts';
export { rankOf, ROLE_RANKS } from './ranks.ts';
export type * from './types.ts';
