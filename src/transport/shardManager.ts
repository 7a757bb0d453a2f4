// The sharding manager: discord.js's ShardingManager running one process per shard of this
// machine (see shards.ts for why processes), starting again any that exits (at once, or after a
// growing pause when it keeps exiting right after its start), spacing their IDENTIFYs
// as Discord's rate limit requires, and serving METRICS_PORT for all of them: its own series
// (restarts, shard processes ready) merged with every shard process's, asked over IPC.
import './oneUndici.ts'; // before discord.js: one undici per process
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ShardingManager, type Shard } from 'discord.js';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { readinessOf, startOpsServer, type Check, type OpsServer, type Readiness } from '../ops/endpoints.ts';
import { aggregateMetrics, type MetricsJson } from '../ops/metrics.ts';
import { collectProcessMetrics, Counter, Gauge, Registry } from '../ops/prom.ts';
import { describeIds, isOpsMessage, type OpsAnswer, type OpsQuestion, type ShardPlan } from './shards.ts';

/** Discord allows one IDENTIFY per 5 s per rate-limit bucket (shard id % max_concurrency). */
const IDENTIFY_INTERVAL_MS = 5500;
/** A shard process that is not connected this long after it started is reported (and left to retry). */
const SHARD_READY_TIMEOUT_MS = 60_000;
/** The manager's questions to a shard process (metrics, readiness) give up after this. */
const IPC_TIMEOUT_MS = 2000;
/** A shard process asked to stop is killed if it has not exited after this. */
const STOP_GRACE_MS = 10_000;
/** A shard process that exits sooner than this after starting counts as a quick exit (backoff). */
const STABLE_AFTER_MS = 60_000;
const RESPAWN_PAUSE_MAX_MS = 30_000;

let questionId = 0;

/** Ask one shard process; undefined when it is not running or does not answer in time. */
function ask(shard: Shard, want: OpsQuestion['want']): Promise<OpsAnswer | undefined> {
  if (!shard.process) return Promise.resolve(undefined);
  const id = ++questionId;
  return new Promise((resolve) => {
    const done = (answer: OpsAnswer | undefined) => {
      clearTimeout(timer);
      shard.off('message', onMessage);
      resolve(answer);
    };
    const onMessage = (m: unknown) => {
      if (isOpsMessage(m) && m.id === id) done(m);
    };
    const timer = setTimeout(() => done(undefined), IPC_TIMEOUT_MS);
    shard.on('message', onMessage);
    shard.send({ hungerbot: 'ops', id, want } satisfies OpsQuestion).catch(() => done(undefined));
  });
}

// ---- the manager ---------------------------------------------------------------------------

export interface ShardManagerHandle {
  manager: ShardingManager;
  ops?: OpsServer;
  stop(): Promise<void>;
}

/** The manager's own series: shard processes restarted and ready (its shards' series are merged in). */
function managerRegistry(manager: ShardingManager, ids: number[]) {
  const registry = new Registry();
  registry.setDefaultLabels({ shard: 'manager' });
  collectProcessMetrics(registry);
  const restarts = new Counter({
    name: 'hungerbot_shard_restarts_total',
    help: 'Shard processes that exited and were started again',
    labelNames: ['shard_id'],
    registers: [registry],
  });
  new Gauge({
    name: 'hungerbot_shard_process_ready',
    help: 'Shard processes of this manager: 1 when running and connected',
    labelNames: ['shard_id'],
    registers: [registry],
    collect() {
      for (const id of ids) this.set({ shard_id: String(id) }, manager.shards.get(id)?.ready ? 1 : 0);
    },
  });
  return { registry, restarts };
}

/** Readiness of every shard here: its process connected, and its own checks (the store ping). */
async function managerReadiness(manager: ShardingManager, ids: number[]): Promise<Readiness> {
  const checks: Record<string, Check> = {};
  await Promise.all(
    ids.map(async (id) => {
      const shard = manager.shards.get(id);
      if (!shard?.process) return void (checks[`shard ${id}`] = { ok: false, detail: 'process not running' });
      if (!shard.ready) return void (checks[`shard ${id}`] = { ok: false, detail: 'not connected to the gateway' });
      const answer = await ask(shard, 'ready');
      const own = answer?.readiness;
      if (!own) return void (checks[`shard ${id}`] = { ok: false, detail: `no answer within ${IPC_TIMEOUT_MS} ms` });
      const failed = Object.entries(own.checks).filter(([, c]) => !c.ok);
      checks[`shard ${id}`] = own.ready
        ? {
            ok: true,
            detail: Object.values(own.checks)
              .map((c) => c.detail)
              .filter(Boolean)
              .join('; '),
          }
        : { ok: false, detail: failed.map(([name, c]) => `${name}: ${c.detail ?? 'failed'}`).join('; ') };
    }),
  );
  return readinessOf(checks);
}

type RestartCounter = ReturnType<typeof managerRegistry>['restarts'];

/** What watching a shard needs from its manager. */
interface Watch {
  logger: Logger;
  restarts: RestartCounter;
  stopping: () => boolean;
  /** Respawns waiting for their pause (cleared when the manager stops). */
  timers: Set<NodeJS.Timeout>;
}

/**
 * The pause before starting a shard process again: none after a process that ran for a while (a
 * crash, a kill: lose as few interactions as possible), then 1 s, 2 s, 4 s … up to 30 s while it
 * keeps exiting within a minute of its start (a bad token, a store that is down), instead of
 * discord.js's immediate respawn in a loop.
 */
export function respawnPauseMs(quickExits: number): number {
  return quickExits <= 1 ? 0 : Math.min(RESPAWN_PAUSE_MAX_MS, 1000 * 2 ** (quickExits - 2));
}

function watchShard(shard: Shard, w: Watch): void {
  const where = { shardId: shard.id };
  let started = 0;
  let startedAt = 0;
  let quickExits = 0;
  shard.on('spawn', (child) => {
    startedAt = Date.now();
    if (started++ > 0) w.restarts.inc({ shard_id: String(shard.id) });
    const pid = 'pid' in child ? child.pid : undefined;
    w.logger.info({ ...where, pid }, started > 1 ? 'shard process restarted' : 'shard process started');
  });
  shard.on('ready', () => w.logger.info(where, 'shard ready'));
  shard.on('disconnect', () => w.logger.warn(where, 'shard disconnected'));
  shard.on('death', (child) => {
    if (w.stopping()) return;
    quickExits = Date.now() - startedAt < STABLE_AFTER_MS ? quickExits + 1 : 1;
    const pauseMs = respawnPauseMs(quickExits);
    const how = 'signalCode' in child ? { exitCode: child.exitCode, signal: child.signalCode } : {};
    w.logger.error({ ...where, ...how, pauseMs }, 'shard process exited; starting it again');
    const timer = setTimeout(() => {
      w.timers.delete(timer);
      if (!w.stopping()) shard.spawn(SHARD_READY_TIMEOUT_MS).catch((err: unknown) => shard.emit('error', err));
    }, pauseMs);
    w.timers.add(timer);
  });
  shard.on('error', (err: unknown) => w.logger.error({ ...where, err }, 'shard process failed to start'));
}

/** The file this process runs (dist/main.js or src/main.ts), which each shard process runs too. */
function mainFile(): string {
  return fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../main.ts' : './main.js', import.meta.url));
}

/**
 * Start one process per shard in `plan.ids`, IDENTIFY rate limits respected, each respawned when it
 * exits; METRICS_PORT (if set) serves every shard's metrics and readiness.
 */
export async function runShardManager(
  config: Config,
  plan: ShardPlan,
  logger: Logger,
  file = mainFile(),
): Promise<ShardManagerHandle> {
  let stopping = false;
  const timers = new Set<NodeJS.Timeout>();
  // Each shard process gets a fair share of the cores for its worker threads.
  const workers = config.WORKERS ?? Math.max(1, Math.floor(availableParallelism() / plan.ids.length));
  const manager = new ShardingManager(file, {
    totalShards: plan.count,
    shardList: plan.ids,
    mode: 'process',
    // Respawned by watchShard, with a pause when a process keeps exiting right after its start.
    respawn: false,
    token: config.DISCORD_TOKEN,
    execArgv: process.execArgv,
  });
  const { registry, restarts } = managerRegistry(manager, plan.ids);
  const watch: Watch = { logger, restarts, stopping: () => stopping, timers };
  manager.on('shardCreate', (shard) => watchShard(shard, watch));
  const ops = config.METRICS_PORT
    ? await startOpsServer(
        config.METRICS_PORT,
        {
          ready: () => managerReadiness(manager, plan.ids),
          metrics: async () => {
            const parts = await Promise.all([...manager.shards.values()].map((s) => ask(s, 'metrics')));
            const shards = parts.flatMap((p) => (p?.metrics ? [p.metrics] : []));
            const own = (await registry.getMetricsAsJSON()) as MetricsJson;
            return { contentType: registry.contentType, body: await aggregateMetrics([own, ...shards]) };
          },
          health: () => ({ shards: describeIds(plan.ids), shardCount: plan.count }),
        },
        logger,
      )
    : undefined;
  const spawnDelay = Math.ceil(IDENTIFY_INTERVAL_MS / plan.maxConcurrency);
  logger.info(
    { shards: describeIds(plan.ids), shardCount: plan.count, workersPerShard: workers, spawnDelayMs: spawnDelay },
    'starting shard processes',
  );
  const spawning = spawnAll(manager, plan.ids, { delayMs: spawnDelay, workers }, () => stopping);
  return {
    manager,
    ops,
    async stop() {
      stopping = true;
      for (const t of timers) clearTimeout(t);
      await spawning.catch(() => {});
      await Promise.all([...manager.shards.values()].map((s) => stopShard(s)));
      await ops?.close();
    },
  };
}

/** One after the other, each waited for (up to a limit) and spaced for Discord's IDENTIFY limit. */
async function spawnAll(
  manager: ShardingManager,
  ids: number[],
  { delayMs, workers }: { delayMs: number; workers: number },
  stopping: () => boolean,
) {
  for (const [n, id] of ids.entries()) {
    if (stopping()) return;
    const shard = manager.createShard(id);
    (shard.env as Record<string, string>).WORKERS = String(workers);
    const paced = n < ids.length - 1 ? sleep(delayMs) : Promise.resolve();
    // A shard that is slow to connect is reported by its 'error' listener and keeps trying.
    await Promise.all([shard.spawn(SHARD_READY_TIMEOUT_MS).catch((err: unknown) => shard.emit('error', err)), paced]);
  }
}

/** SIGTERM (the shard closes its connection and the store), then SIGKILL after a grace period. */
async function stopShard(shard: Shard): Promise<void> {
  const child = shard.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
