// NetHack engine pieces in-process: the exact 20-turn-cycle arithmetic (advance) against plain
// turn-by-turn stepping of gethungry() at horizons of 10, 1,000 and 100,000 turns, interleaved;
// and forecast() with and without its starvation distribution. The whole command, pool and all,
// is forecast.bench.ts.
import {
  advance,
  burnFlags,
  defaultProfile,
  forecast,
  parseRing,
  tickAt,
  type BurnProfile,
} from '../src/engine/nethack/index.ts';
import { interleave, ms, ratio, stats, type BenchResult, type Row } from './lib.ts';

export const title = 'NetHack engine: 20-turn cycle vs turn-by-turn, forecast() in-process';

const profile: BurnProfile = {
  ...defaultProfile('3.6.7'),
  leftRing: parseRing('ring of regeneration'),
  rightRing: parseRing('ring of protection +2'),
  amulet: true,
};

/** The naive way: gethungry()'s arithmetic once per turn. */
function stepByStep(nutrition: number, moves: number, turns: number): number {
  const flags = burnFlags(profile);
  let h = nutrition;
  for (let k = 1; k <= turns; k++) h -= tickAt(flags, moves + k);
  return h;
}

export async function run(): Promise<BenchResult> {
  const rows: Row[] = [];
  const start = 10_000_000; // plenty of nutrition: the horizon is pure burn
  for (const horizon of [10, 1_000, 100_000]) {
    if (advance(start, 5, profile, horizon).nutrition !== stepByStep(start, 5, horizon))
      throw new Error('cycle and steps disagree');
    const reps = horizon >= 100_000 ? 3 : 200; // operations per timed sample (one op is too short to time)
    const s = await interleave(
      [
        {
          name: 'turn by turn',
          op: (i) => {
            for (let r = 0; r < reps; r++) stepByStep(start, 1 + ((i + r) % 97), horizon);
          },
        },
        {
          name: 'advance()',
          op: (i) => {
            for (let r = 0; r < reps; r++) advance(start, 1 + ((i + r) % 97), profile, horizon);
          },
        },
      ],
      { warmup: 5, rounds: 8, perRound: 5 },
    );
    const steps = stats(s.get('turn by turn')!);
    const cycle = stats(s.get('advance()')!);
    rows.push(
      {
        case: `baseline: turn by turn, ${horizon.toLocaleString('en-US')} turns`,
        'µs per call p50': ms((steps.p50 * 1000) / reps),
        vs_baseline: '1.00x',
      },
      {
        case: `advance(), ${horizon.toLocaleString('en-US')} turns`,
        'µs per call p50': ms((cycle.p50 * 1000) / reps),
        vs_baseline: ratio(cycle.p50, steps.p50),
      },
    );
  }
  const s = await interleave(
    [
      {
        name: 'forecast() milestones only',
        op: (i) => forecast({ nutrition: 300 + (i % 50), moves: 1, profile, con: 16, skipStarvation: true }),
      },
      {
        name: 'forecast() with starvation, 3.6.7',
        op: (i) => forecast({ nutrition: 300 + (i % 50), moves: 1, profile, con: 16 }),
      },
      {
        name: 'forecast() with starvation, 5.0',
        op: (i) => forecast({ nutrition: 300 + (i % 50), moves: 1, profile: { ...profile, version: '5.0' }, con: 16 }),
      },
    ],
    { warmup: 2, rounds: 4, perRound: 3 },
  );
  const base = stats(s.get('forecast() milestones only')!);
  for (const [name, samples] of s) {
    const st = stats(samples);
    rows.push({
      case: name === 'forecast() milestones only' ? `baseline: ${name}` : name,
      'ms p50': ms(st.p50),
      'ms max': ms(st.max),
      vs_baseline: ratio(st.p50, base.p50),
    });
  }
  return { rows };
}
