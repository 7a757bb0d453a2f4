// Tins (point 11.3): contents, conducts and opening times against a direct enumeration of the
// C logic of src/eat.c: set_tin_variety() (3.6.7:1270), tin_variety() (3.6.7:1278-1299),
// consume_tin() (3.6.7:1311 explosion, 1375 vomiting), start_tin() (3.6.7:1457-1518),
// opentin() (3.6.7:1444), and 3.4.3 opentin() (1025-1090) / start_tin() (1133-1182).
import { describe, expect, it } from 'vitest';
import { tablesFor } from '../../../src/engine/nethack/data.ts';
import { TIN_ORDER_343, TIN_VARIETIES, type MeatVariety } from '../../../src/engine/nethack/foods.ts';
import { acurrstr, eatingConduct, parseStrength, tinContents, tinOpening } from '../../../src/engine/nethack/tins.ts';
import { planMeal } from '../../../src/engine/nethack/meal.ts';
import type { NethackVersion } from '../../../src/engine/cite.ts';

type Buc = 'blessed' | 'uncursed' | 'cursed';
const ORDER367 = TIN_VARIETIES.map((t) => t.key) as MeatVariety[]; // ROTTEN_TIN = 0, HOMEMADE_TIN = 1
const NUT = Object.fromEntries(TIN_VARIETIES.map((t) => [t.key, t.nutrition]));
const mon = (v: NethackVersion, pm: string) => tablesFor(v).monsterByPm(pm)!;

/** Every RNG branch of 3.6.7/5.0 tin_variety() + consume_tin(), as the C reads. */
function enumerate367(
  v: NethackVersion,
  stored: number | null,
  nonrot: boolean,
  buc: Buc,
  cnutrit: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const put = (k: string, p: number) => out.set(k, (out.get(k) ?? 0) + p);
  const spes: [number, number][] =
    stored === null ? ORDER367.map((_, r) => [r === 0 && nonrot ? 1 : r, 1 / 15]) : [[stored, 1]];
  for (const [spe, p0] of spes) {
    let r = buc === 'cursed' ? 0 : spe; // obj->cursed -> ROTTEN_TIN
    for (const rot7 of [true, false]) {
      const p1 = r === 1 && buc !== 'blessed' ? (rot7 ? 1 / 7 : 6 / 7) : rot7 ? 0 : 1;
      if (!p1) continue;
      let rr = r === 1 && buc !== 'blessed' && rot7 ? 0 : r;
      if (rr === 0 && nonrot) rr = 1;
      for (const boom of [true, false]) {
        const p2 = buc === 'cursed' && rr !== 1 ? (boom ? 1 / 8 : 7 / 8) : boom ? 0 : 1;
        if (!p2) continue;
        const key = ORDER367[rr]!;
        let nut = key === 'rotten' ? 0 : NUT[key]!;
        if (v === '5.0' && key === 'homemade') nut = Math.min(nut, cnutrit);
        put(boom ? 'exploded:0' : `${key}:${nut}`, p0 * p1 * p2);
      }
    }
    r = 0;
  }
  return out;
}

/** 3.4.3 opentin(): explosion (cursed, spe != -1) first, then the variety roll at opening. */
function enumerate343(homemade: boolean, lizard: boolean, buc: Buc): Map<string, number> {
  const out = new Map<string, number>();
  const put = (k: string, p: number) => out.set(k, (out.get(k) ?? 0) + p);
  const pBoom = buc === 'cursed' && !homemade ? 1 / 8 : 0;
  if (pBoom) put('exploded:0', pBoom);
  const rolls: [number, number][] =
    buc === 'cursed' ? [[4, 1]] : homemade ? [[5, 1]] : TIN_ORDER_343.map((_, r) => [r, 1 / 15]);
  for (const [r0, p] of rolls) {
    for (const rot7 of [true, false]) {
      let r = r0;
      let q = p * (1 - pBoom);
      if (r === 4 && lizard) {
        if (rot7) continue;
        r = 5;
      } else if (homemade && buc !== 'blessed') {
        q *= rot7 ? 1 / 7 : 6 / 7;
        if (rot7) r = 4;
      } else if (rot7) continue;
      const key = TIN_ORDER_343[r]!;
      put(`${key}:${key === 'rotten' ? 0 : NUT[key]}`, q);
    }
  }
  return out;
}

const asMap = (outcomes: { variety: string; nutrition: number | [number, number]; probability: number }[]) => {
  const m = new Map<string, number>();
  for (const o of outcomes)
    m.set(`${o.variety}:${o.nutrition}`, (m.get(`${o.variety}:${o.nutrition}`) ?? 0) + o.probability);
  return m;
};
const expectSame = (a: Map<string, number>, b: Map<string, number>) => {
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  for (const [k, p] of a) expect(b.get(k)).toBeCloseTo(p, 12);
};

describe('tin contents: tinContents() equals the enumeration of the C branches', () => {
  for (const v of ['3.6.7', '5.0'] as const) {
    for (const pm of ['PM_LIZARD', 'PM_LICHEN', 'PM_JACKAL', 'PM_NEWT', 'PM_ACID_BLOB', 'PM_DEATH']) {
      for (const buc of ['blessed', 'uncursed', 'cursed'] as const) {
        for (const stored of [null, 0, 1, 6, 14]) {
          it(`${v} ${pm} ${buc} stored ${stored === null ? 'random' : ORDER367[stored]}`, () => {
            const m = mon(v, pm);
            const kind = stored === null ? 'random' : ORDER367[stored]!;
            const got = tinContents(v, kind, m, buc);
            expectSame(enumerate367(v, stored, m.nonrottingCorpse, buc, m.cnutrit), asMap(got.outcomes));
          });
        }
      }
    }
  }
  for (const pm of ['PM_LIZARD', 'PM_JACKAL']) {
    for (const buc of ['blessed', 'uncursed', 'cursed'] as const) {
      for (const homemade of [true, false]) {
        it(`3.4.3 ${pm} ${buc} ${homemade ? 'homemade' : 'random'}`, () => {
          const got = tinContents('3.4.3', homemade ? 'homemade' : 'random', mon('3.4.3', pm), buc);
          expectSame(enumerate343(homemade, pm === 'PM_LIZARD', buc), asMap(got.outcomes));
        });
      }
    }
  }

  it('3.6.7 eat.c:1287/1298: a cursed tin of lizard meat is homemade, never rotten, never explodes', () => {
    const r = tinContents('3.6.7', 'smoked', mon('3.6.7', 'PM_LIZARD'), 'cursed');
    expect(r.outcomes).toEqual([expect.objectContaining({ variety: 'homemade', nutrition: 50, probability: 1 })]);
  });
  it('3.4.3 eat.c:1048-1052: a non-blessed homemade lizard tin still goes rotten 1 time in 7', () => {
    const r = tinContents('3.4.3', 'homemade', mon('3.4.3', 'PM_LIZARD'), 'uncursed');
    expect(r.outcomes.find((o) => o.variety === 'rotten')?.probability).toBeCloseTo(1 / 7, 12);
  });
  it('5.0 eat.c:1625: a homemade tin gives at most the corpse (newt 20); 3.6.7 gives 50', () => {
    expect(tinContents('5.0', 'homemade', mon('5.0', 'PM_NEWT'), 'blessed').outcomes[0]).toMatchObject({
      variety: 'homemade',
      nutrition: 20,
    });
    expect(tinContents('3.6.7', 'homemade', mon('3.6.7', 'PM_NEWT'), 'blessed').outcomes[0]).toMatchObject({
      variety: 'homemade',
      nutrition: 50,
    });
  });
  it('spinach (3.6.7 eat.c:1422): 600 blessed, 401-600 uncursed, 201-600 cursed; 3.4.3 (1121) 600', () => {
    expect(tinContents('3.6.7', 'spinach', undefined, 'uncursed').outcomes[0]!.nutrition).toEqual([401, 600]);
    expect(tinContents('3.6.7', 'spinach', undefined, 'cursed').outcomes[0]!.nutrition).toEqual([201, 600]);
    expect(tinContents('3.4.3', 'spinach', undefined, 'cursed').outcomes[0]!.nutrition).toBe(600);
  });
  it('the meal of a random tin of jackal meat at 1900 chokes exactly when the tin gives >= 100 (no explosion, uncursed)', () => {
    const r = planMeal({ version: '3.6.7', food: 'tin of jackal meat', nutrition: 1900 });
    // pureed 500 and candied 100 reach 2000: 2 of 15 varieties
    expect(r.choke!.probability).toBeCloseTo(2 / 15, 12);
    expect(r.tin!.varietyRandom).toBe(true);
  });
  it('a tin that explodes, is empty or rotten never reaches lesshungry() (3.6.7 eat.c:1312, 1375): no warning, no choke', () => {
    // Warnings and chokes, counted from the outcomes the way consume_tin() calls lesshungry(): only fed ones.
    const fedOdds = (v: '3.6.7' | '3.4.3', food: string, buc: 'cursed' | 'uncursed', h: number) => {
      const r = planMeal({ version: v, food, nutrition: h, buc });
      const fed = r.tin!.outcomes.filter((o) => !o.vomiting && o.variety !== 'exploded' && o.variety !== 'empty');
      const warn = fed.filter((o) => h + (o.nutrition as number) >= 1500 && h + (o.nutrition as number) < 2000);
      const choke = fed.filter((o) => h > 1000 && h + (o.nutrition as number) >= 2000);
      const sum = (xs: typeof fed) => xs.reduce((a, o) => a + o.probability, 0);
      return { r, warn: sum(warn), choke: sum(choke) };
    };
    // 3.4.3 cursed lichen tin: explodes 1 in 8 (opentin():1033), else rotten -> homemade 50 (1048)
    const lichen = fedOdds('3.4.3', 'tin of lichen', 'cursed', 1800);
    expect(lichen.r.tin!.warningChance).toBeCloseTo(7 / 8, 12);
    expect(lichen.r.tin!.warningChance).toBeCloseTo(lichen.warn, 12);
    // A cursed smoked tin at 2100: rotten or exploding, so nothing to choke on.
    const smoked = fedOdds('3.6.7', 'smoked tin', 'cursed', 2100);
    expect(smoked.choke).toBe(0);
    expect(smoked.r.choke).toBeNull();
    // An uncursed random tin at 1600: the rotten variety (1 in 15) neither warns nor chokes.
    const jackal = fedOdds('3.6.7', 'tin of jackal meat', 'uncursed', 1600);
    expect(jackal.r.tin!.warningChance).toBeCloseTo(jackal.warn, 12);
    expect(jackal.r.choke!.probability).toBeCloseTo(jackal.choke, 12);
    expect(jackal.warn + jackal.choke).toBeLessThan(1);
  });
});

describe('conducts and cannibalism (eat.c:484 eating_conducts(), 642 maybe_cannibal())', () => {
  it('tin of lichen keeps vegan; tin of jackal meat breaks vegetarian', () => {
    expect(eatingConduct('3.6.7', mon('3.6.7', 'PM_LICHEN'), 'human', null)).toMatchObject({
      breaksVegan: false,
      breaksVegetarian: false,
    });
    expect(eatingConduct('3.6.7', mon('3.6.7', 'PM_JACKAL'), 'human', null)).toMatchObject({
      breaksVegan: true,
      breaksVegetarian: true,
    });
  });
  it('human meat is cannibalism for a human, not for an orc or a Caveman; elf meat for an elf', () => {
    const human = mon('3.6.7', 'PM_HUMAN');
    expect(eatingConduct('3.6.7', human, 'human', 'Wizard').cannibalism).toBe(true);
    expect(eatingConduct('3.6.7', human, 'orc', 'Wizard').cannibalism).toBe(false);
    expect(eatingConduct('3.6.7', human, 'human', 'Caveman').cannibalism).toBe(false);
    expect(eatingConduct('5.0', mon('5.0', 'PM_HUMAN'), 'human', 'Cave dweller').cannibalism).toBe(false);
    expect(eatingConduct('3.6.7', mon('3.6.7', 'PM_WOODLAND_ELF'), 'elf', 'Wizard').cannibalism).toBe(true);
    const r = planMeal({
      version: '3.6.7',
      food: 'tin of human meat',
      nutrition: 500,
      race: 'human',
      role: 'Wizard',
      tinVariety: 'smoked',
    });
    expect(r.conduct).toMatchObject({ cannibalism: true, breaksVegetarian: true });
  });
});

/** opentin(): usedtime++ >= 50 gives up; usedtime < reqtime keeps going; else opens. */
function simulateOpentin(reqtime: number): number | 'give up' {
  if (reqtime === 0) return 0;
  let usedtime = 0;
  for (let call = 1; ; call++) {
    if (usedtime++ >= 50) return 'give up';
    if (usedtime < reqtime) continue;
    return call;
  }
}

describe('opening times (start_tin(), opentin())', () => {
  it('3.6.7 eat.c:1484 tin opener rn2(2), cursed rn2(3), blessed 0; eat.c:1494 daggers and knives 3; 1496 pick-axe 6', () => {
    expect(tinOpening('3.6.7', 'tin opener')!.distribution).toEqual([
      { turns: 0, probability: 0.5 },
      { turns: 1, probability: 0.5 },
    ]);
    expect(tinOpening('3.6.7', 'cursed tin opener')!.distribution.map((d) => d.turns)).toEqual([0, 1, 2]);
    expect(tinOpening('3.6.7', 'blessed tin opener')!.distribution).toEqual([{ turns: 0, probability: 1 }]);
    for (const t of ['dagger', 'athame', 'knife', 'stiletto', 'crysknife'] as const)
      expect(tinOpening('3.6.7', t)!.distribution).toEqual([{ turns: 3, probability: 1 }]);
    expect(tinOpening('3.6.7', 'axe')!.distribution).toEqual([{ turns: 6, probability: 1 }]);
  });
  it('3.4.3 eat.c:1144-1160: blessed tin and tin opener 1 turn; a knife is no tool there (bare hands)', () => {
    expect(tinOpening('3.4.3', 'tin opener')!.distribution).toEqual([{ turns: 1, probability: 1 }]);
    expect(tinOpening('3.4.3', 'dagger', { blessedTin: true })!.distribution).toEqual([{ turns: 1, probability: 1 }]);
    expect(tinOpening('3.4.3', 'knife')).toBeNull(); // needs Dex and Str
    expect(tinOpening('3.4.3', 'knife', { dex: 10, strength: 10 })!.rule).toContain('bare hands');
  });
  it('3.6.7 eat.c:1475 blessed tin: rn2(2) unless a blessed tin opener', () => {
    expect(tinOpening('3.6.7', 'pick-axe', { blessedTin: true })!.distribution).toEqual([
      { turns: 0, probability: 0.5 },
      { turns: 1, probability: 0.5 },
    ]);
  });
  it('bare hands (eat.c:1518) equals the opentin() loop over every rn1(1 + 500/(Dex + Str), 10) draw', () => {
    for (const [dex, str] of [
      [3, 3],
      [10, 68],
      [18, 118],
      [7, 16],
      [25, 125],
    ] as const) {
      const o = tinOpening('3.6.7', 'bare hands', { dex, strength: str })!;
      const span = 1 + Math.floor(500 / (dex + acurrstr(str)));
      const dist = new Map<number, number>();
      let give = 0;
      for (let k = 0; k < span; k++) {
        const res = simulateOpentin(10 + k);
        if (res === 'give up') give += 1 / span;
        else dist.set(res, (dist.get(res) ?? 0) + 1 / span);
      }
      expect(o.giveUpChance).toBeCloseTo(give, 12);
      expect(o.distribution.map((d) => [d.turns, d.probability])).toEqual([...dist].sort((a, b) => a[0] - b[0]));
    }
  });
  it('acurrstr(): 18/50 -> 20, 18/** -> 21, 16 -> 16, 25 -> 25; parseStrength reads how players write it', () => {
    expect([
      parseStrength('18/50'),
      parseStrength('18/**'),
      parseStrength('16'),
      parseStrength('25'),
      parseStrength('26'),
    ]).toEqual([68, 118, 16, 125, null]);
    expect([acurrstr(68), acurrstr(118), acurrstr(16), acurrstr(125), acurrstr(49)]).toEqual([20, 21, 16, 25, 19]);
  });
});
