// The fast forecast engine against today's engine (kept as test/engine/nethack/reference/), on a
// broad sweep of inputs: every field equal within the stated error bound (compare.ts: percentiles
// to the turn, probabilities within 1e-9). SOAK=1 runs a much larger sweep (several minutes).
import { describe, expect, it } from 'vitest';
import {
  defaultProfile,
  forecast,
  parseRing,
  type BurnProfile,
  type Encumbrance,
  type ForecastInput,
} from '../../../src/engine/nethack/index.ts';
import { clearWalkCache } from '../../../src/engine/nethack/walkCache.ts';
import { forecast as referenceForecast } from './reference/forecast-reference.ts';
import { compareForecasts } from './reference/compare.ts';
import { seededRandom } from '../../helpers/seeded.ts';

const SOAK = process.env.SOAK === '1';

const rng = seededRandom;

const RINGS = [
  ...['protection +1', 'protection +0', 'regeneration', 'conflict', 'hunger', 'slow digestion', 'searching'],
  ...['adornment -1', 'meat ring', 'any ring that costs nutrition'],
];

/** Any input the commands accept (nutrition range kept small unless `wide`, so the reference stays quick). */
function randomInput(r: () => number, wide: boolean): ForecastInput {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const version = pick(['3.6.7', '3.4.3', '5.0'] as const);
  const ring = () => (r() < 0.6 ? null : parseRing(pick(RINGS))!);
  const profile: BurnProfile = {
    ...defaultProfile(version),
    leftRing: ring(),
    rightRing: ring(),
    amulet: r() < 0.3,
    yendor: r() < 0.1,
    regeneration: pick(['none', 'none', 'intrinsic', 'artifact', 'ring', 'form'] as const),
    conflict: pick(['none', 'none', 'artifact', 'ring'] as const),
    hunger: r() < 0.15,
    slowDigestion: r() < 0.15,
    encumbrance: pick(['Unencumbered', 'Burdened', 'Stressed', 'Strained', 'Overtaxed', 'Overloaded'] as Encumbrance[]),
    inediate: r() < 0.1,
    unaware: r() < 0.15,
  };
  const input: ForecastInput = {
    nutrition: wide ? Math.floor(r() * 7001) - 1000 : Math.floor(r() * 280) - 80,
    moves: 1 + Math.floor(r() * (r() < 0.2 ? 1e8 : 5000)),
    profile,
    attacksPerTurn: r() < 0.5 ? 0 : 1 + Math.floor(r() * 12),
    con: 3 + Math.floor(r() * 23),
  };
  if (r() < 0.5) input.after = Math.floor(r() * (r() < 0.2 ? 1e6 : 1500));
  if (r() < 0.15) input.skipStarvation = true;
  return input;
}

function expectSame(input: ForecastInput, label: string) {
  clearWalkCache();
  const engine = forecast(input);
  const reference = referenceForecast(input);
  const where = `${label}: ${JSON.stringify({ ...input, profile: undefined })} ${JSON.stringify(input.profile)}`;
  if (reference.notes.some((n) => n.startsWith('Starvation distribution cut'))) {
    // Nothing burns and the hero stays above the limit: the old engine walked 2,500,000 turns and
    // reported the faints counted so far; the engine says it never starves (forecast-parts.test.ts).
    expect(
      engine.notes.some((n) => n.includes('never starves')),
      where,
    ).toBe(true);
    return;
  }
  expect(compareForecasts(engine, reference), where).toEqual([]);
}

const P = (version: '3.6.7' | '3.4.3' | '5.0', o: Partial<BurnProfile> = {}): BurnProfile => ({
  ...defaultProfile(version),
  ...o,
});

describe('fast forecast = reference forecast', () => {
  it('the slow inputs of issue 10 (the reference takes seconds: about 10 s here)', () => {
    const slow = { nutrition: 6000, profile: P('5.0', { slowDigestion: true }), con: 25, attacksPerTurn: 1 };
    expectSame(slow, 'nutrition:6000 version:5.0 slow_digestion:true con:25 attacks:1');
    const inediate = { nutrition: 900, profile: P('5.0', { inediate: true, amulet: true }), after: 100_000 };
    expectSame(inediate, 'inediate:true amulet:true version:5.0 after:100000');
    expectSame({ nutrition: 900, profile: P('3.6.7'), con: 25 }, 'a default forecast, Con 25');
  }, 120_000);

  it('edge cases: Fainting now, below the limit, nothing burning, after 0, after past everyone, invulnerable', () => {
    const cases: [string, ForecastInput][] = [
      ['Fainting now', { nutrition: -40, profile: P('3.6.7'), attacksPerTurn: 2, after: 25 }],
      ['far below the limit', { nutrition: -1000, profile: P('3.6.7'), con: 3, after: 3 }],
      ['far below the limit, 3.4.3', { nutrition: -1000, profile: P('3.4.3'), con: 3 }],
      ['below the limit, no burn', { nutrition: -500, profile: P('3.6.7', { inediate: true }), con: 10, after: 40 }],
      ['nothing burns, random', { nutrition: 50, profile: P('5.0', { inediate: true }), after: 10 }],
      ['after 0, fainting', { nutrition: -3, profile: P('5.0'), after: 0 }],
      ['after 0', { nutrition: 500, profile: P('5.0', { regeneration: 'intrinsic' }), after: 0 }],
      ['after past everyone', { nutrition: 20, profile: P('3.6.7'), con: 3, after: 1_000_000 }],
      ['after at the first faint (attack)', { nutrition: 13, profile: P('3.6.7'), attacksPerTurn: 3, after: 3 }],
      ['after at the first faint (turn)', { nutrition: 12, profile: P('3.6.7'), attacksPerTurn: 3, after: 3 }],
      ['invulnerable', { nutrition: 100, profile: P('3.6.7', { invulnerable: true }), after: 50 }],
      ['asleep', { nutrition: 200, profile: P('3.6.7', { unaware: true }), after: 1900 }],
      [
        'asleep, 5.0 rings',
        {
          nutrition: 120,
          profile: P('5.0', { unaware: true, leftRing: parseRing('regeneration'), amulet: true }),
          after: 800,
        },
      ],
      [
        '3.4.3 attacks',
        { nutrition: 60, profile: P('3.4.3', { encumbrance: 'Overtaxed' }), attacksPerTurn: 4, con: 25, after: 300 },
      ],
      [
        '5.0 slow digestion and a ring',
        {
          nutrition: 40,
          profile: P('5.0', { slowDigestion: true, leftRing: parseRing('protection +0') }),
          attacksPerTurn: 2,
          after: 500,
        },
      ],
      ['skip starvation', { nutrition: 80, profile: P('5.0', { hunger: true }), after: 200, skipStarvation: true }],
      [
        'huge turn counter',
        {
          nutrition: 150,
          profile: P('3.6.7', { leftRing: parseRing('regeneration') }),
          moves: 99_999_999,
          attacksPerTurn: 1,
          after: 180,
        },
      ],
    ];
    for (const [label, input] of cases) expectSame(input, label);
  }, 120_000);

  it('every path of the starvation walk: blocked faint deposits and attacks, roll-only calls, the danger rows', () => {
    const sd = parseRing('slow digestion');
    const cases: [string, ForecastInput][] = [
      // burns 0 on 19 turns in 20: helpless calls that only roll, combined attacks that do not burn
      [
        '3.4.3 ring of slow digestion, 12 attacks',
        { nutrition: 30, profile: P('3.4.3', { leftRing: sd }), attacksPerTurn: 12, con: 3, after: 400 },
      ],
      // random 0/1 burns: faint deposits four cells at a time, attack faints' first helpless call
      [
        '5.0 slow digestion, 1 attack',
        { nutrition: 5, profile: P('5.0', { slowDigestion: true }), attacksPerTurn: 1, con: 3, after: 900 },
      ],
      [
        '5.0 slow digestion, 12 attacks',
        { nutrition: 5, profile: P('5.0', { slowDigestion: true }), attacksPerTurn: 12, con: 4 },
      ],
      // calls of three or more possible burns (the generic call), attacks one at a time
      [
        '5.0 two rings and an amulet, 6 attacks',
        {
          nutrition: -30,
          profile: P('5.0', {
            leftRing: parseRing('any ring that costs nutrition'),
            rightRing: parseRing('protection +1'),
            amulet: true,
          }),
          attacksPerTurn: 6,
          con: 3,
          after: 120,
        },
      ],
      // fixed burns with 12 attacks from below the limit: combined kernels, danger rows from the start
      [
        '3.6.7 12 attacks below the limit',
        { nutrition: -200, profile: P('3.6.7'), attacksPerTurn: 12, con: 5, after: 30 },
      ],
      ['3.6.7 plain, Fainting, snapshot mid-walk', { nutrition: -20, profile: P('3.6.7'), con: 3, after: 150 }],
    ];
    for (const [label, input] of cases) expectSame(input, label);
  }, 120_000);

  it(
    `${SOAK ? 1500 : 80} random inputs of every kind`,
    () => {
      const r = rng(10_1);
      // SOAK: one input in eight anywhere in -1000..6000 (the old engine takes up to seconds on those).
      for (let i = 0; i < (SOAK ? 1500 : 80); i++) expectSame(randomInput(r, SOAK && i % 8 === 0), `input ${i}`);
    },
    SOAK ? 3_600_000 : 120_000,
  );
});
