// Read and write a store's raw text behind the bot's back, the way an operator (or a bug, or a
// crash) could: SQLite through its own driver, Redis and PostgreSQL through their clients.
import sqlite3 from 'sqlite3';
import pg from 'pg';
import { createClient } from '@keyv/redis';

function sqliteFile(url: string): string {
  return url.replace(/^sqlite:\/\//, '');
}

function sqliteAll(file: string, sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  return new Promise((res, rej) => {
    const db = new sqlite3.Database(file);
    db.configure('busyTimeout', 5000);
    db.all(sql, params, (err, rows) => {
      db.close();
      if (err) rej(err);
      else res(rows as Record<string, unknown>[]);
    });
  });
}

async function withRedis<T>(
  url: string,
  work: (c: {
    get(k: string): Promise<string | null>;
    set(k: string, v: string): Promise<unknown>;
    del(k: string): Promise<number>;
  }) => Promise<T>,
): Promise<T> {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client as never);
  } finally {
    client.destroy();
  }
}

async function withPg<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Store `text` exactly under `key` (the keyv table in SQL, a plain string in Redis). */
export async function writeRaw(url: string, key: string, text: string | null): Promise<void> {
  if (url.startsWith('sqlite://')) {
    await sqliteAll(sqliteFile(url), 'INSERT OR REPLACE INTO keyv (key, value) VALUES (?, ?)', [key, text]);
  } else if (url.startsWith('redis://')) {
    await withRedis(url, (c) => c.set(key, text ?? ''));
  } else if (url.startsWith('postgres')) {
    await withPg(url, (c) =>
      c.query('INSERT INTO keyv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
        key,
        text,
      ]),
    );
  } else throw new Error(`no raw access to ${url}`);
}

/** The exact stored text under `key`, or undefined when there is no such key. */
export async function readRaw(url: string, key: string): Promise<string | null | undefined> {
  if (url.startsWith('sqlite://')) {
    const rows = await sqliteAll(sqliteFile(url), 'SELECT value FROM keyv WHERE key = ?', [key]);
    return rows.length ? (rows[0]!.value as string | null) : undefined;
  }
  if (url.startsWith('redis://')) return withRedis(url, async (c) => (await c.get(key)) ?? undefined);
  if (url.startsWith('postgres')) {
    return withPg(url, async (c) => {
      const r = await c.query('SELECT value FROM keyv WHERE key = $1', [key]);
      return r.rows.length ? (r.rows[0].value as string | null) : undefined;
    });
  }
  throw new Error(`no raw access to ${url}`);
}

/** SQLite's own integrity check of a store file ('ok' when sound). */
export async function sqliteIntegrity(url: string): Promise<string> {
  const rows = await sqliteAll(sqliteFile(url), 'PRAGMA integrity_check', []);
  return String(rows[0]?.integrity_check);
}
