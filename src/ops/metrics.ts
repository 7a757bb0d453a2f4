// Prometheus metrics (prom-client), one registry per process. Everything is counted in one place:
// interactions by the respond layer (src/transport/respond.ts, which every command, button press
// and autocomplete of both transports goes through), store failures by the store's command
// wrapper (its onError hook), and the gauges are read when scraped. Only the Discord modes load
// this module (the console and `ask` never do).
import {
  AggregatorRegistry,
  collectProcessMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from './prom.ts';
import type { WorkStats } from '../runtime/offload.ts';
import type { StoreFailure } from '../store/store.ts';

/** What kind of interaction was answered. */
export type InteractionKind = 'command' | 'button' | 'message' | 'autocomplete';

/** One answered (or refused, or undeliverable) interaction. */
export interface InteractionRecord {
  kind: InteractionKind;
  /** `/hero wait`, `button:details`, … (bounded: unknown names are `unknown`). */
  command: string;
  /** `ok`, an error code (`storage_unavailable`, `busy`, …) or `undelivered` (Discord refused our answer). */
  outcome: string;
  seconds: number;
  /** The answer was deferred ("thinking…") and sent later. */
  deferred: boolean;
}

/** Where the gauges read from; each is optional (a gateway manager has no pool). */
export interface GaugeSources {
  pool?: () => WorkStats | undefined;
  inFlight?: () => number;
  /** Per shard of this process: is its gateway connection ready? */
  shards?: () => { id: number; ready: boolean }[];
}

/** Seconds: Discord wants the first answer within 3 s; we defer at 1.5 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30];

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

export class Metrics {
  readonly registry = new Registry();
  private readonly interactions: InstanceType<typeof Counter<'transport' | 'kind' | 'command' | 'outcome'>>;
  private readonly latency: InstanceType<typeof Histogram<'transport' | 'kind' | 'command'>>;
  private readonly deferred: InstanceType<typeof Counter<'transport' | 'kind'>>;
  private readonly storeErrors: InstanceType<typeof Counter<'op' | 'failure'>>;
  private readonly sources: GaugeSources = {};

  /**
   * @param transport `gateway` or `http` (a label on every interaction series)
   * @param labels default labels of every series, e.g. `{ shard: '3' }`
   */
  constructor(
    readonly transport: string,
    labels: Record<string, string> = {},
  ) {
    const registers = [this.registry];
    this.registry.setDefaultLabels(labels);
    collectProcessMetrics(this.registry);
    this.interactions = new Counter({
      name: 'hungerbot_interactions_total',
      help: 'Interactions answered, by kind, command and outcome (ok, an error code, or undelivered)',
      labelNames: ['transport', 'kind', 'command', 'outcome'],
      registers,
    });
    this.latency = new Histogram({
      name: 'hungerbot_interaction_duration_seconds',
      help: 'From receiving an interaction to its last answer sent (the edit, for deferred ones)',
      labelNames: ['transport', 'kind', 'command'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.deferred = new Counter({
      name: 'hungerbot_deferred_replies_total',
      help: 'Interactions answered with a deferral first (not ready within 1.5 s)',
      labelNames: ['transport', 'kind'],
      registers,
    });
    this.storeErrors = new Counter({
      name: 'hungerbot_store_errors_total',
      help: 'Store commands that failed: timeout, unconfirmed write, or store unavailable',
      labelNames: ['op', 'failure'],
      registers,
    });
    this.defineGauges(registers);
  }

  private defineGauges(registers: InstanceType<typeof Registry>[]): void {
    const sources = this.sources;
    new Gauge({
      name: 'hungerbot_interactions_in_flight',
      help: 'Interactions being answered now',
      registers,
      collect() {
        this.set(sources.inFlight?.() ?? 0);
      },
    });
    new Gauge({
      name: 'hungerbot_worker_queue_depth',
      help: 'Forecasts and charts waiting for a worker thread',
      registers,
      collect() {
        this.set(sources.pool?.()?.queued ?? 0);
      },
    });
    new Gauge({
      name: 'hungerbot_workers_busy',
      help: 'Worker threads running a task',
      registers,
      collect() {
        this.set(sources.pool?.()?.running ?? 0);
      },
    });
    new Counter({
      name: 'hungerbot_split_walks_total',
      help: "NetHack 5.0 starvation walks run as two lanes: where the second ran (a worker's lane helper, or the worker itself)",
      labelNames: ['lane'],
      registers,
      collect() {
        const split = sources.pool?.()?.splitWalks;
        this.reset();
        this.inc({ lane: 'helper' }, split?.helper ?? 0);
        this.inc({ lane: 'here' }, split?.here ?? 0);
      },
    });
    new Gauge({
      name: 'hungerbot_shard_ready',
      help: 'Gateway shards of this process: 1 when connected and ready',
      labelNames: ['shard_id'],
      registers,
      collect() {
        this.reset();
        for (const s of sources.shards?.() ?? []) this.set({ shard_id: String(s.id) }, s.ready ? 1 : 0);
      },
    });
  }

  /** Where the gauges read from (set by whoever owns the pool, the admission and the shards). */
  watch(sources: GaugeSources): void {
    Object.assign(this.sources, sources);
  }

  interaction(r: InteractionRecord): void {
    const { transport } = this;
    this.interactions.inc({ transport, kind: r.kind, command: r.command, outcome: r.outcome });
    this.latency.observe({ transport, kind: r.kind, command: r.command }, r.seconds);
    if (r.deferred) this.deferred.inc({ transport, kind: r.kind });
  }

  storeError(op: string, failure: StoreFailure): void {
    this.storeErrors.inc({ op, failure });
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** For a sharding manager, which merges its shards' metrics into one page. */
  json(): Promise<MetricsJson> {
    return this.registry.getMetricsAsJSON() as Promise<MetricsJson>;
  }
}

/** One exposition of several processes' metrics (each keeps its own `shard` label, so none merge). */
export function aggregateMetrics(parts: MetricsJson[]): Promise<string> {
  return AggregatorRegistry.aggregate(parts as never).metrics();
}
