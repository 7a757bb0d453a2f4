// A local stand-in for Discord that speaks the real protocols: REST over HTTP and the gateway
// over WebSocket, on one 127.0.0.1 port. The real discord.js Client logs in to it; the test
// sends INTERACTION_CREATE and asserts on the REST calls the bot makes back.
//
// It serves several shards the way Discord does: GET /gateway/bot reports the shard count, each
// connection IDENTIFYs with `shard: [i, n]` and gets the guilds whose (guild_id >> 22) % n is i,
// and each guild's interactions go to the connection of its shard (none connected: not delivered,
// as when a shard is down).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export const FAKE_APP_ID = '1100000000000000001';
export const FAKE_GUILD_ID = '1200000000000000002';
export const FAKE_CHANNEL_ID = '1300000000000000003';
export const FAKE_USER_ID = '1400000000000000004';
export const FAKE_TOKEN = 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfakeX.fake_token_for_tests_only_0123456789';

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  raw: Buffer;
}

/** The shard a guild's events go to, as Discord computes it. */
export const shardOfGuild = (guildId: string, shards: number) => Number((BigInt(guildId) >> 22n) % BigInt(shards));

/** `count` guild ids (valid snowflakes) that land on `shard` of `shards`. */
export function guildsOnShard(shard: number, shards: number, count: number): string[] {
  const out: string[] = [];
  for (let g = BigInt(FAKE_GUILD_ID); out.length < count; g += 1n << 22n)
    if (shardOfGuild(String(g), shards) === shard) out.push(String(g));
  return out;
}

/** What became of an interaction sent to a shard: answered (its callback), or orphaned (its shard died first). */
export type Fate = { answered: RecordedRequest } | { orphaned: true };

export interface FakeDiscord {
  port: number;
  apiUrl: string;
  requests: RecordedRequest[];
  identifies: unknown[];
  /** Shards with a live, identified connection. */
  connectedShards(): number[];
  /** Resolves once `shard` has a live, identified connection. */
  waitForShard(shard: number, timeoutMs?: number): Promise<void>;
  /**
   * The callback of a delivered interaction, or orphaned when the connection it went to closed
   * before it (after a grace period for a callback already on its way).
   */
  fate(interactionId: string): Promise<Fate>;
  /** Resolves with the first request matching `pred`, recorded already or still to come. */
  waitForRequest(pred: (r: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  /** Send a gateway dispatch (op 0) to the connected client. */
  dispatch(t: string, d: unknown): void;
  /** Send an INTERACTION_CREATE. A button press is on a message with `messageFlags` (64: ephemeral). */
  interaction(opts: {
    type: 2 | 3 | 4;
    name?: string;
    options?: unknown[];
    customId?: string;
    userId?: string;
    /** A message command (data.type 3) used on this message. */
    target?: { id: string; content: string; authorId: string };
    messageFlags?: number;
    /** The guild it happens in (default FAKE_GUILD_ID): it goes to that guild's shard. */
    guildId?: string;
  }): { id: string; token: string; shard: number; delivered: boolean };
  close(): Promise<void>;
}

let interactionCounter = 0;

function messageObject(body: unknown) {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    id: String(1500000000000000000n + BigInt(++interactionCounter)),
    channel_id: FAKE_CHANNEL_ID,
    type: 20,
    content: b.content ?? '',
    embeds: b.embeds ?? [],
    components: b.components ?? [],
    attachments: [],
    author: {
      id: FAKE_APP_ID,
      username: 'hungerbot',
      discriminator: '0000',
      avatar: null,
      bot: true,
      global_name: null,
    },
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    pinned: false,
    flags: 0,
  };
}

/** A user's message in the channel, as Discord resolves it for a message command. */
function targetMessage(t: { id: string; content: string; authorId: string }) {
  return {
    ...messageObject({ content: t.content }),
    id: t.id,
    type: 0,
    author: { id: t.authorId, username: 'bob', discriminator: '0', avatar: null, global_name: 'Bob' },
  };
}

function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (!raw.length) return undefined;
  if (contentType?.startsWith('application/json')) return JSON.parse(raw.toString('utf8'));
  if (contentType?.startsWith('multipart/form-data')) {
    // Return the payload_json part plus the names of the file parts.
    const text = raw.toString('latin1');
    const payload = /name="payload_json"[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/.exec(text);
    const files = [...text.matchAll(/name="(files\[\d+\])"; filename="([^"]+)"/g)].map((m) => ({
      field: m[1],
      filename: m[2],
    }));
    return {
      payload_json: payload ? JSON.parse(Buffer.from(payload[1]!, 'latin1').toString('utf8')) : undefined,
      files,
    };
  }
  return raw.toString('utf8');
}

/** The default guild keeps FAKE_CHANNEL_ID; every other guild gets its own channel. */
const channelOf = (guildId: string) => (guildId === FAKE_GUILD_ID ? FAKE_CHANNEL_ID : String(BigInt(guildId) + 1n));

function guildCreate(id: string) {
  const channel = channelOf(id);
  return {
    id,
    name: `Guild ${id}`,
    icon: null,
    owner_id: FAKE_USER_ID,
    unavailable: false,
    member_count: 2,
    large: false,
    features: [],
    roles: [
      {
        id,
        name: '@everyone',
        permissions: '2248473465835073',
        position: 0,
        color: 0,
        hoist: false,
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    channels: [
      {
        id: channel,
        type: 0,
        guild_id: id,
        name: 'general',
        position: 0,
        permission_overwrites: [],
        nsfw: false,
        parent_id: null,
        flags: 0,
      },
    ],
    threads: [],
    members: [],
    emojis: [],
    stickers: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    joined_at: '2024-01-01T00:00:00.000Z',
    premium_tier: 0,
    preferred_locale: 'en-US',
    system_channel_flags: 0,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    afk_timeout: 300,
  };
}

/** A gateway connection: its shard once identified, its own sequence numbers. */
interface Connection {
  ws: WebSocket;
  shard?: number;
  seq: number;
}

/** A callback already sent when its shard's connection closed still counts within this. */
const ORPHAN_GRACE_MS = 1000;

export async function startFakeDiscord(
  opts: { token?: string; shards?: number; guilds?: string[]; maxConcurrency?: number } = {},
): Promise<FakeDiscord> {
  const token = opts.token ?? FAKE_TOKEN;
  const shardCount = opts.shards ?? 1;
  const guilds = opts.guilds ?? [FAKE_GUILD_ID];
  const requests: RecordedRequest[] = [];
  const identifies: unknown[] = [];
  const waiters: { pred: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }[] = [];
  const byShard = new Map<number, Connection>();
  const shardWaiters: { shard: number; resolve: () => void }[] = [];
  /** Delivered interactions not yet answered: the connection they went to, and who waits for their fate. */
  const pending = new Map<string, { conn: Connection; fate?: (f: Fate) => void; settled?: Fate }>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      // discord.js encodes @original as %40original.
      const path = decodeURIComponent(url.pathname).replace(/^\/api\/v10/, '');
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        query: url.search,
        headers: req.headers,
        body: parseBody(raw, req.headers['content-type']),
        raw,
      };
      requests.push(rec);
      const callback = /^\/interactions\/(\d+)\/[^/]+\/callback$/.exec(path);
      if (rec.method === 'POST' && callback) settle(callback[1]!, { answered: rec });
      for (const w of [...waiters]) {
        if (w.pred(rec)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(rec);
        }
      }
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (rec.method === 'GET' && path === '/gateway/bot') {
        if (req.headers.authorization !== `Bot ${token}`) return json(401, { message: '401: Unauthorized', code: 0 });
        return json(200, {
          url: `ws://127.0.0.1:${port}`,
          shards: shardCount,
          session_start_limit: {
            total: 1000,
            remaining: 999,
            reset_after: 0,
            max_concurrency: opts.maxConcurrency ?? 1,
          },
        });
      }
      if (rec.method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) {
        if (url.searchParams.get('with_response') === 'true')
          return json(200, { interaction: { id: path.split('/')[2], type: 2 }, resource: {} });
        res.writeHead(204);
        return res.end();
      }
      if (
        /^\/webhooks\/\d+\/[^/]+(\/messages\/@original)?$/.test(path) &&
        (rec.method === 'PATCH' || rec.method === 'POST')
      ) {
        // PATCH @original edits the reply; POST to the webhook is a follow-up message.
        const b = rec.body as { payload_json?: unknown } | undefined;
        return json(200, messageObject(b && 'payload_json' in b ? b.payload_json : b));
      }
      if (rec.method === 'DELETE' && /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/.test(path)) {
        res.writeHead(204);
        return res.end();
      }
      if (rec.method === 'PUT' && /^\/applications\/\d+(\/guilds\/\d+)?\/commands$/.test(path)) {
        if (req.headers.authorization !== `Bot ${token}`) return json(401, { message: '401: Unauthorized', code: 0 });
        const body = (rec.body as { name: string }[]) ?? [];
        return json(
          200,
          body.map((c, i) => ({
            ...c,
            id: String(1600000000000000000n + BigInt(i)),
            application_id: FAKE_APP_ID,
            version: '1',
          })),
        );
      }
      json(404, { message: 'Unknown route in fake Discord', code: 0 });
    });
  });

  function settle(id: string, fate: Fate): void {
    const p = pending.get(id);
    if (!p || p.settled) return;
    p.settled = fate;
    p.fate?.(fate);
  }

  const wss = new WebSocketServer({ server });
  const send = (conn: Connection, op: number, d: unknown, t: string | null = null) =>
    conn.ws.send(JSON.stringify({ op, d, s: op === 0 ? ++conn.seq : null, t }));
  wss.on('connection', (ws) => {
    const conn: Connection = { ws, seq: 0 };
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41250 }, s: null, t: null }));
    ws.on('close', () => {
      if (conn.shard !== undefined && byShard.get(conn.shard) === conn) byShard.delete(conn.shard);
      setTimeout(() => {
        for (const [id, p] of pending) if (p.conn === conn) settle(id, { orphaned: true });
      }, ORPHAN_GRACE_MS).unref();
    });
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { op: number; d: { token?: string; shard?: [number, number] } };
      if (m.op === 1) ws.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      if (m.op === 2) {
        identifies.push(m.d);
        if (m.d.token !== token) return ws.close(4004, 'Authentication failed.');
        const [shard, of] = m.d.shard ?? [0, 1];
        if (of !== shardCount || shard >= of) return ws.close(4010, 'Invalid shard.');
        identified(conn, shard);
      }
    });
  });

  function identified(conn: Connection, shard: number): void {
    conn.shard = shard;
    const mine = guilds.filter((g) => shardOfGuild(g, shardCount) === shard);
    send(
      conn,
      0,
      {
        v: 10,
        session_id: `fake-session-${shard}`,
        resume_gateway_url: `ws://127.0.0.1:${port}`,
        shard: [shard, shardCount],
        user: {
          id: FAKE_APP_ID,
          username: 'hungerbot',
          discriminator: '0000',
          avatar: null,
          bot: true,
          flags: 0,
          global_name: null,
        },
        guilds: mine.map((id) => ({ id, unavailable: true })),
        application: { id: FAKE_APP_ID, flags: 0 },
      },
      'READY',
    );
    for (const id of mine) send(conn, 0, guildCreate(id), 'GUILD_CREATE');
    byShard.set(shard, conn);
    for (const w of shardWaiters.filter((x) => x.shard === shard)) {
      shardWaiters.splice(shardWaiters.indexOf(w), 1);
      w.resolve();
    }
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    apiUrl: `http://127.0.0.1:${port}/api`,
    requests,
    identifies,
    waitForRequest(pred, timeoutMs = 5000) {
      const found = requests.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('fake Discord: no matching request')), timeoutMs);
        waiters.push({ pred, resolve: (r) => (clearTimeout(timer), resolve(r)) });
      });
    },
    connectedShards: () => [...byShard.keys()].sort((a, b) => a - b),
    waitForShard(shard, timeoutMs = 60_000) {
      if (byShard.has(shard)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`fake Discord: shard ${shard} did not connect`)), timeoutMs);
        shardWaiters.push({ shard, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    fate(interactionId) {
      const p = pending.get(interactionId);
      if (!p) return Promise.reject(new Error(`fake Discord: interaction ${interactionId} was not delivered`));
      if (p.settled) return Promise.resolve(p.settled);
      return new Promise((resolve) => (p.fate = resolve));
    },
    dispatch: (t, d) => {
      const conn = byShard.get(0);
      if (conn) send(conn, 0, d, t);
    },
    interaction({ type, name, options, customId, userId, target, messageFlags, guildId = FAKE_GUILD_ID }) {
      const id = String(1700000000000000000n + BigInt(++interactionCounter));
      const itoken = `itoken-${id}`;
      const shard = shardOfGuild(guildId, shardCount);
      const conn = byShard.get(shard);
      if (!conn) return { id, token: itoken, shard, delivered: false };
      pending.set(id, { conn });
      const user = {
        id: userId ?? FAKE_USER_ID,
        username: 'alice',
        discriminator: '0',
        global_name: 'Alice',
        avatar: null,
      };
      const channel = channelOf(guildId);
      send(
        conn,
        0,
        {
          id,
          token: itoken,
          type,
          application_id: FAKE_APP_ID,
          version: 1,
          guild_id: guildId,
          channel_id: channel,
          channel: {
            id: channel,
            type: 0,
            guild_id: guildId,
            name: 'general',
            position: 0,
            permission_overwrites: [],
            nsfw: false,
            parent_id: null,
            flags: 0,
          },
          member: {
            user,
            roles: [],
            joined_at: '2024-01-01T00:00:00.000Z',
            deaf: false,
            mute: false,
            flags: 0,
            permissions: '2248473465835073',
          },
          app_permissions: '2248473465835073',
          locale: 'en-US',
          guild_locale: 'en-US',
          entitlements: [], // discord.js throws without it
          authorizing_integration_owners: { '0': guildId },
          context: 0,
          attachment_size_limit: 10485760,
          ...(type === 3
            ? {
                data: { custom_id: customId, component_type: 2 },
                message: { ...messageObject({ embeds: [] }), flags: messageFlags ?? 0 },
              }
            : target
              ? {
                  data: {
                    id: '1800000000000000001',
                    name,
                    type: 3,
                    target_id: target.id,
                    resolved: { messages: { [target.id]: targetMessage(target) } },
                  },
                }
              : { data: { id: '1800000000000000000', name, type: 1, options: options ?? [] } }),
        },
        'INTERACTION_CREATE',
      );
      return { id, token: itoken, shard, delivered: true };
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      wss.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
