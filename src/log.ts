// Structured logs (pino). Secrets are redacted by path, and the token is also scrubbed from
// any message text, so it can never reach a log line.
import pino, { type Logger } from 'pino';

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

export function createLogger(level: string, destination: number | NodeJS.WritableStream = 1, secrets: string[] = []): Logger {
  const scrub = (s: string) => secrets.reduce((acc, secret) => (secret ? acc.split(secret).join('[redacted]') : acc), s);
  const stream =
    typeof destination === 'number'
      ? pino.destination({ dest: destination, sync: true })
      : destination;
  return pino(
    {
      level,
      base: { app: 'hungerbot' },
      redact: { paths: REDACT, censor: '[redacted]' },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === 'string' ? scrub(a) : a));
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      serializers: {
        err: (e: unknown) => {
          const s = pino.stdSerializers.err(e as Error);
          return { ...s, message: scrub(String(s.message)), stack: s.stack ? scrub(s.stack) : s.stack };
        },
      },
    },
    stream as pino.DestinationStream,
  );
}
