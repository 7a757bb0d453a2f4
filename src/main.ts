// Entry point. `npm start`:
//   no DISCORD_TOKEN            -> the local console (REPL)
//   DISCORD_TOKEN               -> gateway bot (or the HTTP endpoint when DISCORD_PUBLIC_KEY is set)
//   `npm start -- ask '<line>'` -> one reply; `ask --json` with no line reads stdin, one JSON per line
import { loadConfigOrReport } from './config.ts';
import { createApp, type App } from './app.ts';
import { StorageError } from './bot/errors.ts';
import {
  flushed,
  renderReplyText,
  runBatch,
  runLine,
  runRepl,
  toJsonReply,
  writeFiles,
  writeWithBackpressure,
} from './transport/console.ts';
import type { AdmissionLimits } from './transport/admission.ts';
import type { Config } from './config.ts';

function usage(): string {
  return [
    'usage: npm start                          open the console (no token) or connect to Discord (token set)',
    "       npm start -- ask '<command line>'   print one reply (add --json for JSON)",
    '       npm start -- ask --json < lines.txt  one JSON reply per input line',
    '       npm start -- console                open the console even when a token is set',
  ].join('\n');
}

async function shutdownOn(app: App, stop: () => Promise<void>): Promise<void> {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info({ signal }, 'shutting down');
    stop()
      .catch((err: unknown) => app.logger.error({ err }, 'error while stopping'))
      .then(() => app.store.close())
      .catch((err: unknown) => app.logger.error({ err }, 'error while closing the store'))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

function admissionLimits(config: Config): AdmissionLimits {
  return {
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    burst: config.RATE_LIMIT_BURST,
    userMaxInFlight: config.USER_MAX_IN_FLIGHT,
    maxInFlight: config.MAX_IN_FLIGHT,
  };
}

async function main(argv: string[]): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 2;
  const [mode, ...rest] = argv;
  if (mode === '--help' || mode === '-h' || mode === 'help') {
    process.stdout.write(usage() + '\n');
    return 0;
  }
  const consoleMode = mode === 'ask' || mode === 'console' || !config.DISCORD_TOKEN;
  // In console modes logs go to stderr (stdout carries replies) and only warnings show by default.
  const logLevel = consoleMode && !process.env.LOG_LEVEL ? 'warn' : config.LOG_LEVEL;
  let app: App;
  try {
    app = await createApp(config, { logDestination: consoleMode ? 2 : 1, logLevel });
  } catch (err) {
    if (err instanceof StorageError) {
      process.stderr.write(`Storage error: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  process.on('unhandledRejection', (err) => app.logger.error({ err }, 'unhandled rejection'));
  process.on('uncaughtException', (err) => app.logger.error({ err }, 'uncaught exception'));
  const consoleOpts = { registry: app.registry, services: app.services, fileDir: config.FILE_DIR };

  if (mode === 'ask') {
    const json = rest.includes('--json');
    const line = rest.filter((a) => a !== '--json').join(' ').trim();
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

  if (consoleMode) {
    if (mode && mode !== 'console') {
      process.stderr.write(`Unknown mode "${mode}".\n${usage()}\n`);
      await app.store.close();
      return 2;
    }
    await runRepl({ ...consoleOpts, color: Boolean(process.stdout.isTTY) }, { input: process.stdin, output: process.stdout, terminal: Boolean(process.stdin.isTTY) });
    await app.store.close();
    return 0;
  }

  const discordOpts = {
    ...consoleOpts,
    handlerTimeoutMs: config.HANDLER_TIMEOUT_MS,
    admission: admissionLimits(config),
    apiUrl: config.DISCORD_API_URL,
  };
  if (config.DISCORD_PUBLIC_KEY && config.HTTP_PORT) {
    const { startHttpEndpoint } = await import('./transport/http.ts');
    const endpoint = await startHttpEndpoint({
      ...discordOpts,
      publicKey: config.DISCORD_PUBLIC_KEY,
      port: config.HTTP_PORT,
      limits: {
        maxConnections: config.HTTP_MAX_CONNECTIONS,
        requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
        idleTimeoutMs: config.HTTP_IDLE_TIMEOUT_MS,
        timestampWindowS: config.HTTP_TIMESTAMP_WINDOW_S,
      },
    });
    await shutdownOn(app, () => endpoint.close());
    return new Promise<number>(() => {});
  }

  const { createGatewayBot } = await import('./transport/gateway.ts');
  const bot = createGatewayBot({ ...discordOpts, token: config.DISCORD_TOKEN! });
  await shutdownOn(app, () => bot.stop());
  await bot.start();
  return new Promise<number>(() => {});
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`hungerbot failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
