// Autocomplete choices from the one name resolver (src/names.ts), within Discord's limits.
import { rank, type Named } from '../names.ts';
import { AUTOCOMPLETE_CHOICE_LIMIT, CHOICE_NAME_MAX, CHOICE_VALUE_MAX } from '../pipeline/limits.ts';
import type { Choice } from '../pipeline/types.ts';

/** Autocomplete choices, within Discord's limits (25 choices, 100 characters). */
export function toChoices<T extends Named>(query: string, items: readonly T[]): Choice[] {
  return rank(query, items, AUTOCOMPLETE_CHOICE_LIMIT).map(({ item }) => ({
    name: (item.label ?? item.name).slice(0, CHOICE_NAME_MAX),
    value: item.name.slice(0, CHOICE_VALUE_MAX),
  }));
}
