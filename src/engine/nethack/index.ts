// Public API of the NetHack hunger engine (pure TypeScript; no Discord imports).
export * from './burn.ts';
export * from './forecast.ts';
export * from './foods.ts';
export * from './meal.ts';
export * from './drains.ts';
export * from './gains.ts';
export * from './spells.ts';
export { cite as ruleCitation, RULES, type RuleKey } from './sources.ts';
export * from './conduct.ts';
export * from './advise.ts';
