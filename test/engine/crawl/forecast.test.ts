// Forecasts: actions until each level, from _player_reacts()'s per-action food. Hand-worked:
// ceil(need / food) when the food per action is fixed; a small exact expectation otherwise.
import { describe, expect, it } from 'vitest';
import { crawlForecast } from '../../../src/engine/crawl/index.ts';
import { expectCites } from './helpers.ts';

const at = (r: ReturnType<typeof crawlForecast>, target: string) => r.milestones.find((m) => m.target === target)!;

describe('forecast', () => {
  // Troll + sustenance = 5 (player.cc:1468); 0.14 start 5900 to Hungry (<= 2500): 3400 / 5 = 680.
  it('Troll with sustenance: 680 turns to Hungry in 0.14 and in 0.13', () => {
    const r14 = crawlForecast('0.14', { value: 5900, hero: { species: 'Troll', sustenanceRings: 1 } });
    expect(at(r14, 'Hungry').actions).toEqual({ expected: 680, min: 680, max: 680 });
    expectCites(r14, '0.14', 'main.cc:3372');
    const r13 = crawlForecast('0.13', { value: 6000, hero: { species: 'Troll', sustenanceRings: 1 } });
    expect(at(r13, 'Hungry').actions!.expected).toBe(680); // 6000 - 2600 = 3400
    expectCites(r13, '0.13', 'main.cc:3299');
  });
  // Human, rate 3: ceil(3400 / 3) = 1134.
  it('Human: 1134 turns from the start to Hungry (0.15)', () => {
    const r = crawlForecast('0.15', { value: 5900, hero: {} });
    expect(at(r, 'Hungry').actions).toEqual({ expected: 1134, min: 1134, max: 1134 });
    expectCites(r, '0.15', 'player-reacts.cc:1271');
  });
  // Death at <= 0 in 0.14: ceil(5900 / 3) = 1967; fainting at <= 400: ceil(5500/3) = 1834.
  it('fainting and death for the living', () => {
    const r = crawlForecast('0.14', { value: 5900, hero: {} });
    expect(at(r, 'fainting').actions!.expected).toBe(1834);
    expect(at(r, 'death').actions!.expected).toBe(1967);
  });
  // Fixed rate 3, 15-aut actions: 4 or 5 each; need 5: E = 1 + 0.5 x E[1] = 1.5; fastest 1, slowest 2.
  it('random rounding: exact expectation and range', () => {
    const r = crawlForecast('0.14', { value: 2505, rate: 3, aut: 15 });
    const m = at(r, 'Hungry');
    expect(m.actions).toEqual({ expected: 1.5, min: 1, max: 2 });
    expect(m.turns).toEqual({ expected: 2.25, min: 1.5, max: 3 });
  });
  // Vampire 0.14 from 6900: Satiated burns 3 down to 2501 (1467 actions to reach <= 2500: 4400/3 -> 1467,
  // landing at 2499), then Thirsty burns 2: (2499 - 1966) / 2 -> 267 more.
  it('vampires slow down as they get thirsty', () => {
    const r = crawlForecast('0.14', { value: 6900, hero: { species: 'Vampire' } });
    expect(at(r, 'Hungry').actions!.expected).toBe(1467);
    expect(at(r, 'Very Hungry').actions!.expected).toBe(1467 + 267);
    expect(r.milestones.some((m) => m.target === 'death')).toBe(false);
    expectCites(r, '0.14', 'food.cc:2527');
  });
  it('mummies have nothing to forecast', () => {
    expect(crawlForecast('0.13', { value: 6000, hero: { species: 'Mummy' } }).milestones).toEqual([]);
  });
});
