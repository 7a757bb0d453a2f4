// Spell, ability and one-off costs: spl-util.cc spell_hunger(), spl-cast.cc cast_a_spell(),
// player.cc calc_hunger(), food.cc hunger_cost_string(), Ability_List[] and
// _pay_ability_costs(), main.cc/player-reacts.cc berserk end, melee_attack.cc.
import { UserError } from '../../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import { crawlAbility, crawlDrain, crawlSpell, hungerBars, random2avg } from '../../../src/engine/crawl/index.ts';
import { expectCites } from './helpers.ts';

describe('spell hunger', () => {
  // Level 5 base 350 (spl-util.cc:367 / 365 / 347) minus skill x Int = 10 x 15 (spl-util.cc:384 / 380 / 362).
  it('level 5, Int 15, skill 10: 200, four bars', () => {
    for (const [v, base, skill] of [
      ['0.13', 367, 384],
      ['0.14', 365, 380],
      ['0.15', 347, 362],
    ] as const) {
      const r = crawlSpell(v, { level: 5, int: 15, skill: 10 });
      expect(r.cost).toBe(200);
      expect(r.bars).toBe('####...');
      expectCites(r, v, `spl-util.cc:${base}`);
      expectCites(r, v, `spl-util.cc:${skill}`);
    }
  });
  it('fractional skill is truncated after multiplying: 12.5 x 13 = 162', () => {
    expect(crawlSpell('0.14', { level: 6, int: 13, skill: 12.5 }).cost).toBe(550 - 162);
  });
  it('floors at 0 and shows None; level 9 at 1000 shows seven bars', () => {
    expect(crawlSpell('0.14', { level: 1, int: 20, skill: 5 }).bars).toBe('None');
    expect(crawlSpell('0.14', { level: 9, int: 1, skill: 0 }).bars).toBe('#######');
  });
  // hunger_cost_string() breakpoints 1, 21, 61, 121, 201, 301, 421 (food.cc:2750 / 2567 / 2202).
  it('bar breakpoints', () => {
    expect([0, 1, 20, 21, 60, 61, 120, 121, 200, 201, 300, 301, 420, 421].map(hungerBars)).toEqual([
      'None',
      '#......',
      '#......',
      '##.....',
      '##.....',
      '###....',
      '###....',
      '####...',
      '####...',
      '#####..',
      '#####..',
      '######.',
      '######.',
      '#######',
    ]);
    expectCites(crawlSpell('0.13', { level: 1, int: 10, skill: 1 }), '0.13', 'food.cc:2750');
  });
  // calc_hunger(): Thirsty halves (player.cc:6386 in 0.14), Near Bloodless/Bloodless pay 0 (player.cc:6383).
  it('vampires pay half when Thirsty, nothing when Bloodless', () => {
    const t = crawlSpell('0.14', { level: 5, int: 15, skill: 10, species: 'Vampire', hunger: 2000 });
    expect(t.charged).toBe(100);
    expectCites(t, '0.14', 'player.cc:6386');
    expectCites(
      crawlSpell('0.13', { level: 5, int: 15, skill: 10, species: 'Vampire', hunger: 2000 }),
      '0.13',
      'player.cc:6205',
    );
    expectCites(
      crawlSpell('0.15', { level: 5, int: 15, skill: 10, species: 'Vampire', hunger: 800 }),
      '0.15',
      'player.cc:6175',
    );
    expect(crawlSpell('0.14', { level: 5, int: 15, skill: 10, species: 'Vampire', hunger: 700 }).charged).toBe(0);
    expect(crawlSpell('0.13', { level: 5, int: 15, skill: 10, species: 'Vampire', hunger: 8000 }).charged).toBe(200);
  });
  // cast_a_spell(): living characters cannot cast when Starving or hunger <= cost (spl-cast.cc:736 / 754 / 760).
  it('too hungry to cast', () => {
    const r = crawlSpell('0.14', { level: 5, int: 15, skill: 10, hunger: 200 });
    expect(r.canCast).toBe(false);
    expectCites(r, '0.14', 'spl-cast.cc:754');
    expect(crawlSpell('0.14', { level: 1, int: 15, skill: 10, hunger: 1000 }).canCast).toBe(true);
    expect(crawlSpell('0.14', { level: 1, int: 15, skill: 10, hunger: 900 }).canCast).toBe(false); // Starving
    expectCites(crawlSpell('0.13', { level: 1, int: 1, skill: 0 }), '0.13', 'spl-cast.cc:736');
    expectCites(crawlSpell('0.15', { level: 1, int: 1, skill: 0 }), '0.15', 'spl-cast.cc:760');
  });
  it('staff of energy and lich form cost nothing', () => {
    expect(crawlSpell('0.14', { level: 9, int: 10, skill: 0, staffOfEnergy: true }).cost).toBe(0);
    expect(crawlSpell('0.14', { level: 9, int: 10, skill: 0, form: 'lich' }).charged).toBe(0);
  });
  it('rods: base - 10 x Evocations, at least 5 x level', () => {
    expect(crawlSpell('0.14', { level: 3, int: 10, skill: 0, rodEvocations: 10 }).cost).toBe(60);
    expect(crawlSpell('0.14', { level: 3, int: 10, skill: 0, rodEvocations: 15 }).cost).toBe(15);
  });
  it('validates input', () => {
    expect(() => crawlSpell('0.14', { level: 10, int: 10, skill: 0 })).toThrow(UserError);
  });
});

describe('abilities', () => {
  // food_cost = F + random2avg(F, 2) (abl-show.cc:2783; ability.cc:2993 / 3164): F..2F-1, mean 1.5F - 0.5.
  it('Blink (F 50): 50-99, mean 74.5; bars from 75', () => {
    for (const [v, line, row] of [
      ['0.13', 'abl-show.cc:2783', 'abl-show.cc:204'],
      ['0.14', 'ability.cc:2993', 'ability.cc:212'],
      ['0.15', 'ability.cc:3164', 'ability.cc:221'],
    ] as const) {
      const r = crawlAbility(v, { name: 'Blink' });
      expect([r.cost.min, r.cost.max, r.cost.expected]).toEqual([50, 99, 74.5]);
      expect(r.bars).toBe('###....');
      expectCites(r, v, line);
      expectCites(r, v, row);
    }
  });
  // P(50) = P(random2(50) + random2(51) <= 1) = 3 / (50 x 51).
  it('the distribution is exact', () => {
    const d = random2avg(50, 2);
    expect(d.outcomes[0]!.probability).toBeCloseTo(3 / 2550, 12);
    expect(d.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });
  it('closed form matches brute force over every (random2(F), random2(F+1)) pair', () => {
    for (const F of [2, 7, 10]) {
      const counts = new Map<number, number>();
      for (let a = 0; a < F; a++)
        for (let b = 0; b <= F; b++)
          counts.set(Math.trunc((a + b) / 2), (counts.get(Math.trunc((a + b) / 2)) ?? 0) + 1);
      const d = random2avg(F, 2);
      expect(d.outcomes.map((o) => [o.value, Math.round(o.probability * F * (F + 1))])).toEqual(
        [...counts.entries()].sort((x, y) => x[0] - y[0]),
      );
    }
  });
  // _check_ability_possible(): refused when hunger - 2F <= 150 (0.13 abl-show.cc:1371) / 50 (ability.cc:1466 / 1495).
  it('the safety margin', () => {
    expect(crawlAbility('0.13', { name: 'Blink', hunger: 1500 }).hungerCheck.needsAbove).toBe(250);
    const r = crawlAbility('0.14', { name: 'Hellfire', hunger: 1500 });
    expect(r.hungerCheck.needsAbove).toBe(450);
    expectCites(r, '0.14', 'ability.cc:1466');
    expectCites(crawlAbility('0.13', { name: 'Hellfire', hunger: 1500 }), '0.13', 'abl-show.cc:1371');
    expectCites(crawlAbility('0.15', { name: 'Hellfire', hunger: 1500 }), '0.15', 'ability.cc:1495');
  });
  it('Breathe Steam is 75-149; vampires pay half when Thirsty', () => {
    const r = crawlAbility('0.14', { name: 'Breathe Steam' });
    expect([r.cost.min, r.cost.max]).toEqual([75, 149]);
    expect(r.wiki.differs).toBe(true);
    const v = crawlAbility('0.14', { name: 'Blink', species: 'Vampire', hunger: 2000 });
    expect([v.charged.min, v.charged.max]).toEqual([25, 49]);
  });
  it('bat form skips the hunger check; wiki-only abilities are explained', () => {
    expect(crawlAbility('0.14', { name: 'Bat Form' }).hungerCheck.exempt).toBe(true);
    expect(() => crawlAbility('0.14', { name: 'Throw Flame' })).toThrow(/wiki page/);
  });
});

describe('drains', () => {
  // Berserk end: -700 then max(HUNGER_STARVING - 100, hunger) (0.13 main.cc:2756, 0.14:2806, 0.15 player-reacts.cc:762).
  it('berserk end', () => {
    const a = crawlDrain('0.13', 'berserkEnd', { value: 3000 });
    expect(a.after.expected).toBe(2300);
    const b = crawlDrain('0.13', 'berserkEnd', { value: 1200 });
    expect(b.after.expected).toBe(900);
    expectCites(b, '0.13', 'main.cc:2756');
    expect(crawlDrain('0.14', 'berserkEnd', { value: 1200 }).after.expected).toBe(800);
    expectCites(crawlDrain('0.14', 'berserkEnd', { value: 1200 }), '0.14', 'main.cc:2806');
    expectCites(crawlDrain('0.15', 'berserkEnd', { value: 1200 }), '0.15', 'player-reacts.cc:762');
  });
  // Hungry ghost: hunger / 4 on a damaging hit, 1 in 20 otherwise; not against undead (melee_attack.cc:4583 in 0.14).
  it('hungry ghost', () => {
    const r = crawlDrain('0.14', 'hungryGhost', { value: 5000 });
    expect(r.cost.expected).toBe(1250);
    expectCites(r, '0.14', 'melee_attack.cc:4583');
    expect(crawlDrain('0.14', 'hungryGhost', { value: 5000, damaged: false }).cost.expected).toBeCloseTo(62.5, 9);
    expect(crawlDrain('0.14', 'hungryGhost', { value: 5000, species: 'Vampire' }).cost.expected).toBe(0);
    expectCites(crawlDrain('0.13', 'hungryGhost', { value: 5000 }), '0.13', 'melee_attack.cc:4667');
  });
  it('melee 3 (melee_attack.cc:347 / 344 / 278); vampiric weapon 4500 and only when Full', () => {
    expectCites(crawlDrain('0.13', 'melee', { value: 5000 }), '0.13', 'melee_attack.cc:347');
    expectCites(crawlDrain('0.14', 'melee', { value: 5000 }), '0.14', 'melee_attack.cc:344');
    expect(crawlDrain('0.15', 'melee', { value: 5000 }).after.expected).toBe(4997);
    expect(crawlDrain('0.14', 'vampiricWeapon', { value: 9000 }).after.expected).toBe(4500);
    expect(crawlDrain('0.14', 'vampiricWeapon', { value: 6000 }).cost.expected).toBe(0);
  });
});
