// Real database servers for tests, from Debian's packages: redis-server and PostgreSQL, each on a
// free loopback port in a temporary directory, stopped after. The fault suite also pauses
// (SIGSTOP), kills (SIGKILL) and restarts them.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((r) => {
      const s = connect(port, '127.0.0.1', () => {
        s.end();
        r(true);
      });
      s.on('error', () => r(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not start on port ${port}`);
}

/** Signal a list of pids, ignoring ones already gone. */
function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/** Child processes of a pid (from /proc; no extra tools needed). */
function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/** Servers started by this process: killed when it exits, even after a failed or timed-out test. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) {
    try {
      if (c.pid) {
        process.kill(c.pid, 'SIGCONT');
        process.kill(c.pid, 'SIGKILL');
      }
    } catch {
      /* already gone */
    }
  }
});

function track(c: ChildProcess): ChildProcess {
  running.add(c);
  c.once('exit', () => running.delete(c));
  return c;
}

export interface TestServer {
  url: string;
  port: number;
  /** Freeze every process of the server (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
  /** Start again on the same port and data (after kill or stop). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

// ---- Redis ----------------------------------------------------------------------------------

export function redisInstalled(bin = process.env.REDIS_SERVER ?? 'redis-server'): boolean {
  return spawnSync(bin, ['--version']).status === 0;
}

export async function startRedis(opts: { port?: number; appendonly?: boolean } = {}): Promise<TestServer> {
  const bin = process.env.REDIS_SERVER ?? 'redis-server';
  if (!redisInstalled(bin))
    throw new Error('redis-server is not installed: `npm run test:deps` (bash .ci/run does this).');
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    // appendfsync always: a killed server keeps every write it acknowledged.
    const persistence = opts.appendonly
      ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir]
      : ['--appendonly', 'no', '--dir', dir];
    child = track(
      spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'yes', ...persistence],
        { stdio: 'ignore' },
      ),
    );
    await waitForPort(port, 10_000, 'redis-server');
  };
  const exited = async () => {
    const c = child;
    if (c && c.exitCode === null && c.signalCode === null) await new Promise((r) => c.once('exit', r));
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => child?.pid && signalAll([child.pid], 'SIGSTOP'),
    resume: () => child?.pid && signalAll([child.pid], 'SIGCONT'),
    async kill() {
      if (child?.pid) signalAll([child.pid], 'SIGKILL');
      await exited();
    },
    restart: start,
    async stop() {
      if (child?.pid) signalAll([child.pid], 'SIGCONT');
      child?.kill('SIGTERM');
      await exited();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- PostgreSQL -----------------------------------------------------------------------------

/** The server binaries of Debian's package (initdb and postgres are not on PATH there). */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

/** The port opens before the server accepts queries (startup, crash recovery): wait for a SELECT. */
async function waitForQueries(url: string, timeoutMs: number): Promise<void> {
  const { default: pg } = await import('pg');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > until) throw new Error(`PostgreSQL did not accept queries: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** PostgreSQL refuses to run as root: as root, its tools run as the unprivileged `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/**
 * initdb (--auth=trust) in a temporary directory, then the server on a free loopback port with its
 * socket in that directory. The server runs in the foreground as our child (what `pg_ctl start`
 * runs, without pg_ctl's daemonizing), so this process reaps it even where PID 1 does not.
 */
export async function startPostgres(opts: { port?: number } = {}): Promise<TestServer & { dataDir: string }> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      'PostgreSQL server binaries are not installed: `npm run test:deps` installs the postgresql package.',
    );
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-pg-'));
  const dataDir = join(dir, 'data');
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', HOME: dir };
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
    {
      cwd: dir,
      env,
      encoding: 'utf8',
      ...user,
    },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  let child: ChildProcess | undefined;
  const start = async () => {
    // fsync off: a killed *process* loses nothing (the OS still has the data), only a power cut would.
    const args = [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ];
    child = track(spawn(join(bin, 'postgres'), args, { cwd: dir, env, stdio: 'ignore', ...user }));
    await waitForPort(port, 15_000, 'PostgreSQL');
    await waitForQueries(`postgresql://postgres@127.0.0.1:${port}/postgres`, 30_000);
  };
  const exited = async () => {
    const c = child;
    if (c && c.exitCode === null && c.signalCode === null) await new Promise((r) => c.once('exit', r));
  };
  const pids = () => (child?.pid && child.exitCode === null ? [child.pid, ...childPids(child.pid)] : []);
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    pause() {
      const pid = child?.pid;
      if (!pid) return;
      // The postmaster first, so it forks no new backend, then every backend.
      signalAll([pid], 'SIGSTOP');
      signalAll(childPids(pid), 'SIGSTOP');
    },
    resume: () => signalAll(pids(), 'SIGCONT'),
    async kill() {
      // Immediate shutdown (SIGQUIT): every process exits at once with no checkpoint, so the next
      // start runs crash recovery from the WAL, exactly as after a crash.
      signalAll(pids(), 'SIGCONT');
      if (child?.pid) signalAll([child.pid], 'SIGQUIT');
      await exited();
    },
    restart: start,
    async stop() {
      signalAll(pids(), 'SIGCONT');
      if (child?.pid) signalAll([child.pid], 'SIGINT'); // fast shutdown
      await exited();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
