// The HTTP interactions endpoint, driven the way Discord drives it: requests signed with an
// Ed25519 key whose public half the bot was configured with.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry, dispatch } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { messageBody } from '../../src/transport/interaction.ts';
import { stopWork, workPool } from '../../src/runtime/offload.ts';

let endpoint: HttpEndpoint;
let store: Store;
let privateKey: KeyObject;
const registry = new Registry(commands);
const logger = createLogger('silent');

beforeAll(async () => {
  const pair = generateKeyPairSync('ed25519');
  privateKey = pair.privateKey;
  const publicHex = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  store = await openStore('memory://');
  endpoint = await startHttpEndpoint({
    registry,
    services: { store, logger },
    publicKey: publicHex,
    port: 0,
    host: '127.0.0.1',
  });
  // Charts render on the worker pool: start it now, so a slow start-up never defers the chart reply.
  await workPool().warm();
});
afterAll(async () => {
  await stopWork();
  await endpoint?.close();
  await store?.close();
});

async function post(body: string, headers: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/interactions`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

function signed(body: unknown, key = privateKey) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = sign(null, Buffer.from(ts + raw), key).toString('hex');
  return { raw, headers: { 'x-signature-ed25519': sig, 'x-signature-timestamp': ts } };
}

/** Interaction ids are single-use (replays are refused), so every request gets its own. */
let nextId = 1700000000000000001n;
const freshId = () => String(nextId++);

const statusInteraction = (nutrition: number | string) => ({
  id: freshId(),
  application_id: '1100000000000000001',
  type: 2,
  token: 'tok',
  member: { user: { id: '1400000000000000004', username: 'alice' } },
  data: {
    name: 'nethack',
    type: 1,
    options: [{ name: 'status', type: 1, options: [{ name: 'nutrition', type: 4, value: nutrition }] }],
  },
});

describe('HTTP interactions endpoint', () => {
  it('answers a signed PING with PONG', async () => {
    const { raw, headers } = signed({ type: 1 });
    expect(await post(raw, headers)).toEqual({ status: 200, json: { type: 1 } });
  });

  it('rejects a bad signature, missing headers and an altered body with 401', async () => {
    const { raw, headers } = signed({ type: 1 });
    const other = generateKeyPairSync('ed25519').privateKey;
    expect((await post(raw, signed({ type: 1 }, other).headers)).status).toBe(401);
    expect((await post(raw, {})).status).toBe(401);
    expect((await post(raw.replace('1', '2'), headers)).status).toBe(401);
  });

  it('answers a signed /nethack status with exactly the pipeline reply', async () => {
    const { raw, headers } = signed(statusInteraction(1000));
    const res = await post(raw, headers);
    const expected = await dispatch(
      {
        kind: 'command',
        commandName: 'nethack',
        subcommand: 'status',
        options: { nutrition: 1000 },
        user: { id: '1400000000000000004', name: 'alice' },
      },
      { registry, services: { store, logger }, transport: 'http' },
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ type: 4, data: messageBody(expected) });
    expect((expected.result as { status: string }).status).toBe('Not Hungry');
  });

  it('answers invalid input with an ephemeral error (flag 64)', async () => {
    const { raw, headers } = signed(statusInteraction(10_000_000));
    const res = await post(raw, headers);
    expect(res.json).toMatchObject({ type: 4, data: { flags: 64, embeds: [{ title: "That didn't work" }] } });
  });

  it('answers with multipart (payload_json + PNG) when the reply has a chart', async () => {
    const base = {
      application_id: '1100000000000000001',
      type: 2,
      token: 't2',
      member: { user: { id: '1400000000000000005', username: 'carol' } },
    };
    const mk = signed({
      ...base,
      id: freshId(),
      data: {
        name: 'hero',
        type: 1,
        options: [{ name: 'new', type: 1, options: [{ name: 'name', type: 3, value: 'Web' }] }],
      },
    });
    expect((await post(mk.raw, mk.headers)).status).toBe(200);
    const show = signed({
      ...base,
      id: freshId(),
      data: { name: 'hero', type: 1, options: [{ name: 'show', type: 1, options: [] }] },
    });
    const res = await fetch(`http://127.0.0.1:${endpoint.port}/interactions`, {
      method: 'POST',
      body: show.raw,
      headers: { 'content-type': 'application/json', ...show.headers },
    });
    expect(res.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = Buffer.from(await res.arrayBuffer());
    const text = body.toString('latin1');
    const payload = JSON.parse(/name="payload_json"[^\r\n]*\r\n[^\r\n]*\r\n\r\n(.*?)\r\n--/s.exec(text)![1]!);
    expect(payload).toMatchObject({ type: 4, data: { attachments: [{ id: 0 }] } });
    expect(text).toMatch(/name="files\[0\]"; filename="hero-[0-9a-f]+\.png"/);
    expect(body.includes(Buffer.from('\x89PNG', 'latin1'))).toBe(true);
  });

  it('a Details press answers with a NEW private message (type 4, flag 64), not an update (type 7)', async () => {
    const ask = signed(statusInteraction(150));
    const first = await post(ask.raw, ask.headers);
    const rows = (first.json as { data: { components: { components: { custom_id: string; label: string }[] }[] } }).data
      .components;
    const details = rows[0]!.components.find((c) => c.label === 'Details')!;
    const press = signed({
      id: freshId(),
      application_id: '1100000000000000001',
      type: 3,
      token: 't3',
      member: { user: { id: '1400000000000000009', username: 'bob' } },
      data: { custom_id: details.custom_id, component_type: 2 },
    });
    const res = await post(press.raw, press.headers);
    expect(res.json).toMatchObject({ type: 4, data: { flags: 64 } });
    const embeds = (res.json as { data: { embeds: { title: string; description?: string }[] } }).data.embeds;
    expect(embeds[0]!.title).toContain('Nutrition 150 is Hungry');
    expect(embeds.at(-1)!.description).toContain('src/eat.c');
  });

  it('server defaults: guild_id and member.permissions decide who may set them, and they apply to members', async () => {
    const base = { application_id: '1100000000000000001', type: 2, token: 't4', guild_id: '1300000000000000001' };
    const settings = (user: string, permissions: string) =>
      signed({
        ...base,
        id: freshId(),
        member: { user: { id: user, username: user }, permissions },
        data: {
          name: 'settings',
          type: 1,
          options: [
            { name: 'scope', type: 3, value: 'server' },
            { name: 'nethack_version', type: 3, value: '5.0' },
          ],
        },
      });
    const denied = settings('1400000000000000011', '0');
    expect(await post(denied.raw, denied.headers)).toMatchObject({
      json: { type: 4, data: { flags: 64, embeds: [{ title: "That didn't work" }] } },
    });
    const allowed = settings('1400000000000000012', String(1 << 5)); // MANAGE_GUILD
    expect((await post(allowed.raw, allowed.headers)).status).toBe(200);
    const ask = signed({
      ...base,
      id: freshId(),
      member: { user: { id: '1400000000000000013', username: 'dan' }, permissions: '0' },
      data: statusInteraction(150).data,
    });
    const res = await post(ask.raw, ask.headers);
    expect((res.json as { data: { embeds: { footer: { text: string } }[] } }).data.embeds[0]!.footer.text).toContain(
      'NetHack 5.0',
    );
  });

  it('answers a signed but malformed payload with 400 and keeps serving', async () => {
    const { raw, headers } = signed('not an interaction');
    expect((await post(raw, headers)).status).toBe(400);
    const ping = signed({ type: 1 });
    expect((await post(ping.raw, ping.headers)).json).toEqual({ type: 1 });
  });
});
