// The committed NetHack tables are what scripts/extract-nethack.mjs produces. Offline, the test
// re-runs the extractor's derive stage over the committed parsed.json (the normalized MON() and
// OBJECT() fields read from each version's source) and compares byte for byte; with a local
// mirror (NETHACK_GIT_367, NETHACK_GIT_343, NETHACK_GIT_50 = bare repo paths) it also re-parses
// the source and compares parsed.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkVersion,
  dataDir,
  deriveTables,
  formatJson,
  gitReader,
  parseVersion,
  VERSIONS,
  type ParsedTables,
} from '../../scripts/extract-nethack.mjs';

const VERSION_LIST = ['3.6.7', '3.4.3', '5.0'] as const;
/** The commits the brief pins: tag NetHack-3.6.7_Released, 3.4.3 ad815fc, 5.0 16ff5911. */
const PINNED: Record<string, string> = {
  '3.6.7': 'ed600d9f0f3c37677418f0150f59363ca641f3dc',
  '3.4.3': 'ad815fc0428aa652d64f33e0f407242be7930fb1',
  '5.0': '16ff59115315917b93185d026aeefea06db9b0f4',
};
const load = (v: string, f: string) => JSON.parse(readFileSync(join(dataDir(v), f), 'utf8'));
type Mon = {
  pm: string;
  name: string;
  cwt: number;
  cnutrit: number;
  leavesCorpse: boolean;
  msize: number;
  herbivore: boolean;
};
const mons = (v: string): Mon[] => {
  const m = load(v, 'monsters.json');
  return [...m.monsters, ...m.placeholders];
};
const mon = (v: string, pm: string) => mons(v).find((m) => m.pm === pm);

describe('NetHack tables match the extractor', () => {
  for (const v of VERSION_LIST) {
    it(`${v}: monsters.json and objects.json are derived from parsed.json`, () => {
      expect(checkVersion(v)).toEqual([]);
    });
    it(`${v}: the source commit is the pinned one`, () => {
      const parsed: ParsedTables = load(v, 'parsed.json');
      expect(parsed.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(parsed.source.commit).toBe(PINNED[v]);
      expect(load(v, 'monsters.json').source.commit).toBe(parsed.source.commit);
      expect(load(v, 'objects.json').source.commit).toBe(parsed.source.commit);
    });
  }

  it('a hand edit of a table is caught (the comparison can fail)', () => {
    const parsed: ParsedTables = load('3.6.7', 'parsed.json');
    const committed = readFileSync(join(dataDir('3.6.7'), 'monsters.json'), 'utf8');
    expect(formatJson(deriveTables(parsed, '3.6.7').monsters)).toBe(committed);
    const edited = structuredClone(parsed);
    (edited.monsters.find((m) => (m.names as { neutral: string }).neutral === 'jackal') as { cwt: number }).cwt = 301;
    expect(formatJson(deriveTables(edited, '3.6.7').monsters)).not.toBe(committed);
  });

  it('3.6.7 src/monst.c:198 jackal SIZ(300, 250); 5.0 include/monsters.h:119-123 giant beetle SIZ(200, 50)', () => {
    expect(mon('3.6.7', 'PM_JACKAL')).toMatchObject({ cwt: 300, cnutrit: 250 });
    expect(mon('3.6.7', 'PM_GIANT_BEETLE')).toMatchObject({ cwt: 10, cnutrit: 10 });
    expect(mon('5.0', 'PM_GIANT_BEETLE')).toMatchObject({ cwt: 200, cnutrit: 50 });
  });

  it('3.4.3 src/monst.c:3130-3134 Orion is WT_HUMAN 1450 / 400, medium; 3.6.7:2915 is not', () => {
    expect(mon('3.4.3', 'PM_ORION')).toMatchObject({ cwt: 1450, cnutrit: 400, msize: 2 });
    expect(mon('3.6.7', 'PM_ORION')!.cwt).toBe(2200);
  });

  it('puddings: 3.4.3 src/monst.c:1838 black pudding leaves corpses; 3.6.7:1714 and 5.0 monsters.h:2114 G_NOCORPSE', () => {
    expect(mon('3.4.3', 'PM_BLACK_PUDDING')!.leavesCorpse).toBe(true);
    expect(mon('3.6.7', 'PM_BLACK_PUDDING')!.leavesCorpse).toBe(false);
    expect(mon('5.0', 'PM_BLACK_PUDDING')!.leavesCorpse).toBe(false);
  });

  it('5.0 include/monsters.h:437 adds the displacer beast (SIZ(750, 400)); 5.0 merges caveman/cavewoman', () => {
    expect(mon('5.0', 'PM_DISPLACER_BEAST')).toMatchObject({ cwt: 750, cnutrit: 400 });
    expect(mon('3.6.7', 'PM_DISPLACER_BEAST')).toBeUndefined();
    expect(mon('5.0', 'PM_CAVE_DWELLER')).toMatchObject({
      name: 'cave dweller',
      names: { male: 'caveman', female: 'cavewoman' },
    });
  });

  it('5.0 include/objects.h:1078 eucalyptus leaf gives 1; 3.6.7 src/objects.c:758 gives 30', () => {
    expect(load('5.0', 'objects.json').food['eucalyptus leaf'].nutrition).toBe(1);
    expect(load('3.6.7', 'objects.json').food['eucalyptus leaf'].nutrition).toBe(30);
    expect(load('5.0', 'objects.json').food['huge chunk of meat']).toBeUndefined();
    expect(load('5.0', 'objects.json').food['enormous meatball'].nutrition).toBe(2000);
    expect(load('3.4.3', 'objects.json').food['glob of black pudding']).toBeUndefined();
  });

  const MIRRORS: Record<string, string | undefined> = {
    '3.6.7': process.env.NETHACK_GIT_367,
    '3.4.3': process.env.NETHACK_GIT_343,
    '5.0': process.env.NETHACK_GIT_50,
  };
  for (const v of VERSION_LIST) {
    const git = MIRRORS[v];
    it.skipIf(!git || !existsSync(git))(`${v}: re-parsing the source gives the committed parsed.json`, () => {
      const parsed = parseVersion(v, gitReader(git!, VERSIONS[v]!.rev));
      expect(formatJson(parsed)).toBe(readFileSync(join(dataDir(v), 'parsed.json'), 'utf8'));
    });
  }
});
