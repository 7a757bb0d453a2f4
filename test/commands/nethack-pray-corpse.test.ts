// /nethack pray and /nethack corpse through the real pipeline (parse -> coerce -> zod -> handler).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { nethackCommand } from '../../commands/nethack/index.ts';
import { countAtMost, rnzDistribution } from '../../src/engine/nethack/rnz.ts';
import type { PrayerResult } from '../../src/engine/nethack/prayer.ts';
import type { CorpseResult } from '../../src/engine/nethack/corpse.ts';
import { prayTitle } from '../../commands/nethack/pray.ts';
import { corpseTitle, resolveCorpse } from '../../commands/nethack/corpse.ts';
import { percent } from '../../src/engine/nethack/prayer.ts';
import { foodFor } from '../../src/engine/nethack/foods.ts';
import { tablesFor } from '../../src/engine/nethack/data.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ commands: [nethackCommand] });
});
afterAll(async () => h.close());

const errorOf = (r: { result: unknown }) => (r.result as { error?: { code: string; message: string } }).error;
const fmt = (n: number) => n.toLocaleString('en-US');

describe('/nethack pray', () => {
  it('title is the verdict; the probability is P(rnz(350) <= turns - 3 + 200)', async () => {
    const r = await h.ask('/nethack pray nutrition:40 turns_since:600');
    const p = r.result as PrayerResult;
    const d = rnzDistribution(350, 1);
    expect(p.safe.probability).toBeCloseTo(countAtMost(d, 597 + 200) / d.denominator, 15);
    expect(r.embeds[0]!.title).toBe(prayTitle(p));
    expect(
      r.embeds[0]!.title!.startsWith(`${p.verdict} now, 99 % in ${p.timeout.in99.toLocaleString('en-US')} turns`),
    ).toBe(true);
    expect(p.verdict).toMatch(/^Safe to pray: \d/);
    expect(p.hunger?.fixedProbability).toBe(1);
    expect(r.embeds[0]!.footer!.text).toContain('NetHack 3.6.7');
  });
  it('never prayed: unsafe for Weak before turn 101, safe from it; Hungry needs turn 201', async () => {
    expect(((await h.ask('/nethack pray nutrition:40 turn:100')).result as PrayerResult).safe.probability).toBe(0);
    expect((await h.ask('/nethack pray nutrition:40 turn:101')).embeds[0]!.title).toBe(
      'Safe to pray: yes — Weak or worse from hunger is major trouble',
    );
    expect(((await h.ask('/nethack pray nutrition:100 turn:200')).result as PrayerResult).safe.probability).toBe(0);
  });
  it('troubles are parsed and ordered; Luck -1 makes it unsafe; bad troubles are a friendly error', async () => {
    const r = (await h.ask('/nethack pray timeout:150 troubles:"hallucinating, sick" luck:-1')).result as PrayerResult;
    expect(r.worstTrouble?.key).toBe('sick');
    expect(r.safe.probability).toBe(0);
    const bad = await h.ask('/nethack pray timeout:0 troubles:"itchy"');
    expect(errorOf(bad)?.code).toBe('invalid_option');
    expect(bad.ephemeral).toBe(true);
  });
  it('says plainly when the timeout is low enough: the chance now, then only the marks still ahead', async () => {
    const r = await h.ask('/nethack pray nutrition:40 turns_since:800 luck:1');
    const t = (r.result as PrayerResult).timeout;
    expect(t.now.probability).toBeGreaterThan(0.9); // 50 % and 90 % are already passed
    const text = r.embeds[0]!.description!;
    expect(text).toContain(`true with ${percent(t.now.probability)} now, 99 % in ${fmt(t.in99)} turns.`);
    expect(text).not.toMatch(/(50|90) % now/);
    // A known timeout is certain: one turn, no percentages.
    const known = await h.ask('/nethack pray timeout:300 nutrition:40 turn:5000');
    expect(known.embeds[0]!.description).toContain('(it is 300): true from turn 5,100.');
  });
  it('says when you last prayed, or asks', async () => {
    expect(errorOf(await h.ask('/nethack pray nutrition:40'))?.code).toBe('missing_option');
  });
  it('versions: 5.0 late game raises the next timeout', async () => {
    const r = (await h.ask('/nethack pray timeout:0 turn:200000 version:5.0')).result as PrayerResult;
    expect(r.newTimeout.min).toBe(35 + 1000);
  });
  it('troubles autocomplete keeps what was typed before the last comma', async () => {
    const c = await h.complete('/nethack pray', 'troubles', 'sick, hun');
    expect(c.map((x) => x.value)).toContain('sick, hungry');
  });
});

describe('/nethack corpse', () => {
  it('a floating eye at age 70: risky, 1/10 tainted, telepathy 9/10', async () => {
    const r = await h.ask('/nethack corpse name:"floating eye" age:70');
    const c = r.result as CorpseResult;
    expect(c.severity).toBe('risky');
    expect(c.rot.tainted.fraction).toBe('1/10'); // 70 / (10 + d) > 5 for d = 0, 1
    expect(c.intrinsics.map((i) => [i.key, i.chance.fraction])).toEqual([['telepathy', '9/10']]);
    expect(r.embeds[0]!.title).toMatch(/^Risky: /);
  });
  it('fresh: safe, and the title says so (with what it gives)', async () => {
    const r = await h.ask('/nethack corpse name:"floating eye"');
    const c = r.result as CorpseResult;
    expect(c.intrinsics[0]!.chance.fraction).toBe('1/1'); // level 2 > rn2(1)
    expect(r.embeds[0]!.title).toBe('Safe: floating eye corpse gives telepathy (100 %)');
    expect(r.embeds[0]!.title).toBe(corpseTitle(c));
  });
  it('race and role: a human eating a human is risky (cannibalism), a Caveman is not', async () => {
    expect(((await h.ask('/nethack corpse name:human race:human')).result as CorpseResult).verdict).toContain(
      'cannibalism',
    );
    expect(((await h.ask('/nethack corpse name:human race:human role:caveman')).result as CorpseResult).severity).toBe(
      'safe',
    );
  });
  it('cockatrice is deadly unless stone resistant; were corpses resolve to the human form', async () => {
    expect(((await h.ask('/nethack corpse name:cockatrice')).result as CorpseResult).severity).toBe('deadly');
    expect(((await h.ask('/nethack corpse name:"werewolf corpse"')).result as CorpseResult).monster.pm).toBe(
      'PM_HUMAN_WEREWOLF',
    );
  });
  it('versions: 5.0 knows the displacer beast, 3.4.3 does not', async () => {
    expect(
      ((await h.ask('/nethack corpse name:"displacer beast" version:5.0')).result as CorpseResult).onFinish[0]!.what,
    ).toContain('displacement');
    expect(errorOf(await h.ask('/nethack corpse name:"displacer beast" version:3.4.3'))).toBeDefined();
  });
  it('a monster without a corpse of its own gets the answer /nethack food gives', async () => {
    const corpse = errorOf(await h.ask('/nethack corpse name:"green slime"'))!;
    const food = errorOf(await h.ask('/nethack food name:"green slime corpse"'))!;
    expect(corpse.code).toBe('unknown_food');
    expect(corpse.message).toBe(food.message);
    expect(corpse.message).toContain('glob of green slime');
    // 3.4.3's green slime leaves a corpse, and eating it slimes you.
    const old = (await h.ask('/nethack corpse name:"green slime" version:3.4.3')).result as CorpseResult;
    expect(old.severity).toBe('deadly');
    // Zombies leave an old corpse of their kind: make_corpse() ages it by 100 (5.0: TAINT_AGE + 1).
    expect(errorOf(await h.ask('/nethack corpse name:"kobold zombie"'))!.message).toContain(
      'kobold corpse instead, already 100 turns old',
    );
    expect(errorOf(await h.ask('/nethack corpse name:"kobold zombie" version:5.0'))!.message).toContain(
      'already 51 turns old',
    );
    expect(errorOf(await h.ask('/nethack corpse name:"displacer beast" version:3.4.3'))!.code).toBe('not_in_version');
  });
  it('5.0 names a monster as /nethack food does: the neutral name, the gendered ones resolve to it', async () => {
    const r = await h.ask('/nethack corpse name:"dwarf lord" version:5.0');
    const food = (await h.ask('/nethack food name:"dwarf lord corpse" version:5.0')).result as { name: string };
    expect((r.result as CorpseResult).monster.name).toBe('dwarf leader');
    expect(food.name).toBe('dwarf leader corpse');
    expect(r.embeds[0]!.title).toContain('dwarf leader corpse');
    expect((r.result as CorpseResult).notes.join(' ')).toContain('"dwarf lord corpse" or "dwarf lady corpse"');
    expect(r.details![0]!.fields!.find((f) => f.name === 'Notes')!.value).toContain('dwarf lady corpse');
    const gendered = tablesFor('5.0').allMons.filter((m) => m.names && m.leavesCorpse && !m.corpseAs);
    expect(gendered.length).toBeGreaterThan(10);
    // "priest" and "priestess" name both the aligned cleric and the cleric: not a test of one name.
    const names = gendered.flatMap((m) => [m.names!.male, m.names!.female]);
    const shared = new Set(names.filter((n, i) => names.indexOf(n) !== i));
    for (const m of gendered) {
      for (const name of [m.names!.male, m.names!.female].filter((n) => !shared.has(n))) {
        expect(resolveCorpse(name, '5.0').monster.name, name).toBe(m.name);
        expect(foodFor(`${name} corpse`, '5.0').name, name).toBe(`${m.name} corpse`);
      }
    }
  });
  it('names autocomplete', async () => {
    expect((await h.complete('/nethack corpse', 'name', 'floating')).map((c) => c.value)).toContain('floating eye');
  });
});
