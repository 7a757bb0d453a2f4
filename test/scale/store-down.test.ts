// The store stopped mid-run under an HTTP endpoint process, for Redis and for PostgreSQL (each a
// server of this file's own): readiness turns 503; stateless commands (status, forecast, food,
// pet, crawl) keep answering exactly as before; every /hero command answers at once (the first
// response, not a deferral: well within Discord's 3 s) with a private "storage unavailable,
// nothing was changed"; when the store is back, readiness and /hero recover without a restart,
// and the stored turns are exactly the acknowledged waits (nothing from the outage landed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fakeDiscord.ts';
import { createHarness } from '../helpers/harness.ts';
import {
  classifyWait,
  metricValue,
  optionsOfLine,
  scaleUsers,
  shownMessage,
  startReplica,
  waitForReadiness,
  type MessageBody,
  type Replica,
  type ScaleUser,
} from '../helpers/scale.ts';
import { startPostgres, startRedis, type TestServer } from '../helpers/servers.ts';
import { commandInteraction, makeSigner } from '../helpers/signed.ts';

const registry = new Registry(commands);
const USERS = 6;
const STATELESS = [
  '/nethack status nutrition:150',
  '/nethack forecast nutrition:900 turn:1 left_ring:"ring of regeneration"',
  '/nethack food name:"food ration"',
  '/nethack pet food pet:kitten item:"tripe ration"',
  '/crawl status value:1000',
  '/crawl forecast species:Troll value:5000',
];
/** Discord's window for the first response. */
const INTERACTION_WINDOW_MS = 3000;

let discord: FakeDiscord;
const signer = makeSigner();
beforeAll(async () => void (discord = await startFakeDiscord()));
afterAll(async () => discord?.close());

async function send(r: Replica, line: string, user: ScaleUser) {
  const { name, options } = optionsOfLine(line, registry);
  const body = commandInteraction(name, options, { userId: user.id });
  const answer = await r.post(body);
  return { answer, shown: await shownMessage(discord, body, answer) };
}

const titleOf = (m: MessageBody | undefined) => m?.embeds?.[0]?.title ?? '';

/** What each stateless command shows with the store up, for comparing during the outage. */
async function statelessTitles(r: Replica, user: ScaleUser): Promise<string[]> {
  const titles: string[] = [];
  for (const line of STATELESS) {
    const { shown } = await send(r, line, user);
    titles.push(titleOf(shown?.data));
  }
  return titles;
}

const SERVERS: { name: string; start: () => Promise<TestServer> }[] = [
  { name: 'Redis', start: () => startRedis({ appendonly: true }) },
  { name: 'PostgreSQL', start: () => startPostgres() },
];

describe.each(SERVERS)('$name stopped under a running HTTP endpoint', (backend) => {
  let server: TestServer;
  let replica: Replica;
  beforeAll(async () => {
    server = await backend.start();
    replica = await startReplica(backend.name, signer, { STORE_URL: server.url, DISCORD_API_URL: discord.apiUrl });
    await waitForReadiness(replica, 200);
  }, 90_000);
  afterAll(async () => {
    expect(await replica?.bot.stop()).toBe(0);
    await server?.stop();
  });

  const title = 'stateless commands answer, /hero answers "storage unavailable" at once';
  it(`${title}, and it recovers without a restart`, async () => {
    const users = scaleUsers(USERS, '26');
    const h = await createHarness({ storeUrl: server.url });
    await Promise.all(users.map((u) => h.ask('/hero new name:Outage', u)));
    await h.close();
    const acked = new Map(users.map((u) => [u.id, 0]));
    const waitAll = async () => {
      for (const u of users) {
        const { shown } = await send(replica, '/hero wait turns:1', u);
        if (shown && classifyWait(shown.data) === 'ack') acked.set(u.id, acked.get(u.id)! + 1);
      }
    };
    await waitAll();
    const before = await statelessTitles(replica, users[0]!);
    expect(before.every((t) => t && !/didn't work|unavailable/.test(t))).toBe(true);

    await server.kill();
    await waitForReadiness(replica, 503);
    // Stateless commands: the same answers, from the built-in defaults.
    expect(await statelessTitles(replica, users[0]!)).toEqual(before);
    // /hero: the first response itself (no deferral), private, saying nothing was changed.
    const heroLines = ['/hero wait turns:1', '/hero show', '/hero new name:Another', '/hero set nutrition:500'];
    let refused = 0;
    for (const u of users) {
      for (const line of heroLines) {
        const { answer, shown } = await send(replica, line, u);
        const json = answer.json as { type: number; data: MessageBody };
        expect(json.type, line).toBe(4);
        expect(json.data.flags, line).toBe(64);
        expect(titleOf(json.data)).toBe('Storage is unavailable');
        expect(json.data.embeds?.[0]?.description).toMatch(/nothing was changed/);
        expect(answer.ms).toBeLessThan(INTERACTION_WINDOW_MS);
        expect(shown?.deferred).toBe(false);
        refused++;
      }
    }

    await server.restart();
    await waitForReadiness(replica, 200);
    await waitAll();
    await waitAll();
    const check = await createHarness({ storeUrl: server.url });
    try {
      for (const u of users) {
        const shown = await check.ask('/hero show hero:Outage chart:false', u);
        expect((shown.result as { hero: { turn: number } }).hero.turn - 1, `user ${u.index}`).toBe(acked.get(u.id));
        expect(acked.get(u.id)).toBe(3);
        expect((await check.ask('/hero list', u)).embeds[0]!.description ?? '').not.toMatch(/Another/);
      }
    } finally {
      await check.close();
    }
    const page = (await replica.get('/metrics')).text;
    expect(metricValue(page, 'hungerbot_interactions_total', { outcome: 'storage_unavailable' })).toBe(refused);
    expect(metricValue(page, 'hungerbot_store_errors_total')).toBeGreaterThanOrEqual(refused);
    const figures = `${refused} /hero commands refused at once, ${STATELESS.length} stateless answered`;
    console.log(`${backend.name} outage: ${figures}, recovered`);
  }, 120_000);
});
