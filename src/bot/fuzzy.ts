// Autocomplete choices from the one name resolver (src/names.ts), within Discord's limits.
// resolveName and friends are re-exported so command files keep one import for names.
import { AUTOCOMPLETE_CHOICE_LIMIT, CHOICE_NAME_MAX, CHOICE_VALUE_MAX } from './limits.ts';
import { rank, type Named } from '../names.ts';
import type { Choice } from './types.ts';

export { matchName, normalizeName, rank, resolveName, type Named, type Ranked } from '../names.ts';

/** Autocomplete choices, within Discord's limits (25 choices, 100 characters). */
export function toChoices<T extends Named>(query: string, items: readonly T[]): Choice[] {
  return rank(query, items, AUTOCOMPLETE_CHOICE_LIMIT).map(({ item }) => ({
    name: (item.label ?? item.name).slice(0, CHOICE_NAME_MAX),
    value: item.name.slice(0, CHOICE_VALUE_MAX),
  }));
}
