// Fixture loader: the samples under test/fixtures/import/ carry "#|" annotation lines naming the
// game code that prints each line; they are stripped here, giving the text exactly as pasted.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { UserError } from '../../src/errors.ts';

const DIR = fileURLToPath(new URL('../fixtures/import/', import.meta.url));

export function fixture(name: string): string {
  return readFileSync(DIR + name, 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('#|'))
    .join('\n');
}

/** 1-based number of the first line of `text` that starts with `prefix` (after leading spaces when trim). */
export function lineOf(text: string, prefix: string): number {
  const i = text.split('\n').findIndex((l) => l.startsWith(prefix) || l.trimStart().startsWith(prefix));
  if (i < 0) throw new Error(`no line starting with ${prefix}`);
  return i + 1;
}

/** The code of the UserError `f` throws (fails the test if it throws anything else, or nothing). */
export function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return (err as UserError).code;
  }
  throw new Error('expected a UserError');
}
