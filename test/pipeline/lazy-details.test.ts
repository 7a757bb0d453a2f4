// Details built only when read: a compact reply never builds its full breakdown, yet every reader
// (the Details button, detailed replies, tests) sees the same truncated embeds as before.
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { dispatch, finalizeReply, Registry } from '../../src/pipeline/dispatch.ts';
import { EMBED_TITLE_MAX } from '../../src/pipeline/limits.ts';
import { integer } from '../../src/pipeline/options.ts';
import {
  defineCommandGroup,
  defineSubcommand,
  hasDetails,
  lazyDetailsOf,
  replyWith,
  withLazyDetails,
  type Invocation,
} from '../../src/pipeline/types.ts';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/store.ts';
import { userSettingsKey, writeSettings } from '../../src/settings/settings.ts';

function probe(built: { count: number }) {
  return defineCommandGroup({
    name: 'probe',
    description: 'test',
    subcommands: [
      defineSubcommand({
        name: 'go',
        description: 'go',
        example: '/probe go n:1',
        options: { n: integer('n', { min: 0, max: 10, example: 1 }).required() },
        run: ({ n }) =>
          withLazyDetails({ embeds: [{ title: `n=${n}` }], result: { n } }, () => {
            built.count++;
            return [{ title: `details of ${n} ${'x'.repeat(400)}` }];
          }),
      }),
    ],
  });
}

async function setup() {
  const built = { count: 0 };
  const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));
  const store = await openStore('memory://');
  const deps = { registry: new Registry([probe(built)]), services: { store, logger }, transport: 'console' as const };
  const inv = (userId: string): Invocation => ({
    kind: 'command',
    commandName: 'probe',
    subcommand: 'go',
    options: { n: 3 },
    user: { id: userId, name: 'u' },
  });
  return { built, store, deps, inv };
}

describe('lazy details', () => {
  it('a compact reply gets its Details button without building the details; reading them builds them once, truncated', async () => {
    const { built, store, deps, inv } = await setup();
    const reply = await dispatch(inv('1'), deps);
    expect(built.count).toBe(0);
    expect(reply.buttons?.map((b) => b.label)).toEqual(['Details']);
    expect(hasDetails(reply)).toBe(true);
    expect(reply.details![0]!.title!.length).toBe(EMBED_TITLE_MAX);
    expect(reply.details![0]!.title!.startsWith('details of 3 ')).toBe(true);
    expect(reply.details).toBe(reply.details);
    expect(built.count).toBe(1);
    expect(lazyDetailsOf(reply)).toBeUndefined();
    await store.close();
  });

  it('a user who chose detailed replies gets the details at once, as before', async () => {
    const { built, store, deps, inv } = await setup();
    await writeSettings(store, userSettingsKey('2'), { replies: 'detailed' });
    const reply = await dispatch(inv('2'), deps);
    expect(built.count).toBe(1);
    expect(reply.embeds[0]!.title!.startsWith('details of 3 ')).toBe(true);
    expect(reply.buttons ?? []).toEqual([]);
    await store.close();
  });

  it('copies keep them lazy; JSON and an explicit replacement see the built or the given value', () => {
    let count = 0;
    const reply = withLazyDetails({ embeds: [], result: null }, () => [{ title: `built ${++count}` }]);
    const copy = replyWith(reply, { ephemeral: true }, (d) => d.map((e) => ({ ...e, title: `${e.title}!` })));
    expect(count).toBe(0);
    expect(copy.ephemeral).toBe(true);
    expect(JSON.parse(JSON.stringify(copy)).details).toEqual([{ title: 'built 1!' }]);
    const replaced = replyWith(reply, { details: [{ title: 'mine' }] });
    expect(replaced.details).toEqual([{ title: 'mine' }]);
    expect(finalizeReply(withLazyDetails({ embeds: [], result: null }, () => [])).details).toEqual([]);
    expect(hasDetails({ embeds: [], result: null })).toBe(false);
  });
});
