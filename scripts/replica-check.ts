// Check HTTP endpoint replicas by hand, the way Discord drives them (README, "Running at scale"):
//
//   npx tsx scripts/replica-check.ts keys [dir]     a signing key pair; prints the env lines for the replicas
//   npx tsx scripts/replica-check.ts run --ports 8081,8082 --store redis://127.0.0.1:6379 [--users 20] [--waits 50]
//
// `run` sends signed `/hero wait turns:1` for each user, alternating between the replicas and two
// at a time per user (one to each, so both change the same record at once), answers deferred
// replies' webhook calls itself (the replicas' DISCORD_API_URL points here), then compares every
// hero's stored turn with the acknowledged replies and prints what each replica's /metrics counted.
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { heroKey } from '../src/heroes/repo.ts';
import { openStore } from '../src/store/store.ts';

const KEY_FILE = 'replica-check.key';
/** A token of the shape the config checks; the HTTP endpoint never uses it. */
const PLACEHOLDER_TOKEN = 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.Gcheck.replica_check_placeholder_token_0';
const APP_ID = '1100000000000000001';

function keys(dir: string, webhookPort: number): void {
  const pair = generateKeyPairSync('ed25519');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, KEY_FILE), pair.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  const publicHex = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  process.stdout.write(
    [
      `DISCORD_PUBLIC_KEY=${publicHex}`,
      `DISCORD_TOKEN=${PLACEHOLDER_TOKEN}`,
      `DISCORD_API_URL=http://127.0.0.1:${webhookPort}/api`,
    ].join('\n') + '\n',
  );
  process.stderr.write(`private key written to ${join(dir, KEY_FILE)} (for \`run --keys ${dir}\`)\n`);
}

let counter = BigInt(Date.now()) * 1000n;
function signed(key: KeyObject, userId: string, sub: string, options: Record<string, string | number>) {
  const id = String(++counter);
  const body = JSON.stringify({
    id,
    application_id: APP_ID,
    type: 2,
    token: `check-${id}`,
    member: { user: { id: userId, username: `check${userId.slice(-3)}` } },
    data: {
      name: 'hero',
      type: 1,
      options: [
        {
          name: sub,
          type: 1,
          options: Object.entries(options).map(([name, value]) => ({
            name,
            type: typeof value === 'number' ? 4 : 3,
            value,
          })),
        },
      ],
    },
  });
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(ts + body), key).toString('hex');
  const headers = { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': ts };
  return { token: `check-${id}`, body, headers };
}

/** Deferred replies arrive here as webhook edits: remember each token's edited title. */
function webhookReceiver(port: number) {
  const edits = new Map<string, string>();
  const waiting = new Map<string, (title: string) => void>();
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += String(c)));
    req.on('end', () => {
      const token = /\/webhooks\/\d+\/([^/?]+)/.exec(req.url ?? '')?.[1];
      const title = (() => {
        try {
          return (JSON.parse(text) as { embeds?: { title?: string }[] }).embeds?.[0]?.title ?? '';
        } catch {
          return '';
        }
      })();
      if (token && text) {
        edits.set(token, title);
        waiting.get(token)?.(title);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
    });
  });
  server.listen(port, '127.0.0.1');
  const editOf = (token: string) =>
    edits.has(token)
      ? Promise.resolve(edits.get(token)!)
      : new Promise<string>((resolve) => {
          waiting.set(token, resolve);
          setTimeout(() => resolve(''), 20_000).unref();
        });
  return { server, editOf };
}

async function post(
  port: number,
  req: ReturnType<typeof signed>,
  editOf: (t: string) => Promise<string>,
): Promise<string> {
  const url = `http://127.0.0.1:${port}/interactions`;
  const res = await fetch(url, { method: 'POST', body: req.body, headers: req.headers });
  if (res.status !== 200) return `HTTP ${res.status}`;
  const json = (await res.json()) as { type: number; data?: { embeds?: { title?: string }[] } };
  return json.type === 5 ? editOf(req.token) : (json.data?.embeds?.[0]?.title ?? '');
}

interface StoredHero {
  name: string;
  nethack?: { turn: number };
  crawl?: { turn: number };
}
const turnOf = (record: unknown) => {
  const hero = ((record as { heroes?: StoredHero[] } | undefined)?.heroes ?? []).find((h) => h.name === 'Check');
  return (hero?.nethack ?? hero?.crawl)?.turn ?? 0;
};

interface RunOptions {
  ports: number[];
  store: string;
  users: number;
  waits: number;
  keys: string;
  webhookPort: number;
}

async function run(opts: RunOptions) {
  const key = createPrivateKey(readFileSync(join(opts.keys, KEY_FILE)));
  const receiver = webhookReceiver(opts.webhookPort);
  const store = await openStore(opts.store);
  const users = Array.from({ length: opts.users }, (_, i) => String(1900000000000000000n + BigInt(i)));
  const sentTo = new Map(opts.ports.map((p) => [p, 0]));
  let n = 0;
  const send = (userId: string, sub: string, options: Record<string, string | number>) => {
    const port = opts.ports[n++ % opts.ports.length]!;
    sentTo.set(port, sentTo.get(port)! + 1);
    return post(port, signed(key, userId, sub, options), receiver.editOf);
  };
  for (const u of users) await send(u, 'new', { name: 'Check' }); // "already have a hero by that name" is fine
  const before = new Map(await Promise.all(users.map(async (u) => [u, turnOf(await store.get(heroKey(u)))] as const)));
  const acked = new Map(users.map((u) => [u, 0]));
  const other: string[] = [];
  await Promise.all(
    users.map(async (u) => {
      for (let i = 0; i < opts.waits; i += 2) {
        const wait = () => send(u, 'wait', { turns: 1, hero: 'Check' });
        const titles = await Promise.all([wait(), wait()]);
        for (const t of titles) {
          if (/: Waited 1 turns/.test(t)) acked.set(u, acked.get(u)! + 1);
          else other.push(t);
        }
      }
    }),
  );
  let lost = 0;
  let extra = 0;
  for (const u of users) {
    const applied = turnOf(await store.get(heroKey(u))) - before.get(u)!;
    lost += Math.max(0, acked.get(u)! - applied);
    extra += Math.max(0, applied - acked.get(u)!);
  }
  const total = [...acked.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${users.length} users, ${total} waits acknowledged, ${other.length} other answers, ${lost} lost, ` +
      `${extra} stored without an acknowledgement`,
  );
  for (const t of new Set(other)) console.log(`  other answer: ${t}`);
  for (const port of opts.ports) {
    const page = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const served = page
      .split('\n')
      .filter((l) => l.startsWith('hungerbot_interactions_total{'))
      .map((l) => `    ${l}`);
    const sent = sentTo.get(port);
    console.log(`replica :${port}: this run sent it ${sent} interactions; its /metrics counts:\n${served.join('\n')}`);
  }
  await store.close();
  receiver.server.close();
  return lost === 0 && extra === 0 && other.length === 0 ? 0 : 1;
}

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: {
    ports: { type: 'string', default: '8081,8082' },
    store: { type: 'string', default: 'redis://127.0.0.1:6379' },
    users: { type: 'string', default: '20' },
    waits: { type: 'string', default: '50' },
    keys: { type: 'string', default: 'data' },
    'webhook-port': { type: 'string', default: '8090' },
  },
});
const webhookPort = Number(values['webhook-port']);
if (command === 'keys') keys(positionals[0] ?? values.keys!, webhookPort);
else if (command === 'run') {
  process.exitCode = await run({
    ports: values.ports!.split(',').map(Number),
    store: values.store!,
    users: Number(values.users),
    waits: Number(values.waits),
    keys: values.keys!,
    webhookPort,
  });
} else {
  process.stderr.write(
    'usage: npx tsx scripts/replica-check.ts keys [dir] | run --ports 8081,8082 --store redis://…\n',
  );
  process.exitCode = 2;
}
