// Shared by the corpus tests: load a JSONL set of questions and score the parser on it. A
// question is read exactly when its readings, in order, are the expected command lines
// (compared as parsed invocations, so option order and quoting do not matter).
import { readFileSync } from 'node:fs';
import { commands } from '../../commands/index.ts';
import { catalogFrom } from '../../src/ask/catalog.ts';
import { parseQuestion } from '../../src/ask/parse.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { parseCommandLine } from '../../src/pipeline/commandLine.ts';

export interface CorpusRow {
  q: string;
  /** One reading, or several in order; a reading of two commands joins them with " ; ". */
  expect: string | string[];
}

export const registry = new Registry(commands);
export const catalog = catalogFrom(commands.filter((c) => c.definition.name !== 'ask'));

export function loadCorpus(path: string): CorpusRow[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CorpusRow);
}

export const expectedReadings = (row: CorpusRow) => (Array.isArray(row.expect) ? row.expect : [row.expect]);

/** A reading as a comparable value: each command's path and options (values as strings). */
export function canonical(reading: string): string {
  return reading
    .split(' ; ')
    .map((line) => {
      const p = parseCommandLine(line, registry);
      const options = Object.entries(p.options)
        .map(([k, v]) => [k, String(v)])
        .sort();
      return JSON.stringify([p.commandName, p.group ?? null, p.subcommand ?? null, options]);
    })
    .join(' ; ');
}

export interface Score {
  exact: number;
  total: number;
  failures: { q: string; want: string[]; got: string[] }[];
}

export function score(rows: readonly CorpusRow[]): Score {
  const failures: Score['failures'] = [];
  for (const row of rows) {
    const got = parseQuestion(row.q, catalog).readings.map((r) => r.lines.join(' ; '));
    const want = expectedReadings(row);
    const same = got.length === want.length && got.every((g, i) => canonical(g) === canonical(want[i]!));
    if (!same) failures.push({ q: row.q, want, got });
  }
  return { exact: rows.length - failures.length, total: rows.length, failures };
}

export function report(name: string, s: Score): string {
  const lines = [`${name}: ${s.exact}/${s.total} read exactly (${((100 * s.exact) / s.total).toFixed(1)}%)`];
  for (const f of s.failures)
    lines.push(`  ✗ ${f.q}\n      want ${f.want.join(' || ')}\n      got  ${f.got.join(' || ') || '(nothing)'}`);
  return lines.join('\n');
}
