// `npm start` runs compiled JavaScript: scripts/start.mjs compiles src/ to dist/ when a source
// changed (and only then), then runs dist/main.js, whose worker pool runs dist/worker.js. Driven
// here as a script drives it, from another folder, with charts (rendered on the pool) and a long
// `ask --json` batch read through a socket pair (spawn's pipes).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crawlForecast } from '../../src/engine/crawl/index.ts';
import { defaultProfile, forecast } from '../../src/engine/nethack/index.ts';
import { nethackStatus } from '../../src/engine/nethack/status.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [resolve('scripts/start.mjs'), ...args], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        STORE_URL: `sqlite://${join(dir, 'start.sqlite')}`,
        FILE_DIR: join(dir, 'files'),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('close', (code) => res({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('npm start (compiled)', () => {
  it('builds dist/ when stale, then only when a source changes, and answers from it', async () => {
    const first = await start(['ask', '--json', '/nethack status nutrition:150']);
    expect(first.code).toBe(0);
    expect(existsSync(resolve('dist/main.js')) && existsSync(resolve('dist/worker.js'))).toBe(true);
    expect(JSON.parse(first.stdout).result.status).toBe('Hungry');
    const second = await start(['ask', '--json', '/nethack status nutrition:150']);
    expect(second.stderr).not.toMatch(/compiled/); // up to date: no rebuild
    expect(second.stdout).toBe(first.stdout);
    // A source file touched since the build (its modification time is enough): rebuilt, once.
    const later = new Date(Date.now() + 2_000);
    utimesSync(resolve('src/log.ts'), later, later);
    const third = await start(['ask', '--json', '/nethack status nutrition:150']);
    expect(third.stderr).toMatch(/compiled \d+ files to dist\/ in \d+ ms \(src\/log\.ts changed\)/);
    expect(third.stdout).toBe(first.stdout);
    expect((await start(['ask', '--json', '/nethack status nutrition:150'])).stderr).not.toMatch(/compiled/);
  }, 60_000);

  it('forecasts and charts on the compiled worker pool, the same numbers as the engine', async () => {
    const { code, stdout } = await start([
      'ask',
      '--json',
      '/nethack forecast nutrition:900 turn:5 after:300 chart:true',
    ]);
    expect(code).toBe(0);
    const reply = JSON.parse(stdout) as { result: Record<string, unknown>; files: { name: string; path: string }[] };
    const direct = forecast({
      nutrition: 900,
      moves: 5,
      profile: defaultProfile('3.6.7'),
      attacksPerTurn: 0,
      con: 18,
      after: 300,
    });
    expect(reply.result.milestones).toEqual(direct.milestones);
    expect(reply.result.after).toEqual(direct.after);
    expect(readFileSync(reply.files[0]!.path).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    const crawl = await start(['ask', '--json', '/crawl forecast value:9000 species:Troll chart:true']);
    const c = JSON.parse(crawl.stdout) as { result: Record<string, unknown>; files: { path: string }[] };
    expect(c.result.milestones).toEqual(crawlForecast('0.13', { value: 9000, hero: { species: 'Troll' } }).milestones);
    expect(readFileSync(c.files[0]!.path).length).toBeGreaterThan(1000);
  }, 60_000);

  it('a long batch arrives whole through a socket pair (nothing cut at exit)', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => (i % 2 ? '/help' : `/nethack status nutrition:${i}`));
    const { code, stdout } = await start(['ask', '--json'], lines.join('\n') + '\n');
    expect(code).toBe(0);
    const out = stdout.trim().split('\n');
    expect(out).toHaveLength(400);
    for (const i of [0, 150, 398])
      expect(JSON.parse(out[i]!).result.status).toBe(nethackStatus({ nutrition: i }).status);
    expect(JSON.parse(out[399]!).result.commands).toBeDefined();
  }, 60_000);
});
