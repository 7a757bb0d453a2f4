// /hero records on every real backend (SQLite file, Redis, PostgreSQL): the v1 -> v2 migration on
// read and write, concurrent commands of one user, and two bot processes sharing the store.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { heroKey } from '../../src/heroes/repo.ts';
import { HERO_SCHEMA_VERSION } from '../../src/heroes/schema.ts';
import { createHarness } from '../helpers/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-heroes-backends-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BACKENDS = [
  { name: 'SQLite', url: () => `sqlite://${join(dir, 'heroes.sqlite')}` },
  { name: 'Redis', url: () => inject('redisUrl') },
  { name: 'PostgreSQL', url: () => inject('postgresUrl') },
];

type HeroResult = {
  hero: { nutrition: number; turn: number; name: string; leftRing: { label: string } | null };
  error?: { code: string };
};
const res = (r: { result: unknown }) => r.result as HeroResult;

/** N concurrent `/hero wait turns:1` from a separate OS process (a second bot). */
function otherProcessWaits(url: string, userId: string, n: number): Promise<void> {
  const script = `
    import { createHarness } from ${JSON.stringify(resolve('test/helpers/harness.ts'))};
    const h = await createHarness({ storeUrl: ${JSON.stringify(url)} });
    const user = { id: ${JSON.stringify(userId)}, name: 'mp' };
    const rs = await Promise.all(Array.from({ length: ${n} }, () => h.ask('/hero wait turns:1', user)));
    const bad = rs.find((r) => r.ephemeral);
    if (bad) { console.error(JSON.stringify(bad.result)); process.exit(1); }
    await h.close();
  `;
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(err))));
  });
}

for (const backend of BACKENDS) {
  describe(`/hero on ${backend.name}`, () => {
    it('migrates a version 1 record on read (changing nothing) and writes version 2 on the next change', async () => {
      const h = await createHarness({ storeUrl: backend.url() });
      const user = { id: `v1-${backend.name}`, name: 'old' };
      await h.store.set(heroKey(user.id), {
        schemaVersion: 1,
        userId: user.id,
        hero: { name: 'Old', nutrition: 700, turn: 50, rings: ['ring of hunger'] },
      });
      const shown = res(await h.ask('/hero show chart:false', user));
      expect(shown.hero).toMatchObject({
        name: 'Old',
        nutrition: 700,
        turn: 50,
        leftRing: { label: 'ring of hunger' },
      });
      expect(((await h.store.get(heroKey(user.id))) as { schemaVersion: number }).schemaVersion).toBe(1);
      await h.ask('/hero wait turns:1', user);
      expect(((await h.store.get(heroKey(user.id))) as { schemaVersion: number }).schemaVersion).toBe(
        HERO_SCHEMA_VERSION,
      );
      await h.close();
    });

    it('200 concurrent /hero wait turns:1 advance the hero by exactly 200 turns', async () => {
      const h = await createHarness({ storeUrl: backend.url() });
      const user = { id: `race-b-${backend.name}`, name: 'racer' };
      await h.ask('/hero new name:Racer', user);
      const replies = await Promise.all(Array.from({ length: 200 }, () => h.ask('/hero wait turns:1', user)));
      expect(replies.filter((r) => r.ephemeral).map((r) => r.result)).toEqual([]);
      const final = res(await h.ask('/hero show chart:false', user)).hero;
      // A plain hero burns 1 per turn (src/eat.c gethungry()).
      expect(final).toMatchObject({ turn: 201, nutrition: 900 - 200 });
      await h.close();
    }, 60_000);

    it('two bot processes: 2 x 60 concurrent waits advance the hero by exactly 120', async () => {
      const h = await createHarness({ storeUrl: backend.url() });
      const userId = `mp-${backend.name}`;
      await h.ask('/hero new name:Shared', { id: userId, name: 'mp' });
      await Promise.all([otherProcessWaits(backend.url(), userId, 60), otherProcessWaits(backend.url(), userId, 60)]);
      const final = res(await h.ask('/hero show chart:false', { id: userId, name: 'mp' })).hero;
      expect(final).toMatchObject({ turn: 121, nutrition: 900 - 120 });
      await h.close();
    }, 120_000);
  });
}
