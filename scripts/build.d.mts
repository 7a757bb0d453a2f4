// Types of scripts/build.mjs for the tests and benches that import it.
export const ROOT: string;
export const DIST: string;
/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason(): string | null;
/** The Node.js flags of `npm start` (scripts/start.sh's NODE_FLAGS). */
export function startFlags(): string[];
/** The snapshot's file name in dist/ for a Node.js build (default: this one). */
export function snapshotName(version?: string, platform?: string, arch?: string): string;
/** Builds dist/ (and the start-up snapshot); returns how many input files it recorded. */
export function build(): Promise<number>;
/** Rebuilds when stale; true when it did. */
export function ensureBuilt(): Promise<boolean>;
