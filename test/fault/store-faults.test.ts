// The store paused (SIGSTOP), killed and restarted under load, on Redis and PostgreSQL servers of
// this file's own. Every reply comes within its deadline and says what happened; no acknowledged
// update is lost; a "nothing was changed" reply never hides a change; a write the bot gave up on
// never lands later (the fence); the bot recovers without a restart.
import { afterAll, describe, expect, it } from 'vitest';
import { StoreTimeoutError } from '../../src/store/store.ts';
import { figures } from '../helpers/figures.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { startPostgres, startRedis, type TestServer } from '../helpers/servers.ts';

const TIMEOUT_MS = 1000;
/** A reply may take a read and a write timeout, plus scheduling. */
const REPLY_DEADLINE_MS = 2 * TIMEOUT_MS + 1000;
const USERS = 8;
const fig = figures(import.meta.url);
afterAll(() => fig.save());

type Outcome = { kind: 'ack'; turn: number } | { kind: 'slow' | 'unconfirmed' | 'unavailable' | 'other'; code: string };

const SERVERS: { name: string; start: () => Promise<TestServer> }[] = [
  { name: 'Redis', start: () => startRedis({ appendonly: true }) },
  { name: 'PostgreSQL', start: () => startPostgres() },
];

/** Each user sends `/hero wait turns:1` back to back until `stop()`; every reply is classified and timed. */
function load(h: Harness, users: { id: string; name: string }[]) {
  let running = true;
  const outcomes = new Map<string, Outcome[]>(users.map((u) => [u.id, []]));
  let slowest = 0;
  const loops = users.map(async (u) => {
    while (running) {
      const started = Date.now();
      const r = await h.ask('/hero wait turns:1', u);
      const ms = Date.now() - started;
      slowest = Math.max(slowest, ms);
      if (ms > REPLY_DEADLINE_MS) fig.add('requests past their deadline');
      const err = (r.result as { error?: { code: string } }).error;
      const o: Outcome = !err
        ? { kind: 'ack', turn: (r.result as { hero: { turn: number } }).hero.turn }
        : err.code === 'storage_slow'
          ? { kind: 'slow', code: err.code }
          : err.code === 'storage_unconfirmed'
            ? { kind: 'unconfirmed', code: err.code }
            : err.code === 'storage_unavailable'
              ? { kind: 'unavailable', code: err.code }
              : { kind: 'other', code: err.code };
      outcomes.get(u.id)!.push(o);
      if (o.kind !== 'ack') await new Promise((res) => setTimeout(res, 50));
    }
  });
  return {
    outcomes,
    slowest: () => slowest,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * For each user: stored turn - 1 (the turns applied) against the replies. Acknowledged ones must
 * all be there; beyond them, only writes reported as unconfirmed may have landed (never one
 * reported as "nothing was changed" or "unavailable").
 */
async function checkLedger(h: Harness, users: { id: string; name: string }[], outcomes: Map<string, Outcome[]>) {
  for (const u of users) {
    const list = outcomes.get(u.id)!;
    const acked = list.filter((o) => o.kind === 'ack').length;
    const unconfirmed = list.filter((o) => o.kind === 'unconfirmed').length;
    const r = await h.ask('/hero show chart:false', u);
    const applied = (r.result as { hero: { turn: number } }).hero.turn - 1;
    fig.add('acknowledged updates', acked);
    fig.add('acknowledged updates lost', Math.max(0, acked - applied));
    expect(list.filter((o) => o.kind === 'other')).toEqual([]);
    expect(applied).toBeGreaterThanOrEqual(acked);
    expect(applied).toBeLessThanOrEqual(acked + unconfirmed);
    // Each acknowledgement reported the turn it left the hero at: strictly increasing.
    const turns = list.flatMap((o) => (o.kind === 'ack' ? [o.turn] : []));
    expect(turns).toEqual([...turns].sort((a, b) => a - b));
  }
}

for (const { name, start } of SERVERS) {
  describe(`${name} paused, killed and restarted under load`, () => {
    it('paused 2.5 s: "slow" replies within the deadline, nothing acknowledged lost, recovers', async () => {
      const server = await start();
      let h: Harness | undefined;
      try {
        h = await createHarness({ storeUrl: server.url, storeTimeoutMs: TIMEOUT_MS });
        const users = Array.from({ length: USERS }, (_, i) => ({ id: `pause-${name}-${i}`, name: 'p' }));
        for (const u of users) await h.ask('/hero new name:Load', u);
        const run = load(h, users);
        await new Promise((r) => setTimeout(r, 800));
        server.pause();
        fig.add('faults injected');
        await new Promise((r) => setTimeout(r, 2500));
        server.resume();
        await new Promise((r) => setTimeout(r, 1500));
        await run.stop();
        const all = [...run.outcomes.values()].flat();
        expect(all.filter((o) => o.kind === 'slow' || o.kind === 'unconfirmed').length).toBeGreaterThan(0);
        // Recovered: the last replies of every user are acknowledgements again.
        for (const list of run.outcomes.values()) expect(list.at(-1)?.kind).toBe('ack');
        expect(run.slowest()).toBeLessThanOrEqual(REPLY_DEADLINE_MS);
        await checkLedger(h, users, run.outcomes);
      } finally {
        server.resume();
        await h?.close();
        await server.stop();
      }
    }, 60_000);

    it('a write sent just before the pause is fenced: reported unconfirmed, and it never lands after', async () => {
      const server = await start();
      let h: Harness | undefined;
      try {
        h = await createHarness({ storeUrl: server.url, storeTimeoutMs: TIMEOUT_MS });
        await h.store.set('fence', { n: 1 });
        const err = await h.store
          .update('fence', (cur) => {
            server.pause(); // between our read and our write
            return { value: { n: (cur as { n: number }).n + 1 }, result: null };
          })
          .then(
            () => null,
            (e: unknown) => e,
          );
        fig.add('faults injected');
        expect(err, String(err)).toBeInstanceOf(StoreTimeoutError);
        expect((err as StoreTimeoutError).written, String(err)).toBe(true);
        await new Promise((r) => setTimeout(r, TIMEOUT_MS));
        server.resume(); // the queued write now reaches the store, past its fence
        await new Promise((r) => setTimeout(r, 300));
        expect(await h.store.get('fence')).toEqual({ n: 1 });
        await h.store.update('fence', (cur) => ({ value: { n: (cur as { n: number }).n + 1 }, result: null }));
        expect(await h.store.get('fence')).toEqual({ n: 2 });
      } finally {
        server.resume();
        await h?.close();
        await server.stop();
      }
    }, 30_000);

    it('killed mid-run: "unavailable" at once, nothing acknowledged lost, back without a restart', async () => {
      const server = await start();
      let h: Harness | undefined;
      try {
        h = await createHarness({ storeUrl: server.url, storeTimeoutMs: TIMEOUT_MS });
        const users = Array.from({ length: USERS }, (_, i) => ({ id: `kill-${name}-${i}`, name: 'k' }));
        for (const u of users) await h.ask('/hero new name:Load', u);
        const run = load(h, users);
        await new Promise((r) => setTimeout(r, 800));
        await server.kill();
        fig.add('faults injected');
        await new Promise((r) => setTimeout(r, 1500));
        await server.restart();
        // The same store object reconnects by itself.
        const back = Date.now();
        await new Promise((r) => setTimeout(r, 4000));
        await run.stop();
        const all = [...run.outcomes.values()].flat();
        expect(all.some((o) => o.kind === 'unavailable' || o.kind === 'slow' || o.kind === 'unconfirmed')).toBe(true);
        for (const list of run.outcomes.values()) expect(list.at(-1)?.kind).toBe('ack');
        expect(Date.now() - back).toBeLessThan(10_000);
        expect(run.slowest()).toBeLessThanOrEqual(REPLY_DEADLINE_MS);
        await checkLedger(h, users, run.outcomes);
      } finally {
        await h?.close();
        await server.stop();
      }
    }, 60_000);
  });
}
