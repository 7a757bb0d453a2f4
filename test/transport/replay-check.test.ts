// The replay check when the shared store is away: an interaction is answered anyway (the store's
// answer is awaited at most a moment), and this process still refuses an id it saw itself.
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { commandInteraction, makeSigner, postInteraction } from '../helpers/signed.ts';

const signer = makeSigner();
const registry = new Registry(commands);
const logger = createLogger('silent');
const open: { endpoint: HttpEndpoint; store: Store }[] = [];
afterAll(async () => {
  for (const { endpoint, store } of open) {
    await endpoint.close();
    await store.close();
  }
});

/**
 * An endpoint whose store stands for a shared one (Redis: the endpoint asks it about every id; it
 * never asks a memory:// store, which is its own memory) and answers setIfAbsent() with `setIfAbsent`.
 */
async function endpointWith(setIfAbsent: Store['setIfAbsent'], kind: Store['kind'] = 'redis') {
  const memory = await openStore('memory://');
  let calls = 0;
  const store: Store = Object.assign(Object.create(memory) as Store, {
    kind,
    setIfAbsent: (key: string, ttlMs: number) => (calls++, setIfAbsent.call(memory, key, ttlMs)),
  });
  const endpoint = await startHttpEndpoint({
    registry,
    services: { store, logger },
    publicKey: signer.publicHex,
    port: 0,
    host: '127.0.0.1',
  });
  open.push({ endpoint, store: memory });
  return { endpoint, calls: () => calls };
}

const status = (n: number) =>
  JSON.stringify(
    commandInteraction('nethack', [{ name: 'status', type: 1, options: [{ name: 'nutrition', type: 4, value: n }] }]),
  );

describe('the replay check with the store away', () => {
  const cases: [string, Store['setIfAbsent']][] = [
    ['never answers', () => new Promise(() => {})],
    ['fails', async () => Promise.reject(new Error('store down'))],
    [
      'throws at once',
      () => {
        throw new Error('store closed');
      },
    ],
  ];
  for (const [name, setIfAbsent] of cases) {
    it(`a store that ${name}: answered, and a replay to the same process refused`, async () => {
      const { endpoint, calls } = await endpointWith(setIfAbsent);
      const raw = status(150);
      const headers = signer.headers(raw);
      const first = await postInteraction(endpoint.port, undefined, signer, { raw, headers });
      expect(first.status).toBe(200);
      expect(calls()).toBe(1);
      const replay = await postInteraction(endpoint.port, undefined, signer, { raw, headers });
      expect(replay.status).toBe(409);
      expect(calls()).toBe(1); // refused from this process's memory, before the store
    });
  }

  it('a memory:// store is not asked: this process remembers the id, and refuses its replay', async () => {
    const { endpoint, calls } = await endpointWith(async () => false, 'memory');
    const raw = status(150);
    const headers = signer.headers(raw);
    expect((await postInteraction(endpoint.port, undefined, signer, { raw, headers })).status).toBe(200);
    expect((await postInteraction(endpoint.port, undefined, signer, { raw, headers })).status).toBe(409);
    expect(calls()).toBe(0);
  });

  it('a store that says the id was seen (another replica answered it): refused', async () => {
    const { endpoint } = await endpointWith(async () => false);
    const raw = status(150);
    const res = await postInteraction(endpoint.port, undefined, signer, { raw, headers: signer.headers(raw) });
    expect(res.status).toBe(409);
  });
});
