// Heavy work never blocks anyone else, end to end: over the signed HTTP endpoint, a normal
// forecast sent right behind the slowest forecast there is is answered at once, on the other pool
// worker, instead of waiting behind it. The tests assert the order of the answers, never a time.
// The slowest forecast now takes tens of milliseconds, about as long as a normal request's round
// trip, so which of the two comes back first is up to the scheduler: the order is asserted behind a
// worker held for seconds by the pool's `spin` task (a task of known length, as a slow forecast
// of any length would hold it), and the slowest forecast itself must be answered alongside.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { configureWork, stopWork, workPool } from '../../src/runtime/offload.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';

let endpoint: HttpEndpoint;
let store: Store;
let privateKey: KeyObject;
let webhooks: Server;
const edits: { token: string; body: string }[] = [];
const onEdit: ((token: string) => void)[] = [];

beforeAll(async () => {
  // Two workers whatever the machine: the point is that the second one is free.
  await configureWork({ workers: 2, deadlineMs: 4_000 });
  await workPool().warm();
  const pair = generateKeyPairSync('ed25519');
  privateKey = pair.privateKey;
  const publicHex = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  // Stands in for Discord's webhook API, where a deferred reply is edited in.
  webhooks = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += String(c)));
    req.on('end', () => {
      // The deferred answer arrives as an edit of @original, or (when it turned out private) as a
      // DELETE of the public placeholder and then a private follow-up: keep the ones with a body.
      const token = /\/webhooks\/\d+\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '';
      if (body) edits.push({ token, body });
      if (body)
        onEdit.forEach((f) => {
          f(token);
        });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => webhooks.listen(0, '127.0.0.1', r));
  const apiUrl = `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/api`;
  store = await openStore('memory://');
  const services = { store, logger: createLogger('silent') };
  endpoint = await startHttpEndpoint({
    registry: new Registry(commands),
    services,
    publicKey: publicHex,
    port: 0,
    host: '127.0.0.1',
    apiUrl,
  });
});

afterAll(async () => {
  await endpoint?.close();
  await store?.close();
  await new Promise((r) => webhooks?.close(r));
  await stopWork();
  await configureWork({});
});

/** Interaction ids are unique, as Discord's are: the endpoint refuses a repeated id as a replay. */
let lastId = 0;

function forecastInteraction(token: string, options: Record<string, string | number | boolean>) {
  return {
    id: `170000000000000${String(++lastId).padStart(4, '0')}`,
    application_id: '1100000000000000001',
    type: 2,
    token,
    member: { user: { id: '1400000000000000004', username: 'alice' } },
    data: {
      name: 'nethack',
      type: 1,
      options: [
        {
          name: 'forecast',
          type: 1,
          options: Object.entries(options).map(([name, value]) => ({
            name,
            type: typeof value === 'number' ? 4 : typeof value === 'boolean' ? 5 : 3,
            value,
          })),
        },
      ],
    },
  };
}

/** POSTs a signed interaction; resolves with the final answer (the HTTP reply, or the edit after a deferral). */
async function ask(body: ReturnType<typeof forecastInteraction>): Promise<{ deferred: boolean; payload: unknown }> {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = sign(null, Buffer.from(ts + raw), privateKey).toString('hex');
  const edited = new Promise<string>((resolve) => onEdit.push((t) => t === body.token && resolve(t)));
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/interactions`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-signature-ed25519': sig, 'x-signature-timestamp': ts },
  });
  const json = (await res.json()) as { type: number; data: unknown };
  if (json.type !== 5) return { deferred: false, payload: json.data };
  await edited;
  return { deferred: true, payload: JSON.parse(edits.find((e) => e.token === body.token)!.body) };
}

it('a forecast right behind a worker held for seconds is answered first, on the other worker', async () => {
  const order: string[] = [];
  const held = workPool()
    .run<number>('spin', 3_000)
    .then(() => order.push('held'));
  while (workPool().stats().running < 1) await new Promise((r) => setTimeout(r, 5));
  const normal = await ask(
    forecastInteraction('behind-held', { nutrition: 900, turn: 1, left_ring: 'ring of regeneration' }),
  );
  order.push('normal');
  await held;
  expect(order).toEqual(['normal', 'held']);
  expect(normal.deferred).toBe(false);
  expect(normal.payload).toMatchObject({
    embeds: [{ title: expect.stringMatching(/^Hungry in [\d,]+ turns \(turn [\d,]+\)$/) }],
  });
}, 60_000);

it('a forecast sent with the slowest forecast is answered at once, and so is the slowest', async () => {
  const order: string[] = [];
  // The slowest input issue 10 found: 5.0's random burn from 6000 with slow digestion and Con 25.
  const slow = ask(
    forecastInteraction('slow', { nutrition: 6000, version: '5.0', slow_digestion: true, con: 25, attacks: 1 }),
  ).then((r) => {
    order.push('slow');
    return r;
  });
  // Another turn phase than the test above: its walk is not the one the main thread keeps from it.
  const normal = ask(
    forecastInteraction('normal', { nutrition: 900, turn: 7, left_ring: 'ring of regeneration' }),
  ).then((r) => {
    order.push('normal');
    return r;
  });
  const [slowAnswer, normalAnswer] = await Promise.all([slow, normal]);
  expect(order.sort()).toEqual(['normal', 'slow']);
  // The normal one is a real forecast, answered at once (not deferred behind the slow one).
  expect(normalAnswer.deferred).toBe(false);
  expect(normalAnswer.payload).toMatchObject({
    // The title answers: the next milestone from 900 (Hungry, as the forecast says).
    embeds: [{ title: expect.stringMatching(/^Hungry in [\d,]+ turns \(turn [\d,]+\)$/) }],
  });
  // The slow one is answered too: its forecast, or the clear "took too long" reply at the deadline.
  const title = (slowAnswer.payload as { embeds: { title: string; description?: string }[] }).embeds[0]!;
  expect(/^Hungry in about [\d,]+ turns/.test(title.title) || /took too long/.test(title.description ?? '')).toBe(true);
}, 60_000);
