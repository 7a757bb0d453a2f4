// Shared assertions for the Crawl engine tests: a result must cite the exact line it applied.
import { expect } from 'vitest';
import type { Citation } from '../../../src/engine/cite.ts';

/** The result cites `file:line` (file relative to crawl-ref/source/) for this version. */
export function expectCites(result: { citations: readonly Citation[] }, version: string, fileLine: string): void {
  const [file, line] = fileLine.split(':');
  const hit = result.citations.some(
    (c) => c.version === version && c.file === `crawl-ref/source/${file}` && c.line === Number(line),
  );
  expect(
    hit,
    `${version} should cite ${fileLine}; cites ${result.citations.map((c) => `${c.file.replace('crawl-ref/source/', '')}:${c.line}`).join(', ')}`,
  ).toBe(true);
}
