// Types for the parts of scripts/extract-nethack.mjs the test suite uses.
export interface ParsedTables {
  source: {
    game: string;
    repo: string;
    ref: string;
    tag?: string;
    commit: string | null;
    defines: string[];
    files: string[];
  };
  constants: Record<string, Record<string, number | string>>;
  monsyms: Record<string, string>;
  undeadToCorpse: Record<string, string>;
  grownups: [string, string][];
  monsters: Record<string, unknown>[];
  objects: Record<string, unknown>[];
}
export type SourceRead = ((path: string) => string) & { exists(path: string): boolean; commit: string | null };
export const VERSIONS: Record<
  string,
  { game: string; repo: string; rev: string; tag: string | null; defines: string[] }
>;
export function parseVersion(version: string, read: SourceRead): ParsedTables;
export function deriveTables(
  parsed: ParsedTables,
  version: string,
): { monsters: Record<string, unknown>; objects: Record<string, unknown> };
export function formatJson(obj: unknown): string;
export function checkVersion(version: string): string[];
export function dataDir(version: string): string;
export function gitReader(gitDir: string, rev: string): SourceRead;
