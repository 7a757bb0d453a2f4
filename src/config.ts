// Environment, validated with zod at start. A bad value stops the bot with one clear line
// naming the variable; secrets are never echoed.
import { existsSync } from 'node:fs';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const snowflake = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{17,20}$/, `${name} must be a Discord id (17 to 20 digits)`)
      .optional(),
  );

const PORT_MESSAGE = 'HTTP_PORT must be a port number, a whole number from 1 to 65535 (for example 8080)';
/** A whole-number setting with a default and bounds, named in its error message. */
const intSetting = (name: string, def: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .default(def),
  );

/** Discord's largest bots run a few thousand shards; more is a typo. */
export const MAX_SHARDS = 16_384;
const SHARD_COUNT_MESSAGE = `SHARD_COUNT must be auto or a whole number from 1 to ${MAX_SHARDS}`;
const SHARD_IDS_MESSAGE = 'SHARD_IDS must be shard ids or ranges separated by commas, for example 0,1 or 0-3,8';
const METRICS_PORT_MESSAGE = 'METRICS_PORT must be a port number, a whole number from 1 to 65535 (for example 9100)';

/** `0,2-4` -> [0, 2, 3, 4] (sorted, each once); null when the text is not such a list. */
export function parseShardIds(text: string): number[] | null {
  const ids = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^(\d{1,5})(?:\s*-\s*(\d{1,5}))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from || to >= MAX_SHARDS) return null;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const EnvSchema = z.object({
  DISCORD_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[\w-]{20,}\.[\w-]{4,}\.[\w-]{20,}$/,
        'DISCORD_TOKEN does not look like a bot token (three parts separated by dots)',
      )
      .optional(),
  ),
  DISCORD_APPLICATION_ID: snowflake('DISCORD_APPLICATION_ID'),
  DISCORD_GUILD_ID: snowflake('DISCORD_GUILD_ID'),
  DISCORD_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'DISCORD_PUBLIC_KEY must be the 64 hex characters from the Developer Portal')
      .optional(),
  ),
  HTTP_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: PORT_MESSAGE })
      .int({ error: PORT_MESSAGE })
      .min(1, { error: PORT_MESSAGE })
      .max(65535, { error: PORT_MESSAGE })
      .optional(),
  ),
  /** Where Discord's API lives. Only tests and proxies change it. */
  DISCORD_API_URL: z.preprocess(emptyToUndefined, z.url('DISCORD_API_URL must be a URL').optional()),
  STORE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (s) => /^(sqlite:\/\/|redis:\/\/|rediss:\/\/|postgres(ql)?:\/\/|memory:\/\/$)/.test(s) || !s.includes('://'),
        {
          message: 'STORE_URL must be sqlite://<file>, redis://…, postgresql://… or memory://',
        },
      )
      .default('sqlite://data/hungerbot.sqlite'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  /** Worker threads for forecasts and charts (default: one per core). */
  WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64, 'WORKERS must be 1 to 64').optional()),
  /** Requests that may wait for a worker before new ones are refused as busy (default 32 per worker). */
  WORK_QUEUE_MAX: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(100_000, 'WORK_QUEUE_MAX must be 0 to 100000').optional(),
  ),
  /** A forecast or chart still unanswered after this many ms is stopped with a "took too long" reply. */
  WORK_DEADLINE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(600_000, 'WORK_DEADLINE_MS must be 100 to 600000').default(5000),
  ),
  /** Console mode writes attachments (PNG charts) here. */
  FILE_DIR: z.preprocess(emptyToUndefined, z.string().default('data/files')),
  // ---- bounded waits and limits (every one has a default) ----
  /** Longest wait for one store command; then "storage is slow, nothing was changed". */
  STORE_TIMEOUT_MS: intSetting('STORE_TIMEOUT_MS', 2000, 50, 60_000),
  /** Longest a Discord interaction's handler may run before the user is told it gave up. */
  HANDLER_TIMEOUT_MS: intSetting('HANDLER_TIMEOUT_MS', 30_000, 1000, 600_000),
  /** Commands (and button presses) one user may send per minute, with RATE_LIMIT_BURST at once. */
  RATE_LIMIT_PER_MINUTE: intSetting('RATE_LIMIT_PER_MINUTE', 30, 1, 100_000),
  RATE_LIMIT_BURST: intSetting('RATE_LIMIT_BURST', 8, 1, 10_000),
  /** Commands of one user being answered at once; more wait for none of them (a clear reply). */
  USER_MAX_IN_FLIGHT: intSetting('USER_MAX_IN_FLIGHT', 2, 1, 1000),
  /** Interactions being answered at once by this process; more get "busy" at once. */
  MAX_IN_FLIGHT: intSetting('MAX_IN_FLIGHT', 200, 1, 100_000),
  /** HTTP endpoint: open connections at most; request headers and body within this time; idle sockets closed. */
  HTTP_MAX_CONNECTIONS: intSetting('HTTP_MAX_CONNECTIONS', 512, 1, 100_000),
  HTTP_REQUEST_TIMEOUT_MS: intSetting('HTTP_REQUEST_TIMEOUT_MS', 5000, 100, 120_000),
  HTTP_IDLE_TIMEOUT_MS: intSetting('HTTP_IDLE_TIMEOUT_MS', 65_000, 100, 600_000),
  /** Signed requests whose timestamp is further than this from our clock are refused (replays). */
  HTTP_TIMESTAMP_WINDOW_S: intSetting('HTTP_TIMESTAMP_WINDOW_S', 300, 5, 3600),
  /**
   * Interaction ids remembered against replays, at most, in this process (and in the store when it
   * is memory://): the oldest are forgotten first. See DEFAULT_REPLAY_IDS_MAX in transport/http.ts.
   */
  HTTP_REPLAY_IDS_MAX: intSetting('HTTP_REPLAY_IDS_MAX', 100_000, 1000, 10_000_000),
  // ---- running at scale ----
  /** Gateway shards of the whole bot: `auto` (Discord's recommendation from /gateway/bot) or a number. */
  SHARD_COUNT: z.preprocess(
    emptyToUndefined,
    z
      .union(
        [
          z.literal('auto'),
          z.coerce
            .number({ error: SHARD_COUNT_MESSAGE })
            .int({ error: SHARD_COUNT_MESSAGE })
            .min(1, { error: SHARD_COUNT_MESSAGE })
            .max(MAX_SHARDS, { error: SHARD_COUNT_MESSAGE }),
        ],
        { error: SHARD_COUNT_MESSAGE },
      )
      .default('auto'),
  ),
  /** The shards this machine runs (default: all of them), e.g. `0,1` or `0-3,8`. */
  SHARD_IDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((text, ctx) => {
        const ids = parseShardIds(text);
        if (!ids) ctx.addIssue({ code: 'custom', message: SHARD_IDS_MESSAGE });
        return ids ?? [];
      })
      .optional(),
  ),
  /** Health, readiness and Prometheus metrics on their own port (gateway mode: the only place they are). */
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: METRICS_PORT_MESSAGE })
      .int({ error: METRICS_PORT_MESSAGE })
      .min(1, { error: METRICS_PORT_MESSAGE })
      .max(65535, { error: METRICS_PORT_MESSAGE })
      .optional(),
  ),
});

export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validate an environment. Throws ConfigError with one line per bad variable (never the value). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      return i.message.includes(name) ? i.message : `${name}: ${i.message}`;
    });
    throw new ConfigError(`Configuration error: ${lines.join('; ')}`);
  }
  const cfg = parsed.data;
  if (cfg.DISCORD_PUBLIC_KEY && !cfg.HTTP_PORT)
    throw new ConfigError(
      'Configuration error: DISCORD_PUBLIC_KEY is set, so HTTP_PORT is needed for the interactions endpoint',
    );
  const count = cfg.SHARD_COUNT;
  const beyond = count === 'auto' ? undefined : cfg.SHARD_IDS?.find((id) => id >= count);
  if (count !== 'auto' && beyond !== undefined) {
    throw new ConfigError(
      `Configuration error: SHARD_IDS names shard ${beyond}, but SHARD_COUNT=${count} has shards 0 to ${count - 1}`,
    );
  }
  if (cfg.METRICS_PORT && cfg.METRICS_PORT === cfg.HTTP_PORT) {
    throw new ConfigError(
      'Configuration error: METRICS_PORT must differ from HTTP_PORT (leave it empty to serve /metrics on HTTP_PORT)',
    );
  }
  return cfg;
}

/** Load `.env` from the working directory if there is one (Node's own parser; no dependency). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** Load .env and validate; on a bad value print the one-line reason and return null (exit code 2). */
export function loadConfigOrReport(write: (line: string) => void = (l) => process.stderr.write(l)): Config | null {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      write(`${err.message}\n`);
      return null;
    }
    throw err;
  }
}
