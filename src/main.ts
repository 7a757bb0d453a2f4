// Entry point. `npm start`:
//   no DISCORD_TOKEN            -> the local console (REPL)
//   DISCORD_TOKEN               -> gateway bot (or the HTTP endpoint when DISCORD_PUBLIC_KEY is set)
//   `npm start -- ask '<line>'` -> one reply; `ask --json` with no line reads stdin, one JSON per line
//
// Each mode imports only its own transport (console, HTTP or discord.js), so the HTTP endpoint
// never loads discord.js and `ask` never loads a server: less start-up time and idle memory.
import { loadConfigOrReport, type Config } from './config.ts';
import { createApp, type App } from './app.ts';
import { StorageError } from './errors.ts';
import { stopWork } from './runtime/offload.ts';
import type { AdmissionLimits } from './transport/admission.ts';

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
      .then(() => stopWork())
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

  if (consoleMode) return runConsoleMode(app, mode, rest);
  return runDiscordMode(app);
}

/** `ask` (one line or a batch on stdin) and the interactive console. */
async function runConsoleMode(app: App, mode: string | undefined, rest: string[]): Promise<number> {
  const { flushed, renderReplyText, runBatch, runLine, runRepl, toJsonReply, writeFiles, writeWithBackpressure } =
    await import('./transport/console.ts');
  const { config } = app;
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

/** The HTTP interactions endpoint (DISCORD_PUBLIC_KEY and HTTP_PORT set), else the gateway. */
async function runDiscordMode(app: App): Promise<number> {
  const { config } = app;
  const discordOpts = {
    registry: app.registry,
    services: app.services,
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

/**
 * Exit once everything written to stdout and stderr has left the process: when stdout is a socket
 * (a parent process's pipe from spawn()), writes are asynchronous and process.exit() alone would
 * cut a long `ask --json` batch short.
 */
function exitAfterFlush(code: number): void {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}

main(process.argv.slice(2)).then(exitAfterFlush, (err: unknown) => {
  process.stderr.write(`hungerbot failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  exitAfterFlush(1);
});
