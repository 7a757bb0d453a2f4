// Finished replies of pure invocations given no name are kept: the same options, reply style and
// transport get the very same finished reply without running the handler again; anything else
// (a name given, a reply style, an error, a write) runs as before.
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import {
  clearPureReplies,
  dispatch,
  PURE_REPLIES_MAX,
  Registry,
  type DispatchDeps,
} from '../../src/pipeline/dispatch.ts';
import { integer, text } from '../../src/pipeline/options.ts';
import { defineCommandGroup, defineSubcommand, withLazyDetails, type Invocation } from '../../src/pipeline/types.ts';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/store.ts';
import { userSettingsKey, writeSettings } from '../../src/settings/settings.ts';
import { openPairLeaves } from '../helpers/pureLeaves.ts';

function probe(runs: { count: number }) {
  const options = {
    n: integer('n', { min: 0, max: 10, example: 1 }).required(),
    food: text('a food name'),
  };
  const run = ({ n, food, hide }: { n: number; food?: string; hide?: boolean }) => {
    runs.count++;
    if (n === 9) throw new Error('a bug');
    const reply = { embeds: [{ title: `n=${n} food=${food ?? '-'}` }], result: { n, food }, ephemeral: hide };
    return withLazyDetails(reply, () => [{ title: `details of ${n}` }]);
  };
  return defineCommandGroup({
    name: 'probe',
    description: 'test',
    subcommands: [
      defineSubcommand({ name: 'pure', description: 'pure', example: '/probe pure n:1', options, run }),
      defineSubcommand({ name: 'read', description: 'read', example: '/probe read n:1', options, run, access: 'read' }),
    ],
  });
}

async function setup() {
  const runs = { count: 0 };
  const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));
  const store = await openStore('memory://');
  const deps: DispatchDeps = { registry: new Registry([probe(runs)]), services: { store, logger }, transport: 'http' };
  const inv = (subcommand: string, options: Invocation['options'], userId = '1'): Invocation => ({
    kind: 'command',
    commandName: 'probe',
    subcommand,
    options,
    user: { id: userId, name: 'u' },
  });
  return { runs, store, deps, inv };
}

describe('finished replies of pure invocations', () => {
  it('options asked again get the same finished reply, for any user, without running the handler again', async () => {
    clearPureReplies();
    const { runs, store, deps, inv } = await setup();
    // Kept from the second asking: a reply asked once is not kept (it would only be promoted and
    // collected later), and the same options asked again run once more, then are kept.
    const once = await dispatch(inv('pure', { n: 3 }, '1'), deps);
    const first = await dispatch(inv('pure', { n: 3 }, '2'), deps);
    expect(runs.count).toBe(2);
    expect(first).not.toBe(once);
    expect(JSON.stringify(first)).toBe(JSON.stringify(once));
    const again = await dispatch(inv('pure', { n: 3 }, '3'), deps);
    expect(again).toBe(first);
    expect(runs.count).toBe(2);
    expect(first.buttons?.map((b) => b.label)).toEqual(['Details']);
    const other = await dispatch(inv('pure', { n: 4 }), deps);
    expect(other.embeds[0]!.title).toBe('n=4 food=-');
    expect(await dispatch(inv('pure', { n: 4 }), deps)).not.toBe(other);
    expect(runs.count).toBe(4);
    // hide:true is an option like any other: a private reply is never handed to a public question.
    for (let i = 0; i < 3; i++) expect((await dispatch(inv('pure', { n: 3, hide: true }), deps)).ephemeral).toBe(true);
    expect(first.ephemeral).toBeFalsy();
    expect((await dispatch(inv('pure', { n: 3 }), deps)).ephemeral).toBeFalsy();
    expect(runs.count).toBe(6);
    await store.close();
  });

  it('of many options asked once each, none is kept; asked a second time, each is', async () => {
    clearPureReplies();
    const { runs, store, deps, inv } = await setup();
    const probes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10].flatMap((n): Invocation['options'][] => [{ n }, { n, hide: true }]);
    for (const options of probes) await dispatch(inv('pure', options), deps);
    expect(runs.count).toBe(probes.length);
    const kept = [];
    for (const options of probes) kept.push(await dispatch(inv('pure', options), deps));
    expect(runs.count).toBe(2 * probes.length);
    for (const [i, options] of probes.entries()) expect(await dispatch(inv('pure', options), deps)).toBe(kept[i]);
    expect(runs.count).toBe(2 * probes.length);
    await store.close();
  });

  it('a typed name, a read-only leaf, another reply style or an error runs the handler every time', async () => {
    const { runs, store, deps, inv } = await setup();
    await dispatch(inv('pure', { n: 3, food: 'apple' }), deps);
    await dispatch(inv('pure', { n: 3, food: 'apple' }), deps);
    expect(runs.count).toBe(2);
    await dispatch(inv('read', { n: 3 }), deps);
    await dispatch(inv('read', { n: 3 }), deps);
    expect(runs.count).toBe(4);
    const failed = await dispatch(inv('pure', { n: 9 }), deps);
    await dispatch(inv('pure', { n: 9 }), deps);
    expect(runs.count).toBe(6);
    expect((failed.result as { error: { code: string } }).error.code).toBe('internal_error');
    const compact = await dispatch(inv('pure', { n: 5 }, '7'), deps);
    await writeSettings(store, userSettingsKey('8'), { replies: 'detailed' });
    const detailed = await dispatch(inv('pure', { n: 5 }, '8'), deps);
    expect(runs.count).toBe(8);
    expect(compact.embeds[0]!.title).toBe('n=5 food=-');
    expect(detailed.embeds[0]!.title).toBe('details of 5');
    await store.close();
  });
});

describe('room in the kept replies', () => {
  it("one leaf's replies asked twice and never again do not push out another leaf's replies asked again and again", async () => {
    const { runs, ask, store } = await openPairLeaves(['hot', 'oneOff']);
    const HOT = 200;
    for (let round = 0; round < 2; round++) for (let n = 0; n < HOT; n++) await ask('hot', n);
    // Kept now, but for the few whose options share a slot of the asked-once table with another's.
    const before = runs.hot;
    for (let n = 0; n < HOT; n++) await ask('hot', n);
    const unkept = runs.hot - before;
    expect(unkept).toBeLessThan(10);
    // More one-off replies than the whole cache holds, each asked twice (so each is kept once).
    const ONE_OFF = PURE_REPLIES_MAX + 500;
    for (let n = 0; n < ONE_OFF; n++) {
      await ask('oneoff', n);
      await ask('oneoff', n);
    }
    expect(runs.oneOff).toBe(2 * ONE_OFF);
    const after = runs.hot;
    for (let n = 0; n < HOT; n++) await ask('hot', n);
    expect(runs.hot - after).toBe(unkept); // every hot reply kept before was still kept
    // The one-off leaf cycled through its own share: its latest reply is kept, its first is not.
    await ask('oneoff', ONE_OFF - 1);
    expect(runs.oneOff).toBe(2 * ONE_OFF);
    await ask('oneoff', 0);
    expect(runs.oneOff).toBe(2 * ONE_OFF + 1);
    clearPureReplies();
    await store.close();
  });

  it('within a leaf, a reply asked again since it was kept outlives older ones that were not', async () => {
    const { runs, ask: askPair, store } = await openPairLeaves(['hot', 'oneOff']);
    const ask = (n: number) => askPair('oneoff', n);
    const keep = async (n: number) => (await ask(n), await ask(n));
    for (let n = 0; n < PURE_REPLIES_MAX; n++) await keep(n);
    // The first two are kept, and asked again.
    let before = runs.oneOff;
    await ask(0);
    await ask(1);
    expect(runs.oneOff - before).toBe(0);
    await keep(PURE_REPLIES_MAX); // full: room is made
    before = runs.oneOff;
    await ask(0); // asked again since it was kept: passed over, still kept
    expect(runs.oneOff - before).toBe(0);
    await ask(2); // the oldest not asked again: gone
    expect(runs.oneOff - before).toBe(1);
    clearPureReplies();
    await store.close();
  });
});
