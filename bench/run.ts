// `npm run bench`: every bench/*.bench.ts module, each printing one table, then the table of
// targets with pass/fail. `npm run bench -- chart http` runs only the modules whose file name
// contains one of the words. Every figure is reported against a baseline measured in the same
// run, warmed up and interleaved with it (bench/lib.ts); tests never assert speed. Each module runs
// in a process of its own: one bench's heap (caches, garbage) must not tax another's figures.
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchResult, Row, Target } from './lib.ts';

interface BenchModule {
  title: string;
  run(): Promise<Row[] | BenchResult>;
}

function table(rows: Row[]): string {
  if (rows.length === 0) return '(no rows)';
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) =>
    v === undefined ? '' : typeof v === 'number' ? (Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(3)) : v;
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(cell(r[c])).length)));
  const line = (vals: string[]) => '| ' + vals.map((v, i) => v.padEnd(widths[i]!)).join(' | ') + ' |';
  return [
    line(cols),
    '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|',
    ...rows.map((r) => line(cols.map((c) => String(cell(r[c]))))),
  ].join('\n');
}

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (files.length === 0) {
  console.error(
    `no bench matches ${only.join(', ')}; the benches are: ${readdirSync(here)
      .filter((f) => f.endsWith('.bench.ts'))
      .join(', ')}`,
  );
  process.exit(2);
}
/** Runs one module in this process and sends its title and result to the parent. */
async function runHere(f: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(here, f)).href)) as BenchModule;
  const out = await mod.run();
  const result: BenchResult = Array.isArray(out) ? { rows: out } : out;
  await new Promise<void>((resolve, reject) =>
    process.send!({ title: mod.title, result }, (e: Error | null) => (e ? reject(e) : resolve())),
  );
}

/** One module in a child process (the same Node.js flags and TypeScript loader as this one). */
function runApart(f: string): Promise<{ title: string; result: BenchResult }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--one', f], { execArgv: process.execArgv });
    let answer: { title: string; result: BenchResult } | undefined;
    child.on('message', (m) => (answer = m as { title: string; result: BenchResult }));
    child.on('error', reject);
    child.on('exit', (code) =>
      answer ? resolve(answer) : reject(new Error(`bench ${f} exited with code ${code} before reporting`)),
    );
  });
}

const oneAt = process.argv.indexOf('--one');
if (oneAt >= 0) {
  await runHere(process.argv[oneAt + 1]!);
  process.exit(0);
}

const started = performance.now();
const machine = `${availableParallelism()} cores (${cpus()[0]?.model ?? '?'})`;
console.log(`hungerbot bench — node ${process.version}, ${machine}, ${new Date().toISOString()}`);
const targets: (Target & { bench: string })[] = [];
for (const f of files) {
  const t0 = performance.now();
  const { title, result } = await runApart(f);
  console.log(`\n## ${title} (${f}, ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  console.log(table(result.rows));
  for (const n of result.notes ?? []) console.log(`\n${n}`);
  targets.push(...(result.targets ?? []).map((t) => ({ ...t, bench: f.replace('.bench.ts', '') })));
}
if (targets.length > 0) {
  console.log(`\n## Targets\n`);
  console.log(
    table(
      targets.map((t) => ({
        bench: t.bench,
        target: t.target,
        measured: t.measured,
        result: t.pass === null ? 'skipped' : t.pass ? 'pass' : 'FAIL',
      })),
    ),
  );
  const failed = targets.filter((t) => t.pass === false).length;
  const skipped = targets.filter((t) => t.pass === null).length;
  const tail = `${failed ? `, ${failed} fail` : ''}${skipped ? `, ${skipped} skipped` : ''}`;
  console.log(`\n${targets.length - failed - skipped} of ${targets.length} targets pass${tail}.`);
}
console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
