// Ids seen recently by this process, each for the same time to live, in at most `max` entries.
// Every id is (re)inserted at the end of the Map with the same TTL, so the Map's order is the order
// in which they expire: expired ids are dropped from the front, and so are the oldest live ones
// when the map is full. Each call does O(1) work, amortized, however many ids it holds.

export class RecentIds {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.until.size;
  }

  /** Seen and not yet expired. */
  has(id: string, now = this.now()): boolean {
    const t = this.until.get(id);
    return t !== undefined && t > now;
  }

  /** Remember `id` from `now` for the TTL. */
  add(id: string, now = this.now()): void {
    this.until.delete(id);
    this.forget(now);
    this.until.set(id, now + this.ttlMs);
  }

  /** Drops expired ids; when the map is full, the oldest live ones too, down to 90 %. */
  private forget(now: number): void {
    const full = this.until.size >= this.max;
    const keep = full ? Math.floor(this.max * 0.9) : this.max;
    for (const [id, t] of this.until) {
      if (t > now && this.until.size <= keep) return;
      this.until.delete(id);
    }
  }
}
