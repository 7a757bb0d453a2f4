// Nothing waits without a bound: a handler that never finishes is answered when its deadline
// passes, and one user's changes waiting on a stalled store give up together, not one by one.
import { afterAll, expect, it } from 'vitest';
import { Registry, dispatch } from '../../src/pipeline/dispatch.ts';
import { defineCommandGroup, defineSubcommand } from '../../src/pipeline/types.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, StoreTimeoutError } from '../../src/store/store.ts';
import { figures } from '../helpers/figures.ts';
import { startRedis } from '../helpers/servers.ts';

const fig = figures(import.meta.url);
afterAll(() => fig.save());

it('a handler that never finishes is answered with a private "gave up" at its deadline', async () => {
  const hang = defineCommandGroup({
    name: 'hang',
    description: 'never answers',
    subcommands: [
      defineSubcommand({
        name: 'now',
        description: 'x',
        example: '/hang now',
        options: {},
        run: () => new Promise(() => {}),
      }),
    ],
  });
  const store = await openStore('memory://');
  const started = Date.now();
  const reply = await dispatch(
    { kind: 'command', commandName: 'hang', subcommand: 'now', options: {}, user: { id: '1', name: 'u' } },
    {
      registry: new Registry([hang]),
      services: { store, logger: createLogger('silent') },
      transport: 'http',
      handlerTimeoutMs: 300,
    },
  );
  fig.add('faults injected');
  expect(Date.now() - started).toBeLessThan(1000);
  expect(reply).toMatchObject({ ephemeral: true, result: { error: { code: 'timeout' } } });
  await store.close();
});

it('changes queued behind one that timed out on a paused store give up at once, all within one timeout', async () => {
  const redis = await startRedis();
  const store = await openStore(redis.url, { timeoutMs: 500 });
  try {
    await store.set('q', { n: 0 });
    redis.pause();
    fig.add('faults injected');
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.update('q', (cur) => ({ value: { n: (cur as { n: number }).n + 1 }, result: null })),
      ),
    );
    const elapsed = Date.now() - started;
    redis.resume();
    expect(
      results.every((r) => r.status === 'rejected' && r.reason instanceof StoreTimeoutError && !r.reason.written),
    ).toBe(true);
    // Without the early give-up this would take 20 x 500 ms.
    expect(elapsed).toBeLessThan(1500);
    expect(await store.get('q')).toEqual({ n: 0 });
  } finally {
    redis.resume();
    await store.close();
    await redis.stop();
  }
});
