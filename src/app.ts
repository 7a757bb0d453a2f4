// Wiring shared by every entry point: config -> logger -> store -> registry -> services.
import type { Logger } from 'pino';
import { commands } from '../commands/index.ts';
import { Registry } from './bot/dispatch.ts';
import type { Services } from './bot/types.ts';
import type { Config } from './config.ts';
import { createLogger } from './log.ts';
import { configureWork } from './runtime/offload.ts';
import { openStore, type Store } from './store/store.ts';

export interface App {
  config: Config;
  logger: Logger;
  store: Store;
  registry: Registry;
  services: Services;
}

export async function createApp(config: Config, opts: { logDestination?: number; logLevel?: string } = {}): Promise<App> {
  const secrets = [config.DISCORD_TOKEN, config.DISCORD_PUBLIC_KEY].filter((s): s is string => Boolean(s));
  const logger = createLogger(opts.logLevel ?? config.LOG_LEVEL, opts.logDestination ?? 1, secrets);
  const { WORKERS: workers, WORK_QUEUE_MAX: queueMax, WORK_DEADLINE_MS: deadlineMs } = config;
  await configureWork({ workers, queueMax, deadlineMs });
  const store = await openStore(config.STORE_URL, { timeoutMs: config.STORE_TIMEOUT_MS });
  logger.debug({ store: store.location }, 'store opened');
  const registry = new Registry(commands);
  return { config, logger, store, registry, services: { store, logger } };
}
