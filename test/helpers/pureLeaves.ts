// Two pure leaves of a test command `/pair`, over a wide range of options and each counting its
// runs, dispatched as the HTTP endpoint dispatches: for the tests of the kept pure replies.
import { Writable } from 'node:stream';
import { clearPureReplies, dispatch, Registry, type DispatchDeps } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { integer } from '../../src/pipeline/options.ts';
import { defineCommandGroup, defineSubcommand } from '../../src/pipeline/types.ts';
import { openStore, type Store } from '../../src/store/store.ts';

export interface PairLeaves<N extends string> {
  /** Runs of each leaf's handler (a kept reply does not run it). */
  runs: Record<N, number>;
  /** `/pair <subcommand> n:<n>` from one user; the subcommand is the leaf's name in lower case. */
  ask: (subcommand: string, n: number) => ReturnType<typeof dispatch>;
  store: Store;
}

/** A fresh `/pair` with leaves `names` over a memory store, the kept replies cleared first. */
export async function openPairLeaves<N extends string>(names: readonly [N, N]): Promise<PairLeaves<N>> {
  clearPureReplies();
  const runs = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  const options = { n: integer('n', { min: 0, max: 1_000_000, example: 1 }).required() };
  const leaf = (name: N) =>
    defineSubcommand({
      name: name.toLowerCase(),
      description: name,
      example: `/pair ${name.toLowerCase()} n:1`,
      options,
      run: ({ n }: { n: number }) => (runs[name]++, { embeds: [{ title: `${name} ${n}` }], result: { n } }),
    });
  const command = defineCommandGroup({ name: 'pair', description: 'test', subcommands: names.map(leaf) });
  const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));
  const store = await openStore('memory://');
  const deps: DispatchDeps = { registry: new Registry([command]), services: { store, logger }, transport: 'http' };
  const ask = (subcommand: string, n: number) =>
    dispatch({ kind: 'command', commandName: 'pair', subcommand, options: { n }, user: { id: '1', name: 'u' } }, deps);
  return { runs, ask, store };
}
