// The one storage module. Keyv with its real adapters: SQLite (default, WAL) for one process,
// Redis or PostgreSQL for several processes or shards. On top of Keyv's get/set we add
// update(): an atomic compare-and-set on the stored text, done with the backend's own
// atomic primitive (a conditional UPDATE in SQL, a Lua script in Redis), so two bot
// processes never lose each other's updates. An in-process mutex per key keeps one
// process from racing itself.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Keyv from 'keyv';
import { StorageError } from '../errors.ts';

export type StoreKind = 'sqlite' | 'redis' | 'postgres' | 'memory';

/** What an update function decides: write `value`, delete the key, or leave it as it is. */
export type UpdateDecision<T> = { result: T } & ({ value: unknown } | { delete: true } | { keep: true });

/** The stored text of a key could not be decoded as JSON. The record is left untouched. */
export class UnreadableRecordError extends StorageError {
  constructor(
    readonly key: string,
    readonly raw: string,
    cause: unknown,
  ) {
    super(`stored record ${key} is not valid JSON`, { cause });
  }
}

export interface Store {
  readonly kind: StoreKind;
  /** Where the data lives, without credentials (for logs). */
  readonly location: string;
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** `ttlMs`: the value expires after that long (used for stored button payloads). */
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /**
   * Atomic read-modify-write of one key. `fn` sees the current value (undefined when absent)
   * and may run again if another writer got there first, so it must be free of side effects.
   * Throwing from `fn` aborts with nothing written.
   */
  update<T>(key: string, fn: (current: unknown) => UpdateDecision<T> | Promise<UpdateDecision<T>>): Promise<T>;
  close(): Promise<void>;
}

/** Raw compare-and-set on the backend: true when the key still held `expected` and now holds `next`. */
interface RawBackend {
  readRaw(key: string): Promise<string | undefined>;
  /** expected undefined: the key must be absent. next undefined: delete. */
  compareAndSet(key: string, expected: string | undefined, next: string | undefined): Promise<boolean>;
}

const MAX_CAS_ATTEMPTS = 200;

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

class KeyvStore implements Store {
  private readonly locks = new Map<string, Promise<void>>();
  private closed = false;
  constructor(
    readonly kind: StoreKind,
    readonly location: string,
    private readonly keyv: Keyv,
    private readonly raw: RawBackend,
    private readonly closeBackend: () => Promise<void>,
  ) {}

  private ensureOpen(): void {
    if (this.closed) throw new StorageError(`${this.kind} store is closed`);
  }

  private wrap(op: string, err: unknown): never {
    if (err instanceof StorageError) throw err;
    throw new StorageError(`${this.kind} store: ${op} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }

  async get<T>(key: string): Promise<T | undefined> {
    this.ensureOpen();
    try {
      return (await this.keyv.get(key)) as T | undefined;
    } catch (err) {
      this.wrap('get', err);
    }
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    this.ensureOpen();
    let ok: boolean;
    try {
      ok = await this.keyv.set(key, value, ttlMs);
    } catch (err) {
      this.wrap('set', err);
    }
    if (!ok) throw new StorageError(`${this.kind} store: set ${key} was not written`);
  }

  async delete(key: string): Promise<boolean> {
    this.ensureOpen();
    try {
      return await this.keyv.delete(key);
    } catch (err) {
      this.wrap('delete', err);
    }
  }

  private decode(key: string, raw: string | undefined): unknown {
    if (raw === undefined) return undefined;
    let envelope: unknown;
    try {
      envelope = (this.keyv.deserialize ?? JSON.parse)(raw);
    } catch (err) {
      throw new UnreadableRecordError(key, raw, err);
    }
    if (envelope && typeof envelope === 'object' && 'value' in envelope) return (envelope as { value: unknown }).value;
    throw new UnreadableRecordError(key, raw, new Error('no value envelope'));
  }

  private async encode(value: unknown): Promise<string> {
    const text = await (this.keyv.serialize ?? JSON.stringify)({ value, expires: undefined });
    if (typeof text !== 'string') throw new StorageError('serializer did not produce text');
    return text;
  }

  /** Serialize same-key updates inside this process; other processes are handled by CAS. */
  private async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const chained = previous.then(() => mine);
    this.locks.set(key, chained);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.locks.get(key) === chained) this.locks.delete(key);
    }
  }

  update<T>(key: string, fn: (current: unknown) => UpdateDecision<T> | Promise<UpdateDecision<T>>): Promise<T> {
    if (this.closed) return Promise.reject(new StorageError(`${this.kind} store is closed`));
    return this.withLock(key, async () => {
      for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
        let raw: string | undefined;
        try {
          raw = await this.raw.readRaw(key);
        } catch (err) {
          this.wrap('read', err);
        }
        const decision = await fn(this.decode(key, raw));
        if ('keep' in decision) return decision.result;
        const next = 'delete' in decision ? undefined : await this.encode(decision.value);
        if (raw === undefined && next === undefined) return decision.result;
        let swapped: boolean;
        try {
          swapped = await this.raw.compareAndSet(key, raw, next);
        } catch (err) {
          this.wrap('write', err);
        }
        if (swapped) return decision.result;
        // Another process wrote first: back off a little and recompute from its value.
        await new Promise((r) => setTimeout(r, Math.min(50, 1 + attempt * 2) * Math.random()));
      }
      throw new StorageError(`${this.kind} store: too much contention updating ${key}`);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.closeBackend();
  }
}

async function openSqlite(url: string): Promise<Store> {
  const { KeyvSqlite } = await import('@keyv/sqlite');
  const path = url.replace(/^sqlite:\/\//, '');
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const adapter = new KeyvSqlite({ uri: `sqlite://${path}`, busyTimeout: 10_000 });
  // WAL lets readers and the one writer work at once, and survives a crash mid-write.
  await adapter.query('PRAGMA journal_mode=WAL');
  await adapter.query('PRAGMA synchronous=NORMAL');
  const table = 'keyv';
  const keyv = new Keyv({ store: adapter, useKeyPrefix: false, throwOnErrors: true });
  keyv.on('error', () => {}); // errors are thrown (throwOnErrors) and wrapped by the store
  keyv.namespace = undefined; // keys are stored exactly as given, so the raw CAS below sees the same keys
  const raw: RawBackend = {
    async readRaw(key) {
      const rows = (await adapter.query(`SELECT value FROM ${table} WHERE key = ?`, key)) as { value: string }[];
      return rows[0]?.value;
    },
    async compareAndSet(key, expected, next) {
      let rows: unknown[];
      if (expected === undefined) {
        rows = await adapter.query(`INSERT INTO ${table} (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING RETURNING key`, key, next);
      } else if (next === undefined) {
        rows = await adapter.query(`DELETE FROM ${table} WHERE key = ? AND value = ? RETURNING key`, key, expected);
      } else {
        rows = await adapter.query(`UPDATE ${table} SET value = ? WHERE key = ? AND value = ? RETURNING key`, next, key, expected);
      }
      return rows.length === 1;
    },
  };
  return new KeyvStore('sqlite', `sqlite://${path}`, keyv, raw, () => adapter.disconnect());
}

const REDIS_CAS = `
local cur = redis.call('GET', KEYS[1])
local expectAbsent = ARGV[1] == '0'
if expectAbsent then
  if cur then return 0 end
else
  if (not cur) or cur ~= ARGV[2] then return 0 end
end
if ARGV[3] == '0' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[4]) end
return 1`;

async function openRedis(url: string): Promise<Store> {
  const { default: KeyvRedis } = await import('@keyv/redis');
  const clientOptions = {
    url,
    // Fail fast instead of queueing commands while Redis is away: the user gets a clear
    // "storage unavailable" and nothing is half-written.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
    },
  };
  const adapter = new KeyvRedis(clientOptions as never, { throwOnConnectError: true, connectionTimeout: 5000, throwOnErrors: true } as never);
  const keyv = new Keyv({ store: adapter, useKeyPrefix: false, throwOnErrors: true });
  keyv.on('error', () => {});
  keyv.namespace = undefined; // keys are stored exactly as given, so the raw CAS below sees the same keys
  const client = (await adapter.getClient()) as unknown as {
    get(key: string): Promise<string | null>;
    eval(script: string, opts: { keys: string[]; arguments: string[] }): Promise<unknown>;
  };
  const raw: RawBackend = {
    async readRaw(key) {
      return (await client.get(key)) ?? undefined;
    },
    async compareAndSet(key, expected, next) {
      const res = await client.eval(REDIS_CAS, {
        keys: [key],
        arguments: [expected === undefined ? '0' : '1', expected ?? '', next === undefined ? '0' : '1', next ?? ''],
      });
      return Number(res) === 1;
    },
  };
  return new KeyvStore('redis', describeStoreUrl(url), keyv, raw, () => adapter.disconnect());
}

async function openPostgres(url: string): Promise<Store> {
  const { default: KeyvPostgres } = await import('@keyv/postgres');
  const adapter = new KeyvPostgres({ uri: url } as never);
  const keyv = new Keyv({ store: adapter, useKeyPrefix: false, throwOnErrors: true });
  keyv.on('error', () => {});
  keyv.namespace = undefined;
  const query = adapter.query as unknown as (sql: string, params?: unknown[]) => Promise<unknown[]>;
  const table = 'keyv';
  // The adapter creates its table lazily; make sure it exists before raw statements run.
  await keyv.get('__hungerbot_probe__');
  const raw: RawBackend = {
    async readRaw(key) {
      const rows = (await query(`SELECT value FROM ${table} WHERE key = $1`, [key])) as { value: string }[];
      return rows[0]?.value;
    },
    async compareAndSet(key, expected, next) {
      let rows: unknown[];
      if (expected === undefined) rows = await query(`INSERT INTO ${table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`, [key, next]);
      else if (next === undefined) rows = await query(`DELETE FROM ${table} WHERE key = $1 AND value = $2 RETURNING key`, [key, expected]);
      else rows = await query(`UPDATE ${table} SET value = $1 WHERE key = $2 AND value = $3 RETURNING key`, [next, key, expected]);
      return rows.length === 1;
    },
  };
  return new KeyvStore('postgres', describeStoreUrl(url), keyv, raw, () => adapter.disconnect());
}

function openMemory(): Store {
  const map = new Map<string, string>();
  const keyv = new Keyv({ store: map, useKeyPrefix: false, throwOnErrors: true });
  const raw: RawBackend = {
    async readRaw(key) {
      return map.get(key);
    },
    async compareAndSet(key, expected, next) {
      if (map.get(key) !== expected) return false;
      if (next === undefined) map.delete(key);
      else map.set(key, next);
      return true;
    },
  };
  return new KeyvStore('memory', 'memory://', keyv, raw, async () => {});
}

/**
 * Open the store a URL names: `sqlite://path` (or a bare path), `redis://…`/`rediss://…`,
 * `postgresql://…`/`postgres://…`, or `memory://` (nothing persists; for tests).
 */
export async function openStore(url: string): Promise<Store> {
  try {
    if (url.startsWith('redis://') || url.startsWith('rediss://')) return await openRedis(url);
    if (url.startsWith('postgresql://') || url.startsWith('postgres://')) return await openPostgres(url);
    if (url === 'memory://') return openMemory();
    return await openSqlite(url.startsWith('sqlite://') ? url : `sqlite://${url}`);
  } catch (err) {
    throw new StorageError(`could not open the store at ${describeStoreUrl(url)}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
