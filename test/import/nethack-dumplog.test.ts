// NetHack dumplogs (src/end.c dump_everything()), 3.6.7 and 5.0 samples written line by line from
// the code that prints them (annotated in test/fixtures/import/*.dumplog.txt).
import { describe, expect, it } from 'vitest';
import { importNethackDumplog, presentTense } from '../../src/import/nethackDumplog.ts';
import { parseRing } from '../../src/engine/nethack/burn.ts';
import { codeOf, fixture, lineOf } from './fixtures.ts';

describe('3.6.7 dumplog', () => {
  const text = fixture('nethack-3.6.7.dumplog.txt');
  const r = importNethackDumplog(text);
  const f = r.fields;

  it('version line and identity line (end.c:740, 756)', () => {
    expect(r.version).toBe('3.6.7');
    expect(r.versionText?.value).toBe('NetHack Version 3.6.7');
    expect(r.versionText?.from.line).toBe(lineOf(text, 'Unix NetHack'));
    const id = lineOf(text, 'Agnes, neutral');
    for (const k of ['name', 'alignment', 'gender', 'race', 'role'] as const) {
      expect(f[k]?.from.line).toBe(id);
      expect(f[k]?.citation).toMatchObject({ file: 'src/end.c', symbol: 'dump_everything()', line: 756 });
    }
    expect([f.name?.value, f.alignment?.value, f.gender?.value, f.race?.value, f.role?.value]).toEqual([
      'Agnes',
      'neutral',
      'female',
      'human',
      'Valkyrie',
    ]);
  });

  it('background: level and turn (cmd.c:1880, 1987)', () => {
    expect(f.xl?.value).toBe(10);
    expect(f.xl?.from.line).toBe(lineOf(text, ' You were a Woman-at-arms'));
    expect(f.turn?.value).toBe(8243);
    expect(f.turn?.citation).toMatchObject({ file: 'src/cmd.c', line: 1987 });
  });

  it('final characteristics, as printed and as numbers', () => {
    expect(f.characteristics.map((c) => [c.value.attribute, c.value.value])).toEqual([
      ['strength', '18/50'],
      ['dexterity', '14'],
      ['constitution', '17'],
      ['intelligence', '8'],
      ['wisdom', '10'],
      ['charisma', '9'],
    ]);
    expect(f.attributes?.value).toEqual({ str: '18/50', strValue: 68, dex: 14, con: 17, int: 8, wis: 10, cha: 9 });
  });

  it('final status: hunger and encumbrance (cmd.c:2503, 2536)', () => {
    expect(f.hungerStatus?.value).toBe('Hungry');
    expect(f.hungerStatus?.from.line).toBe(lineOf(text, ' You were hungry.'));
    expect(f.encumbrance?.value).toBe('Burdened');
    expect(f.exactNutrition).toBeUndefined();
  });

  it('worn rings and amulet from the inventory (objnam.c:1155, 1076)', () => {
    expect(f.rings.map((x) => [x.slot, x.label, x.from.line])).toEqual([
      ['left', 'ring of slow digestion', lineOf(text, '  r - ')],
      ['right', 'ring of protection +1', lineOf(text, '  s - ')],
    ]);
    for (const ring of f.rings) expect(parseRing(ring.label)).not.toBeNull();
    expect(f.amulet?.label).toBe('amulet of life saving');
    expect(f.amulet?.citation).toMatchObject({ file: 'src/objnam.c', line: 1076 });
  });

  it('attribute lines in the present tense; conducts from the if/else-if chain', () => {
    expect(f.attributeLines.map((a) => a.value)).toEqual([
      'You are hungry.',
      'You are burdened; movement was slightly slowed.',
      'You are wielding a long sword.',
      'You have basic skill with long sword.',
      'You are aligned.',
      'You are cold resistant.',
      'You are stealthy.',
      'You regenerate.',
      'You have slower digestion.',
      'You have a small defense bonus (+1).',
      'Your life will be saved.',
      'You survived.',
    ]);
    expect(f.conductSection).toBe(true);
    expect(f.conducts.map((c) => c.value)).toEqual(['vegetarian']);
    expect(f.conducts[0]!.citation).toMatchObject({ file: 'src/cmd.c', symbol: 'show_conduct()', line: 3268 });
  });

  it('the comestibles, counted and named for meal advice', () => {
    expect(r.inventoryFoods.map((x) => [x.count, x.name, x.buc, x.partlyEaten])).toEqual([
      [2, 'food ration', 'uncursed', false],
      [1, 'lembas wafer', 'blessed', false],
      [3, 'tin of newt meat', 'uncursed', false], // "tins of newt meat": a tin of that monster's meat
      [1, 'lichen corpse', 'uncursed', false],
      [1, 'tripe ration', 'uncursed', true],
    ]);
  });

  it('the final status lines are read too and agree', () => {
    expect(f.statusLines?.hunger.value).toBe('Hungry');
    expect(f.statusLines?.turn?.value).toBe(8243);
    expect(f.statusLines?.level?.value).toEqual({ kind: 'Exp', level: 10, exp: null });
    expect(r.notes).toEqual([]);
  });

  it('the draft hero: slow digestion comes from the ring, regeneration is an assumed intrinsic', () => {
    expect(r.hero).toEqual({
      game: 'nethack',
      version: '3.6.7',
      name: 'Agnes',
      role: 'Valkyrie',
      race: 'human',
      gender: 'female',
      alignment: 'neutral',
      con: 17,
      int: 8,
      xl: 10,
      nutrition: 51,
      turn: 8243,
      leftRing: 'ring of slow digestion',
      rightRing: 'ring of protection +1',
      amulet: 'amulet of life saving',
      yendor: false,
      intrinsics: ['regeneration'],
      encumbrance: 'Burdened',
      conducts: { foodless: false, vegan: false, vegetarian: true },
      alive: true,
    });
    expect(r.assumptions.map((a) => [a.field, a.value])).toEqual([
      ['intrinsics', 'regeneration'],
      ['nutrition', 51],
    ]);
    expect(r.assumptions[0]!.citations[0]).toMatchObject({ file: 'src/cmd.c', line: 2840 });
    expect(r.hunger).toMatchObject({ status: 'Hungry', assumed: 51, rule: 'band-minimum' });
  });

  it('naming 5.0 for a 3.6.7 dumplog is refused', () => {
    expect(codeOf(() => importNethackDumplog(text, { version: '5.0' }))).toBe('malformed_import');
  });
});

describe('5.0 dumplog', () => {
  const text = fixture('nethack-5.0.dumplog.txt');
  const r = importNethackDumplog(text);
  const f = r.fields;

  it('identity, background (gender shown for Wizards), turn', () => {
    expect(r.version).toBe('5.0');
    expect([f.name?.value, f.alignment?.value, f.gender?.value, f.race?.value, f.role?.value]).toEqual([
      'Ninnie',
      'neutral',
      'female',
      'gnome',
      'Wizard',
    ]);
    expect(f.xl?.value).toBe(4);
    expect(f.xl?.citation).toMatchObject({ file: 'src/insight.c', line: 524, version: '5.0' });
    expect(f.turn?.value).toBe(412);
  });

  it('"not hungry" is printed by 5.0; ring of hunger and amulet of magical breathing worn', () => {
    expect(f.hungerStatus?.value).toBe('Not Hungry');
    expect(f.encumbrance?.value).toBe('Unencumbered');
    expect(f.rings.map((x) => [x.slot, x.label])).toEqual([['right', 'ring of hunger']]);
    expect(f.amulet?.label).toBe('amulet of magical breathing');
  });

  it('the hunger line comes from the ring (no intrinsic); breathless is read', () => {
    expect(f.attributeLines.map((a) => a.value)).toContain('You hunger rapidly.');
    expect(r.hero.intrinsics).toEqual(['breathless']);
    expect(r.assumptions.map((a) => [a.field, a.value])).toEqual([
      ['intrinsics', 'breathless'],
      ['nutrition', 151],
    ]);
  });

  it('foodless kept (so vegan and vegetarian too); "Character rerolling" is not a food conduct', () => {
    expect(f.conducts.map((c) => c.value)).toEqual(['foodless']);
    expect(r.hero.conducts).toEqual({ foodless: true, vegan: true, vegetarian: true });
    expect(f.conducts[0]!.citation).toMatchObject({ file: 'src/insight.c', line: 2127 });
  });

  it('"You are dead.": the draft is not alive; all other fields', () => {
    expect(r.hero).toMatchObject({
      alive: false,
      con: 12,
      int: 18,
      xl: 4,
      turn: 412,
      nutrition: 151,
      race: 'gnome',
      version: '5.0',
    });
    expect(r.inventoryFoods.map((x) => [x.count, x.name])).toEqual([
      [4, 'apple'],
      [1, 'tin of spinach'],
    ]);
    expect(f.statusLines?.hp?.value).toEqual({ current: 0, max: 18 });
    expect(f.statusLines?.level?.value).toEqual({ kind: 'Xp', level: 4, exp: 97 });
  });
});

describe('dumplog variants', () => {
  const base = fixture('nethack-3.6.7.dumplog.txt');

  it('wizard mode 5.0 prints u.uhunger: the exact value is used, no assumption', () => {
    const t = fixture('nethack-5.0.dumplog.txt').replace(' You were not hungry.', ' You were not hungry <874>.');
    const r = importNethackDumplog(t);
    expect(r.fields.exactNutrition?.value).toBe(874);
    expect(r.hero.nutrition).toBe(874);
    expect(r.hunger.rule).toBe('exact');
    expect(r.assumptions.some((a) => a.field === 'nutrition')).toBe(false);
  });

  it('no conduct section: conducts unknown (null) and said', () => {
    const t = base.replace(/Voluntary challenges:[\s\S]*?\n\n/, '');
    const r = importNethackDumplog(t);
    expect(r.fields.conductSection).toBe(false);
    expect(r.hero.conducts).toBeNull();
    expect(r.notes).toContain('No "Voluntary challenges" section: conducts are not known.');
  });

  it('no conduct line at all: every food conduct broken', () => {
    const t = base.replace(' You were vegetarian.\n', '');
    expect(importNethackDumplog(t).hero.conducts).toEqual({ foodless: false, vegan: false, vegetarian: false });
  });

  it('without the ring of slow digestion the attribute becomes an intrinsic (assumed, said)', () => {
    const t = base.replace('  r - an uncursed ring of slow digestion (on left hand)\n', '');
    const r = importNethackDumplog(t);
    expect(r.hero.leftRing).toBeNull();
    expect(r.hero.intrinsics).toEqual(['regeneration', 'slow digestion']);
  });

  it('a 3.6.2 dumplog is read with the 3.6.7 rules and says so', () => {
    const r = importNethackDumplog(base.replace('Version 3.6.7', 'Version 3.6.2'));
    expect(r.version).toBe('3.6.7');
    expect(r.notes[0]).toContain('3.6.2');
  });

  it('a 3.7 dumplog is refused: unsupported', () => {
    expect(codeOf(() => importNethackDumplog(base.replace('Version 3.6.7', 'Version 3.7.0')))).toBe(
      'unsupported_version',
    );
  });

  it('without its identity line it is not a dumplog', () => {
    expect(codeOf(() => importNethackDumplog(base.replace('Agnes, neutral female human Valkyrie', '')))).toBe(
      'unrecognized_import',
    );
  });

  it('the real Amulet of Yendor carried sets yendor', () => {
    const t = base.replace(
      '  u - an uncursed amulet of life saving (being worn)',
      '  u - an uncursed amulet of life saving (being worn)\n  v - the Amulet of Yendor',
    );
    expect(importNethackDumplog(t).hero.yendor).toBe(true);
  });

  it('present tense (^X while playing) reads the same facts', () => {
    expect(presentTense('You had slower digestion.')).toBe('You have slower digestion.');
    expect(presentTense('You hungered rapidly.')).toBe('You hunger rapidly.');
    expect(presentTense('You caused conflict.')).toBe('You cause conflict.');
    expect(presentTense('You could survive without air.')).toBe('You can survive without air.');
  });
});
