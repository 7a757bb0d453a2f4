// The replay-id memory is bounded (HTTP_REPLAY_IDS_MAX): the endpoint's own memory and the memory
// store's markers each keep at most that many interaction ids, the oldest forgotten first. Every
// replay of an id still remembered is refused; one of a forgotten id is answered again (what the
// bound costs with memory://, transport/http.ts DEFAULT_REPLAY_IDS_MAX), and the memory does not grow.
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { loadConfig } from '../../src/config.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { DEFAULT_MEMORY_MARKERS_MAX, openStore, type Store } from '../../src/store/store.ts';
import { DEFAULT_REPLAY_IDS_MAX, startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { commandInteraction, makeSigner, postInteraction } from '../helpers/signed.ts';

const signer = makeSigner();
const registry = new Registry(commands);
const logger = createLogger('silent');
const open: { endpoint?: HttpEndpoint; store: Store }[] = [];
afterAll(async () => {
  for (const { endpoint, store } of open) {
    await endpoint?.close();
    await store.close();
  }
});

describe('the memory store keeps at most memoryMarkersMax markers', () => {
  it('forgets the oldest first; every marker it still holds is refused again', async () => {
    const MAX = 50;
    const store = await openStore('memory://', { memoryMarkersMax: MAX });
    open.push({ store });
    const TOTAL = 3 * MAX + 7;
    for (let i = 0; i < TOTAL; i++) expect(await store.setIfAbsent(`k${i}`, 60_000)).toBe(true);
    // The newest MAX are held: each is refused, however many were set.
    for (let i = TOTAL - MAX; i < TOTAL; i++) expect(await store.setIfAbsent(`k${i}`, 60_000)).toBe(false);
    // Setting one forgotten before forgets the oldest held (k[TOTAL - MAX]), and nothing newer.
    expect(await store.setIfAbsent('k0', 60_000)).toBe(true);
    expect(await store.setIfAbsent(`k${TOTAL - MAX}`, 60_000)).toBe(true);
    for (let i = TOTAL - MAX + 2; i < TOTAL; i++) expect(await store.setIfAbsent(`k${i}`, 60_000)).toBe(false);
  });

  it('an expired marker set again moves to the end: it is not the next forgotten', async () => {
    const store = await openStore('memory://', { memoryMarkersMax: 3 });
    open.push({ store });
    expect(await store.setIfAbsent('a', 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.setIfAbsent('b', 60_000)).toBe(true);
    expect(await store.setIfAbsent('a', 60_000)).toBe(true); // expired: set again, now the newest
    expect(await store.setIfAbsent('c', 60_000)).toBe(true);
    expect(await store.setIfAbsent('d', 60_000)).toBe(true); // full: b, the oldest, is forgotten
    expect(await store.setIfAbsent('a', 60_000)).toBe(false);
    expect(await store.setIfAbsent('b', 60_000)).toBe(true);
  });
});

describe('HTTP_REPLAY_IDS_MAX', () => {
  it('defaults to what the endpoint and the memory store use, and is bounded', () => {
    expect(loadConfig({}).HTTP_REPLAY_IDS_MAX).toBe(DEFAULT_REPLAY_IDS_MAX);
    expect(DEFAULT_MEMORY_MARKERS_MAX).toBe(DEFAULT_REPLAY_IDS_MAX);
    expect(loadConfig({ HTTP_REPLAY_IDS_MAX: '5000' }).HTTP_REPLAY_IDS_MAX).toBe(5000);
    expect(() => loadConfig({ HTTP_REPLAY_IDS_MAX: '10' })).toThrow('HTTP_REPLAY_IDS_MAX must be at least 1000');
  });

  it('the endpoint refuses every replay of the ids it still remembers, and remembers no more than its bound', async () => {
    const MAX = 20;
    const store = await openStore('memory://', { memoryMarkersMax: MAX });
    const endpoint = await startHttpEndpoint({
      registry,
      services: { store, logger },
      publicKey: signer.publicHex,
      port: 0,
      host: '127.0.0.1',
      limits: { replayIdsMax: MAX },
      admission: { perMinute: 100_000, burst: 10_000, userMaxInFlight: 100, maxInFlight: 1000 },
    });
    open.push({ endpoint, store });
    const sent: { raw: string; headers: Record<string, string> }[] = [];
    const TOTAL = 2 * MAX + 5;
    for (let i = 0; i < TOTAL; i++) {
      const options = [{ name: 'status', type: 1, options: [{ name: 'nutrition', type: 4, value: 100 + i }] }];
      const raw = JSON.stringify(commandInteraction('nethack', options));
      const req = { raw, headers: signer.headers(raw) };
      expect((await postInteraction(endpoint.port, undefined, signer, req)).status).toBe(200);
      sent.push(req);
    }
    // The last MAX ids (all within the bound): every replay refused.
    for (const req of sent.slice(TOTAL - MAX)) {
      expect((await postInteraction(endpoint.port, undefined, signer, req)).status).toBe(409);
    }
    // The first one was forgotten by both memories: answered again (the cost of the bound with
    // memory://), which would not happen if either kept every id.
    expect((await postInteraction(endpoint.port, undefined, signer, sent[0]!)).status).toBe(200);
  });
});
