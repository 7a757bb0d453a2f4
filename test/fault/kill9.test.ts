// kill -9 of bot processes in the middle of writes, on SQLite, Redis and PostgreSQL: several real
// bot processes (`ask --json`, the public batch interface) each apply `/hero wait turns:1` to
// their own hero of one shared record (so they contend on it) and are killed at random moments.
// Per process, the stored turns equal the acknowledged ones, plus at most the one wait in flight
// when it was killed; SQLite's integrity check passes after every round.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { heroKey } from '../../src/heroes/repo.ts';
import { CONSOLE_USER } from '../../src/transport/console.ts';
import { figures } from '../helpers/figures.ts';
import { createHarness } from '../helpers/harness.ts';
import { sqliteIntegrity } from '../helpers/rawStore.ts';

const SOAK = process.env.SOAK === '1';
const ROUNDS = SOAK ? 25 : 2;
const PROCESSES = 3;
const dir = mkdtempSync(join(tmpdir(), 'hungerbot-kill9-'));
const fig = figures(import.meta.url);
afterAll(() => {
  fig.save();
  rmSync(dir, { recursive: true, force: true });
});

const BACKENDS = [
  { name: 'SQLite', url: () => `sqlite://${join(dir, 'kill9.sqlite')}` },
  { name: 'Redis', url: () => inject('redisUrl') },
  { name: 'PostgreSQL', url: () => inject('postgresUrl') },
];

interface Bot {
  child: ChildProcessWithoutNullStreams;
  acked: number;
  exited: Promise<void>;
}

/**
 * A bot process applying `/hero wait turns:1` to its own hero (all heroes share the console
 * user's one record, so the processes contend on it); counts the acknowledgements it prints.
 */
function startBot(url: string, hero: string): Bot {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/main.ts'), 'ask', '--json'], {
    env: { PATH: process.env.PATH ?? '', STORE_URL: url, FILE_DIR: join(dir, 'files') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const bot: Bot = { child, acked: 0, exited: new Promise((r) => child.once('exit', () => r())) };
  child.stdin.on('error', () => {});
  child.stderr.resume();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reply = JSON.parse(line) as { result: { hero?: { turn: number }; error?: unknown } };
    if (reply.result.hero && !reply.result.error) bot.acked++;
  });
  // Enough work to be busy until killed; the batch reads it as fast as it answers.
  child.stdin.write(`/hero wait turns:1 hero:${hero}\n`.repeat(2000));
  return bot;
}

for (const backend of BACKENDS) {
  describe(`kill -9 of bot processes writing to ${backend.name}`, () => {
    it(`${ROUNDS} rounds of ${PROCESSES} processes killed at random moments: acknowledged = stored`, async () => {
      // The batch interface acts as the console user; each process has its own hero in that record.
      const h = await createHarness({ storeUrl: backend.url() });
      await h.store.delete(heroKey(CONSOLE_USER.id));
      const heroes = Array.from({ length: PROCESSES }, (_, p) => `Proc${p}`);
      for (const name of heroes) await h.ask(`/hero new name:${name}`);
      const turnOf = async (name: string) =>
        ((await h.ask(`/hero show chart:false hero:${name}`)).result as { hero: { turn: number } }).hero.turn;
      const before = await Promise.all(heroes.map(turnOf));
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const bots = heroes.map((name) => startBot(backend.url(), name));
          // Wait until each has acknowledged something, then kill each at its own random moment.
          await Promise.all(
            bots.map(async (b) => {
              for (let i = 0; i < 400 && b.acked === 0 && b.child.exitCode === null; i++)
                await new Promise((r) => setTimeout(r, 25));
              await new Promise((r) => setTimeout(r, 50 + Math.random() * 700));
              b.child.kill('SIGKILL');
              fig.add('faults injected');
              await b.exited;
            }),
          );
          for (const [p, b] of bots.entries()) {
            const after = await turnOf(heroes[p]!);
            const applied = after - before[p]!;
            fig.add('acknowledged updates', b.acked);
            fig.add('acknowledged updates lost', Math.max(0, b.acked - applied));
            expect(b.acked).toBeGreaterThan(0);
            // Every acknowledged wait is stored; beyond them only the one in flight when the
            // process was killed may have landed (its answer was never written).
            expect(applied - b.acked).toBeGreaterThanOrEqual(0);
            expect(applied - b.acked).toBeLessThanOrEqual(1);
            before[p] = after;
          }
          if (backend.name === 'SQLite') expect(await sqliteIntegrity(backend.url())).toBe('ok');
        }
      } finally {
        await h.close();
      }
    }, 180_000);
  });
}
