// Store latency: a real SQLite file and a real redis-server on loopback. Ratios are against an in-memory Keyv measured in the same run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../src/store/store.ts';

export const title = 'Store read/write latency';

const N = 500;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function measure(store: Store): Promise<{ get: number[]; set: number[]; update: number[] }> {
  const get: number[] = [];
  const set: number[] = [];
  const update: number[] = [];
  const value = { schemaVersion: 2, heroes: Array.from({ length: 3 }, (_, i) => ({ name: `h${i}`, nutrition: 900, log: Array.from({ length: 50 }, () => ({ at: 'x', summary: 'Waited 1 turn' })) })) };
  for (let i = 0; i < N; i++) {
    let t = performance.now();
    await store.set(`bench:${i % 50}`, value);
    set.push(performance.now() - t);
    t = performance.now();
    await store.get(`bench:${i % 50}`);
    get.push(performance.now() - t);
    t = performance.now();
    await store.update(`bench:${i % 50}`, (cur) => ({ value: { ...(cur as object), n: i }, result: null }));
    update.push(performance.now() - t);
  }
  for (const a of [get, set, update]) a.sort((x, y) => x - y);
  return { get, set, update };
}

async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
}

export async function run(): Promise<Record<string, string | number>[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-bench-'));
  const rows: Record<string, string | number>[] = [];
  const backends: { name: string; url: string }[] = [
    { name: 'memory (baseline)', url: 'memory://' },
    { name: 'sqlite file (WAL)', url: `sqlite://${join(dir, 'bench.sqlite')}` },
  ];
  let redis: ReturnType<typeof spawn> | undefined;
  if (spawnSync('redis-server', ['--version']).status === 0) {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const ok = await new Promise<boolean>((r) => {
        const s = connect(port, '127.0.0.1', () => (s.end(), r(true)));
        s.on('error', () => r(false));
      });
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    backends.push({ name: 'redis (loopback)', url: `redis://127.0.0.1:${port}` });
  }
  let baseline: { get: number; set: number; update: number } | undefined;
  try {
    for (const b of backends) {
      const store = await openStore(b.url);
      const m = await measure(store);
      await store.close();
      const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
      const row = { get: mean(m.get), set: mean(m.set), update: mean(m.update) };
      baseline ??= row;
      rows.push({
        store: b.name,
        ops: N,
        get_mean_ms: row.get,
        get_p95_ms: pct(m.get, 0.95),
        set_mean_ms: row.set,
        set_p95_ms: pct(m.set, 0.95),
        update_mean_ms: row.update,
        update_p95_ms: pct(m.update, 0.95),
        update_vs_memory: `${(row.update / baseline.update).toFixed(1)}x`,
      });
    }
  } finally {
    redis?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
