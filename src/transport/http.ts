// HTTP interactions endpoint: Discord POSTs signed interactions here instead of using the
// gateway. Every request's Ed25519 signature (X-Signature-Ed25519 over timestamp + raw body)
// is checked with the application's public key; anything unsigned or altered gets 401.
import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { autocomplete, dispatch, type DispatchDeps } from '../bot/dispatch.ts';
import { DEFER_AFTER_MS } from '../bot/limits.ts';
import type { Invoker, Reply } from '../bot/types.ts';
import {
  invocationFromMessageCommand,
  invocationFromOptions,
  messageBody,
  type Membership,
  type RawMessageCommandData,
  type RawOption,
} from './interaction.ts';

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** Interactions are small; anything bigger is not from Discord. */
const MAX_BODY_BYTES = 256 * 1024;

export const InteractionType = { Ping: 1, ApplicationCommand: 2, MessageComponent: 3, Autocomplete: 4 } as const;
export const ResponseType = { Pong: 1, ChannelMessage: 4, DeferredChannelMessage: 5, UpdateMessage: 7, AutocompleteResult: 8 } as const;

export function publicKeyFromHex(hex: string): KeyObject {
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

export function verifySignature(key: KeyObject, signatureHex: string | undefined, timestamp: string | undefined, body: Buffer): boolean {
  if (!signatureHex || !timestamp || !/^[0-9a-f]{128}$/i.test(signatureHex)) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp), body]), key, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
}

/** A response with attachments is multipart: payload_json plus one part per file. */
function multipart(json: unknown, files: NonNullable<Reply['files']>): { body: Buffer; contentType: string } {
  const boundary = `hungerbot-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(json)}\r\n`),
  ];
  files.forEach((f, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[${i}]"; filename="${f.name.replace(/"/g, '')}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function send(res: ServerResponse, status: number, json: unknown, files?: Reply['files']): void {
  if (files?.length) {
    const { body, contentType } = multipart(json, files);
    res.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
    return;
  }
  const body = Buffer.from(JSON.stringify(json));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface RawInteraction {
  id: string;
  type: number;
  token: string;
  application_id: string;
  data?: { name?: string; options?: RawOption[]; custom_id?: string; type?: number } & RawMessageCommandData;
  member?: { user?: { id: string; username: string }; permissions?: string };
  user?: { id: string; username: string };
  guild_id?: string;
}

export interface HttpEndpoint {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function startHttpEndpoint(
  opts: Omit<DispatchDeps, 'transport'> & { publicKey: string; port: number; host?: string; path?: string; apiUrl?: string },
): Promise<HttpEndpoint> {
  const deps: DispatchDeps = { registry: opts.registry, services: opts.services, transport: 'http' };
  const key = publicKeyFromHex(opts.publicKey);
  const path = opts.path ?? '/interactions';
  const apiUrl = (opts.apiUrl ?? 'https://discord.com/api').replace(/\/$/, '');
  const { logger } = opts.services;

  /** After a deferred response, the real reply goes to the interaction webhook (no bot token needed). */
  async function editOriginal(i: RawInteraction, reply: Reply): Promise<void> {
    const url = `${apiUrl}/v10/webhooks/${i.application_id}/${i.token}/messages/@original`;
    const json = messageBody(reply, { forUpdate: true });
    let init: RequestInit;
    if (reply.files?.length) {
      const { body, contentType } = multipart(json, reply.files);
      init = { method: 'PATCH', body, headers: { 'content-type': contentType } };
    } else init = { method: 'PATCH', body: JSON.stringify(json), headers: { 'content-type': 'application/json' } };
    const res = await fetch(url, init);
    if (!res.ok) logger.error({ status: res.status, interactionId: i.id }, 'editing the deferred reply failed');
  }

  async function handle(i: RawInteraction, res: ServerResponse): Promise<void> {
    const who = i.member?.user ?? i.user;
    const user: Invoker = { id: who?.id ?? 'unknown', name: who?.username ?? 'unknown' };
    const member: Membership = {
      ...(i.guild_id ? { guildId: i.guild_id } : {}),
      ...(i.member?.permissions ? { permissions: i.member.permissions } : {}),
    };
    switch (i.type) {
      case InteractionType.Ping:
        send(res, 200, { type: ResponseType.Pong });
        return;
      case InteractionType.Autocomplete: {
        const inv = invocationFromOptions('autocomplete', i.data?.name ?? '', i.data?.options, user, member);
        send(res, 200, { type: ResponseType.AutocompleteResult, data: { choices: await autocomplete(inv, deps) } });
        return;
      }
      case InteractionType.ApplicationCommand: {
        // data.type 3: a message command (Apps -> "Ask hungerbot"), which targets a message.
        const inv =
          i.data?.type === 3
            ? { ...invocationFromMessageCommand(i.data, user), ...member }
            : invocationFromOptions('command', i.data?.name ?? '', i.data?.options, user, member);
        const work = dispatch(inv, deps);
        const quick = await Promise.race([work, new Promise<null>((r) => setTimeout(() => r(null), DEFER_AFTER_MS).unref())]);
        if (quick) {
          send(res, 200, { type: ResponseType.ChannelMessage, data: messageBody(quick) }, quick.files);
          return;
        }
        send(res, 200, { type: ResponseType.DeferredChannelMessage, data: { flags: inv.options.hide === true ? 64 : 0 } });
        await editOriginal(i, await work);
        return;
      }
      case InteractionType.MessageComponent: {
        const customId = i.data?.custom_id ?? '';
        const work = dispatch({ kind: 'component', commandName: '', options: {}, customId, user, ...member }, deps);
        // A Details press re-runs its command, which may be slow: defer it privately, then edit.
        const quick = customId.startsWith('details:')
          ? await Promise.race([work, new Promise<null>((r) => setTimeout(() => r(null), DEFER_AFTER_MS).unref())])
          : await work;
        if (!quick) {
          send(res, 200, { type: ResponseType.DeferredChannelMessage, data: { flags: 64 } });
          await editOriginal(i, await work);
          return;
        }
        const reply = quick;
        // Details (asNewMessage) answer with a new, usually ephemeral, message; other presses update theirs.
        if (reply.asNewMessage) send(res, 200, { type: ResponseType.ChannelMessage, data: messageBody(reply) }, reply.files);
        else send(res, 200, { type: ResponseType.UpdateMessage, data: messageBody(reply, { forUpdate: true }) }, reply.files);
        return;
      }
      default:
        send(res, 400, { error: 'unsupported interaction type' });
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== path) {
        send(res, 404, { error: 'not found' });
        return;
      }
      const body = await readBody(req);
      if (!body) {
        send(res, 413, { error: 'payload too large' });
        return;
      }
      const sig = req.headers['x-signature-ed25519'];
      const ts = req.headers['x-signature-timestamp'];
      if (!verifySignature(key, typeof sig === 'string' ? sig : undefined, typeof ts === 'string' ? ts : undefined, body)) {
        send(res, 401, { error: 'invalid request signature' });
        return;
      }
      let interaction: RawInteraction;
      try {
        interaction = JSON.parse(body.toString('utf8')) as RawInteraction;
        if (typeof interaction !== 'object' || interaction === null || typeof interaction.type !== 'number') throw new Error('not an interaction');
      } catch {
        send(res, 400, { error: 'malformed interaction' });
        return;
      }
      await handle(interaction, res);
    })().catch((err: unknown) => {
      logger.error({ err }, 'interaction endpoint failed');
      if (!res.headersSent) send(res, 500, { error: 'internal error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '0.0.0.0', resolve));
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, path }, 'interactions endpoint listening');
  return {
    server,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
