// Heap allocated and promoted, and CPU time used, per request by the HTTP endpoint (not a bench
// module: run it with `npx tsx bench/alloc.ts`). CPU time (all the process's threads, from /proc) is
// steadier than requests/s on a shared machine: other work slows a run, but does not add to it. The compiled bot and the bare ceiling run with --trace-gc-nvp; after a
// warm-up, each kind of request is sent for a few seconds at concurrency 8 and the `allocated=` and
// `promoted=` figures V8 prints at each collection within that window are summed and divided by the
// requests answered. Collections count what was allocated since the one before, so a window holds
// many of them (4 MiB semi-spaces: one every ~100-400 requests) and the error is under a percent.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
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

const WINDOW_MS = Number(process.env.ALLOC_WINDOW_MS ?? 4000);
const CONCURRENCY = Number(process.env.ALLOC_CONCURRENCY ?? 8);

async function drive(port: number, next: () => SignedRequest, concurrency: number, ms: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const until = performance.now() + ms;
  let answered = 0;
  const one = (r: SignedRequest) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/interactions', method: 'POST', headers: r.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(r.body);
    });
  const client = async () => {
    while (performance.now() < until) {
      await one(next());
      answered++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  return answered;
}

interface GcSums {
  collections: number;
  allocated: number;
  promoted: number;
  fullCollections: number;
}

function gcSums(output: string): GcSums {
  const sums: GcSums = { collections: 0, allocated: 0, promoted: 0, fullCollections: 0 };
  for (const line of output.split('\n')) {
    const gc = / gc=(\w+) /.exec(line)?.[1];
    if (!gc) continue;
    sums.collections++;
    if (gc !== 's') sums.fullCollections++;
    sums.allocated += Number(/ allocated=(\d+)/.exec(line)?.[1] ?? 0);
    // What a scavenge moved to the old generation (a full collection's figure is not a promotion).
    if (gc === 's') sums.promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
  }
  return sums;
}

/** User + system CPU time of a process so far (all its threads), in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

async function measure(child: Child, port: number, name: string, next: () => SignedRequest): Promise<void> {
  const before = child.output().length;
  const cpuBefore = cpuMicros(child.proc.pid!);
  const answered = await drive(port, next, CONCURRENCY, WINDOW_MS);
  const cpu = (cpuMicros(child.proc.pid!) - cpuBefore) / answered;
  const s = gcSums(child.output().slice(before));
  const kb = (b: number) => (b / answered / 1024).toFixed(1);
  console.log(
    `${name.padEnd(28)} ${String(answered).padStart(6)} requests  ${cpu.toFixed(0).padStart(4)} us CPU/request` +
      `  ${kb(s.allocated).padStart(6)} KB allocated/request  ${kb(s.promoted).padStart(5)} KB promoted/request` +
      `  ${s.collections} GCs (${s.fullCollections} full)`,
  );
}

async function main(): Promise<void> {
  await ensureCompiled();
  const { privateKey, publicHex } = keyPair();
  const botPort = await freePort();
  const trace = ['--trace-gc-nvp'];
  const ceiling = await startNode(
    [...trace, 'bench/servers/ceiling.mjs'],
    { DISCORD_PUBLIC_KEY: publicHex },
    /^\d+\n/m,
  );
  const env = {
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_PUBLIC_KEY: publicHex,
    HTTP_PORT: String(botPort),
    DISCORD_API_URL: 'http://127.0.0.1:9/api',
    STORE_URL: 'memory://',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_BURST: '10000',
    USER_MAX_IN_FLIGHT: '1000',
    MAX_IN_FLIGHT: '100000',
  };
  const [flag, ...rest] = botArgs();
  const bot = await startNode([flag!, ...trace, ...rest], env, /endpoint listening/);
  try {
    const ceilingPort = Number(/^(\d+)$/m.exec(ceiling.output())![1]);
    let n = 0;
    const status = () =>
      signedRequest(privateKey, commandInteraction(++n, 'nethack', 'status', { nutrition: ((n * 37) % 2200) - 200 }));
    const forecast = () =>
      signedRequest(
        privateKey,
        commandInteraction(++n, 'nethack', 'forecast', { nutrition: 100 + ((n * 37) % 1900), turn: 1 + (n % 1000) }),
      );
    for (let i = 0; i < 2; i++) {
      await drive(ceilingPort, status, 8, 1000);
      await drive(botPort, status, 8, 1000);
      await drive(botPort, forecast, 8, 1000);
    }
    await measure(ceiling, ceilingPort, 'ceiling (status bodies)', status);
    await measure(bot, botPort, 'bot: /nethack status', status);
    await measure(bot, botPort, 'bot: /nethack forecast', forecast);
    await measure(bot, botPort, 'bot: /nethack status again', status);
    console.log(`bot RSS ${bot.rssMiB()?.toFixed(0)} MiB`);
  } finally {
    await bot.stop();
    await ceiling.stop();
  }
}

await main();
