// Sharing (issue 16 point 4) through the real pipeline: /hero share, /hero show user:, /party;
// nobody changes someone else's hero, and a hero not shared is never shown to anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoker } from '../../src/pipeline/types.ts';
import { dispatch } from '../../src/pipeline/dispatch.ts';
import { partyKey } from '../../src/heroes/party.ts';
import { heroKey } from '../../src/heroes/repo.ts';
import { userSettingsKey } from '../../src/settings/settings.ts';
import { createLogger } from '../../src/log.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
const r = (x: { result: unknown }) => x.result as Any;

const ann: Invoker = { id: '1001', name: 'ann' };
const bob: Invoker = { id: '1002', name: 'bob' };
const cat: Invoker = { id: '1003', name: 'cat' };
const tavern = { channelId: '5001', guildId: '9001' };
const elsewhere = { channelId: '5002', guildId: '9001' };

describe('/hero show user: of a hero not shared (acceptance)', () => {
  it('answers a private "not shared" and reveals nothing', async () => {
    await h.ask('/hero new name:Secretia', ann, tavern);
    const seen = await h.ask(`/hero show user:<@${ann.id}>`, bob, tavern);
    expect(r(seen).error.code).toBe('not_shared');
    expect(seen.ephemeral).toBe(true);
    expect(JSON.stringify(seen)).not.toMatch(/Secretia|Valkyrie|900/);
    // The same answer as for a user with no heroes at all, and for a name that exists but is not shared.
    const nobody = await h.ask(`/hero show user:${cat.id}`, bob, tavern);
    expect(r(nobody).error.message.replace(cat.id, 'X')).toBe(r(seen).error.message.replace(ann.id, 'X'));
    const byName = await h.ask(`/hero show user:${ann.id} hero:Secretia`, bob, tavern);
    expect(r(byName).error).toEqual(r(seen).error);
  });

  it('a record that cannot be read is private too', async () => {
    await h.store.set(heroKey('1009'), { schemaVersion: 4, userId: '1009', heroes: 'broken' });
    expect(r(await h.ask('/hero show user:1009', bob, tavern)).error.code).toBe('not_shared');
  });
});

describe("/hero share and someone else's shared hero", () => {
  it('shows a shared hero read-only; nothing the viewer does changes it', async () => {
    const shared = await h.ask('/hero share state:on', ann, tavern);
    expect(r(shared).hero).toMatchObject({ shared: true });
    expect(shared.embeds[0]!.description).toContain('/party lists shared heroes');
    const seen = await h.ask(`/hero show user:${ann.id} chart:false`, bob, tavern);
    expect(r(seen)).toMatchObject({ readOnly: true, sharedBy: ann.id, hero: { name: 'Secretia' } });
    expect(seen.embeds[0]!.footer!.text).toContain('shared, read-only');
    // Details work for the viewer, as the viewer, reading the shared hero again.
    const details = await h.press(seen.buttons!.find((b) => b.label === 'Details')!.customId, bob, tavern);
    expect(details.embeds[0]!.title).toContain('Secretia');
    // Bob's commands act on Bob's own record: he has no hero, so nothing of Ann's moves.
    expect(r(await h.ask('/hero wait turns:100 hero:Secretia', bob, tavern)).error.code).toBe('no_hero');
    expect(r(await h.ask(`/hero show chart:false`, ann, tavern)).hero.turn).toBe(1);
    // Ann's buttons are Ann's: Bob pressing her Undo is refused.
    expect(r(await h.press(`hero:undo:${r(shared).hero.id}`, bob, tavern)).error.code).toBe('not_yours');
  });

  it('/hero share off hides it again', async () => {
    await h.ask('/hero share state:off', ann, tavern);
    expect(r(await h.ask(`/hero show user:${ann.id}`, bob, tavern)).error.code).toBe('not_shared');
    await h.ask('/hero share state:on', ann, tavern);
  });
});

describe('/party', () => {
  it('lists the shared heroes of people who shared or looked here, with status and next milestone', async () => {
    await h.ask('/hero new name:Bobbin game:crawl species:Troll', bob, tavern);
    await h.ask('/hero share state:on', bob, elsewhere); // shared in another channel
    let party = r(await h.ask('/party', cat, tavern));
    expect(party.heroes.map((x: Any) => x.hero.name)).toEqual(['Secretia']);
    expect(party.heroes[0]).toMatchObject({
      userId: ann.id,
      state: 'Not Hungry at 900',
      next: 'Hungry in 750 turns (turn 751)',
    });
    expect(party.rule).toContain("bots can't see member lists");
    // Bob uses /hero show in the tavern: now he is one of its members.
    await h.ask('/hero show chart:false', bob, tavern);
    party = r(await h.ask('/party', cat, tavern));
    expect(party.heroes.map((x: Any) => x.hero.name).sort()).toEqual(['Bobbin', 'Secretia']);
    const bobbin = party.heroes.find((x: Any) => x.hero.name === 'Bobbin');
    expect(bobbin.state).toMatch(/^Satiated at 6,000$|at 6,000$/);
    expect(bobbin.next).toMatch(/turns$/);
    // Unshared heroes never appear, even for members.
    await h.ask('/hero new name:Hidden', ann, tavern);
    party = r(await h.ask('/party', cat, tavern));
    expect(party.heroes.map((x: Any) => x.hero.name)).not.toContain('Hidden');
    const shown = await h.ask('/party', cat, tavern);
    expect(JSON.stringify(shown.embeds)).not.toContain('Hidden');
  });

  it('needs a channel', async () => {
    const reply = await dispatch(
      { kind: 'command', commandName: 'party', options: {}, user: cat },
      { registry: h.registry, services: { store: h.store, logger: createLogger('silent') }, transport: 'http' },
    );
    expect(r(reply).error.code).toBe('no_channel');
  });
});

describe('export and delete everything include the settings and the party listings', () => {
  it('exports the settings record; deleting everything removes it and the party entries', async () => {
    await h.ask('/settings nethack_version:3.4.3', ann, tavern);
    const exported = r(await h.ask('/hero export', ann, tavern));
    expect(exported.settings).toMatchObject({ schemaVersion: 1, values: { nethackVersion: '3.4.3' } });
    expect(exported.record.channels.map((c: Any) => c.channelId)).toContain(tavern.channelId);
    const ask = await h.ask('/hero delete everything:true', ann, tavern);
    await h.press(ask.buttons!.find((b) => b.label === 'Delete everything')!.customId, ann, tavern);
    expect(await h.store.get(heroKey(ann.id))).toBeUndefined();
    expect(await h.store.get(userSettingsKey(ann.id))).toBeUndefined();
    const index = (await h.store.get(partyKey(tavern.channelId))) as Any;
    expect(Object.keys(index.members)).not.toContain(ann.id);
    // A new command sees the built-in version again (the settings are gone, not cached).
    expect(r(await h.ask('/nethack status nutrition:150', ann, tavern)).version).toBe('3.6.7');
    expect(r(await h.ask('/party', cat, tavern)).heroes.map((x: Any) => x.hero.name)).toEqual(['Bobbin']);
  });
});
