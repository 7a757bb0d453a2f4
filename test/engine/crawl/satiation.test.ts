// Satiation levels: food.h thresholds and food.cc food_change() (a state runs up to and
// including its threshold), handle_starvation(), you_min_hunger(), you_max_hunger(),
// player::can_go_berserk(). Expected values worked by hand from the code at each tag.
import { describe, expect, it } from 'vitest';
import { crawlStatus, crawlStatusFor, hungerStateFor } from '../../../src/engine/crawl/index.ts';
import { expectCites } from './helpers.ts';

describe('hunger state for a value', () => {
  // 0.13 food.h:12 HUNGER_STARVING 1000; food.cc:987 walks up while hunger > threshold.
  it('0.13: 1000 is Starving, 1001 Near Starving (food.h:12, food.cc:987)', () => {
    expect(hungerStateFor('0.13', 1000).name).toBe('Starving');
    expect(hungerStateFor('0.13', 1001).name).toBe('Near Starving');
    const r = crawlStatus('0.13', 1000);
    expectCites(r, '0.13', 'food.h:12');
    expectCites(r, '0.13', 'food.cc:987');
  });
  // 0.14 food.h:12 HUNGER_STARVING 900 (rebased 100 lower); food.cc:852.
  it('0.14: 1000 is Near Starving, 900 Starving (food.h:12, food.cc:852)', () => {
    expect(hungerStateFor('0.14', 1000).name).toBe('Near Starving');
    expect(hungerStateFor('0.14', 900).name).toBe('Starving');
    expectCites(crawlStatus('0.14', 1000), '0.14', 'food.cc:852');
  });
  // 0.15 food.cc:667, same thresholds as 0.14.
  it('0.15: same thresholds as 0.14 (food.cc:667)', () => {
    expect(hungerStateFor('0.15', 1433).name).toBe('Near Starving');
    expect(hungerStateFor('0.15', 1434).name).toBe('Very Hungry');
    expectCites(crawlStatus('0.15', 1434), '0.15', 'food.cc:667');
  });
  it('every band edge, 0.13 and 0.14', () => {
    const edges13 = [1000, 1533, 2066, 2600, 7000, 9000, 11000];
    const edges14 = [900, 1433, 1966, 2500, 6900, 8900, 10900];
    edges13.forEach((t, i) => {
      expect(hungerStateFor('0.13', t).index).toBe(i);
      expect(hungerStateFor('0.13', t + 1).index).toBe(i + 1);
    });
    edges14.forEach((t, i) => {
      expect(hungerStateFor('0.14', t).index).toBe(i);
      expect(hungerStateFor('0.14', t + 1).index).toBe(i + 1);
    });
  });
});

describe('what a level allows', () => {
  const rule = (r: ReturnType<typeof crawlStatus>, id: string) => r.rules.find((x) => x.id === id)!.value;
  // player-act.cc can_go_berserk(): refused when hunger <= 2066 (0.13:708) / HUNGER_VERY_HUNGRY 1966 (0.14:738, 0.15:956).
  it('berserk needs hunger above 2066 / 1966 (player-act.cc:708/738/956)', () => {
    expect(rule(crawlStatus('0.13', 2066), 'berserk')).toBe(false);
    expect(rule(crawlStatus('0.13', 2067), 'berserk')).toBe(true);
    expect(rule(crawlStatus('0.14', 1966), 'berserk')).toBe(false);
    expect(rule(crawlStatus('0.14', 1967), 'berserk')).toBe(true);
    expectCites(crawlStatus('0.13', 2066), '0.13', 'player-act.cc:708');
    expectCites(crawlStatus('0.14', 1966), '0.14', 'player-act.cc:738');
    expectCites(crawlStatus('0.15', 1966), '0.15', 'player-act.cc:956');
  });
  // handle_starvation(): faint at <= 500 (0.13 food.cc:2718) / HUNGER_FAINTING 400 (0.14:2535, 0.15:2170); death <= 100 / <= 0.
  it('fainting and starvation limits (food.cc:2718/2730, 2535/2547, 2170/2182)', () => {
    expect(rule(crawlStatus('0.13', 500), 'fainting')).toBe(true);
    expect(rule(crawlStatus('0.13', 501), 'fainting')).toBe(false);
    expect(rule(crawlStatus('0.13', 100), 'starvationDeath')).toBe(true);
    expect(rule(crawlStatus('0.13', 101), 'starvationDeath')).toBe(false);
    expect(rule(crawlStatus('0.14', 400), 'fainting')).toBe(true);
    expect(rule(crawlStatus('0.14', 401), 'fainting')).toBe(false);
    expect(rule(crawlStatus('0.14', 0), 'starvationDeath')).toBe(true);
    expect(rule(crawlStatus('0.14', 1), 'starvationDeath')).toBe(false);
    expectCites(crawlStatus('0.13', 500), '0.13', 'food.cc:2718');
    expectCites(crawlStatus('0.13', 100), '0.13', 'food.cc:2730');
    expectCites(crawlStatus('0.14', 400), '0.14', 'food.cc:2535');
    expectCites(crawlStatus('0.15', 0), '0.15', 'food.cc:2182');
  });
  // Chunks: state < HS_SATIATED + L (food.cc:2467 / 2282 / 1939). At Satiated only L >= 1.
  it('chunk gate by Carnivore level (food.cc:2467/2282/1939)', () => {
    const r = crawlStatus('0.14', 5900);
    expect(rule(r, 'eatChunks')).toBe(false);
    expect(r.rules.find((x) => x.id === 'eatChunks')!.text).toContain('Carnivore 1 yes');
    expectCites(r, '0.14', 'food.cc:2282');
    expectCites(crawlStatus('0.13', 6000), '0.13', 'food.cc:2467');
    expectCites(crawlStatus('0.15', 5900), '0.15', 'food.cc:1939');
  });
  // item_use.cc can_wield(): vampiric needs hunger_state >= HS_FULL (0.13:195, 0.14:186, 0.15:153).
  it('vampiric weapons need Full (item_use.cc:195/186/153)', () => {
    expect(rule(crawlStatus('0.13', 7000), 'vampiricWeapon')).toBe(false);
    expect(rule(crawlStatus('0.13', 7001), 'vampiricWeapon')).toBe(true);
    expectCites(crawlStatus('0.13', 7001), '0.13', 'item_use.cc:195');
    expectCites(crawlStatus('0.14', 7001), '0.14', 'item_use.cc:186');
    expectCites(crawlStatus('0.15', 7001), '0.15', 'item_use.cc:153');
  });
  it('Engorged refuses eating (food.cc _eat_check)', () => {
    expect(rule(crawlStatus('0.13', 11001), 'eat')).toBe(false);
    expect(rule(crawlStatus('0.13', 11000), 'eat')).toBe(true);
  });
});

describe('undead', () => {
  // you_min_hunger(): 701 (0.13 food.cc:2711), 601 (0.14:2527, 0.15:2162).
  it('vampires never drop below 701 / 601 (food.cc:2711/2527/2162)', () => {
    const v13 = crawlStatusFor('0.13', 500, 'Vampire');
    expect(v13.value).toBe(701);
    expect(v13.clampedTo).toBe(701);
    expect(v13.state.vampireLabel).toBe('Bloodless');
    expectCites(v13, '0.13', 'food.cc:2711');
    expect(crawlStatusFor('0.14', 0, 'Vampire').value).toBe(601);
    expectCites(crawlStatusFor('0.15', 0, 'Vampire'), '0.15', 'food.cc:2162');
  });
  // you_max_hunger(): ghouls capped at hunger_threshold[HS_SATIATED] (0.13 food.cc:2698, 0.14:2514, 0.15:2149).
  it('ghouls are capped at 7000 / 6900 (food.cc:2698/2514/2149)', () => {
    expect(crawlStatusFor('0.13', 9000, 'Ghoul').value).toBe(7000);
    expect(crawlStatusFor('0.14', 9000, 'Ghoul').value).toBe(6900);
    expectCites(crawlStatusFor('0.13', 9000, 'Ghoul'), '0.13', 'food.cc:2698');
    expectCites(crawlStatusFor('0.14', 9000, 'Ghoul'), '0.14', 'food.cc:2514');
    expectCites(crawlStatusFor('0.15', 9000, 'Ghoul'), '0.15', 'food.cc:2149');
  });
  it('ghoul rot chance halves per state below Satiated (1/400 .. 1/25)', () => {
    const rot = (v: number) => crawlStatusFor('0.14', v, 'Ghoul').rules.find((x) => x.id === 'rot')!.text;
    expect(rot(2000)).toContain('1 in 200'); // 2000 is Hungry in 0.14 (1967-2500): 400 >> 1
    expect(rot(1500)).toContain('1 in 100'); // Very Hungry: 400 >> 2
    expect(rot(800)).toContain('1 in 25'); // Starving: 400 >> 4
  });
  it('vampire labels and bat form at Satiated (status.cc, ability.cc your_talents)', () => {
    const r = crawlStatusFor('0.14', 6900, 'Vampire');
    expect(r.statusLight).toBe('');
    expect(r.rules.find((x) => x.id === 'batForm')!.value).toBe(true);
    expect(crawlStatusFor('0.14', 6901, 'Vampire').rules.find((x) => x.id === 'batForm')!.value).toBe(false);
    expect(crawlStatusFor('0.14', 11000, 'Vampire').statusLight).toBe('Alive');
  });
  it('mummies have no hunger', () => {
    const r = crawlStatusFor('0.13', 3000, 'Mummy');
    expect(r.who).toBe('mummy');
    expect(r.rules[0]!.id).toBe('noHunger');
  });
});

describe('the page', () => {
  it('flags 1000 (no row on the page) and 0.14 numbers', () => {
    expect(crawlStatus('0.13', 1000).wiki.differs).toBe(true);
    expect(crawlStatus('0.13', 5000).wiki.differs).toBe(false);
    expect(crawlStatus('0.14', 5000).wiki.differs).toBe(true);
  });
});
