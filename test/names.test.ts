// The one name resolver (src/names.ts): exact or unique-prefix matches silently, punctuation-blind
// and spelling corrections only when clearly best (and reported in the reply), ambiguous names
// answered with their candidates; used alike by commands and engines.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AmbiguousNameError, collectReadings, matchName, resolveName } from '../src/names.ts';
import { crawlFood } from '../src/engine/crawl/index.ts';
import { foodNames } from '../src/engine/nethack/foods.ts';
import { resolveRing } from '../src/engine/nethack/burn.ts';
import type { Reply } from '../src/pipeline/types.ts';
import { createHarness, type Harness } from './helpers/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const res = (r: Reply) => r.result as any;
const FOODS = foodNames();

describe('matchName', () => {
  const kind = (q: string) => matchName(q, FOODS).kind;
  const item = (q: string) => {
    const m = matchName(q, FOODS);
    return 'item' in m ? m.item.name : null;
  };
  it('exact (case and spacing aside) and aliases', () => {
    expect([kind('Food  Ration'), item('Food  Ration')]).toEqual(['exact', 'food ration']);
    expect(item('spinach')).toBe('tin of spinach');
  });
  it('punctuation-blind is a reported reading, not a silent swap: "c ration" is the C-ration', () => {
    expect([kind('c ration'), item('c ration')]).toEqual(['loose', 'C-ration']);
  });
  it('unique prefixes and word prefixes are used silently', () => {
    expect([kind('lemb'), item('lemb')]).toEqual(['prefix', 'lembas wafer']);
    expect([kind('jack corp'), item('jack corp')]).toEqual(['prefix', 'jackal corpse']);
  });
  it('a spelling correction only when it is clearly the best', () => {
    expect([kind('food ratoin'), item('food ratoin')]).toEqual(['fuzzy', 'food ration']);
    expect([kind('jakal corpse'), item('jakal corpse')]).toEqual(['fuzzy', 'jackal corpse']);
  });
  it('"tin" is ambiguous: every tin, named ones first', () => {
    const m = matchName('tin', FOODS);
    expect(m.kind).toBe('ambiguous');
    const names = m.kind === 'ambiguous' ? m.candidates.map((c) => c.name) : [];
    // Names that start with "tin" first, shortest first; the varieties ("deep fried tin") after.
    expect(names.slice(0, 3)).toEqual(['tin of soup', 'tin of lichen', 'tin of spinach']);
    expect(names).toContain('deep fried tin');
    expect(names.indexOf('deep fried tin')).toBeGreaterThan(names.indexOf('tin of spinach'));
    expect(names.every((n) => n.includes('tin'))).toBe(true);
  });
  it('nothing close: suggestions only', () => {
    expect(kind('pizza slice')).toBe('unknown');
  });
});

describe('resolveName: errors and the reading scope', () => {
  it('throws the candidates for an ambiguous name and a friendly error for an unknown one', () => {
    expect(() => resolveName('tin', FOODS, 'food')).toThrow(AmbiguousNameError);
    expect(() => resolveName('zzqqy', FOODS, 'food')).toThrow(/I don't know the food "zzqqy"/);
  });
  it('engines note their corrections in the caller’s scope (no threading through handlers)', async () => {
    const { value, readings } = await collectReadings(() => crawlFood('0.13', 'bred ration'));
    expect(value.item.name).toBe('bread ration');
    expect(readings).toEqual([{ typed: 'bred ration', as: 'bread ration', what: 'food' }]);
    const silent = await collectReadings(() => crawlFood('0.13', 'bread'));
    expect([silent.value.item.name, silent.readings]).toEqual(['bread ration', []]);
  });
  it('a scope still collects after awaits, also once the scopes went idle and their hooks were turned off', async () => {
    vi.useFakeTimers();
    try {
      const later = async () => {
        await Promise.resolve();
        await new Promise<void>((r) => queueMicrotask(r));
        return crawlFood('0.13', 'bred ration');
      };
      const first = await collectReadings(later);
      expect(first.readings).toHaveLength(1);
      vi.advanceTimersByTime(5000);
      const [a, b] = await Promise.all([collectReadings(later), collectReadings(() => crawlFood('0.13', 'bread'))]);
      expect(a.readings).toEqual([{ typed: 'bred ration', as: 'bread ration', what: 'food' }]);
      expect(b.readings).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
  it('rings: "ring of regen" and "regeneration" both read as the ring of regeneration', () => {
    expect(resolveRing('ring of regen')?.label).toBe('ring of regeneration');
    expect(resolveRing('regeneration')?.label).toBe('ring of regeneration');
    expect(() => resolveRing('+2 ring of prot')).toThrow(/ring of protection, ring of protection from shape changers/);
    expect(resolveRing('+2 ring of protection')?.label).toBe('ring of protection +2');
  });
  it('the engines and the resolver never import the bot layer', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) =>
        statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith('.ts') ? [join(dir, f)] : [],
      );
    for (const f of [
      ...files('src/engine'),
      'src/names.ts',
      'src/errors.ts',
      ...files('src/heroes'),
      ...files('src/settings'),
    ]) {
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/from '[./]*\/bot\//);
    }
  });
});

describe('names through the pipeline', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('`c ration` is the C-ration, and the reply says so', async () => {
    const r = await h.ask('/nethack meal food:"c ration" nutrition:100');
    expect(res(r).food.name).toBe('C-ration');
    expect(r.readAs).toEqual([{ typed: 'c ration', as: 'C-ration', what: 'food' }]);
    expect(r.embeds[0]!.description).toContain('read "c ration" as C-ration');
  });

  it('`tin` answers with the candidates and a button for each; a button runs the command with it', async () => {
    const r = await h.ask('/nethack food name:tin');
    expect(res(r).error.code).toBe('ambiguous_name');
    expect(r.ephemeral).toBe(true);
    expect(r.embeds[0]!.description).toContain('tin of spinach');
    const spinach = r.buttons!.find((b) => b.label === 'tin of spinach')!;
    const picked = await h.press(spinach.customId);
    expect(res(picked).name).toBe('tin of spinach');
    expect(picked.asNewMessage).toBe(true);
  });

  it('a pick button of a command that changes data is only for the person who asked', async () => {
    await h.ask('/hero new name:Picky');
    const r = await h.ask('/hero eat food:tin');
    const button = r.buttons![0]!;
    expect(res(await h.press(button.customId, { id: 'someone-else', name: 'x' })).error.code).toBe('not_yours');
  });

  it('Crawl `item:bread` is the bread ration; unknown foods get suggestions', async () => {
    expect(res(await h.ask('/crawl food item:bread')).item.name).toBe('bread ration');
    const bad = await h.ask('/crawl food item:"bred ratoin"');
    expect(res(bad).item.name).toBe('bread ration');
    expect(bad.readAs?.[0]).toMatchObject({ as: 'bread ration' });
  });

  it('rings: `left_ring:regeneration` and `left_ring:"ring of regen"` agree', async () => {
    const a = res(await h.ask('/nethack forecast nutrition:900 left_ring:regeneration'));
    const b = res(await h.ask('/nethack forecast nutrition:900 left_ring:"ring of regen"'));
    expect(a.input.profile.leftRing.label).toBe('ring of regeneration');
    expect(b.milestones).toEqual(a.milestones);
  });

  it('roles, spells, species, abilities, amulets', async () => {
    expect(res(await h.ask('/nethack drain action:spell spell:"forse bolt" role:wiz int:18')).spell.spell).toBe(
      'force bolt',
    );
    expect(res(await h.ask('/crawl rate species:troll')).hero.species).toBe('Troll');
    expect(res(await h.ask('/crawl ability name:blnk')).ability.name).toBe('Blink');
    await h.ask('/hero new name:Amu');
    expect(res(await h.ask('/hero wear amulet:"life saving"')).hero.amulet).toBe('amulet of life saving');
  });
});
