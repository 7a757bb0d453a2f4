// Per-user and per-server defaults (/settings): the NetHack and Crawl versions a command uses
// when the user names none, compact or detailed replies, and charts on or off. Stored in the same
// store as heroes, one small record per user and per server, validated with zod on every read.
// Reads have a short deadline: a slow or unavailable store must never stop a stateless answer,
// so the pipeline then falls back to the built-in defaults (and says nothing is wrong).
import { z } from 'zod';
import { CRAWL_VERSIONS, DEFAULT_CRAWL_VERSION, DEFAULT_NETHACK_VERSION, NETHACK_VERSIONS } from '../engine/cite.ts';
import type { Store } from '../store/store.ts';

export const REPLY_STYLES = ['compact', 'detailed'] as const;
export type ReplyStyle = (typeof REPLY_STYLES)[number];

export const SettingValuesSchema = z.object({
  nethackVersion: z.enum(NETHACK_VERSIONS).optional(),
  crawlVersion: z.enum(CRAWL_VERSIONS).optional(),
  replies: z.enum(REPLY_STYLES).optional(),
  chart: z.boolean().optional(),
});
export type SettingValues = z.infer<typeof SettingValuesSchema>;
export type SettingName = keyof SettingValues;
export const SETTING_NAMES: readonly SettingName[] = ['nethackVersion', 'crawlVersion', 'replies', 'chart'];

export const SettingsRecordSchema = z.object({
  schemaVersion: z.literal(1),
  values: SettingValuesSchema,
  updatedAt: z.string(),
});
export type SettingsRecord = z.infer<typeof SettingsRecordSchema>;

/** What applies when neither the user nor the server chose. */
export const BUILT_IN: Required<SettingValues> = {
  nethackVersion: DEFAULT_NETHACK_VERSION,
  crawlVersion: DEFAULT_CRAWL_VERSION,
  replies: 'compact',
  chart: false,
};

export type SettingSource = 'user' | 'server' | 'built-in';

/** The settings one invocation sees. */
export interface SettingsView {
  user: SettingValues;
  server: SettingValues;
  /** The user's choice, else the server's; only chosen values (the pipeline fills options from these). */
  chosen: SettingValues;
  /** Every setting with where it came from. */
  effective: { [K in SettingName]: { value: Required<SettingValues>[K]; source: SettingSource } };
  /** True when the store did not answer in time (or failed): built-in defaults were used. */
  degraded: boolean;
}

export const userSettingsKey = (userId: string) => `hungerbot:settings:user:${userId}`;
export const serverSettingsKey = (guildId: string) => `hungerbot:settings:guild:${guildId}`;

/** Discord permission bits (ADMINISTRATOR 1 << 3, MANAGE_GUILD 1 << 5). */
const ADMINISTRATOR = 1n << 3n;
const MANAGE_GUILD = 1n << 5n;

/** May this member change the server's defaults? (Manage Server, or Administrator.) */
export function canManageServer(permissions: string | undefined): boolean {
  if (!permissions || !/^\d+$/.test(permissions)) return false;
  const bits = BigInt(permissions);
  return (bits & MANAGE_GUILD) !== 0n || (bits & ADMINISTRATOR) !== 0n;
}

export function viewOf(user: SettingValues, server: SettingValues, degraded = false): SettingsView {
  const chosen: SettingValues = { ...server, ...stripUndefined(user) };
  const effective = {} as SettingsView['effective'];
  for (const name of SETTING_NAMES) {
    const source: SettingSource =
      user[name] !== undefined ? 'user' : server[name] !== undefined ? 'server' : 'built-in';
    (effective as Record<string, unknown>)[name] = { value: chosen[name] ?? BUILT_IN[name], source };
  }
  return { user, server, chosen, effective, degraded };
}

export const BUILT_IN_VIEW: SettingsView = viewOf({}, {});

const views = new WeakMap<SettingValues, WeakMap<SettingValues, SettingsView>>();

/**
 * viewOf, made once per pair of values objects: the cache hands out the same objects until a
 * record is read again or written, so every command of a user in that time shares one view.
 */
function viewFor(user: SettingValues, server: SettingValues): SettingsView {
  let byServer = views.get(user);
  if (!byServer) views.set(user, (byServer = new WeakMap()));
  let view = byServer.get(server);
  if (!view) byServer.set(server, (view = viewOf(user, server)));
  return view;
}

function stripUndefined(v: SettingValues): SettingValues {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as SettingValues;
}

/** Nothing chosen: one shared object, so views of it are made once (viewFor). */
const NONE: SettingValues = {};

/** A stored record's values, or none when it is absent or unreadable (never throws). */
function valuesOf(raw: unknown): SettingValues {
  if (raw === undefined || raw === null) return NONE;
  const parsed = SettingsRecordSchema.safeParse(raw);
  return parsed.success ? parsed.data.values : {};
}

/** How long a command waits for the settings before it answers with the built-in defaults. */
export const SETTINGS_DEADLINE_MS = 200;

/**
 * Settings change rarely and every command reads them. On a store of one machine (SQLite, memory)
 * each process keeps what it read for a few seconds (per store and key): a change made here is
 * seen here at once (writeSettings updates the cache). On Redis and PostgreSQL, the stores of
 * several shards and HTTP replicas, nothing is kept: behind a load balancer a user's next command
 * usually lands on another replica, which must see the change at once (two reads of a small key).
 */
export const SETTINGS_CACHE_MS = 5000;

/** A record's values as read at `until - SETTINGS_CACHE_MS`; `refreshing` once its fresh read has started. */
interface CachedRecord {
  values: SettingValues;
  until: number;
  refreshing?: boolean;
}
const caches = new WeakMap<Store, Map<string, CachedRecord>>();

/** How long this process may keep settings read from `store`: 0 when other processes share it. */
export function settingsCacheMs(store: Pick<Store, 'kind'>): number {
  return store.kind === 'redis' || store.kind === 'postgres' ? 0 : SETTINGS_CACHE_MS;
}

function cacheOf(store: Store): Map<string, CachedRecord> | undefined {
  if (settingsCacheMs(store) === 0) return undefined;
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  return cache;
}

/**
 * One settings record's values when this process's cache holds them, else undefined. A record used
 * in the second half of its time is read again in the background (refreshAhead), so a user who keeps
 * asking never waits for the store, and what they get is never older than SETTINGS_CACHE_MS, as before.
 */
function cachedValues(store: Store, key: string, now: number): SettingValues | undefined {
  const cache = cacheOf(store);
  const hit = cache?.get(key);
  if (!hit || hit.until <= now) return undefined;
  if (!hit.refreshing && hit.until - now < SETTINGS_CACHE_MS / 2) refreshAhead(store, cache!, key, hit);
  return hit.values;
}

/**
 * Reads `key` again and keeps the values from the time the read started. A write made here meanwhile
 * (writeSettings, forgetSettings) has replaced the entry: the read, maybe older, is dropped then. A
 * failed read changes nothing (the entry runs out and the next command reads the store itself).
 */
function refreshAhead(store: Store, cache: Map<string, CachedRecord>, key: string, hit: CachedRecord): void {
  hit.refreshing = true;
  const startedAt = Date.now();
  store.get(key).then(
    (raw) => {
      if (cache.get(key) === hit) cache.set(key, { values: valuesOf(raw), until: startedAt + SETTINGS_CACHE_MS });
    },
    () => {},
  );
}

/** One settings record's values, from this process's cache or the store. */
async function valuesAt(store: Store, key: string): Promise<SettingValues> {
  const cache = cacheOf(store);
  const hit = cachedValues(store, key, Date.now());
  if (hit) return hit;
  const values = valuesOf(await store.get(key));
  if (cache) {
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { values, until: Date.now() + SETTINGS_CACHE_MS });
  }
  return values;
}

/** The settings readSettings() gives when both records are in this process's cache, else undefined. */
export function cachedSettings(store: Store, who: { userId: string; guildId?: string }): SettingsView | undefined {
  const now = Date.now();
  const user = cachedValues(store, userSettingsKey(who.userId), now);
  const server = who.guildId ? cachedValues(store, serverSettingsKey(who.guildId), now) : NONE;
  return user && server ? viewFor(user, server) : undefined;
}

/**
 * The user's and the server's settings, within `deadlineMs`. On timeout or any store error the
 * built-in view comes back, marked degraded; the caller logs it and answers anyway.
 */
export async function readSettings(
  store: Store,
  who: { userId: string; guildId?: string },
  deadlineMs = SETTINGS_DEADLINE_MS,
): Promise<SettingsView> {
  // Both records in this process's cache: no store call, so no deadline to arm.
  const cached = cachedSettings(store, who);
  if (cached) return cached;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
    timer.unref();
  });
  const read = Promise.all([
    valuesAt(store, userSettingsKey(who.userId)),
    who.guildId ? valuesAt(store, serverSettingsKey(who.guildId)) : NONE,
  ]).then(
    ([user, server]) => viewFor(user, server),
    () => null,
  );
  try {
    const view = await Promise.race([read, timeout]);
    return view ?? viewOf({}, {}, true);
  } finally {
    clearTimeout(timer);
  }
}

/** Change (or with `reset`, clear) one scope's settings atomically; returns the stored values. */
export async function writeSettings(
  store: Store,
  key: string,
  change: SettingValues,
  opts: { reset?: boolean; now?: string } = {},
): Promise<SettingValues> {
  const now = opts.now ?? new Date().toISOString();
  const stored = await store.update(key, (current) => {
    const values = opts.reset ? stripUndefined(change) : { ...valuesOf(current), ...stripUndefined(change) };
    if (Object.keys(values).length === 0) return { delete: true as const, result: values };
    const record: SettingsRecord = { schemaVersion: 1, values, updatedAt: now };
    return { value: SettingsRecordSchema.parse(record), result: values };
  });
  cacheOf(store)?.set(key, { values: stored, until: Date.now() + SETTINGS_CACHE_MS });
  return stored;
}

/** Delete one scope's settings record for good, readable or not (a user deleting all their data). */
export async function forgetSettings(store: Store, key: string): Promise<void> {
  await store.delete(key);
  cacheOf(store)?.set(key, { values: {}, until: Date.now() + SETTINGS_CACHE_MS });
}
