// The Details and pick buttons: the custom id carries the whole invocation, so any process can
// answer a press; ids too long for Discord are stored; old or forged ids never run the wrong thing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { decodePayload, encodePayload, leafFinder, optionsChecksum } from '../../src/pipeline/buttons.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import type { Reply } from '../../src/pipeline/types.ts';
import { createHarness } from '../helpers/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const res = (r: Reply) => r.result as any;
const registry = new Registry(commands);
const find = leafFinder((n) => registry.get(n));
const dir = mkdtempSync(join(tmpdir(), 'hungerbot-buttons-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the payload codec', () => {
  it('round-trips every kind of option: numbers, booleans, choices and text with spaces, quotes and unicode', () => {
    const leaf = find({ commandName: 'nethack', subcommand: 'forecast' })!;
    const ref = {
      commandName: 'nethack',
      subcommand: 'forecast',
      options: {
        nutrition: -45,
        turn: 12345,
        left_ring: 'ring of protection +2',
        amulet: true,
        encumbrance: 'Stressed',
        version: '5.0',
        asleep: false,
        right_ring: 'x_y~z "é"',
      },
    };
    const text = encodePayload(leaf, { ref, userId: '42' });
    expect(text).not.toMatch(/\s/); // `press <id>` in the console needs one token
    expect(decodePayload(find, text).payload).toEqual({ ref, userId: '42' });
  });
  it('a checksum of the option names: a button from a deploy whose options moved is stale, not misread', () => {
    const leaf = find({ commandName: 'nethack', subcommand: 'status' })!;
    const text = encodePayload(leaf, {
      ref: { commandName: 'nethack', subcommand: 'status', options: { nutrition: 150 } },
    });
    expect(text.split(':')[1]).toBe(optionsChecksum(leaf));
    const forged = text.replace(`:${optionsChecksum(leaf)}:`, ':zz:');
    expect(() => decodePayload(find, forged)).toThrow(/no longer works/);
  });
});

describe('pressing buttons', () => {
  it('a payload too long for 100 characters is stored, and another process with the same store answers it', async () => {
    const url = `sqlite://${join(dir, 'shared.sqlite')}`;
    const a = await createHarness({ storeUrl: url });
    const b = await createHarness({ storeUrl: url });
    try {
      const long =
        '/crawl rate species:"Deep Dwarf" gear:"ring of regeneration, ring of regeneration, +3 Hunger artefact, troll leather armour" hasted:true invisible:true berserk:true chei:true aut:15 version:0.14';
      const r = await a.ask(long);
      const id = r.buttons!.find((x) => x.label === 'Details')!.customId;
      expect(id).toMatch(/^details:@/);
      expect(id.length).toBeLessThanOrEqual(100);
      const shown = await b.press(id, { id: 'someone', name: 'x' });
      expect(res(shown)).toMatchObject({ kind: 'rate', version: '0.14' });
      expect(res(shown).rate).toEqual(res(r).rate);
      expect(shown.ephemeral).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a Details id naming a command that changes data is refused (a press never repeats a change)', async () => {
    const h = await createHarness();
    try {
      await h.ask('/hero new name:Once');
      const leaf = find({ commandName: 'hero', subcommand: 'wait' })!;
      const forged = `details:${encodePayload(leaf, { ref: { commandName: 'hero', subcommand: 'wait', options: { turns: 100 } }, userId: 'console' })}`;
      const r = await h.press(forged);
      expect(res(r).error.code).toBe('stale_button');
      expect(r.asNewMessage).toBe(true); // the error is private and leaves the pressed message alone
      expect(res(await h.ask('/hero show chart:false')).hero.turn).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('a /hero reply’s Details show the owner’s hero (read as them), privately, to whoever presses', async () => {
    const h = await createHarness();
    try {
      const waited = await h.ask('/hero new name:Owned');
      const id = waited.buttons!.find((b) => b.label === 'Details')!.customId;
      expect(id).toMatch(/^details:hero\.show:/);
      const shown = await h.press(id, { id: 'stranger', name: 's' });
      expect(res(shown).hero.name).toBe('Owned');
      expect(shown.ephemeral).toBe(true);
      // Pressing twice changes nothing (it is /hero show, not the command that answered).
      await h.press(id);
      expect(res(await h.ask('/hero log')).events).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});
