// Forecast charts: turn an engine's forecast into the chart's series, bands and markers. The
// series is the one the engine computed (`series: true`). src/kit/charts.ts renders the PNG on the
// worker pool, off the main thread.
import type { ForecastResult } from '../engine/nethack/index.ts';
import { seriesHorizon } from '../engine/nethack/series.ts';
import type { CrawlForecastResult } from '../engine/crawl/index.ts';
import { crawlBands, nethackBands } from './bands.ts';
import type { ChartMarker, ChartPoint, NutritionChartInput } from './types.ts';

const fmt = (n: number) => n.toLocaleString('en-US');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Show until a little past the last milestone, within 50..20,000 turns. */
export const chartHorizon = seriesHorizon;

/** The chart of a forecast computed with `series: true`: draws the curve the engine computed. */
export function nethackChartInput(f: ForecastResult, title: string): NutritionChartInput {
  if (!f.series?.length) throw new Error('nethackChartInput needs a forecast computed with series: true');
  const points: ChartPoint[] = f.series;
  const moves = f.input.moves;
  const end = points[points.length - 1]!.turn;
  const markers: ChartMarker[] = f.milestones
    .filter((m) => !m.already && !m.never)
    .map((m) =>
      m.exact && m.turns !== null
        ? { turn: m.moves!, nutrition: m.nutrition!, label: m.status }
        : m.turnsDistribution
          ? { turn: moves + Math.round(m.turnsDistribution.mean), nutrition: m.atOrBelow, label: `${m.status} (mean)` }
          : null,
    )
    .filter((m): m is ChartMarker => m !== null && m.turn <= end);
  return {
    title,
    footer: `NetHack ${f.version} · src/eat.c gethungry(), newuhs()${f.method === 'exact-cycle' ? '' : ' · expected burn'}`,
    points,
    bands: nethackBands(),
    markers,
    nowTurn: moves,
  };
}

/** Crawl: piecewise-linear through the forecast's expected milestones (vampires' rate changes on the way). */
export function crawlChartInput(r: CrawlForecastResult, title: string, start: number): NutritionChartInput {
  const reached = r.milestones
    .filter((m) => m.reachable && m.turns && m.turns.expected > 0 && m.target !== 'death')
    .sort((a, b) => a.turns!.expected - b.turns!.expected);
  const last = reached.length ? reached[reached.length - 1]!.turns!.expected : 0;
  const horizon = Math.min(50_000, chartHorizon(last));
  const points: ChartPoint[] = [{ turn: start, nutrition: r.start.value }];
  for (const m of reached)
    if (m.turns!.expected <= horizon)
      points.push({ turn: start + Math.round(m.turns!.expected), nutrition: m.atOrBelow });
  if (points.length === 1) {
    const rate = r.perAction.expected * (10 / (r.input.aut || 10));
    points.push({ turn: start + horizon, nutrition: Math.max(0, Math.round(r.start.value - rate * horizon)) });
  }
  const markers: ChartMarker[] = reached
    .filter((m) => m.turns!.expected <= horizon)
    .map((m) => ({
      turn: start + Math.round(m.turns!.expected),
      nutrition: m.atOrBelow,
      label: capitalize(String(m.target)),
    }));
  return {
    title,
    footer: `Crawl ${r.version} · food.cc, player.cc · expected turns`,
    points,
    bands: crawlBands(r.version),
    markers,
    nowTurn: start,
  };
}

export function horizonTitle(prefix: string, points: ChartPoint[]): string {
  const span = points.length ? points[points.length - 1]!.turn - points[0]!.turn : 0;
  return `${prefix} — next ${fmt(span)} turns`;
}
