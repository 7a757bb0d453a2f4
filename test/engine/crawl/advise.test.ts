// Crawl meal advice: each meal's numbers must be the engine's own (crawlChunk(), crawlFood(),
// crawlRate()), the chunk gate is can_ingest()'s "state < Satiated + L", and the order follows
// the stated rules (chunks while allowed, then the smallest permanent food that reaches "not
// hungry", else the biggest).
import { describe, expect, it } from 'vitest';
import { adviseCrawlMeals } from '../../../src/engine/crawl/advise.ts';
import { crawlChunk } from '../../../src/engine/crawl/chunk.ts';
import { crawlFood } from '../../../src/engine/crawl/food.ts';
import { crawlRate } from '../../../src/engine/crawl/rate.ts';
import { hungerStateFor } from '../../../src/engine/crawl/satiation.ts';
import { PROFILES } from '../../../src/engine/crawl/versions.ts';

const NOT_HUNGRY = (v: '0.13' | '0.14' | '0.15') => PROFILES[v].thresholds[3] + 1;

describe("every advised meal uses the engine's numbers and the burn of its turns", () => {
  const cases = [
    {
      version: '0.13' as const,
      species: 'Human',
      hunger: 1500,
      foods: [
        { name: 'bread ration', count: 2 },
        { name: 'chunk', count: 2 },
        { name: 'apple', count: 3 },
      ],
    },
    {
      version: '0.14' as const,
      species: 'Kobold',
      hunger: 1200,
      foods: [
        { name: 'chunk', count: 1 },
        { name: 'meat ration', count: 1 },
      ],
    },
    {
      version: '0.15' as const,
      species: 'Troll',
      hunger: 800,
      foods: [
        { name: 'chunk', count: 3 },
        { name: 'bread ration', count: 1 },
      ],
    },
  ];
  for (const c of cases) {
    it(`${c.version} ${c.species} from ${c.hunger}`, () => {
      const r = adviseCrawlMeals(c.version, { species: c.species, hunger: c.hunger, foods: c.foods });
      const rate = crawlRate(c.version, { species: c.species, hunger: c.hunger }).rate;
      expect(r.rate).toEqual({ min: rate.min, max: rate.max });
      let h = c.hunger;
      for (const m of r.plan) {
        expect(m.hungerBefore.min).toBe(h);
        if (m.category === 'chunk') {
          const ch = crawlChunk(c.version, { species: c.species, hunger: h, type: 'clean' });
          expect(ch.canEat).toBe(true);
          expect([m.nutrition, m.gained, m.turns]).toEqual([ch.nutrition, ch.gained, ch.turns]);
        } else {
          const f = crawlFood(c.version, m.food, { species: c.species, hunger: h });
          expect(f.canEat).toBe(true);
          expect(m.nutrition).toBe(f.nutrition);
          expect(m.turns).toBe(f.item.turns);
        }
        expect(m.burned).toEqual({ min: m.turns * rate.min, max: m.turns * rate.max });
        expect(m.hungerAfter.min).toBe(h + m.gained - m.turns * rate.max);
        expect(m.stateAfter).toBe(hungerStateFor(c.version, m.hungerAfter.min).name);
        h = m.hungerAfter.min;
      }
      expect(r.final.hunger.min).toBe(h);
      expect(r.reached).toBe(h >= NOT_HUNGRY(c.version));
      expect(r.totalTurns).toBe(r.plan.reduce((a, m) => a + m.turns, 0));
    });
  }
});

describe('chunks against permanent food', () => {
  it('chunks go first while the state allows them (Human: below Satiated)', () => {
    const r = adviseCrawlMeals('0.13', {
      species: 'Human',
      hunger: 1500,
      foods: [
        { name: 'bread ration', count: 2 },
        { name: 'chunk', count: 2 },
      ],
    });
    expect(r.plan.map((m) => m.category)).toEqual(['chunk', 'chunk']);
    expect(r.plan[0]!.why).toContain('Chunks first');
    expect(r.chunks).toMatchObject({ allowedBelow: 'Satiated', level: 0, cleanChunk: 1000 });
    expect(r.leftover).toEqual([{ name: 'bread ration', count: 2 }]);
  });
  it('Satiated and goal "most": chunks refused by the gate, permanent food instead; the refusal is given', () => {
    const r = adviseCrawlMeals('0.13', {
      species: 'Human',
      hunger: 3000,
      goal: 'most',
      foods: [
        { name: 'chunk', count: 2 },
        { name: 'bread ration', count: 3 },
      ],
    });
    expect(r.plan.every((m) => m.category === 'permafood')).toBe(true);
    expect(r.excluded.find((e) => e.name === 'clean chunk')?.reason).toMatch(/hungry enough|too full/);
    // stops before a ration would be cut at the maximum
    const last = r.plan.at(-1)!;
    expect(last.gained).toBe(last.nutrition);
    expect(r.final.hunger.min + 4400).toBeGreaterThan(PROFILES['0.13'].maximum);
  });
  it('Carnivore 3 (Kobold): chunks allowed up to Engorged; bread refused', () => {
    const r = adviseCrawlMeals('0.13', {
      species: 'Kobold',
      hunger: 2067,
      foods: [
        { name: 'bread ration', count: 1 },
        { name: 'chunk', count: 1 },
      ],
    });
    expect(r.chunks).toMatchObject({ allowedBelow: 'Engorged', level: 3 });
    expect(r.plan.map((m) => m.food)).toEqual(['clean chunk']);
    expect(r.excluded).toEqual([
      { name: 'bread ration', reason: 'Carnivore 3 cannot eat vegetarian food ("Sorry, you\'re a carnivore").' },
    ]);
  });
  it('the amulet of the gourmand opens the gate to Engorged (L = 3)', () => {
    expect(
      adviseCrawlMeals('0.14', { species: 'Human', hunger: 4000, gourmandAmulet: true, foods: [] }).chunks,
    ).toMatchObject({ allowedBelow: 'Engorged', level: 3 });
  });
  it('the smallest permanent food that reaches "not hungry" is chosen; bigger ones keep', () => {
    const r = adviseCrawlMeals('0.13', {
      species: 'Human',
      hunger: 2300,
      foods: [
        { name: 'bread ration', count: 1 },
        { name: 'apple', count: 1 },
        { name: 'sultana', count: 5 },
      ],
    });
    expect(r.plan.map((m) => m.food)).toEqual(['apple']);
    expect(r.reached).toBe(true);
  });
  it('Spriggan (Herbivore 3): never chunks', () => {
    const r = adviseCrawlMeals('0.15', {
      species: 'Spriggan',
      hunger: 1000,
      foods: [
        { name: 'chunk', count: 2 },
        { name: 'bread ration', count: 1 },
      ],
    });
    expect(r.chunks.allowedBelow).toBeNull();
    expect(r.plan.map((m) => m.food)).toEqual(['bread ration']);
    expect(r.excluded[0]!.reason).toContain('herbivore');
  });
  it("a ghoul's food is cut at the Satiated threshold", () => {
    const r = adviseCrawlMeals('0.13', {
      species: 'Ghoul',
      hunger: 6000,
      goal: 'most',
      foods: [{ name: 'chunk', count: 2 }],
    });
    for (const m of r.plan) expect(m.hungerBefore.min + m.gained).toBeLessThanOrEqual(PROFILES['0.13'].thresholds[4]);
  });
  it('a mummy eats nothing', () => {
    const r = adviseCrawlMeals('0.13', { species: 'Mummy', foods: [{ name: 'bread ration', count: 1 }] });
    expect(r.plan).toEqual([]);
    expect(r.notes[0]).toContain('does not eat');
  });
  it("0.15 has no contaminated chunks: excluded with the engine's reason", () => {
    const r = adviseCrawlMeals('0.15', {
      species: 'Human',
      hunger: 1000,
      foods: [{ name: 'chunk', count: 1, chunkType: 'contaminated' }],
    });
    expect(r.excluded[0]!.reason).toContain('0.15');
  });
  it("unknown food names are excluded with the engine's message", () => {
    const r = adviseCrawlMeals('0.15', { species: 'Human', hunger: 1000, foods: [{ name: 'cheese', count: 1 }] });
    expect(r.excluded[0]!.reason).toContain('0.15');
  });
  it('already not hungry: nothing to eat', () => {
    const r = adviseCrawlMeals('0.13', { species: 'Human', hunger: 5000, foods: [{ name: 'apple', count: 1 }] });
    expect(r.alreadyThere).toBe(true);
    expect(r.plan).toEqual([]);
  });
});
