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
    return {
      deaths: { offset: base, p: hit.deaths },
      expectedFaints: hit.expectedFaints,
      expectedTurnsFainted: hit.expectedTurnsFainted,
      endIteration: hit.endAfterSeed + seedIteration,
      aliveAtEnd: hit.aliveAtEnd,
      snapshot: null,
    };
  }
  const r = runWalk(o);
  if (o.toTheEnd) {
    const d = r.deaths;
    const deaths = new Float64Array(Math.max(0, d.offset + d.p.length - base));
    for (let i = 0; i < d.p.length; i++) if (d.offset + i >= base) deaths[d.offset + i - base] = d.p[i]!;
    cache.set(key, {
      deaths,
      expectedFaints: r.expectedFaints,
      expectedTurnsFainted: r.expectedTurnsFainted,
      endAfterSeed: r.endIteration - seedIteration,
      aliveAtEnd: r.aliveAtEnd,
    });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return r;
}

/** Forget every cached walk (tests, benchmarks). */
export function clearWalkCache(): void {
  cache.clear();
}
