import { describe, expect, it } from 'vitest';
import { RecentIds } from '../../src/transport/recentIds.ts';

describe('RecentIds: the interaction ids this process remembers', () => {
  it('knows an id until its TTL has passed, then forgets it', () => {
    let now = 1_000;
    const ids = new RecentIds(100, 10, () => now);
    ids.add('a');
    expect(ids.has('a')).toBe(true);
    expect(ids.has('b')).toBe(false);
    now += 99;
    expect(ids.has('a')).toBe(true);
    now += 1;
    expect(ids.has('a')).toBe(false);
  });

  it('drops expired ids from the front as new ones come, in the order they expire', () => {
    let now = 0;
    const ids = new RecentIds(50, 1_000, () => now);
    for (let i = 0; i < 100; i++) {
      ids.add(`id${i}`);
      now += 1;
    }
    // id i expires at i + 50: the last add (at 99) dropped ids 0..49, which had expired by then.
    expect(ids.size).toBe(50);
    for (let i = 0; i < 100; i++) expect(ids.has(`id${i}`)).toBe(i + 50 > now);
  });

  it('a re-added id moves to the end and lives for a new TTL', () => {
    let now = 0;
    const ids = new RecentIds(10, 100, () => now);
    ids.add('x');
    now = 5;
    ids.add('y');
    now = 7;
    ids.add('x');
    now = 12;
    ids.add('z');
    expect(ids.has('x')).toBe(true);
    expect(ids.has('y')).toBe(true);
    now = 15;
    expect(ids.has('y')).toBe(false);
    expect(ids.has('x')).toBe(true);
  });

  it('when full of live ids, keeps the most recent 90 % and never grows past its bound', () => {
    const max = 1_000;
    const ids = new RecentIds(1e9, max, () => 0);
    for (let i = 0; i < 5 * max; i++) {
      ids.add(String(i));
      expect(ids.size).toBeLessThanOrEqual(max);
    }
    const kept = Array.from({ length: 5 * max }, (_, i) => ids.has(String(i)));
    const first = kept.indexOf(true);
    // One contiguous run of the newest ids, ending with the last one added.
    expect(kept.slice(first).every(Boolean)).toBe(true);
    expect(kept.lastIndexOf(true)).toBe(5 * max - 1);
    expect(ids.size).toBe(5 * max - first);
    expect(ids.size).toBeGreaterThan(0.9 * max);
  });

  it('pruning a full map drops it to 90 % at once, not one id per call', () => {
    const max = 1_000;
    const ids = new RecentIds(1e9, max, () => 0);
    for (let i = 0; i < max; i++) ids.add(String(i));
    expect(ids.size).toBe(max);
    ids.add('next');
    expect(ids.size).toBe(0.9 * max + 1);
    expect(ids.has('0')).toBe(false);
    expect(ids.has(String(0.1 * max))).toBe(true);
    expect(ids.has('next')).toBe(true);
  });
});
