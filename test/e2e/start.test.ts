// `npm start` runs compiled JavaScript: scripts/start.mjs compiles src/ to dist/ when a source
// changed (and only then), then runs dist/main.js, whose worker pool runs dist/worker.js. Driven
// here as a script drives it, from another folder, with charts (rendered on the pool) and a long
// `ask --json` batch read through a socket pair (spawn's pipes). `npm start -- ask` itself runs
// scripts/start.sh, which answers from the start-up snapshot built with dist/: the same bytes as
// dist/main.js, and never from a stale snapshot.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crawlForecast } from '../../src/engine/crawl/index.ts';
import { defaultProfile, forecast } from '../../src/engine/nethack/index.ts';
import { nethackStatus } from '../../src/engine/nethack/status.ts';
import { Worker } from 'node:worker_threads';
import { START_FLAGS } from '../../bench/proc.ts';
import { runLaneWalk } from '../../src/engine/nethack/pairWalk.ts';
import { WorkerLaneHelper } from '../../src/runtime/laneHelper.ts';
import { differences, limitOf, model, SD, seed } from '../engine/nethack/walk-compare.ts';

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

  it("the compiled pool's lane helper (dist/laneWorker.js) runs a walk for its worker", async () => {
    expect((await start(['ask', '/help'])).code).toBe(0); // dist/ up to date
    const helper = new WorkerLaneHelper({
      cores: 2,
      spawn: (workerData, transferList) => new Worker(resolve('dist/laneWorker.js'), { workerData, transferList }),
    });
    try {
      expect(await helper.start()).toBe(true);
      const m = model(SD, 1);
      const job = { model: m, limit: limitOf(3), seed: seed(0, [0.9, 0.1], 10), seedIteration: 1 };
      const claim = helper.offer(job);
      expect(claim).not.toBeNull();
      await new Promise((r) => setTimeout(r, 50)); // taken and done by then: take() reads the result
      const result = claim!.take();
      expect(helper.counts.helped).toBe(1);
      const out: string[] = [];
      differences(result, runLaneWalk(job.model, job.limit, job.seed, 1), 'lane', out);
      expect(out).toEqual([]);
    } finally {
      await helper.stop();
    }
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

/** The environment npm gives a script: its own node and its user agent (scripts/start.sh reads both). */
function npmEnv(nodePath = process.execPath, version = process.version): Record<string, string> {
  return {
    npm_node_execpath: nodePath,
    npm_config_user_agent: `npm/10.8.2 node/${version} ${process.platform} ${process.arch} workspaces/false`,
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `cmd args` from the temporary folder, as start() runs the bot, with `extra` in its environment. */
function run(cmd: string, args: string[], extra: Record<string, string> = {}, input = ''): Promise<Run> {
  return new Promise((res) => {
    const child = spawn(cmd, args, {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        STORE_URL: `sqlite://${join(dir, 'snapshot.sqlite')}`,
        FILE_DIR: join(dir, 'files'),
        ...extra,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('close', (code) => res({ code, stdout, stderr }));
    child.stdin.on('error', () => {}); // a process that exits without reading its input (EPIPE)
    child.stdin.end(input);
  });
}

/** What `npm start -- …` runs: scripts/start.sh under npm's environment. */
const npmStart = (args: string[], input = '') => run('sh', [resolve('scripts/start.sh'), ...args], npmEnv(), input);
const bare = (args: string[], input = '') => run(process.execPath, [resolve('dist/main.js'), ...args], {}, input);
const record = () => JSON.parse(readFileSync(resolve('dist/build.json'), 'utf8')) as { id: string; snapshot: string };

describe('npm start -- ask from the start-up snapshot', () => {
  it('scripts/start.sh runs the snapshot for ask under npm, and scripts/start.mjs otherwise', async () => {
    expect((await start(['ask', '/help'])).code).toBe(0); // dist/ and the snapshot built
    const blob = record().snapshot;
    expect(blob).toBe(`snapshot-${process.version}-${process.platform}-${process.arch}.blob`);
    expect(existsSync(resolve('dist', blob))).toBe(true);
    // A stand-in for node that prints what it was asked to run.
    const echo = join(dir, 'echo-node');
    writeFileSync(echo, '#!/bin/sh\nprintf "%s\\n" "$@"\n');
    chmodSync(echo, 0o755);
    const argsOf = async (args: string[], env: Record<string, string>) =>
      (await run('sh', [resolve('scripts/start.sh'), ...args], env)).stdout.trim().split('\n');
    const root = `${resolve('scripts')}/..`; // as npm runs it: sh scripts/start.sh, from the package's folder
    const flags = START_FLAGS;
    expect(await argsOf(['ask', '/help'], npmEnv(echo))).toEqual([
      ...flags,
      '--snapshot-blob',
      `${root}/dist/${blob}`,
      root,
      'ask',
      '/help',
    ]);
    const plain = (...args: string[]) => [...flags, `${root}/scripts/start.mjs`, ...args];
    expect(await argsOf(['console'], npmEnv(echo))).toEqual(plain('console'));
    expect(await argsOf(['ask', '/help'], npmEnv(echo, 'v99.0.0'))).toEqual(plain('ask', '/help')); // no such blob
    expect(await argsOf(['ask', '/help'], { npm_node_execpath: echo })).toEqual(plain('ask', '/help')); // not npm
    // V8 flags that the snapshot was not built with: Node.js would refuse it.
    const withOptions = { ...npmEnv(echo), NODE_OPTIONS: '--max-old-space-size=512' };
    expect(await argsOf(['ask', '/help'], withOptions)).toEqual(plain('ask', '/help'));
    const script = resolve('scripts/start.sh');
    const { atimeMs, mtimeMs } = statSync(script); // put back exactly (seconds, fractional): no rebuild after
    const blobTime = statSync(resolve('dist', blob)).mtimeMs;
    try {
      utimesSync(script, atimeMs / 1000, (blobTime + 1_000) / 1000); // NODE_FLAGS edited since the build
      expect(await argsOf(['ask', '/help'], npmEnv(echo))).toEqual(plain('ask', '/help'));
    } finally {
      utimesSync(script, atimeMs / 1000, mtimeMs / 1000);
    }
  }, 120_000);

  it('answers byte for byte as node dist/main.js does: text, --json, the worker pool, errors, a batch', async () => {
    const lines = [
      ['/nethack status nutrition:150'],
      ['--json', '/nethack status nutrition:150'],
      ['--json', '/nethack forecast nutrition:900 turn:5 after:300'],
      ['--json', '/nethack forecast nutrition:2000 version:5.0 slow_digestion:true'],
      ['/crawl forecast value:9000 species:Troll'],
      ['--json', '/nethack status nutrition:abc'],
      ['how hungry is a nethack hero at 40 nutrition'],
    ];
    for (const line of lines) {
      const [viaSnapshot, direct] = [await npmStart(['ask', ...line]), await bare(['ask', ...line])];
      expect(viaSnapshot, line.join(' ')).toEqual(direct);
    }
    const batch = '/nethack status nutrition:10\n/help\n/crawl status value:1000\n/nethack forecast nutrition:600\n';
    const [viaSnapshot, direct] = [await npmStart(['ask', '--json'], batch), await bare(['ask', '--json'], batch)];
    expect(viaSnapshot.stdout.trim().split('\n')).toHaveLength(4);
    expect(viaSnapshot).toEqual(direct);
  }, 120_000);

  it('a changed source: the snapshot hands over, dist/ and the snapshot are rebuilt, then it answers', async () => {
    const line = ['ask', '--json', '/nethack status nutrition:40'];
    const before = await npmStart(line);
    expect(before.stderr).toBe('');
    const { id, snapshot } = record();
    const blobTime = statSync(resolve('dist', snapshot)).mtimeMs;
    const later = new Date(Date.now() + 4_000);
    utimesSync(resolve('commands/help.ts'), later, later);
    const stale = await npmStart(line);
    expect(stale.stderr).toMatch(/compiled \d+ files to dist\/ in \d+ ms \(commands\/help\.ts changed\)/);
    expect(stale.stdout).toBe(before.stdout);
    expect(record().id).not.toBe(id);
    expect(statSync(resolve('dist', snapshot)).mtimeMs).not.toBe(blobTime);
    const after = await npmStart(line);
    expect(after).toEqual(before); // from the new snapshot: no rebuild
  }, 120_000);
});
