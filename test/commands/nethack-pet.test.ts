// /nethack pet food|diet|hunger through the real pipeline. Expected values are
// worked from src/dog.c dogfood() and src/dogmove.c (3.6.7 lines named per test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCommandGroup } from '../../src/pipeline/types.ts';
import { petGroup } from '../../commands/nethack/pet.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

let h: Harness;
const cmd = defineCommandGroup({ name: 'nethack', description: 'x', subcommands: [], groups: [petGroup] });
beforeAll(async () => {
  h = await createHarness({ commands: [cmd] });
});
afterAll(async () => {
  await h.close();
});
const res = (r: { result: unknown }) => r.result as Record<string, any>;

describe('/nethack pet food', () => {
  it('acceptance: little dog + "potion of water" is APPORT (dog.c:850) with its fetch-training meaning; cursed UNDEF (856)', async () => {
    const r = await h.ask('/nethack pet food pet:"little dog" item:"potion of water"');
    expect(res(r)).toMatchObject({ category: 'APPORT', item: { oclass: 'POTION_CLASS' }, training: { fetched: true } });
    expect(res(r).citations[0]).toMatchObject({ file: 'src/dog.c', line: 850 });
    expect(r.embeds[0]!.title).toBe(
      "Little dog won't eat a potion of water, but fetches it: fine for fetch training (APPORT)",
    );
    expect(JSON.stringify(r.details)).toContain('For training');
    const c = await h.ask('/nethack pet food pet:"little dog" item:"potion of water" cursed:true');
    expect(res(c)).toMatchObject({ category: 'UNDEF', training: { fetched: false } });
    expect(res(c).citations[0]).toMatchObject({ file: 'src/dog.c', line: 856 });
  });
  it('"wand of striking" and 5.0-only monsters resolve per version', async () => {
    expect(res(await h.ask('/nethack pet food pet:kitten item:"wand of striking"')).category).toBe('APPORT');
    expect(res(await h.ask('/nethack pet food pet:"displacer beast" item:"tripe ration" version:5.0')).category).toBe(
      'DOGFOOD',
    );
    const no = await h.ask('/nethack pet food pet:"displacer beast" item:"tripe ration"');
    expect(no.ephemeral).toBe(true);
    expect(JSON.stringify(no.result)).toContain('not_in_version');
  });
  it('kitten + tripe ration is a treat (dog.c:789), with the reason and sources', async () => {
    const r = await h.ask('/nethack pet food pet:kitten item:"tripe ration"');
    const j = res(r);
    expect(j.category).toBe('DOGFOOD');
    expect(j.branch.id).toBe('meat-treat');
    expect(j.version).toBe('3.6.7');
    expect(j.citations[0]).toMatchObject({ file: 'src/dog.c', line: 789 });
    expect(r.embeds[0]!.title).toContain('treat');
    expect(JSON.stringify(r.details)).toContain('dog.c:789');
    // kitten is small: 200 × 6 (dogmove.c:161)
    expect(j.meal.nutrition).toBe(1200);
  });
  it('"never" comes first ("never catches or eats it"); a 3.4.3 footer names the short commit', async () => {
    const r = await h.ask('/nethack pet food pet:kitten item:"lichen corpse" version:3.4.3');
    expect(res(r).meaning.thrownAtPet.catches).toEqual({ normal: false, hungry: false, starving: false });
    const meaning = r.details![0]!.fields!.find((f) => f.name === 'What it means')!.value;
    expect(meaning).toContain('Thrown at your pet: **never** catches or eats it');
    expect(meaning).not.toContain('**never**.');
    expect(r.embeds[0]!.footer!.text).toContain('NetHack 3.4.3 (ad815fc)');
    expect(JSON.stringify([r.embeds, r.details].flat().map((e) => e!.footer))).not.toMatch(/[0-9a-f]{40}/);
  });
  it('lichen corpse is human food to a kitten (dog.c:803 vegan, carnivore)', async () => {
    expect(res(await h.ask('/nethack pet food pet:kitten item:"lichen corpse"')).category).toBe('MANFOOD');
  });
  it('cockatrice corpse is POISON (dog.c:754) and the wiki note says taboo', async () => {
    const r = await h.ask('/nethack pet food pet:kitten item:"cockatrice corpse"');
    expect(res(r).category).toBe('POISON');
    expect(res(r).wikiDiffers.join(' ')).toContain('taboo');
  });
  it('an old corpse: 50 turns is POISON (dog.c:793), 49 is not', async () => {
    expect(res(await h.ask('/nethack pet food pet:kitten item:"jackal corpse" corpse_age:50')).category).toBe('POISON');
    expect(res(await h.ask('/nethack pet food pet:kitten item:"jackal corpse" corpse_age:49')).category).toBe(
      'CADAVER',
    );
  });
  it('apple for a pony is a treat (dog.c:821)', async () => {
    expect(res(await h.ask('/nethack pet food pet:pony item:apple')).category).toBe('DOGFOOD');
  });
  it('banana for a monkey is a treat (dog.c:825) and tames it', async () => {
    const j = res(await h.ask('/nethack pet food pet:monkey item:banana'));
    expect(j.category).toBe('DOGFOOD');
    expect(j.meaning.thrownAtWild.effect).toBe('tames');
  });
  it('garlic: MANFOOD for a kitten, ACCFOOD when starving (dog.c:815)', async () => {
    expect(res(await h.ask('/nethack pet food pet:kitten item:"clove of garlic"')).category).toBe('MANFOOD');
    expect(res(await h.ask('/nethack pet food pet:kitten item:"clove of garlic" pet_state:starving')).category).toBe(
      'ACCFOOD',
    );
  });
  it('3.4.3: cockatrice corpse is TABU (3.4.3 dog.c:660)', async () => {
    const j = res(await h.ask('/nethack pet food pet:kitten item:"cockatrice corpse" version:3.4.3'));
    expect([j.category, j.version]).toEqual(['TABU', '3.4.3']);
  });
  it('artifacts answer with odds (zap.c obj_resists 95%)', async () => {
    const r = await h.ask('/nethack pet food pet:kitten item:Excalibur cursed:true');
    expect(res(r).outcomes.map((o: any) => o.probability)).toEqual([0.95, 0.05]);
    expect(JSON.stringify(r.embeds)).toContain('95%');
  });
  it('fuzzy names resolve; unknown ones are a friendly error', async () => {
    expect(res(await h.ask('/nethack pet food pet:kiten item:"tripe ratoin"')).category).toBe('DOGFOOD');
    const bad = await h.ask('/nethack pet food pet:kitten item:zzzzqqq');
    expect(bad.ephemeral).toBe(true);
    expect(res(bad).error.code).toBe('unknown_item');
  });
  it('globs do not exist in 3.4.3', async () => {
    const r = await h.ask('/nethack pet food pet:kitten item:"glob of gray ooze" version:3.4.3');
    expect(res(r).error.code).toBe('not_in_version');
  });
  it('hide makes the reply ephemeral', async () => {
    expect((await h.ask('/nethack pet food pet:kitten item:apple hide:true')).ephemeral).toBe(true);
  });
});

describe('/nethack pet diet', () => {
  it('pony: apple and carrot are the treats, listed first', async () => {
    const r = await h.ask('/nethack pet diet pet:pony');
    const j = res(r);
    expect(j.byCategory[0]).toEqual({ category: 'DOGFOOD', items: ['apple', 'carrot'] });
    expect(r.embeds[0]!.title).toMatch(/^Pony \(herbivore\) treats: apple, carrot; /);
    expect(r.details![0]!.fields!.length).toBeLessThanOrEqual(25);
    for (const f of r.details![0]!.fields!) expect(f.value.length).toBeLessThanOrEqual(1024);
  });
});

describe('/nethack pet hunger', () => {
  it('starting kitten at turn 1500: hungry, weak at 1502 (dogmove.c:361), tripe ration -> 2700', async () => {
    const j = res(await h.ask('/nethack pet hunger pet:kitten turn:1500 food:"tripe ration"'));
    expect(j.status).toBe('hungry');
    expect(j.timeline.weakAt).toBe(1502);
    expect(j.afterFood.timeline.hungrytime).toBe(2700);
  });
  it('needs both last_meal_turn and last_meal', async () => {
    const r = await h.ask('/nethack pet hunger pet:kitten last_meal_turn:100');
    expect(res(r).error.code).toBe('bad_input');
  });
});

describe('autocomplete and size', () => {
  it('items and pets autocomplete fuzzily', async () => {
    expect((await h.complete('/nethack pet food', 'item', 'lichen c')).map((c) => c.value)).toContain('lichen corpse');
    expect((await h.complete('/nethack pet food', 'item', 'cockatrice')).map((c) => c.value)).toContain(
      'cockatrice corpse',
    );
    expect((await h.complete('/nethack pet food', 'pet', 'kitt')).map((c) => c.value)).toContain('kitten');
    // A one-letter query still answers within Discord's 25 choices (speed is measured by npm run bench).
    expect((await h.complete('/nethack pet food', 'item', 'e')).length).toBe(25);
  });
  it('option descriptions are short and the group definition is small', () => {
    const json = cmd.definition;
    let total = 0;
    const walk = (o: any) => {
      total += (o.name?.length ?? 0) + (o.description?.length ?? 0);
      for (const c of o.choices ?? []) total += String(c.name).length + String(c.value).length;
      if (o.description) expect(o.description.length).toBeLessThanOrEqual(60);
      for (const s of o.options ?? []) walk(s);
    };
    for (const o of json.options ?? []) walk(o);
    expect(total).toBeLessThan(2500);
  });
});
