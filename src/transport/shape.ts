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

function string(o: Obj, key: string, path: string, rule: { max?: number; match?: RegExp; optional?: boolean }) {
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
  string(o, key, path, { match: SNOWFLAKE, optional });

/** An options array (at most 25), each option checked with its own nested options. */
function options(v: unknown, path: string): void {
  if (v === undefined) return;
  if (!Array.isArray(v) || v.length > MAX_OPTIONS) throw new ShapeError(path, `an array of at most ${MAX_OPTIONS}`);
  for (let i = 0; i < v.length; i++) option(v[i], join(path, i));
}

function option(v: unknown, path: string): void {
  const o = object(v, path);
  string(o, 'name', path, { max: 100 });
  integer(o, 'type', path);
  const value = o.value;
  const valueOk =
    value === undefined ||
    (typeof value === 'string' && value.length <= 6000) ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean';
  if (!valueOk) throw new ShapeError(join(path, 'value'), 'a string, a number or a boolean');
  options(o.options, join(path, 'options'));
  boolean(o, 'focused', path);
}

function user(v: unknown, path: string, partial = false): void {
  const o = object(v, path);
  snowflake(o, 'id', path, partial);
  string(o, 'username', path, { max: 100, optional: true });
}

/** Each key a snowflake, each value checked by `check`. */
function record(v: unknown, path: string, check: (value: unknown, path: string) => void): void {
  const o = optionalObject(v, path);
  if (!o) return;
  for (const key of Object.keys(o)) {
    if (!SNOWFLAKE.test(key)) throw new ShapeError(join(path, key), 'a snowflake as the key');
    check(o[key], join(path, key));
  }
}

function attachment(v: unknown, path: string): void {
  const o = object(v, path);
  string(o, 'url', path, { max: 2000 });
  integer(o, 'size', path);
  if ((o.size as number) < 0) throw new ShapeError(join(path, 'size'), 'a size of at least 0');
  string(o, 'filename', path, { max: 300, optional: true });
  string(o, 'content_type', path, { max: 200, optional: true });
}

function resolvedMessage(v: unknown, path: string): void {
  const o = object(v, path);
  string(o, 'content', path, { max: 4000, optional: true });
  if (o.author !== undefined) user(o.author, join(path, 'author'), true);
}

function data(v: unknown, path: string): void {
  const o = optionalObject(v, path);
  if (!o) return;
  string(o, 'name', path, { max: 32, optional: true });
  options(o.options, join(path, 'options'));
  string(o, 'custom_id', path, { max: 100, optional: true });
  integer(o, 'type', path, true);
  snowflake(o, 'target_id', path, true);
  const resolved = optionalObject(o.resolved, join(path, 'resolved'));
  if (resolved) {
    record(resolved.attachments, join(path, 'resolved.attachments'), attachment);
    record(resolved.messages, join(path, 'resolved.messages'), resolvedMessage);
  }
}

/** The interaction, or a ShapeError naming the first field that is not as Discord sends it. */
export function interactionShape(json: unknown): RawInteraction {
  const i = object(json, '');
  snowflake(i, 'id', '');
  integer(i, 'type', '');
  string(i, 'token', '', { match: TOKEN });
  snowflake(i, 'application_id', '');
  data(i.data, 'data');
  const member = optionalObject(i.member, 'member', true);
  if (member) {
    if (member.user !== undefined) user(member.user, 'member.user');
    string(member, 'permissions', 'member', { match: PERMISSIONS, optional: true });
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
