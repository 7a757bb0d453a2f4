// Requests to the HTTP interactions endpoint as Discord sends them: Ed25519-signed over
// timestamp + body with a key whose public half the endpoint was configured with.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { FAKE_APP_ID, FAKE_USER_ID } from './fakeDiscord.ts';

export interface Signer {
  publicHex: string;
  privateKey: KeyObject;
  /** Headers for a body; the timestamp defaults to now (Unix seconds). */
  headers(raw: string, timestamp?: string): Record<string, string>;
}

export function makeSigner(): Signer {
  const pair = generateKeyPairSync('ed25519');
  const publicHex = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  return {
    publicHex,
    privateKey: pair.privateKey,
    headers(raw, timestamp = String(Math.floor(Date.now() / 1000))) {
      const sig = sign(null, Buffer.from(timestamp + raw), pair.privateKey).toString('hex');
      return { 'content-type': 'application/json', 'x-signature-ed25519': sig, 'x-signature-timestamp': timestamp };
    },
  };
}

let counter = 0n;
/** A fresh interaction id (replays of an id are refused, so each request needs its own). */
export const newInteractionId = () => String(1700000000000000000n + BigInt(Date.now() % 1_000_000) * 1000n + ++counter);

export function commandInteraction(name: string, options: unknown[], opts: { userId?: string; id?: string } = {}) {
  const id = opts.id ?? newInteractionId();
  return {
    id,
    application_id: FAKE_APP_ID,
    type: 2,
    token: `tok-${id}`,
    member: { user: { id: opts.userId ?? FAKE_USER_ID, username: 'alice' } },
    data: { name, type: 1, options },
  };
}

export function buttonInteraction(customId: string, opts: { userId?: string; messageFlags?: number } = {}) {
  const id = newInteractionId();
  return {
    id,
    application_id: FAKE_APP_ID,
    type: 3,
    token: `tok-${id}`,
    member: { user: { id: opts.userId ?? FAKE_USER_ID, username: 'alice' } },
    data: { custom_id: customId, component_type: 2 },
    message: { id: '1500000000000000001', flags: opts.messageFlags ?? 64 },
  };
}

/** `/hero <sub> name:value …` as Discord's option tree. */
export function heroOptions(sub: string, options: Record<string, string | number | boolean> = {}): unknown[] {
  const type = (v: unknown) => (typeof v === 'number' ? 4 : typeof v === 'boolean' ? 5 : 3);
  return [
    {
      name: sub,
      type: 1,
      options: Object.entries(options).map(([name, value]) => ({ name, type: type(value), value })),
    },
  ];
}

export interface HttpAnswer {
  status: number;
  json: Record<string, unknown> | undefined;
  ms: number;
}

/** POST a body (signed unless headers are given) and read the answer; multipart answers give their payload_json. */
export async function postInteraction(
  port: number,
  body: unknown,
  signer: Signer,
  opts: { headers?: Record<string, string>; raw?: string } = {},
): Promise<HttpAnswer> {
  const raw = opts.raw ?? JSON.stringify(body);
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}/interactions`, {
    method: 'POST',
    body: raw,
    headers: opts.headers ?? signer.headers(raw),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const ms = Date.now() - started;
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const m = /name="payload_json"[^\r\n]*\r\n[^\r\n]*\r\n\r\n([\s\S]*?)\r\n--/.exec(buf.toString('latin1'));
    const payload = m
      ? (JSON.parse(Buffer.from(m[1]!, 'latin1').toString('utf8')) as Record<string, unknown>)
      : undefined;
    const files = [...buf.toString('latin1').matchAll(/filename="([^"]+)"/g)].map((x) => x[1]);
    if (payload && typeof payload.data === 'object' && payload.data)
      (payload.data as Record<string, unknown>).attachments ??= files.map((f) => ({ filename: f }));
    return { status: res.status, json: payload, ms };
  }
  const text = buf.toString('utf8');
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined, ms };
}
