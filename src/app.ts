// Wiring shared by every entry point: config -> logger -> store -> registry -> services.
import type { Logger } from 'pino';
import { Registry } from './pipeline/dispatch.ts';
import type { Services } from './pipeline/types.ts';
import type { Config } from './config.ts';
import { appLogger } from './log.ts';
import { configureWork } from './runtime/offload.ts';
import { openStore, type Store, type StoreOptions } from './store/store.ts';

export interface App {
  config: Config;
  logger: Logger;
  store: Store;
  registry: Registry;
  services: Services;
}

export interface AppOptions {
  logDestination?: number;
  logLevel?: string;
  /** Fields every log line carries (a shard process: `{ shard }`). */
  logBase?: Record<string, unknown>;
  /** Told about every failed store command (the metrics). */
  onStoreError?: StoreOptions['onError'];
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<App> {
  const logger = appLogger(config, opts);
  const { WORKERS: workers, WORK_QUEUE_MAX: queueMax, WORK_DEADLINE_MS: deadlineMs } = config;
  await configureWork({ workers, queueMax, deadlineMs });
  const store = await openStore(config.STORE_URL, {
    timeoutMs: config.STORE_TIMEOUT_MS,
    onError: opts.onStoreError,
    memoryMarkersMax: config.HTTP_REPLAY_IDS_MAX,
  });
  logger.debug({ store: store.location }, 'store opened');
  // The commands (their code, schemas and game tables) load with the first interaction or line.
  const registry = Registry.deferred(async () => (await import('../commands/index.ts')).commands);
  return { config, logger, store, registry, services: { store, logger } };
}
