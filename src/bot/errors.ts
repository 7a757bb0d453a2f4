// Moved to src/errors.ts (a base layer every folder may import); kept while branches merge.
export * from '../errors.ts';
