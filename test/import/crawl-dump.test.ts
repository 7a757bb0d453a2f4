// DCSS character dumps (chardump.cc dump_char()): a 0.13 sample written from the code that
// prints each line (annotated in test/fixtures/import/crawl-0.13.dump.txt), and variants.
import { describe, expect, it } from 'vitest';
import type { UserError } from '../../src/errors.ts';
import { importCrawlDump } from '../../src/import/crawlDump.ts';
import { hungerStateFor } from '../../src/engine/crawl/satiation.ts';
import { PROFILES } from '../../src/engine/crawl/versions.ts';
import { codeOf, fixture, lineOf } from './fixtures.ts';

describe('DCSS 0.13 character dump', () => {
  const text = fixture('crawl-0.13.dump.txt');
  const r = importCrawlDump(text);
  const f = r.fields;

  it('header version (chardump.cc:192) and title line (output.cc:1863)', () => {
    expect(r.version).toBe('0.13');
    expect(f.versionText.value).toBe('0.13.2');
    expect(f.versionText.from.line).toBe(lineOf(text, ' Dungeon Crawl Stone Soup'));
    expect(f.versionText.citation).toMatchObject({
      file: 'crawl-ref/source/chardump.cc',
      symbol: '_sdump_header()',
      line: 192,
    });
    expect(f.name?.value).toBe('Grub');
    expect(f.species.value).toBe('Kobold');
    expect(f.job?.value).toBe('Berserker');
    expect(f.turn?.value).toBe(5821);
    expect(f.turn?.from.line).toBe(lineOf(text, 'Grub the Ruffian'));
    expect(f.species.citation).toMatchObject({ file: 'crawl-ref/source/output.cc', line: 1863 });
  });

  it('stats: XL and Int (output.cc _get_overview_stats())', () => {
    expect(f.xl?.value).toBe(7);
    expect(f.int?.value).toBe(8);
  });

  it('the A: line: mutations the hunger engine uses, in order (output.cc _status_mut_abilities())', () => {
    expect(f.mutations.map((m) => m.value)).toEqual([
      { name: 'carnivore', level: 3, suppressed: false },
      { name: 'fast metabolism', level: 1, suppressed: false },
      { name: 'saprovore', level: 2, suppressed: false },
    ]);
    expect(f.mutations[0]!.from.line).toBe(lineOf(text, 'A: '));
  });

  it('misc: hunger state and burden (chardump.cc:237, 220)', () => {
    expect(f.hungerState?.value).toBe('Hungry');
    expect(f.hungerState?.from.line).toBe(lineOf(text, 'You are hungry.'));
    expect(f.burden?.value).toBe('burdened');
    expect(f.form).toBeUndefined();
  });

  it('jewellery with the equipped marks (itemname.cc:206-260)', () => {
    expect(f.jewellery.map((j) => [j.label, j.slot, j.effect, j.artefact])).toEqual([
      ['ring of sustenance', 'left', 'sustenance', false],
      ['amulet of the gourmand', 'amulet', 'gourmand', false],
    ]);
    expect(f.jewellery[0]!.from.line).toBe(lineOf(text, ' r - a ring of sustenance'));
  });

  it('Hungry: the 0.13 band and its lowest value', () => {
    const t = PROFILES['0.13'].thresholds;
    expect(r.hunger).toMatchObject({
      status: 'Hungry',
      band: { min: t[2] + 1, max: t[3] },
      assumed: t[2] + 1,
      rule: 'band-minimum',
    });
    expect(hungerStateFor('0.13', r.hunger.assumed).name).toBe('Hungry');
    expect(hungerStateFor('0.13', r.hunger.assumed - 1).name).toBe('Very Hungry');
  });

  it('the draft hero and its one assumption', () => {
    expect(r.hero).toEqual({
      game: 'crawl',
      version: '0.13',
      name: 'Grub',
      species: 'Kobold',
      job: 'Berserker',
      xl: 7,
      int: 8,
      value: 2067,
      turn: 5821,
      rate: { metabolism: 1, carnivore: 3, saprovore: 2, sustenanceRings: 1, burden: 'burdened', xl: 7 },
      gourmandAmulet: true,
      alive: true,
    });
    expect(r.assumptions.map((a) => [a.field, a.value])).toEqual([['value', 2067]]);
  });
});

describe('DCSS dump variants', () => {
  const base = fixture('crawl-0.13.dump.txt');

  it('a morgue file (past tense) reads the same', () => {
    const t = base
      .replace('You are hungry.', 'You were hungry.')
      .replace('You are encumbered.', 'You were encumbered.');
    const r = importCrawlDump(t.replace('You are on level 6', 'You were on level 6'));
    expect(r.fields.hungerState?.value).toBe('Hungry');
    expect(r.fields.burden?.value).toBe('burdened');
    expect(r.hero.alive).toBe(true);
    expect(r.notes).toContain('This is a morgue file: the game has ended; the draft is the character as it was then.');
  });

  it('a morgue of a starved character: not alive (hiscores.cc "Starved to death")', () => {
    const t = base.replace(
      ' Dungeon Crawl Stone Soup version 0.13.2 (console) character file.\n',
      ' Dungeon Crawl Stone Soup version 0.13.2 (console) character file.\n\n' +
        '     1234 Grub the Ruffian (level 7, 0/38 HPs)\n             Began as a Kobold Berserker on Jan 1, 2014.\n' +
        '             Starved to death\n             ... on level 6 of the Dungeon.\n' +
        '             The game lasted 00:41:07 (5821 turns).\n',
    );
    const r = importCrawlDump(t.replace('You are hungry.', 'You were starving.'));
    expect(r.hero.alive).toBe(false);
    expect(r.fields.hungerState?.value).toBe('Starving');
  });

  it('every hunger name maps to its state (chardump.cc hunger_names[])', () => {
    const names = [
      'starving',
      'near starving',
      'very hungry',
      'hungry',
      'not hungry',
      'full',
      'very full',
      'completely stuffed',
    ];
    const states = ['Starving', 'Near Starving', 'Very Hungry', 'Hungry', 'Satiated', 'Full', 'Very Full', 'Engorged'];
    names.forEach((n, i) => {
      const r = importCrawlDump(base.replace('You are hungry.', `You are ${n}.`));
      expect(r.fields.hungerState?.value).toBe(states[i]);
      expect(hungerStateFor('0.13', r.hero.value).name).toBe(states[i]);
    });
  });

  it("a vampire's thirst names (thirst_names[])", () => {
    const t = base
      .replace('(Kobold Berserker)', '(Vampire Berserker)')
      .replace('A: disease resistance, carnivore 3, fast metabolism 1, saprovore 2', 'A: bottle blood')
      .replace('You are hungry.', 'You are very thirsty.');
    const r = importCrawlDump(t);
    expect(r.hero.species).toBe('Vampire');
    expect(r.fields.hungerState?.value).toBe('Very Hungry');
  });

  it('0.15: no burden line and no rings of sustenance', () => {
    const t = base
      .replace('version 0.13.2', 'version 0.15.2')
      .replace('You are encumbered.\n', '')
      .replace(' r - a ring of sustenance (left hand)\n', '');
    const r = importCrawlDump(t);
    expect(r.version).toBe('0.15');
    expect(r.hero.rate.burden).toBeUndefined();
    expect(r.hunger.band).toEqual({ min: PROFILES['0.15'].thresholds[2] + 1, max: PROFILES['0.15'].thresholds[3] });
    expect(r.fields.hungerState?.citation).toMatchObject({ version: '0.15', line: 220 });
  });

  it('0.15 rejects a ring of sustenance the version does not have', () => {
    expect(
      codeOf(() =>
        importCrawlDump(base.replace('version 0.13.2', 'version 0.15.2').replace('You are encumbered.\n', '')),
      ),
    ).toBe('malformed_import');
  });

  it('versions outside 0.13-0.15 are refused, 0.26+ with the reason', () => {
    expect(codeOf(() => importCrawlDump(base.replace('version 0.13.2', 'version 0.21.1')))).toBe('unsupported_version');
    try {
      importCrawlDump(base.replace('version 0.13.2', 'version 0.30.0'));
    } catch (err) {
      expect((err as UserError).message).toContain('removed in 0.26');
    }
  });

  it('a title shortened to "(KoBe)" still gives the species', () => {
    const r = importCrawlDump(base.replace('Grub the Ruffian (Kobold Berserker)', 'Grub the Ruffian (KoBe)'));
    expect(r.hero.species).toBe('Kobold');
    expect(r.hero.job).toBeNull();
    expect(r.notes.some((n) => n.includes('(KoBe)'))).toBe(true);
  });

  it('a coloured draconian is a Draconian', () => {
    const t = base
      .replace('(Kobold Berserker)', '(Red Draconian Berserker)')
      .replace(
        'A: disease resistance, carnivore 3, fast metabolism 1, saprovore 2',
        'A: breathe fire, unfitting armour',
      );
    const r = importCrawlDump(t);
    expect(r.hero.species).toBe('Draconian');
    expect(r.hero.job).toBe('Berserker');
    expect(r.hero.rate).toMatchObject({ sustenanceRings: 1 });
  });

  it('a mutation shown in parentheses (suppressed by a form) keeps the species level', () => {
    const t = base
      .replace('carnivore 3, fast metabolism 1', '(carnivore 0), fast metabolism 1')
      .replace('You are hungry.', 'You are hungry.\nYou are in lich-form.');
    const r = importCrawlDump(t);
    expect(r.fields.mutations[0]!.value).toEqual({ name: 'carnivore', level: 0, suppressed: true });
    expect(r.hero.rate.carnivore).toBeUndefined();
    expect(r.hero.rate.form).toBe('lich');
  });

  it('troll leather worn and artefact jewellery (properties not read, said)', () => {
    const t = base
      .replace(' b - a +1 leather armour (worn)', ' b - a +1 troll leather armour (worn)')
      .replace(' r - a ring of sustenance (left hand)', ' r - the ring of Zonkers {Regen Str+3} (right hand)');
    const r = importCrawlDump(t);
    expect(r.hero.rate.trollLeather).toBe(true);
    expect(r.fields.jewellery[0]).toMatchObject({ slot: 'right', effect: null, artefact: true });
    expect(r.hero.rate.sustenanceRings).toBeUndefined();
    expect(r.notes.some((n) => n.includes('artefact'))).toBe(true);
  });

  it('no hunger line: Satiated assumed and said', () => {
    const r = importCrawlDump(base.replace('You are hungry.\n', ''));
    expect(r.hunger.status).toBe('Satiated');
    expect(r.assumptions.find((a) => a.field === 'value')?.reason).toContain('No hunger line');
  });

  it('no A: line: innate mutations assumed', () => {
    const r = importCrawlDump(base.replace(/A: .*\n/, ''));
    expect(r.assumptions.map((a) => a.field)).toEqual(['rate', 'value']);
  });

  it('errors: no title line, unknown species', () => {
    expect(codeOf(() => importCrawlDump(base.replace(/Grub the Ruffian.*\n/, '')))).toBe('malformed_import');
    expect(codeOf(() => importCrawlDump(base.replace('(Kobold Berserker)', '(Wibble Berserker)')))).toBe(
      'unknown_species',
    );
    expect(codeOf(() => importCrawlDump('just some text'))).toBe('unrecognized_import');
  });

  it('a name the version lacks: Sludge Elf is not in 0.13', () => {
    expect(codeOf(() => importCrawlDump(base.replace('(Kobold Berserker)', '(Sludge Elf Berserker)')))).toBe(
      'unknown_species',
    );
  });
});
