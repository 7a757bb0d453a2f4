// The Crawl (DCSS 0.13-0.15) hunger engine: pure functions, typed results with citations.
export * from './versions.ts';
export { CRAWL_SOURCE, FOODS, ABILITIES, SPECIES, cc, lineOf } from './data.ts';
export * from './random.ts';
export * from './satiation.ts';
export * from './hero.ts';
export * from './rate.ts';
export * from './forecast.ts';
export * from './food.ts';
export * from './chunk.ts';
export * from './costs.ts';
export * from './noHunger.ts';
export * from './advise.ts';
export * from './gear.ts';
