// perTurn (src/store/store.ts): the PostgreSQL store's setIfAbsent() calls made in one event-loop
// turn go out as one statement; each asker gets its own answer or the batch's failure.
import { describe, expect, it } from 'vitest';
import { perTurn } from '../../src/store/store.ts';

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('perTurn', () => {
  it('runs what was asked in one turn together, in order, and answers each asker', async () => {
    const batches: number[][] = [];
    const double = perTurn(async (items: number[]) => {
      batches.push(items);
      return items.map((n) => n * 2);
    }, 100);
    const first = [1, 2, 3].map(double);
    await nextTurn();
    const second = [4, 5].map(double);
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('splits a turn into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const echo = perTurn(async (items: number[]) => {
      sizes.push(items.length);
      return items;
    }, 4);
    const asked = Array.from({ length: 10 }, (_, i) => i);
    expect(await Promise.all(asked.map(echo))).toEqual(asked);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it("a batch's failure, thrown or rejected, reaches every asker in it and no other", async () => {
    let calls = 0;
    const flaky = perTurn((items: string[]) => {
      calls++;
      if (items.includes('throw')) throw new Error('thrown');
      if (items.includes('reject')) return Promise.reject(new Error('rejected'));
      return Promise.resolve(items.map((s) => s.toUpperCase()));
    }, 2);
    const results = await Promise.allSettled(['throw', 'a', 'reject', 'b', 'c'].map(flaky));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'thrown',
      'thrown',
      'rejected',
      'rejected',
      'C',
    ]);
    expect(calls).toBe(3);
  });
});
