// Small builders for option JSON, so command files stay short and every option gets
// the same treatment (limits, the `hide` flag, version choices).
import type {
  APIApplicationCommandBasicOption,
  APIApplicationCommandOptionChoice,
} from 'discord-api-types/v10';
import { z } from 'zod';
import { CRAWL_VERSIONS, NETHACK_VERSIONS } from '../engine/cite.ts';

// Discord option type numbers (ApplicationCommandOptionType).
export const OPT_STRING = 3;
export const OPT_INTEGER = 4;
export const OPT_BOOLEAN = 5;
export const OPT_NUMBER = 10;

interface Common {
  required?: boolean;
}

export function stringOption(
  name: string,
  description: string,
  o: Common & { autocomplete?: boolean; choices?: readonly (string | { name: string; value: string })[]; maxLength?: number } = {},
): APIApplicationCommandBasicOption {
  const choices: APIApplicationCommandOptionChoice<string>[] | undefined = o.choices?.map((c) =>
    typeof c === 'string' ? { name: c, value: c } : c,
  );
  return {
    type: OPT_STRING,
    name,
    description,
    required: o.required ?? false,
    ...(o.autocomplete ? { autocomplete: true } : {}),
    ...(choices ? { choices } : {}),
    ...(o.maxLength ? { max_length: o.maxLength } : {}),
  } as APIApplicationCommandBasicOption;
}

export function integerOption(
  name: string,
  description: string,
  o: Common & { min?: number; max?: number; autocomplete?: boolean } = {},
): APIApplicationCommandBasicOption {
  return {
    type: OPT_INTEGER,
    name,
    description,
    required: o.required ?? false,
    ...(o.min !== undefined ? { min_value: o.min } : {}),
    ...(o.max !== undefined ? { max_value: o.max } : {}),
    ...(o.autocomplete ? { autocomplete: true } : {}),
  } as APIApplicationCommandBasicOption;
}

export function numberOption(name: string, description: string, o: Common & { min?: number; max?: number } = {}): APIApplicationCommandBasicOption {
  return {
    type: OPT_NUMBER,
    name,
    description,
    required: o.required ?? false,
    ...(o.min !== undefined ? { min_value: o.min } : {}),
    ...(o.max !== undefined ? { max_value: o.max } : {}),
  } as APIApplicationCommandBasicOption;
}

export function booleanOption(name: string, description: string, o: Common = {}): APIApplicationCommandBasicOption {
  return { type: OPT_BOOLEAN, name, description, required: o.required ?? false } as APIApplicationCommandBasicOption;
}

/** Every command takes `hide:true` to make its reply visible only to the user. */
export const hideOption = booleanOption('hide', 'Show the reply only to you');
export const hideSchema = z.boolean().optional();

export const nethackVersionOption = stringOption('version', 'NetHack version (default 3.6.7)', { choices: NETHACK_VERSIONS });
export const nethackVersionSchema = z.enum(NETHACK_VERSIONS).default('3.6.7');

export const crawlVersionOption = stringOption('version', 'Crawl version (default 0.13)', { choices: CRAWL_VERSIONS });
export const crawlVersionSchema = z.enum(CRAWL_VERSIONS).default('0.13');

/** Whole numbers with friendly messages; zod's defaults are too terse for players. */
export function intIn(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });
}
