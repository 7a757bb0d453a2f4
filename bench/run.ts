// `npm run bench`: every bench/*.bench.ts module, each printing one table. Figures are
// reported against a baseline measured in the same run, never asserted by tests.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchModule {
  title: string;
  run(): Promise<Record<string, string | number>[]>;
}

function table(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '(no rows)';
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) => (v === undefined ? '' : typeof v === 'number' ? (Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(3)) : v);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(cell(r[c])).length)));
  const line = (vals: string[]) => '| ' + vals.map((v, i) => v.padEnd(widths[i]!)).join(' | ') + ' |';
  return [line(cols), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map((r) => line(cols.map((c) => String(cell(r[c])))))].join('\n');
}

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
console.log(`hungerbot bench — node ${process.version}, ${new Date().toISOString()}`);
for (const f of files) {
  const mod = (await import(pathToFileURL(join(here, f)).href)) as BenchModule;
  const started = performance.now();
  const rows = await mod.run();
  console.log(`\n## ${mod.title} (${f}, ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  console.log(table(rows));
}
