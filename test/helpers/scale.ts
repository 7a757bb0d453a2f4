// Shared by the scale tests: many users, the answers to their `/hero wait` as Discord receives
// them (a reply, or a deferral and its edit), and reading a Prometheus page.
import type { Registry } from '../../src/pipeline/dispatch.ts';
import { parseCommandLine } from '../../src/pipeline/commandLine.ts';
import { spawnBot, type BotProcess } from './botProcess.ts';
import { FAKE_TOKEN, shardOfGuild, type FakeDiscord, type Fate } from './fakeDiscord.ts';
import { freePort } from './servers.ts';
import { postInteraction, type HttpAnswer, type Signer } from './signed.ts';

export interface ScaleUser {
  id: string;
  name: string;
  index: number;
  guildId?: string;
  /** The gateway shard of the user's guild (of 2). */
  shard?: number;
}

/** `n` users with 18-digit ids starting with `prefix` (distinct per test file), each maybe in a guild. */
export function scaleUsers(n: number, prefix: string, guildOf?: (i: number) => string, shards = 2): ScaleUser[] {
  return Array.from({ length: n }, (_, index) => {
    const guildId = guildOf?.(index);
    return {
      id: `${prefix}${String(index).padStart(16, '0')}`,
      name: `user${index}`,
      index,
      ...(guildId ? { guildId, shard: shardOfGuild(guildId, shards) } : {}),
    };
  });
}

/** A message as Discord receives it, with its buttons. */
export type ShownBody = MessageBody & { components?: { components: { custom_id: string; label: string }[] }[] };

export interface MessageBody {
  embeds?: { title?: string; description?: string }[];
  flags?: number;
}

/** An answer to `/hero wait turns:1`: acknowledged, or the error it showed (title: description). */
export function classifyWait(data: MessageBody | undefined): 'ack' | string {
  const embed = data?.embeds?.[0];
  if (embed?.title && /: Waited 1 turns/.test(embed.title)) return 'ack';
  return `${embed?.title ?? '(no embed)'}: ${embed?.description?.split('\n')[0] ?? ''}`;
}

/** How long a deferred answer's edit may take before the interaction counts as unanswered. */
const EDIT_WAIT_MS = 20_000;

/**
 * What a gateway interaction's user saw: 'ack', 'orphaned' (its shard died before answering, or
 * before editing a deferral), or the error shown.
 */
export async function waitReply(discord: FakeDiscord, sent: { token: string }, fate: Fate): Promise<string> {
  if ('orphaned' in fate) return 'orphaned';
  const body = fate.answered.body as { type: number; data?: MessageBody };
  if (body.type === 4) return classifyWait(body.data);
  const edit = await discord
    .waitForRequest((r) => r.method === 'PATCH' && r.path.includes(`/${sent.token}/messages/@original`), EDIT_WAIT_MS)
    .catch(() => undefined);
  return edit ? classifyWait(edit.body as MessageBody) : 'orphaned';
}

/** The sum of a metric's samples whose labels include `labels` (0 when there are none). */
export function metricValue(page: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of page.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? ([^ ]+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(m[3]);
  }
  return total;
}

// ---- HTTP replicas ---------------------------------------------------------------------------

/** A replica process of the HTTP endpoint, on its own port. */
export interface Replica {
  name: string;
  port: number;
  bot: BotProcess;
  post(body: unknown): Promise<HttpAnswer>;
  get(path: string): Promise<{ status: number; text: string }>;
}

/** Start an HTTP endpoint process (the real entry point) and wait until it is ready. */
export async function startReplica(name: string, signer: Signer, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const bot = spawnBot({
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_PUBLIC_KEY: signer.publicHex,
    HTTP_PORT: String(port),
    WORKERS: '1',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_BURST: '10000',
    ...env,
  });
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, text: await res.text() };
  };
  await bot.waitForLog((l) => l.msg === 'interactions endpoint listening');
  return { name, port, bot, post: (body) => postInteraction(port, body, signer), get };
}

/** Wait until `/readyz` answers `status` (the store came back, or went away). */
export async function waitForReadiness(r: Replica, status: number, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await r.get('/readyz').catch(() => ({ status: 0, text: '' }));
    if (got.status === status) return;
    if (Date.now() > until) throw new Error(`${r.name}: /readyz still ${got.status}, not ${status}: ${got.text}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/**
 * The message a user saw for a signed request: the response itself, or (deferred) the edit of
 * the original message the fake Discord received. Undefined when neither came.
 */
export async function shownMessage(
  discord: FakeDiscord,
  interaction: { token: string },
  answer: HttpAnswer,
): Promise<{ data: ShownBody; deferred: boolean } | undefined> {
  const json = answer.json as { type?: number; data?: MessageBody } | undefined;
  if (answer.status !== 200 || !json) return undefined;
  if (json.type === 4 || json.type === 7) return { data: json.data ?? {}, deferred: false };
  const edit = await discord
    .waitForRequest(
      (r) =>
        (r.method === 'PATCH' || r.method === 'POST') &&
        r.path.includes(`/${interaction.token}`) &&
        r.body !== undefined,
      EDIT_WAIT_MS,
    )
    .catch(() => undefined);
  return edit ? { data: edit.body as MessageBody, deferred: true } : undefined;
}

/**
 * A console command line as Discord's option tree (group, subcommand, leaf options). Values go as
 * text, which the pipeline coerces exactly as it does the console's.
 */
export function optionsOfLine(line: string, registry: Registry): { name: string; options: unknown[] } {
  const p = parseCommandLine(line, registry);
  const leaf = Object.entries(p.options).map(([name, value]) => ({ name, type: 3, value: String(value) }));
  const sub = p.subcommand ? [{ name: p.subcommand, type: 1, options: leaf }] : leaf;
  return { name: p.commandName, options: p.group ? [{ name: p.group, type: 2, options: sub }] : sub };
}
