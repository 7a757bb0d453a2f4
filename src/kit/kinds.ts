// The option kinds the commands share, declared once: the same quantity has the same bounds,
// description and example in every command that asks for it. A command picks a kind and, at
// most, gives it a description of its own (`.describe()`), a default or `.required()`.
import { CRAWL_VERSIONS, NETHACK_VERSIONS } from '../engine/cite.ts';
import { BUCS, RACES } from '../engine/nethack/meal.ts';
import { boolean, choice, integer, text } from '../pipeline/options.ts';

/** NetHack's u.uhunger: a C int; below -(100 + 10·Con) the hero starves, far above 2,000 few survive. */
export const NUTRITION = { min: -10_000, max: 100_000 } as const;
/** The turn counter `moves` (T: on the bottom line), which starts at 1. */
export const TURN = { min: 1, max: 100_000_000 } as const;
/** Crawl's hunger value (satiation) fits in 0..40,000 for every species and version. */
export const SATIATION = { min: 0, max: 40_000 } as const;

export const nutrition = integer('Nutrition (u.uhunger)', { ...NUTRITION, example: 900 });
export const turn = integer('Turn counter (moves, T: on the bottom line)', { ...TURN, example: 1200 });
/** Heroes of both games: Crawl counts turns from 0. */
export const heroTurn = integer('Current turn', { min: 0, max: TURN.max, example: 1200 });
export const con = integer('Constitution', { min: 3, max: 25, example: 16 });
/** NetHack experience level. */
export const xl = integer('Experience level', { min: 1, max: 30, example: 10 });
export const luck = integer('Luck', { min: -13, max: 13, example: 0 });
export const satiation = integer('Hunger value (satiation)', { ...SATIATION, example: 5900 });

/** Default: the user's /settings, else the server's, else 3.6.7. */
export const nethackVersion = choice('NetHack version (default 3.6.7 or your /settings)', NETHACK_VERSIONS)
  .default('3.6.7')
  .fromSetting('nethackVersion');
/** Free text with autocomplete, so 0.26+ can get its "no hunger" answer. Default: /settings, else 0.13. */
export const crawlVersion = text('Crawl version: 0.13 (default), 0.14, 0.15', {
  autocomplete: true,
  maxLength: 12,
}).fromSetting('crawlVersion');
/** A PNG chart under the answer; default off, or the user's /settings. */
export const chart = boolean('Attach a PNG chart (default off, or your /settings)').default(false).fromSetting('chart');
export { CRAWL_VERSIONS };

export const foodName = text('Food, corpse or tin ("jackal corpse", "tin of spinach")', { autocomplete: true });
export const role = text('Your role', { autocomplete: true, maxLength: 30 });
export const race = choice('Your race', RACES);
export const buc = choice('Blessed, uncursed or cursed', BUCS);
export const species = text('Species (default Human)', { autocomplete: true, maxLength: 40 });
