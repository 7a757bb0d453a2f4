// Food conducts on heroes (issue 16 point 2) through the real pipeline. What a meal breaks comes
// from eat.c's rules (conduct.ts, itself checked against a transcription of eat.c): a tripe ration
// is flesh (breaks vegan and vegetarian), an egg is flesh but not meat (vegan only), a cream pie has
// milk (vegan only), an apple is veggy (foodless only), a lichen corpse is vegan (F_LICHEN).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heroKey } from '../../src/heroes/repo.ts';
import type { Invoker } from '../../src/pipeline/types.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
const r = (x: { result: unknown }) => x.result as Any;
const press = (reply: { buttons?: { label: string; customId: string }[] }, label: string, u: Invoker) =>
  h.press(reply.buttons!.find((b) => b.label === label)!.customId, u);

describe('a vegan hero eating a tripe ration (acceptance)', () => {
  const u: Invoker = { id: 'vegan1', name: 'v' };
  it('is asked first; /hero show lists vegan as broken after it', async () => {
    await h.ask('/hero new name:Leaf', u);
    await h.ask('/hero conduct name:foodless state:broken', u); // already ate something vegan
    const ask = await h.ask('/hero eat food:"tripe ration"', u);
    expect(r(ask)).toMatchObject({ confirm: 'eat', pending: true, choke: false });
    expect(r(ask).conducts.breaks).toEqual(['vegan', 'vegetarian']);
    expect(ask.embeds[0]!.title).toContain('breaks vegan and vegetarian conduct');
    expect(ask.buttons!.map((b) => b.label)).toEqual(['Eat it anyway', "Don't eat"]);
    const stored = (await h.store.get(heroKey(u.id))) as Any;
    expect(stored.heroes[0].nethack.conducts.vegan.status).toBe('kept'); // nothing yet
    expect(stored.heroes[0].pending).toMatchObject({ kind: 'eat', food: 'tripe ration' });

    const ate = await press(ask, 'Eat it anyway', u);
    expect(r(ate).conducts.breaks).toEqual(['vegan', 'vegetarian']);
    expect(ate.embeds[0]!.description).toContain('Breaks vegan and vegetarian conduct');
    const shown = await h.ask('/hero show chart:false', u);
    // The meal's actions are at T .. T + actions - 1, then one turn passes: it started at T.
    const turn = r(ate).hero.turn - r(ate).meal.actions;
    expect(r(shown).conducts.vegan).toEqual({ status: 'broken', turn, food: 'tripe ration' });
    expect(r(shown).conducts.vegetarian.status).toBe('broken');
    expect(shown.embeds[0]!.description).toContain('broken: foodless, vegan, vegetarian');
    const details = await h.press(shown.buttons!.find((b) => b.label === 'Details')!.customId, u);
    expect(JSON.stringify(details.embeds)).toContain(`vegan broken (T${turn}, tripe ration)`);
  });
});

describe('every meal says what it does to the conducts', () => {
  const u: Invoker = { id: 'vegan2', name: 'v' };
  it('asks only for conducts still kept; says so otherwise', async () => {
    await h.ask('/hero new name:Sprout', u);
    // The first meal of a hero met at turn 1 breaks foodless: asked.
    const first = await h.ask('/hero eat food:apple', u);
    expect(r(first).conducts.breaks).toEqual(['foodless']);
    const apple = await press(first, 'Eat it anyway', u);
    expect(apple.embeds[0]!.description).toContain('Breaks foodless conduct (kept so far).');
    // A second apple breaks nothing kept: no question, and the reply says it.
    const second = await h.ask('/hero eat food:apple', u);
    expect(r(second).confirm).toBeUndefined();
    expect(second.embeds[0]!.description).toContain('Breaks no conduct still kept (foodless already broken).');
    // An egg is flesh but not meat: vegan only.
    const egg = await h.ask('/hero eat food:egg', u);
    expect(r(egg).conducts.breaks).toEqual(['vegan']);
    await press(egg, "Don't eat", u);
    expect(r(await press(egg, 'Eat it anyway', u)).error.code).toBe('stale_button'); // cancelled means gone
    const pie = await h.ask('/hero eat food:"cream pie"', u);
    expect(r(pie).conducts.breaks).toEqual(['vegan']);
    expect(r(await press(pie, 'Eat it anyway', u)).hero.conducts).toMatchObject({
      vegan: { status: 'broken', food: 'cream pie' },
      vegetarian: { status: 'kept' },
    });
    const lichen = await h.ask('/hero eat food:"lichen corpse"', u);
    expect(r(lichen).confirm).toBeUndefined(); // lichens are vegan
  });

  it('an untracked hero (met mid-game) is never asked; the reply says what it would break', async () => {
    const m: Invoker = { id: 'vegan3', name: 'm' };
    await h.ask('/hero new name:Later turn:4000', m);
    const ate = await h.ask('/hero eat food:"tripe ration"', m);
    expect(r(ate).confirm).toBeUndefined();
    expect(r(ate).conducts.untrackedBreaks).toEqual(['foodless', 'vegan', 'vegetarian']);
    expect(ate.embeds[0]!.description).toContain(
      'Would break foodless, vegan and vegetarian (not tracked for this hero).',
    );
    await h.ask('/hero conduct name:vegetarian state:kept', m);
    const again = await h.ask('/hero eat food:"tripe ration"', m);
    expect(r(again).conducts.breaks).toEqual(['vegetarian']);
  });

  it('a meal that chokes and breaks a conduct asks once, saying both', async () => {
    const c: Invoker = { id: 'vegan4', name: 'c' };
    await h.ask('/hero new name:Stuffed', c);
    await h.ask('/hero set nutrition:1990', c);
    const ask = await h.ask('/hero eat food:"food ration"', c);
    expect(r(ask)).toMatchObject({ confirm: 'eat', choke: true });
    expect(ask.embeds[0]!.title).toMatch(/would choke.*\(and breaks foodless conduct\)/);
  });

  it('a Monk loses 1 alignment on every meat meal (violated_vegetarian())', async () => {
    const k: Invoker = { id: 'vegan5', name: 'k' };
    await h.ask('/hero new name:Brother role:Monk', k);
    await h.ask('/hero conduct name:all state:untracked', k);
    const before = r(await h.ask('/hero show chart:false', k)).hero.alignmentRecord;
    expect(before).toBe(10); // src/role.c: Monk initrecord 10
    const meat = r(await h.ask('/hero eat food:"tripe ration"', k));
    expect(meat.hero.alignmentRecord).toBe(9);
    expect(r(await h.ask('/hero eat food:"tripe ration"', k)).hero.alignmentRecord).toBe(8);
  });
});

describe('/hero conduct', () => {
  it('sets, refuses no-ops and Crawl heroes', async () => {
    const u: Invoker = { id: 'vegan6', name: 'v' };
    await h.ask('/hero new name:Keeper', u);
    expect(r(await h.ask('/hero conduct name:vegan state:kept', u)).error.code).toBe('no_change');
    expect(r(await h.ask('/hero conduct name:all state:broken', u)).hero.conducts.vegetarian.status).toBe('broken');
    const c: Invoker = { id: 'vegan7', name: 'c' };
    await h.ask('/hero new name:Crawly game:crawl', c);
    expect(r(await h.ask('/hero conduct name:vegan state:kept', c)).error.code).toBe('wrong_game');
  });
});
