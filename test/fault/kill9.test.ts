// kill -9 of bot processes in the middle of writes, on SQLite, Redis and PostgreSQL: several real
// bot processes (`ask --json`, the public batch interface) apply `/hero wait turns:1` to one hero
// and are killed at random moments. Every acknowledged update must be stored (acknowledged <=
// stored), nothing else may appear (stored <= acknowledged + what was in flight), and SQLite's
// integrity check must pass after every round.
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
  sent: number;
  exited: Promise<void>;
}

/** A bot process reading `/hero wait turns:1` lines (as the console user); counts the acknowledgements it prints. */
function startBot(url: string): Bot {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/main.ts'), 'ask', '--json'], {
    env: { PATH: process.env.PATH ?? '', STORE_URL: url, FILE_DIR: join(dir, 'files') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const bot: Bot = { child, acked: 0, sent: 0, exited: new Promise((r) => child.once('exit', () => r())) };
  child.stdin.on('error', () => {});
  child.stderr.resume();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reply = JSON.parse(line) as { result: { hero?: { turn: number }; error?: unknown } };
    if (reply.result.hero && !reply.result.error) bot.acked++;
  });
  // Enough work to be busy until killed; the batch reads it as fast as it answers.
  const lines = '/hero wait turns:1\n'.repeat(2000);
  bot.sent = 2000;
  child.stdin.write(lines);
  return bot;
}

for (const backend of BACKENDS) {
  describe(`kill -9 of bot processes writing to ${backend.name}`, () => {
    it(`${ROUNDS} rounds of ${PROCESSES} processes killed at random moments: no acknowledged update lost`, async () => {
      // The batch interface acts as the console user.
      const h = await createHarness({ storeUrl: backend.url() });
      await h.store.delete(heroKey(CONSOLE_USER.id));
      await h.ask('/hero new name:Target');
      const turn = async () => ((await h.ask('/hero show chart:false')).result as { hero: { turn: number } }).hero.turn;
      let before = await turn();
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const bots = Array.from({ length: PROCESSES }, () => startBot(backend.url()));
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
          const after = await turn();
          const applied = after - before;
          const acked = bots.reduce((n, b) => n + b.acked, 0);
          fig.add('acknowledged updates', acked);
          fig.add('acknowledged updates lost', Math.max(0, acked - applied));
          expect(acked).toBeGreaterThan(0);
          expect(applied).toBeGreaterThanOrEqual(acked);
          // At most the one being applied plus one answer not yet written, per process.
          expect(applied).toBeLessThanOrEqual(acked + 2 * PROCESSES);
          if (backend.name === 'SQLite') expect(await sqliteIntegrity(backend.url())).toBe('ok');
          before = after;
        }
      } finally {
        await h.close();
      }
    }, 180_000);
  });
}
