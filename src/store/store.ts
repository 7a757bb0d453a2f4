// The one storage module. Records are kept in Keyv's format and tables (a `keyv` table of
// key/value text in SQL, plain strings in Redis, each value a `{"value":…}` envelope), so
// Keyv itself can still read them, but every operation goes through the backend's own
// primitives so that it can be timed, fenced and never delete on read:
// - update() is an atomic compare-and-set on the stored text (a conditional statement in SQL,
//   a Lua script in Redis). Each write carries a fence: a moment on the store's own clock after
//   which the store refuses it, so a write the bot gave up on can never land later.
// - every command has a timeout (a paused or black-holed store answers "slow", not never);
// - a stored text that is not a readable Keyv envelope is reported as an UnreadableRecordError,
//   distinct from the store being down, and left exactly as it is;
// - setIfAbsent() is an atomic "set if absent with a TTL" (interaction de-duplication,
//   one-use confirmation nonces), shared by every process on the same store.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Keyv from 'keyv';
import { StorageError } from '../errors.ts';
import { raceDeadline } from '../deadlines.ts';

export type StoreKind = 'sqlite' | 'redis' | 'postgres' | 'memory';

/** What an update function decides: write `value`, delete the key, or leave it as it is. */
export type UpdateDecision<T> = { result: T } & ({ value: unknown } | { delete: true } | { keep: true });

/** A stored text that is not a readable record: why, and the text exactly as stored. */
export class UnreadableRecord {
  constructor(
    readonly raw: string,
    readonly reason: string,
  ) {}
}

/** The stored text of a key is not a readable record. The record is left untouched. */
export class UnreadableRecordError extends Error {
  override readonly name = 'UnreadableRecordError';
  constructor(
    readonly key: string,
    readonly raw: string,
    readonly reason: string,
  ) {
    super(`stored record ${key} is unreadable: ${reason}`);
  }
}

/**
 * The store did not answer in time. `written` says whether a write had been sent: false means
 * nothing was changed; true means the write was sent but not confirmed (its fence stops it from
 * landing later, but it may have landed just before the deadline).
 */
export class StoreTimeoutError extends StorageError {
  constructor(
    readonly op: string,
    readonly written: boolean,
    readonly timeoutMs: number,
  ) {
    super(`store ${op} did not answer within ${timeoutMs} ms${written ? ' (write sent, not confirmed)' : ''}`);
  }
}

/**
 * A write was sent but the connection failed before the store confirmed it: it either landed or
 * not (never later: the connection that carried it is gone, and its fence still holds).
 */
export class StoreUnconfirmedError extends StorageError {
  readonly written = true;
  constructor(
    readonly op: string,
    cause: unknown,
  ) {
    super(`store ${op} was sent but not confirmed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** What is stored under a key, decoded when it can be. Never changes the store. */
export type StoredRecord =
  | { state: 'absent' }
  | { state: 'readable'; value: unknown; raw: string }
  | { state: 'unreadable'; raw: string; reason: string };

export interface UpdateOptions {
  /** Call `fn` with an UnreadableRecord instead of failing (to delete a broken record). */
  acceptUnreadable?: boolean;
}

export interface Store {
  readonly kind: StoreKind;
  /** Where the data lives, without credentials (for logs). */
  readonly location: string;
  /** The decoded value; undefined when absent. Throws UnreadableRecordError for a broken record. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** The stored text and its decoding, readable or not (for export and recovery). */
  inspect(key: string): Promise<StoredRecord>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  /**
   * Atomic read-modify-write of one key. `fn` sees the current value (undefined when absent)
   * and may run again if another writer got there first, so it must be free of side effects.
   * Throwing from `fn` aborts with nothing written.
   */
  update<T>(
    key: string,
    fn: (current: unknown) => UpdateDecision<T> | Promise<UpdateDecision<T>>,
    opts?: UpdateOptions,
  ): Promise<T>;
  /** Atomically create a marker that lives `ttlMs`; false when a live one already exists. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /** Remove a live marker; true when there was one (so exactly one caller consumes it). */
  consume(key: string): Promise<boolean>;
  /** A value that lives `ttlMs` and then disappears by itself (stored button payloads). */
  setTemp(key: string, value: unknown, ttlMs: number): Promise<void>;
  /** A live temporary value, or undefined when absent or expired. */
  getTemp<T = unknown>(key: string): Promise<T | undefined>;
  /** One round trip to the store (readiness checks); rejects like any other command. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Longest wait for any one store command. */
  timeoutMs?: number;
  /** Most updates of one key that may wait in this process (beyond that: "storage is busy"). */
  maxWaitingPerKey?: number;
  /** Told about every failed store command (metrics): the operation and how it failed. */
  onError?: (op: string, failure: StoreFailure) => void;
  /**
   * memory:// only: setIfAbsent() markers (interaction ids) kept at most, the oldest forgotten first
   * (HTTP_REPLAY_IDS_MAX; why that is safe: DEFAULT_REPLAY_IDS_MAX in transport/http.ts).
   */
  memoryMarkersMax?: number;
}

/** How a store command failed: no answer in time, a write sent but not confirmed, or the store unreachable. */
export type StoreFailure = 'timeout' | 'unconfirmed' | 'unavailable';

export const DEFAULT_STORE_TIMEOUT_MS = 2000;
/** memory:// setIfAbsent() markers kept at most by default (HTTP_REPLAY_IDS_MAX's default). */
export const DEFAULT_MEMORY_MARKERS_MAX = 100_000;
const DEFAULT_MAX_WAITING_PER_KEY = 1000;
const MAX_CAS_ATTEMPTS = 200;

type CasOutcome = 'swapped' | 'conflict' | 'late';

/** What each backend provides, on raw stored text. */
interface Backend {
  readRaw(key: string): Promise<string | undefined>;
  writeRaw(key: string, text: string): Promise<void>;
  deleteRaw(key: string): Promise<boolean>;
  /**
   * expected undefined: the key must be absent; next undefined: delete. The store refuses the
   * write ('late') once its own clock passes `fenceMs` (our epoch milliseconds).
   */
  compareAndSet(
    key: string,
    expected: string | undefined,
    next: string | undefined,
    fenceMs: number,
  ): Promise<CasOutcome>;
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  consume(key: string): Promise<boolean>;
  /** Markers may carry a text: written unconditionally, read while live. */
  putTemp(key: string, text: string, ttlMs: number): Promise<void>;
  getTemp(key: string): Promise<string | undefined>;
  ping(): Promise<void>;
  /** Re-measure the store's clock after a write was refused as late while we were on time. */
  resyncClock?(): Promise<void>;
  /** The error proves the command never reached the store (offline, connection refused). */
  notSent?(err: unknown): boolean;
  /** The error is the client library's own command timeout. */
  isTimeout?(err: unknown): boolean;
  close(): Promise<void>;
}

export function describeStoreUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    if (u.username) u.username = u.username ? '***' : '';
    return u.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

/** Keyv's own serializer, so stored records stay readable by Keyv. */
const codec = new Keyv({ store: new Map() });

/** Decode a stored text; an UnreadableRecord when it is not a live Keyv envelope. Pure: never deletes. */
export function decodeStored(raw: string, now = Date.now()): { value: unknown } | UnreadableRecord {
  if (raw.trim() === '') return new UnreadableRecord(raw, 'the stored text is empty');
  let envelope: unknown;
  try {
    envelope = codec.deserialize!(raw);
  } catch {
    return new UnreadableRecord(raw, 'the stored text is not valid JSON');
  }
  if (envelope instanceof Promise) throw new Error('the Keyv deserializer must be synchronous');
  if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope) || !('value' in envelope)) {
    return new UnreadableRecord(
      raw,
      `the stored JSON is ${envelope === null ? 'null' : 'not a Keyv record'} (no "value" envelope)`,
    );
  }
  const expires = (envelope as { expires?: unknown }).expires;
  if (expires !== undefined && expires !== null) {
    if (typeof expires !== 'number' || !Number.isFinite(expires))
      return new UnreadableRecord(raw, 'the record has an invalid expiry');
    // Keyv would delete such a record on read; we keep it and let its owner export or delete it.
    if (expires <= now)
      return new UnreadableRecord(raw, `the record carries an expiry in the past (${new Date(expires).toISOString()})`);
  }
  return { value: (envelope as { value: unknown }).value };
}

function encodeStored(value: unknown): string {
  const text = codec.serialize!({ value, expires: undefined });
  if (typeof text !== 'string') throw new StorageError('serializer did not produce text');
  return text;
}

function failureOf(err: StorageError): StoreFailure {
  if (err instanceof StoreUnconfirmedError || (err instanceof StoreTimeoutError && err.written)) return 'unconfirmed';
  return err instanceof StoreTimeoutError ? 'timeout' : 'unavailable';
}

/**
 * Race a promise against a deadline (on the process's shared wheel: no timer of its own per
 * command). The loser is ignored (never an unhandled rejection).
 */
function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return raceDeadline(work, ms, onTimeout);
}

/** A FIFO lock per key with a bounded, timed waiting line. */
class KeyLocks {
  private readonly waiting = new Map<string, (() => void)[]>();

  async acquire(key: string, timeoutMs: number, maxWaiting: number): Promise<() => void> {
    const line = this.waiting.get(key);
    if (!line) {
      this.waiting.set(key, []);
      return this.releaser(key);
    }
    if (line.length >= maxWaiting) throw new StorageError(`too many changes (${line.length}) are waiting for ${key}`);
    await new Promise<void>((resolvePromise, reject) => {
      const entry = () => (clearTimeout(timer), resolvePromise());
      const timer = setTimeout(() => {
        const i = line.indexOf(entry);
        if (i >= 0) line.splice(i, 1);
        reject(new StoreTimeoutError('queue', false, timeoutMs));
      }, timeoutMs);
      line.push(entry);
    });
    return this.releaser(key);
  }

  private releaser(key: string): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const line = this.waiting.get(key);
      const next = line?.shift();
      if (next) next();
      else this.waiting.delete(key);
    };
  }
}

class BackendStore implements Store {
  private readonly locks = new KeyLocks();
  private closed = false;
  /** When a command last timed out: updates that waited behind it give up at once. */
  private lastTimeoutAt = 0;
  private readonly timeoutMs: number;
  private readonly maxWaitingPerKey: number;
  private readonly onError: StoreOptions['onError'];

  constructor(
    readonly kind: StoreKind,
    readonly location: string,
    private readonly backend: Backend,
    opts: StoreOptions,
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
    this.maxWaitingPerKey = opts.maxWaitingPerKey ?? DEFAULT_MAX_WAITING_PER_KEY;
    this.onError = opts.onError;
  }

  private ensureOpen(): void {
    if (this.closed) throw new StorageError(`${this.kind} store is closed`);
  }

  /**
   * One backend command, timed; failures (a closed store included) become rejections with
   * StorageErrors naming the operation. Chained, not async: the replay check runs one per request.
   */
  private command<T>(op: string, work: () => Promise<T>, written = false): Promise<T> {
    let running: Promise<T>;
    try {
      this.ensureOpen();
      running = withTimeout(work(), this.timeoutMs, () => new StoreTimeoutError(op, written, this.timeoutMs));
    } catch (err) {
      return Promise.reject(this.failed(op, err, written));
    }
    return running.catch((err: unknown) => {
      throw this.failed(op, err, written);
    });
  }

  private failed(op: string, err: unknown, written: boolean): StorageError {
    const failure = this.storageError(op, err, written);
    this.onError?.(op, failureOf(failure));
    return failure;
  }

  private storageError(op: string, err: unknown, written: boolean): StorageError {
    if (this.backend.isTimeout?.(err)) err = new StoreTimeoutError(op, written, this.timeoutMs);
    if (err instanceof StoreTimeoutError) this.lastTimeoutAt = Date.now();
    if (err instanceof StorageError) return err;
    // A write whose connection failed may have landed: say so, never "nothing was changed".
    if (written && !this.backend.notSent?.(err)) return new StoreUnconfirmedError(`${this.kind} ${op}`, err);
    const message = err instanceof Error ? err.message : String(err);
    return new StorageError(`${this.kind} store: ${op} failed: ${message}`, { cause: err });
  }

  async inspect(key: string): Promise<StoredRecord> {
    const raw = await this.command('read', () => this.backend.readRaw(key));
    if (raw === undefined) return { state: 'absent' };
    const decoded = decodeStored(raw);
    if (decoded instanceof UnreadableRecord) return { state: 'unreadable', raw, reason: decoded.reason };
    return { state: 'readable', value: decoded.value, raw };
  }

  async get<T>(key: string): Promise<T | undefined> {
    const rec = await this.inspect(key);
    if (rec.state === 'unreadable') throw new UnreadableRecordError(key, rec.raw, rec.reason);
    return rec.state === 'absent' ? undefined : (rec.value as T);
  }

  async set(key: string, value: unknown): Promise<void> {
    const text = encodeStored(value);
    await this.command('write', () => this.backend.writeRaw(key, text));
  }

  async delete(key: string): Promise<boolean> {
    return this.command('delete', () => this.backend.deleteRaw(key));
  }

  setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return this.command('setIfAbsent', () => this.backend.setIfAbsent(key, Math.max(1, Math.round(ttlMs))));
  }

  async consume(key: string): Promise<boolean> {
    return this.command('consume', () => this.backend.consume(key));
  }

  async setTemp(key: string, value: unknown, ttlMs: number): Promise<void> {
    const text = JSON.stringify(value);
    await this.command('setTemp', () => this.backend.putTemp(key, text, Math.max(1, Math.round(ttlMs))));
  }

  async getTemp<T>(key: string): Promise<T | undefined> {
    const text = await this.command('getTemp', () => this.backend.getTemp(key));
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async ping(): Promise<void> {
    await this.command('ping', () => this.backend.ping());
  }

  async update<T>(
    key: string,
    fn: (current: unknown) => UpdateDecision<T> | Promise<UpdateDecision<T>>,
    opts: UpdateOptions = {},
  ): Promise<T> {
    this.ensureOpen();
    const queuedAt = Date.now();
    const release = await this.locks.acquire(key, this.timeoutMs * 5, this.maxWaitingPerKey);
    try {
      // The change ahead of this one timed out: the store is stalled, so do not wait again.
      if (this.lastTimeoutAt >= queuedAt) throw new StoreTimeoutError('queue', false, Date.now() - queuedAt);
      return await this.casLoop(key, fn, opts);
    } finally {
      release();
    }
  }

  /** Read, compute, compare-and-set; again from the new value when another writer won. */
  private async casLoop<T>(
    key: string,
    fn: (current: unknown) => UpdateDecision<T> | Promise<UpdateDecision<T>>,
    opts: UpdateOptions,
  ): Promise<T> {
    const giveUpAt = Date.now() + this.timeoutMs * 5;
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS && Date.now() < giveUpAt; attempt++) {
      const raw = await this.command('read', () => this.backend.readRaw(key));
      let current: unknown;
      if (raw !== undefined) {
        const decoded = decodeStored(raw);
        if (decoded instanceof UnreadableRecord) {
          if (!opts.acceptUnreadable) throw new UnreadableRecordError(key, raw, decoded.reason);
          current = decoded;
        } else current = decoded.value;
      }
      const decision = await fn(current);
      if ('keep' in decision) return decision.result;
      const next = 'delete' in decision ? undefined : encodeStored(decision.value);
      if (raw === undefined && next === undefined) return decision.result;
      const outcome = await this.fencedWrite(key, raw, next);
      if (outcome === 'swapped') return decision.result;
      // Another process wrote first: back off a little and recompute from its value.
      await new Promise((r) => setTimeout(r, Math.min(50, 1 + attempt * 2) * Math.random()));
    }
    throw new StoreTimeoutError('update (contention)', false, this.timeoutMs * 5);
  }

  /**
   * The write carries a fence a quarter of the timeout before our deadline, so a store that was
   * paused can never apply it after we have told the user it was not confirmed.
   */
  private async fencedWrite(
    key: string,
    expected: string | undefined,
    next: string | undefined,
  ): Promise<'swapped' | 'conflict'> {
    const sentAt = Date.now();
    const fence = sentAt + this.timeoutMs - Math.max(1, Math.floor(this.timeoutMs / 4));
    const outcome = await this.command('write', () => this.backend.compareAndSet(key, expected, next, fence), true);
    if (outcome !== 'late') return outcome;
    // Refused by the store's clock: nothing was written. If our own clock says we were on time,
    // the clocks drifted apart; measure again for the next write.
    if (Date.now() < fence) this.backend.resyncClock?.().catch(() => {});
    throw new StoreTimeoutError('write', false, this.timeoutMs);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.backend.close();
  }
}

// ---- SQLite -------------------------------------------------------------------------------

/** SQLite's clock as epoch milliseconds (the same clock as ours: one machine). */
const SQLITE_NOW_MS = `CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)`;

async function openSqlite(url: string, opts: StoreOptions): Promise<Store> {
  const { KeyvSqlite } = await import('@keyv/sqlite');
  const path = url.replace(/^sqlite:\/\//, '');
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  // Waiting for another writer's lock may outlast our timeout: the write's fence still holds.
  const adapter = new KeyvSqlite({
    uri: `sqlite://${path}`,
    busyTimeout: 2 * (opts.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS),
  });
  const query = (sql: string, ...params: unknown[]) =>
    adapter.query(sql, ...params) as Promise<Record<string, unknown>[]>;
  // WAL lets readers and the one writer work at once, and survives a crash mid-write.
  await query('PRAGMA journal_mode=WAL');
  await query('PRAGMA synchronous=NORMAL');
  await query(
    'CREATE TABLE IF NOT EXISTS hungerbot_markers (key VARCHAR(255) PRIMARY KEY, expires_at INTEGER NOT NULL, value TEXT)',
  );
  const table = 'keyv';
  const backend: Backend = {
    async readRaw(key) {
      const rows = await query(`SELECT COALESCE(value, '') AS value FROM ${table} WHERE key = ?`, key);
      return rows[0]?.value as string | undefined;
    },
    async writeRaw(key, text) {
      await query(
        `INSERT INTO ${table} (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
        key,
        text,
      );
    },
    async deleteRaw(key) {
      return (await query(`DELETE FROM ${table} WHERE key = ? RETURNING key`, key)).length === 1;
    },
    async compareAndSet(key, expected, next, fenceMs) {
      const onTime = `${SQLITE_NOW_MS} < ?`;
      let rows: unknown[];
      if (expected === undefined) {
        rows = await query(
          `INSERT INTO ${table} (key, value) SELECT ?, ? WHERE ${onTime} ON CONFLICT(key) DO NOTHING RETURNING key`,
          key,
          next,
          fenceMs,
        );
      } else if (next === undefined) {
        rows = await query(
          `DELETE FROM ${table} WHERE key = ? AND COALESCE(value, '') = ? AND ${onTime} RETURNING key`,
          key,
          expected,
          fenceMs,
        );
      } else {
        rows = await query(
          `UPDATE ${table} SET value = ? WHERE key = ? AND COALESCE(value, '') = ? AND ${onTime} RETURNING key`,
          next,
          key,
          expected,
          fenceMs,
        );
      }
      if (rows.length === 1) return 'swapped';
      return Date.now() >= fenceMs ? 'late' : 'conflict';
    },
    async setIfAbsent(key, ttlMs) {
      const rows = await query(
        `INSERT INTO hungerbot_markers (key, expires_at) VALUES (?, ${SQLITE_NOW_MS} + ?)
         ON CONFLICT(key) DO UPDATE SET expires_at = excluded.expires_at
         WHERE hungerbot_markers.expires_at <= ${SQLITE_NOW_MS}
         RETURNING key`,
        key,
        ttlMs,
      );
      if (Math.random() < 0.01) await query(`DELETE FROM hungerbot_markers WHERE expires_at <= ${SQLITE_NOW_MS}`);
      return rows.length === 1;
    },
    async consume(key) {
      return (
        (
          await query(
            `DELETE FROM hungerbot_markers WHERE key = ? AND expires_at > ${SQLITE_NOW_MS} RETURNING key`,
            key,
          )
        ).length === 1
      );
    },
    async putTemp(key, text, ttlMs) {
      await query(
        `INSERT INTO hungerbot_markers (key, expires_at, value) VALUES (?, ${SQLITE_NOW_MS} + ?, ?)
         ON CONFLICT(key) DO UPDATE SET expires_at = excluded.expires_at, value = excluded.value`,
        key,
        ttlMs,
        text,
      );
      if (Math.random() < 0.01) await query(`DELETE FROM hungerbot_markers WHERE expires_at <= ${SQLITE_NOW_MS}`);
    },
    async getTemp(key) {
      const sql = `SELECT value FROM hungerbot_markers WHERE key = ? AND expires_at > ${SQLITE_NOW_MS}`;
      const rows = await query(sql, key);
      return (rows[0]?.value as string | null | undefined) ?? undefined;
    },
    ping: async () => void (await query('SELECT 1')),
    // In-process: a failed statement did not commit (BUSY: it never got the write lock).
    notSent: () => true,
    close: () => adapter.disconnect(),
  };
  return new BackendStore('sqlite', `sqlite://${path}`, backend, opts);
}

// ---- Redis --------------------------------------------------------------------------------

/** Compare-and-set with a fence on Redis's own clock (TIME). Returns 1 swapped, 0 conflict, -1 late. */
const REDIS_CAS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if now >= tonumber(ARGV[5]) then return -1 end
local cur = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if cur then return 0 end
else
  if (not cur) or cur ~= ARGV[2] then return 0 end
end
if ARGV[3] == '0' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[4]) end
return 1`;

/** Delete a marker only while it exists (Redis expires it by itself). */
const MARKER_PREFIX_REDIS = 'hungerbot:marker:';

interface RedisLike {
  get(key: string): Promise<string | null>;
  set(
    key: string,
    value: string,
    opts?: { condition?: 'NX'; expiration?: { type: 'PX'; value: number } },
  ): Promise<string | null>;
  del(key: string): Promise<number>;
  eval(script: string, opts: { keys: string[]; arguments: string[] }): Promise<unknown>;
  time(): Promise<unknown>;
  ping(): Promise<unknown>;
  connect(): Promise<unknown>;
  destroy(): void;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
  on(event: 'error', listener: (err: unknown) => void): unknown;
}

async function openRedis(url: string, opts: StoreOptions): Promise<Store> {
  const { createClient } = await import('@keyv/redis');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const client = createClient({
    url,
    // Fail fast instead of queueing commands while Redis is away: the user gets a clear
    // "storage unavailable" and nothing is half-written.
    disableOfflineQueue: true,
    // Every command gives up just after our own timeout; one not yet sent is then never sent.
    commandOptions: { timeout: timeoutMs + 50 },
    commandsQueueMaxLength: 10_000,
    socket: {
      connectTimeout: Math.max(timeoutMs, 1000),
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
    },
  } as never) as unknown as RedisLike;
  client.on('error', () => {}); // reported per command; a lost connection reconnects by itself
  await withTimeout(
    client.connect(),
    Math.max(timeoutMs, 1000) + 500,
    () => new StorageError(`redis did not answer within ${timeoutMs} ms`),
  ).catch((err: unknown) => {
    client.destroy();
    throw err;
  });
  let offsetMs = 0; // Redis clock minus ours
  const measureClock = async () => {
    const before = Date.now();
    const t = (await client.time()) as unknown;
    const after = Date.now();
    const serverMs =
      t instanceof Date
        ? t.getTime()
        : Array.isArray(t)
          ? Number(t[0]) * 1000 + Math.floor(Number(t[1]) / 1000)
          : Number(t);
    if (Number.isFinite(serverMs)) offsetMs = serverMs - (before + after) / 2;
  };
  await measureClock();
  const backend: Backend = {
    async readRaw(key) {
      return (await client.get(key)) ?? undefined;
    },
    async writeRaw(key, text) {
      await client.set(key, text);
    },
    async deleteRaw(key) {
      return (await client.del(key)) > 0;
    },
    async compareAndSet(key, expected, next, fenceMs) {
      const res = Number(
        await client.eval(REDIS_CAS, {
          keys: [key],
          arguments: [
            expected === undefined ? '0' : '1',
            expected ?? '',
            next === undefined ? '0' : '1',
            next ?? '',
            String(Math.floor(fenceMs + offsetMs)),
          ],
        }),
      );
      return res === 1 ? 'swapped' : res === -1 ? 'late' : 'conflict';
    },
    async setIfAbsent(key, ttlMs) {
      return (
        (await client.set(MARKER_PREFIX_REDIS + key, '1', {
          condition: 'NX',
          expiration: { type: 'PX', value: ttlMs },
        })) === 'OK'
      );
    },
    async consume(key) {
      return (await client.del(MARKER_PREFIX_REDIS + key)) > 0;
    },
    async putTemp(key, text, ttlMs) {
      await client.set(MARKER_PREFIX_REDIS + key, text, { expiration: { type: 'PX', value: ttlMs } });
    },
    async getTemp(key) {
      return (await client.get(MARKER_PREFIX_REDIS + key)) ?? undefined;
    },
    ping: async () => void (await client.ping()),
    resyncClock: measureClock,
    notSent: (err) => ['ClientOfflineError', 'ClientClosedError'].includes((err as Error)?.constructor?.name ?? ''),
    isTimeout: (err) => (err as Error)?.constructor?.name === 'TimeoutError',
    async close() {
      try {
        await withTimeout(
          Promise.resolve(client.close ? client.close() : client.quit?.()),
          1000,
          () => new Error('quit timed out'),
        );
      } catch {
        client.destroy();
      }
    },
  };
  return new BackendStore('redis', describeStoreUrl(url), backend, opts);
}

// ---- PostgreSQL ---------------------------------------------------------------------------

const PG_NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
/** Markers set or records read in one statement, at most (a turn with more sends several). */
const PG_KEYS_PER_STATEMENT = 256;

/**
 * `run` for the items asked in one event-loop turn, together: under load every interaction sets a
 * marker (its replay check, transport/http.ts SeenIds) and reads its user's settings, and a round
 * trip each made up most of the statements a PostgreSQL store answered. Each asker gets its own
 * answer (or the batch's failure); the batch waits for nothing but the end of the turn it was asked in.
 */
export function perTurn<I, R>(run: (items: I[]) => Promise<R[]>, maxBatch: number): (item: I) => Promise<R> {
  let waiting: { item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    for (let at = 0; at < batch.length; at += maxBatch) {
      const part = batch.slice(at, at + maxBatch);
      let answers: Promise<R[]>;
      try {
        answers = run(part.map((w) => w.item));
      } catch (err) {
        answers = Promise.reject(err);
      }
      answers.then(
        (rs) => {
          for (const [i, w] of part.entries()) w.resolve(rs[i]!);
        },
        (err: unknown) => {
          for (const w of part) w.reject(err);
        },
      );
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ item, resolve, reject });
    });
}

async function openPostgres(url: string, opts: StoreOptions): Promise<Store> {
  const { default: pg } = await import('pg');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Our own timeout fires first; these are the library's backstops.
    connectionTimeoutMillis: timeoutMs + 50,
    // The client gives up on a query after this (the connection is then dropped from the pool);
    // the server cancels a statement that runs longer than the timeout by itself.
    query_timeout: timeoutMs + 50,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs * 5,
    keepAlive: true,
  });
  pool.on('error', () => {}); // an idle connection lost (server restarted): the pool replaces it
  const query = async (sql: string, params: unknown[] = []) =>
    (await pool.query(sql, params)).rows as Record<string, unknown>[];
  const table = 'keyv';
  try {
    // The same table @keyv/postgres creates, so Keyv can read these records too.
    await ensurePgTable(query, `CREATE TABLE IF NOT EXISTS ${table} (key VARCHAR(255) PRIMARY KEY, value TEXT)`);
    await ensurePgTable(
      query,
      'CREATE TABLE IF NOT EXISTS hungerbot_markers (key VARCHAR(255) PRIMARY KEY, expires_at BIGINT NOT NULL, value TEXT)',
    );
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  let offsetMs = 0; // PostgreSQL clock minus ours
  const measureClock = async () => {
    const before = Date.now();
    const rows = await query(`SELECT ${PG_NOW_MS} AS now`);
    offsetMs = Number(rows[0]!.now) - (before + Date.now()) / 2;
  };
  await measureClock();
  const onTime = (n: number) => `${PG_NOW_MS} < $${n}::bigint`;
  // setIfAbsent() calls made in one event-loop turn share one statement (perTurn).
  const setMarkers = perTurn(async (markers: { key: string; ttlMs: number }[]) => {
    // A key twice in one statement is an error in PostgreSQL; the second asker is a replay of the first.
    const first = new Map<string, number>();
    for (const [i, m] of markers.entries()) if (!first.has(m.key)) first.set(m.key, i);
    const keys = [...first.keys()];
    const rows = await query(
      `INSERT INTO hungerbot_markers (key, expires_at)
       SELECT k, ${PG_NOW_MS} + ttl FROM unnest($1::text[], $2::bigint[]) AS t(k, ttl)
       ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at
       WHERE hungerbot_markers.expires_at <= ${PG_NOW_MS}
       RETURNING key`,
      [keys, keys.map((k) => markers[first.get(k)!]!.ttlMs)],
    );
    const set = new Set(rows.map((r) => r.key as string));
    // Expired markers are deleted about once per hundred set, as ever; housekeeping never delays an answer.
    if (Math.random() < 0.01 * markers.length)
      query(`DELETE FROM hungerbot_markers WHERE expires_at <= ${PG_NOW_MS}`).catch(() => {});
    return markers.map((m, i) => first.get(m.key) === i && set.has(m.key));
  }, PG_KEYS_PER_STATEMENT);
  // Records read in one turn are read in one statement (perTurn): under load nearly every
  // interaction reads its user's settings here, and a hero command its hero too.
  const readRecords = perTurn(async (keys: string[]) => {
    const unique = [...new Set(keys)];
    // A NULL value reads as empty text (unreadable), so it can be exported and deleted too.
    const rows = await query(`SELECT key, COALESCE(value, '') AS value FROM ${table} WHERE key = ANY($1::text[])`, [
      unique,
    ]);
    const found = new Map(rows.map((r) => [r.key as string, r.value as string]));
    return keys.map((k) => found.get(k));
  }, PG_KEYS_PER_STATEMENT);
  const backend: Backend = {
    readRaw: readRecords,
    async writeRaw(key, text) {
      await query(
        `INSERT INTO ${table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [key, text],
      );
    },
    async deleteRaw(key) {
      return (await query(`DELETE FROM ${table} WHERE key = $1 RETURNING key`, [key])).length === 1;
    },
    async compareAndSet(key, expected, next, fenceMs) {
      const fence = Math.floor(fenceMs + offsetMs);
      // One statement: the clock is read once (t), the write happens only on time.
      const inTime = '(SELECT intime FROM t)';
      let write: string;
      let params: unknown[];
      if (expected === undefined) {
        write = `INSERT INTO ${table} (key, value) SELECT $1, $2 WHERE ${inTime}
                 ON CONFLICT (key) DO NOTHING RETURNING 1`;
        params = [key, next, fence];
      } else if (next === undefined) {
        write = `DELETE FROM ${table} WHERE key = $1 AND COALESCE(value, '') = $2 AND ${inTime} RETURNING 1`;
        params = [key, expected, fence];
      } else {
        write = `UPDATE ${table} SET value = $4
                 WHERE key = $1 AND COALESCE(value, '') = $2 AND ${inTime} RETURNING 1`;
        params = [key, expected, fence, next];
      }
      const rows = await query(
        `WITH t AS MATERIALIZED (SELECT ${onTime(3)} AS intime), w AS (${write})
         SELECT (SELECT intime FROM t) AS intime, (SELECT count(*) FROM w)::int AS written`,
        params,
      );
      const row = rows[0]!;
      if (row.written === 1) return 'swapped';
      return row.intime ? 'conflict' : 'late';
    },
    setIfAbsent: (key, ttlMs) => setMarkers({ key, ttlMs }),
    async consume(key) {
      return (
        (await query(`DELETE FROM hungerbot_markers WHERE key = $1 AND expires_at > ${PG_NOW_MS} RETURNING key`, [key]))
          .length === 1
      );
    },
    async putTemp(key, text, ttlMs) {
      await query(
        `INSERT INTO hungerbot_markers (key, expires_at, value) VALUES ($1, ${PG_NOW_MS} + $2::bigint, $3)
         ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at, value = excluded.value`,
        [key, ttlMs, text],
      );
      if (Math.random() < 0.01) await query(`DELETE FROM hungerbot_markers WHERE expires_at <= ${PG_NOW_MS}`);
    },
    async getTemp(key) {
      const rows = await query(`SELECT value FROM hungerbot_markers WHERE key = $1 AND expires_at > ${PG_NOW_MS}`, [
        key,
      ]);
      return (rows[0]?.value as string | null | undefined) ?? undefined;
    },
    ping: async () => void (await query('SELECT 1')),
    resyncClock: measureClock,
    // Failing to get a connection means the statement was never sent.
    notSent: (err) => {
      const e = err as { code?: string; message?: string };
      return (
        ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', '57P03'].includes(e.code ?? '') ||
        /when trying to connect|connection timeout/i.test(e.message ?? '')
      );
    },
    isTimeout: (err) => (err as Error)?.message === 'Query read timeout',
    close: () => pool.end(),
  };
  return new BackendStore('postgres', describeStoreUrl(url), backend, opts);
}

/** CREATE TABLE IF NOT EXISTS can still collide when two processes run it at once; that is fine. */
async function ensurePgTable(query: (sql: string) => Promise<unknown>, sql: string): Promise<void> {
  try {
    await query(sql);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P07') throw err;
  }
}

// ---- memory (tests) -----------------------------------------------------------------------

function openMemory(opts: StoreOptions): Store {
  const map = new Map<string, string>();
  const markers = new Map<string, number>();
  const temps = new Map<string, { text: string; at: number }>();
  const live = (key: string) => (markers.get(key) ?? 0) > Date.now();
  const markersMax = Math.max(1, opts.memoryMarkersMax ?? DEFAULT_MEMORY_MARKERS_MAX);
  // Expired entries are swept when a map doubles past its last sweep: amortized O(1) per call even
  // when none has expired yet (sweeping at every call past a fixed size cost O(size) each).
  const SWEEP_FROM = 100_000;
  let sweepMarkersAt = SWEEP_FROM;
  let sweepTempsAt = SWEEP_FROM;
  const backend: Backend = {
    readRaw: async (key) => map.get(key),
    writeRaw: async (key, text) => void map.set(key, text),
    deleteRaw: async (key) => map.delete(key),
    async compareAndSet(key, expected, next, fenceMs) {
      if (Date.now() >= fenceMs) return 'late';
      if (map.get(key) !== expected) return 'conflict';
      if (next === undefined) map.delete(key);
      else map.set(key, next);
      return 'swapped';
    },
    async setIfAbsent(key, ttlMs) {
      if (live(key)) return false;
      if (markers.size > sweepMarkersAt) {
        for (const [k, at] of markers) if (at <= Date.now()) markers.delete(k);
        sweepMarkersAt = Math.max(SWEEP_FROM, 2 * markers.size);
      }
      // Set again at the end (an expired marker of the same key included): the map's order is the
      // order markers were set, so when it is full the first is the oldest, and is forgotten.
      markers.delete(key);
      if (markers.size >= markersMax) markers.delete(markers.keys().next().value!);
      markers.set(key, Date.now() + ttlMs);
      return true;
    },
    async consume(key) {
      const was = live(key);
      markers.delete(key);
      return was;
    },
    async putTemp(key, text, ttlMs) {
      if (temps.size > sweepTempsAt) {
        for (const [k, t] of temps) if (t.at <= Date.now()) temps.delete(k);
        sweepTempsAt = Math.max(SWEEP_FROM, 2 * temps.size);
      }
      temps.set(key, { text, at: Date.now() + ttlMs });
    },
    async getTemp(key) {
      const t = temps.get(key);
      return t && t.at > Date.now() ? t.text : undefined;
    },
    ping: async () => {},
    close: async () => {},
  };
  return new BackendStore('memory', 'memory://', backend, opts);
}

/**
 * Open the store a URL names: `sqlite://path` (or a bare path), `redis://…`/`rediss://…`,
 * `postgresql://…`/`postgres://…`, or `memory://` (nothing persists; for tests).
 */
export async function openStore(url: string, opts: StoreOptions = {}): Promise<Store> {
  try {
    if (url.startsWith('redis://') || url.startsWith('rediss://')) return await openRedis(url, opts);
    if (url.startsWith('postgresql://') || url.startsWith('postgres://')) return await openPostgres(url, opts);
    if (url === 'memory://') return openMemory(opts);
    return await openSqlite(url.startsWith('sqlite://') ? url : `sqlite://${url}`, opts);
  } catch (err) {
    throw new StorageError(
      `could not open the store at ${describeStoreUrl(url)}: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
}
