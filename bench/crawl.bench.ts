// Crawl engine calls in-process, against a trivial baseline (the satiation level), interleaved.
// The whole /crawl forecast command through the pool is forecast.bench.ts.
import { crawlAbility, crawlForecast, crawlRate, crawlStatus } from '../src/engine/crawl/index.ts';
import { interleave, ms, ratio, stats, type BenchResult, type Row } from './lib.ts';

export const title = 'Crawl engine calls in-process';

export async function run(): Promise<BenchResult> {
  const s = await interleave(
    [
      { name: 'crawlStatus 0.13 value 1000', op: () => crawlStatus('0.13', 1000) },
      { name: 'crawlRate Troll + sustenance', op: () => crawlRate('0.13', { species: 'Troll', sustenanceRings: 1 }) },
      {
        name: 'crawlRate Human hasted + troll leather, 7 aut',
        op: () => crawlRate('0.14', { hasted: true, trollLeather: true, injured: true, aut: 7 }),
      },
      { name: 'crawlForecast Human 5900', op: () => crawlForecast('0.14', { value: 5900, hero: {} }) },
      {
        name: 'crawlForecast Vampire 11900 (rate by thirst)',
        op: () => crawlForecast('0.14', { value: 11900, hero: { species: 'Vampire' } }),
      },
      {
        name: 'crawlForecast value 40000, rate 1, 1 aut',
        op: () => crawlForecast('0.13', { value: 40000, rate: 1, aut: 1 }),
      },
      { name: 'crawlAbility Divine Vigour (F 600)', op: () => crawlAbility('0.14', { name: 'Divine Vigour' }) },
    ],
    { warmup: 5, rounds: 5, perRound: 8 },
  );
  const base = stats(s.get('crawlStatus 0.13 value 1000')!);
  const rows: Row[] = [];
  for (const [name, samples] of s) {
    const st = stats(samples);
    rows.push({
      call: name === 'crawlStatus 0.13 value 1000' ? `baseline: ${name}` : name,
      'ms p50': ms(st.p50),
      'ms max': ms(st.max),
      vs_baseline: ratio(st.p50, base.p50),
    });
  }
  return { rows };
}
