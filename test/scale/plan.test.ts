// How many shards and where: SHARD_COUNT=auto asks Discord (GET /gateway/bot), SHARD_IDS picks
// this machine's, the IDENTIFY concurrency comes along; the store must suit several processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respawnPauseMs } from '../../src/transport/shardManager.ts';
import { planShards, storeAdvice, describeIds } from '../../src/transport/shards.ts';
import { spawnBot, type LogLine } from '../helpers/botProcess.ts';
import { freePort } from '../helpers/servers.ts';
import { FAKE_TOKEN, startFakeDiscord, type FakeDiscord } from '../helpers/fakeDiscord.ts';

let discord: FakeDiscord;
beforeAll(async () => void (discord = await startFakeDiscord({ shards: 6, maxConcurrency: 4 })));
afterAll(async () => discord?.close());

describe('planShards', () => {
  it('auto: the count Discord recommends, every shard here, and its max_concurrency', async () => {
    expect(await planShards({ SHARD_COUNT: 'auto' }, FAKE_TOKEN, discord.apiUrl)).toEqual({
      count: 6,
      ids: [0, 1, 2, 3, 4, 5],
      maxConcurrency: 4,
    });
    expect(await planShards({ SHARD_COUNT: 'auto', SHARD_IDS: [4, 5] }, FAKE_TOKEN, discord.apiUrl)).toMatchObject({
      count: 6,
      ids: [4, 5],
    });
  });
  it('a fixed count needs no call for one shard; a shard id beyond the recommended count is refused', async () => {
    const calls = discord.requests.length;
    const one = await planShards({ SHARD_COUNT: 1 }, FAKE_TOKEN, 'http://127.0.0.1:9/api');
    expect(one).toEqual({ count: 1, ids: [0], maxConcurrency: 1 });
    expect(discord.requests.length).toBe(calls);
    await expect(planShards({ SHARD_COUNT: 'auto', SHARD_IDS: [6] }, FAKE_TOKEN, discord.apiUrl)).rejects.toThrow(
      'SHARD_IDS names shard 6, but Discord recommends 6 shards',
    );
    const badToken = planShards({ SHARD_COUNT: 'auto' }, 'bad.token.x', discord.apiUrl);
    await expect(badToken).rejects.toThrow(/refused the token/);
  });
});

describe('storeAdvice', () => {
  const plan = (ids: number[], count: number) => ({ ids, count, maxConcurrency: 1 });
  it('one process: anything goes', () => {
    expect(storeAdvice('memory://', plan([0], 1))).toEqual({});
    expect(storeAdvice('sqlite://data/x.sqlite', plan([0], 1))).toEqual({});
  });
  it('several processes: memory:// is refused, SQLite is one machine only, Redis and PostgreSQL are fine', () => {
    const memory = storeAdvice('memory://', plan([0, 1], 2));
    expect(memory.refuse).toMatch(/memory:\/\/ keeps heroes in one process's memory/);
    expect(storeAdvice('sqlite://data/x.sqlite', plan([0, 1], 2)).warn).toMatch(
      new RegExp(
        '^SQLite store: 2 shard processes share one SQLite file: this works on this one machine only.*' +
          'set STORE_URL=redis://host:6379 or postgresql:',
      ),
    );
    const split = storeAdvice('sqlite://data/x.sqlite', plan([0], 2));
    expect(split.warn).toMatch(/shards 0 of 2 run here and the others elsewhere/);
    expect(storeAdvice('redis://127.0.0.1:6379', plan([0, 1], 2))).toEqual({});
    expect(storeAdvice('postgresql://u@h/db', plan([3], 8))).toEqual({});
  });
  it('names shard lists compactly', () => expect(describeIds([0, 1, 2, 5, 7, 8])).toBe('0-2,5,7-8'));
});

it('the entry point refuses several shard processes on memory://, with the reason', async () => {
  const env = { DISCORD_TOKEN: FAKE_TOKEN, DISCORD_API_URL: discord.apiUrl, STORE_URL: 'memory://', SHARD_IDS: '0,1' };
  const bot = spawnBot(env);
  expect(await bot.exited).toBe(2);
  const refusal = /^Configuration error: STORE_URL=memory:\/\/ keeps heroes in one process's memory/m;
  expect(bot.text.join('\n')).toMatch(refusal);
}, 30_000);

describe('a shard process that keeps exiting', () => {
  it('is started again at once after a crash, then after a growing pause (1 s, 2 s, … 30 s)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(respawnPauseMs)).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('the manager backs off a shard process that cannot open its store, and stops cleanly', async () => {
    const closed = await freePort();
    const env = {
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_API_URL: discord.apiUrl,
      STORE_URL: `redis://127.0.0.1:${closed}`,
      SHARD_COUNT: '6',
      SHARD_IDS: '0,1',
      STORE_TIMEOUT_MS: '200',
    };
    const bot = spawnBot(env);
    try {
      const exits = (pauseMs: number) => (l: LogLine) =>
        l.msg === 'shard process exited; starting it again' && l.shardId === 0 && l.pauseMs === pauseMs;
      await bot.waitForLog(exits(0));
      await bot.waitForLog(exits(1000));
      expect(bot.text.join('\n')).toMatch(/Storage error: could not open the store at redis:/);
    } finally {
      expect(await bot.stop()).toBe(0);
    }
  }, 60_000);
});
