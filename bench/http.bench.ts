// The HTTP interactions endpoint as Discord drives it: validly signed `/nethack status` and
// `/nethack forecast` interactions at concurrency 1, 8 and 64 against the compiled bot
// (`node dist/main.js`, HTTP mode, as `npm start` runs it), and the same load against a bare
// node:http server that only verifies the Ed25519 signature and returns a fixed reply: the
// practical ceiling. Short runs of each, interleaved round by round, after a warm-up of each.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { check, ms, ratio, stats, type BenchResult, type Row, type Target } from './lib.ts';
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

export const title = 'HTTP endpoint: requests/s against a bare signature-checking server';

const CONCURRENCY = [1, 8, 64];
/**
 * Runs of each cell; its figure is their median. Nine, not five: this machine is shared, and with
 * five a single slow stretch (a neighbour's, seconds long) moved a cell's median by up to 0.05x.
 */
const ROUNDS = 9;
const RUN_MS = 1_000;
const WARMUP_MS = 500;

interface Load {
  answered: number;
  deferred: number;
  refused: number;
  latencies: number[];
}

/** `concurrency` clients, each sending its next request as soon as the previous one is answered. */
async function drive(
  port: number,
  next: () => SignedRequest,
  concurrency: number,
  durationMs: number,
  edits: { count: number },
): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const load: Load = { answered: 0, deferred: 0, refused: 0, latencies: [] };
  const editsBefore = edits.count;
  const until = performance.now() + durationMs;
  const one = (r: SignedRequest) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/interactions', method: 'POST', headers: r.headers, agent },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(r.body);
    });
  const client = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await one(next());
      const reply = JSON.parse(res.body) as { type: number; data?: { flags?: number } };
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body}`);
      if (reply.type === 5) load.deferred++;
      else if ((reply.data?.flags ?? 0) & 64)
        load.refused++; // an ephemeral error: busy or too slow
      else {
        load.answered++;
        load.latencies.push(performance.now() - t0);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  // A deferred forecast counts once its edit has come back within the run.
  load.answered += edits.count - editsBefore;
  // Let deferred work finish before the next run, so it never competes with another server's run
  // (the bot's deadline bounds the wait).
  const until2 = performance.now() + 15_000;
  while (edits.count - editsBefore < load.deferred && performance.now() < until2)
    await new Promise((r) => setTimeout(r, 50));
  return load;
}

/** Discord's webhook API for deferred replies: accepts the edits and counts them. */
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

export async function run(): Promise<BenchResult> {
  await ensureCompiled();
  const { privateKey, publicHex } = keyPair();
  const stub = await webhookStub();
  const botPort = await freePort();
  const children: Child[] = [];
  try {
    const ceiling = await startNode(['bench/servers/ceiling.mjs'], { DISCORD_PUBLIC_KEY: publicHex }, /^\d+\n/m);
    children.push(ceiling);
    // LOG_LEVEL info: the endpoint logs one line when it listens, nothing per request.
    // Per-user rate limits (where the endpoint has them) are lifted: the load is a crowd, not one user.
    const limits = {
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_BURST: '10000',
      USER_MAX_IN_FLIGHT: '1000',
      MAX_IN_FLIGHT: '100000',
    };
    const env = {
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_PUBLIC_KEY: publicHex,
      HTTP_PORT: String(botPort),
      DISCORD_API_URL: stub.url,
      STORE_URL: 'memory://',
      LOG_LEVEL: 'info',
      ...limits,
    };
    const bot = await startNode(botArgs(), env, /endpoint listening/);
    children.push(bot);
    const ceilingPort = Number(/^(\d+)$/m.exec(ceiling.output())![1]);
    // Every request is a new interaction (its own id, signed now), as Discord sends them: an
    // endpoint may refuse a replayed id. Signing costs the load generator the same for every server.
    let n = 0;
    const status = () =>
      signedRequest(privateKey, commandInteraction(++n, 'nethack', 'status', { nutrition: ((n * 37) % 2200) - 200 }));
    const forecast = () =>
      signedRequest(
        privateKey,
        commandInteraction(++n, 'nethack', 'forecast', { nutrition: 100 + ((n * 37) % 1900), turn: 1 + (n % 1000) }),
      );
    const kinds: { name: string; port: number; next: () => SignedRequest }[] = [
      { name: 'ceiling: verify + fixed reply', port: ceilingPort, next: status },
      { name: 'bot: /nethack status', port: botPort, next: status },
      { name: 'bot: /nethack forecast', port: botPort, next: forecast },
    ];
    const results = new Map<string, Load[]>();
    for (const c of CONCURRENCY) for (const k of kinds) await drive(k.port, k.next, c, WARMUP_MS, stub.edits);
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of CONCURRENCY) {
        for (let j = 0; j < kinds.length; j++) {
          const k = kinds[(j + round) % kinds.length]!;
          const key = `${k.name}@${c}`;
          results.set(key, [...(results.get(key) ?? []), await drive(k.port, k.next, c, RUN_MS, stub.edits)]);
        }
      }
    }
    return summarize(results, bot);
  } finally {
    for (const c of children) await c.stop();
    await new Promise((r) => stub.server.close(r));
  }
}

function summarize(results: Map<string, Load[]>, bot: Child): BenchResult {
  const rows: Row[] = [];
  const targets: Target[] = [];
  for (const c of CONCURRENCY) {
    // The median run: one run the machine stalled (it is shared) must not decide the figure.
    const rps = (name: string) =>
      stats((results.get(`${name}@${c}`) ?? []).map((l) => (l.answered * 1000) / RUN_MS)).p50;
    const ceilingRps = rps('ceiling: verify + fixed reply');
    for (const name of ['ceiling: verify + fixed reply', 'bot: /nethack status', 'bot: /nethack forecast']) {
      const loads = results.get(`${name}@${c}`) ?? [];
      const s = stats(loads.flatMap((l) => l.latencies));
      rows.push({
        concurrency: c,
        server: name,
        'requests/s': Math.round(rps(name)),
        vs_ceiling: ratio(rps(name), ceilingRps),
        p50_ms: ms(s.p50),
        p99_ms: ms(s.p99),
        deferred: loads.reduce((a, l) => a + l.deferred, 0),
        refused: loads.reduce((a, l) => a + l.refused, 0),
      });
    }
    const statusRatio = rps('bot: /nethack status') / ceilingRps;
    const forecastRatio = rps('bot: /nethack forecast') / ceilingRps;
    targets.push(
      check(
        `HTTP /nethack status at concurrency ${c}: >= 0.8x the ceiling's requests/s`,
        `${statusRatio.toFixed(2)}x (${Math.round(rps('bot: /nethack status'))} vs ${Math.round(ceilingRps)}/s)`,
        statusRatio >= 0.8,
      ),
      check(
        `HTTP /nethack forecast at concurrency ${c}: >= 0.5x the ceiling's requests/s`,
        `${forecastRatio.toFixed(2)}x (${Math.round(rps('bot: /nethack forecast'))} vs ${Math.round(ceilingRps)}/s)`,
        forecastRatio >= 0.5,
      ),
    );
  }
  const rss = bot.rssMiB();
  return {
    rows,
    targets,
    notes: [
      `Each cell: the median of ${ROUNDS} runs of ${RUN_MS} ms, interleaved with the others, ` +
        `after a ${WARMUP_MS} ms warm-up. ` +
        "The load generator shares the machine's cores with the server it drives.",
      'requests/s counts answers: immediate replies, plus deferred ones whose edit came back within the run; ' +
        `"refused" are busy/too-slow replies.${rss ? ` Bot RSS after the load: ${rss.toFixed(0)} MiB.` : ''}`,
    ],
  };
}
