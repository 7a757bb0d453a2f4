// Corpses: eatcorpse()'s rot chain checked against an enumeration of its die rolls, the intrinsic
// pick against a seeded simulation of cpostfx()'s 1-in-count loop, and per-version rules.
import { describe, expect, it } from 'vitest';
import { corpseVerdict, type CorpseHero } from '../../../src/engine/nethack/corpse.ts';
import { corpseMonsters, findCorpseMonster } from '../../../src/engine/nethack/corpseData.ts';
import { ALL_MONS } from '../../../src/engine/nethack/data.ts';
import type { NethackVersion } from '../../../src/engine/cite.ts';

const mon = (v: NethackVersion, name: string) => {
  const m = findCorpseMonster(v, name);
  if (!m) throw new Error(name);
  return m;
};
const verdict = (
  v: NethackVersion,
  name: string,
  extra: { age?: number; buc?: 'blessed' | 'uncursed' | 'cursed'; hero?: CorpseHero } = {},
) => corpseVerdict({ version: v, monster: mon(v, name), ...extra });
const effect = (r: ReturnType<typeof corpseVerdict>, start: string) =>
  [...r.onFirstBite, ...r.onFinish].find((e) => e.what.includes(start));

/** The eatcorpse() chain for one plain corpse (not acidic, not poisonous), transliterated, by brute force. */
function bruteTaint(age: number, buc: number) {
  let tainted = 0;
  let sick = 0;
  let rotten = 0;
  for (let d = 0; d < 20; d++) {
    const rotted = Math.floor(age / (10 + d)) + buc;
    if (rotted > 5) {
      tainted += 1 / 20;
      continue;
    }
    for (let r5 = 0; r5 < 5; r5++) {
      const tp = rotted > 5 || (rotted > 3 && r5 !== 0);
      if (tp) sick += 1 / 100;
      else rotten += 1 / 100 / 7; // !rn2(7)
    }
  }
  return { tainted, sick, rotten };
}

describe('monster facts', () => {
  it('3.6.7 facts come from monsters.json (every entry) with attacks for each', () => {
    const list = corpseMonsters('3.6.7');
    expect(list.length).toBe(ALL_MONS.length);
    expect(list.find((m) => m.pm === 'PM_YELLOW_MOLD')!.attacks).toContain('AT_NONE AD_STUN');
    expect(list.find((m) => m.pm === 'PM_NEWT')!.attacks).toEqual(['AT_BITE AD_PHYS']);
  });
  it('3.4.3 and 5.0 tables: lizard conveys stoning only in 5.0; 5.0 has the displacer beast', () => {
    expect(mon('5.0', 'lizard').mconveys & 0x80).toBe(0x80);
    expect(mon('3.4.3', 'lizard').mconveys & 0x80).toBe(0x80); // the bit is there; 3.4.3 never reads it
    expect(findCorpseMonster('3.4.3', 'displacer beast')).toBeUndefined();
    expect(mon('5.0', 'displacer beast').level).toBe(12);
    expect(mon('3.6.7', 'werewolf corpse').pm).toBe('PM_HUMAN_WEREWOLF');
    expect(mon('5.0', 'cave dweller').pm).toBe('PM_CAVE_DWELLER');
  });
});

describe('rot (eatcorpse() 3.6.7:1609-1668)', () => {
  it('taint and sickness chances match the brute force at every age 0..300, for each BUC', () => {
    for (const [buc, adj] of [
      ['uncursed', 0],
      ['cursed', 2],
      ['blessed', -2],
    ] as const) {
      for (let age = 0; age <= 300; age += 7) {
        const r = verdict('3.6.7', 'jackal', { age, buc });
        const b = bruteTaint(age, adj);
        expect(r.rot.tainted.probability).toBeCloseTo(b.tainted, 12);
        expect(effect(r, 'You feel sick')?.chance.probability ?? 0).toBeCloseTo(b.sick, 12);
        expect(effect(r, 'Blecch')?.chance.probability ?? 0).toBeCloseTo(b.rotten, 12);
      }
    }
  });
  it('taint possible from age 60 (uncursed), 40 (cursed), 80 (blessed); certain from 174, 116, 232', () => {
    expect([60, 40, 80]).toEqual(
      (['uncursed', 'cursed', 'blessed'] as const).map(
        (buc) => verdict('3.6.7', 'jackal', { buc }).rot.taintPossibleFrom,
      ),
    );
    expect([174, 116, 232]).toEqual(
      (['uncursed', 'cursed', 'blessed'] as const).map(
        (buc) => verdict('3.6.7', 'jackal', { buc }).rot.taintCertainFrom,
      ),
    );
    expect(verdict('3.6.7', 'jackal', { age: 59 }).rot.tainted.probability).toBe(0);
    expect(verdict('3.6.7', 'jackal', { age: 60 }).rot.tainted.fraction).toBe('1/20');
    expect(verdict('3.6.7', 'jackal', { age: 174 }).severity).toBe('deadly');
    expect(verdict('3.6.7', 'jackal', { age: 174, hero: { sickResistant: true } }).severity).toBe('safe');
  });
  it('never tainted: lizard, lichen (all), acid blob (3.x exception, 5.0 non-rotting), Riders rot in 3.4.3 only', () => {
    expect(verdict('3.6.7', 'lizard', { age: 1000 }).rot.tainted.probability).toBe(0);
    expect(verdict('3.6.7', 'acid blob', { age: 1000 }).rot.tainted.probability).toBe(0);
    expect(verdict('5.0', 'acid blob', { age: 1000 }).rot.exempt).toBe('it never rots');
    expect(
      verdict('3.6.7', 'acid blob', { age: 1000, hero: { acidResistant: true } }).onFirstBite.some((e) =>
        e.what.includes('sick'),
      ),
    ).toBe(true);
    expect(verdict('3.4.3', 'Death', { age: 1000 }).rot.tainted.probability).toBe(1);
    expect(verdict('3.6.7', 'Death', { age: 1000 }).rot.tainted.probability).toBe(0);
  });
  it('3.4.3 lets an old Medusa corpse be tainted (its taint test checks touch_petrifies only)', () => {
    expect(verdict('3.4.3', 'Medusa', { age: 1000 }).rot.tainted.probability).toBe(1);
    expect(verdict('3.6.7', 'Medusa', { age: 1000 }).rot.tainted.probability).toBe(0);
  });
  it('poisonous: 4 in 5 Ecch, and only then no "feel sick" roll; resistance makes it harmless', () => {
    const r = verdict('3.6.7', 'killer bee');
    expect(effect(r, 'poisonous')?.chance.fraction).toBe('4/5');
    expect(r.severity).toBe('risky');
    expect(verdict('3.6.7', 'killer bee', { hero: { poisonResistant: true } }).severity).toBe('safe');
  });
});

describe('first bite (cprefx())', () => {
  it('cockatrice and Medusa petrify unless stone resistant; Riders kill', () => {
    expect(verdict('3.6.7', 'cockatrice').severity).toBe('deadly');
    expect(verdict('3.6.7', 'cockatrice', { hero: { stoneResistant: true } }).severity).not.toBe('deadly');
    expect(verdict('3.6.7', 'Medusa').verdict).toContain('die at once');
    expect(verdict('5.0', 'Famine').severity).toBe('deadly');
  });
  it('cannibalism by race, except Cavemen and orcs; 3.6.7 adds lycanthrope kin, 3.4.3 does not', () => {
    expect(verdict('3.6.7', 'human', { hero: { race: 'human' } }).verdict).toContain('Luck -2 to -5');
    expect(verdict('3.6.7', 'human', { hero: { race: 'human', role: 'Caveman' } }).severity).toBe('safe');
    expect(verdict('3.6.7', 'elf', { hero: { race: 'orc' } }).severity).toBe('safe');
    expect(verdict('3.6.7', 'dwarf', { hero: { race: 'dwarf' } }).severity).toBe('risky');
    expect(verdict('3.6.7', 'jackal', { hero: { race: 'human', lycanthropy: 'werejackal' } }).verdict).toContain(
      'cannibal',
    );
    expect(verdict('3.4.3', 'jackal', { hero: { race: 'human', lycanthropy: 'werejackal' } }).severity).toBe('safe');
  });
  it('dogs and cats aggravate, except for Cavemen and orcs', () => {
    expect(verdict('3.6.7', 'little dog').verdict).toContain('aggravate');
    expect(verdict('3.6.7', 'little dog', { hero: { race: 'orc' } }).severity).toBe('safe');
  });
  it('a lizard or acidic corpse cures stoning', () => {
    expect(effect(verdict('3.6.7', 'lizard', { hero: { stoned: true } }), 'cures your stoning')).toBeDefined();
    expect(effect(verdict('3.6.7', 'acid blob', { hero: { stoned: true } }), 'cures your stoning')).toBeDefined();
  });
});

describe('intrinsics (cpostfx(), givit() 3.6.7:832-862)', () => {
  it('chance = (1/count) x min(level, chance)/chance, for every 3.6.7 corpse', () => {
    for (const m of corpseMonsters('3.6.7').filter((x) => !x.pm.includes('MIND_FLAYER'))) {
      const r = corpseVerdict({ version: '3.6.7', monster: m });
      for (const i of r.intrinsics)
        expect(i.chance.probability).toBeCloseTo(i.picked.probability * i.roll.probability, 12);
    }
  });
  it('floating eye: telepathy certain (chance 1, level 2); tengu: 3 candidates at 1/3 each', () => {
    expect(verdict('3.6.7', 'floating eye').intrinsics.map((i) => [i.key, i.chance.fraction])).toEqual([
      ['telepathy', '1/1'],
    ]);
    const t = verdict('3.6.7', 'tengu').intrinsics;
    expect(t.map((i) => i.key)).toEqual(['poison', 'teleportitis', 'teleport control']);
    expect(t.map((i) => i.chance.fraction)).toEqual(['2/15', '1/5', '1/6']); // level 6: 6/15, 6/10, 6/12, each x 1/3
  });
  it('killer bee poison: 1/4 x 1 + 3/4 x 1/15', () => {
    expect(verdict('3.6.7', 'killer bee').intrinsics[0]!.chance.fraction).toBe('3/10');
  });
  it('giants: strength is a candidate in 3.6.7 (alone: 1/2); 3.4.3 gives it always and picks among the rest', () => {
    expect(verdict('3.6.7', 'hill giant').intrinsics.map((i) => i.chance.fraction)).toEqual(['1/2']);
    const fg = verdict('3.6.7', 'fire giant').intrinsics;
    expect(fg.map((i) => [i.key, i.picked.fraction])).toEqual([
      ['strength', '1/2'],
      ['fire', '1/2'],
    ]);
    const old = verdict('3.4.3', 'fire giant');
    expect(old.intrinsics.map((i) => [i.key, i.chance.fraction])).toEqual([['fire', '3/5']]);
    expect(effect(old, 'strength goes up')?.chance.fraction).toBe('1/1');
  });
  it('the pick is uniform: a seeded simulation of the 1-in-count loop', () => {
    let seed = 42;
    const rn2 = (x: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * x);
    };
    const hits = [0, 0, 0];
    for (let n = 0; n < 30000; n++) {
      let count = 0;
      let tmp = -1;
      for (let i = 0; i < 3; i++) if (!rn2(++count)) tmp = i;
      hits[tmp]!++;
    }
    for (const h of hits) expect(Math.abs(h / 30000 - 1 / 3)).toBeLessThan(0.015);
  });
  it('5.0: lizard gives temporary stoning resistance 5/15 + 10/15 x 5/6 = 8/9; acid blob acid 1/15 + 14/15 x 1/3', () => {
    expect(verdict('5.0', 'lizard').intrinsics.map((i) => [i.key, i.chance.fraction])).toEqual([['stoning', '8/9']]);
    const ab = verdict('5.0', 'acid blob').intrinsics;
    expect(ab.find((i) => i.key === 'acid')!.roll.fraction).toBe('17/45');
    expect(verdict('3.6.7', 'lizard').intrinsics).toEqual([]);
  });
  it('taint removes the intrinsic chance (the corpse is used up)', () => {
    const half = verdict('3.6.7', 'floating eye', { age: 100 });
    expect(half.intrinsics[0]!.chance.probability).toBeCloseTo(1 - half.rot.tainted.probability, 12);
  });
});

describe('special corpses (cpostfx())', () => {
  it('wraith level, newt energy, nurse healing, stalker invisibility and stun', () => {
    expect(effect(verdict('3.6.7', 'wraith'), 'experience level')).toBeDefined();
    expect(effect(verdict('3.6.7', 'newt'), 'magical energy')?.chance.fraction).toBe('1/1');
    expect(effect(verdict('3.6.7', 'newt', { hero: { energyHigh: true } }), 'magical energy')?.chance.fraction).toBe(
      '2/3',
    );
    expect(effect(verdict('3.6.7', 'nurse'), 'HP restored')?.what).toContain('blindness');
    expect(effect(verdict('3.4.3', 'nurse'), 'HP restored')?.what).not.toContain('blindness');
    expect(verdict('3.4.3', 'nurse').intrinsics).toEqual([]);
    expect(effect(verdict('3.6.7', 'stalker'), 'stunned for 60')).toBeDefined();
  });
  it('lycanthropy from human-form were corpses; polymorph from chameleons unless Unchanging', () => {
    expect(verdict('3.6.7', 'wererat corpse').verdict).toContain('lycanthropy');
    expect(verdict('3.6.7', 'chameleon').verdict).toContain('polymorph');
    expect(verdict('3.6.7', 'chameleon', { hero: { unchanging: true } }).severity).toBe('safe');
  });
  it('hallucination from stun or hallucination attackers and violet fungi', () => {
    expect(verdict('3.6.7', 'violet fungus').verdict).toContain('hallucinating');
    expect(verdict('3.6.7', 'yellow mold').verdict).toContain('hallucinating');
  });
  it('5.0 spellcasters give energy; 3.6.7 ones do not', () => {
    expect(effect(verdict('5.0', 'kobold shaman'), 'magical energy')).toBeDefined();
    expect(effect(verdict('3.6.7', 'kobold shaman'), 'magical energy')).toBeUndefined();
  });
  it('mind flayer: half the time Int + 1 instead of telepathy, unless Int is at its maximum', () => {
    expect(verdict('3.6.7', 'mind flayer').intrinsics[0]!.chance.fraction).toBe('1/2');
    expect(verdict('3.6.7', 'mind flayer', { hero: { intAtMax: true } }).intrinsics[0]!.chance.fraction).toBe('1/1');
  });
});
