// Counters the fault and fuzz suite keeps for its closing note. Each test file records its own
// and writes them to the directory test/setup/figures.ts provides; the totals print at the end.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { basename } from 'node:path';
import { inject } from 'vitest';

export const FIGURE_NAMES = [
  'payloads fuzzed',
  'faults injected',
  'acknowledged updates',
  'acknowledged updates lost',
  'private replies made public',
  'requests past their deadline',
  '5xx responses',
  'Discord limit violations',
] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];
export type Figures = Record<FigureName, number>;

/** One file's figures; `save()` writes them (call it in afterAll). */
export function figures(testFile: string) {
  const counts = Object.fromEntries(FIGURE_NAMES.map((n) => [n, 0])) as Figures;
  return {
    counts,
    add(name: FigureName, n = 1) {
      counts[name] += n;
    },
    save() {
      const dir = inject('figuresDir');
      if (dir) writeFileSync(join(dir, `${basename(testFile)}.json`), JSON.stringify(counts));
    },
  };
}
