// Entry point. `npm start`:
//   no DISCORD_TOKEN            -> the local console (REPL)
//   DISCORD_TOKEN               -> gateway bot (or the HTTP endpoint when DISCORD_PUBLIC_KEY is set); with
//                                  several shards here, a manager of one process per shard (transport/shards.ts)
//   `npm start -- ask '<line>'` -> one reply; `ask --json` with no line reads stdin, one JSON per line
//
// Each mode imports only its own transport (console, HTTP or discord.js), so the HTTP endpoint
// never loads discord.js and `ask` never loads a server: less start-up time and idle memory.
import { startupSnapshot } from 'node:v8';
import { loadConfigOrReport, type Config } from './config.ts';
import { createApp, type App, type AppOptions } from './app.ts';
import { StorageError } from './errors.ts';
import { appLogger } from './log.ts';
import {
  readinessOf,
  startOpsServer,
  storeCheck,
  type Check,
  type OpsRoutes,
  type OpsServer,
} from './ops/endpoints.ts';
import type { Metrics } from './ops/metrics.ts';
import { stopWork, workStats } from './runtime/offload.ts';
import type { StoreFailure } from './store/store.ts';
import type { AdmissionLimits } from './transport/admission.ts';

function usage(): string {
  return [
    'usage: npm start                          open the console (no token) or connect to Discord (token set)',
    "       npm start -- ask '<command line>'   print one reply (add --json for JSON)",
    '       npm start -- ask --json < lines.txt  one JSON reply per input line',
    '       npm start -- console                open the console even when a token is set',
  ].join('\n');
}

/**
 * SIGINT/SIGTERM (and `also`, e.g. a shard's manager going away) stop the transport, the workers
 * and the store, then exit 0. Returns the stop function.
 */
function shutdownOn(
  app: Pick<App, 'logger'> & { store?: App['store'] },
  stop: () => Promise<void>,
): (why: string) => void {
  let stopping = false;
  const handler = (why: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info({ signal: why }, 'shutting down');
    stop()
      .catch((err: unknown) => app.logger.error({ err }, 'error while stopping'))
      .then(() => stopWork())
      .then(() => app.store?.close())
      .catch((err: unknown) => app.logger.error({ err }, 'error while closing the store'))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
  return handler;
}

function admissionLimits(config: Config): AdmissionLimits {
  return {
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    burst: config.RATE_LIMIT_BURST,
    userMaxInFlight: config.USER_MAX_IN_FLIGHT,
    maxInFlight: config.MAX_IN_FLIGHT,
  };
}

/** The app, or the exit code after a storage error was reported. */
async function openApp(config: Config, opts: AppOptions): Promise<App | number> {
  try {
    const app = await createApp(config, opts);
    process.on('unhandledRejection', (err) => app.logger.error({ err }, 'unhandled rejection'));
    process.on('uncaughtException', (err) => app.logger.error({ err }, 'uncaught exception'));
    return app;
  } catch (err) {
    if (err instanceof StorageError) {
      process.stderr.write(`Storage error: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

export async function main(argv: string[]): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 2;
  const [mode, ...rest] = argv;
  if (mode === '--help' || mode === '-h' || mode === 'help') {
    process.stdout.write(usage() + '\n');
    return 0;
  }
  const consoleMode = mode === 'ask' || mode === 'console' || !config.DISCORD_TOKEN;
  if (!consoleMode) return runDiscordMode(config);
  // In console modes logs go to stderr (stdout carries replies) and only warnings show by default.
  const logLevel = !process.env.LOG_LEVEL ? 'warn' : config.LOG_LEVEL;
  const app = await openApp(config, { logDestination: 2, logLevel });
  if (typeof app === 'number') return app;
  return runConsoleMode(app, mode, rest);
}

/** `ask` (one line or a batch on stdin) and the interactive console. */
async function runConsoleMode(app: App, mode: string | undefined, rest: string[]): Promise<number> {
  const { flushed, renderReplyText, runBatch, runLine, runRepl, toJsonReply, writeFiles, writeWithBackpressure } =
    await import('./transport/console.ts');
  const { config } = app;
  await app.registry.load(); // the console parses and completes lines with every command
  const consoleOpts = { registry: app.registry, services: app.services, fileDir: config.FILE_DIR };
  if (mode === 'ask') {
    const json = rest.includes('--json');
    const line = rest
      .filter((a) => a !== '--json')
      .join(' ')
      .trim();
    try {
      if (line) {
        const reply = await runLine(line, consoleOpts);
        const text = json
          ? JSON.stringify(toJsonReply(reply, config.FILE_DIR)) + '\n'
          : renderReplyText(reply, false, writeFiles(reply, config.FILE_DIR)) + '\n';
        await writeWithBackpressure(process.stdout, text);
        await flushed(process.stdout);
      } else {
        // Every reply is flushed before this returns, however slowly standard output is read.
        await runBatch(consoleOpts, { input: process.stdin, output: process.stdout }, json);
      }
    } finally {
      await app.store.close();
    }
    return 0;
  }

  if (mode && mode !== 'console') {
    process.stderr.write(`Unknown mode "${mode}".\n${usage()}\n`);
    await app.store.close();
    return 2;
  }
  const io = { input: process.stdin, output: process.stdout, terminal: Boolean(process.stdin.isTTY) };
  await runRepl({ ...consoleOpts, color: Boolean(process.stdout.isTTY) }, io);
  await app.store.close();
  return 0;
}

/** What both Discord transports take from the app and the config. */
function discordOptions(app: App) {
  const { config } = app;
  return {
    registry: app.registry,
    services: app.services,
    handlerTimeoutMs: config.HANDLER_TIMEOUT_MS,
    admission: admissionLimits(config),
    apiUrl: config.DISCORD_API_URL,
  };
}

/** The operator routes of one bot process: readiness is the store's ping (plus `more` checks). */
function opsRoutes(app: App, metrics: Metrics | undefined, more: () => Record<string, Check> = () => ({})): OpsRoutes {
  return {
    ready: async () => readinessOf({ store: await storeCheck(app.store), ...more() }),
    ...(metrics ? { metrics: async () => ({ contentType: metrics.contentType, body: await metrics.text() }) } : {}),
  };
}

/** The HTTP interactions endpoint (DISCORD_PUBLIC_KEY and HTTP_PORT set), else the gateway. */
async function runDiscordMode(config: Config): Promise<number> {
  if (config.DISCORD_PUBLIC_KEY && config.HTTP_PORT) return runHttpMode(config);
  // A process started by our own sharding manager (discord.js sets these): one shard.
  if (process.env.SHARDING_MANAGER === 'true') {
    const shards = { ids: [Number(process.env.SHARDS)], count: Number(process.env.SHARD_COUNT) };
    return runGatewayProcess(config, shards, true);
  }
  return runGateway(config);
}

/** Stateless replicas behind a load balancer: everything they share is in the store. */
async function runHttpMode(config: Config): Promise<number> {
  const { Metrics } = await import('./ops/metrics.ts');
  const metrics = new Metrics('http');
  const app = await openApp(config, { onStoreError: (op, failure) => metrics.storeError(op, failure) });
  if (typeof app === 'number') return app;
  metrics.watch({ pool: workStats });
  if (app.store.kind === 'sqlite' || app.store.kind === 'memory') {
    app.logger.info(
      { store: app.store.kind },
      'this store is for one machine: several HTTP replicas must share STORE_URL=redis://… or postgresql://…',
    );
  }
  const { startHttpEndpoint } = await import('./transport/http.ts');
  const routes = opsRoutes(app, metrics);
  const ops = config.METRICS_PORT ? await startOpsServer(config.METRICS_PORT, routes, app.logger) : undefined;
  const endpoint = await startHttpEndpoint({
    ...discordOptions(app),
    publicKey: config.DISCORD_PUBLIC_KEY!,
    port: config.HTTP_PORT!,
    limits: {
      maxConnections: config.HTTP_MAX_CONNECTIONS,
      requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: config.HTTP_IDLE_TIMEOUT_MS,
      timestampWindowS: config.HTTP_TIMESTAMP_WINDOW_S,
      replayIdsMax: config.HTTP_REPLAY_IDS_MAX,
    },
    metrics,
    ...(ops ? {} : { ops: routes }),
  });
  shutdownOn(app, async () => {
    await endpoint.close();
    await ops?.close();
  });
  return new Promise<number>(() => {});
}

/** The gateway: this process is the one shard, or the manager of this machine's shard processes. */
async function runGateway(config: Config): Promise<number> {
  const logger = appLogger(config);
  const { planShards, storeAdvice } = await import('./transport/shards.ts');
  let plan: Awaited<ReturnType<typeof planShards>>;
  try {
    plan = await planShards(config, config.DISCORD_TOKEN!, config.DISCORD_API_URL, logger);
  } catch (err) {
    process.stderr.write(`Could not plan the gateway shards: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const advice = storeAdvice(config.STORE_URL, plan);
  if (advice.refuse) {
    process.stderr.write(`Configuration error: ${advice.refuse}\n`);
    return 2;
  }
  if (advice.warn) logger.warn(advice.warn);
  if (plan.ids.length === 1) return runGatewayProcess(config, { ids: plan.ids, count: plan.count }, false);
  const { runShardManager } = await import('./transport/shardManager.ts');
  const handle = await runShardManager(config, plan, logger);
  shutdownOn({ logger }, () => handle.stop());
  return new Promise<number>(() => {});
}

/**
 * One gateway client for `shards`. Started by our manager (`managed`): it answers the manager's
 * questions over IPC and stops when the manager goes; otherwise it serves METRICS_PORT itself.
 */
async function runGatewayProcess(config: Config, shards: { ids: number[]; count: number }, managed: boolean) {
  const shard = shards.ids.join(',');
  const { Metrics } = config.METRICS_PORT ? await import('./ops/metrics.ts') : { Metrics: undefined };
  const metrics = Metrics ? new Metrics('gateway', { shard }) : undefined;
  const onStoreError = metrics ? (op: string, failure: StoreFailure) => metrics.storeError(op, failure) : undefined;
  const logBase = { shard: shards.ids.length === 1 ? shards.ids[0] : shard };
  const app = await openApp(config, { logBase, onStoreError });
  if (typeof app === 'number') return app;
  metrics?.watch({ pool: workStats });
  const { createGatewayBot } = await import('./transport/gateway.ts');
  const bot = createGatewayBot({ ...discordOptions(app), token: config.DISCORD_TOKEN!, metrics, shards });
  const shardChecks = () =>
    Object.fromEntries(
      bot.shards().map((s) => [`shard ${s.id}`, { ok: s.ready, detail: s.ready ? 'connected' : 'not connected' }]),
    );
  const routes = opsRoutes(app, metrics, shardChecks);
  let ops: OpsServer | undefined;
  const stop = shutdownOn(app, async () => {
    await bot.stop();
    await ops?.close();
  });
  if (managed) {
    const { answerManager } = await import('./transport/shards.ts');
    answerManager({ metrics: metrics && (() => metrics.json()), ready: routes.ready }, () => stop('manager gone'));
  } else if (config.METRICS_PORT) ops = await startOpsServer(config.METRICS_PORT, routes, app.logger);
  await bot.start();
  return new Promise<number>(() => {});
}

/**
 * Exit once everything written to stdout and stderr has left the process: when stdout is a socket
 * (a parent process's pipe from spawn()), writes are asynchronous and process.exit() alone would
 * cut a long `ask --json` batch short.
 */
export function exitAfterFlush(code: number): void {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}

/** Runs the bot for `argv` and exits: the entry's own call, and the start-up snapshot's (src/startSnapshot.ts). */
export function runMain(argv: string[]): void {
  main(argv).then(exitAfterFlush, (err: unknown) => {
    process.stderr.write(`hungerbot failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    exitAfterFlush(1);
  });
}

// Bundled into the start-up snapshot this module only loads while the snapshot is built; the
// snapshot's main function calls runMain() once deserialized.
if (!startupSnapshot.isBuildingSnapshot()) runMain(process.argv.slice(2));
