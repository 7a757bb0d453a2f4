// HTTP interactions endpoint: Discord POSTs signed interactions here instead of using the
// gateway. Every request is checked before anything runs:
// - its size (413 over the limit, answered, not reset) and its arrival time (headers and body
//   within HTTP_REQUEST_TIMEOUT_MS, else 408; idle sockets closed; at most HTTP_MAX_CONNECTIONS);
// - its Ed25519 signature (X-Signature-Ed25519 over timestamp + raw body) and a timestamp within
//   HTTP_TIMESTAMP_WINDOW_S of our clock (401 otherwise);
// - its shape (400 for anything that is not a well-formed interaction, including one without a
//   user: nobody is mapped to a shared id);
// - its id, remembered for longer than the timestamp window in the store shared by all replicas
//   (and in memory), so a captured request cannot be replayed (409);
// - its user's rate limit (a private "slow down" reply).
import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DispatchDeps } from '../pipeline/dispatch.ts';
import { INTERACTION_EPHEMERAL_FLAG } from '../pipeline/limits.ts';
import type { Invocation, Invoker, Reply } from '../pipeline/types.ts';
import { handleOps, type OpsRoutes } from '../ops/endpoints.ts';
import { deadlines } from '../deadlines.ts';
import type { Metrics } from '../ops/metrics.ts';
import { Admission, DEFAULT_ADMISSION, type AdmissionLimits } from './admission.ts';
import {
  invocationFromMessageCommand,
  invocationFromOptions,
  messageBody,
  type Membership,
  type RawMessageCommandData,
} from './interaction.ts';
import { interactionShape, ShapeError, type RawInteraction } from './shape.ts';
import { RecentIds } from './recentIds.ts';
import { serveAutocomplete, serveInteraction, serveKeptReply, type Responder, type ServeContext } from './respond.ts';

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** Interactions are small; anything bigger is not from Discord. */
export const MAX_BODY_BYTES = 256 * 1024;
/** An over-limit body is read and discarded up to this size so the 413 reaches the client. */
const MAX_DRAIN_BYTES = 4 * 1024 * 1024;
/** The shared replay check gives up after this (the in-process check still applies). */
const SEEN_CHECK_MS = 500;
/**
 * Interaction ids remembered against replays in this process, at most (HTTP_REPLAY_IDS_MAX; with
 * memory:// this is the only memory of them, with any other store they are also in the store). An
 * id is kept for twice the timestamp window plus a minute (660 s by default): a request signed up to
 * the window ahead of our clock can be replayed until the window after it. 100,000 ids keep every id
 * that long while the endpoint answers fewer than ~150 interactions/s (100,000 / 660 s), far above
 * what one process of this bot sees, in ~2.6 MB of typed arrays (recentIds.ts). Beyond that rate
 * the oldest ids are forgotten before their time: with a shared store (Redis, PostgreSQL, SQLite)
 * the store still refuses their replays, so nothing degrades but a store round trip; with memory://
 * a replay of a forgotten id whose signed timestamp is still in the window is answered again. Only
 * Discord can sign a request and it reaches us over TLS, so a replay needs a captured request; and
 * what it could do is bounded by the interaction token's 15 minutes (its webhook edits and
 * follow-ups), well past the window: a pure command answers the same again, a /hero change could
 * apply twice. Operators above that rate use a shared store.
 */
export const DEFAULT_REPLAY_IDS_MAX = 100_000;
/** Calls back to Discord (edits, follow-ups) give up after this. */
const DISCORD_CALL_TIMEOUT_MS = 10_000;

export const InteractionType = { Ping: 1, ApplicationCommand: 2, MessageComponent: 3, Autocomplete: 4 } as const;
export const ResponseType = {
  Pong: 1,
  ChannelMessage: 4,
  DeferredChannelMessage: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  AutocompleteResult: 8,
} as const;

export interface HttpLimits {
  maxConnections: number;
  /** Headers and body must have arrived this long after the request started. */
  requestTimeoutMs: number;
  /**
   * Keep-alive sockets with nothing to do are closed after this. Keep it longer than the idle
   * timeout of whatever connects (a load balancer, Discord), or a request sent on a socket just as
   * we close it is reset.
   */
  idleTimeoutMs: number;
  /** Accepted distance between the signed timestamp and our clock. */
  timestampWindowS: number;
  maxBodyBytes: number;
  /** Interaction ids remembered against replays in this process, at most (oldest forgotten first). */
  replayIdsMax: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxConnections: 512,
  requestTimeoutMs: 5000,
  idleTimeoutMs: 65_000,
  timestampWindowS: 300,
  maxBodyBytes: MAX_BODY_BYTES,
  replayIdsMax: DEFAULT_REPLAY_IDS_MAX,
};

export function publicKeyFromHex(hex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

export function verifySignature(
  key: KeyObject,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
): boolean {
  if (!signatureHex || !timestamp || !/^[0-9a-f]{128}$/i.test(signatureHex)) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp), body]), key, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
}

/** verifySignature() on libuv's thread pool: `done` gets the same answer, later. */
export function verifySignatureOffThread(
  key: KeyObject,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
  done: (ok: boolean) => void,
): void {
  if (!signatureHex || !timestamp || !/^[0-9a-f]{128}$/i.test(signatureHex)) {
    done(false);
    return;
  }
  try {
    const data = Buffer.concat([Buffer.from(timestamp), body]);
    verify(null, data, key, Buffer.from(signatureHex, 'hex'), (err, ok) => done(!err && ok));
  } catch {
    done(false);
  }
}

/** The signed timestamp is Unix seconds within the window of our clock. */
export function timestampFresh(timestamp: string | undefined, windowS: number, nowMs = Date.now()): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= windowS;
}

// ---- the interaction's shape ----------------------------------------------------------------

/** A well-formed interaction, or why not (the 400 body). Ping needs nothing but its type. */
export function parseInteraction(
  json: unknown,
):
  | { ok: true; ping: true }
  | { ok: true; ping: false; interaction: RawInteraction; user: Invoker }
  | { ok: false; error: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, error: 'malformed interaction' };
  if ((json as { type?: unknown }).type === InteractionType.Ping) return { ok: true, ping: true };
  let i: RawInteraction;
  try {
    i = interactionShape(json);
  } catch (err) {
    if (err instanceof ShapeError) return { ok: false, error: `malformed interaction (${err.message})` };
    throw err;
  }
  const who = i.member?.user ?? i.user;
  if (!who) return { ok: false, error: 'interaction without a user' };
  return { ok: true, ping: false, interaction: i, user: { id: who.id, name: who.username ?? who.id } };
}

// ---- responses --------------------------------------------------------------------------------

/** A response with attachments is multipart: payload_json plus one part per file. */
function multipart(json: unknown, files: NonNullable<Reply['files']>): { body: Buffer; contentType: string } {
  const boundary = `hungerbot-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n` +
        `Content-Type: application/json\r\n\r\n${JSON.stringify(json)}\r\n`,
    ),
  ];
  files.forEach((f, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[${i}]"; ` +
          `filename="${f.name.replace(/["\r\n]/g, '')}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function send(res: ServerResponse, status: number, json: unknown, files?: Reply['files'], close = false): void {
  if (res.headersSent) return;
  const headers: Record<string, string | number> = close ? { connection: 'close' } : {};
  if (files?.length) {
    const mp = multipart(json, files);
    headers['content-type'] = mp.contentType;
    headers['content-length'] = mp.body.length;
    res.writeHead(status, headers);
    res.end(mp.body);
    return;
  }
  sendJsonText(res, status, JSON.stringify(json), headers);
}

/**
 * JSON goes out as bytes: a text body would be joined to the header text first, a copy of the whole
 * response in the JS heap per request (the end of a response is a vectored write either way).
 */
function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string | number> = {},
): void {
  if (res.headersSent) return;
  const body = Buffer.from(text);
  headers['content-type'] = 'application/json';
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * The response of a kept reply, serialized once per reply object: the pipeline hands the same
 * finished reply to every identical pure invocation (dispatch.ts keptReply), so it is sent as it was.
 * As bytes outside the JS heap, with its headers: sending it copies nothing into the heap (a text
 * body is joined to the header text, a copy of the whole response per request).
 */
interface KeptResponse {
  body: Buffer;
  headers: Readonly<Record<string, string | number>>;
}
const keptResponses = new WeakMap<Reply, KeptResponse>();

function sendReply(res: ServerResponse, reply: Reply, kept = false): void {
  if (reply.files?.length) {
    send(res, 200, { type: ResponseType.ChannelMessage, data: messageBody(reply) }, reply.files);
    return;
  }
  const known = keptResponses.get(reply);
  if (known) {
    if (res.headersSent) return;
    res.writeHead(200, known.headers);
    res.end(known.body);
    return;
  }
  const text = JSON.stringify({ type: ResponseType.ChannelMessage, data: messageBody(reply) });
  // Only a kept reply is sent again; remembering every other one would only load the collector.
  if (kept) {
    const body = Buffer.from(text);
    keptResponses.set(reply, { body, headers: { 'content-type': 'application/json', 'content-length': body.length } });
  }
  sendJsonText(res, 200, text);
}

/** A kept reply's answer (respond.ts serveKeptReply). */
const sendKeptReply = (res: ServerResponse, reply: Reply) => sendReply(res, reply, true);

// ---- reading the body ---------------------------------------------------------------------

type BodyOutcome =
  | { kind: 'ok'; body: Buffer }
  | { kind: 'too_large'; drained: boolean }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

/**
 * The body, within `maxBytes` and before `deadline`, handed to `done` once. An over-limit body is
 * read to its end and discarded (up to MAX_DRAIN_BYTES) so the client reads our 413 instead of a
 * connection reset. Events and a callback, no promise: this runs for every request.
 */
function readBody(req: IncomingMessage, maxBytes: number, deadline: number, done: (o: BodyOutcome) => void): void {
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  let settled = false;
  const finish = (o: BodyOutcome) => {
    if (settled) return;
    settled = true;
    timer.cancel();
    done(o);
  };
  const timer = deadlines.after(deadline - Date.now(), () => finish({ kind: 'timeout' }));
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= maxBytes) {
      if (first === undefined) first = c;
      else (chunks ??= [first]).push(c);
    } else if (size > MAX_DRAIN_BYTES) finish({ kind: 'too_large', drained: false });
  });
  req.on('end', () => {
    if (size > maxBytes) return finish({ kind: 'too_large', drained: true });
    finish({ kind: 'ok', body: chunks ? Buffer.concat(chunks) : (first ?? Buffer.alloc(0)) });
  });
  req.on('error', () => finish({ kind: 'aborted' }));
  req.on('close', () => finish({ kind: 'aborted' }));
}

/** Answer, then close the connection once the answer is flushed (the client is misbehaving). */
function sendAndClose(res: ServerResponse, status: number, json: unknown): void {
  send(res, status, json, undefined, true);
  res.once('finish', () => res.socket?.destroySoon());
}

// ---- remembering interaction ids ----------------------------------------------------------

/** Interaction ids seen recently: in the shared store (all replicas) and in this process. */
class SeenIds {
  private readonly local: RecentIds;

  constructor(
    private readonly ttlMs: number,
    maxIds: number,
    private readonly store: DispatchDeps['services']['store'],
    private readonly logger: DispatchDeps['services']['logger'],
  ) {
    this.local = new RecentIds(ttlMs, maxIds);
  }

  /**
   * `done(true)` the first time an id is seen anywhere, `done(false)` for a replay; never throws.
   * A callback, one store call and one deadline (none with memory://): this runs for every interaction.
   */
  check(id: string, done: (first: boolean) => void): void {
    const now = Date.now();
    if (this.local.has(id, now)) {
      done(false);
      return;
    }
    // A memory:// store is this process's memory: it would keep the same ids as long, under the
    // same bound, a second copy of every id and a promise per request for nothing.
    if (this.local.add(id, now) && this.store.kind === 'memory') {
      done(true);
      return;
    }
    let settled = false;
    const settle = (first: boolean, err?: unknown) => {
      if (settled) return;
      settled = true;
      deadline.cancel();
      // The store is down or slow: this process still refuses replays it saw itself, and a
      // replayed /hero command cannot change anything while the store is away anyway.
      if (err !== undefined)
        this.logger.warn({ err, interactionId: id }, 'could not record the interaction id in the store');
      done(first);
    };
    // Bounded well inside Discord's 3 s: a stalled store must not delay the answer.
    const deadline = deadlines.after(SEEN_CHECK_MS, () =>
      settle(true, new Error('store too slow for the replay check')),
    );
    try {
      this.store.setIfAbsent(`hungerbot:interaction:${id}`, this.ttlMs).then(
        (first) => settle(first),
        (err: unknown) => settle(true, err),
      );
    } catch (err) {
      settle(true, err);
    }
  }
}

// ---- checks before anything runs ------------------------------------------------------------

/**
 * Where signatures are checked. One at a time, on this thread: a hop to libuv's pool and back costs
 * more time than the check itself takes off a lone request. Under concurrent load (more than one
 * interaction arrived in the last event-loop turn, or checks are still running on the pool), on the
 * pool: this thread parses, answers and writes replies while other cores check signatures. At most
 * MAX_POOLED_CHECKS wait or run there at once (more are checked here): the pool also runs the
 * SQLite store's queries, which then wait at most about 2 ms (64 checks of ~0.1 ms on 4 threads)
 * behind a flood of signatures. A smaller bound (8) cost 20 % of the requests/s at concurrency 64.
 */
export class SignatureChecks {
  static readonly MAX_POOLED_CHECKS = 64;
  private arrivals = 0;
  private turnEnding = false;
  private busyTurn = false;
  private pooled = 0;

  /** Checks running on the pool now (tests). */
  get running(): number {
    return this.pooled;
  }

  /** A body to check has arrived: where its check runs, and done() once it has run. */
  arrived(): { offThread: boolean; done: () => void } {
    if (++this.arrivals === 1 && !this.turnEnding) {
      this.turnEnding = true;
      setImmediate(() => this.endTurn());
    }
    if ((!this.busyTurn && this.pooled === 0) || this.pooled >= SignatureChecks.MAX_POOLED_CHECKS)
      return ON_THIS_THREAD;
    this.pooled++;
    let done = false;
    return {
      offThread: true,
      done: () => {
        if (done) return;
        done = true;
        this.pooled--;
      },
    };
  }

  private endTurn(): void {
    this.busyTurn = this.arrivals > 1;
    this.arrivals = 0;
    this.turnEnding = false;
  }
}

const ON_THIS_THREAD = { offThread: false, done: () => {} };

type Checked = Exclude<ReturnType<typeof parseInteraction>, { ok: false }>;

/** Method, path and announced size. Answers the request itself (404, 413) and returns false when it fails one. */
function checkHead(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if (req.method !== 'POST' || (query < 0 ? url : url.slice(0, query)) !== path) {
    send(res, 404, { error: 'not found' });
    req.resume();
    return false;
  }
  if (Number(req.headers['content-length'] ?? 0) > MAX_DRAIN_BYTES) {
    sendAndClose(res, 413, { error: 'payload too large' });
    return false;
  }
  return true;
}

/** The body arrived in time and within the size. Answers the request itself (408, 413) and returns null when not. */
function arrivedBody(res: ServerResponse, body: BodyOutcome): Buffer | null {
  if (body.kind === 'ok') return body.body;
  if (body.kind === 'timeout') sendAndClose(res, 408, { error: 'request body too slow' });
  else if (body.kind === 'too_large') {
    if (body.drained) send(res, 413, { error: 'payload too large' });
    else sendAndClose(res, 413, { error: 'payload too large' });
  }
  return null;
}

/**
 * The timestamp window and shape of a body whose signature is valid. Answers the request itself
 * (401, 400) and returns null when it fails one of them.
 */
function checkSigned(
  res: ServerResponse,
  timestamp: string | undefined,
  limits: HttpLimits,
  body: Buffer,
): Checked | null {
  if (!timestampFresh(timestamp, limits.timestampWindowS)) {
    send(res, 401, { error: 'request timestamp outside the accepted window' });
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    send(res, 400, { error: 'malformed interaction' });
    return null;
  }
  const parsed = parseInteraction(json);
  if (!parsed.ok) {
    send(res, 400, { error: parsed.error });
    return null;
  }
  return parsed;
}

/**
 * Bounded everywhere: header and whole-request deadlines (Node answers 408), idle keep-alive
 * sockets, and the number of open connections (more are closed at once).
 */
function boundServer(server: Server, limits: HttpLimits): void {
  server.headersTimeout = limits.requestTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs + 1000;
  server.keepAliveTimeout = limits.idleTimeoutMs;
  // No inactivity timeout while a request is being answered (Node would reset the connection);
  // waits are bounded by the request deadline above, the deferral and the handler deadline.
  server.timeout = 0;
  server.maxConnections = limits.maxConnections;
  // A client that asks before sending a large body is refused before it sends it.
  server.on('checkContinue', (req, res) => {
    if (Number(req.headers['content-length'] ?? 0) > limits.maxBodyBytes) {
      return sendAndClose(res, 413, { error: 'payload too large' });
    }
    res.writeContinue();
    server.emit('request', req, res);
  });
}

// ---- the endpoint ---------------------------------------------------------------------------

export interface HttpEndpoint {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export interface HttpEndpointOptions extends Omit<DispatchDeps, 'transport'> {
  publicKey: string;
  port: number;
  host?: string;
  path?: string;
  apiUrl?: string;
  limits?: Partial<HttpLimits>;
  admission?: AdmissionLimits;
  metrics?: Metrics;
  /** GET /healthz, /readyz and /metrics on this port too (when METRICS_PORT does not serve them). */
  ops?: OpsRoutes;
}

export async function startHttpEndpoint(opts: HttpEndpointOptions): Promise<HttpEndpoint> {
  const deps: DispatchDeps = {
    registry: opts.registry,
    services: opts.services,
    transport: 'http',
    handlerTimeoutMs: opts.handlerTimeoutMs,
  };
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...opts.limits };
  const key = publicKeyFromHex(opts.publicKey);
  const path = opts.path ?? '/interactions';
  const apiUrl = (opts.apiUrl ?? 'https://discord.com/api').replace(/\/$/, '');
  const { logger } = opts.services;
  const admission = new Admission(opts.admission ?? DEFAULT_ADMISSION);
  const serving: ServeContext = { deps, admission, metrics: opts.metrics };
  opts.metrics?.watch({ inFlight: () => admission.active });
  // A request may be signed up to the window ahead of our clock and replayed up to the window after.
  const seen = new SeenIds((2 * limits.timestampWindowS + 60) * 1000, limits.replayIdsMax, opts.services.store, logger);

  /** After the initial response, the interaction's webhook (no bot token needed). */
  async function webhook(
    i: RawInteraction,
    method: 'PATCH' | 'POST' | 'DELETE',
    suffix: string,
    json?: unknown,
    files?: Reply['files'],
  ): Promise<void> {
    const url = `${apiUrl}/v10/webhooks/${i.application_id}/${i.token}${suffix}`;
    const init: RequestInit = { method, signal: AbortSignal.timeout(DISCORD_CALL_TIMEOUT_MS) };
    if (json !== undefined && files?.length) {
      const { body, contentType } = multipart(json, files);
      Object.assign(init, { body, headers: { 'content-type': contentType } });
    } else if (json !== undefined)
      Object.assign(init, { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
    const res = await fetch(url, init);
    if (!res.ok) {
      logger.error({ status: res.status, method, interactionId: i.id }, 'a call to the interaction webhook failed');
      throw new Error(`webhook ${method} answered ${res.status}`);
    }
  }

  function responderFor(i: RawInteraction, res: ServerResponse): Responder {
    return {
      reply: async (reply) => sendReply(res, reply),
      defer: async (ephemeral) =>
        send(res, 200, {
          type: ResponseType.DeferredChannelMessage,
          data: { flags: ephemeral ? INTERACTION_EPHEMERAL_FLAG : 0 },
        }),
      update: async (reply) =>
        send(
          res,
          200,
          { type: ResponseType.UpdateMessage, data: messageBody(reply, { forUpdate: true }) },
          reply.files,
        ),
      deferUpdate: async () => send(res, 200, { type: ResponseType.DeferredUpdateMessage }),
      editOriginal: (reply) =>
        webhook(i, 'PATCH', '/messages/@original', messageBody(reply, { forUpdate: true }), reply.files),
      deleteOriginal: () => webhook(i, 'DELETE', '/messages/@original'),
      followUpPrivately: (reply) => webhook(i, 'POST', '', messageBody({ ...reply, ephemeral: true }), reply.files),
    };
  }

  /** Where the interaction came from, as the pipeline reads it. */
  function membership(i: RawInteraction): Membership {
    const member: Membership = {};
    if (i.guild_id) member.guildId = i.guild_id;
    const channelId = i.channel_id ?? i.channel?.id;
    if (channelId) member.channelId = channelId;
    if (i.member?.permissions) member.permissions = i.member.permissions;
    return member;
  }

  /**
   * The interaction, answered. Undefined when it was answered before this returns (a kept reply:
   * no promise made for it), else the promise of the answer.
   */
  function handle(
    i: RawInteraction,
    user: Invoker,
    res: ServerResponse,
    receivedAt: number,
  ): Promise<unknown> | undefined {
    const member = membership(i);
    switch (i.type) {
      case InteractionType.Autocomplete: {
        const inv = invocationFromOptions('autocomplete', i.data?.name ?? '', i.data?.options, user, member);
        const respond = async (choices: unknown) =>
          send(res, 200, { type: ResponseType.AutocompleteResult, data: { choices } });
        return serveAutocomplete(inv, serving, respond, receivedAt);
      }
      case InteractionType.ApplicationCommand: {
        // data.type 3: a message command (Apps -> "Ask hungerbot"), which targets a message.
        const inv: Invocation =
          i.data?.type === 3
            ? { ...invocationFromMessageCommand(i.data as RawMessageCommandData, user), ...member }
            : invocationFromOptions(
                'command',
                i.data?.name ?? '',
                i.data?.options,
                user,
                member,
                i.data?.resolved?.attachments,
              );
        if (serveKeptReply(inv, res, sendKeptReply, serving, receivedAt)) return undefined;
        return serveInteraction(inv, responderFor(i, res), serving, { receivedAt });
      }
      case InteractionType.MessageComponent: {
        const customId = i.data?.custom_id ?? '';
        const inv: Invocation = { kind: 'component', commandName: '', options: {}, customId, user, ...member };
        const messagePrivate = ((i.message?.flags ?? 0) & INTERACTION_EPHEMERAL_FLAG) !== 0;
        return serveInteraction(inv, responderFor(i, res), serving, { messagePrivate, receivedAt });
      }
      default:
        send(res, 400, { error: 'unsupported interaction type' });
        return undefined;
    }
  }

  /** A request that failed in our code: logged, and a 500 if nothing was sent yet. */
  function failed(res: ServerResponse, err: unknown): void {
    logger.error({ err }, 'interaction endpoint failed');
    if (!res.headersSent) send(res, 500, { error: 'internal error' });
  }

  /** After the checks: refuse a replay, then the handler. */
  function accept(parsed: Checked, res: ServerResponse, receivedAt: number): void {
    if (parsed.ping) {
      send(res, 200, { type: ResponseType.Pong });
      return;
    }
    const { interaction, user } = parsed;
    // Autocomplete changes nothing, so replaying one is harmless: no store write per keystroke.
    if (interaction.type === InteractionType.Autocomplete) {
      run(interaction, user, res, receivedAt);
      return;
    }
    seen.check(interaction.id, (first) => {
      if (first) return run(interaction, user, res, receivedAt);
      try {
        logger.warn({ interactionId: interaction.id }, 'replayed interaction refused');
        send(res, 409, { error: 'interaction already received' });
      } catch (err) {
        failed(res, err);
      }
    });
  }

  /** The handler, its failures (thrown now or later) answered with a 500. */
  function run(i: RawInteraction, user: Invoker, res: ServerResponse, receivedAt: number): void {
    try {
      handle(i, user, res, receivedAt)?.catch((err: unknown) => failed(res, err));
    } catch (err) {
      failed(res, err);
    }
  }

  const checking = new SignatureChecks();

  /** Everything before the handler: size, time, signature, freshness, shape, then replay. */
  function receive(req: IncomingMessage, res: ServerResponse): void {
    const receivedAt = performance.now();
    // The ops routes answer GET and HEAD only: an interaction (POST) goes straight on.
    if (opts.ops && req.method !== 'POST' && handleOps(req, res, opts.ops)) return;
    if (!checkHead(req, res, path)) return;
    readBody(req, limits.maxBodyBytes, Date.now() + limits.requestTimeoutMs, (outcome) => {
      const body = arrivedBody(res, outcome);
      if (!body) return;
      const sig = req.headers['x-signature-ed25519'];
      const ts = req.headers['x-signature-timestamp'];
      const timestamp = typeof ts === 'string' ? ts : undefined;
      const checks = checking.arrived();
      const signed = (ok: boolean) => {
        checks.done();
        try {
          if (!ok) return send(res, 401, { error: 'invalid request signature' });
          const parsed = checkSigned(res, timestamp, limits, body);
          if (parsed) accept(parsed, res, receivedAt);
        } catch (err) {
          failed(res, err);
        }
      };
      const signature = typeof sig === 'string' ? sig : undefined;
      if (checks.offThread) verifySignatureOffThread(key, signature, timestamp, body, signed);
      else signed(verifySignature(key, signature, timestamp, body));
    });
  }

  const server = createServer({ connectionsCheckingInterval: 500 }, (req, res) => {
    try {
      receive(req, res);
    } catch (err) {
      failed(res, err);
    }
  });
  boundServer(server, limits);
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '0.0.0.0', resolve));
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, path }, 'interactions endpoint listening');
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
