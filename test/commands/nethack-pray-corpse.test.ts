// /nethack pray and /nethack corpse through the real pipeline (parse -> coerce -> zod -> handler).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { nethackCommand } from '../../commands/nethack/index.ts';
import { countAtMost, rnzDistribution } from '../../src/engine/nethack/rnz.ts';
import type { PrayerResult } from '../../src/engine/nethack/prayer.ts';
import type { CorpseResult } from '../../src/engine/nethack/corpse.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ commands: [nethackCommand] });
});
afterAll(async () => h.close());

const errorOf = (r: { result: unknown }) => (r.result as { error?: { code: string } }).error;

describe('/nethack pray', () => {
  it('title is the verdict; the probability is P(rnz(350) <= turns - 3 + 200)', async () => {
    const r = await h.ask('/nethack pray nutrition:40 turns_since:600');
    const p = r.result as PrayerResult;
    const d = rnzDistribution(350, 1);
    expect(p.safe.probability).toBeCloseTo(countAtMost(d, 597 + 200) / d.denominator, 15);
    expect(r.embeds[0]!.title).toBe(p.verdict);
    expect(p.verdict).toMatch(/^Safe to pray: \d/);
    expect(p.hunger?.fixedProbability).toBe(1);
    expect(r.embeds[0]!.footer!.text).toContain('NetHack 3.6.7');
  });
  it('never prayed: unsafe for Weak before turn 101, safe from it; Hungry needs turn 201', async () => {
    expect(((await h.ask('/nethack pray nutrition:40 turn:100')).result as PrayerResult).safe.probability).toBe(0);
    expect((await h.ask('/nethack pray nutrition:40 turn:101')).embeds[0]!.title).toBe('Safe to pray: yes');
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
  it('fresh: safe, and the title says so', async () => {
    const r = await h.ask('/nethack corpse name:"floating eye"');
    expect(r.embeds[0]!.title).toBe('Safe');
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
  it('names autocomplete', async () => {
    expect((await h.complete('/nethack corpse', 'name', 'floating')).map((c) => c.value)).toContain('floating eye');
  });
});
