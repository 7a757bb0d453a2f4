// /hero import (issue 16 point 1) through the real pipeline: each sample the import tests annotate
// with the game code that prints it becomes the hero it describes, after the user confirms.
// Expected values are read off the samples' own text; the confirmation must show every value read
// (with its line) and every assumption.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttachmentReader } from '../../src/pipeline/attachments.ts';
import { dispatch } from '../../src/pipeline/dispatch.ts';
import type { Invoker, Reply } from '../../src/pipeline/types.ts';
import { importText } from '../../src/import/index.ts';
import { heroKey } from '../../src/heroes/repo.ts';
import { createLogger } from '../../src/log.ts';
import { readLines } from '../../commands/hero/import.ts';
import { fixture } from '../import/fixtures.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
const r = (x: { result: unknown }) => x.result as Any;
const confirm = (reply: Reply, u: Invoker) => h.press(reply.buttons![0]!.customId, u);

/** The text a line of the console reads as `text:"..."`: line breaks typed as \n. */
const asTextOption = (text: string) => `"${text.trim().replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function file(name: string): string {
  const path = join(h.fileDir, name);
  writeFileSync(path, fixture(name));
  return path;
}

/** The confirmation shows every value read (with its line) and every assumption. */
function expectShowsEverything(reply: Reply, text: string) {
  const shown = JSON.stringify(reply.embeds).replace(/\\"/g, '"');
  const imported = importText(text);
  for (const line of readLines(imported.fields)) expect(shown, line).toContain(line.slice(0, 60));
  for (const a of imported.assumptions) expect(shown, a.field).toContain(`${a.field} = ${String(a.value)}`);
  expect(r(reply).assumed.map((a: Any) => a.field)).toEqual(
    expect.arrayContaining(imported.assumptions.map((a) => a.field)),
  );
  expect(r(reply).import).toEqual(JSON.parse(JSON.stringify(imported)));
}

describe('each sample creates the hero it describes (acceptance)', () => {
  it('a 3.6.7 bottom line (tty), pasted', async () => {
    const u: Invoker = { id: 'imp1', name: 'i' };
    const text = fixture('nethack-3.6.7-tty.botl.txt');
    const ask = await h.ask(`/hero import text:${asTextOption(text)}`, u);
    expect(r(ask)).toMatchObject({ confirm: 'import', pending: true, target: { mode: 'new' } });
    expect(ask.ephemeral).toBe(true);
    expectShowsEverything(ask, text);
    expect(await h.store.get(heroKey(u.id))).toBeUndefined(); // nothing before the confirmation
    const made = r(await confirm(ask, u));
    // "Agnes the Stripling St:18/50 Dx:14 Co:17 In:8 ... Neutral / Dlvl:3 ... Xp:1/12 T:1234 Hungry Burdened"
    expect(made.hero).toMatchObject({
      name: 'Agnes',
      role: 'Valkyrie',
      race: 'human',
      alignment: 'neutral',
      con: 17,
      int: 8,
      xl: 1,
    });
    expect(made.hero).toMatchObject({
      turn: 1234,
      nutrition: 51,
      encumbrance: 'Burdened',
      leftRing: null,
      amulet: null,
      intrinsics: [],
    });
    expect(made.version).toBe('3.6.7');
    expect(made.hero.conducts.vegan.status).toBe('unknown'); // a status line does not show conducts
    expect(made.hero.prayer.known).toBe(false);
  });

  it('a 5.0 bottom line, as Discord sends it (both lines joined in one option)', async () => {
    const u: Invoker = { id: 'imp2', name: 'i' };
    const text = fixture('nethack-5.0.botl.txt');
    const joined = text.trim().split('\n').join(' ');
    const ask = await h.ask(`/hero import text:"${joined}"`, u);
    expectShowsEverything(ask, text);
    const made = r(await confirm(ask, u));
    // "Ninnie the Evoker St:10 Dx:16 Co:12 In:18 ... Neutral / Dlvl:2 ... Xp:2 T:777 Weak Grab NetHack 5.0.0"
    expect(made.version).toBe('5.0');
    expect(made.hero).toMatchObject({
      name: 'Ninnie',
      role: 'Wizard',
      con: 12,
      int: 18,
      xl: 2,
      turn: 777,
      nutrition: 1,
      encumbrance: 'Unencumbered',
    });
    expect(made.status).toBe('Weak');
  });

  it('a 3.6 dumplog, attached: rings, amulet, intrinsics, conducts and foods', async () => {
    const u: Invoker = { id: 'imp3', name: 'i' };
    const path = file('nethack-3.6.7.dumplog.txt');
    const ask = await h.ask(`/hero import file:${path}`, u);
    expectShowsEverything(ask, fixture('nethack-3.6.7.dumplog.txt'));
    expect(r(ask).dropped.join(' ')).toContain('partly eaten'); // the partly eaten tripe ration
    const made = r(await confirm(ask, u));
    expect(made.hero).toMatchObject({
      name: 'Agnes',
      role: 'Valkyrie',
      race: 'human',
      alignment: 'neutral',
      con: 17,
      int: 8,
      xl: 10,
      turn: 8243,
      nutrition: 51,
      encumbrance: 'Burdened',
      leftRing: { label: 'ring of slow digestion' },
      rightRing: { label: 'ring of protection +1' },
      amulet: 'amulet of life saving',
      intrinsics: ['regeneration'],
    });
    // "You were vegetarian." only: foodless and vegan broken (show_conduct() prints the strongest kept).
    expect(made.hero.conducts).toMatchObject({
      foodless: { status: 'broken' },
      vegan: { status: 'broken' },
      vegetarian: { status: 'kept' },
    });
    expect(made.hero.foods).toEqual([
      { name: 'food ration', count: 2, buc: 'uncursed' },
      { name: 'lembas wafer', count: 1, buc: 'blessed' },
      { name: 'tin of newt meat', count: 3, buc: 'uncursed' },
      { name: 'lichen corpse', count: 1, buc: 'uncursed' },
    ]);
  });

  it('a DCSS 0.13 dump, attached: species, gear, mutations, foods', async () => {
    const u: Invoker = { id: 'imp4', name: 'i' };
    const path = file('crawl-0.13.dump.txt');
    const text = fixture('crawl-0.13.dump.txt');
    const ask = await h.ask(`/hero import file:${path}`, u);
    expectShowsEverything(ask, text);
    const made = r(await confirm(ask, u));
    const band = importText(text).hunger;
    // "Grub the Ruffian (Kobold Berserker) Turns: 5821", "You are hungry.", ring of sustenance, gourmand,
    // "A: ... carnivore 3, fast metabolism 1, saprovore 2", "3 bread rations", "a beef jerky".
    expect(made.version).toBe('0.13');
    expect(made.hero).toMatchObject({ name: 'Grub', species: 'Kobold', turn: 5821, int: 8, value: band.band.min });
    expect(made.hero.gear).toMatchObject({ sustenanceRings: 1, gourmand: true, hungerRings: 0, trollLeather: false });
    expect(made.hero.mutations).toEqual({ metabolism: 1, carnivore: 3, saprovore: 2 });
    expect(made.hero.foods).toEqual([
      { name: 'bread ration', count: 3 },
      { name: 'beef jerky', count: 1 },
    ]);
    expect(made.level).toBe('Hungry');
  });
});

describe('import: refusals change nothing', () => {
  const u: Invoker = { id: 'imp5', name: 'i' };
  it('unknown text and malformed text answer privately', async () => {
    const unknown = await h.ask('/hero import text:"hello there, how hungry am I?"', u);
    expect(r(unknown).error.code).toBe('unrecognized_import');
    expect(unknown.ephemeral).toBe(true);
    const bad = await h.ask('/hero import text:"Dlvl:1 $:0 HP:12(12) Pw:2(2) AC:7 Xp:1/0 T:0"', u);
    expect(r(bad).error.code).toBe('malformed_import');
    expect(r(await h.ask('/hero import', u)).error.code).toBe('missing_option');
    expect(r(await h.ask(`/hero import file:${join(h.fileDir, 'nowhere.txt')}`, u)).error.code).toBe('bad_attachment');
    expect(await h.store.get(heroKey(u.id))).toBeUndefined();
  });

  it("the confirmation is one use, the owner's only, and Cancel ends it", async () => {
    const text = fixture('nethack-3.6.7-tty.botl.txt');
    const ask = await h.ask(`/hero import text:${asTextOption(text)}`, u);
    expect(r(await h.press(ask.buttons![0]!.customId, { id: 'other', name: 'o' })).error.code).toBe('not_yours');
    await h.press(ask.buttons![1]!.customId, u); // Cancel
    expect(r(await confirm(ask, u)).error.code).toBe('stale_button');
    expect(await h.store.get(heroKey(u.id))).toBeUndefined();
    const again = await h.ask(`/hero import text:${asTextOption(text)}`, u);
    expect(r(await confirm(again, u)).hero.name).toBe('Agnes');
    expect(r(await confirm(again, u)).error.code).toBe('stale_button');
  });
});

describe('import: updating a hero keeps what the text does not show', () => {
  it('rings, amulet and a nutrition inside the status band stay; what the text shows changes', async () => {
    const u: Invoker = { id: 'imp6', name: 'i' };
    await h.ask('/hero new name:Agnes turn:1000', u);
    await h.ask('/hero wear hand:left ring:"ring of regeneration"', u);
    await h.ask('/hero set nutrition:120', u);
    const text = fixture('nethack-3.6.7-tty.botl.txt'); // Hungry: 51..150, T:1234
    const ask = await h.ask(`/hero import text:${asTextOption(text)}`, u);
    expect(r(ask).target).toMatchObject({ mode: 'update', heroName: 'Agnes' });
    expect(r(ask).kept.map((k: Any) => k.field)).toEqual(expect.arrayContaining(['leftRing', 'nutrition']));
    const updated = r(await confirm(ask, u));
    expect(updated.hero).toMatchObject({
      nutrition: 120,
      turn: 1234,
      con: 17,
      leftRing: { label: 'ring of regeneration' },
    });
    expect(updated.log.at(-1).kind).toBe('import');
    expect(r(await h.ask('/hero undo', u)).hero.turn).toBe(1000); // an import is undoable
  });

  it('a same-named hero of the other game is not overwritten', async () => {
    const u: Invoker = { id: 'imp7', name: 'i' };
    await h.ask('/hero new name:Grub game:crawl', u);
    const ask = await h.ask(`/hero import text:${asTextOption(fixture('nethack-3.6.7-tty.botl.txt'))} name:Grub`, u);
    expect(r(ask).error.code).toBe('duplicate_hero');
  });
});

describe('import: a Discord attachment is read from the CDN only (a local stand-in here)', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/dump.txt') res.end(fixture('nethack-3.6.7.dumplog.txt'));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (attachments: Any, reader = createAttachmentReader({ hosts: ['127.0.0.1'], allowHttp: true })) =>
    dispatch(
      {
        kind: 'command',
        commandName: 'hero',
        subcommand: 'import',
        options: { file: '1100000000000000001' },
        attachments,
        user: { id: 'imp8', name: 'i' },
        channelId: '2200000000000000002',
      },
      {
        registry: h.registry,
        services: { store: h.store, logger: createLogger('silent'), attachments: reader },
        transport: 'http',
      },
    );

  it('reads the resolved attachment and asks to create the hero', async () => {
    const url = `${base}/dump.txt`;
    const reply = await run({
      '1100000000000000001': { id: '1100000000000000001', url, size: 4000, filename: 'dump.txt' },
    });
    expect(r(reply)).toMatchObject({ confirm: 'import', hero: { name: 'Agnes', game: 'nethack' } });
  });

  it('refuses a file from anywhere but the configured hosts, and a missing attachment, changing nothing', async () => {
    const strict = createAttachmentReader(); // Discord's CDN only
    const other = await run(
      { '1100000000000000001': { id: '1100000000000000001', url: `${base}/dump.txt`, size: 10 } },
      strict,
    );
    expect(r(other).error.code).toBe('bad_attachment');
    const missing = await run(undefined);
    expect(r(missing).error.code).toBe('bad_attachment');
    expect(await h.store.get(heroKey('imp8'))).toBeUndefined();
  });
});
