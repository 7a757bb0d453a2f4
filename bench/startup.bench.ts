// Cold start and idle memory. Cold start: `npm start -- ask '/nethack status nutrition:150'`,
// the command npm runs for it (scripts/start.sh with npm's environment: the start-up snapshot, which
// checks dist/ and the sources, then answers), the snapshot alone, the path without a snapshot
// (`npm run start:plain`: node scripts/start.mjs, the staleness check, then dist/) and the tsx flow
// (`npm run dev`), each against the bare compiled bundle run by node, interleaved run by run after
// a warm-up of each. Idle memory: resident set of the HTTP and gateway modes (compiled,
// SQLite store as configured by default) once started and idle, next to the bare signature-checking
// server's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDiscord } from '../test/helpers/fakeDiscord.ts';
import { check, ms, ratio, stats, type BenchResult, type Row, type Target } from './lib.ts';
import { snapshotName } from '../scripts/build.mjs';
import {
  botArgs,
  ensureCompiled,
  FAKE_TOKEN,
  freePort,
  keyPair,
  ROOT,
  START_ENV,
  START_FLAGS,
  startNode,
} from './proc.ts';

export const title = 'Cold start and idle memory';

const LINE = '/nethack status nutrition:150';
const RUNS = 7;
/**
 * Resident memory is read 3 s after a server says it is ready and again at 12 s, the idle figure:
 * V8's memory reducer runs about 8 s after start-up's last allocations and gives back what they left.
 */
const FIRST_LOOK_MS = 3_000;
const IDLE_MS = 12_000;
const MB = 1_000_000 / (1024 * 1024); // MiB per MB

function wall(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...START_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.on('close', (code) =>
      code === 0 && out.includes('Hungry')
        ? resolve(performance.now() - t0)
        : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code}\n${out}`)),
    );
  });
}

async function coldStart(dir: string): Promise<{ rows: Row[]; targets: Target[] }> {
  const env = { STORE_URL: `sqlite://${join(dir, 'cold.sqlite')}`, LOG_LEVEL: 'warn' };
  // What npm passes a script: its own node and its user agent, by which scripts/start.sh finds the snapshot.
  const npmEnv = {
    ...env,
    npm_node_execpath: process.execPath,
    npm_config_user_agent: `npm/bench node/${process.version} ${process.platform} ${process.arch} workspaces/false`,
  };
  const runs: { name: string; cmd: string; args: string[]; env?: Record<string, string> }[] = [
    {
      name: 'baseline: node dist/main.js (bare compiled bundle)',
      cmd: process.execPath,
      args: ['dist/main.js', 'ask', LINE],
    },
    { name: 'npm start --silent -- ask …', cmd: 'npm', args: ['start', '--silent', '--', 'ask', LINE] },
    {
      name: 'sh scripts/start.sh ask … (what npm start runs)',
      cmd: 'sh',
      args: ['scripts/start.sh', 'ask', LINE],
      env: npmEnv,
    },
    {
      name: 'node --snapshot-blob dist/snapshot-….blob . ask … (the snapshot alone)',
      cmd: process.execPath,
      args: [...START_FLAGS, '--snapshot-blob', `dist/${snapshotName()}`, '.', 'ask', LINE],
    },
    {
      name: 'npm run start:plain path: node scripts/start.mjs ask … (no snapshot)',
      cmd: process.execPath,
      args: [...START_FLAGS, 'scripts/start.mjs', 'ask', LINE],
    },
    {
      name: 'npm run dev (tsx, TypeScript at run time)',
      cmd: process.execPath,
      args: ['--import', 'tsx', 'src/main.ts', 'ask', LINE],
    },
  ];
  const samples = new Map<string, number[]>(runs.map((r) => [r.name, []]));
  for (const r of runs) await wall(r.cmd, r.args, r.env ?? env); // warm-up: file cache, and dist/ built
  for (let i = 0; i < RUNS; i++) {
    for (let k = 0; k < runs.length; k++) {
      const r = runs[(k + i) % runs.length]!;
      samples.get(r.name)!.push(await wall(r.cmd, r.args, r.env ?? env));
    }
  }
  const base = stats(samples.get(runs[0]!.name)!);
  const rows: Row[] = runs.map((r) => {
    const s = stats(samples.get(r.name)!);
    return {
      case: r.name,
      runs: s.n,
      'median wall ms': ms(s.p50),
      'max wall ms': ms(s.max),
      vs_bare_bundle: ratio(s.p50, base.p50),
    };
  });
  const median = (i: number) => stats(samples.get(runs[i]!.name)!).p50;
  const rel = (i: number) => median(i) / base.p50;
  return {
    rows,
    targets: [
      check(
        'cold start: `npm start -- ask` <= 1.15x the bare compiled bundle',
        `${rel(1).toFixed(2)}x (npm's own start-up is about ${ms(median(1) - median(2))} ms of it)`,
        rel(1) <= 1.15,
      ),
      check(
        'cold start: what npm start runs (scripts/start.sh -> snapshot) <= 1.15x the bare compiled bundle',
        `${rel(2).toFixed(2)}x`,
        rel(2) <= 1.15,
      ),
    ],
  };
}

async function idleRss(dir: string): Promise<{ rows: Row[]; targets: Target[] }> {
  const { publicHex } = keyPair();
  const rows: Row[] = [];
  const targets: Target[] = [];
  const measure = async (name: string, args: string[], env: Record<string, string>, ready: RegExp, target: boolean) => {
    const child = await startNode(args, env, ready);
    try {
      await new Promise((r) => setTimeout(r, FIRST_LOOK_MS));
      const early = child.rssMiB();
      await new Promise((r) => setTimeout(r, IDLE_MS - FIRST_LOOK_MS));
      const mib = child.rssMiB();
      if (mib === null || early === null) {
        rows.push({ case: name, 'idle RSS MiB': 'unavailable (no /proc)' });
        if (target) targets.push(check(`idle RSS of ${name} <= 80 MB`, 'unavailable', null));
        return;
      }
      rows.push({
        case: name,
        [`RSS MB at ${FIRST_LOOK_MS / 1000} s`]: Math.round((early / MB) * 10) / 10,
        'idle RSS MiB': Math.round(mib * 10) / 10,
        'idle RSS MB': Math.round((mib / MB) * 10) / 10,
      });
      if (target)
        targets.push(
          check(`idle RSS of ${name} <= 80 MB`, `${(mib / MB).toFixed(1)} MB (${mib.toFixed(1)} MiB)`, mib / MB <= 80),
        );
    } finally {
      await child.stop();
    }
  };
  await measure(
    'baseline: bare signature-checking node:http server',
    ['bench/servers/ceiling.mjs'],
    { DISCORD_PUBLIC_KEY: publicHex },
    /^\d+\n/m,
    false,
  );
  const store = `sqlite://${join(dir, 'idle.sqlite')}`;
  await measure(
    'HTTP mode (as npm start runs it)',
    botArgs(),
    {
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_PUBLIC_KEY: publicHex,
      HTTP_PORT: String(await freePort()),
      STORE_URL: store,
      LOG_LEVEL: 'info',
    },
    /endpoint listening/,
    true,
  );
  const discord = await startFakeDiscord();
  try {
    await measure(
      'gateway mode (as npm start runs it, discord.js Client)',
      botArgs(),
      { DISCORD_TOKEN: FAKE_TOKEN, DISCORD_API_URL: discord.apiUrl, STORE_URL: store, LOG_LEVEL: 'info' },
      /connected to Discord/,
      true,
    );
  } finally {
    await discord.close();
  }
  return { rows, targets };
}

export async function run(): Promise<BenchResult> {
  await ensureCompiled();
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-startup-'));
  try {
    const cold = await coldStart(dir);
    const idle = await idleRss(dir);
    const base = idle.rows[0]?.['idle RSS MiB'];
    for (const r of idle.rows)
      if (typeof base === 'number' && typeof r['idle RSS MiB'] === 'number')
        r.vs_bare_server = ratio(r['idle RSS MiB'], base);
    return {
      rows: [...cold.rows, ...idle.rows],
      targets: [...cold.targets, ...idle.targets],
      notes: [
        `Cold start: ${RUNS} runs of each, interleaved, medians. ` +
          `Idle RSS: read from /proc ${IDLE_MS / 1000} s after each server said it was ready ` +
          `(and at ${FIRST_LOOK_MS / 1000} s); the bot runs with npm start's Node.js flags: ${START_FLAGS.join(' ')}, ` +
          `and its environment: ${Object.entries(START_ENV)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}.`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
