// Options are declared once, as data: each declaration yields both the JSON Discord receives
// and the zod schema the pipeline validates with, and the handler's argument types are derived
// from the same declaration (as yuudachi derives its argument types from `as const` data).
// A command file therefore never writes an option twice, and the two can never disagree.
import type { APIApplicationCommandBasicOption, APIApplicationCommandOptionChoice } from 'discord-api-types/v10';
import { z } from 'zod';
import type { SettingName } from '../settings/settings.ts';

// Discord option type numbers (ApplicationCommandOptionType).
export const OPT_STRING = 3;
export const OPT_INTEGER = 4;
export const OPT_BOOLEAN = 5;
export const OPT_NUMBER = 10;
export const OPT_USER = 6;
export const OPT_ATTACHMENT = 11;

export type OptionKind = 'string' | 'integer' | 'number' | 'boolean' | 'user' | 'attachment';

/** Everything one option declaration says. Plain data, so tests can read it. */
export interface OptionSpec {
  readonly kind: OptionKind;
  readonly description: string;
  readonly required: boolean;
  readonly defaultValue?: string | number | boolean;
  readonly min?: number;
  readonly max?: number;
  readonly maxLength?: number;
  readonly choices?: readonly { name: string; value: string }[];
  readonly autocomplete?: boolean;
  /** A typical value, quoted in range errors ("e.g. 900"). */
  readonly example?: string | number;
  /** Text only: a pattern the trimmed value must match, and what to say when it does not. */
  readonly pattern?: { readonly regex: RegExp; readonly message: string };
  /** Filled from this /settings value when the user gives none (before validation). */
  readonly setting?: SettingName;
}

/**
 * One declared option. `V` is the type of a given value; `Out` what the handler receives
 * (`V | undefined` until `.required()` or `.default()` says otherwise).
 */
export class Option<V, Out = V | undefined> {
  declare readonly __out: Out;
  constructor(readonly spec: OptionSpec) {}

  private with<O>(patch: Partial<OptionSpec>): Option<V, O> {
    return new Option<V, O>({ ...this.spec, ...patch });
  }
  /** The user must give it (Discord lists required options first). */
  required(): Option<V, V> {
    return this.with<V>({ required: true });
  }
  /** Used when the user gives nothing; the handler always gets a value. */
  default(value: V): Option<V, V> {
    return this.with<V>({ defaultValue: value as string | number | boolean });
  }
  /** Same kind, another description (e.g. "Nutrition when you start eating"). */
  describe(description: string): Option<V, Out> {
    return this.with<Out>({ description });
  }
  /** When the user gives no value, the pipeline uses their (or their server's) /settings value. */
  fromSetting(setting: SettingName): Option<V, Out> {
    return this.with<Out>({ setting });
  }
}

export type OptionMap = Readonly<Record<string, Option<unknown, unknown>>>;

/** The parsed, typed arguments of a map of declared options. */
export type ArgsOf<M extends OptionMap> = { -readonly [K in keyof M]: M[K]['__out'] };

// ---- builders -----------------------------------------------------------------------------

/** Whole numbers; `example` is quoted in every range error ("e.g. `nutrition:900`"). */
export function integer(description: string, o: { min: number; max: number; example: number }): Option<number> {
  return new Option<number>({ kind: 'integer', description, required: false, ...o });
}

export function number(description: string, o: { min: number; max: number; example: number }): Option<number> {
  return new Option<number>({ kind: 'number', description, required: false, ...o });
}

export function boolean(description: string): Option<boolean> {
  return new Option<boolean>({ kind: 'boolean', description, required: false });
}

/**
 * A Discord user (option type 6): Discord sends the user's id. The console and the batch interface
 * type an id or a mention (`user:<@123>`); the handler gets the bare id.
 */
export function user(description: string): Option<string> {
  return new Option<string>({ kind: 'user', description, required: false });
}

/**
 * A file attached to the command (option type 11): Discord sends the attachment's id and resolves
 * it (URL, size) in the interaction; the console types a local path (`file:<path>`) instead.
 */
export function attachment(description: string): Option<string> {
  return new Option<string>({ kind: 'attachment', description, required: false });
}

/** Free text, optionally with autocomplete (names of foods, rings, species...). */
export function text(
  description: string,
  o: { maxLength?: number; autocomplete?: boolean; pattern?: OptionSpec['pattern'] } = {},
): Option<string> {
  return new Option<string>({ kind: 'string', description, required: false, maxLength: o.maxLength ?? 100, ...o });
}

/**
 * One of a fixed list; the handler's type is the union of the values. Discord shows the list as
 * choices, or, with `autocomplete`, suggests from it as the user types (choices count towards
 * Discord's 8,000-character budget per command; suggestions do not).
 */
export function choice<const C extends readonly string[]>(
  description: string,
  values: C,
  o: { names?: Partial<Record<C[number], string>>; autocomplete?: boolean } = {},
): Option<C[number]> {
  const choices = values.map((v) => ({ name: o.names?.[v as C[number]] ?? v, value: v }));
  return new Option<C[number]>({
    kind: 'string',
    description,
    required: false,
    choices,
    ...(o.autocomplete ? { autocomplete: true, maxLength: Math.max(...values.map((v) => v.length)) } : {}),
  });
}

/** Suggestions for a choice option declared with `autocomplete`: its values, by prefix or word. */
export function choiceSuggestions(s: OptionSpec, typed: string): { name: string; value: string }[] {
  const q = typed.trim().toLowerCase();
  const all = s.choices ?? [];
  const hits = all.filter((c) => !q || c.value.toLowerCase().startsWith(q) || c.name.toLowerCase().includes(q));
  return (hits.length ? hits : all).slice(0, 25);
}

// ---- derivations: Discord JSON and zod ----------------------------------------------------

const KIND_TYPE: Record<OptionKind, number> = {
  string: OPT_STRING,
  integer: OPT_INTEGER,
  number: OPT_NUMBER,
  boolean: OPT_BOOLEAN,
  user: OPT_USER,
  attachment: OPT_ATTACHMENT,
};

/** A user id as Discord sends it, or as typed: an id or a mention `<@123>` / `<@!123>`. */
const USER_ID = /^(?:<@!?)?([\w-]{1,32})>?$/;

/** The option as Discord receives it. */
export function discordOption(name: string, s: OptionSpec): APIApplicationCommandBasicOption {
  // Autocompleted choices are validated by the schema, not listed to Discord.
  const listed = s.autocomplete ? undefined : s.choices;
  const choices: APIApplicationCommandOptionChoice<string>[] | undefined = listed?.map((c) => ({ ...c }));
  return {
    type: KIND_TYPE[s.kind],
    name,
    description: s.description,
    required: s.required,
    ...(s.min !== undefined ? { min_value: s.min } : {}),
    ...(s.max !== undefined ? { max_value: s.max } : {}),
    ...(s.kind === 'string' && s.maxLength !== undefined && !choices ? { max_length: s.maxLength } : {}),
    ...(s.autocomplete ? { autocomplete: true } : {}),
    ...(choices ? { choices } : {}),
  } as APIApplicationCommandBasicOption;
}

function rangeText(name: string, s: OptionSpec): string {
  const example = s.example !== undefined ? ` (for example \`${name}:${s.example}\`)` : '';
  return `\`${name}\` must be a whole number from ${s.min!.toLocaleString('en-US')} to ${s.max!.toLocaleString('en-US')}${example}`;
}

/** The zod schema of one option's value, with messages a player understands. */
export function valueSchema(name: string, s: OptionSpec): z.ZodType {
  let schema: z.ZodType;
  switch (s.kind) {
    case 'integer': {
      const msg = rangeText(name, s);
      schema = z.number({ error: msg }).int({ error: msg }).min(s.min!, { error: msg }).max(s.max!, { error: msg });
      break;
    }
    case 'number': {
      const msg = rangeText(name, s).replace('a whole number', 'a number');
      schema = z.number({ error: msg }).min(s.min!, { error: msg }).max(s.max!, { error: msg });
      break;
    }
    case 'boolean':
      schema = z.boolean({ error: `\`${name}\` must be true or false` });
      break;
    case 'user': {
      const msg = `\`${name}\` must be a user (a mention or a user id)`;
      const bare = (v: unknown) => (typeof v === 'string' ? (USER_ID.exec(v.trim())?.[1] ?? v) : v);
      schema = z.preprocess(bare, z.string({ error: msg }).regex(/^[\w-]{1,32}$/, { error: msg }));
      break;
    }
    case 'attachment':
      schema = z
        .string({ error: `\`${name}\` must be an attached file` })
        .trim()
        .min(1)
        .max(1000);
      break;
    case 'string':
      if (s.choices) {
        const values = s.choices.map((c) => c.value) as [string, ...string[]];
        // Typed values (console, autocompleted options) match a value or a name in any case.
        const canonical = (v: unknown) => {
          if (typeof v !== 'string') return v;
          const t = v.trim().toLowerCase();
          return s.choices!.find((c) => c.value.toLowerCase() === t || c.name.toLowerCase() === t)?.value ?? v;
        };
        schema = z.preprocess(canonical, z.enum(values, { error: `\`${name}\` must be one of: ${values.join(', ')}` }));
      } else {
        const max = s.maxLength ?? 100;
        let str = z
          .string()
          .trim()
          .min(1, { error: `\`${name}\` can't be empty` })
          .max(max, { error: `\`${name}\` must be at most ${max} characters` });
        if (s.pattern) str = str.regex(s.pattern.regex, { error: `\`${name}\` ${s.pattern.message}` });
        schema = str;
      }
      break;
  }
  if (s.defaultValue !== undefined) return schema.default(s.defaultValue as never);
  return s.required ? schema : schema.optional();
}

/** Every leaf takes `hide:true` to keep its reply to the user; declared once, here. */
export const hide = boolean('Show the reply only to you');

/** Discord's JSON for a map of options: required ones first (Discord's rule), else in declared order. */
export function discordOptions(map: OptionMap): APIApplicationCommandBasicOption[] {
  const entries = Object.entries(map);
  const ordered = [...entries.filter(([, o]) => o.spec.required), ...entries.filter(([, o]) => !o.spec.required)];
  return ordered.map(([name, o]) => discordOption(name, o.spec));
}

/** The zod object validating a map of options (after console strings are coerced). */
export function optionsSchema(map: OptionMap): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, o] of Object.entries(map)) shape[name] = valueSchema(name, o.spec);
  return z.object(shape);
}
