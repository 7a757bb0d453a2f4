// Version profiles: food.h per tag (0.14 rebased 100 lower), and the "no hunger" answer from 0.26.
import { describe, expect, it } from 'vitest';
import {
  CRAWL_SOURCE,
  PROFILES,
  crawlOutsideVersions,
  parseCrawlVersion,
  lineOf,
} from '../../../src/engine/crawl/index.ts';

describe('versions', () => {
  it('parses supported, later and uncovered versions', () => {
    expect(parseCrawlVersion(undefined)).toMatchObject({ kind: 'supported', version: '0.13' });
    expect(parseCrawlVersion('0.14.2')).toMatchObject({ kind: 'supported', version: '0.14' });
    expect(parseCrawlVersion('v0.15')).toMatchObject({ kind: 'supported', version: '0.15' });
    expect(parseCrawlVersion('0.26')).toMatchObject({ kind: 'noHunger' });
    expect(parseCrawlVersion('0.32.1')).toMatchObject({ kind: 'noHunger' });
    expect(parseCrawlVersion('0.20')).toMatchObject({ kind: 'notCovered' });
    expect(parseCrawlVersion('0.12')).toMatchObject({ kind: 'notCovered' });
    expect(parseCrawlVersion('banana')).toBeNull();
  });
  it('no-hunger answer', () => {
    const p = parseCrawlVersion('0.30');
    if (!p || p.kind === 'supported') throw new Error('unexpected');
    const r = crawlOutsideVersions(p);
    expect(r.kind).toBe('noHunger');
    expect(r.hunger).toBe(false);
  });
  // food.h: 0.13 HUNGER_STARVING 1000 ... HUNGER_MAXIMUM 12000; 0.14/0.15 100 lower.
  it('profiles follow food.h', () => {
    expect(PROFILES['0.13'].thresholds.slice(0, 7)).toEqual([1000, 1533, 2066, 2600, 7000, 9000, 11000]);
    expect(PROFILES['0.14'].thresholds.slice(0, 7)).toEqual([900, 1433, 1966, 2500, 6900, 8900, 10900]);
    expect(PROFILES['0.15'].thresholds).toEqual(PROFILES['0.14'].thresholds);
    expect([
      PROFILES['0.13'].start,
      PROFILES['0.13'].maximum,
      PROFILES['0.14'].start,
      PROFILES['0.14'].maximum,
    ]).toEqual([6000, 12000, 5900, 11900]);
    expect(lineOf('0.14', 'hungerFainting').line).toBe(11); // 0.14.2 food.h:11 HUNGER_FAINTING 400
  });
  it('data is pinned to the release commits', () => {
    expect(CRAWL_SOURCE['0.13']).toEqual({ tag: '0.13.2', commit: '42362f24509bfcb152193b526c581096a30ac094' });
    expect(CRAWL_SOURCE['0.14'].commit).toBe('e6be5b4e3d13f97b02c1dd92a844ebf0d7a05c2c');
    expect(CRAWL_SOURCE['0.15'].commit).toBe('9b7472d89d3a56797f2d1182218daf851657f63c');
  });
});

describe('extracted tables', () => {
  it('Food_prop: 23 foods in 0.13 and 0.14, 7 in 0.15 (itemprop.cc)', async () => {
    const { FOODS } = await import('../../../src/engine/crawl/index.ts');
    expect(FOODS['0.13'].length).toBe(23);
    expect(FOODS['0.14'].length).toBe(23);
    expect(FOODS['0.15'].map((f) => f.name)).toEqual([
      'meat ration',
      'chunk',
      'beef jerky',
      'bread ration',
      'fruit',
      'royal jelly',
      'pizza',
    ]);
    // Chunk mass 100 in 0.13 (10 aum), 50 from 0.14.
    expect(FOODS['0.13'].find((f) => f.name === 'chunk')!.mass).toBe(100);
    expect(FOODS['0.14'].find((f) => f.name === 'chunk')!.mass).toBe(50);
  });
  it('species: Lava Orc and Djinni only in alpha builds; Formicid and Vine Stalker from 0.14', async () => {
    const { speciesList } = await import('../../../src/engine/crawl/index.ts');
    const names = (v: '0.13' | '0.14' | '0.15') =>
      speciesList(v)
        .filter((s) => s.selectable)
        .map((s) => s.name);
    expect(names('0.13')).not.toContain('Lava Orc');
    expect(names('0.13')).not.toContain('Djinni');
    expect(names('0.14')).toContain('Formicid');
    expect(names('0.15')).toContain('Vine Stalker');
    expect(speciesList('0.15').map((s) => s.name)).not.toContain('Lava Orc');
  });
});
