// Forecast charts: turn an engine's forecast into the PNG series, bands and markers. Used by
// /nethack forecast chart:true, /crawl forecast chart:true and /hero show. The series is built
// here (under a millisecond); the PNG is rendered on the worker pool, off the main thread.
import {
  advance,
  burnFlags,
  expectedPer20,
  isExact,
  type BurnProfile,
  type ForecastResult,
} from '../engine/nethack/index.ts';
import type { CrawlForecastResult } from '../engine/crawl/index.ts';
import type { FileSpec } from '../bot/types.ts';
import { crawlBands, nethackBands } from './bands.ts';
import { renderChartOffThread } from '../runtime/offload.ts';
import type { ChartMarker, ChartPoint, NutritionChartInput } from './types.ts';

const fmt = (n: number) => n.toLocaleString('en-US');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Show until a little past the last milestone, within 50..20,000 turns. */
export function chartHorizon(lastTurns: number | null): number {
  if (!lastTurns || lastTurns <= 0) return 1000;
  return Math.min(20_000, Math.max(50, Math.ceil((lastTurns * 1.1) / 10) * 10));
}

/** Nutrition over the next `horizon` turns: exact cycle arithmetic when the burn is fixed, else the expected burn. */
export function nethackSeries(
  nutrition: number,
  moves: number,
  profile: BurnProfile,
  horizon: number,
  attacksPerTurn = 0,
): ChartPoint[] {
  const exact = isExact(profile, burnFlags(profile));
  const per20 = expectedPer20(profile).reduce((a, r) => a + r.per20, 0) * (1 + attacksPerTurn);
  const step = Math.max(1, Math.floor(horizon / 1000));
  const points: ChartPoint[] = [];
  for (let t = 0; t <= horizon; t += step) {
    const n = exact
      ? advance(nutrition, moves, profile, t, attacksPerTurn).nutrition
      : Math.round(nutrition - (per20 * t) / 20);
    points.push({ turn: moves + t, nutrition: n });
  }
  return points;
}

export function nethackForecastChart(f: ForecastResult, opts: { title: string; fileName: string }): Promise<FileSpec> {
  return chartFile(opts, nethackChartInput(f, opts.title));
}

/** The chart of a NetHack forecast: exact series when the burn is fixed, expected otherwise. */
export function nethackChartInput(f: ForecastResult, title: string): NutritionChartInput {
  const last = Math.max(0, ...f.milestones.map((m) => (m.exact ? (m.turns ?? 0) : (m.turnsDistribution?.p95 ?? 0))));
  const horizon = chartHorizon(last);
  const { nutrition, moves, profile, attacksPerTurn } = f.input;
  const markers: ChartMarker[] = f.milestones
    .filter((m) => !m.already && !m.never)
    .map((m) =>
      m.exact && m.turns !== null
        ? { turn: m.moves!, nutrition: m.nutrition!, label: m.status }
        : m.turnsDistribution
          ? { turn: moves + Math.round(m.turnsDistribution.mean), nutrition: m.atOrBelow, label: `${m.status} (mean)` }
          : null,
    )
    .filter((m): m is ChartMarker => m !== null && m.turn <= moves + horizon);
  const exact = f.method === 'exact-cycle';
  return {
    title,
    footer: `NetHack ${f.version} · src/eat.c gethungry(), newuhs()${exact ? '' : ' · expected burn'}`,
    points: nethackSeries(nutrition, moves, profile, horizon, f.attacks.applied > 0 ? attacksPerTurn : 0),
    bands: nethackBands(),
    markers,
    nowTurn: moves,
  };
}

async function chartFile(opts: { title: string; fileName: string }, input: NutritionChartInput): Promise<FileSpec> {
  return {
    name: opts.fileName,
    contentType: 'image/png',
    description: opts.title,
    data: await renderChartOffThread(input),
  };
}

/** Crawl: piecewise-linear through the forecast's expected milestones (vampires' rate changes on the way). */
export function crawlForecastChart(
  r: CrawlForecastResult,
  opts: { title: string; fileName: string; startTurn?: number },
): Promise<FileSpec> {
  return chartFile(opts, crawlChartInput(r, opts.title, opts.startTurn ?? 0));
}

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
