// Drains and gains, worked by hand from the cited code.
import { describe, expect, it } from 'vitest';
import {
  booze,
  drain,
  fruitJuice,
  lifesave,
  newman,
  prayerFix,
  spellHunger,
} from '../../../src/engine/nethack/index.ts';

describe('spell hunger (spell.c spelleffects() 3.6.7:966-1013)', () => {
  it('non-Wizards pay 10 x level', () => {
    for (let l = 1; l <= 7; l++)
      expect(spellHunger({ version: '3.6.7', level: l, role: 'Priest', int: 18, nutrition: 900 }).amount.exact).toBe(
        10 * l,
      );
  });
  it('Wizard Int 16 pays floor(10L / 4): 2, 5, 7, 10, 12, 15, 17; Int 15 half; Int 17 nothing', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7].map(
        (l) => spellHunger({ version: '3.6.7', level: l, role: 'Wizard', int: 16, nutrition: 900 }).amount.exact,
      ),
    ).toEqual([2, 5, 7, 10, 12, 15, 17]);
    expect(spellHunger({ version: '3.6.7', level: 3, role: 'Wizard', int: 15, nutrition: 900 }).amount.exact).toBe(15);
    expect(spellHunger({ version: '3.6.7', level: 7, role: 'Wizard', int: 17, nutrition: 900 }).amount.exact).toBe(0);
  });
  it('capped at H - 3 (spell.c:1011) and refused at H <= 10 (spell.c:932)', () => {
    expect(spellHunger({ version: '3.6.7', level: 7, nutrition: 40 }).amount.exact).toBe(37);
    expect(spellHunger({ version: '3.6.7', level: 1, nutrition: 10 }).refused).not.toBeNull();
  });
  it('detect food costs nothing; spell names give the level (5.0 sleep is level 3)', () => {
    expect(spellHunger({ version: '3.6.7', spell: 'detect food', nutrition: 5 }).amount.exact).toBe(0);
    expect(spellHunger({ version: '5.0', spell: 'sleep', nutrition: 900 }).amount.exact).toBe(30);
    expect(spellHunger({ version: '3.6.7', spell: 'sleep', nutrition: 900 }).amount.exact).toBe(10);
  });
  it('3.4.3 with the Amulet: energy E + rnd(2E), hunger 2x that: level 1 gives 12..30', () => {
    const r = spellHunger({ version: '3.4.3', level: 1, nutrition: 900, amulet: true });
    expect([r.amount.min, r.amount.max]).toEqual([12, 30]);
  });
});

describe('other drains', () => {
  it('jump rnd(25), refused at H <= 100 unless magic (apply.c:1726, 1821)', () => {
    expect(drain({ version: '3.6.7', action: 'jump', nutrition: 500 }).amount).toMatchObject({
      min: 1,
      max: 25,
      mean: 13,
    });
    expect(drain({ version: '3.6.7', action: 'jump', nutrition: 100 }).refused).not.toBeNull();
    expect(drain({ version: '3.6.7', action: 'jump', nutrition: 100, magic: true }).refused).toBeNull();
  });
  it('teleport at will: 100; 3.6.7 needs H > 10, 3.4.3 H > 100 (teleport.c)', () => {
    expect(drain({ version: '3.6.7', action: 'teleport', nutrition: 50 }).amount.exact).toBe(100);
    expect(drain({ version: '3.4.3', action: 'teleport', nutrition: 50 }).refused).not.toBeNull();
  });
  it('sink sewage rn1(30 - Con, 11): Con 18 gives 11..22', () => {
    expect(drain({ version: '3.6.7', action: 'sink', con: 18 }).amount).toMatchObject({ min: 11, max: 22 });
  });
});

describe('gains', () => {
  it('fruit juice (diluted ? 5 : 10) x (2 + bcsign); booze 10 x (2 + bcsign) (potion.c:704, 768)', () => {
    expect(fruitJuice('3.6.7', 'blessed', false).gain!.exact).toBe(30);
    expect(fruitJuice('3.6.7', 'cursed', true).gain!.exact).toBe(5);
    expect(booze('3.6.7', 'uncursed', true).gain!.exact).toBe(20);
  });
  it('newman sets 500..999 (polyself.c:346)', () => {
    expect(newman('3.6.7', 40).setsTo).toMatchObject({ min: 500, max: 999 });
  });
  it('prayer: Weak is major (timeout <= 200), Hungry minor (<= 100); fixing sets 900 (pray.c)', () => {
    expect(prayerFix({ version: '3.6.7', nutrition: 50 })).toMatchObject({
      trouble: 'major',
      timeoutLimit: 200,
      fixSetsTo: 900,
    });
    expect(prayerFix({ version: '3.6.7', nutrition: 150, prayerTimeout: 150 })).toMatchObject({
      trouble: 'minor',
      safe: false,
    });
    expect(prayerFix({ version: '3.6.7', nutrition: 151 }).trouble).toBe('none');
  });
});

describe('life saving (end.c done(), savelife())', () => {
  it('3.6.7: below 500 -> 900; 499 -> 900, 500 stays 500 (end.c:877)', () => {
    expect(lifesave({ version: '3.6.7', nutrition: 499 }).nutritionAfter).toBe(900);
    expect(lifesave({ version: '3.6.7', nutrition: 500 }).nutritionAfter).toBe(500);
  });
  it('3.4.3: below 500 -> 500, choking -> 900', () => {
    expect(lifesave({ version: '3.4.3', nutrition: -50, cause: 'starvation' }).nutritionAfter).toBe(500);
    expect(lifesave({ version: '3.4.3', nutrition: 2100, cause: 'choking' }).nutritionAfter).toBe(900);
  });
  it('choking always 900, with the vomit message only', () => {
    const r = lifesave({ version: '3.6.7', nutrition: 2100, cause: 'choking' });
    expect([r.nutritionAfter, r.vomitMessageOnly]).toEqual([900, true]);
  });
  it('HP: 3.6.7 max HP raised to max(2 x XL, 10); 5.0 HP = min(max, 50 + 10 x (Con / 2)) after the Con loss', () => {
    expect(lifesave({ version: '3.6.7', nutrition: 900, level: 8, maxHp: 12 }).hp.hpAfter).toBe(16);
    expect(lifesave({ version: '5.0', nutrition: 900, level: 14, maxHp: 200, con: 18 }).hp.hpAfter).toBe(130); // Con 17 -> 50 + 80
  });
  it('genocide, brainlessness and Moloch kill again; trickery and escape ignore it', () => {
    expect(lifesave({ version: '3.6.7', nutrition: 900, cause: 'genocide' }).diesAnyway).toBe(true);
    expect(lifesave({ version: '3.6.7', nutrition: 900, cause: 'brainlessness' }).diesAnyway).toBe(true);
    expect(lifesave({ version: '3.6.7', nutrition: 900, cause: 'trickery' }).saved).toBe(false);
    expect(lifesave({ version: '3.6.7', nutrition: 900, sustainAbility: true }).conLoss).toBe(0);
  });
});
