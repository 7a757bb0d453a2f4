// Discord's limits, as constants. Sources: discord-api-docs (application-commands.mdx,
// receiving-and-responding.mdx, resources/message.mdx embed limits).

export const AUTOCOMPLETE_CHOICE_LIMIT = 25;
export const CHOICE_NAME_MAX = 100;
export const CHOICE_VALUE_MAX = 100;
export const COMMAND_CHOICE_LIMIT = 25;
export const COMMAND_OPTION_LIMIT = 25;
export const COMMAND_NAME_MAX = 32;
export const COMMAND_DESCRIPTION_MAX = 100;
/** Names, descriptions and choice names/values of one command, summed. */
export const COMMAND_TOTAL_CHARS_MAX = 8000;
export const COMMAND_NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

export const EMBED_TITLE_MAX = 256;
export const EMBED_DESCRIPTION_MAX = 4096;
export const EMBED_FIELDS_MAX = 25;
export const EMBED_FIELD_NAME_MAX = 256;
export const EMBED_FIELD_VALUE_MAX = 1024;
export const EMBED_FOOTER_MAX = 2048;
export const EMBED_AUTHOR_MAX = 256;
/** All embeds of one message together. */
export const MESSAGE_EMBED_TOTAL_MAX = 6000;
export const MESSAGE_EMBEDS_MAX = 10;
export const MESSAGE_BUTTONS_PER_ROW = 5;
export const BUTTON_LABEL_MAX = 80;
export const CUSTOM_ID_MAX = 100;

/** The initial response must reach Discord within 3 s, or the token is invalidated. */
export const INTERACTION_RESPONSE_DEADLINE_MS = 3000;
/** We defer when a handler has not finished by this point, leaving margin for the round trip. */
export const DEFER_AFTER_MS = 1500;
/** Autocomplete answers must come well inside the deadline; we budget this much compute. */
export const AUTOCOMPLETE_BUDGET_MS = 250;

export const INTERACTION_EPHEMERAL_FLAG = 1 << 6;
