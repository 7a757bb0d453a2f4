// /hero pray and the prayer state of a hero (issue 15 point 2), through the real pipeline. Every
// expected number is derived here from the cited rules: the timeout laws by enumerating rnz()
// (src/rnd.c) with countAtMost(), burns turn by turn with burnOnTurn(), and pray.c's branches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burnOnTurn, defaultProfile } from '../../src/engine/nethack/burn.ts';
import { percent } from '../../src/engine/nethack/prayer.ts';
import { countAtMost, rnzDistribution } from '../../src/engine/nethack/rnz.ts';
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

const fmt = (n: number) => n.toLocaleString('en-US');
const r = (x: { result: unknown }) => x.result as Any;
const button = (reply: { buttons?: { label: string; customId: string }[] }, label: string) =>
  reply.buttons!.find((b) => b.label === label)!.customId;

/** Burn of a plain 3.6.7 hero (no rings, no intrinsics) over turns from+1 .. to. */
function burn(from: number, to: number): number {
  const p = defaultProfile('3.6.7');
  let total = 0;
  for (let t = from + 1; t <= to; t++) total += burnOnTurn(p, t).total;
  return total;
}

/** The first value v with P(rnz(i) <= v) >= q (brute force over the enumerated law). */
function quantile(i: number, level: number, q: number): number {
  const d = rnzDistribution(i, level);
  let v = d.values[0]!;
  while (countAtMost(d, v) / d.denominator < q) v++;
  return v;
}

describe('/hero pray on an unsafe prayer (acceptance)', () => {
  const user: Invoker = { id: 'prayer1', name: 'p' };
  it('asks first; confirmed, applies the failure; /hero show reports the new timeout law', async () => {
    await h.ask('/hero new name:Valk', user);
    await h.ask('/hero set nutrition:40 turn:50', user);
    const before = await h.store.get(heroKey(user.id));
    // Never prayed: 300 at turn 1, 251 at turn 50, over 200 (Weak is major trouble): too soon.
    const ask = await h.ask('/hero pray', user);
    expect(r(ask)).toMatchObject({
      confirm: 'pray',
      pending: true,
      outcomes: ['angry'],
      safe: { probability: 0 },
      limit: 200,
    });
    expect(ask.ephemeral).toBe(true);
    expect(ask.embeds[0]!.title).toContain('would fail');
    expect(ask.buttons!.map((b) => b.label)).toEqual(['Pray anyway', "Don't pray"]);
    const stillPending = (await h.store.get(heroKey(user.id))) as Any;
    expect(stillPending.heroes[0].nethack).toEqual((before as Any).heroes[0].nethack); // nothing applied yet
    expect(r(await h.press(button(ask, 'Pray anyway'), { id: 'intruder', name: 'i' })).error.code).toBe('not_yours');

    const done = r(await h.press(button(ask, 'Pray anyway'), user));
    // Helpless 3 turns, prayer_done() at 53 (Luck -3, anger +1), then turn 54 passes.
    expect(done.hero).toMatchObject({ turn: 54, nutrition: 40 - burn(50, 54), luck: -3, godAnger: 1 });
    expect(done.hero.prayer.steps).toEqual([
      { kind: 'angered', atTurn: 53, prayedAt: 50, experienceLevel: 1, limit: 200, naughty: false },
    ]);
    expect(done.hero.prayer.history).toEqual([{ turn: 50, outcome: 'angry', fed: null, safe: 0 }]);
    expect(r(await h.press(button(ask, 'Pray anyway'), user)).error.code).toBe('stale_button');

    // 3.6.7 angrygods(): u.ublesscnt = rnz(300) at turn 53; 99 % low enough once 53 + q99 - 200.
    const shown = await h.ask('/hero show chart:false', user);
    const p = r(shown).prayer;
    const r300 = rnzDistribution(300, 1);
    const turn99 = 53 + quantile(300, 1, 0.99) - 200;
    expect(p).toMatchObject({ forTrouble: 'Weak', limit: 200, turn99, precision: 'exact', historyKnown: true });
    expect(p.timeout).toMatchObject({ setAt: 53, min: r300.values[0], max: r300.values.at(-1) });
    expect(p.blockedBy).toBe('Luck -3, god anger 1');
    expect(p.safeNow.probability).toBe(0);
    expect(shown.embeds[0]!.description).toContain(`99 % from turn ${fmt(turn99)}`);

    // The god is calmed and Luck restored by hand: now the timeout decides, exactly.
    const calm = r(await h.ask('/hero set anger:0 luck:0', user)).prayer;
    const now = countAtMost(r300, 200 + (54 - 53)) / r300.denominator;
    expect(calm.safeNow.probability).toBeCloseTo(now, 12);
    expect(calm.text).toBe(
      `Safe to pray for hunger: ${percent(now)} now, 99 % from turn ${fmt(turn99)}; it feeds 50 % of the time`,
    );
  });
});

describe('/hero pray when it is safe', () => {
  const user: Invoker = { id: 'prayer2', name: 'p' };
  it("is applied at once when nothing is random: nutrition 900, the new timeout from the prayer's end", async () => {
    await h.ask('/hero new name:Pious', user);
    await h.ask('/hero set record:10 nutrition:40 turn:1000', user);
    const done = await h.ask('/hero pray', user);
    expect(r(done).confirm).toBeUndefined();
    // Invulnerable for 3 turns (no burn), init_uhunger() 900 at 1003, then turn 1004 burns.
    expect(r(done).hero).toMatchObject({ turn: 1004, nutrition: 900 - burn(1003, 1004), alignmentRecord: 10 });
    expect(r(done).prayed).toMatchObject({ outcome: 'worked', safe: { probability: 1 }, fedIfWorked: 1 });
    expect(r(done).hero.prayer.steps).toEqual([
      { kind: 'success', atTurn: 1003, experienceLevel: 1, demigod: false, crowned: false },
    ]);
    // Not hungry now: the answer is for when Weak; rnz(350) set at 1003, read at 1004.
    const r350 = rnzDistribution(350, 1);
    const p = countAtMost(r350, 201) / r350.denominator;
    const turn99 = 1003 + quantile(350, 1, 0.99) - 200;
    expect(r(done).prayer.safeNow.probability).toBeCloseTo(p, 12);
    expect(r(done).prayer.text).toBe(`Safe to pray once Weak: ${percent(p)} now, 99 % from turn ${fmt(turn99)}`);
  });

  it('asks how it went when a good prayer may not feed (alignment 0: action is 1 only if rnl(2) is 0)', async () => {
    const u: Invoker = { id: 'prayer3', name: 'p' };
    await h.ask('/hero new name:Zero', u); // a Valkyrie starts at alignment record 0 (src/role.c)
    await h.ask('/hero set nutrition:40 turn:1000', u);
    const ask = await h.ask('/hero pray', u);
    expect(r(ask)).toMatchObject({ confirm: 'pray', outcomes: ['worked-fed', 'worked-unfed'], fedIfWorked: 0.5 });
    const unfed = r(await h.press(button(ask, 'It worked: still hungry'), u));
    expect(unfed.hero).toMatchObject({ turn: 1004, nutrition: 40 - burn(1003, 1004), alignmentRecord: 0 });
    expect(unfed.hero.prayer.history.at(-1)).toMatchObject({ outcome: 'worked', fed: false });
  });

  it('Hungry is minor trouble: a record of 1 gives action 1, which fixes nothing minor, and pleased() adds 1', async () => {
    const u: Invoker = { id: 'prayer4', name: 'p' };
    await h.ask('/hero new name:Minor', u);
    await h.ask('/hero set nutrition:100 turn:2000 record:1', u);
    const done = r(await h.ask('/hero pray', u));
    expect(done.prayed).toMatchObject({ outcome: 'worked', fedIfWorked: 0 });
    expect(done.hero).toMatchObject({ nutrition: 100 - burn(2003, 2004), alignmentRecord: 2 });
  });

  it('demigod and crowned stay on the hero and add rnz(1000) each to the next timeout', async () => {
    const u: Invoker = { id: 'prayer5', name: 'p' };
    await h.ask('/hero new name:Demi', u);
    await h.ask('/hero set nutrition:40 turn:3000 record:20', u);
    const done = r(await h.ask('/hero pray demigod:true crowned:true', u));
    expect(done.hero).toMatchObject({ demigod: true, crowned: true });
    expect(done.hero.prayer.steps[0]).toMatchObject({ kind: 'success', demigod: true, crowned: true });
    expect(done.prayer.timeout.min).toBe(rnzDistribution(350, 1).values[0]! + 2 * rnzDistribution(1000, 1).values[0]!);
  });
});

describe('/hero set: Luck, alignment record, anger, luckstone, last prayer', () => {
  const u: Invoker = { id: 'luck1', name: 'l' };
  it('keeps Luck within u.uluck -10..10 plus the luck item, and times it out while turns pass', async () => {
    await h.ask('/hero new name:Lucky turn:1000', u);
    expect(r(await h.ask('/hero set luck:12', u)).error.code).toBe('invalid_option');
    expect(r(await h.ask('/hero set luckstone:blessed luck:13', u)).hero).toMatchObject({
      luck: 13,
      luckstone: 'blessed',
    });
    // Dropping the stone: Luck = u.uluck (10) + 0.
    expect(r(await h.ask('/hero set luckstone:none', u)).hero.luck).toBe(10);
    await h.ask('/hero set luck:5 nutrition:9000', u);
    // No luck item: one step toward 0 on each multiple of 600 (no anger, no Amulet): 1200 and 1800.
    expect(r(await h.ask('/hero wait turns:1200', u)).hero.luck).toBe(3);
    await h.ask('/hero set luckstone:uncursed luck:8', u);
    expect(r(await h.ask('/hero wait turns:3000', u)).hero.luck).toBe(8); // an uncursed stone stops both ways
  });

  it('prayed: starts a new timeout history at that turn; record and anger are kept as given', async () => {
    const set = r(await h.ask('/hero set prayed:3000 record:-2 anger:3', u));
    expect(set.hero.prayer).toMatchObject({ steps: [{ kind: 'success', atTurn: 3003 }], known: true });
    expect(set.hero).toMatchObject({ alignmentRecord: -2, godAnger: 3 });
    expect(set.prayer.blockedBy).toBe('god anger 3, alignment -2');
    expect(r(await h.ask('/hero set prayed:999999', u)).error.code).toBe('invalid_option');
  });

  it('refuses the NetHack prayer fields on a Crawl hero', async () => {
    const c: Invoker = { id: 'luck2', name: 'c' };
    await h.ask('/hero new name:Trog game:crawl', c);
    expect(r(await h.ask('/hero set luck:1', c)).error.code).toBe('wrong_game');
    expect(r(await h.ask('/hero pray', c)).error.code).toBe('wrong_game');
  });

  it('a hero met mid-game says the prayer history is assumed', async () => {
    const m: Invoker = { id: 'luck3', name: 'm' };
    const made = r(await h.ask('/hero new name:Late turn:5000', m));
    expect(made.prayer.historyKnown).toBe(false);
    expect(made.prayer.text).toContain('(if you never prayed)');
    expect(made.conducts.vegan.status).toBe('unknown');
  });
});
