// Autocomplete choices from the one name resolver (src/names.ts), within Discord's limits.
import { rank, type Named } from '../names.ts';
import { roleNames } from '../engine/nethack/roles.ts';
import { AUTOCOMPLETE_CHOICE_LIMIT, CHOICE_NAME_MAX, CHOICE_VALUE_MAX } from '../pipeline/limits.ts';
import type { Choice } from '../pipeline/types.ts';

/** Autocomplete choices, within Discord's limits (25 choices, 100 characters). */
export function toChoices<T extends Named>(query: string, items: readonly T[]): Choice[] {
  return rank(query, items, AUTOCOMPLETE_CHOICE_LIMIT).map(({ item }) => ({
    name: (item.label ?? item.name).slice(0, CHOICE_NAME_MAX),
    value: item.name.slice(0, CHOICE_VALUE_MAX),
  }));
}

/** Role suggestions (src/engine/nethack/roles.ts), aliases included. */
export const roleChoices = (typed: string): Choice[] => toChoices(typed, roleNames());

/**
 * Completes the last piece of a comma-separated list ("sick, cursed-it" -> "sick, cursed-items"),
 * keeping what was typed before it.
 */
export function listChoices<T extends Named>(typed: string, items: readonly T[]): Choice[] {
  const cut = typed.lastIndexOf(',');
  const head = cut >= 0 ? `${typed.slice(0, cut + 1).trim()} ` : '';
  const last = typed.slice(cut + 1).trim();
  return toChoices(last, items).map((c) => ({
    name: `${head}${c.name}`.slice(0, CHOICE_NAME_MAX),
    value: `${head}${c.value}`.slice(0, CHOICE_VALUE_MAX),
  }));
}
