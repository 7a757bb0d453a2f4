// The shape of an interaction as Discord POSTs it to the HTTP endpoint, checked by hand: this runs
// on every request, and a zod schema of the same rules cost more than everything else the endpoint
// does for a `/nethack status` but the signature check (it was a third of the per-request CPU).
// test/transport/shape.test.ts holds those rules as a zod schema and checks that both accept and
// refuse the same values. A value that passes is returned as it is (no copy, unknown keys kept:
// nothing reads them).
import type { RawAttachment, RawOption } from './interaction.ts';

/** A user as interactions carry it (member.user, user, a message's author). */
export interface RawUser {
  id: string;
  username?: string;
}

export interface RawInteraction {
  id: string;
  type: number;
  /** Goes into webhook URLs: nothing but the characters Discord uses. */
  token: string;
  application_id: string;
  data?: {
    name?: string;
    options?: RawOption[];
    custom_id?: string;
    /** A message command (type 3): the message it targets, as Discord resolved it. */
    type?: number;
    target_id?: string;
    resolved?: {
      /** Attachment options (type 11): Discord's CDN address and size of each file. */
      attachments?: Record<string, RawAttachment>;
      messages?: Record<string, { content?: string; author?: Partial<RawUser> }>;
    };
  };
  member?: { user?: RawUser; permissions?: string } | null;
  user?: RawUser | null;
  guild_id?: string;
  channel_id?: string;
  channel?: { id?: string } | null;
  message?: { flags?: number } | null;
}

/** Why a value is not an interaction: where (`data.options.0.name`) and what was expected. */
export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || 'body'}: expected ${expected}`);
  }
}

type Obj = Record<string, unknown>;

const SNOWFLAKE = /^\d{1,20}$/;
const TOKEN = /^[\w.-]{1,500}$/;
const PERMISSIONS = /^\d{1,30}$/;
const MAX_OPTIONS = 25;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function object(v: unknown, path: string): Obj {
  if (!isObject(v)) throw new ShapeError(path, 'an object');
  return v;
}

/** An optional object: absent (undefined), or null too when `nullable`. */
function optionalObject(v: unknown, path: string, nullable = false): Obj | undefined {
  if (v === undefined || (nullable && v === null)) return undefined;
  return object(v, path);
}

interface StringRule {
  max?: number;
  match?: RegExp;
  optional?: boolean;
}

// The rules are constants, and the paths of fields within arrays and records are built only when a
// field fails (within()): a well-formed interaction is checked without building any.
const NAME: StringRule = { max: 100 };
const SNOWFLAKE_RULE: StringRule = { match: SNOWFLAKE };
const OPTIONAL_SNOWFLAKE: StringRule = { match: SNOWFLAKE, optional: true };
const OPTIONAL_USERNAME: StringRule = { max: 100, optional: true };
const URL_RULE: StringRule = { max: 2000 };
const OPTIONAL_FILENAME: StringRule = { max: 300, optional: true };
const OPTIONAL_CONTENT_TYPE: StringRule = { max: 200, optional: true };
const OPTIONAL_CONTENT: StringRule = { max: 4000, optional: true };
const OPTIONAL_COMMAND_NAME: StringRule = { max: 32, optional: true };
const OPTIONAL_CUSTOM_ID: StringRule = { max: 100, optional: true };
const TOKEN_RULE: StringRule = { match: TOKEN };
const OPTIONAL_PERMISSIONS: StringRule = { match: PERMISSIONS, optional: true };

function string(o: Obj, key: string, path: string, rule: StringRule) {
  const v = o[key];
  if (v === undefined && rule.optional) return;
  const ok =
    typeof v === 'string' && (rule.max === undefined || v.length <= rule.max) && (!rule.match || rule.match.test(v));
  if (!ok) throw new ShapeError(join(path, key), rule.match ? `a string matching ${rule.match}` : 'a string');
}

function integer(o: Obj, key: string, path: string, optional = false): void {
  const v = o[key];
  if (v === undefined && optional) return;
  if (!Number.isSafeInteger(v)) throw new ShapeError(join(path, key), 'an integer');
}

function boolean(o: Obj, key: string, path: string): void {
  const v = o[key];
  if (v !== undefined && typeof v !== 'boolean') throw new ShapeError(join(path, key), 'true or false');
}

const snowflake = (o: Obj, key: string, path: string, optional = false) =>
  string(o, key, path, optional ? OPTIONAL_SNOWFLAKE : SNOWFLAKE_RULE);

/** `err` (a ShapeError naming a path within `prefix`) naming its whole path. */
function within(err: unknown, prefix: string): unknown {
  if (!(err instanceof ShapeError)) return err;
  return new ShapeError(err.path ? join(prefix, err.path) : prefix, err.expected);
}

/** An options array (at most 25), each option checked with its own nested options. */
function options(v: unknown, path: string): void {
  if (v === undefined) return;
  if (!Array.isArray(v) || v.length > MAX_OPTIONS) throw new ShapeError(path, `an array of at most ${MAX_OPTIONS}`);
  for (let i = 0; i < v.length; i++) {
    try {
      option(v[i]);
    } catch (err) {
      throw within(err, join(path, i));
    }
  }
}

/** One option; the paths it throws are within the option. */
function option(v: unknown): void {
  const o = object(v, '');
  string(o, 'name', '', NAME);
  integer(o, 'type', '');
  const value = o.value;
  const valueOk =
    value === undefined ||
    (typeof value === 'string' && value.length <= 6000) ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean';
  if (!valueOk) throw new ShapeError('value', 'a string, a number or a boolean');
  options(o.options, 'options');
  boolean(o, 'focused', '');
}

function user(v: unknown, path: string, partial = false): void {
  const o = object(v, path);
  snowflake(o, 'id', path, partial);
  string(o, 'username', path, OPTIONAL_USERNAME);
}

/** Each key a snowflake, each value checked by `check` (the paths it throws are within the value). */
function record(v: unknown, path: string, check: (value: unknown) => void): void {
  const o = optionalObject(v, path);
  if (!o) return;
  for (const key of Object.keys(o)) {
    if (!SNOWFLAKE.test(key)) throw new ShapeError(join(path, key), 'a snowflake as the key');
    try {
      check(o[key]);
    } catch (err) {
      throw within(err, join(path, key));
    }
  }
}

function attachment(v: unknown): void {
  const o = object(v, '');
  string(o, 'url', '', URL_RULE);
  integer(o, 'size', '');
  if ((o.size as number) < 0) throw new ShapeError('size', 'a size of at least 0');
  string(o, 'filename', '', OPTIONAL_FILENAME);
  string(o, 'content_type', '', OPTIONAL_CONTENT_TYPE);
}

function resolvedMessage(v: unknown): void {
  const o = object(v, '');
  string(o, 'content', '', OPTIONAL_CONTENT);
  if (o.author !== undefined) user(o.author, 'author', true);
}

function data(v: unknown): void {
  const o = optionalObject(v, 'data');
  if (!o) return;
  string(o, 'name', 'data', OPTIONAL_COMMAND_NAME);
  options(o.options, 'data.options');
  string(o, 'custom_id', 'data', OPTIONAL_CUSTOM_ID);
  integer(o, 'type', 'data', true);
  snowflake(o, 'target_id', 'data', true);
  const resolved = optionalObject(o.resolved, 'data.resolved');
  if (resolved) {
    record(resolved.attachments, 'data.resolved.attachments', attachment);
    record(resolved.messages, 'data.resolved.messages', resolvedMessage);
  }
}

/** The interaction, or a ShapeError naming the first field that is not as Discord sends it. */
export function interactionShape(json: unknown): RawInteraction {
  const i = object(json, '');
  snowflake(i, 'id', '');
  integer(i, 'type', '');
  string(i, 'token', '', TOKEN_RULE);
  snowflake(i, 'application_id', '');
  data(i.data);
  const member = optionalObject(i.member, 'member', true);
  if (member) {
    if (member.user !== undefined) user(member.user, 'member.user');
    string(member, 'permissions', 'member', OPTIONAL_PERMISSIONS);
  }
  if (i.user !== undefined && i.user !== null) user(i.user, 'user');
  snowflake(i, 'guild_id', '', true);
  snowflake(i, 'channel_id', '', true);
  const channel = optionalObject(i.channel, 'channel', true);
  if (channel) snowflake(channel, 'id', 'channel', true);
  const message = optionalObject(i.message, 'message', true);
  if (message) integer(message, 'flags', 'message', true);
  return i as unknown as RawInteraction;
}
