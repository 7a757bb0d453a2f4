// The nutrition curve of a forecast, computed once by the engine (forecast({ series: true })) so
// a chart draws exactly what the forecast computed instead of running the engine again.
import { burnFlags, expectedPer20, type BurnProfile } from './burn.ts';
import { advance, isExact, type Milestone } from './forecast.ts';

export interface SeriesPoint {
  turn: number;
  nutrition: number;
}

/** Show until a little past the last milestone, within 50..20,000 turns. */
export function seriesHorizon(lastTurns: number | null): number {
  if (!lastTurns || lastTurns <= 0) return 1000;
  return Math.min(20_000, Math.max(50, Math.ceil((lastTurns * 1.1) / 10) * 10));
}

/** The turn the last milestone is reached (its 95th percentile when random). */
export function lastMilestoneTurns(milestones: readonly Milestone[]): number {
  return Math.max(0, ...milestones.map((m) => (m.exact ? (m.turns ?? 0) : (m.turnsDistribution?.p95 ?? 0))));
}

/**
 * Nutrition over the next `horizon` turns, at most ~1,000 points: exact cycle arithmetic when the
 * burn is fixed (advance()), else the expected burn (stated as such in the chart's footer).
 */
export function nutritionSeries(
  nutrition: number,
  moves: number,
  profile: BurnProfile,
  horizon: number,
  attacksPerTurn = 0,
): SeriesPoint[] {
  const exact = isExact(profile, burnFlags(profile));
  const per20 = expectedPer20(profile).reduce((a, r) => a + r.per20, 0) * (1 + attacksPerTurn);
  const step = Math.max(1, Math.floor(horizon / 1000));
  const points: SeriesPoint[] = [];
  for (let t = 0; t <= horizon; t += step) {
    const n = exact
      ? advance(nutrition, moves, profile, t, attacksPerTurn).nutrition
      : Math.round(nutrition - (per20 * t) / 20);
    points.push({ turn: moves + t, nutrition: n });
  }
  return points;
}
