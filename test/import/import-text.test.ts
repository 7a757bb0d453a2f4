// importText(): recognises each kind of paste (issue 16 acceptance: a 3.6.7 bottom line, a 5.0
// bottom line, a 3.6 dumplog and a DCSS 0.13 dump each give the hero the text describes).
import { describe, expect, it } from 'vitest';
import type { UserError } from '../../src/errors.ts';
import { detectImport, importText } from '../../src/import/index.ts';
import { codeOf, fixture } from './fixtures.ts';

describe('importText', () => {
  const cases: [string, string, string, string][] = [
    ['nethack-3.6.7-tty.botl.txt', 'nethack-bottom-line', 'nethack', '3.6.7'],
    ['nethack-5.0.botl.txt', 'nethack-bottom-line', 'nethack', '5.0'],
    ['nethack-3.6.7.dumplog.txt', 'nethack-dumplog', 'nethack', '3.6.7'],
    ['nethack-5.0.dumplog.txt', 'nethack-dumplog', 'nethack', '5.0'],
    ['crawl-0.13.dump.txt', 'crawl-dump', 'crawl', '0.13'],
  ];
  for (const [file, kind, game, version] of cases) {
    it(`${file}: ${kind}, ${game} ${version}`, () => {
      const text = fixture(file);
      expect(detectImport(text)).toBe(kind);
      const r = importText(text);
      expect(r.kind).toBe(kind);
      expect(r.game).toBe(game);
      expect(r.hero.version).toBe(version);
      expect(r.citations.length).toBeGreaterThan(3);
      for (const a of r.assumptions) expect(a.reason.length).toBeGreaterThan(10);
    });
  }
  it('a dumplog is not mistaken for a bottom line (it contains one)', () => {
    expect(detectImport(fixture('nethack-3.6.7.dumplog.txt'))).toBe('nethack-dumplog');
  });
  it('the wrong game named: unrecognized_import', () => {
    expect(codeOf(() => importText(fixture('crawl-0.13.dump.txt'), { game: 'nethack' }))).toBe('unrecognized_import');
    expect(codeOf(() => importText(fixture('nethack-5.0.botl.txt'), { game: 'crawl' }))).toBe('unrecognized_import');
  });
  it('empty or unknown text: unrecognized_import with a hint naming what works', () => {
    expect(codeOf(() => importText('   \n  '))).toBe('unrecognized_import');
    try {
      importText('You feel hungry.');
    } catch (err) {
      expect((err as UserError).hint).toContain('status lines');
    }
  });
  it('versions are passed through and checked', () => {
    expect(codeOf(() => importText(fixture('nethack-5.0.botl.txt'), { nethackVersion: '3.4.3' }))).toBe(
      'malformed_import',
    );
    expect(codeOf(() => importText(fixture('crawl-0.13.dump.txt'), { crawlVersion: '0.14' }))).toBe('malformed_import');
    expect(importText(fixture('nethack-3.4.3.botl.txt'), { nethackVersion: '3.4.3' }).hero.version).toBe('3.4.3');
  });
});
