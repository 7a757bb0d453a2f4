// The fault and fuzz suite records what it did (payloads fuzzed, faults injected, and the counts
// that must stay 0) in one JSON file per test file; this setup gives them a directory and prints
// the totals at the end of the run, for the closing note.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import 'vitest';
import { FIGURE_NAMES, type Figures } from '../helpers/figures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    figuresDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-figures-'));
  project.provide('figuresDir', dir);
  return () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    if (files.length) {
      const total: Figures = Object.fromEntries(FIGURE_NAMES.map((n) => [n, 0])) as Figures;
      for (const f of files) {
        const figures = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Partial<Figures>;
        for (const n of FIGURE_NAMES) total[n] += figures[n] ?? 0;
      }
      const lines = FIGURE_NAMES.map((n) => `  ${n.padEnd(38)} ${total[n]}`);
      process.stdout.write(`\nFault and fuzz suite figures (${files.length} files):\n${lines.join('\n')}\n`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
