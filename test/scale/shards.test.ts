// Two gateway shard processes on Redis, run by the real entry point's sharding manager against
// the fake Discord serving two shards: SHARD_COUNT=auto reads the count from /gateway/bot, each
// process IDENTIFYs as its shard and receives only its guilds' interactions. 50 users (spread
// over guilds of both shards) each send 20 interleaved `/hero wait turns:1`; one shard process is
// killed with SIGKILL mid-run and the manager starts it again. Every hero advances exactly as many
// turns as it got acknowledged replies, plus at most the waits its shard had received but not
// answered when it was killed (orphaned); heroes of the other shard advance exactly.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_TOKEN, guildsOnShard, startFakeDiscord, type FakeDiscord } from '../helpers/fakeDiscord.ts';
import { killPid, spawnBot, type BotProcess } from '../helpers/botProcess.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { freePort } from '../helpers/servers.ts';
import { metricValue, scaleUsers, waitReply, type ScaleUser } from '../helpers/scale.ts';

const SOAK = process.env.SOAK === '1';
const USERS = SOAK ? 200 : 50;
const WAITS_PER_USER = 20;
/** The shard process killed once this many waits were acknowledged. */
const KILL_AFTER_ACKS = Math.floor((USERS * WAITS_PER_USER) / 3);
const SHARDS = 2;
const KILLED_SHARD = 1;

const guilds = [0, 1].flatMap((shard) => guildsOnShard(shard, SHARDS, 2));
let discord: FakeDiscord;
let bot: BotProcess;
let h: Harness;
let metricsPort: number;

beforeAll(async () => {
  discord = await startFakeDiscord({ shards: SHARDS, guilds, maxConcurrency: 16 });
  h = await createHarness({ storeUrl: inject('redisUrl') });
  metricsPort = await freePort();
  bot = spawnBot({
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_API_URL: discord.apiUrl,
    STORE_URL: inject('redisUrl'),
    SHARD_COUNT: 'auto',
    METRICS_PORT: String(metricsPort),
    WORKERS: '1',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_BURST: '10000',
  });
  await Promise.all([discord.waitForShard(0), discord.waitForShard(1)]);
}, 120_000);

afterAll(async () => {
  expect(await bot?.stop()).toBe(0);
  await discord?.close();
  await h?.close();
});

interface Tally {
  acked: number;
  orphaned: number;
  undelivered: number;
  errors: string[];
}

/** One user's waits, one at a time (a user waits for an answer), retried when not acknowledged. */
async function runUser(u: ScaleUser, tally: Tally, onAck: () => void): Promise<void> {
  while (tally.acked < WAITS_PER_USER) {
    const sent = discord.interaction({
      type: 2,
      name: 'hero',
      guildId: u.guildId,
      userId: u.id,
      options: [{ name: 'wait', type: 1, options: [{ name: 'turns', type: 4, value: 1 }] }],
    });
    if (!sent.delivered) {
      // Its shard is down: Discord would tell the user the interaction failed; they try again.
      tally.undelivered++;
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const outcome = await waitReply(discord, sent, await discord.fate(sent.id));
    if (outcome === 'ack') {
      tally.acked++;
      onAck();
    } else if (outcome === 'orphaned') tally.orphaned++;
    else tally.errors.push(outcome);
  }
}

describe('two gateway shard processes on Redis', () => {
  const title = `${USERS * WAITS_PER_USER} interleaved /hero wait across both shards, one shard SIGKILLed mid-run`;
  it(`${title}: nothing acknowledged is lost`, async () => {
    const users = scaleUsers(USERS, '21', (i) => guilds[i % guilds.length]!);
    await Promise.all(users.map((u) => h.ask('/hero new name:Scale', u)));
    const tallies = new Map(users.map((u) => [u.id, { acked: 0, orphaned: 0, undelivered: 0, errors: [] } as Tally]));
    let acks = 0;
    let killed: Promise<void> | undefined;
    const started = await bot.waitForLog((l) => l.msg === 'shard process started' && l.shardId === KILLED_SHARD);
    const onAck = () => {
      if (++acks !== KILL_AFTER_ACKS) return;
      killPid(started.pid as number, 'SIGKILL');
      killed = bot
        .waitForLog((l) => l.msg === 'shard process exited; starting it again' && l.shardId === KILLED_SHARD)
        .then(() => undefined);
    };
    await Promise.all(users.map((u) => runUser(u, tallies.get(u.id)!, onAck)));
    await killed;

    // Stored turns against acknowledged replies, per hero.
    let lost = 0;
    let landedUnanswered = 0;
    for (const u of users) {
      const t = tallies.get(u.id)!;
      const shown = await h.ask('/hero show hero:Scale chart:false', u);
      const applied = (shown.result as { hero: { turn: number } }).hero.turn - 1;
      expect(t.errors, `user ${u.index}`).toEqual([]);
      expect(t.acked).toBe(WAITS_PER_USER);
      lost += Math.max(0, t.acked - applied);
      landedUnanswered += applied - t.acked;
      expect(applied - t.acked, `user ${u.index}`).toBeGreaterThanOrEqual(0);
      expect(applied - t.acked, `user ${u.index}`).toBeLessThanOrEqual(t.orphaned);
      if (u.shard !== KILLED_SHARD) expect([applied, t.orphaned, t.undelivered]).toEqual([WAITS_PER_USER, 0, 0]);
    }
    expect(lost).toBe(0);
    const orphaned = [...tallies.values()].reduce((n, t) => n + t.orphaned, 0);
    expect(landedUnanswered).toBeLessThanOrEqual(orphaned);
    expect(orphaned).toBeGreaterThan(0); // the kill really happened mid-run

    // Respawned, not just reported: a second IDENTIFY for the killed shard, a restart counted.
    const shardsIdentified = discord.identifies.map((d) => (d as { shard: number[] }).shard[0]);
    expect(shardsIdentified.sort()).toEqual([0, 1, 1]);
    await bot.waitForLog((l) => l.msg === 'shard process restarted' && l.shardId === KILLED_SHARD);
    const page = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metricValue(page, 'hungerbot_shard_restarts_total', { shard_id: String(KILLED_SHARD) })).toBe(1);
    // The surviving shard's process counted every wait it answered, once.
    const shard0Acks = users.filter((u) => u.shard === 0).length * WAITS_PER_USER;
    const counted = { shard: '0', command: '/hero wait', outcome: 'ok' };
    expect(metricValue(page, 'hungerbot_interactions_total', counted)).toBe(shard0Acks);
    const ready = await fetch(`http://127.0.0.1:${metricsPort}/readyz`);
    expect(ready.status).toBe(200);
    // Each shard process's log lines carry its shard id.
    expect(bot.logs.some((l) => l.shard === 0 && l.msg === 'connected to Discord')).toBe(true);
    expect(bot.logs.filter((l) => l.shard === KILLED_SHARD && l.msg === 'connected to Discord')).toHaveLength(2);
    console.log(
      `shards: ${acks} acknowledged, ${orphaned} orphaned by the kill (${landedUnanswered} of them stored), ` +
        `${[...tallies.values()].reduce((n, t) => n + t.undelivered, 0)} sent while the shard was down, 0 lost`,
    );
  }, 240_000);
});
