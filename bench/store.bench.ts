// Store latency per backend: get and update (the atomic compare-and-set every /hero change uses)
// of a realistic hero record, against the in-memory Keyv store measured interleaved with each
// backend, operation by operation, after a warm-up of both. SQLite is a real file, Redis a real
// redis-server started here; PostgreSQL is used when reachable (BENCH_POSTGRES_URL, or a
// throwaway cluster started with the local initdb), otherwise its row says why it was skipped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../src/store/store.ts';
import { interleave, ms, ratio, stats, type BenchResult, type Row } from './lib.ts';
import { freePort } from './proc.ts';

export const title = 'Store get/update latency per backend';

const RECORD = {
  schemaVersion: 2,
  heroes: Array.from({ length: 3 }, (_, i) => ({
    name: `h${i}`,
    nutrition: 900,
    log: Array.from({ length: 50 }, () => ({ at: '2026-01-01T00:00:00.000Z', summary: 'Waited 1 turn' })),
  })),
};

async function waitForPort(port: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((r) => {
      const s = connect(port, '127.0.0.1', () => (s.end(), r(true)));
      s.on('error', () => r(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

interface Backend {
  name: string;
  url?: string;
  skipped?: string;
  stop?: () => void;
}

async function redisBackend(): Promise<Backend> {
  if (spawnSync('redis-server', ['--version']).status !== 0)
    return { name: 'redis', skipped: 'redis-server is not installed' };
  const port = await freePort();
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  if (!(await waitForPort(port, 5_000)))
    return { name: 'redis', skipped: 'redis-server did not start', stop: () => proc.kill() };
  return { name: 'redis (loopback)', url: `redis://127.0.0.1:${port}`, stop: () => proc.kill('SIGTERM') };
}

/** BENCH_POSTGRES_URL, or a throwaway local cluster (as the postgres user when run as root). */
async function postgresBackend(dir: string): Promise<Backend> {
  const given = process.env.BENCH_POSTGRES_URL;
  if (given) return { name: 'postgresql (BENCH_POSTGRES_URL)', url: given };
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (args: string[]) =>
    spawnSync(asUser[0] ?? args[0]!, [...asUser.slice(1), ...(asUser.length ? args : args.slice(1))], {
      encoding: 'utf8',
    });
  if (spawnSync('initdb', ['--version']).status !== 0)
    return { name: 'postgresql', skipped: 'no server reachable (set BENCH_POSTGRES_URL) and no initdb to start one' };
  const data = join(dir, 'pg');
  chmodSync(dir, 0o777);
  const init = run(['initdb', '-D', data, '-A', 'trust', '-U', 'bench', '--no-sync']);
  if (init.status !== 0)
    return { name: 'postgresql', skipped: `initdb failed: ${(init.stderr || init.stdout).trim().split('\n').pop()}` };
  const port = await freePort();
  let proc: ChildProcess;
  if (asUser.length)
    proc = spawn(
      asUser[0]!,
      [...asUser.slice(1), 'postgres', '-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1', '-F'],
      { stdio: 'ignore' },
    );
  else
    proc = spawn('postgres', ['-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1', '-F'], { stdio: 'ignore' });
  if (!(await waitForPort(port, 15_000)))
    return { name: 'postgresql', skipped: 'the throwaway server did not start', stop: () => proc.kill() };
  await new Promise((r) => setTimeout(r, 300)); // accepting connections a moment after the port opens
  return {
    name: 'postgresql (throwaway local cluster)',
    url: `postgresql://bench@127.0.0.1:${port}/postgres`,
    stop: () => proc.kill('SIGINT'),
  };
}

async function measure(b: Backend, baseline: Store): Promise<Row[]> {
  const store = await openStore(b.url!);
  try {
    let n = 0;
    const bump = (cur: unknown) => ({ value: { ...(cur as object), n: n++ }, result: null });
    for (const s of [baseline, store]) for (let i = 0; i < 50; i++) await s.set(`bench:${i}`, RECORD);
    const samples = await interleave(
      [
        { name: 'memory get', op: (i) => baseline.get(`bench:${i % 50}`) },
        { name: 'get', op: (i) => store.get(`bench:${i % 50}`) },
        { name: 'memory update', op: (i) => baseline.update(`bench:${i % 50}`, bump) },
        { name: 'update', op: (i) => store.update(`bench:${i % 50}`, bump) },
      ],
      { warmup: 50, rounds: 20, perRound: 20 },
    );
    const st = (k: string) => stats(samples.get(k)!);
    return (['get', 'update'] as const).map((op) => ({
      store: b.name,
      op,
      ops: st(op).n,
      p50_ms: ms(st(op).p50),
      p99_ms: ms(st(op).p99),
      max_ms: ms(st(op).max),
      memory_p50_ms: ms(st(`memory ${op}`).p50),
      vs_memory_p50: ratio(st(op).p50, st(`memory ${op}`).p50),
    }));
  } finally {
    await store.close();
  }
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-store-bench-'));
  const backends: Backend[] = [
    { name: 'sqlite file (WAL)', url: `sqlite://${join(dir, 'bench.sqlite')}` },
    await redisBackend(),
    await postgresBackend(dir),
  ];
  const baseline = await openStore('memory://');
  const rows: Row[] = [];
  try {
    for (const b of backends) {
      if (b.skipped) {
        rows.push({ store: b.name, op: 'skipped', vs_memory_p50: b.skipped });
        continue;
      }
      try {
        rows.push(...(await measure(b, baseline)));
      } catch (err) {
        rows.push({
          store: b.name,
          op: 'skipped',
          vs_memory_p50: `unreachable: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
    }
  } finally {
    await baseline.close();
    for (const b of backends) b.stop?.();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    rows,
    notes: [
      'Each backend is interleaved with its own in-memory baseline: memory get, get, memory update, update, ' +
        '20 at a time, 20 rounds, after 50 of each.',
    ],
  };
}
