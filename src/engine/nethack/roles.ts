// The roles of src/role.c roles[] (the same thirteen in 3.4.3, 3.6.7 and 5.0) and how a typed
// role name is read: one list for every command and record that takes a role.
import { resolveName } from '../../names.ts';

export const ROLES = [
  'Archeologist',
  'Barbarian',
  'Caveman',
  'Healer',
  'Knight',
  'Monk',
  'Priest',
  'Rogue',
  'Ranger',
  'Samurai',
  'Tourist',
  'Valkyrie',
  'Wizard',
] as const;
export type Role = (typeof ROLES)[number];

/** The female titles (Cavewoman, Priestess; 5.0's Cave dweller and Cleric) and the common "Valk". */
const ROLE_NAMES = ROLES.map((name) => ({
  name,
  aliases:
    name === 'Caveman'
      ? ['Cavewoman', 'Cave dweller']
      : name === 'Priest'
        ? ['Priestess', 'Cleric']
        : name === 'Valkyrie'
          ? ['Valk']
          : [],
}));

/** The role a user typed, by name, alias or a unique start ("arc", "valk"). */
export function resolveRole(text: string): Role {
  return resolveName(text, ROLE_NAMES, 'role', { code: 'unknown_role' }).name;
}

/** Names for autocomplete. */
export function roleNames(): readonly { name: string; aliases: string[] }[] {
  return ROLE_NAMES;
}
