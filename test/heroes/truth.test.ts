// Heroes tell the truth: a choked hero is "Choked to death" with no forecast or chart and an Undo;
// Crawl heroes wear Crawl's hunger gear and mutations exactly as /crawl rate reads them; fighting
// charges what /crawl drain what:melee says; version 2 records migrate to typed gear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../src/pipeline/types.ts';
import { heroKey } from '../../src/heroes/repo.ts';
import { HERO_SCHEMA_VERSION } from '../../src/heroes/schema.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const res = (r: Reply) => r.result as any;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('a hero who chokes', () => {
  it('shows "Choked to death", has no forecast or chart, and offers /hero undo', async () => {
    await h.ask('/hero new name:Glutton');
    await h.ask('/hero set nutrition:1990');
    const ask = await h.ask('/hero eat food:"food ration"');
    const eaten = await h.press(ask.buttons!.find((b) => b.label === 'Eat it anyway')!.customId);
    expect(res(eaten)).toMatchObject({ status: 'Choked', death: 'choked', milestones: [], chart: null });
    expect(eaten.embeds[0]!.title).toContain('Choked to death');
    expect(JSON.stringify(eaten.embeds)).not.toMatch(/Starved|Hungry in/);
    expect(eaten.embeds[0]!.description).toContain('/hero undo');
    const shown = await h.ask('/hero show'); // chart:true by default, but not for the dead
    expect(shown.files ?? []).toEqual([]);
    expect(shown.embeds[0]!.title).toBe('Glutton is Choked to death');
    expect(res(await h.ask('/hero wait turns:10')).error).toMatchObject({
      code: 'hero_dead',
      message: expect.stringContaining('choked to death'),
    });
    const undo = shown.buttons!.find((b) => b.label === 'Undo')!;
    expect(res(await h.press(undo.customId, { id: 'stranger', name: 's' })).error.code).toBe('not_yours');
    const back = await h.press(undo.customId);
    expect(res(back).hero).toMatchObject({ alive: true, death: null, nutrition: 1990 });
  });

  it('a starved hero says "Starved to death"', async () => {
    await h.ask('/hero set nutrition:0');
    const r = await h.ask('/hero wait turns:5000');
    expect(res(r)).toMatchObject({ status: 'Starved', death: 'starved' });
    expect(r.embeds[0]!.title).toContain('Starved to death');
  });
});

describe('a Crawl hero’s gear and mutations', () => {
  it('wears rings of sustenance, troll leather and an artefact exactly as /crawl rate reads them', async () => {
    await h.ask('/hero new name:Trog game:crawl species:Troll version:0.14');
    const worn = await h.ask('/hero wear gear:"2 rings of sustenance, troll leather armour, -1 Hunger artefact"');
    expect(res(worn).hero.gear).toEqual({
      sustenanceRings: 2,
      hungerRings: 0,
      regenerationRings: 0,
      trollLeather: true,
      artefactMetabolism: -1,
      gourmand: false,
    });
    const rate = res(
      await h.ask(
        '/crawl rate species:Troll gear:"2 rings of sustenance, troll leather armour, -1 Hunger artefact" version:0.14 value:6000',
      ),
    );
    expect(res(worn).rate).toEqual(rate.rate);
    const mutated = await h.ask('/hero set metabolism:3 carnivore:2');
    const rate2 = res(
      await h.ask(
        '/crawl rate species:Troll gear:"2 rings of sustenance, troll leather armour, -1 Hunger artefact" metabolism:3 version:0.14 value:6000',
      ),
    );
    expect(res(mutated).rate).toEqual(rate2.rate);
    // what the version refuses is refused for the hero too
    expect(res(await h.ask('/hero wear gear:"ring of hunger, ring of hunger"')).error.code).toBe('bad_input');
    const off = await h.ask('/hero remove gear:"ring of sustenance"');
    expect(res(off).hero.gear.sustenanceRings).toBe(1);
  });

  it('/hero attack charges what /crawl drain what:melee says, plus each turn’s rate', async () => {
    const before = res(await h.ask('/hero show chart:false'));
    const melee = res(await h.ask(`/crawl drain what:melee value:${before.hero.value} species:Troll version:0.14`));
    const attacked = res(await h.ask('/hero attack count:10'));
    expect(attacked.hero.value).toBe(before.hero.value - 10 * (melee.cost.expected + before.rate.expected));
  });

  it('the rings of hunger and sustenance are refused in 0.15, where they no longer exist', async () => {
    await h.ask('/hero new name:Later game:crawl version:0.15');
    expect(res(await h.ask('/hero wear ring:"ring of sustenance"')).error.code).toBe('removed_in_version');
  });
});

describe('schema 2 records', () => {
  it('migrate the untyped rate options to typed gear and mutations (undo snapshots too), and write 3 on the next change', async () => {
    const crawl = {
      species: 'Troll',
      value: 5000,
      turn: 10,
      int: 10,
      spellcasting: 0,
      alive: true,
      rate: { sustenanceRings: 1, metabolism: 3, trollLeather: true, nonsense: 'x' },
    };
    const core = { id: 'abcdef12', name: 'Oldie', createdAt: 'then', game: 'crawl', version: '0.13', crawl };
    const event = { at: 'then', kind: 'wait', summary: 'Waited.', turn: 10, nutrition: 5000 };
    const record = {
      schemaVersion: 2,
      userId: 'v2user',
      activeId: 'abcdef12',
      heroes: [{ ...core, log: [event], undo: [{ event, before: core }], pending: null }],
      updatedAt: 'then',
    };
    await h.store.set(heroKey('v2user'), record);
    const user = { id: 'v2user', name: 'v2' };
    const shown = res(await h.ask('/hero show chart:false', user));
    expect(shown.hero.gear).toMatchObject({ sustenanceRings: 1, trollLeather: true });
    expect(shown.hero.mutations).toEqual({ metabolism: 3 });
    expect(shown.hero.rate).toBeUndefined();
    expect(((await h.store.get(heroKey('v2user'))) as { schemaVersion: number }).schemaVersion).toBe(2); // reading changes nothing
    const undone = res(await h.ask('/hero undo', user));
    expect(undone.hero.gear.sustenanceRings).toBe(1);
    expect(((await h.store.get(heroKey('v2user'))) as { schemaVersion: number }).schemaVersion).toBe(
      HERO_SCHEMA_VERSION,
    );
  });
});

describe('schema 3 records', () => {
  it('read as schema 4 with nothing new known (no Luck, anger or prayers; conducts not tracked), and write 4 on the next change', async () => {
    const nethack = {
      role: 'Samurai',
      race: 'human',
      alignment: 'lawful',
      con: 16,
      int: 10,
      xl: 5,
      nutrition: 700,
      turn: 3000,
      leftRing: null,
      rightRing: null,
      amulet: null,
      yendor: false,
      intrinsics: [],
      encumbrance: 'Unencumbered',
      alive: true,
      death: null,
    };
    const core = { id: 'abcdef34', name: 'Threeish', createdAt: 'then', game: 'nethack', version: '3.6.7', nethack };
    const event = { at: 'then', kind: 'wait', summary: 'Waited.', turn: 3000, nutrition: 700 };
    const pending = { nonce: 'n1', food: 'food ration', expiresAt: '2999-01-01T00:00:00.000Z' };
    const record = {
      schemaVersion: 3,
      userId: 'v3user',
      activeId: 'abcdef34',
      heroes: [{ ...core, log: [event], undo: [{ event, before: core }], pending }],
      updatedAt: 'then',
    };
    await h.store.set(heroKey('v3user'), record);
    const user = { id: 'v3user', name: 'v3' };
    const shown = res(await h.ask('/hero show chart:false', user));
    expect(shown.hero).toMatchObject({
      shared: false,
      luck: 0,
      luckstone: 'none',
      alignmentRecord: null,
      godAnger: 0,
      foods: [],
    });
    expect(shown.hero.prayer).toEqual({ steps: [], history: [], known: false });
    expect(shown.hero.conducts.vegan).toEqual({ status: 'unknown', turn: null, food: null });
    expect(shown.prayer.assumptions.join(' ')).toContain('alignment record 10');
    expect(((await h.store.get(heroKey('v3user'))) as { schemaVersion: number }).schemaVersion).toBe(3); // reading changes nothing
    await h.ask('/hero wait turns:1', user);
    const stored = (await h.store.get(heroKey('v3user'))) as { schemaVersion: number; channels: unknown[] };
    expect(stored.schemaVersion).toBe(HERO_SCHEMA_VERSION);
    expect(stored.channels).toEqual([]);
    expect(HERO_SCHEMA_VERSION).toBe(4);
  });
});
