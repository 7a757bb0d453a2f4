// Interactions per second of one bot process, and what that means for 10k, 100k and 1M servers.
// One compiled HTTP endpoint process (`node dist/main.js`, as `npm start` runs it) per store:
// memory:// (no store cost: the baseline), Redis and PostgreSQL (real servers started here, as the
// tests start them). A crowd of 1,000 users at concurrency 64 sends validly signed interactions:
// `/hero wait turns:1` alone (a store write each), and a stated mix (60% /nethack status, 10%
// /nethack forecast, 30% /hero wait). Short runs, interleaved store by store, after a warm-up.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPostgres, startRedis, type TestServer } from '../test/helpers/servers.ts';
import { check, ratio, stats, type BenchResult, type Row, type Target } from './lib.ts';
import {
  botArgs,
  commandInteraction,
  ensureCompiled,
  FAKE_TOKEN,
  freePort,
  keyPair,
  signedRequest,
  startNode,
  type Child,
  type SignedRequest,
} from './proc.ts';

export const title = 'Interactions per second per process, and processes for 10k / 100k / 1M servers';

const USERS = 1000;
const CONCURRENCY = 64;
const ROUNDS = 3;
const RUN_MS = 1_500;
const WARMUP_MS = 700;
/** The stated workload per server: commands in its busiest hour (peak 5x an average of 1 an hour). */
const PEAK_COMMANDS_PER_SERVER_HOUR = 5;
/** Processes run at half their measured rate at peak (headroom for bursts, deploys, a lost replica). */
const HEADROOM = 0.5;
/** Discord's recommendation is about 1,000 servers per shard (2,500 at most). */
const SERVERS_PER_SHARD = 1000;

type Kind = 'status' | 'forecast' | 'wait';
const MIX: Kind[] = [...Array<Kind>(6).fill('status'), 'forecast', ...Array<Kind>(3).fill('wait')];

function interaction(n: number, kind: Kind, privateKey: Parameters<typeof signedRequest>[0]): SignedRequest {
  if (kind === 'wait') return signedRequest(privateKey, commandInteraction(n, 'hero', 'wait', { turns: 1 }));
  if (kind === 'forecast')
    return signedRequest(
      privateKey,
      commandInteraction(n, 'nethack', 'forecast', { nutrition: 100 + ((n * 37) % 1900), turn: 1 }),
    );
  return signedRequest(privateKey, commandInteraction(n, 'nethack', 'status', { nutrition: ((n * 37) % 2200) - 200 }));
}

interface Load {
  answered: number;
  refused: number;
}

/** `CONCURRENCY` clients for `ms`, each sending the next request when the previous is answered. */
async function drive(port: number, next: () => SignedRequest, ms: number, edits: { count: number }): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const load: Load = { answered: 0, refused: 0 };
  const editsBefore = edits.count;
  let deferred = 0;
  const until = performance.now() + ms;
  const one = (r: SignedRequest) =>
    new Promise<string>((resolve, reject) => {
      const options = { host: '127.0.0.1', port, path: '/interactions', method: 'POST', headers: r.headers, agent };
      const req = request(options, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`HTTP ${res.statusCode}: ${body}`)),
        );
      });
      req.on('error', reject);
      req.end(r.body);
    });
  const client = async () => {
    while (performance.now() < until) {
      const reply = JSON.parse(await one(next())) as { type: number; data?: { flags?: number } };
      if (reply.type === 5) deferred++;
      else if ((reply.data?.flags ?? 0) & 64) load.refused++;
      else load.answered++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  agent.destroy();
  load.answered += edits.count - editsBefore;
  const settle = performance.now() + 15_000;
  while (edits.count - editsBefore < deferred && performance.now() < settle)
    await new Promise((r) => setTimeout(r, 50));
  return load;
}

/** One `/hero new` per user, 64 at a time. */
async function createHeroes(port: number, make: (user: number) => SignedRequest): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = (r: SignedRequest) =>
    new Promise<void>((resolve, reject) => {
      const options = { host: '127.0.0.1', port, path: '/interactions', method: 'POST', headers: r.headers, agent };
      const req = request(options, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(r.body);
    });
  for (let u = 0; u < USERS; u += CONCURRENCY)
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, USERS - u) }, (_, i) => post(make(u + i))));
  agent.destroy();
}

async function webhookStub(): Promise<{ server: Server; url: string; edits: { count: number } }> {
  const edits = { count: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      edits.count++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, edits };
}

interface StoreUnderTest {
  name: string;
  url: string;
  server?: TestServer;
}

async function stores(): Promise<{ list: StoreUnderTest[]; skipped: string[] }> {
  const list: StoreUnderTest[] = [{ name: 'memory:// (no store cost)', url: 'memory://' }];
  const skipped: string[] = [];
  for (const [name, start] of [
    ['Redis (loopback)', () => startRedis()],
    ['PostgreSQL (loopback)', () => startPostgres()],
  ] as const) {
    try {
      const server = await start();
      list.push({ name, url: server.url, server });
    } catch (err) {
      skipped.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { list, skipped };
}

export async function run(): Promise<BenchResult> {
  await ensureCompiled();
  const { privateKey, publicHex } = keyPair();
  const stub = await webhookStub();
  const { list, skipped } = await stores();
  const bots: { store: StoreUnderTest; port: number; child: Child }[] = [];
  try {
    for (const store of list) {
      const port = await freePort();
      const child = await startNode(
        botArgs(),
        {
          DISCORD_TOKEN: FAKE_TOKEN,
          DISCORD_PUBLIC_KEY: publicHex,
          HTTP_PORT: String(port),
          DISCORD_API_URL: stub.url,
          STORE_URL: store.url,
          LOG_LEVEL: 'info',
          RATE_LIMIT_PER_MINUTE: '100000',
          RATE_LIMIT_BURST: '10000',
          USER_MAX_IN_FLIGHT: '1000',
          MAX_IN_FLIGHT: '100000',
        },
        /endpoint listening/,
      );
      bots.push({ store, port, child });
    }
    let n = 0;
    // Every user has a hero (created through the endpoint, so the memory:// process has them too).
    const hero = (u: number) => commandInteraction(++n * USERS + u, 'hero', 'new', { name: 'Bench' });
    for (const b of bots) await createHeroes(b.port, (u) => signedRequest(privateKey, hero(u)));
    n = 10 * USERS * USERS; // past every id the creations used: no id is sent twice
    const workloads: Record<'wait' | 'mix', () => SignedRequest> = {
      wait: () => interaction(++n, 'wait', privateKey),
      mix: () => {
        ++n;
        return interaction(n, MIX[n % MIX.length]!, privateKey);
      },
    };
    const results = new Map<string, number[]>();
    for (const b of bots) for (const w of Object.values(workloads)) await drive(b.port, w, WARMUP_MS, stub.edits);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [w, next] of Object.entries(workloads)) {
        for (let j = 0; j < bots.length; j++) {
          const b = bots[(j + round) % bots.length]!;
          const load = await drive(b.port, next, RUN_MS, stub.edits);
          const key = `${b.store.name}|${w}`;
          results.set(key, [...(results.get(key) ?? []), (load.answered * 1000) / RUN_MS]);
        }
      }
    }
    return summarize(bots, results, skipped);
  } finally {
    for (const b of bots) await b.child.stop();
    for (const s of list) await s.server?.stop();
    await new Promise((r) => stub.server.close(r));
  }
}

function summarize(
  bots: { store: StoreUnderTest; child: Child }[],
  results: Map<string, number[]>,
  skipped: string[],
): BenchResult {
  const rps = (store: string, w: string) => stats(results.get(`${store}|${w}`) ?? []).p50;
  const base = bots[0]!.store.name;
  const rows: Row[] = bots.map(({ store, child }) => ({
    store: store.name,
    'hero wait/s': Math.round(rps(store.name, 'wait')),
    'mix/s': Math.round(rps(store.name, 'mix')),
    vs_memory: ratio(rps(store.name, 'mix'), rps(base, 'mix')),
    'RSS MiB after': Math.round(child.rssMiB() ?? 0),
  }));
  // Sizing from the slowest shared store measured (the one an operator with replicas must use).
  const shared = bots.filter((b) => b.store.server).map((b) => rps(b.store.name, 'mix'));
  const perProcess = shared.length ? Math.min(...shared) : rps(base, 'mix');
  for (const servers of [10_000, 100_000, 1_000_000]) {
    const peak = (servers * PEAK_COMMANDS_PER_SERVER_HOUR) / 3600;
    rows.push({
      store: `${servers.toLocaleString('en-US')} servers`,
      'peak interactions/s': Math.round(peak * 10) / 10,
      'HTTP processes': Math.max(1, Math.ceil(peak / (perProcess * HEADROOM))),
      'gateway shards (processes)': Math.ceil(servers / SERVERS_PER_SHARD),
    });
  }
  const targets: Target[] = bots
    .filter((b) => b.store.server)
    .map((b) => {
      const r = rps(b.store.name, 'mix') / rps(base, 'mix');
      return check(`mix on ${b.store.name} >= 0.5x the mix on memory://`, `${r.toFixed(2)}x`, r >= 0.5);
    });
  return {
    rows,
    targets,
    notes: [
      `One process per store, ${USERS} users at concurrency ${CONCURRENCY}; each cell the median of ${ROUNDS} ` +
        `runs of ${RUN_MS} ms, interleaved store by store. The mix: 60% /nethack status, 10% /nethack forecast, ` +
        '30% /hero wait ' +
        '(answers counted: immediate replies, and deferred ones whose edit came back). The load generator and the ' +
        "store share the machine's cores with the bot.",
      `Sizing: ${PEAK_COMMANDS_PER_SERVER_HOUR} commands per server in its busiest hour (5x an average of one an ` +
        `hour), every server's busy hour at once (the worst case); each HTTP process at ${HEADROOM * 100}% of the ` +
        `mix rate on the slowest shared store (${Math.round(perProcess)}/s); gateway shards at ` +
        `${SERVERS_PER_SHARD.toLocaleString('en-US')} servers each, one process per shard.`,
      ...skipped.map((s) => `Skipped ${s}`),
    ],
  };
}
