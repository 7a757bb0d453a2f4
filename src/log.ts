// Structured logs (pino). Secrets are redacted by path, and the token is also scrubbed from
// any message text, so it can never reach a log line.
import { createRequire } from 'node:module';
import type { DestinationStream, Logger } from 'pino';
import type pinoModule from 'pino';
import type { Config } from './config.ts';

let loadedPino: typeof pinoModule | undefined;
/**
 * pino, required with the first logger rather than imported: its top level reads the process id,
 * the host name and worker_threads, which the start-up snapshot (src/startSnapshot.ts) must read at
 * run time, never bake in.
 */
function pino(): typeof pinoModule {
  return (loadedPino ??= createRequire(import.meta.url)('pino') as typeof pinoModule);
}

const REDACT = [
  'token',
  '*.token',
  'DISCORD_TOKEN',
  '*.DISCORD_TOKEN',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'publicKey',
];

/**
 * @param base fields every line carries besides `app` (a shard process adds `shard`, so the logs of
 *   several shards can be told apart)
 */
export function createLogger(
  level: string,
  destination: number | NodeJS.WritableStream = 1,
  secrets: string[] = [],
  base: Record<string, unknown> = {},
): Logger {
  const scrub = (s: string) =>
    secrets.reduce((acc, secret) => (secret ? acc.split(secret).join('[redacted]') : acc), s);
  const stream = typeof destination === 'number' ? pino().destination({ dest: destination, sync: true }) : destination;
  return pino()(
    {
      level,
      base: { app: 'hungerbot', ...base },
      redact: { paths: REDACT, censor: '[redacted]' },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === 'string' ? scrub(a) : a));
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      serializers: {
        err: (e: unknown) => {
          const s = pino().stdSerializers.err(e as Error);
          return { ...s, message: scrub(String(s.message)), stack: s.stack ? scrub(s.stack) : s.stack };
        },
      },
    },
    stream as DestinationStream,
  );
}

/** The logger every mode uses: the config's level, secrets scrubbed, optional fields on every line. */
export function appLogger(
  config: Pick<Config, 'DISCORD_TOKEN' | 'DISCORD_PUBLIC_KEY' | 'LOG_LEVEL'>,
  opts: { logDestination?: number; logLevel?: string; logBase?: Record<string, unknown> } = {},
): Logger {
  const secrets = [config.DISCORD_TOKEN, config.DISCORD_PUBLIC_KEY].filter((s): s is string => Boolean(s));
  return createLogger(opts.logLevel ?? config.LOG_LEVEL, opts.logDestination ?? 1, secrets, opts.logBase);
}
