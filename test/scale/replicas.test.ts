// Stateless HTTP endpoint replicas behind a (simulated) load balancer: two replica processes on
// PostgreSQL and two on Redis, each pair on one store. 50 users send 20 `/hero wait turns:1` each,
// two at a time (one to each replica, so both replicas change the same record at once), requests
// alternating between the replicas: every hero advances exactly as many turns as acknowledged
// replies, and each replica's /metrics counts exactly the requests it served. Everything a button
// press needs is in the store: a confirmation, a meal, a stored Details payload, a picked name and
// a settings change made on one replica work on the other.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fakeDiscord.ts';
import { createHarness } from '../helpers/harness.ts';
import {
  classifyWait,
  metricValue,
  scaleUsers,
  shownMessage,
  startReplica,
  waitForReadiness,
  type Replica,
  type ScaleUser,
} from '../helpers/scale.ts';
import { commandInteraction, buttonInteraction, heroOptions, makeSigner, type Signer } from '../helpers/signed.ts';

const SOAK = process.env.SOAK === '1';
const USERS = SOAK ? 200 : 50;
const WAITS_PER_USER = 20;

let discord: FakeDiscord;
const signer: Signer = makeSigner();
const pairs: { name: string; url: () => string; replicas: Replica[] }[] = [
  { name: 'PostgreSQL', url: () => inject('postgresUrl'), replicas: [] },
  { name: 'Redis', url: () => inject('redisUrl'), replicas: [] },
];

beforeAll(async () => {
  discord = await startFakeDiscord();
  await Promise.all(
    pairs.map(async (p) => {
      const env = { STORE_URL: p.url(), DISCORD_API_URL: discord.apiUrl };
      p.replicas = await Promise.all(['A', 'B'].map((n) => startReplica(`${p.name} ${n}`, signer, env)));
      await Promise.all(p.replicas.map((r) => waitForReadiness(r, 200)));
    }),
  );
}, 120_000);

afterAll(async () => {
  const codes = await Promise.all(pairs.flatMap((p) => p.replicas.map((r) => r.bot.stop())));
  await discord?.close();
  expect(codes.every((c) => c === 0)).toBe(true);
});

type Message = NonNullable<Awaited<ReturnType<typeof shownMessage>>>['data'];

/** Send a command to one replica and read what the user saw (the response, or the deferred edit). */
async function command(
  r: Replica,
  name: string,
  sub: string,
  options: Record<string, string | number | boolean>,
  user: ScaleUser,
) {
  const body = commandInteraction(name, heroOptions(sub, options), { userId: user.id });
  return (await shownMessage(discord, body, await r.post(body)))?.data;
}

async function press(r: Replica, customId: string, user: ScaleUser, messageFlags = 0) {
  const body = buttonInteraction(customId, { userId: user.id, messageFlags });
  return (await shownMessage(discord, body, await r.post(body)))?.data;
}

const buttonsOf = (m: Message | undefined) => (m?.components ?? []).flatMap((row) => row.components);
const button = (m: Message | undefined, label: string) => {
  const b = buttonsOf(m).find((x) => x.label === label);
  if (!b) throw new Error(`no "${label}" button in ${JSON.stringify(m)}`);
  return b.custom_id;
};
const titleOf = (m: Message | undefined) => m?.embeds?.[0]?.title ?? '';
const footerOf = (m: Message | undefined) =>
  (m?.embeds?.[0] as { footer?: { text?: string } } | undefined)?.footer?.text ?? '';

describe.each(pairs)('two HTTP replicas on $name', (pair) => {
  const title = `${USERS * WAITS_PER_USER} /hero wait alternating between the replicas, two at once per user`;
  it(`${title}: stored = acknowledged`, async () => {
    const [a, b] = pair.replicas as [Replica, Replica];
    const users = scaleUsers(USERS, pair.name === 'Redis' ? '22' : '23');
    const h = await createHarness({ storeUrl: pair.url() });
    try {
      await Promise.all(users.map((u) => h.ask('/hero new name:Scale', u)));
      const sentTo = new Map<Replica, number>([
        [a, 0],
        [b, 0],
      ]);
      const outcomes: string[] = [];
      let deferred = 0;
      let n = 0;
      // Two waits of a user at once, one on each replica: both change the same record.
      const wait = async (u: ScaleUser) => {
        const replica = n++ % 2 === 0 ? a : b;
        sentTo.set(replica, sentTo.get(replica)! + 1);
        const body = commandInteraction('hero', heroOptions('wait', { turns: 1 }), { userId: u.id });
        const shown = await shownMessage(discord, body, await replica.post(body));
        if (shown?.deferred) deferred++;
        outcomes.push(shown ? classifyWait(shown.data) : 'no answer');
      };
      await Promise.all(
        users.map(async (u) => {
          for (let i = 0; i < WAITS_PER_USER / 2; i++) await Promise.all([wait(u), wait(u)]);
        }),
      );
      expect(outcomes.filter((o) => o !== 'ack')).toEqual([]);
      expect(outcomes).toHaveLength(USERS * WAITS_PER_USER);
      for (const u of users) {
        const shown = await h.ask('/hero show hero:Scale chart:false', u);
        expect((shown.result as { hero: { turn: number } }).hero.turn - 1, `user ${u.index}`).toBe(WAITS_PER_USER);
      }
      // Each replica counted exactly the waits it served (and /healthz, /readyz answer).
      for (const r of [a, b]) {
        const page = (await r.get('/metrics')).text;
        const served = sentTo.get(r);
        const ok = { command: '/hero wait', outcome: 'ok' };
        expect(metricValue(page, 'hungerbot_interactions_total', ok)).toBe(served);
        const timed = metricValue(page, 'hungerbot_interaction_duration_seconds_count', { command: '/hero wait' });
        expect(timed).toBe(served);
        expect((await r.get('/healthz')).status).toBe(200);
      }
      expect(sentTo.get(a)).toBe((USERS * WAITS_PER_USER) / 2);
      console.log(`${pair.name} replicas: ${outcomes.length} acknowledged (${deferred} deferred), 0 lost`);
    } finally {
      await h.close();
    }
  }, 180_000);

  it('buttons and settings made on one replica work on the other', async () => {
    const [a, b] = pair.replicas as [Replica, Replica];
    const [u] = scaleUsers(1, pair.name === 'Redis' ? '24' : '25');
    const user = u!;
    // A settings change on A is used at once by B, which had read the old ones just before (no
    // per-process cache on a shared store).
    await command(a, 'hero', 'new', { name: 'Cross' }, user);
    expect(footerOf(await command(b, 'nethack', 'status', { nutrition: 150 }, user))).toMatch(/^NetHack 3\.6\.7/);
    const set = await commandSettings(a, user, '3.4.3');
    expect(titleOf(set)).toMatch(/3\.4\.3/);
    expect(footerOf(await command(b, 'nethack', 'status', { nutrition: 150 }, user))).toMatch(/^NetHack 3\.4\.3/);
    expect(footerOf(await command(a, 'nethack', 'status', { nutrition: 150 }, user))).toMatch(/^NetHack 3\.4\.3/);
    await commandSettings(b, user, '3.6.7');

    // A meal confirmation shown by A is eaten through B.
    await command(a, 'hero', 'set', { nutrition: 1990 }, user);
    const meal = await command(a, 'hero', 'eat', { food: 'food ration' }, user);
    const eaten = await press(b, button(meal, 'Eat it anyway'), user, 64);
    expect(titleOf(eaten)).toMatch(/Cross: Ate food ration/);

    // A Details payload too long for its id, stored by A, shown by B.
    const rate = await command(
      a,
      'crawl',
      'rate',
      {
        species: 'Deep Dwarf',
        gear: 'ring of regeneration, ring of regeneration, +3 Hunger artefact, troll leather armour',
        hasted: true,
        invisible: true,
        berserk: true,
        chei: true,
        aut: 15,
        version: '0.14',
      },
      user,
    );
    const details = button(rate, 'Details');
    expect(details).toMatch(/^details:@/);
    const full = await press(b, details, user);
    expect(full?.flags).toBe(64);
    expect(titleOf(full)).toBe(titleOf(rate));

    // A name picked on B from the candidates A offered.
    const ambiguous = await command(a, 'nethack', 'food', { name: 'tin' }, user);
    const picked = await press(b, button(ambiguous, 'tin of spinach'), user, 64);
    expect(titleOf(picked)).toMatch(/tin of spinach/i);

    // A delete confirmation shown by A is confirmed through B, once: a replay on A is stale.
    const confirm = await command(a, 'hero', 'delete', {}, user);
    const deleteId = button(confirm, 'Delete for good');
    const deleted = await press(b, deleteId, user, 64);
    expect(titleOf(deleted)).toMatch(/Deleted/);
    const again = await press(a, deleteId, user, 64);
    expect(again?.embeds?.[0]?.description).toMatch(/no longer valid/);
    const shown = await command(b, 'hero', 'show', {}, user);
    expect(shown?.embeds?.[0]?.description ?? '').toMatch(/don't have a hero/);
  }, 60_000);
});

/** `/settings nethack_version:<v>` (no subcommand). */
async function commandSettings(r: Replica, user: ScaleUser, version: string) {
  const options = [{ name: 'nethack_version', type: 3, value: version }];
  const body = commandInteraction('settings', options, { userId: user.id });
  return (await shownMessage(discord, body, await r.post(body)))?.data;
}
