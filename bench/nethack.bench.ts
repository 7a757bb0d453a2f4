// NetHack forecast speed: the exact 20-turn-cycle answer against plain turn-by-turn stepping
// of gethungry() measured in the same run, at horizons of 10, 1,000 and 100,000 turns.
import { advance, defaultProfile, forecast, parseRing, tickAt, burnFlags, type BurnProfile } from '../src/engine/nethack/index.ts';

export const title = 'NetHack forecast: 20-turn cycle vs turn-by-turn';

const profile: BurnProfile = { ...defaultProfile('3.6.7'), leftRing: parseRing('ring of regeneration'), rightRing: parseRing('ring of protection +2'), amulet: true };

/** The naive way: call gethungry()'s arithmetic once per turn. */
function stepByStep(nutrition: number, moves: number, turns: number): number {
  const flags = burnFlags(profile);
  let h = nutrition;
  for (let k = 1; k <= turns; k++) h -= tickAt(flags, moves + k);
  return h;
}

function time(fn: (i: number) => unknown, minMs = 200): number {
  let n = 0;
  const t0 = performance.now();
  let sink = 0;
  while (performance.now() - t0 < minMs) {
    const r = fn(n++);
    sink += typeof r === 'number' ? r : 1;
  }
  if (sink === -1) console.log(sink);
  return ((performance.now() - t0) * 1000) / n; // microseconds per call
}

export async function run(): Promise<Record<string, string | number>[]> {
  const rows: Record<string, string | number>[] = [];
  for (const horizon of [10, 1_000, 100_000]) {
    const start = 10_000_000; // plenty of nutrition so the horizon is pure burn
    const exact = time((i) => advance(start, 1 + (i % 97), profile, horizon).nutrition);
    const full = time((i) => forecast({ nutrition: start, moves: 1 + (i % 97), profile, after: horizon, skipStarvation: true }).after?.nutrition ?? 0);
    const naive = time((i) => stepByStep(start, 1 + (i % 97), horizon));
    // Same answer, or the comparison means nothing.
    if (advance(start, 5, profile, horizon).nutrition !== stepByStep(start, 5, horizon)) throw new Error('mismatch');
    rows.push({
      horizon_turns: horizon,
      advance_us: exact,
      forecast_us: full,
      turn_by_turn_us: naive,
      speedup_vs_steps: `${(naive / exact).toFixed(1)}x`,
    });
  }
  const dp = time(() => forecast({ nutrition: 300, moves: 1, profile, con: 16 }).starvation?.deathTurns?.median ?? 0, 500);
  const dp5 = time(() => forecast({ nutrition: 300, moves: 1, profile: { ...profile, version: '5.0' }, con: 16 }).starvation?.deathTurns?.median ?? 0, 500);
  rows.push({ horizon_turns: 'starvation DP 3.6.7', advance_us: '', forecast_us: dp, turn_by_turn_us: '', speedup_vs_steps: '' });
  rows.push({ horizon_turns: 'starvation DP 5.0', advance_us: '', forecast_us: dp5, turn_by_turn_us: '', speedup_vs_steps: '' });
  return rows;
}
