// NetHack status lines: samples written in each version's exact format (see the "#|" notes in
// test/fixtures/import/*.botl.txt for the code that prints each field). Every field read and
// every assumption is asserted.
import { describe, expect, it } from 'vitest';
import { importNethackBottomLine } from '../../src/import/nethackBottomLine.ts';
import { nethackHungerAssumption } from '../../src/import/common.ts';
import { starvationLimit, statusFor, type NethackStatus } from '../../src/engine/nethack/status.ts';
import { codeOf, fixture, lineOf } from './fixtures.ts';

describe('3.6.7 tty bottom line (window port)', () => {
  const text = fixture('nethack-3.6.7-tty.botl.txt');
  const r = importNethackBottomLine(text);
  const f = r.fields;

  it('reads every field of line 1 (botl.c do_statusline1 / initblstats[])', () => {
    expect(f.name?.value).toBe('Agnes');
    expect(f.title?.value).toBe('Stripling');
    expect(f.role?.value).toBe('Valkyrie');
    expect(f.polymorphedInto).toBeUndefined();
    expect(f.attributes?.value).toEqual({ str: '18/50', strValue: 68, dex: 14, con: 17, int: 8, wis: 10, cha: 9 });
    expect(f.alignment?.value).toBe('neutral');
    expect(f.score).toBeUndefined();
    expect(f.name?.from.line).toBe(1);
    expect(f.attributes?.citation).toMatchObject({
      file: 'src/botl.c',
      symbol: 'do_statusline1()',
      line: 82,
      version: '3.6.7',
    });
  });

  it('reads every field of line 2', () => {
    expect(f.dungeonLevel?.value).toEqual({ kind: 'dlvl', depth: 3, text: 'Dlvl:3' });
    expect(f.gold?.value).toBe(42);
    expect(f.hp?.value).toEqual({ current: 14, max: 16 });
    expect(f.pw?.value).toEqual({ current: 2, max: 2 });
    expect(f.ac?.value).toBe(6);
    expect(f.level?.value).toEqual({ kind: 'Xp', level: 1, exp: 12 });
    expect(f.turn?.value).toBe(1234);
    expect(f.hunger.value).toBe('Hungry');
    expect(f.encumbrance.value).toBe('Burdened');
    expect(f.conditions.map((c) => c.value)).toEqual(['Blind', 'Conf']);
    expect(f.hunger.from.line).toBe(2);
    expect(f.hunger.citation).toMatchObject({ file: 'src/botl.c', line: 179 });
    expect(r.unread).toEqual([]);
  });

  it('no token is printed by one layout only: version 3.6.7 is assumed and said', () => {
    expect(r.layout).toBe('either');
    expect(r.version).toBe('3.6.7');
    expect(r.versionFrom).toBe('default');
    expect(r.assumptions[0]).toMatchObject({ field: 'version', value: '3.6.7' });
  });

  it('Hungry gives the band 51..150 and the lowest value, 51 (the conservative forecast)', () => {
    expect(r.hunger).toMatchObject({
      status: 'Hungry',
      band: { min: 51, max: 150 },
      assumed: 51,
      rule: 'band-minimum',
      alternatives: { lowest: 51, middle: 100, highest: 150 },
    });
    expect(r.hero.nutrition).toBe(51);
    expect(r.hunger.citations[0]).toMatchObject({ file: 'src/eat.c', symbol: 'newuhs()', line: 2928 });
  });

  it('draft hero and the complete list of assumptions', () => {
    expect(r.hero).toEqual({
      game: 'nethack',
      version: '3.6.7',
      name: 'Agnes',
      role: 'Valkyrie',
      race: 'human',
      gender: null,
      alignment: 'neutral',
      con: 17,
      int: 8,
      xl: 1,
      nutrition: 51,
      turn: 1234,
      leftRing: null,
      rightRing: null,
      amulet: null,
      yendor: false,
      intrinsics: [],
      encumbrance: 'Burdened',
      conducts: null,
      alive: true,
    });
    expect(r.assumptions.map((a) => [a.field, a.value])).toEqual([
      ['version', '3.6.7'],
      ['race', 'human'],
      ['leftRing, rightRing, amulet, intrinsics', null],
      ['nutrition', 51],
    ]);
    for (const a of r.assumptions) expect(a.citations.length).toBeGreaterThan(0);
  });

  it('the same lines with version 3.4.3 named are accepted (nothing 3.6-only is on them)', () => {
    const r343 = importNethackBottomLine(text, { version: '3.4.3' });
    expect(r343.version).toBe('3.4.3');
    expect(r343.versionFrom).toBe('hint');
    expect(r343.fields.hunger.citation).toMatchObject({
      file: 'src/botl.c',
      symbol: 'bot2()',
      line: 278,
      version: '3.4.3',
    });
  });
});

describe('3.6.7 classic line (do_statusline2: conditions before hunger, "Exp:")', () => {
  const r = importNethackBottomLine(fixture('nethack-3.6.7-classic.botl.txt'));
  it('reads the reordered tokens and knows the 3.4.3/3.6 layout from "Exp:"', () => {
    expect(r.layout).toBe('3.4.3/3.6');
    expect(r.layoutEvidence).toEqual(['"Exp:" (3.4.3/3.6 without showexp; 5.0 prints "Xp:")']);
    expect(r.versionFrom).toBe('layout');
    expect(r.version).toBe('3.6.7');
    expect(r.fields.level?.value).toEqual({ kind: 'Exp', level: 2, exp: null });
    expect(r.fields.conditions.map((c) => c.value)).toEqual(['Stone', 'Slime', 'Blind']);
    expect(r.fields.hunger.value).toBe('Fainting');
    expect(r.fields.encumbrance.value).toBe('Stressed');
    expect(r.fields.alignment?.value).toBe('chaotic');
    expect(r.fields.role?.value).toBe('Caveman');
    expect(r.fields.dungeonLevel?.value.depth).toBe(9);
    expect(r.fields.gold?.value).toBe(512);
    expect(r.fields.turn?.value).toBe(23456);
  });
  it('Fainting has no lowest value: the top, 0, is used and the starvation limit named', () => {
    expect(r.hunger).toMatchObject({
      status: 'Fainting',
      band: { min: null, max: 0 },
      assumed: 0,
      rule: 'band-maximum',
    });
    expect(r.hunger.reason).toContain(`limit ${starvationLimit(15, '3.6.7')}`);
    expect(r.hero.con).toBe(15);
  });
  it('3.4.3 cannot have printed it (Stone): naming 3.4.3 is refused', () => {
    expect(codeOf(() => importNethackBottomLine(fixture('nethack-3.6.7-classic.botl.txt'), { version: '3.4.3' }))).toBe(
      'malformed_import',
    );
  });
  it('5.0 never prints "Exp:": naming 5.0 is refused', () => {
    expect(codeOf(() => importNethackBottomLine(fixture('nethack-3.6.7-classic.botl.txt'), { version: '5.0' }))).toBe(
      'malformed_import',
    );
  });
});

describe('3.6.7 tty shrunk line (wintty.c shrink levels)', () => {
  const r = importNethackBottomLine(fixture('nethack-3.6.7-shrunk.botl.txt'));
  it('maps every shortened word back', () => {
    expect(r.fields.dungeonLevel?.value).toEqual({ kind: 'dlvl', depth: 12, text: 'Dl:12' });
    expect(r.fields.encumbrance.value).toBe('Overtaxed');
    expect(r.fields.encumbrance.citation).toMatchObject({ file: 'win/tty/wintty.c', symbol: 'encvals[]' });
    expect(r.fields.conditions.map((c) => c.value)).toEqual([
      'Stone',
      'Strngl',
      'FoodPois',
      'TermIll',
      'Blind',
      'Deaf',
      'Stun',
      'Conf',
      'Hallu',
      'Lev',
      'Ride',
    ]);
    expect(r.fields.attributes?.value).toMatchObject({ str: '18/**', strValue: 118, con: 19 });
    expect(r.fields.level?.value).toEqual({ kind: 'Xp', level: 16, exp: 512345 });
    expect(r.fields.role?.value).toBe('Valkyrie');
    expect(r.fields.alignment?.value).toBe('lawful');
    expect(r.fields.hunger.value).toBe('Satiated');
  });
  it('Satiated: 1001 assumed, and the note that choking must not be judged from it', () => {
    expect(r.hunger).toMatchObject({
      band: { min: 1001, max: null },
      assumed: 1001,
      alternatives: { lowest: 1001, middle: null, highest: null },
    });
    expect(r.hunger.reason).toContain('Choking risk is not judged from this value');
  });
  it('tty shortenings are 3.6+: naming 3.4.3 is refused', () => {
    expect(codeOf(() => importNethackBottomLine(fixture('nethack-3.6.7-shrunk.botl.txt'), { version: '3.4.3' }))).toBe(
      'malformed_import',
    );
  });
  it('Strangled is noted for meals', () => {
    expect(r.notes.some((n) => n.includes('Strangled'))).toBe(true);
  });
});

describe('3.4.3 bottom line (bot1()/bot2())', () => {
  const text = fixture('nethack-3.4.3.botl.txt');
  const r = importNethackBottomLine(text, { version: '3.4.3' });
  it('reads 3.4.3 fields, "Ill" as terminal illness, citations at ad815fc', () => {
    expect(r.version).toBe('3.4.3');
    expect(r.fields.conditions.map((c) => c.value)).toEqual(['Conf', 'TermIll']);
    expect(r.fields.encumbrance.value).toBe('Burdened');
    expect(r.fields.hunger.value).toBe('Hungry');
    expect(r.fields.level?.value).toEqual({ kind: 'Exp', level: 6, exp: null });
    expect(r.fields.role?.value).toBe('Wizard');
    expect(r.fields.attributes?.value.con).toBe(14);
    expect(r.fields.attributes?.citation).toMatchObject({
      version: '3.4.3',
      file: 'src/botl.c',
      symbol: 'bot1()',
      line: 200,
    });
    expect(r.hero).toMatchObject({
      version: '3.4.3',
      con: 14,
      int: 18,
      xl: 6,
      turn: 3102,
      nutrition: 51,
      alignment: 'chaotic',
    });
  });
  it('without a version the layout gives 3.6.7 and says 3.4.3 is possible', () => {
    const d = importNethackBottomLine(text);
    expect(d.version).toBe('3.6.7');
    expect(d.assumptions[0]!.reason).toContain('3.4.3');
  });
});

describe('5.0 bottom lines', () => {
  const r = importNethackBottomLine(fixture('nethack-5.0.botl.txt'));
  it('the 5.0 layout from a 5.0-only condition and the version field', () => {
    expect(r.layout).toBe('5.0');
    expect(r.version).toBe('5.0');
    expect(r.versionFrom).toBe('layout');
    expect(r.layoutEvidence).toEqual([
      '"Grab" (Grab: a 5.0 condition)',
      'version field "NetHack 5.0.0" (5.0 status_version())',
    ]);
    expect(r.fields.versionText?.value).toBe('NetHack 5.0.0');
    expect(r.fields.conditions.map((c) => c.value)).toEqual(['Grab']);
    expect(r.fields.conditions[0]!.citation).toMatchObject({
      version: '5.0',
      file: 'src/botl.c',
      symbol: 'conditions[]',
      line: 781,
    });
  });
  it('every field and the draft', () => {
    expect(r.fields.level?.value).toEqual({ kind: 'Xp', level: 2, exp: null });
    expect(r.fields.hunger.value).toBe('Weak');
    expect(r.fields.encumbrance.value).toBe('Unencumbered');
    expect(r.fields.gold?.value).toBe(13);
    expect(r.fields.hp?.value).toEqual({ current: 11, max: 12 });
    expect(r.hero).toMatchObject({
      version: '5.0',
      name: 'Ninnie',
      role: 'Wizard',
      con: 12,
      int: 18,
      xl: 2,
      turn: 777,
      nutrition: 1,
      encumbrance: 'Unencumbered',
    });
    expect(r.hunger).toMatchObject({ band: { min: 1, max: 50 }, assumed: 1 });
    expect(r.assumptions.map((a) => a.field)).toEqual([
      'version',
      'race',
      'leftRing, rightRing, amulet, intrinsics',
      'nutrition',
    ]);
  });
  it('naming 3.6.7 for a 5.0 line is refused', () => {
    expect(codeOf(() => importNethackBottomLine(fixture('nethack-5.0.botl.txt'), { version: '3.6.7' }))).toBe(
      'malformed_import',
    );
  });

  const three = fixture('nethack-5.0-3line.botl.txt');
  const r3 = importNethackBottomLine(three);
  it('statuslines:3: alignment on line 2, Dlvl, T: and conditions on line 3', () => {
    expect(r3.layout).toBe('5.0');
    expect(r3.fields.alignment?.value).toBe('neutral');
    expect(r3.fields.alignment?.from.line).toBe(lineOf(three, 'Neutral'));
    expect(r3.fields.dungeonLevel?.value.depth).toBe(2);
    expect(r3.fields.turn?.value).toBe(777);
    expect(r3.fields.turn?.from.line).toBe(3);
    expect(r3.fields.conditions.map((c) => c.value)).toEqual(['Grab', 'Lev']);
    expect(r3.fields.encumbrance.value).toBe('Burdened');
    expect(r3.fields.level?.value).toEqual({ kind: 'Xp', level: 2, exp: 31 });
  });
});

describe('gaps become stated assumptions', () => {
  it('line 2 alone: Con 18 and everything else is said', () => {
    const r = importNethackBottomLine('Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1');
    expect(r.hero.con).toBe(18);
    expect(r.hero.name).toBeNull();
    expect(r.hunger.status).toBe('Not Hungry');
    expect(r.fields.hunger.citation.note).toContain('NOT_HUNGRY');
    expect(r.hero.nutrition).toBe(151);
    expect(r.assumptions.map((a) => [a.field, a.value])).toEqual([
      ['version', '3.6.7'],
      ['con', 18],
      ['race', 'human'],
      ['leftRing, rightRing, amulet, intrinsics', null],
      ['nutrition', 151],
    ]);
  });
  it('no T: (time option off): turn 1, said', () => {
    const r = importNethackBottomLine('Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Exp:1 Hungry');
    expect(r.hero.turn).toBe(1);
    expect(r.assumptions.find((a) => a.field === 'turn')?.reason).toContain('moves % 20');
  });
  it('a polymorphed hero: the monster on line 1, HD on line 2, inediate forms noted', () => {
    const r = importNethackBottomLine(
      'Agnes the Fog Cloud       St:18 Dx:14 Co:17 In:8 Wi:10 Ch:9  Neutral\nDlvl:3 $:0 HP:8(8) Pw:2(2) AC:0 ' +
        'HD:3 T:900',
    );
    expect(r.fields.polymorphedInto?.value).toBe('fog cloud');
    expect(r.fields.role).toBeUndefined();
    expect(r.fields.level?.value).toEqual({ kind: 'HD', level: 3, exp: null });
    expect(r.hero.xl).toBeNull();
    expect(r.hero.intrinsics).toEqual(['inediate form']);
  });
  it('Starved: dead, below the starvation limit', () => {
    const r = importNethackBottomLine(
      'Agnes the Stripling   St:18 Dx:14 Co:10 In:8 Wi:10 Ch:9  Neutral\nDlvl:3 $:0 HP:0(16) Pw:2(2) AC:6 ' +
        'Xp:1/2 T:3000 Starved',
    );
    expect(r.hero.alive).toBe(false);
    expect(r.hero.nutrition).toBe(starvationLimit(10, '3.6.7') - 1);
  });
  it('unknown words are kept as unread, never guessed', () => {
    const r = importNethackBottomLine('Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1 Wibble');
    expect(r.unread).toEqual([{ line: 1, text: 'Wibble' }]);
  });
  it('a rank that does not fit the level is noted', () => {
    const r = importNethackBottomLine(
      'Agnes the Lady   St:18 Dx:14 Co:10 In:8 Wi:10 Ch:9  Neutral\nDlvl:3 $:0 HP:9(16) Pw:2(2) AC:6 Xp:1/2 T:30',
    );
    expect(r.notes.some((n) => n.includes('XL 30-30'))).toBe(true);
  });
});

describe('errors', () => {
  it('text with no status line: unrecognized_import', () => {
    expect(codeOf(() => importNethackBottomLine('hello there'))).toBe('unrecognized_import');
  });
  it('3.6 and 5.0 tokens mixed: malformed_import', () => {
    expect(codeOf(() => importNethackBottomLine('Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Exp:1 T:1 Grab'))).toBe(
      'malformed_import',
    );
  });
  it('an attribute no hero can have: malformed_import', () => {
    expect(
      codeOf(() =>
        importNethackBottomLine(
          'Agnes the Stripling  St:18 Dx:44 Co:10 In:8 Wi:10 Ch:9  Neutral\nDlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 ' +
            'Xp:1/0 T:1',
        ),
      ),
    ).toBe('malformed_import');
  });
  it('T:0 is refused (moves starts at 1)', () => {
    expect(codeOf(() => importNethackBottomLine('Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:0'))).toBe(
      'malformed_import',
    );
  });
  it('too long: import_too_long', () => {
    expect(codeOf(() => importNethackBottomLine('x'.repeat(400_001)))).toBe('import_too_long');
  });
});

describe('the band rule, checked against newuhs() by brute force', () => {
  const statuses: NethackStatus[] = ['Satiated', 'Not Hungry', 'Hungry', 'Weak', 'Fainting'];
  for (const version of ['3.6.7', '3.4.3', '5.0'] as const) {
    it(`${version}: the assumed value has the status, and is the lowest with it (or the top when unbounded)`, () => {
      for (const s of statuses) {
        const a = nethackHungerAssumption(version, s, 16);
        expect(statusFor(a.assumed)).toBe(s);
        const values = Array.from({ length: 4001 }, (_, i) => i - 1000).filter((n) => statusFor(n) === s);
        if (a.rule === 'band-minimum') {
          expect(a.assumed).toBe(Math.min(...values));
          expect(a.band.max === null ? null : Math.max(...values)).toBe(a.band.max === null ? null : a.band.max);
        } else {
          expect(a.assumed).toBe(Math.max(...values));
          expect(values).toContain(-1000); // no lowest value
        }
      }
    });
  }
  it('Fainted is the Fainting band (u.uhs FAINTED while nutrition <= 0)', () => {
    expect(nethackHungerAssumption('3.6.7', 'Fainted', 10)).toMatchObject({ band: { min: null, max: 0 }, assumed: 0 });
  });
});
