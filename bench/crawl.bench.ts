// Crawl engine speed: the heaviest calls (forecast by exact DP over the hunger value, the
// ability distribution) against a trivial baseline (the satiation level) in the same run.
import { crawlAbility, crawlForecast, crawlRate, crawlStatus } from '../src/engine/crawl/index.ts';

export const title = 'Crawl engine';

function time(label: string, iterations: number, f: () => unknown): Record<string, string | number> {
  for (let i = 0; i < Math.min(5, iterations); i++) f();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) f();
  const ms = (performance.now() - t0) / iterations;
  return { call: label, iterations, 'ms per call': ms };
}

export async function run(): Promise<Record<string, string | number>[]> {
  const rows = [
    time('baseline: crawlStatus 0.13 value 1000', 2000, () => crawlStatus('0.13', 1000)),
    time('crawlRate Troll + sustenance', 2000, () => crawlRate('0.13', { species: 'Troll', sustenanceRings: 1 })),
    time('crawlRate Human hasted + troll leather, 7 aut', 2000, () => crawlRate('0.14', { hasted: true, trollLeather: true, injured: true, aut: 7 })),
    time('crawlForecast Human 5900 (fixed food)', 200, () => crawlForecast('0.14', { value: 5900, hero: {} })),
    time('crawlForecast hasted Human 11900, 7 aut', 100, () => crawlForecast('0.14', { value: 11900, hero: { hasted: true }, aut: 7 })),
    time('crawlForecast Vampire 11900 (rate by thirst)', 100, () => crawlForecast('0.14', { value: 11900, hero: { species: 'Vampire' } })),
    time('crawlAbility Divine Vigour (F 600)', 200, () => crawlAbility('0.14', { name: 'Divine Vigour' })),
  ];
  const base = Number(rows[0]!['ms per call']);
  return rows.map((r) => ({ ...r, 'x baseline': Number(r['ms per call']) / base }));
}
