// The starvation walk from a first faint depends on the burn profile, the attacks, Con (the
// limit), moves % 20 and that faint, never on where the hero started: one walk serves every
// forecast that reaches the same first faint, shifted in time. An LRU bounded in entries and bytes
// keeps the last ones.
// A cached walk also answers "after K turns" past its end (what is left then stays as it was);
// before its end only the walk up to K is run again, for the heroes' state at that prompt.
import { phaseOf, type CallModel } from './calls.ts';
import { spreadOf, trim, type OffsetPmf, type Spread } from './distributions.ts';
import { runWalk, type WalkOptions, type WalkResult, type WalkSnapshot } from './starvation.ts';
import { SumsTables, type BlockCrossing } from './sums.ts';

const MAX_ENTRIES = 256;
/** And at most this many bytes of stored distributions (the least recently used go first). */
const MAX_BYTES = 32 * 1024 * 1024;
let bytes = 0;

const sizeOf = (s: Stored) => 8 * (s.deaths.length + s.leftover.alive.p.length);

interface Stored {
  /** deaths[j] is for turn (seed iteration - 1) + j. */
  deaths: Float64Array;
  expectedFaints: number;
  expectedTurnsFainted: number;
  endAfterSeed: number;
  aliveAtEnd: number;
  /** Who is left alive at the end (fewer than 1e-10), and all the dead. */
  leftover: WalkSnapshot;
  /** spreadOf(deaths) at offset 0, once asked (a shift moves every value by the offset, the same sums). */
  spread?: Spread | null;
}

const cache = new Map<string, Stored>();

function keyOf(o: WalkOptions, seedIteration: number, seed: string): string {
  const { model } = o;
  const p = model.profile;
  return JSON.stringify([
    model.version,
    model.flags,
    !!p.invulnerable,
    p.unaware,
    model.attacks,
    o.limit,
    phaseOf(o.moves0 + seedIteration) % model.period,
    seed,
  ]);
}

/**
 * runWalk() for a walk with a single seed at `seedIteration` (described by `seed`), from the cache
 * when it has run before; a snapshot before the cached walk's end runs the walk up to it only.
 */
export function cachedWalk(o: WalkOptions, seedIteration: number, seed: string): WalkResult {
  const key = keyOf(o, seedIteration, seed);
  const base = seedIteration - 1;
  const hit = o.toTheEnd ? cache.get(key) : undefined;
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    const result = fromStored(hit, base, seedIteration);
    if (o.snapshotAt !== null)
      result.snapshot = o.snapshotAt > result.endIteration ? hit.leftover : runWalk({ ...o, toTheEnd: false }).snapshot;
    return result;
  }
  const r = runWalk(o);
  if (!o.toTheEnd || !r.leftover) return r;
  const stored = toStored(r, base, seedIteration, r.leftover);
  keep(key, stored);
  if (recording) fresh.push([key, stored]);
  // The same shape as a later hit, so a question answers the same to the last bit, cached or not.
  const result = fromStored(stored, base, seedIteration);
  result.snapshot = r.snapshot !== null && r.snapshot === r.leftover ? stored.leftover : r.snapshot;
  return result;
}

/**
 * Store a walk run to its end elsewhere (runWalkPair()) as cachedWalk() would have stored it: the
 * next cachedWalk() of the same walk reads it back.
 */
export function storeWalk(o: WalkOptions, seedIteration: number, seed: string, r: WalkResult): void {
  if (!o.toTheEnd || !r.leftover) return;
  const key = keyOf(o, seedIteration, seed);
  const stored = toStored(r, seedIteration - 1, seedIteration, r.leftover);
  keep(key, stored);
  if (recording) fresh.push([key, stored]);
}

function keep(key: string, stored: Stored): void {
  if (scratch && !cache.has(key)) scratch.push(() => forget(key));
  const old = cache.get(key);
  if (old) {
    bytes -= sizeOf(old);
    cache.delete(key);
  }
  cache.set(key, stored);
  bytes += sizeOf(stored);
  while (cache.size > MAX_ENTRIES || (bytes > MAX_BYTES && cache.size > 1)) {
    const oldest = cache.keys().next().value!;
    bytes -= sizeOf(cache.get(oldest)!);
    cache.delete(oldest);
  }
}

function forget(key: string): void {
  const old = cache.get(key);
  if (!old) return;
  bytes -= sizeOf(old);
  cache.delete(key);
}

/** While a warmUpOnly() call runs: how to undo each entry it added to the caches. */
let scratch: (() => void)[] | null = null;

/**
 * `fn()` (JIT warm-up: warmUp.ts), keeping nothing it computes: the walks, crossings and hazard
 * walks it adds to the caches are dropped after it, and none is recorded for other threads. What
 * was cached before stays (it may have moved up the LRU order, and fn may have pushed out old entries).
 */
export function warmUpOnly(fn: () => void): void {
  const outer = { scratch, recording };
  const undo: (() => void)[] = [];
  scratch = undo;
  recording = false;
  try {
    fn();
  } finally {
    scratch = outer.scratch;
    recording = outer.recording;
    for (const u of undo) u();
  }
}

// ---- walks shared between threads -------------------------------------------------------------
// A worker that runs a walk sends it back with its answer, so the main thread's cache learns it
// and answers the next such question itself (see cachedWalksOnly() in starvation.ts).

/** A cached walk as it crosses threads (plain data and typed arrays: structured-cloneable). */
export type SharedWalk = readonly [key: string, walk: Stored];

let recording = false;
const fresh: SharedWalk[] = [];

/** From now on, remember the walks this thread stores, for takeNewWalks() (a worker calls this). */
export function recordNewWalks(): void {
  recording = true;
}

/** The walks stored since the last call (and forgets them). */
export function takeNewWalks(): SharedWalk[] {
  return fresh.splice(0);
}

/** Walks another thread ran: stored here as if this thread had run them. */
export function adoptWalks(walks: readonly SharedWalk[]): void {
  for (const [key, walk] of walks) keep(key, walk);
}

/** Whether cachedWalk() would answer this walk (run to its end) from the cache. */
export function isCached(o: WalkOptions, seedIteration: number, seed: string): boolean {
  return cache.has(keyOf(o, seedIteration, seed));
}

function toStored(r: WalkResult, base: number, seedIteration: number, leftover: WalkSnapshot): Stored {
  const d = r.deaths;
  const deaths = new Float64Array(Math.max(0, d.offset + d.p.length - base));
  for (let i = 0; i < d.p.length; i++) if (d.offset + i >= base) deaths[d.offset + i - base] = d.p[i]!;
  return {
    deaths,
    expectedFaints: r.expectedFaints,
    expectedTurnsFainted: r.expectedTurnsFainted,
    endAfterSeed: r.endIteration - seedIteration,
    aliveAtEnd: r.aliveAtEnd,
    leftover: { alive: trim(leftover.alive, 0), dead: leftover.dead },
  };
}

function fromStored(s: Stored, base: number, seedIteration: number): WalkResult {
  return {
    deaths: { offset: base, p: s.deaths },
    expectedFaints: s.expectedFaints,
    expectedTurnsFainted: s.expectedTurnsFainted,
    endIteration: s.endAfterSeed + seedIteration,
    aliveAtEnd: s.aliveAtEnd,
    snapshot: null,
    leftover: s.leftover,
    deathSpread: () => shifted((s.spread ??= spreadOf({ offset: 0, p: s.deaths })), base),
  };
}

/** The spread of a distribution moved by `by`: spreadOf() adds the offset to each value the same way. */
function shifted(s: Spread | null, by: number): Spread | null {
  if (!s) return null;
  return {
    ...s,
    mean: by + s.mean,
    p5: by + s.p5,
    median: by + s.median,
    p95: by + s.p95,
    min: by + s.min,
    max: by + s.max,
  };
}

// ---- crossings and hazard walks, by the burn they depend on ----------------------------------
// A random burn's crossing of a total burn d depends on the burn profile, the attacks, moves % period
// and d only; the hazard walk below the limit (collapsed walks) on those and the limit. Both cost
// milliseconds each time they run and are the same numbers every time: a forecast asked again (or
// a hero whose thresholds meet the same d) reads them back. Bounded like the walks above.

/** An LRU of values that know their size, bounded in entries and bytes. */
class BoundedCache<T> {
  private readonly map = new Map<string, T>();
  private bytes = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly size: (value: T) => number,
  ) {}
  get(key: string): T | undefined {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: T): void {
    if (scratch && !this.map.has(key)) scratch.push(() => this.delete(key));
    const old = this.map.get(key);
    if (old !== undefined) {
      this.bytes -= this.size(old);
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += this.size(value);
    while (this.map.size > this.maxEntries || (this.bytes > this.maxBytes && this.map.size > 1)) {
      const oldest = this.map.keys().next().value!;
      this.bytes -= this.size(this.map.get(oldest)!);
      this.map.delete(oldest);
    }
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  delete(key: string): void {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.bytes -= this.size(old);
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}

/** What sets a model's calls (the fields buildCallModel() builds its tables from) and moves0's phase. */
function burnKey(model: CallModel, moves0: number): unknown[] {
  const p = model.profile;
  return [model.version, model.flags, !!p.invulnerable, p.unaware, model.attacks, phaseOf(moves0) % model.period];
}

const pmfBytes = (d: OffsetPmf) => 8 * d.p.length + 64;

interface StoredCrossing {
  crossing: BlockCrossing;
  /** spreadOf(crossing.pmf), once asked. */
  spread?: Spread | null;
}

const crossingKey = (model: CallModel, moves0: number, d: number) => JSON.stringify([...burnKey(model, moves0), d]);

const crossingCache = new BoundedCache<StoredCrossing>(256, 8 * 1024 * 1024, (s) => pmfBytes(s.crossing.pmf));

/**
 * The crossing of d (no per-block detail: that is a side effect a stored answer cannot repeat), from
 * the cache or from `run()`. `spread()` is spreadOf() of its pmf, computed once. Treat both as read-only.
 */
export function cachedCrossing(
  model: CallModel,
  moves0: number,
  d: number,
  run: () => BlockCrossing,
): BlockCrossing & { spread: () => Spread | null } {
  const key = crossingKey(model, moves0, d);
  let stored = crossingCache.get(key);
  if (!stored) crossingCache.set(key, (stored = { crossing: run() }));
  const s = stored;
  const spread = () => {
    const v = (s.spread ??= spreadOf(s.crossing.pmf));
    return v && { ...v }; // a copy: the result that holds it is the caller's
  };
  return { ...s.crossing, spread };
}

/** The stored crossing of d as cachedCrossing() returns it, if any (nothing runs). */
export function storedCrossing(
  model: CallModel,
  moves0: number,
  d: number,
): (BlockCrossing & { spread: () => Spread | null }) | undefined {
  if (!crossingCache.has(crossingKey(model, moves0, d))) return undefined;
  return cachedCrossing(model, moves0, d, () => {
    throw new Error('storedCrossing: not stored');
  });
}

/** A hazard walk run to its end (no snapshot), and the last block of the crossing that fed it. */
export interface StoredHazard {
  walk: WalkResult;
  crossingEnd: number;
  spread?: Spread | null;
}

const hazardCache = new BoundedCache<StoredHazard>(
  256,
  8 * 1024 * 1024,
  (s) => pmfBytes(s.walk.deaths) + (s.walk.leftover ? pmfBytes(s.walk.leftover.alive) : 0),
);

const hazardKey = (model: CallModel, moves0: number, h0: number, limit: number) =>
  JSON.stringify([...burnKey(model, moves0), h0, limit]);

/** The stored hazard walk of a hero at h0 (collapsed walks), if any. */
export function storedHazard(model: CallModel, moves0: number, h0: number, limit: number): StoredHazard | undefined {
  return hazardCache.get(hazardKey(model, moves0, h0, limit));
}

/** Store a hazard walk run to its end without a snapshot. */
export function storeHazard(model: CallModel, moves0: number, h0: number, limit: number, s: StoredHazard): void {
  hazardCache.set(hazardKey(model, moves0, h0, limit), s);
}

// ---- the sums of a burn (sums.ts SumsTables): blocks, powers of the cycle, prefix sums ----------
// They grow as forecasts use them: each entry's size is taken again after each forecast (resizeSumsTables()).

const tablesCache = new BoundedCache<{ tables: SumsTables; bytes: number }>(32, 16 * 1024 * 1024, (s) => s.bytes);

const tablesKey = (model: CallModel, moves0: number) => JSON.stringify(burnKey(model, moves0));

/** The shared tables of this burn and phase (new, empty ones the first time). */
export function sumsTables(model: CallModel, moves0: number): SumsTables {
  const key = tablesKey(model, moves0);
  const hit = tablesCache.get(key);
  if (hit) return hit.tables;
  const tables = new SumsTables();
  tablesCache.set(key, { tables, bytes: tables.bytes() });
  return tables;
}

/** After a forecast used them: the tables' size as it is now (what no longer fits goes). */
export function resizeSumsTables(model: CallModel, moves0: number, tables: SumsTables): void {
  const key = tablesKey(model, moves0);
  if (tablesCache.has(key) && tablesCache.get(key)!.tables === tables)
    tablesCache.set(key, { tables, bytes: tables.bytes() });
}

/** Forget every cached walk, crossing, hazard walk and sums table (tests, benchmarks). */
export function clearWalkCache(): void {
  cache.clear();
  bytes = 0;
  crossingCache.clear();
  hazardCache.clear();
  tablesCache.clear();
}
