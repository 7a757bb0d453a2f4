// The error types every layer shares (a base layer: it imports nothing). Three kinds of
// failure: bad input (friendly, ephemeral, says how to fix it; thrown by the engines and the
// commands alike and turned into a reply in one place, the pipeline's errorReply), storage
// failures, and bugs (any other error: a generic message with an error id, logged in full).

/**
 * Every code a reply's `result.error.code` can carry (the batch interface's contract), with what
 * it means. The README's list is generated from this table (scripts/error-codes.ts) and a test
 * checks they agree; UserError only takes these codes, so the list cannot fall behind the code.
 */
export const ERROR_CODES = {
  // the command line and its options
  bad_syntax: 'the command line could not be read (options are name:value)',
  unknown_command: 'there is no such command',
  unknown_subcommand: 'the command has no such subcommand',
  missing_subcommand: 'the command needs a subcommand',
  unknown_option: 'the subcommand has no such option',
  missing_option: 'a required option is missing',
  bad_option: 'an option value has the wrong type (not a number, not true/false, not one of the choices)',
  invalid_option: 'an option value is out of its range or refused by its rules',
  bad_input: 'a value the rules refuse (engine check)',
  bad_version: 'not a game version this bot covers',
  // names
  ambiguous_name: 'the name fits several things; the reply lists them (and offers buttons)',
  unknown_name: 'no such name',
  unknown_food: 'no such food in this version',
  unknown_ring: 'no such ring',
  unknown_amulet: 'no such amulet',
  unknown_spell: 'no such spell in this version',
  unknown_role: 'no such role',
  unknown_species: 'no such species in this version',
  unknown_ability: 'no such ability in this version',
  unknown_monster: 'no such monster',
  unknown_item: 'no such item',
  unknown_gear: 'no such piece of Crawl hunger equipment',
  unknown_hero: 'you have no hero by that name',
  not_in_version: 'it exists, but not in this version',
  removed_in_version: 'it was removed in this version',
  unsupported_version: 'a game version this bot does not read (an import from another version)',
  // imports and /ask
  empty_message: 'the message has no text to read',
  import_too_long: 'the pasted text is longer than an import may be',
  unrecognized_import: 'the text is not a status line, dumplog or character dump this bot reads',
  malformed_import: 'the text looks like an import but contradicts itself or the game',
  // game rules
  impossible_mutation: 'the species cannot have that mutation level',
  impossible_form: 'the species cannot take that form',
  bad_gear: 'that gear cannot be worn together',
  meal_refused: 'the hero cannot eat that now',
  meal_unfinished: 'the meal cannot be finished',
  cast_refused: 'the hero cannot cast now',
  cannot_attack: 'the hero cannot attack (encumbrance)',
  // heroes
  no_hero: 'you have no hero yet (or it is gone)',
  hero_dead: 'the hero is dead; /hero undo or /hero set revives them',
  duplicate_hero: 'you already have a hero by that name',
  too_many_heroes: 'you already have the most heroes one user can keep',
  wrong_game: 'that option is for the other game',
  nothing_to_set: 'no option to set was given',
  nothing_to_wear: 'nothing to wear was named',
  nothing_to_remove: 'nothing to take off was named',
  nothing_worn: 'that is not worn',
  nothing_to_undo: 'the hero has no event to undo',
  hands_full: 'both hands already wear a ring',
  no_change: 'the hero is already like that',
  bad_turn: 'the turn is not valid for this game',
  bad_level: 'the spell level is not valid for this game',
  turn_backwards: 'time only goes forward (/hero set turn corrects it)',
  no_hunger_trouble: 'hunger is no trouble at this nutrition, so prayer would not feed the hero',
  conflict: 'the hero changed while the command ran',
  corrupt_record: 'your stored record could not be read; it is kept as it is for export',
  bad_attachment: 'the attached file cannot be read (not from Discord, too large, too slow, not text)',
  not_shared: 'that user has no hero shared with others (nothing about their heroes is shown)',
  no_channel: 'the command needs a channel (not a DM)',
  no_foods: 'no foods to advise on: name them with foods:, or keep them on the hero',
  // buttons and settings
  stale_button: 'the button no longer works; run the command again',
  not_yours: 'only the person the button belongs to can press it',
  no_button: 'press last:<choice> matched no button of the last reply (console)',
  no_server: 'server settings need a server',
  missing_permission: 'changing server settings needs Manage Server',
  // the pipeline
  busy: 'too much at once (the worker queue, or this process), so it was refused; try again in a moment',
  rate_limited: 'too many commands from one user in a short time; slow down',
  timeout: 'a command ran past its deadline (HANDLER_TIMEOUT_MS); it was stopped waiting for',
  too_slow: 'the work passed its deadline and was stopped; try a smaller horizon',
  storage_unavailable: 'the store could not be read or written; nothing was changed',
  internal_error: 'a bug; the reply carries an error id that is in the log',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/**
 * Bad input or a refused action, from a command or an engine (an unknown food, a value out of
 * range for this food). The message is shown to the user as is.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(
    message: string,
    /** How to fix it, shown under the message. */
    readonly hint?: string,
    /** Machine-readable code for `ask --json`, e.g. "unknown_food" (see ERROR_CODES). */
    readonly code: ErrorCode = 'bad_input',
  ) {
    super(message);
  }
}

/** The store could not be read or written; nothing was changed. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
