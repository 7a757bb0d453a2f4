// NetHack pets and food: dogfood() categories, what they mean, meals and the hunger clock.
export * from './categories.ts';
export * from './items.ts';
export * from './species.ts';
export * from './dogfood.ts';
export * from './behaviour.ts';
export * from './nutrition.ts';
export * from './hunger.ts';
export * from './diet.ts';
export * from './wiki.ts';
