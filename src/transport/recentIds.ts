// Interaction ids seen recently by this process, each for the same time to live, at most `max`.
// The endpoint remembers one per request, up to 100,000 of them (HTTP_REPLAY_IDS_MAX), for 11
// minutes: kept as strings in a Map, they were tens of megabytes of small objects that every
// collection had to visit again, and under load they cost the endpoint about 10 % of its
// requests/s. Here an id is what Discord sends, a snowflake (an unsigned 64-bit number in decimal,
// which the interaction's shape check requires), kept as two 32-bit halves in typed arrays that the
// collector never walks: ~27 bytes an id, nothing allocated per call.
//
// - The ids live in a ring in the order they were added. Every id gets the same TTL, so that is also
//   the order in which they expire: expired ids are dropped from the front as new ones come, and when
//   the ring is full the oldest live one is forgotten to make room.
// - An open-addressing hash index (linear probing, at most half full) finds an id's place in the
//   ring; dropping an id removes its index entry by backward shift, so no tombstones pile up.
// Each call does O(1) work however many ids are kept.

const TWO_32 = 4294967296;
/** The expiry of a dead entry: before any clock, so it is dropped once it reaches the front. */
const DEAD = Number.NEGATIVE_INFINITY;

export class RecentIds {
  private readonly hi: Uint32Array;
  private readonly lo: Uint32Array;
  private readonly until: Float64Array;
  /** Ring position + 1 of each id, by hash; 0 is an empty slot. */
  private readonly index: Int32Array;
  private readonly mask: number;
  /** Ring position of the oldest entry, and how many entries the ring holds (dead ones included). */
  private head = 0;
  private count = 0;
  /** Entries in the ring whose id was added again later (their index entry is gone). */
  private dead = 0;
  // The halves of the last id parsed (no object per call).
  private keyHi = 0;
  private keyLo = 0;

  constructor(
    private readonly ttlMs: number,
    readonly max: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`RecentIds: max must be a positive integer (${max})`);
    this.hi = new Uint32Array(max);
    this.lo = new Uint32Array(max);
    this.until = new Float64Array(max);
    let slots = 8;
    while (slots < 2 * max) slots *= 2;
    this.index = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** Ids remembered now (expired ones may count until new ones push them out). */
  get size(): number {
    return this.count - this.dead;
  }

  /** Seen and not yet expired. */
  has(id: string, now = this.now()): boolean {
    if (!this.parse(id)) return false;
    const slot = this.find(this.keyHi, this.keyLo);
    return slot >= 0 && this.until[this.index[slot]! - 1]! > now;
  }

  /**
   * Remember `id` from `now` for the TTL. False when the id is not a snowflake and so is not
   * remembered here (the shape check lets none through). A live id added again lives a new TTL
   * from now; its old place stays in the ring, dead, until it reaches the front, and counts toward
   * `max` until then (the endpoint never does this: it adds an id only when has() said no, and an
   * expired id is dropped from the front before it is added again).
   */
  add(id: string, now = this.now()): boolean {
    if (!this.parse(id)) return false;
    const hi = this.keyHi;
    const lo = this.keyLo;
    this.forget(now);
    const known = this.find(hi, lo);
    if (known >= 0) {
      this.until[this.index[known]! - 1] = DEAD;
      this.unindex(known);
      this.dead++;
    }
    if (this.count === this.max) this.dropFront();
    const at = (this.head + this.count) % this.max;
    this.hi[at] = hi;
    this.lo[at] = lo;
    this.until[at] = now + this.ttlMs;
    this.count++;
    let slot = this.hash(hi, lo);
    while (this.index[slot] !== 0) slot = (slot + 1) & this.mask;
    this.index[slot] = at + 1;
    return true;
  }

  /** Drops expired (and dead) entries from the front. */
  private forget(now: number): void {
    while (this.count > 0 && this.until[this.head]! <= now) this.dropFront();
  }

  private dropFront(): void {
    const at = this.head;
    if (this.until[at] === DEAD) this.dead--;
    else {
      const slot = this.find(this.hi[at]!, this.lo[at]!);
      if (slot >= 0 && this.index[slot] === at + 1) this.unindex(slot);
    }
    this.head = (at + 1) % this.max;
    this.count--;
  }

  /** The index slot of a kept id, or -1. */
  private find(hi: number, lo: number): number {
    let slot = this.hash(hi, lo);
    for (;;) {
      const entry = this.index[slot]!;
      if (entry === 0) return -1;
      if (this.lo[entry - 1] === lo && this.hi[entry - 1] === hi) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Empties an index slot, moving later entries of its probe run back so every id stays findable. */
  private unindex(slot: number): void {
    let hole = slot;
    let next = slot;
    for (;;) {
      next = (next + 1) & this.mask;
      const entry = this.index[next]!;
      if (entry === 0) break;
      const home = this.hash(this.hi[entry - 1]!, this.lo[entry - 1]!);
      // The entry at `next` may move into the hole unless its home lies cyclically in (hole, next].
      const stays = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (!stays) {
        this.index[hole] = entry;
        hole = next;
      }
    }
    this.index[hole] = 0;
  }

  private hash(hi: number, lo: number): number {
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 16)) & this.mask;
  }

  /** Sets keyHi/keyLo to the id's 64 bits; false when it is not a snowflake (a decimal below 2^64, no leading zero). */
  private parse(id: string): boolean {
    const n = id.length;
    if (n === 0 || n > 20 || (n > 1 && id.charCodeAt(0) === 48)) return false;
    let hi = 0;
    let lo = 0;
    for (let i = 0; i < n; i++) {
      const digit = id.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return false;
      // lo * 10 + digit < 2^36 and hi * 10 + carry < 2^36: exact in a double.
      const low = lo * 10 + digit;
      const carry = Math.floor(low / TWO_32);
      lo = low - carry * TWO_32;
      hi = hi * 10 + carry;
      if (hi >= TWO_32) return false;
    }
    this.keyHi = hi;
    this.keyLo = lo;
    return true;
  }
}
