// The real Keyv adapters: a real SQLite file and a real redis-server (started by test/setup/redis.ts).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import sqlite3 from 'sqlite3';
import { StorageError } from '../../src/errors.ts';
import { openStore, UnreadableRecordError, type Store } from '../../src/store/store.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const redisUrl = () => inject('redisUrl');
const redisPort = () => new URL(redisUrl()).port;

function sqliteExec(file: string, sql: string, ...params: unknown[]): Promise<unknown[]> {
  return new Promise((res, rej) => {
    const db = new sqlite3.Database(file);
    db.all(sql, params, (err, rows) => {
      db.close();
      if (err) rej(err);
      else res(rows);
    });
  });
}

/** Run N updates from a separate OS process against the same store URL. */
function childIncrements(url: string, key: string, n: number): Promise<void> {
  const script = `
    import { openStore } from ${JSON.stringify(resolve('src/store/store.ts'))};
    const s = await openStore(${JSON.stringify(url)});
    await Promise.all(Array.from({ length: ${n} }, () => s.update(${JSON.stringify(key)}, (cur) => ({ value: { n: (cur?.n ?? 0) + 1 }, result: null }))));
    await s.close();
  `;
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`child exited ${code}: ${err}`))));
  });
}

const backends: { name: string; url: () => string }[] = [
  { name: 'sqlite file', url: () => `sqlite://${join(dir, 'test.sqlite')}` },
  { name: 'redis', url: redisUrl },
];

for (const backend of backends) {
  describe(`store on ${backend.name}`, () => {
    let store: Store;
    const open = async () => (store = await openStore(backend.url()));

    it('round-trips JSON values and deletes them', async () => {
      await open();
      await store.set('t:a', { hero: 'Valk', nutrition: 900, rings: ['regeneration'] });
      expect(await store.get('t:a')).toEqual({ hero: 'Valk', nutrition: 900, rings: ['regeneration'] });
      expect(await store.delete('t:a')).toBe(true);
      expect(await store.get('t:a')).toBeUndefined();
    });

    it('200 concurrent updates of one key in one process lose nothing', async () => {
      await store.delete('t:ctr');
      await Promise.all(Array.from({ length: 200 }, () => store.update('t:ctr', (cur) => ({ value: { n: ((cur as { n?: number })?.n ?? 0) + 1 }, result: null }))));
      expect(await store.get('t:ctr')).toEqual({ n: 200 });
    });

    it('two OS processes updating the same key lose nothing (compare-and-set in the backend)', async () => {
      await store.delete('t:mp');
      await Promise.all([childIncrements(backend.url(), 't:mp', 100), childIncrements(backend.url(), 't:mp', 100)]);
      expect(await store.get('t:mp')).toEqual({ n: 200 });
    }, 60_000);

    it('an update that throws writes nothing', async () => {
      await store.set('t:keep', { v: 1 });
      await expect(store.update('t:keep', () => { throw new Error('refused'); })).rejects.toThrow('refused');
      expect(await store.get('t:keep')).toEqual({ v: 1 });
    });

    it('update can delete and can leave a key alone', async () => {
      await store.set('t:del', { v: 1 });
      expect(await store.update('t:del', () => ({ delete: true as const, result: 'gone' }))).toBe('gone');
      expect(await store.get('t:del')).toBeUndefined();
      expect(await store.update('t:absent', (cur) => ({ keep: true as const, result: cur }))).toBeUndefined();
    });

    it('an unreadable stored record is reported and left exactly as it was', async () => {
      const garbage = '{"value": {"hero": tru';
      if (backend.name === 'redis') execFileSync('redis-cli', ['-p', redisPort(), 'SET', 't:bad', garbage]);
      else await sqliteExec(join(dir, 'test.sqlite'), 'INSERT OR REPLACE INTO keyv (key, value) VALUES (?, ?)', 't:bad', garbage);
      await expect(store.update('t:bad', () => ({ value: { fresh: true }, result: null }))).rejects.toBeInstanceOf(UnreadableRecordError);
      const raw =
        backend.name === 'redis'
          ? execFileSync('redis-cli', ['-p', redisPort(), 'GET', 't:bad']).toString().trim()
          : ((await sqliteExec(join(dir, 'test.sqlite'), 'SELECT value FROM keyv WHERE key = ?', 't:bad')) as { value: string }[])[0]!.value;
      expect(raw).toBe(garbage);
      await store.close();
    });
  });
}

describe('store failures', () => {
  it('uses WAL journaling on SQLite', async () => {
    const file = join(dir, 'wal.sqlite');
    const s = await openStore(`sqlite://${file}`);
    await s.set('x', 1);
    expect(await sqliteExec(file, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    await s.close();
  });

  it('refuses to open an unreachable Redis with a StorageError, not a hang', async () => {
    await expect(openStore('redis://127.0.0.1:1')).rejects.toBeInstanceOf(StorageError);
  });

  it('reports a closed store as a StorageError instead of swallowing it', async () => {
    const s = await openStore(redisUrl());
    await s.close();
    await expect(s.set('x', 1)).rejects.toBeInstanceOf(StorageError);
    await expect(s.update('x', () => ({ value: 1, result: null }))).rejects.toBeInstanceOf(StorageError);
  });

  it('a Redis server that goes away makes writes fail loudly, not silently', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    try {
      let s: Store | undefined;
      for (let i = 0; i < 100 && !s; i++) {
        s = await openStore(`redis://127.0.0.1:${port}`).catch(() => undefined);
        if (!s) await new Promise((r) => setTimeout(r, 50));
      }
      await s!.set('k', 1);
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      await expect(s!.update('k', () => ({ value: 2, result: null }))).rejects.toBeInstanceOf(StorageError);
      await s!.close().catch(() => {});
    } finally {
      server.kill('SIGKILL');
    }
  }, 30_000);

  it('never shows a password in its location', async () => {
    const { describeStoreUrl } = await import('../../src/store/store.ts');
    expect(describeStoreUrl('redis://user:hunter2@127.0.0.1:6379')).not.toContain('hunter2');
  });
});
