// Throughput of the batch interface's pipeline (parse -> zod -> engine -> embed -> JSON), the
// path scripts use to check the engine at scale. Baseline: /help, which does no rules work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toJsonReply } from '../src/transport/console.ts';
import { createHarness } from '../test/helpers/harness.ts';

export const title = 'Batch (ask --json) throughput';

export async function run(): Promise<Record<string, string | number>[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-batch-'));
  const h = await createHarness({ storeUrl: `sqlite://${join(dir, 'batch.sqlite')}` });
  await h.ask('/hero new name:Bench');
  const cases: { name: string; lines: number; line: (i: number) => string }[] = [
    { name: 'baseline: /help', lines: 2000, line: () => '/help' },
    { name: '/nethack status', lines: 2000, line: (i) => `/nethack status nutrition:${(i % 2200) - 200}` },
    { name: '/hero wait turns:1 (SQLite write)', lines: 500, line: () => '/hero wait turns:1' },
  ];
  const rows: Record<string, string | number>[] = [];
  let base = 0;
  try {
    for (const c of cases) {
      for (let i = 0; i < 50; i++) JSON.stringify(toJsonReply(await h.ask(c.line(i)), dir)); // warm up
      const t = performance.now();
      for (let i = 0; i < c.lines; i++) JSON.stringify(toJsonReply(await h.ask(c.line(i)), dir));
      const ms = (performance.now() - t) / c.lines;
      base ||= ms;
      rows.push({ case: c.name, lines: c.lines, ms_per_line: ms, lines_per_s: Math.round(1000 / ms), vs_baseline: `${(ms / base).toFixed(2)}x` });
    }
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
