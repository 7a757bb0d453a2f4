// The store on every backend, for real: an SQLite file, a real redis-server and a real PostgreSQL
// server (both started by test/setup/), plus the in-memory store the unit tests use.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { StorageError } from '../../src/errors.ts';
import { openStore, UnreadableRecord, UnreadableRecordError, type Store } from '../../src/store/store.ts';
import { readRaw, writeRaw } from '../helpers/rawStore.ts';
import { CORRUPT_SHAPES } from '../helpers/corrupt.ts';
import { startRedis } from '../helpers/servers.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Run N updates from a separate OS process against the same store URL. */
function childIncrements(url: string, key: string, n: number): Promise<void> {
  const script = `
    import { openStore } from ${JSON.stringify(resolve('src/store/store.ts'))};
    const s = await openStore(${JSON.stringify(url)});
    await Promise.all(Array.from({ length: ${n} }, () => s.update(${JSON.stringify(key)}, (cur) => ({ value: { n: (cur?.n ?? 0) + 1 }, result: null }))));
    await s.close();
  `;
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`child exited ${code}: ${err}`))));
  });
}

const BACKENDS: { name: string; url: () => string; raw: boolean }[] = [
  { name: 'sqlite file', url: () => `sqlite://${join(dir, 'test.sqlite')}`, raw: true },
  { name: 'redis', url: () => inject('redisUrl'), raw: true },
  { name: 'postgresql', url: () => inject('postgresUrl'), raw: true },
  { name: 'memory', url: () => 'memory://', raw: false },
];

for (const backend of BACKENDS) {
  describe(`store on ${backend.name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await openStore(backend.url());
    });
    afterAll(async () => store?.close());

    it('round-trips JSON values and deletes them', async () => {
      await store.set('t:a', { hero: 'Valk', nutrition: 900, rings: ['regeneration'] });
      expect(await store.get('t:a')).toEqual({ hero: 'Valk', nutrition: 900, rings: ['regeneration'] });
      expect(await store.delete('t:a')).toBe(true);
      expect(await store.get('t:a')).toBeUndefined();
      expect(await store.delete('t:a')).toBe(false);
    });

    it("stores Keyv's envelope, so Keyv itself can still read the records", async () => {
      if (!backend.raw) return;
      await store.set('t:env', { a: ':colon', n: 1 });
      // Keyv's serializer escapes a leading colon; decoding restores it.
      expect(await readRaw(backend.url(), 't:env')).toBe('{"value":{"a":"::colon","n":1}}');
      expect(await store.get('t:env')).toEqual({ a: ':colon', n: 1 });
    });

    it('200 concurrent updates of one key in one process lose nothing', async () => {
      await store.delete('t:ctr');
      await Promise.all(
        Array.from({ length: 200 }, () =>
          store.update('t:ctr', (cur) => ({ value: { n: ((cur as { n?: number })?.n ?? 0) + 1 }, result: null })),
        ),
      );
      expect(await store.get('t:ctr')).toEqual({ n: 200 });
    });

    it('two OS processes updating the same key lose nothing (compare-and-set in the backend)', async () => {
      if (backend.name === 'memory') return; // nothing shared between processes
      await store.delete('t:mp');
      await Promise.all([childIncrements(backend.url(), 't:mp', 100), childIncrements(backend.url(), 't:mp', 100)]);
      expect(await store.get('t:mp')).toEqual({ n: 200 });
    }, 60_000);

    it('an update that throws writes nothing', async () => {
      await store.set('t:keep', { v: 1 });
      await expect(
        store.update('t:keep', () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await store.get('t:keep')).toEqual({ v: 1 });
    });

    it('update can delete and can leave a key alone', async () => {
      await store.set('t:del', { v: 1 });
      expect(await store.update('t:del', () => ({ delete: true as const, result: 'gone' }))).toBe('gone');
      expect(await store.get('t:del')).toBeUndefined();
      expect(await store.update('t:absent', (cur) => ({ keep: true as const, result: cur }))).toBeUndefined();
    });

    describe('unreadable records: reported as such (not "store down"), never changed by a read', () => {
      for (const shape of CORRUPT_SHAPES.filter((s) => s.storeLevel)) {
        it(`${shape.name}`, async () => {
          if (!backend.raw || (shape.sqlOnly && backend.name === 'redis')) return;
          const key = `t:bad:${shape.name}`;
          await writeRaw(backend.url(), key, shape.text);
          const err = await store.get(key).then(
            () => null,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(UnreadableRecordError);
          expect(err).not.toBeInstanceOf(StorageError);
          expect((err as UnreadableRecordError).raw).toBe(shape.text ?? '');
          expect(await store.inspect(key)).toEqual({
            state: 'unreadable',
            raw: shape.text ?? '',
            reason: expect.stringMatching(shape.reason),
          });
          // An ordinary update refuses to overwrite it; the text is exactly as it was.
          await expect(store.update(key, () => ({ value: { fresh: true }, result: null }))).rejects.toBeInstanceOf(
            UnreadableRecordError,
          );
          expect(await readRaw(backend.url(), key)).toBe(shape.text);
          // Deliberate recovery sees the text and may delete it, atomically.
          const seen = await store.update(key, (cur) => ({ delete: true as const, result: cur }), {
            acceptUnreadable: true,
          });
          expect(seen).toBeInstanceOf(UnreadableRecord);
          expect((seen as UnreadableRecord).raw).toBe(shape.text ?? '');
          expect(await readRaw(backend.url(), key)).toBeUndefined();
        });
      }
    });

    it('setIfAbsent is atomic across connections and expires; consume works once', async () => {
      const other = await openStore(backend.url());
      try {
        const key = `t:marker:${Date.now()}`;
        // 20 claims from two connections at once: exactly one wins.
        const claims = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? store : other).setIfAbsent(key, 60_000)),
        );
        expect(claims.filter(Boolean)).toHaveLength(backend.name === 'memory' ? 2 : 1); // memory: nothing shared
        expect(await store.consume(key)).toBe(true);
        expect(await store.consume(key)).toBe(false);
        const short = `t:marker:short:${Date.now()}`;
        expect(await store.setIfAbsent(short, 150)).toBe(true);
        expect(await store.setIfAbsent(short, 150)).toBe(false);
        await new Promise((r) => setTimeout(r, 300));
        expect(await store.consume(short)).toBe(false); // expired
        expect(await store.setIfAbsent(short, 150)).toBe(true);
      } finally {
        await other.close();
      }
    });

    it('records read in one turn each get their own value: present, missing, repeated, past one statement', async () => {
      const tag = `t:reads:${Date.now()}`;
      const present = Array.from({ length: 300 }, (_, i) => `${tag}:present:${i}`);
      for (const [i, k] of present.entries()) await store.set(k, { i });
      const missing = Array.from({ length: 5 }, (_, i) => `${tag}:missing:${i}`);
      const asked = [...present, ...missing, present[0]!, present[299]!, missing[0]!];
      const values = await Promise.all(asked.map((k) => store.get(k)));
      expect(values).toEqual([
        ...present.map((_, i) => ({ i })),
        ...missing.map(() => undefined),
        { i: 0 },
        { i: 299 },
        undefined,
      ]);
    });

    it('markers asked in one turn each get their own answer: fresh, repeated, live, expired, past one statement', async () => {
      const tag = `t:turn:${Date.now()}`;
      const live = Array.from({ length: 5 }, (_, i) => `${tag}:live:${i}`);
      const expired = Array.from({ length: 5 }, (_, i) => `${tag}:expired:${i}`);
      for (const k of live) expect(await store.setIfAbsent(k, 60_000)).toBe(true);
      for (const k of expired) expect(await store.setIfAbsent(k, 100)).toBe(true);
      await new Promise((r) => setTimeout(r, 250));
      // More fresh keys than one PostgreSQL statement takes (256), three of them asked twice.
      const fresh = Array.from({ length: 300 }, (_, i) => `${tag}:fresh:${i}`);
      const asked = [...fresh, ...live, ...expired, fresh[0]!, fresh[150]!, fresh[299]!];
      const answers = await Promise.all(asked.map((k) => store.setIfAbsent(k, 60_000)));
      expect(answers).toEqual([
        ...fresh.map(() => true),
        ...live.map(() => false),
        ...expired.map(() => true),
        false,
        false,
        false,
      ]);
      // All of them are live now.
      expect(await Promise.all([...fresh, ...expired].map((k) => store.setIfAbsent(k, 60_000)))).toEqual(
        [...fresh, ...expired].map(() => false),
      );
    });
  });
}

describe('store failures', () => {
  it('uses WAL journaling on SQLite', async () => {
    const { default: sqlite3 } = await import('sqlite3');
    const file = join(dir, 'wal.sqlite');
    const s = await openStore(`sqlite://${file}`);
    await s.set('x', 1);
    const mode = await new Promise<unknown>((res, rej) => {
      const db = new sqlite3.Database(file);
      db.all('PRAGMA journal_mode', (err, rows) => (db.close(), err ? rej(err) : res(rows)));
    });
    expect(mode).toEqual([{ journal_mode: 'wal' }]);
    await s.close();
  });

  it('refuses to open an unreachable Redis or PostgreSQL with a StorageError, not a hang', async () => {
    await expect(openStore('redis://127.0.0.1:1', { timeoutMs: 500 })).rejects.toBeInstanceOf(StorageError);
    await expect(openStore('postgresql://postgres@127.0.0.1:1/postgres', { timeoutMs: 500 })).rejects.toBeInstanceOf(
      StorageError,
    );
  });

  it('reports a closed store as a StorageError instead of swallowing it', async () => {
    for (const url of [inject('redisUrl'), inject('postgresUrl')]) {
      const s = await openStore(url);
      await s.close();
      await expect(s.set('x', 1)).rejects.toBeInstanceOf(StorageError);
      await expect(s.update('x', () => ({ value: 1, result: null }))).rejects.toBeInstanceOf(StorageError);
    }
  });

  it('two stores on one PostgreSQL URL in one process are independent (closing one keeps the other)', async () => {
    const a = await openStore(inject('postgresUrl'));
    const b = await openStore(inject('postgresUrl'));
    await a.set('t:pg:two', { v: 1 });
    await a.close();
    expect(await b.get('t:pg:two')).toEqual({ v: 1 });
    await b.close();
  });

  it('a Redis server that goes away makes writes fail loudly, not silently', async () => {
    const server = await startRedis();
    try {
      const s = await openStore(server.url);
      await s.set('k', 1);
      await server.kill();
      await expect(s.update('k', () => ({ value: 2, result: null }))).rejects.toBeInstanceOf(StorageError);
      await s.close().catch(() => {});
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('never shows a password in its location', async () => {
    const { describeStoreUrl } = await import('../../src/store/store.ts');
    expect(describeStoreUrl('redis://user:hunter2@127.0.0.1:6379')).not.toContain('hunter2');
    expect(describeStoreUrl('postgresql://bot:hunter2@db/hungerbot')).not.toContain('hunter2');
  });
});
