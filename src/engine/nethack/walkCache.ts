// The starvation walk from a first faint depends on the burn profile, the attacks, Con (the
// limit), moves % 20 and that faint, never on where the hero started: one walk serves every
// forecast that reaches the same first faint, shifted in time. A bounded LRU keeps the last ones.
import { phaseOf } from './calls.ts';
import { runWalk, type WalkOptions, type WalkResult } from './starvation.ts';

const MAX_ENTRIES = 256;

interface Stored {
  /** deaths[j] is for turn (seed iteration - 1) + j. */
  deaths: Float64Array;
  expectedFaints: number;
  expectedTurnsFainted: number;
  endAfterSeed: number;
  aliveAtEnd: number;
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
 * when it has run before. Walks that take a snapshot are run afresh (and then cached if complete).
 */
export function cachedWalk(o: WalkOptions, seedIteration: number, seed: string): WalkResult {
  const key = keyOf(o, seedIteration, seed);
  const base = seedIteration - 1;
  const hit = o.snapshotAt === null ? cache.get(key) : undefined;
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return fromStored(hit, base, seedIteration);
  }
  const r = runWalk(o);
  if (!o.toTheEnd) return r;
  const stored = toStored(r, base, seedIteration);
  cache.set(key, stored);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  // The same shape as a later hit, so a question answers the same to the last bit, cached or not.
  return o.snapshotAt === null ? fromStored(stored, base, seedIteration) : r;
}

function toStored(r: WalkResult, base: number, seedIteration: number): Stored {
  const d = r.deaths;
  const deaths = new Float64Array(Math.max(0, d.offset + d.p.length - base));
  for (let i = 0; i < d.p.length; i++) if (d.offset + i >= base) deaths[d.offset + i - base] = d.p[i]!;
  return {
    deaths,
    expectedFaints: r.expectedFaints,
    expectedTurnsFainted: r.expectedTurnsFainted,
    endAfterSeed: r.endIteration - seedIteration,
    aliveAtEnd: r.aliveAtEnd,
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
  };
}

/** Forget every cached walk (tests, benchmarks). */
export function clearWalkCache(): void {
  cache.clear();
}
