// Hunger bands for the forecast chart, one per status the game shows.
//
// A band is an inclusive integer nutrition range [from, to]; open ends are ±Infinity. The chart
// draws it from from−0.5 to to+0.5 so adjacent bands tile exactly, and labels each boundary
// with the lower band's `to`, which is the constant the game compares against.
import type { ChartBand } from './types.ts';

// Band colours follow the embed colours in src/kit/render.ts (COLORS) so the picture and the
// embed's side bar agree: satiated blue, ok green, hungry yellow, weak orange, fainting red.
const BLUE = '#3498db';
const GREEN = '#2ecc71';
const YELLOW = '#f1c40f';
const ORANGE = '#e67e22';
const RED = '#e74c3c';

/**
 * NetHack 3.6.7, src/eat.c newuhs():
 *   newhs = (h > 1000) ? SATIATED : (h > 150) ? NOT_HUNGRY
 *         : (h > 50) ? HUNGRY : (h > 0) ? WEAK : FAINTING;
 * (No upper status above Satiated; 2000 is only the choking threshold.)
 */
export function nethackBands(): ChartBand[] {
  return [
    { label: 'Satiated', from: 1001, to: Number.POSITIVE_INFINITY, color: BLUE },
    { label: 'Not Hungry', from: 151, to: 1000, color: GREEN },
    { label: 'Hungry', from: 51, to: 150, color: YELLOW },
    { label: 'Weak', from: 1, to: 50, color: ORANGE },
    { label: 'Fainting', from: Number.NEGATIVE_INFINITY, to: 0, color: RED },
  ];
}

export type CrawlChartVersion = '0.13' | '0.14' | '0.15';

/**
 * Dungeon Crawl Stone Soup, crawl-ref/source/food.h at tags 0.13.2, 0.14.2 and 0.15.2
 * (see also shared/specs/dcss-0.13-0.15-hunger.md §2.1). The state is the first one, walking
 * up, whose threshold is ≥ H (food.cc food_change):
 *
 *   constant               0.13.2   0.14.2 = 0.15.2
 *   HUNGER_STARVING          1000      900
 *   HUNGER_NEAR_STARVING     1533     1433
 *   HUNGER_VERY_HUNGRY       2066     1966
 *   HUNGER_HUNGRY            2600     2500
 *   HUNGER_SATIATED          7000     6900
 *   HUNGER_FULL              9000     8900
 *   HUNGER_VERY_FULL        11000    10900
 *   HUNGER_MAXIMUM          12000    11900   (Engorged tops out here)
 *
 * 0.14 rebased every value down by 100 (commit 679d65df80, "Rebase hunger values at 0 (from
 * 100)"); 0.15 did not change them. H is clamped at 0, so Starving starts at 0. (In 0.13 the
 * player dies at H ≤ 100 and faints at ≤ 500; in 0.14/0.15 at ≤ 0 and ≤ 400: those are
 * conditions inside Starving, not statuses, and are left to the caller's markers.)
 */
export function crawlBands(version: CrawlChartVersion): ChartBand[] {
  const t =
    version === '0.13'
      ? {
          starving: 1000,
          nearStarving: 1533,
          veryHungry: 2066,
          hungry: 2600,
          satiated: 7000,
          full: 9000,
          veryFull: 11000,
          max: 12000,
        }
      : {
          starving: 900,
          nearStarving: 1433,
          veryHungry: 1966,
          hungry: 2500,
          satiated: 6900,
          full: 8900,
          veryFull: 10900,
          max: 11900,
        };
  return [
    { label: 'Engorged', from: t.veryFull + 1, to: t.max, color: '#9b59b6' },
    { label: 'Very Full', from: t.full + 1, to: t.veryFull, color: '#5865f2' },
    { label: 'Full', from: t.satiated + 1, to: t.full, color: BLUE },
    { label: 'Satiated', from: t.hungry + 1, to: t.satiated, color: GREEN },
    { label: 'Hungry', from: t.veryHungry + 1, to: t.hungry, color: YELLOW },
    { label: 'Very Hungry', from: t.nearStarving + 1, to: t.veryHungry, color: ORANGE },
    { label: 'Near Starving', from: t.starving + 1, to: t.nearStarving, color: '#ed5a3a' },
    { label: 'Starving', from: 0, to: t.starving, color: '#c0392b' },
  ];
}
