// What lane-walk.test.ts and pair-walk-wasm.test.ts share: the 5.0 profiles their walks run, a
// comparison of two walks' results to the last bit (Object.is), the call model, the starvation limit
// and a helpless seed of a 5.0 hero, and the awake heroes (already Fainting) both walk.
import { expect } from 'vitest';
import { burnFlags, defaultProfile, type BurnProfile } from '../../../src/engine/nethack/index.ts';
import { buildCallModel, faintTurns, type CallModel } from '../../../src/engine/nethack/calls.ts';
import { pairModel } from '../../../src/engine/nethack/pairWalk.ts';
import type { HelplessSeed, WalkMass, WalkResult } from '../../../src/engine/nethack/starvation.ts';
import { starvationLimit } from '../../../src/engine/nethack/status.ts';

export const SD: BurnProfile = { ...defaultProfile('5.0'), slowDigestion: true };
export const PLAIN = defaultProfile('5.0');
export const REGENERATION_AMULET: BurnProfile = { ...defaultProfile('5.0'), regeneration: 'intrinsic', amulet: true };
export const ASLEEP_AMULET: BurnProfile = { ...defaultProfile('5.0'), unaware: true, amulet: true };

/** Every difference between two values (Float64Arrays element by element with Object.is). */
export function differences(x: unknown, y: unknown, path: string, out: string[]): void {
  if (x instanceof Float64Array && y instanceof Float64Array) {
    if (x.length !== y.length) out.push(`${path}: length ${x.length} vs ${y.length}`);
    else
      for (let i = 0; i < x.length; i++)
        if (!Object.is(x[i], y[i])) return void out.push(`${path}[${i}]: ${x[i]} vs ${y[i]}`);
  } else if (x && typeof x === 'object' && y && typeof y === 'object') {
    const a = x as Record<string, unknown>;
    const b = y as Record<string, unknown>;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[k], b[k], `${path}.${k}`, out);
  } else if (!Object.is(x, y)) out.push(`${path}: ${x} vs ${y}`);
}

export const model = (profile: BurnProfile, attacks: number) => buildCallModel(profile, burnFlags(profile), attacks);
export const limitOf = (con: number) => starvationLimit(con, '5.0');
export const seed = (top: number, mass: ArrayLike<number>, dur = faintTurns(top, '5.0')): HelplessSeed => ({
  top,
  mass: Float64Array.from(mass),
  dur,
});

/** An awake walk: a model, a limit, the mass at the start, from iteration 1. */
export type AwakeWalk = (m: CallModel, limit: number, start: WalkMass) => WalkResult;

/**
 * Heroes awake (already Fainting: mass 0.5, 0.3, 0.2 from `top`), each a walk the pair walk takes:
 * every difference between `walk`'s result and `reference`'s.
 */
export function awakeDifferences(walk: AwakeWalk, reference: AwakeWalk): string[] {
  const out: string[] = [];
  for (const [name, profile, attacks, con, top] of [
    ['slow digestion, 1 attack', SD, 1, 25, -60],
    ['slow digestion, 12 attacks', SD, 12, 18, -200],
    ['slow digestion, 12 attacks', SD, 12, 25, 0],
    ['plain, 3 attacks', PLAIN, 3, 3, 0],
    ['regeneration + amulet', REGENERATION_AMULET, 0, 3, -125],
    ['plain, no attacks', PLAIN, 0, 25, -1],
  ] as const) {
    const m = model(profile, attacks);
    expect(pairModel(m)).toBe(true);
    const start = { top, mass: Float64Array.of(0.5, 0.3, 0.2) };
    const limit = limitOf(con);
    differences(walk(m, limit, start), reference(m, limit, start), name, out);
  }
  return out;
}
