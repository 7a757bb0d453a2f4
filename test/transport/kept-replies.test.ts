// The HTTP endpoint answers a slash command whose finished reply is kept without waiting for
// anything (respond.ts serveKeptReply, dispatch.ts keptReply). That fast lane must send exactly the
// bytes the general path sends: the same options are asked three times (the first two run the
// handler, the second keeps the reply, the third takes the fast lane) by users with and without
// settings, and every answer is compared byte for byte with the general path's, cache emptied.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { clearPureReplies, keptReply, Registry, type DispatchDeps } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { serverSettingsKey, userSettingsKey, writeSettings } from '../../src/settings/settings.ts';
import { invocationFromOptions, type RawOption } from '../../src/transport/interaction.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { makeSigner, newInteractionId } from '../helpers/signed.ts';

const signer = makeSigner();
const registry = new Registry(commands);
const logger = createLogger('silent');
let store: Store;
let endpoint: HttpEndpoint;
let deps: DispatchDeps;

const PLAIN = '1400000000000000101';
const DETAILED = '1400000000000000102';
const OLD_VERSION = '1400000000000000103';
const GUILD = '1300000000000000001';

beforeAll(async () => {
  store = await openStore('memory://');
  deps = { registry, services: { store, logger }, transport: 'http' };
  await writeSettings(store, userSettingsKey(DETAILED), { replies: 'detailed' });
  await writeSettings(store, userSettingsKey(OLD_VERSION), { nethackVersion: '3.4.3' });
  await writeSettings(store, serverSettingsKey(GUILD), { nethackVersion: '5.0' });
  endpoint = await startHttpEndpoint({
    registry,
    services: { store, logger },
    publicKey: signer.publicHex,
    port: 0,
    host: '127.0.0.1',
    admission: { perMinute: 100_000, burst: 10_000, userMaxInFlight: 100, maxInFlight: 1000 },
  });
});
afterAll(async () => {
  await endpoint?.close();
  await store?.close();
});

type Value = string | number | boolean;
const option = (name: string, value: Value): RawOption => ({
  name,
  type: typeof value === 'number' ? 4 : typeof value === 'boolean' ? 5 : 3,
  value,
});

function interaction(sub: string, options: Record<string, Value>, userId: string, guildId?: string) {
  const id = newInteractionId();
  return {
    id,
    application_id: '1100000000000000001',
    type: 2,
    token: `tok-${id}`,
    ...(guildId ? { guild_id: guildId } : {}),
    member: { user: { id: userId, username: 'u' } },
    data: {
      name: 'nethack',
      type: 1,
      options: [{ name: sub, type: 1, options: Object.entries(options).map(([n, v]) => option(n, v)) }],
    },
  };
}

/** The response exactly as sent: status, content type and body bytes. */
function post(body: unknown): Promise<string> {
  const raw = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: endpoint.port, path: '/interactions', method: 'POST', headers: signer.headers(raw) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve(`${res.statusCode} ${res.headers['content-type']}\n${Buffer.concat(chunks).toString('latin1')}`),
        );
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

const cases: [string, Record<string, Value>][] = [
  ...[-200, 0, 49, 50, 150, 151, 999, 1000, 1999, 2000].map((n): [string, Record<string, Value>] => [
    'status',
    { nutrition: n },
  ]),
  ['status', { nutrition: 150, con: 3 }],
  ['status', { nutrition: 150, version: '5.0' }],
  ['status', { nutrition: 150, hide: true }],
  ...[
    [100, 1],
    [900, 77],
    [1999, 1000],
    [400, 19],
  ].map(([nutrition, turn]): [string, Record<string, Value>] => ['forecast', { nutrition: nutrition!, turn: turn! }]),
  ['forecast', { nutrition: 900, turn: 1, con: 12, attacks: 2 }],
  ['forecast', { nutrition: 900, turn: 1, version: '3.4.3' }],
];
const users: [string, string | undefined][] = [
  [PLAIN, undefined],
  [DETAILED, undefined],
  [OLD_VERSION, undefined],
  [PLAIN, GUILD],
  [OLD_VERSION, GUILD],
];

describe('kept replies over HTTP', () => {
  it('the fast lane sends the bytes of the general path, for every input and user', async () => {
    let fastLane = 0;
    for (const [sub, options] of cases) {
      for (const [userId, guildId] of users) {
        clearPureReplies();
        const answers: string[] = [];
        for (let i = 0; i < 3; i++) answers.push(await post(interaction(sub, options, userId, guildId)));
        const flat = Object.entries(options).map(([n, v]) => option(n, v));
        const inv = invocationFromOptions(
          'command',
          'nethack',
          [{ name: sub, type: 1, options: flat }],
          { id: userId, name: 'u' },
          guildId ? { guildId } : {},
        );
        if (keptReply(inv, deps)) fastLane++;
        clearPureReplies();
        const general = await post(interaction(sub, options, userId, guildId));
        expect(general.startsWith('200 application/json\n')).toBe(true);
        for (const a of answers) expect(a).toBe(general);
      }
    }
    // Every case here is a pure command without a typed name: the third asking took the fast lane.
    expect(fastLane).toBe(cases.length * users.length);
  });

  it('a detailed reply style, a version setting and a server setting each get their own kept reply', async () => {
    clearPureReplies();
    const bodies = new Set<string>();
    for (const [userId, guildId] of users) {
      for (let i = 0; i < 3; i++) bodies.add(await post(interaction('status', { nutrition: 150 }, userId, guildId)));
    }
    // PLAIN, DETAILED, OLD_VERSION, and the guild's 5.0 (for PLAIN; OLD_VERSION's own choice wins there).
    expect(bodies.size).toBe(4);
  });
});
