import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecentIds } from '../../src/transport/recentIds.ts';

/** A snowflake-shaped id (Discord's ids are 17-20 digits). */
const sf = (n: number | bigint) => (10n ** 17n + BigInt(n)).toString();

/**
 * What RecentIds promises, kept the plain way: a list in the order ids were added, expired ids and
 * the old places of ids added again dropped from the front, the oldest dropped when it is full.
 */
class ReferenceIds {
  private readonly entries: { id: string; until: number; dead: boolean }[] = [];
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}
  has(id: string, now: number): boolean {
    return this.entries.some((e) => !e.dead && e.id === id && e.until > now);
  }
  add(id: string, now: number): void {
    while (this.entries.length > 0 && (this.entries[0]!.dead || this.entries[0]!.until <= now)) this.entries.shift();
    const known = this.entries.find((e) => !e.dead && e.id === id);
    if (known) known.dead = true;
    if (this.entries.length === this.max) this.entries.shift();
    this.entries.push({ id, until: now + this.ttlMs, dead: false });
  }
  get size(): number {
    return this.entries.filter((e) => !e.dead).length;
  }
}

describe('RecentIds: the interaction ids this process remembers', () => {
  it('knows an id until its TTL has passed, then forgets it', () => {
    let now = 1_000;
    const ids = new RecentIds(100, 10, () => now);
    expect(ids.add(sf(1))).toBe(true);
    expect(ids.has(sf(1))).toBe(true);
    expect(ids.has(sf(2))).toBe(false);
    now += 99;
    expect(ids.has(sf(1))).toBe(true);
    now += 1;
    expect(ids.has(sf(1))).toBe(false);
  });

  it('drops expired ids from the front as new ones come, in the order they expire', () => {
    let now = 0;
    const ids = new RecentIds(50, 1_000, () => now);
    for (let i = 0; i < 100; i++) {
      ids.add(sf(i));
      now += 1;
    }
    // id i expires at i + 50: the last add (at 99) dropped ids 0..49, which had expired by then.
    expect(ids.size).toBe(50);
    for (let i = 0; i < 100; i++) expect(ids.has(sf(i))).toBe(i + 50 > now);
  });

  it('a re-added id moves to the end and lives for a new TTL', () => {
    let now = 0;
    const ids = new RecentIds(10, 100, () => now);
    ids.add(sf(1));
    now = 5;
    ids.add(sf(2));
    now = 7;
    ids.add(sf(1));
    expect(ids.size).toBe(2);
    now = 12;
    ids.add(sf(3));
    expect(ids.has(sf(1))).toBe(true);
    expect(ids.has(sf(2))).toBe(true);
    now = 15;
    expect(ids.has(sf(2))).toBe(false);
    expect(ids.has(sf(1))).toBe(true);
  });

  it('when full of live ids, forgets the oldest for each new one and never holds more than its bound', () => {
    const max = 1_000;
    const ids = new RecentIds(1e9, max, () => 0);
    for (let i = 0; i < 5 * max; i++) {
      ids.add(sf(i));
      expect(ids.size).toBeLessThanOrEqual(max);
    }
    expect(ids.size).toBe(max);
    for (let i = 0; i < 5 * max; i++) expect(ids.has(sf(i)), String(i)).toBe(i >= 4 * max);
  });

  it('tells apart ids that differ only in their high or low 32 bits, up to 2^64 - 1', () => {
    const ids = new RecentIds(1e9, 100, () => 0);
    const top = 2n ** 64n - 1n;
    const kept = [top, top - 1n, top - 2n ** 32n, 2n ** 32n, 2n ** 32n + 1n, 1n, 0n, 1234567890123456789n];
    for (const n of kept) expect(ids.add(n.toString())).toBe(true);
    for (const n of kept) expect(ids.has(n.toString())).toBe(true);
    for (const n of [top - 3n, 2n ** 33n, 2n, 1234567890123456788n]) expect(ids.has(n.toString())).toBe(false);
  });

  it('keeps no id that is not a snowflake (the shape check lets none through): add says so', () => {
    const ids = new RecentIds(1e9, 100, () => 0);
    for (const id of ['', 'abc', '12a', '-1', '0123', '18446744073709551616', '123456789012345678901', ' 1']) {
      expect(ids.add(id), id).toBe(false);
      expect(ids.has(id), id).toBe(false);
    }
    expect(ids.size).toBe(0);
    // "0123" is not "123": a leading zero is refused, not read as the same number.
    ids.add('123');
    expect(ids.has('0123')).toBe(false);
  });

  it('answers as a plain Map of ids would, through any mix of adds, re-adds, expiries and a full ring', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 5 }), fc.boolean()), {
          maxLength: 400,
        }),
        (max, ttl, steps) => {
          const ids = new RecentIds(ttl, max, () => 0);
          const ref = new ReferenceIds(ttl, max);
          let now = 0;
          for (const [n, dt, isAdd] of steps) {
            now += dt;
            // Few distinct ids in a small index: long probe runs, ids wrapping around the index.
            const id = sf(BigInt(n) * 2n ** 32n + BigInt(n % 7));
            if (isAdd) {
              ids.add(id, now);
              ref.add(id, now);
            } else expect(ids.has(id, now)).toBe(ref.has(id, now));
            expect(ids.size).toBe(ref.size);
          }
          for (let n = 0; n <= 80; n++) {
            const id = sf(BigInt(n) * 2n ** 32n + BigInt(n % 7));
            expect(ids.has(id, now)).toBe(ref.has(id, now));
          }
        },
      ),
      {
        numRuns: 2000,
        // A live id added again while the ring is full (found by this property in CI).
        examples: [
          [
            2,
            1,
            [
              [0, 0, true],
              [1, 0, true],
              [1, 0, true],
            ],
          ],
        ],
      },
    );
  });
});
