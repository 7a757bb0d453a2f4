// Which Crawl versions this engine answers, and the per-version constants of the hunger
// clock. 0.13 is the default: it is the version the wiki page's numbers describe.
// 0.14 rebased every hunger value 100 lower (food.h, commit 679d65df80).
import { CRAWL_TAGS, CRAWL_VERSIONS, DEFAULT_CRAWL_VERSION, type CrawlVersion } from '../cite.ts';

/** CRAWL_TAGS: the release tags the engine was checked against (defined once, in cite.ts). */
export { CRAWL_TAGS, CRAWL_VERSIONS, DEFAULT_CRAWL_VERSION, type CrawlVersion };

/** First release without food and hunger (crawl-ref/docs/changelog.txt, 0.26.0: "Food and hunger are removed"). */
export const FIRST_VERSION_WITHOUT_HUNGER = '0.26';

export type ParsedCrawlVersion =
  | { kind: 'supported'; version: CrawlVersion; asked: string }
  | { kind: 'noHunger'; asked: string; major: number; minor: number }
  | { kind: 'notCovered'; asked: string; major: number; minor: number };

/**
 * Reads "0.13", "0.14.2", "v0.15", "0.32.1". Anything from 0.26 on has no hunger at all;
 * 0.16 to 0.25 (and anything before 0.13) are outside what this engine verified.
 * Returns null for text that is not a Crawl version number.
 */
export function parseCrawlVersion(input: string | undefined | null): ParsedCrawlVersion | null {
  const asked = (input ?? '').trim().toLowerCase();
  if (!asked) return { kind: 'supported', version: DEFAULT_CRAWL_VERSION, asked: DEFAULT_CRAWL_VERSION };
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:[-.a-z0-9]*)?$/.exec(asked);
  if (!m) return null;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major === 0 && (minor === 13 || minor === 14 || minor === 15)) {
    return { kind: 'supported', version: `0.${minor}` as CrawlVersion, asked };
  }
  if (major > 0 || minor >= 26) return { kind: 'noHunger', asked, major, minor };
  return { kind: 'notCovered', asked, major, minor };
}

/**
 * Hunger constants of one version. 0.13 values are the 0.14 ones plus 100 (food.h), except
 * the ones that did not move. Every value is cited where it is used.
 */
export interface HungerProfile {
  version: CrawlVersion;
  /** hunger_threshold[] upper bounds, Starving..Very Full; Engorged's bound is 40000/39900 (never reached). */
  thresholds: readonly [number, number, number, number, number, number, number, number];
  /** HUNGER_DEFAULT: the starting value. */
  start: number;
  /** HUNGER_MAXIMUM: lessen_hunger() clamps here. */
  maximum: number;
  /** handle_starvation(): fainting possible at or below this. */
  faintAt: number;
  /** handle_starvation(): starvation death at or below this. */
  deathAt: number;
  /** you_min_hunger() for vampires and ghouls. */
  undeadMinimum: number;
  /** can_go_berserk(): refused when hunger <= this. */
  berserkRefusedAtOrBelow: number;
  /** _decrement_durations(): berserk ends when hunger + 100 <= HUNGER_STARVING + BERSERK_NUTRITION. */
  berserkEndsAtOrBelow: number;
  /** _decrement_durations(): hunger floor after berserk's 700 cost (HUNGER_STARVING - 100). */
  berserkFloor: number;
  /** _check_ability_possible(): refused when hunger - 2F <= this. */
  abilityMargin: number;
  /** Famine card: min(hunger, HUNGER_STARVING / 2). */
  famineCap: number;
  /** Things removed in 0.15 (rings of hunger and sustenance, burden, contamination, most foods). */
  has: {
    ringsOfHungerAndSustenance: boolean;
    burden: boolean;
    contaminatedChunks: boolean;
    fullFoodList: boolean;
    foodlessForms: boolean;
    magicalSuppression: boolean;
    genericPotionNutrition: boolean;
  };
}

const BERSERK_NUTRITION = 700;

function profile(version: CrawlVersion): HungerProfile {
  const o = version === '0.13' ? 100 : 0;
  const starving = 900 + o;
  return {
    version,
    thresholds: [starving, 1433 + o, 1966 + o, 2500 + o, 6900 + o, 8900 + o, 10900 + o, 39900 + o],
    start: 5900 + o,
    maximum: 11900 + o,
    faintAt: 400 + o,
    deathAt: o,
    undeadMinimum: 601 + o,
    berserkRefusedAtOrBelow: 1966 + o,
    berserkEndsAtOrBelow: starving + BERSERK_NUTRITION - 100,
    berserkFloor: starving - 100,
    abilityMargin: version === '0.13' ? 150 : 50,
    famineCap: Math.trunc(starving / 2),
    has: {
      ringsOfHungerAndSustenance: version !== '0.15',
      burden: version !== '0.15',
      contaminatedChunks: version !== '0.15',
      fullFoodList: version !== '0.15',
      foodlessForms: version !== '0.15',
      magicalSuppression: version === '0.13',
      genericPotionNutrition: version === '0.13',
    },
  };
}

export const PROFILES: Record<CrawlVersion, HungerProfile> = {
  '0.13': profile('0.13'),
  '0.14': profile('0.14'),
  '0.15': profile('0.15'),
};

export { BERSERK_NUTRITION };
