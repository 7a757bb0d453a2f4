// Every shape of broken record, written raw into each real backend (SQLite file, Redis,
// PostgreSQL): /hero says the record is unreadable (never "storage unavailable" or "no hero"),
// reading changes nothing, export hands back the exact stored text, and delete removes it after
// confirmation. The delete button only works with the nonce the bot issued, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { heroKey } from '../../src/heroes/repo.ts';
import { CORRUPT_SHAPES } from '../helpers/corrupt.ts';
import { figures } from '../helpers/figures.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { readRaw, writeRaw } from '../helpers/rawStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-corrupt-'));
const fig = figures(import.meta.url);
afterAll(() => {
  fig.save();
  rmSync(dir, { recursive: true, force: true });
});

const BACKENDS = [
  { name: 'SQLite', url: () => `sqlite://${join(dir, 'corrupt.sqlite')}` },
  { name: 'Redis', url: () => inject('redisUrl') },
  { name: 'PostgreSQL', url: () => inject('postgresUrl') },
];

type ErrorResult = { error?: { code: string; message: string } };
const errorOf = (r: { result: unknown }) => (r.result as ErrorResult).error;

for (const backend of BACKENDS) {
  describe(`broken records on ${backend.name}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness({ storeUrl: backend.url() });
    });
    afterAll(async () => h?.close());

    CORRUPT_SHAPES.forEach((shape, i) => {
      it(shape.name, async () => {
        if (shape.sqlOnly && backend.name === 'Redis') return;
        const user = { id: `corrupt-${backend.name}-${i}`, name: 'c' };
        const key = heroKey(user.id);
        await writeRaw(backend.url(), key, shape.text);
        fig.add('faults injected');

        for (const line of ['/hero show', '/hero wait turns:1', '/hero new name:Other', '/hero list', '/hero delete']) {
          const r = await h.ask(line, user);
          expect(r.ephemeral, line).toBe(true);
          expect(errorOf(r), line).toMatchObject({
            code: 'corrupt_record',
            message: expect.stringMatching(shape.reason),
          });
        }
        // No read and no refused change ever alters (or deletes) the record.
        expect(await readRaw(backend.url(), key)).toBe(shape.text);

        const exported = await h.ask('/hero export', user);
        expect(exported.ephemeral).toBe(true);
        const file = JSON.parse(exported.files![0]!.data.toString()) as {
          record: unknown;
          unreadable?: { text: string; reason: string };
        };
        if (shape.storeLevel) {
          expect(file.record).toBeNull();
          expect(file.unreadable).toEqual({ text: shape.text ?? '', reason: expect.stringMatching(shape.reason) });
          expect((exported.result as { unreadable: { text: string } }).unreadable.text).toBe(shape.text ?? '');
        } else {
          expect(file.record).toEqual((JSON.parse(shape.text!) as { value: unknown }).value);
        }
        expect(await readRaw(backend.url(), key)).toBe(shape.text);

        const ask = await h.ask('/hero delete everything:true', user);
        const confirm = ask.buttons!.find((b) => b.style === 'danger')!;
        const deleted = await h.press(confirm.customId, user);
        expect(deleted.result).toEqual({ deleted: 'all' });
        expect(await readRaw(backend.url(), key)).toBeUndefined();
        expect(errorOf(await h.ask('/hero show', user))).toMatchObject({ code: 'no_hero' });
        // And the user can start over.
        expect(errorOf(await h.ask('/hero new name:Fresh', user))).toBeUndefined();
      });
    });
  });
}

describe('the delete confirmation nonce', () => {
  let h: Harness;
  const user = { id: 'nonce-user', name: 'n' };
  beforeAll(async () => {
    h = await createHarness({ storeUrl: inject('redisUrl') });
  });
  afterAll(async () => h?.close());

  it('a forged or reused delete button does nothing; a cancelled one neither', async () => {
    await h.ask('/hero new name:Keep', user);
    const forged = await h.press(`hero:delete:${user.id}:all:0123456789abcdef`, user);
    expect(errorOf(forged)).toMatchObject({ code: 'stale_button' });
    expect(errorOf(await h.press(`hero:delete:${user.id}:all`, user))).toMatchObject({ code: 'stale_button' });
    expect(await h.store.get(heroKey(user.id))).toBeDefined();

    const ask = await h.ask('/hero delete everything:true', user);
    const [confirm, cancel] = [
      ask.buttons!.find((b) => b.style === 'danger')!,
      ask.buttons!.find((b) => b.style === 'secondary')!,
    ];
    await h.press(cancel.customId, user);
    expect(errorOf(await h.press(confirm.customId, user))).toMatchObject({ code: 'stale_button' });
    expect(await h.store.get(heroKey(user.id))).toBeDefined();

    const again = await h.ask('/hero delete everything:true', user);
    const ok = again.buttons!.find((b) => b.style === 'danger')!;
    expect((await h.press(ok.customId, user)).result).toEqual({ deleted: 'all' });
    await h.ask('/hero new name:Second', user);
    // The same button pressed again later: already used.
    expect(errorOf(await h.press(ok.customId, user))).toMatchObject({ code: 'stale_button' });
    expect(await h.store.get(heroKey(user.id))).toBeDefined();
    fig.add('faults injected', 4);
  });
});
