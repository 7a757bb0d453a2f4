// The README's error-code list is generated from the code (scripts/error-codes.ts) and must match
// ERROR_CODES exactly; every code the pipeline itself emits is in ERROR_CODES too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodeTable } from '../scripts/error-codes.ts';
import { ERROR_CODES } from '../src/errors.ts';

const readme = readFileSync('README.md', 'utf8');

describe('README error codes', () => {
  it('holds exactly the generated table', () => {
    const block = /<!-- error-codes:start -->\n([\s\S]*?)\n<!-- error-codes:end -->/.exec(readme);
    expect(block, 'README markers').not.toBeNull();
    expect(block![1]).toBe(errorCodeTable());
  });
  it('lists every code UserError can carry, and every code the source writes as a literal', () => {
    const block = /<!-- error-codes:start -->\n([\s\S]*?)\n<!-- error-codes:end -->/.exec(readme)![1]!;
    const listed = new Set([...block.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]));
    expect([...listed].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    const sources = ['src/pipeline/dispatch.ts', 'src/pipeline/commandLine.ts']
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const [, code] of sources.matchAll(/code: '([a-z_]+)'|'([a-z]+_[a-z_]+)'\)/g))
      if (code) expect(listed.has(code), code).toBe(true);
  });
});
