// Chart render speed: full PNG renders of typical forecasts, against baselines measured in the
// same run (building the SVG string alone, and rendering a chart with no series).
import { buildNutritionChartSvg, nethackBands, crawlBands, renderNutritionChart, type NutritionChartInput } from '../src/chart/index.ts';

export const title = 'Chart render';

const ITERATIONS = 40;
const WARMUP = 5;

function nethackForecast(n: number): NutritionChartInput {
  const points: { turn: number; nutrition: number }[] = [];
  let h = 900;
  const step = Math.max(1, Math.round(1000 / n));
  for (let i = 0; i < n; i++) {
    const turn = 20_000 + i * step;
    points.push({ turn, nutrition: h });
    h -= step * (turn % 20 === 0 ? 2 : 1);
    if (i === Math.floor(n / 3)) h += 800; // a meal
  }
  const cross = (v: number) => points.find((p) => p.nutrition <= v);
  const markers = (
    [
      [150, 'Hungry'],
      [50, 'Weak'],
      [0, 'Fainting'],
    ] as const
  ).flatMap(([v, label]) => {
    const p = cross(v);
    return p ? [{ ...p, label }] : [];
  });
  return { title: 'Forecast for Agnes the Valkyrie', footer: 'NetHack 3.6.7 · src/eat.c', points, bands: nethackBands(), markers, nowTurn: 20_000 };
}

function crawlForecast(n: number): NutritionChartInput {
  const points = Array.from({ length: n }, (_, i) => ({ turn: 50_000 + i, nutrition: Math.max(0, 5900 - Math.round(i * (6000 / n))) }));
  return { title: 'Crawl forecast', footer: 'Crawl 0.14.2 · food.h', points, bands: crawlBands('0.14'), nowTurn: 50_000 };
}

function measure(fn: () => number): { mean: number; p95: number; last: number } {
  let last = 0;
  for (let i = 0; i < WARMUP; i++) last = fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    last = fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
  return { mean, p95, last };
}

const ms = (n: number): number => Math.round(n * 100) / 100;

export async function run(): Promise<Record<string, string | number>[]> {
  const cases: [string, NutritionChartInput][] = [
    ['NetHack 200 points', nethackForecast(200)],
    ['NetHack 5,000 points', nethackForecast(5_000)],
    ['Crawl 5,000 points', crawlForecast(5_000)],
  ];
  const empty: NutritionChartInput = { title: 'Empty', footer: 'NetHack 3.6.7', points: [], bands: nethackBands() };
  const baseline = measure(() => renderNutritionChart(empty).length);

  const rows: Record<string, string | number>[] = [
    { case: 'baseline: empty chart PNG', iterations: ITERATIONS, mean_ms: ms(baseline.mean), p95_ms: ms(baseline.p95), png_bytes: baseline.last, vs_empty: 1 },
  ];
  for (const [name, input] of cases) {
    const svgOnly = measure(() => buildNutritionChartSvg(input).svg.length);
    const full = measure(() => renderNutritionChart(input).length);
    rows.push({
      case: `${name}: SVG build only`,
      iterations: ITERATIONS,
      mean_ms: ms(svgOnly.mean),
      p95_ms: ms(svgOnly.p95),
      svg_bytes: svgOnly.last,
      vs_empty: ms(svgOnly.mean / baseline.mean),
    });
    rows.push({
      case: `${name}: PNG render`,
      iterations: ITERATIONS,
      mean_ms: ms(full.mean),
      p95_ms: ms(full.p95),
      png_bytes: full.last,
      vs_empty: ms(full.mean / baseline.mean),
      target: full.p95 < 50 ? 'p95 < 50 ms: ok' : 'p95 ≥ 50 ms: SLOW',
    });
  }
  return rows;
}
