// Room in the kept pure replies is made in the leaf holding the most replies not asked again since
// they were kept: a leaf asked again and again keeps every reply it holds even when they are more
// than half of the cache, while another leaf's replies asked twice and never again cycle through
// what is left (the rule before this one, "the largest leaf", cut the hot leaf down to half).
import { describe, expect, it } from 'vitest';
import { clearPureReplies, PURE_REPLIES_MAX } from '../../src/pipeline/dispatch.ts';
import { openPairLeaves } from '../helpers/pureLeaves.ts';

describe('room in the kept replies', () => {
  it('a hot leaf holding more than half of them keeps all it holds while another cycles through the rest', async () => {
    const { runs, ask, store } = await openPairLeaves(['hot', 'once']);
    const HOT = Math.floor(PURE_REPLIES_MAX * 0.6);
    for (let round = 0; round < 3; round++) for (let n = 0; n < HOT; n++) await ask('hot', n);
    // Kept now, but for the few whose options share a bucket of the asked-once table with two others.
    const kept = runs.hot;
    for (let n = 0; n < HOT; n++) await ask('hot', n);
    const unkept = runs.hot - kept;
    expect(unkept).toBeLessThan(HOT / 100);
    // Rounds of one-off replies (each asked twice, so kept once), more than the cache holds in all,
    // between rounds of the hot ones.
    const ONCE = PURE_REPLIES_MAX - HOT + 300;
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < ONCE; n++) {
        await ask('once', round * ONCE + n);
        await ask('once', round * ONCE + n);
      }
      const before = runs.hot;
      for (let n = 0; n < HOT; n++) await ask('hot', n);
      expect(runs.hot - before).toBe(unkept); // every hot reply kept before is still kept
    }
    expect(runs.once).toBe(6 * ONCE);
    // The one-off leaf cycled through what was left: its latest reply is kept, its first is not.
    await ask('once', 3 * ONCE - 1);
    expect(runs.once).toBe(6 * ONCE);
    await ask('once', 0);
    expect(runs.once).toBe(6 * ONCE + 1);
    clearPureReplies();
    await store.close();
  });
});
