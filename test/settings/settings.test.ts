// /settings: a user's defaults, a server's defaults (Manage Server only), applied by the pipeline
// before validation when the user gave no value; a slow or broken store never stops an answer.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry, dispatch } from '../../src/pipeline/dispatch.ts';
import type { Invoker, Reply } from '../../src/pipeline/types.ts';
import { createLogger } from '../../src/log.ts';
import {
  canManageServer,
  cachedSettings,
  readSettings,
  SETTINGS_CACHE_MS,
  SETTINGS_DEADLINE_MS,
  userSettingsKey,
  writeSettings,
} from '../../src/settings/settings.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { StorageError } from '../../src/errors.ts';
import { runLine } from '../../src/transport/console.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const res = (r: Reply) => r.result as any;
const GUILD = '1300000000000000001';
const MANAGE_GUILD = String(1 << 5);
const ADMINISTRATOR = String(1 << 3);

/** A line typed by `user` in the server GUILD with these permissions. */
function inServer(line: string, user: Invoker, permissions = '0') {
  return runLine(line, {
    registry: h.registry,
    services: { store: h.store, logger: createLogger('silent') },
    fileDir: h.fileDir,
    user,
    guildId: GUILD,
    permissions,
  });
}

describe('a user’s own defaults', () => {
  const me: Invoker = { id: 'u-me', name: 'me' };
  it('/settings nethack_version:3.4.3 makes the next /nethack forecast use 3.4.3, and every reply names it', async () => {
    expect(res(await h.ask('/nethack forecast nutrition:900', me)).version).toBe('3.6.7');
    const saved = await h.ask('/settings nethack_version:3.4.3', me);
    expect(res(saved).effective.nethackVersion).toEqual({ value: '3.4.3', source: 'user' });
    expect(saved.ephemeral).toBe(true);
    const next = await h.ask('/nethack forecast nutrition:900', me);
    expect(res(next).version).toBe('3.4.3');
    expect(next.embeds[0]!.footer!.text).toContain('NetHack 3.4.3');
    // Options the user types still win.
    expect(res(await h.ask('/nethack forecast nutrition:900 version:5.0', me)).version).toBe('5.0');
    // Someone else pressing the Details button sees the 3.4.3 answer, not their own default.
    const details = await h.press(next.buttons!.find((b) => b.label === 'Details')!.customId, {
      id: 'u-other',
      name: 'other',
    });
    expect(res(details).version).toBe('3.4.3');
    // Other users are untouched.
    expect(res(await h.ask('/nethack forecast nutrition:900', { id: 'u-other', name: 'other' })).version).toBe('3.6.7');
  });

  it('crawl version, detailed replies and charts', async () => {
    const u: Invoker = { id: 'u-detail', name: 'd' };
    await h.ask('/settings crawl_version:0.14 replies:detailed chart:true', u);
    const r = await h.ask('/crawl forecast value:5900 species:Troll', u);
    expect(res(r).version).toBe('0.14');
    expect(r.buttons?.some((b) => b.label === 'Details')).toBeFalsy();
    expect(r.embeds.at(-1)!.title).toMatch(/^Sources \(\d+\)$/); // the full breakdown at once
    expect(r.files?.[0]?.name).toBe('crawl-forecast.png');
    expect(r.embeds[0]!.image?.url).toBe('attachment://crawl-forecast.png');
    // /hero new follows the default version of the game asked for.
    expect(res(await h.ask('/hero new name:Gnomey game:crawl', u)).version).toBe('0.14');
    // Autocomplete follows the version the command will use: Formicids exist from 0.14 on.
    expect((await h.complete('/crawl rate', 'species', 'formi', u)).map((c) => c.value)).toContain('Formicid');
    expect((await h.complete('/crawl rate', 'species', 'formi')).map((c) => c.value)).not.toContain('Formicid');
    // reset goes back to the built-in defaults
    const reset = await h.ask('/settings reset:true', u);
    expect(res(reset).effective.crawlVersion).toEqual({ value: '0.13', source: 'built-in' });
    expect(res(await h.ask('/crawl status value:1000', u)).version).toBe('0.13');
  });
});

describe('a server’s defaults', () => {
  const admin: Invoker = { id: 'u-admin', name: 'admin' };
  const member: Invoker = { id: 'u-member', name: 'member' };
  const picky: Invoker = { id: 'u-picky', name: 'picky' };
  it('only Manage Server (or Administrator) may set them', async () => {
    expect(canManageServer(MANAGE_GUILD)).toBe(true);
    expect(canManageServer(ADMINISTRATOR)).toBe(true);
    expect(canManageServer('0')).toBe(false);
    expect(canManageServer(undefined)).toBe(false);
    const denied = await inServer('/settings scope:server crawl_version:0.14', member);
    expect(res(denied).error.code).toBe('missing_permission');
    expect(res(await inServer('/settings scope:server crawl_version:0.14', admin, MANAGE_GUILD)).server).toEqual({
      crawlVersion: '0.14',
    });
    // Looking at them needs no permission.
    expect(res(await inServer('/settings scope:server', member)).server).toEqual({ crawlVersion: '0.14' });
    // Outside a server there is no server scope.
    expect(res(await h.ask('/settings scope:server crawl_version:0.15', admin)).error.code).toBe('no_server');
  });

  it('apply to members who set none; a member’s own choice wins; other servers and DMs keep the built-in', async () => {
    const r = await inServer('/crawl status value:1000', member);
    expect(res(r).version).toBe('0.14');
    expect(r.embeds[0]!.footer!.text).toContain('Crawl 0.14');
    await inServer('/settings crawl_version:0.15', picky);
    expect(res(await inServer('/crawl status value:1000', picky)).version).toBe('0.15');
    expect(res(await h.ask('/crawl status value:1000', member)).version).toBe('0.13');
  });
});

describe('a slow or broken store never stops a stateless answer', () => {
  const registry = new Registry(commands);
  async function withStore(store: Store) {
    return dispatch(
      {
        kind: 'command',
        commandName: 'nethack',
        subcommand: 'status',
        options: { nutrition: 150 },
        user: { id: 'x', name: 'x' },
      },
      { registry, services: { store, logger: createLogger('silent') }, transport: 'console' },
    );
  }
  let base: Store;
  beforeAll(async () => {
    base = await openStore('memory://');
  });
  afterAll(() => base.close());
  /** The memory store with `get` replaced. */
  const withGet = (get: Store['get']): Store => {
    const store = Object.create(base) as Store;
    return Object.assign(store, { get });
  };
  it('a store that never answers: the built-in defaults, within the deadline', async () => {
    const hanging = withGet(() => new Promise(() => {}));
    // Without the deadline this would never settle (and the test would time out).
    const view = await readSettings(hanging, { userId: 'x', guildId: GUILD }, SETTINGS_DEADLINE_MS);
    expect(view.degraded).toBe(true);
    expect(view.effective.nethackVersion).toEqual({ value: '3.6.7', source: 'built-in' });
    const r = await withStore(hanging);
    expect(res(r)).toMatchObject({ status: 'Hungry', version: '3.6.7' });
  });
  it('a store that fails: the built-in defaults', async () => {
    const broken = withGet(async () => {
      throw new StorageError('down');
    });
    const r = await withStore(broken);
    expect(res(r)).toMatchObject({ status: 'Hungry', version: '3.6.7' });
    expect(r.buttons?.[0]?.label).toBe('Details'); // the button is encoded in its id: no store needed
  });
});

describe('reading settings from this process cache', () => {
  it('serves a cached pair without the store and shares one view, and a write is seen at once', async () => {
    const store = await openStore('memory://');
    const who = { userId: '1500000000000000001', guildId: GUILD };
    const first = await readSettings(store, who);
    let reads = 0;
    const get = store.get.bind(store);
    store.get = ((key: string) => (reads++, get(key))) as Store['get'];
    const again = await readSettings(store, who);
    expect(reads).toBe(0);
    expect(again).toBe(first);
    expect(again.effective.replies).toEqual({ value: 'compact', source: 'built-in' });
    await writeSettings(store, userSettingsKey(who.userId), { replies: 'detailed' });
    const changed = await readSettings(store, who);
    expect(changed).not.toBe(first);
    expect(changed.effective.replies).toEqual({ value: 'detailed', source: 'user' });
    expect(first.effective.replies.value).toBe('compact');
    await store.close();
  });
});

describe('settings in use are read again ahead of their time', () => {
  afterEach(() => vi.useRealTimers());
  /** A memory store whose reads are counted, made at once and answered when released. */
  async function heldStore() {
    const store = await openStore('memory://');
    const get = store.get.bind(store);
    const held: (() => void)[] = [];
    let reads = 0;
    store.get = ((key: string) => {
      reads++;
      const read = get(key);
      return new Promise<unknown>((resolve, reject) => held.push(() => read.then(resolve, reject)));
    }) as Store['get'];
    const release = async () => {
      for (const go of held.splice(0)) go();
      await new Promise((r) => setTimeout(r, 0));
    };
    return { store, reads: () => reads, release };
  }
  const who = { userId: '1500000000000000002' };
  const key = userSettingsKey(who.userId);

  it('a cached record used in its second half is read again in the background; its answer is never older than the cache time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = await heldStore();
    const first = readSettings(s.store, who);
    await s.release();
    const view = await first;
    expect(s.reads()).toBe(1);
    // First half: from the cache, no read.
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_MS / 2 - 1);
    expect(cachedSettings(s.store, who)).toBe(view);
    expect(s.reads()).toBe(1);
    // Another process changes the record (the same SQLite file): this one sees it within the cache time.
    await s.store.set(key, { schemaVersion: 1, values: { replies: 'detailed' }, updatedAt: new Date().toISOString() });
    // Second half: still answered from the cache at once, and one read starts in the background.
    vi.setSystemTime(Date.now() + 2);
    const started = Date.now();
    expect(cachedSettings(s.store, who)).toBe(view);
    expect(cachedSettings(s.store, who)).toBe(view);
    expect(s.reads()).toBe(2); // one read, however often it is asked meanwhile
    await s.release();
    expect(cachedSettings(s.store, who)?.effective.replies).toEqual({ value: 'detailed', source: 'user' });
    // The fresh read counts from when it started: past the old record's time, no read is needed.
    vi.setSystemTime(started + SETTINGS_CACHE_MS / 2 - 1);
    expect(cachedSettings(s.store, who)?.effective.replies.value).toBe('detailed');
    expect(s.reads()).toBe(2);
    vi.setSystemTime(started + SETTINGS_CACHE_MS);
    expect(cachedSettings(s.store, who)).toBeUndefined();
    await s.store.close();
  });

  it('a write made here while the background read runs wins over it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = await heldStore();
    const first = readSettings(s.store, who);
    await s.release();
    await first;
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_MS / 2 + 1);
    expect(cachedSettings(s.store, who)?.effective.replies.value).toBe('compact');
    expect(s.reads()).toBe(2); // the background read, held
    // The write's own read of the record goes through the real store (update, not get).
    await writeSettings(s.store, key, { replies: 'detailed' });
    await s.release(); // the background read answers now, with what it read before the write
    expect(cachedSettings(s.store, who)?.effective.replies).toEqual({ value: 'detailed', source: 'user' });
    await s.store.close();
  });

  it('a failed background read changes nothing: the record runs out and the next command reads the store', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = await openStore('memory://');
    const view = await readSettings(store, who);
    const get = store.get.bind(store);
    let reads = 0;
    store.get = (async () => {
      reads++;
      throw new StorageError('down');
    }) as Store['get'];
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_MS / 2 + 1);
    expect(cachedSettings(store, who)).toBe(view);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(1);
    expect(cachedSettings(store, who)).toBe(view); // no second read while the first one's record lasts
    expect(reads).toBe(1);
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_MS);
    expect(cachedSettings(store, who)).toBeUndefined();
    store.get = get;
    await store.close();
  });
});
