// Gateway sharding with discord.js's own machinery: a ShardingManager that runs one process per
// shard (`mode: 'process'`), respawns a process that dies, and talks to each over Node's IPC
// channel. Why processes and not one client with internal sharding: each shard gets its own main
// thread and its own crash domain (a shard killed or stuck takes no other shard with it, and is
// respawned), and a machine runs as many as its cores and memory allow. All of them share the
// store, so any shard (or HTTP replica) answers any user.
//
// This machine runs SHARD_IDS (default: every shard) of SHARD_COUNT (default `auto`: the count
// Discord recommends in GET /gateway/bot). One shard: this process is the shard, no manager. Two
// or more: this process is the manager (shardManager.ts: it loads no store, no commands, no worker
// pool) and serves METRICS_PORT for all of them, merging their metrics and readiness over IPC.
// This file is the planning and the shard process's side of the IPC (no prom-client, no manager).
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { readinessOf, type Readiness } from '../ops/endpoints.ts';
import type { MetricsJson } from '../ops/metrics.ts';

export interface ShardPlan {
  /** Shards of the whole bot. */
  count: number;
  /** The shards this machine runs. */
  ids: number[];
  /** Shards that may IDENTIFY at once (Discord's session_start_limit.max_concurrency). */
  maxConcurrency: number;
}

interface GatewayBotInfo {
  shards: number;
  session_start_limit?: { max_concurrency?: number };
}

/**
 * GET /gateway/bot through discord.js's own REST client (loaded in gateway mode anyway; Node's
 * global fetch would load a second HTTP client, about 12 MiB).
 */
async function fetchGatewayBot(token: string, apiUrl: string): Promise<GatewayBotInfo> {
  await import('./oneUndici.ts'); // before discord.js: one undici per process
  const { REST, Routes } = await import('discord.js');
  const rest = new REST({ api: apiUrl.replace(/\/$/, ''), timeout: 10_000, retries: 1 }).setToken(token);
  let info: GatewayBotInfo;
  try {
    info = (await rest.get(Routes.gatewayBot())) as GatewayBotInfo;
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 401) throw new Error('Discord refused the token (401) when asked for the shard count');
    throw new Error(`GET /gateway/bot failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Number.isInteger(info.shards) || info.shards < 1) throw new Error('GET /gateway/bot gave no shard count');
  return info;
}

/** How many shards, which of them here, and how fast they may connect. */
export async function planShards(
  config: Pick<Config, 'SHARD_COUNT' | 'SHARD_IDS'>,
  token: string,
  apiUrl = 'https://discord.com/api',
  logger?: Logger,
): Promise<ShardPlan> {
  let count = config.SHARD_COUNT;
  let maxConcurrency = 1;
  const wantedHere = config.SHARD_IDS?.length;
  if (count === 'auto' || (wantedHere ?? count) > 1) {
    try {
      const info = await fetchGatewayBot(token, apiUrl);
      if (count === 'auto') count = info.shards;
      maxConcurrency = Math.max(1, info.session_start_limit?.max_concurrency ?? 1);
    } catch (err) {
      if (count === 'auto') throw err;
      logger?.warn({ err }, 'could not read max_concurrency from /gateway/bot: shards connect 5.5 s apart');
    }
  }
  const ids = config.SHARD_IDS ?? [...Array(count).keys()];
  const beyond = ids.find((id) => id >= (count as number));
  if (beyond !== undefined) {
    throw new Error(`SHARD_IDS names shard ${beyond}, but Discord recommends ${count} shards (set SHARD_COUNT)`);
  }
  return { count, ids, maxConcurrency };
}

/**
 * What the store allows for this plan: memory:// keeps nothing another process can see (refused
 * with several processes); SQLite is one file on one machine (said clearly at start).
 */
export function storeAdvice(storeUrl: string, plan: ShardPlan): { refuse?: string; warn?: string } {
  const elsewhere = plan.ids.length < plan.count;
  const processes = plan.ids.length + (elsewhere ? 1 : 0);
  if (processes < 2) return {};
  const shared =
    'several processes need a shared store: set STORE_URL=redis://host:6379 or postgresql://user:pass@host/db';
  if (storeUrl === 'memory://') {
    return { refuse: `STORE_URL=memory:// keeps heroes in one process's memory; ${shared}` };
  }
  if (/^redis|^rediss|^postgres/.test(storeUrl)) return {};
  const where = elsewhere
    ? `shards ${describeIds(plan.ids)} of ${plan.count} run here and the others elsewhere, ` +
      'but an SQLite file is only shared by processes on one machine'
    : `${plan.ids.length} shard processes share one SQLite file: this works on this one machine only, ` +
      "every write waits for SQLite's single write lock, and no other machine or HTTP replica can join";
  return { warn: `SQLite store: ${where}; ${shared}` };
}

/** `[0,1,2,5]` -> `0-2,5` (logs). */
export function describeIds(ids: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ids.length; ) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    out.push(i === j ? String(ids[i]) : `${ids[i]}-${ids[j]}`);
    i = j + 1;
  }
  return out.join(',');
}

// ---- IPC between the manager and its shard processes -------------------------------------------

/** A question from the manager, and a shard process's answer. */
export interface OpsQuestion {
  hungerbot: 'ops';
  id: number;
  want: 'metrics' | 'ready';
}
export interface OpsAnswer {
  hungerbot: 'ops';
  id: number;
  metrics?: MetricsJson;
  readiness?: Readiness;
}

export const isOpsMessage = (m: unknown): m is OpsAnswer & OpsQuestion =>
  typeof m === 'object' && m !== null && (m as { hungerbot?: unknown }).hungerbot === 'ops';

/**
 * In a shard process: answer the manager's questions, and stop when the manager is gone (its IPC
 * channel closes), so a killed manager never leaves shards behind.
 */
export function answerManager(
  answers: { metrics?: () => Promise<MetricsJson>; ready: () => Promise<Readiness> },
  onManagerGone: () => void,
): void {
  process.on('message', (m: unknown) => {
    if (!isOpsMessage(m)) return;
    const reply = async (): Promise<OpsAnswer> =>
      m.want === 'metrics'
        ? { hungerbot: 'ops', id: m.id, metrics: (await answers.metrics?.()) ?? [] }
        : { hungerbot: 'ops', id: m.id, readiness: await answers.ready() };
    reply()
      .catch((err: unknown): OpsAnswer => {
        const detail = err instanceof Error ? err.message : String(err);
        return { hungerbot: 'ops', id: m.id, readiness: readinessOf({ process: { ok: false, detail } }) };
      })
      .then((answer) => process.send?.(answer));
  });
  process.once('disconnect', onManagerGone);
}
