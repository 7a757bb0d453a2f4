// Operator endpoints: /healthz, /readyz (a store ping with a deadline) and /metrics (Prometheus),
// on the HTTP endpoint's own port and on METRICS_PORT in gateway mode. The metrics show exactly
// the requests a process served: by kind, command and outcome, one latency sample each, deferred
// replies, and nothing for requests refused before they were interactions (bad signature, replay).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { readinessOf, startOpsServer, storeCheck, READINESS_DEADLINE_MS } from '../../src/ops/endpoints.ts';
import { Metrics } from '../../src/ops/metrics.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { commandLabel } from '../../src/transport/respond.ts';
import { spawnBot } from '../helpers/botProcess.ts';
import { FAKE_TOKEN, startFakeDiscord } from '../helpers/fakeDiscord.ts';
import { metricValue } from '../helpers/scale.ts';
import { freePort } from '../helpers/servers.ts';
import { buttonInteraction, commandInteraction, heroOptions, makeSigner, postInteraction } from '../helpers/signed.ts';

const registry = new Registry(commands);
const logger = createLogger('silent');
const signer = makeSigner();
let store: Store;
let metrics: Metrics;
let endpoint: HttpEndpoint;

beforeAll(async () => {
  store = await openStore('memory://');
  metrics = new Metrics('http');
  endpoint = await startHttpEndpoint({
    registry,
    services: { store, logger },
    publicKey: signer.publicHex,
    port: 0,
    host: '127.0.0.1',
    metrics,
    ops: {
      ready: async () => readinessOf({ store: await storeCheck(store) }),
      metrics: async () => ({ contentType: metrics.contentType, body: await metrics.text() }),
    },
  });
});
afterAll(async () => {
  await endpoint?.close();
  await store?.close();
});

const get = async (port: number, path: string, method = 'GET') => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

describe('on the HTTP endpoint port', () => {
  it('/healthz and /readyz answer; the interactions path still takes only signed POSTs', async () => {
    const health = await get(endpoint.port, '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok' });
    const ready = await get(endpoint.port, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ ready: true, checks: { store: { ok: true } } });
    expect((await get(endpoint.port, '/interactions')).status).toBe(404);
    expect((await get(endpoint.port, '/metrics', 'POST')).status).toBe(404);
  });

  it('/metrics counts exactly the interactions served, by command and outcome', async () => {
    const user = '1400000000000000777';
    const status = () => commandInteraction('nethack', heroOptions('status', { nutrition: 150 }), { userId: user });
    for (let i = 0; i < 3; i++) expect((await postInteraction(endpoint.port, status(), signer)).status).toBe(200);
    const bad = commandInteraction('nethack', heroOptions('status', { nutrition: 10_000_000 }), { userId: user });
    expect((await postInteraction(endpoint.port, bad, signer)).status).toBe(200);
    // A replay and a forged signature are refused before they are interactions: not counted.
    const once = status();
    expect((await postInteraction(endpoint.port, once, signer)).status).toBe(200);
    expect((await postInteraction(endpoint.port, once, signer)).status).toBe(409);
    const forged = makeSigner();
    expect((await postInteraction(endpoint.port, status(), forged)).status).toBe(401);
    const press = buttonInteraction('details:nethack.status:6t:0150', { userId: user });
    expect((await postInteraction(endpoint.port, press, signer)).status).toBe(200);
    const complete = {
      ...commandInteraction('nethack', [
        { name: 'food', type: 1, options: [{ name: 'name', type: 3, value: 'lemb', focused: true }] },
      ]),
      type: 4,
    };
    expect((await postInteraction(endpoint.port, complete, signer)).status).toBe(200);

    const page = await get(endpoint.port, '/metrics');
    expect(page.type).toMatch(/^text\/plain/);
    const count = (labels: Record<string, string>) => metricValue(page.text, 'hungerbot_interactions_total', labels);
    expect(count({ kind: 'command', command: '/nethack status', outcome: 'ok' })).toBe(4);
    expect(count({ kind: 'command', command: '/nethack status', outcome: 'invalid_option' })).toBe(1);
    expect(count({ kind: 'button', command: 'button:details', outcome: 'ok' })).toBe(1);
    expect(count({ kind: 'autocomplete', command: '/nethack food', outcome: 'ok' })).toBe(1);
    expect(count({ transport: 'http' })).toBe(7);
    const latency = (labels: Record<string, string>) =>
      metricValue(page.text, 'hungerbot_interaction_duration_seconds_count', labels);
    expect(latency({ command: '/nethack status' })).toBe(5);
    expect(metricValue(page.text, 'hungerbot_deferred_replies_total')).toBe(0);
    expect(metricValue(page.text, 'hungerbot_interactions_in_flight')).toBe(0);
    for (const name of ['hungerbot_worker_queue_depth', 'hungerbot_workers_busy', 'process_resident_memory_bytes'])
      expect(page.text).toMatch(new RegExp(`^${name} `, 'm'));
    for (const lane of ['helper', 'here'])
      expect(metricValue(page.text, 'hungerbot_split_walks_total', { lane })).toBe(0);
  });
});

describe('readiness', () => {
  it('a store that does not answer its ping in time, or fails it, is not ready (within the deadline)', async () => {
    const hanging = { kind: 'redis', ping: () => new Promise<void>(() => {}) } as unknown as Store;
    const failing = { kind: 'redis', ping: () => Promise.reject(new Error('connection refused')) } as unknown as Store;
    const started = Date.now();
    const slow = await storeCheck(hanging, 200);
    expect(slow).toEqual({ ok: false, detail: 'no answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(READINESS_DEADLINE_MS);
    expect(await storeCheck(failing)).toEqual({ ok: false, detail: 'connection refused' });
    const port = await freePort();
    const ops = await startOpsServer(
      port,
      { ready: async () => readinessOf({ store: await storeCheck(failing) }) },
      logger,
      '127.0.0.1',
    );
    try {
      const ready = await get(port, '/readyz');
      expect(ready.status).toBe(503);
      const refused = { ready: false, checks: { store: { ok: false, detail: 'connection refused' } } };
      expect(JSON.parse(ready.text)).toEqual(refused);
      expect((await get(port, '/metrics')).status).toBe(404); // no metrics configured here
      expect((await get(port, '/anything')).status).toBe(404);
      expect((await get(port, '/healthz', 'HEAD')).status).toBe(200);
    } finally {
      await ops.close();
    }
  });
});

describe('metric labels stay bounded', () => {
  const user = { id: '1', name: 'x' };
  it('unknown commands, subcommands and buttons are counted as unknown', () => {
    const command = (commandName: string, subcommand?: string, group?: string) =>
      commandLabel({ kind: 'command', commandName, group, subcommand, options: {}, user }, registry);
    expect(command('hero', 'wait')).toBe('/hero wait');
    expect(command('nethack', 'food', 'pet')).toBe('/nethack pet food');
    expect(command('x'.repeat(32))).toBe('unknown');
    expect(command('hero', 'nope')).toBe('unknown');
    const button = (customId: string) =>
      commandLabel({ kind: 'component', commandName: '', customId, options: {}, user }, registry);
    expect(button('hero:eat:1:abc:def:all')).toBe('button:hero eat');
    expect(button('details:@abc')).toBe('button:details');
    expect(button('zzz:1')).toBe('button:unknown');
    expect(button('hero:Ünïcode!:1')).toBe('button:hero');
  });
});

describe('gateway mode on METRICS_PORT', () => {
  it('one shard in this process: its interactions, shard label on metrics and logs, readiness', async () => {
    const discord = await startFakeDiscord();
    const port = await freePort();
    const bot = spawnBot({
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_API_URL: discord.apiUrl,
      STORE_URL: 'memory://',
      METRICS_PORT: String(port),
      WORKERS: '1',
    });
    try {
      await discord.waitForShard(0);
      await bot.waitForLog((l) => l.msg === 'connected to Discord');
      const sent = discord.interaction({
        type: 2,
        name: 'nethack',
        options: [{ name: 'status', type: 1, options: [{ name: 'nutrition', type: 4, value: 0 }] }],
      });
      expect('answered' in (await discord.fate(sent.id))).toBe(true);
      const page = (await get(port, '/metrics')).text;
      const counted = { transport: 'gateway', shard: '0', outcome: 'ok' };
      expect(metricValue(page, 'hungerbot_interactions_total', counted)).toBe(1);
      expect(metricValue(page, 'hungerbot_shard_ready', { shard_id: '0' })).toBe(1);
      const ready = JSON.parse((await get(port, '/readyz')).text) as { ready: boolean; checks: object };
      expect(ready).toMatchObject({ ready: true, checks: { store: { ok: true }, 'shard 0': { ok: true } } });
      expect(bot.logs.find((l) => l.msg === 'connected to Discord')?.shard).toBe(0);
      // memory:// is fine for one process; no manager, no warning.
      expect(bot.logs.some((l) => (l.level ?? 0) >= 40)).toBe(false);
    } finally {
      expect(await bot.stop()).toBe(0);
      await discord.close();
    }
  }, 60_000);
});
