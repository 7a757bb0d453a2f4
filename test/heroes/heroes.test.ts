// /hero end to end through the real pipeline and the real stores.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { burnOnTurn, defaultProfile, parseRing } from '../../src/engine/nethack/burn.ts';
import { heroKey } from '../../src/heroes/repo.ts';
import { HERO_SCHEMA_VERSION } from '../../src/heroes/schema.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-heroes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type HeroResult = {
  hero: {
    nutrition: number;
    turn: number;
    name: string;
    id: string;
    leftRing: { label: string } | null;
    alive: boolean;
  };
  status: string;
  error?: unknown;
};
const res = (r: { result: unknown }) => r.result as HeroResult & { error?: { code: string; message: string } };

/** Independent turn-by-turn reference: gethungry() once per turn for turns from+1..from+n. */
function referenceBurn(leftRing: string | null, from: number, n: number): number {
  const p = defaultProfile('3.6.7');
  p.leftRing = leftRing ? parseRing(leftRing) : null;
  let total = 0;
  for (let t = from + 1; t <= from + n; t++) {
    // src/eat.c gethungry(): base 1; odd turns regeneration; moves % 20 == 4 left ring.
    let b = 1;
    if (t % 2 === 1 && p.leftRing?.property === 'REGENERATION') b += 1;
    if (t % 20 === 4 && p.leftRing) b += 1;
    total += b;
  }
  // and the engine agrees turn by turn
  let engine = 0;
  for (let t = from + 1; t <= from + n; t++) engine += burnOnTurn(p, t).total;
  expect(engine).toBe(total);
  return total;
}

describe('/hero basics (memory store)', () => {
  let h: Harness;
  it('creates, wears, waits, eats, shows with a chart, exactly as the rules say', async () => {
    h = await createHarness();
    expect(res(await h.ask('/hero new name:Valk')).hero).toMatchObject({ nutrition: 900, turn: 1 }); // src/u_init.c: 900 at moves 1
    await h.ask('/hero wear hand:left ring:"ring of regeneration"');
    const waited = res(await h.ask('/hero wait turns:100'));
    expect(waited.hero.nutrition).toBe(900 - referenceBurn('ring of regeneration', 1, 100));
    expect(waited.hero.turn).toBe(101);
    // A hero met at turn 1 keeps every conduct: its first meal breaks foodless, so it asks first.
    const asked = await h.ask('/hero eat food:"food ration"');
    expect(asked.result).toMatchObject({
      confirm: 'eat',
      pending: true,
      choke: false,
      conducts: { breaks: ['foodless'] },
    });
    expect(res(await h.ask('/hero show chart:false')).hero.nutrition).toBe(waited.hero.nutrition);
    const ate = res(await h.press(asked.buttons!.find((b) => b.label === 'Eat it anyway')!.customId));
    // food ration: 5 bites of 800/5 (src/eat.c bite()), 6 actions at 101..106, then turn 107 passes.
    expect(ate.hero.nutrition).toBe(waited.hero.nutrition + 800 - referenceBurn('ring of regeneration', 101, 6));
    expect(ate.hero.turn).toBe(107);
    const shown = await h.ask('/hero show');
    expect(shown.files?.[0]?.name).toMatch(/^hero-[0-9a-f]+\.png$/);
    expect(shown.files![0]!.data.subarray(1, 4).toString()).toBe('PNG');
    expect(shown.embeds[0]!.image?.url).toBe(`attachment://${shown.files![0]!.name}`);
    expect(res(shown).hero.nutrition).toBe(ate.hero.nutrition);
  });

  it('undo reverts the last event; log lists events', async () => {
    const before = res(await h.ask('/hero show chart:false')).hero.nutrition;
    await h.ask('/hero wait turns:10');
    const undone = res(await h.ask('/hero undo'));
    expect(undone.hero.nutrition).toBe(before);
    const log = (await h.ask('/hero log')).result as { events: { kind: string }[] };
    expect(log.events.map((e) => e.kind)).toEqual(['new', 'wear', 'wait', 'eat']);
  });

  it('a meal that would choke asks first, and changes nothing until confirmed', async () => {
    await h.ask('/hero set nutrition:1900');
    const ask = await h.ask('/hero eat food:"food ration"');
    expect(ask.result).toMatchObject({ confirm: 'eat', pending: true });
    expect(ask.buttons?.map((b) => b.label)).toContain('Eat it anyway');
    expect(res(await h.ask('/hero show chart:false')).hero.nutrition).toBe(1900);
    // Someone else pressing the button is refused.
    const other = await h.press(ask.buttons![0]!.customId, { id: 'intruder', name: 'x' });
    expect(res(other).error).toMatchObject({ code: 'not_yours' });
    const eaten = res(await h.press(ask.buttons![0]!.customId));
    // Satiated at the start, so canchoke: the bite reaching 2000 chokes (src/eat.c lesshungry()); 19/20 die.
    expect(eaten.hero.alive).toBe(false);
    // The button is single-use.
    expect(res(await h.press(ask.buttons![0]!.customId)).error).toMatchObject({ code: 'stale_button' });
  });

  it('bad input is refused with a clear error and changes nothing', async () => {
    const before = res(await h.ask('/hero show chart:false')).hero;
    expect(res(await h.ask('/hero wait turns:-3')).error).toMatchObject({ code: 'invalid_option' });
    expect(res(await h.ask('/hero eat food:"plutonium"')).error).toMatchObject({ code: 'unknown_food' });
    expect(res(await h.ask('/hero turn now:1')).error).toMatchObject({ code: 'turn_backwards' });
    expect(res(await h.ask('/hero show chart:false')).hero).toEqual(before);
  });

  it('users only see and change their own heroes', async () => {
    const bob = { id: 'bob', name: 'bob' };
    expect(res(await h.ask('/hero show', bob)).error).toMatchObject({ code: 'no_hero' });
    const list = (await h.ask('/hero list', bob)).result as { heroes: unknown[] };
    expect(list.heroes).toEqual([]);
  });

  it('delete asks for confirmation with a button, then removes the data for good', async () => {
    const ask = await h.ask('/hero delete');
    expect(ask.ephemeral).toBe(true);
    const confirm = ask.buttons!.find((b) => b.style === 'danger')!;
    expect(await h.store.get(heroKey('console'))).toBeDefined();
    await h.press(confirm.customId);
    expect(await h.store.get(heroKey('console'))).toBeUndefined();
    await h.close();
  });
});

describe('stored records', () => {
  it('a record that fails validation is reported to its owner and left untouched', async () => {
    const h = await createHarness();
    const broken = {
      schemaVersion: HERO_SCHEMA_VERSION,
      userId: 'console',
      activeId: 'x',
      heroes: [{ id: 'nope' }],
      updatedAt: 'now',
    };
    await h.store.set(heroKey('console'), broken);
    for (const line of ['/hero show', '/hero wait turns:1', '/hero new name:Other']) {
      const r = await h.ask(line);
      expect(r.ephemeral).toBe(true);
      expect(res(r).error).toMatchObject({ code: 'corrupt_record' });
    }
    expect(await h.store.get(heroKey('console'))).toEqual(broken);
    // export still hands the raw data back for recovery
    const exported = await h.ask('/hero export');
    expect(JSON.parse(exported.files![0]!.data.toString()).record).toEqual(broken);
    await h.close();
  });

  it('migrates a version 1 record on read and writes version 2 on the next change', async () => {
    const h = await createHarness();
    await h.store.set(heroKey('console'), {
      schemaVersion: 1,
      userId: 'console',
      hero: { name: 'Old', nutrition: 700, turn: 50, rings: ['ring of hunger'] },
    });
    const shown = res(await h.ask('/hero show chart:false'));
    expect(shown.hero).toMatchObject({ name: 'Old', nutrition: 700, turn: 50, leftRing: { label: 'ring of hunger' } });
    expect(((await h.store.get(heroKey('console'))) as { schemaVersion: number }).schemaVersion).toBe(1); // reading changes nothing
    await h.ask('/hero wait turns:1');
    expect(((await h.store.get(heroKey('console'))) as { schemaVersion: number }).schemaVersion).toBe(
      HERO_SCHEMA_VERSION,
    );
    await h.close();
  });
});

const storeUrls: { name: string; url: () => string }[] = [
  { name: 'SQLite', url: () => `sqlite://${join(dir, 'heroes.sqlite')}` },
  { name: 'Redis', url: () => inject('redisUrl') },
];

for (const backend of storeUrls) {
  it(`200 concurrent /hero wait turns:1 advance the hero by exactly 200 turns (${backend.name})`, async () => {
    const h = await createHarness({ storeUrl: backend.url() });
    const user = { id: `race-${backend.name}`, name: 'racer' };
    await h.ask('/hero new name:Racer', user);
    await h.ask('/hero wear ring:"ring of conflict"', user);
    const replies = await Promise.all(Array.from({ length: 200 }, () => h.ask('/hero wait turns:1', user)));
    expect(replies.filter((r) => r.ephemeral)).toEqual([]);
    const final = res(await h.ask('/hero show chart:false', user)).hero;
    expect(final.turn).toBe(201);
    // conflict ring: +1 on even turns and +1 at moves % 20 == 4 (src/eat.c gethungry())
    let burn = 0;
    for (let t = 2; t <= 201; t++) burn += 1 + (t % 2 === 0 ? 1 : 0) + (t % 20 === 4 ? 1 : 0);
    expect(final.nutrition).toBe(900 - burn);
    await h.close();
  }, 60_000);
}

it('two bot processes sharing Redis: 2 x 100 concurrent waits advance the hero by exactly 200', async () => {
  const url = inject('redisUrl');
  const h = await createHarness({ storeUrl: url });
  const user = { id: 'multi-process', name: 'mp' };
  await h.ask('/hero new name:Shared', user);
  const script = (n: number) => `
    import { createHarness } from ${JSON.stringify(resolve('test/helpers/harness.ts'))};
    const h = await createHarness({ storeUrl: ${JSON.stringify(url)} });
    const rs = await Promise.all(Array.from({ length: ${n} }, () => h.ask('/hero wait turns:1', { id: 'multi-process', name: 'mp' })));
    if (rs.some((r) => r.ephemeral)) { console.error(JSON.stringify(rs.find((r) => r.ephemeral).result)); process.exit(1); }
    await h.close();
  `;
  const run = () =>
    new Promise<void>((ok, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(100)], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (d) => (err += String(d)));
      child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(err))));
    });
  await Promise.all([run(), run()]);
  const final = res(await h.ask('/hero show chart:false', user)).hero;
  expect(final.turn).toBe(201);
  expect(final.nutrition).toBe(900 - 200); // plain hero: 1 per turn (src/eat.c gethungry())
  await h.close();
}, 120_000);

describe('console persistence (acceptance)', () => {
  it('a hero created in the console is there after a restart, with its chart written to disk', () => {
    const env = {
      ...process.env,
      STORE_URL: `sqlite://${join(dir, 'console.sqlite')}`,
      FILE_DIR: join(dir, 'files'),
      DISCORD_TOKEN: '',
    };
    const run = (input: string) =>
      execFileSync(process.execPath, ['--import', 'tsx', resolve('src/main.ts'), 'ask', '--json'], {
        input,
        env,
        cwd: resolve('.'),
      }).toString();
    const lines = ['/hero new name:Valk', '/hero wear hand:left ring:"ring of regeneration"', '/hero wait turns:100'];
    run([...lines, '/hero eat food:"food ration"', 'press last:"Eat it anyway"'].join('\n') + '\n');
    const out = JSON.parse(run('/hero show\n').trim()) as {
      result: HeroResult & { chart: string };
      files: { name: string; path: string }[];
    };
    expect(out.result.hero).toMatchObject({ name: 'Valk', turn: 107 });
    expect(out.result.hero.nutrition).toBe(
      900 - referenceBurn('ring of regeneration', 1, 100) + 800 - referenceBurn('ring of regeneration', 101, 6),
    );
    expect(out.files[0]!.name).toBe(out.result.chart);
    expect(readFileSync(out.files[0]!.path).subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);
});

describe('/hero for Crawl', () => {
  it('waits at the species rate, eats by diet level and casts by the spell formula', async () => {
    const { crawlRate, crawlFood, crawlSpell } = await import('../../src/engine/crawl/index.ts');
    const h = await createHarness();
    const created = (await h.ask('/hero new name:Trog game:crawl species:Troll version:0.14')).result as {
      hero: { value: number; turn: number };
    };
    expect(created.hero).toMatchObject({ value: 6000, turn: 0 });
    // Troll 0.14: player_hunger_rate() is fixed (no random term), so 100 turns cost exactly 100 x rate.
    const rate = crawlRate('0.14', { species: 'Troll', hunger: 6000 }).rate;
    expect(rate.min).toBe(rate.max);
    const waited = (await h.ask('/hero wait turns:100')).result as { hero: { value: number; turn: number } };
    expect(waited.hero).toEqual(expect.objectContaining({ value: 6000 - 100 * rate.expected, turn: 100 }));
    const bread = crawlFood('0.14', 'bread ration', { species: 'Troll', hunger: waited.hero.value });
    const ate = (await h.ask('/hero eat food:"bread ration"')).result as { hero: { value: number; turn: number } };
    expect(ate.hero.value).toBe(waited.hero.value + bread.nutrition! - bread.item.turns * rate.expected);
    const spell = crawlSpell('0.14', { species: 'Troll', hunger: ate.hero.value, level: 2, int: 10, skill: 0 });
    const cast = (await h.ask('/hero cast level:2')).result as { hero: { value: number } };
    expect(cast.hero.value).toBe(ate.hero.value - spell.charged - rate.expected);
    expect(res(await h.ask('/hero pray')).error).toMatchObject({ code: 'wrong_game' });
    await h.close();
  });
});
