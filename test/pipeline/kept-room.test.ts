// Room in the kept pure replies is made in the leaf holding the most replies not asked again since
// they were kept: a leaf asked again and again keeps every reply it holds even when they are more
// than half of the cache, while another leaf's replies asked twice and never again cycle through
// what is left (the rule before this one, "the largest leaf", cut the hot leaf down to half).
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  clearPureReplies,
  dispatch,
  PURE_REPLIES_MAX,
  Registry,
  type DispatchDeps,
} from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { integer } from '../../src/pipeline/options.ts';
import { defineCommandGroup, defineSubcommand } from '../../src/pipeline/types.ts';
import { openStore } from '../../src/store/store.ts';

function pair(runs: { hot: number; once: number }) {
  const options = { n: integer('n', { min: 0, max: 1_000_000, example: 1 }).required() };
  const leaf = (name: 'hot' | 'once') =>
    defineSubcommand({
      name,
      description: name,
      example: `/pair ${name} n:1`,
      options,
      run: ({ n }: { n: number }) => (runs[name]++, { embeds: [{ title: `${name} ${n}` }], result: { n } }),
    });
  return defineCommandGroup({ name: 'pair', description: 'test', subcommands: [leaf('hot'), leaf('once')] });
}

describe('room in the kept replies', () => {
  it('a hot leaf holding more than half of them keeps all it holds while another cycles through the rest', async () => {
    clearPureReplies();
    const runs = { hot: 0, once: 0 };
    const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));
    const store = await openStore('memory://');
    const deps: DispatchDeps = { registry: new Registry([pair(runs)]), services: { store, logger }, transport: 'http' };
    const ask = (subcommand: string, n: number) =>
      dispatch(
        { kind: 'command', commandName: 'pair', subcommand, options: { n }, user: { id: '1', name: 'u' } },
        deps,
      );
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
