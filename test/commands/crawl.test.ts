// /crawl through the real pipeline (console syntax -> coercion -> zod -> handler -> embeds).
// The acceptance cases: Troll with sustenance, bread ration for Carnivore 2, hunger 1000 in
// 0.13 and 0.14, each checked against the value worked by hand from that version's code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { crawlCommand } from '../../commands/crawl/index.ts';
import { COMMAND_OPTION_LIMIT, COMMAND_TOTAL_CHARS_MAX } from '../../src/pipeline/limits.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ commands: [crawlCommand] });
});
afterAll(async () => {
  await h.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const res = (r: { result: unknown }) => r.result as any;

describe('/crawl acceptance', () => {
  // player.cc:1433 (0.13) / 1468 (0.14): trunc(9 x 3 / 5) = 5.
  it('rate species:Troll gear:"ring of sustenance" is 5 in 0.13 and 0.14, refused in 0.15', async () => {
    const r13 = await h.ask('/crawl rate species:Troll gear:"ring of sustenance"');
    expect(res(r13)).toMatchObject({ game: 'crawl', version: '0.13', kind: 'rate', rate: { expected: 5 } });
    expect(r13.embeds[0]!.footer!.text).toContain('0.13.2');
    const r14 = await h.ask('/crawl rate species:Troll gear:"ring of sustenance" version:0.14');
    expect(res(r14).rate.expected).toBe(5);
    const r15 = await h.ask('/crawl rate species:Troll gear:"ring of sustenance" version:0.15');
    expect(r15.ephemeral).toBe(true);
    expect(res(r15).error.code).toBe('removed_in_version');
  });
  // itemprop.cc:412 (0.13) bread ration 4400, -1000 per Carnivore level.
  it('food item:"bread ration" carnivore:2 is 2400', async () => {
    const r = await h.ask('/crawl food item:"bread ration" carnivore:2');
    expect(res(r)).toMatchObject({ kind: 'food', version: '0.13', nutrition: 2400, canEat: true });
    expect(JSON.stringify(r.embeds)).toContain('2,400');
  });
  // food.h:12: HUNGER_STARVING 1000 (0.13) / 900 (0.14).
  it('status value:1000 is Starving in 0.13, Near Starving in 0.14', async () => {
    const a = await h.ask('/crawl status value:1000');
    expect(res(a).state.name).toBe('Starving');
    const b = await h.ask('/crawl status value:1000 version:0.14');
    expect(res(b).state.name).toBe('Near Starving');
    expect(JSON.stringify(b.details)).toContain('Where the wiki page differs');
  });
});

describe('/crawl other subcommands', () => {
  it('forecast, chunk, spell, ability, drain', async () => {
    expect(
      res(await h.ask('/crawl forecast value:5900 species:Troll gear:"ring of sustenance" version:0.14')).milestones[0],
    ).toMatchObject({ target: 'Hungry', actions: { expected: 680 } });
    expect(res(await h.ask('/crawl forecast value:2505 rate:3 aut:15 version:0.14')).milestones[0].actions).toEqual({
      expected: 1.5,
      min: 1,
      max: 2,
    });
    expect(res(await h.ask('/crawl chunk type:contaminated species:Kobold value:2000 version:0.14')).nutrition).toBe(
      967,
    );
    expect(res(await h.ask('/crawl spell level:5 int:15 skill:10')).cost).toBe(200);
    expect(res(await h.ask('/crawl ability name:blink version:0.15')).cost.min).toBe(50);
    expect(res(await h.ask('/crawl drain what:"famine card" value:3000 version:0.14')).after).toBe(450);
    expect(res(await h.ask('/crawl drain what:"berserk end" value:1200')).after.expected).toBe(900);
  });
  it('0.26 and later: no hunger; 0.20 not covered; nonsense refused', async () => {
    const a = await h.ask('/crawl status value:1000 version:0.32');
    expect(res(a)).toMatchObject({ kind: 'noHunger', hunger: false });
    expect(a.embeds[0]!.title).toContain('no hunger');
    expect(res(await h.ask('/crawl food item:apple version:0.26')).kind).toBe('noHunger');
    expect(res(await h.ask('/crawl rate version:0.20')).kind).toBe('notCovered');
    expect(res(await h.ask('/crawl rate version:banana')).error.code).toBe('bad_version');
  });
  it('friendly errors', async () => {
    expect(res(await h.ask('/crawl food item:orange version:0.15')).error.code).toBe('unknown_food');
    // "Elf" fits three species: the answer lists them, with a button for each.
    const elf = await h.ask('/crawl rate species:Elf');
    expect(res(elf).error.code).toBe('ambiguous_name');
    expect(elf.buttons?.map((b) => b.label)).toEqual(expect.arrayContaining(['High Elf', 'Deep Elf']));
    expect(res(await h.ask('/crawl rate species:Zzyzx')).error.code).toBe('unknown_species');
    expect(res(await h.ask('/crawl status value:-5')).error).toBeDefined();
    expect(res(await h.ask('/crawl chunk type:contaminated version:0.15')).error.code).toBe('removed_in_version');
  });
  it('hide makes the reply ephemeral', async () => {
    expect((await h.ask('/crawl status value:3000 hide:true')).ephemeral).toBe(true);
  });
  it('autocomplete species, foods, abilities, versions per version', async () => {
    expect((await h.complete('/crawl rate', 'species', 'trol')).map((c) => c.value)).toContain('Troll');
    expect((await h.complete('/crawl rate version:0.13', 'species', 'form')).length).toBe(0);
    expect((await h.complete('/crawl rate version:0.14', 'species', 'form')).map((c) => c.value)).toContain('Formicid');
    expect((await h.complete('/crawl food version:0.15', 'item', 'fru')).map((c) => c.value)).toContain('fruit');
    expect((await h.complete('/crawl food', 'item', 'bread')).map((c) => c.value)).toEqual(['bread ration']);
    expect((await h.complete('/crawl ability', 'name', 'breathe st')).map((c) => c.value)).toContain('Breathe Steam');
    expect((await h.complete('/crawl status', 'version', '0.1')).map((c) => c.value)).toEqual(['0.13', '0.14', '0.15']);
  });
});

describe('/crawl embeds fit Discord', () => {
  it('every field <= 1024 characters, every message <= 6000, <= 25 fields', async () => {
    const lines = [
      '/crawl status value:1000',
      '/crawl status value:3000 species:Vampire version:0.14',
      '/crawl rate species:Troll gear:"ring of sustenance, ring of regeneration, +2 Hunger artefact" hasted:true invisible:true injured:true regen:true chei:true burden:burdened',
      '/crawl forecast value:11900 species:Vampire version:0.14',
      '/crawl food item:ambrosia',
      '/crawl food item:"potion of blood" species:Centaur',
      '/crawl chunk type:clean species:Ghoul rotten:true god:Zin intelligence:high xl:12',
      '/crawl spell level:9 int:8 skill:3.5 species:Vampire value:2000',
      '/crawl ability name:"Divine Vigour" value:1000',
      '/crawl drain what:"hungry ghost" value:8000 damaged:false',
    ];
    for (const line of lines) {
      const r = await h.ask(line);
      expect(res(r).error, line).toBeUndefined();
      expect(r.embeds[0]!.footer?.text, line).toMatch(/Crawl 0\.1[345]/);
      const e = r.details![0]!;
      expect(JSON.stringify(r.details![1]), line).toContain('github.com/crawl/crawl/blob/0.1');
      expect(e.fields?.length ?? 0).toBeLessThanOrEqual(25);
      for (const f of e.fields ?? []) expect(f.value.length, `${line} / ${f.name}`).toBeLessThanOrEqual(1024);
      const size =
        (e.title?.length ?? 0) +
        (e.description?.length ?? 0) +
        (e.footer?.text.length ?? 0) +
        (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
      expect(size, line).toBeLessThanOrEqual(6000);
      expect(e.footer?.text, line).toMatch(/Crawl 0\.1[345]/);
    }
  });
});

describe('/crawl definition limits', () => {
  it('fits Discord: options per subcommand, description lengths, total characters', () => {
    const def = crawlCommand.definition;
    let total = def.name.length + def.description.length;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const walk = (o: any) => {
      total += o.name.length + o.description.length;
      for (const c of o.choices ?? []) total += c.name.length + String(c.value).length;
      for (const x of o.options ?? []) walk(x);
    };
    for (const s of def.options ?? []) {
      walk(s);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const opts = (s as any).options ?? [];
      expect(opts.length).toBeLessThanOrEqual(COMMAND_OPTION_LIMIT);
      for (const o of opts) expect(o.description.length, `${s.name} ${o.name}`).toBeLessThanOrEqual(60);
    }
    expect(total).toBeLessThan(COMMAND_TOTAL_CHARS_MAX);
  });
});
