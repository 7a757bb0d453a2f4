// The parser's parts: its vocabulary checked against the registered commands (a renamed option
// fails here, not in a player's face), tokens, names through the shared resolver, the bottom line
// against the engine's status bands, and every corpus reading accepted by its command's schema.
import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { analyze } from '../../src/ask/analyze.ts';
import { findBottomLine } from '../../src/ask/bottomLine.ts';
import { catalogFrom } from '../../src/ask/catalog.ts';
import { NAME_SLOTS, UNIT_OPTIONS, corpseMonsterName } from '../../src/ask/fill.ts';
import { lexiconSets, lexiconTroubles } from '../../src/ask/lexicon.ts';
import { lookupName, nameLists } from '../../src/ask/names.ts';
import { parseQuestion } from '../../src/ask/parse.ts';
import { tokenize } from '../../src/ask/text.ts';
import { coerceOptions } from '../../src/pipeline/dispatch.ts';
import { NETHACK_STATUSES, STATUS_BANDS, statusFor } from '../../src/engine/nethack/status.ts';
import { TROUBLE_KEYS, prayerSafety } from '../../src/engine/nethack/prayer.ts';
import { foodFor } from '../../src/engine/nethack/index.ts';
import { NETHACK_VERSIONS } from '../../src/engine/cite.ts';
import { resolveName } from '../../src/names.ts';
import { parseTroubles } from '../../commands/nethack/pray.ts';
import { corpseNames } from '../../commands/nethack/corpse.ts';
import { parseCommandLine } from '../../src/pipeline/commandLine.ts';
import { catalog, loadCorpus, registry } from './corpus.ts';

describe('vocabulary against the registry', () => {
  it('every option a phrase sets exists in some command, with a value it accepts', () => {
    const bad: string[] = [];
    for (const set of lexiconSets()) {
      for (const [k, v] of Object.entries(set)) {
        const ok = [...catalog.leaves.keys()].some((key) => catalog.accepts(key, k, v));
        if (!ok) bad.push(`${k}:${String(v)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every option a number or a name may fill is declared by some command', () => {
    const declared = new Set([...catalog.leaves.values()].flatMap((l) => l.options.map((o) => o.name)));
    // Crawl gear pieces (gear.<part>) are written as the one `gear` option.
    const unitOptions = Object.values(UNIT_OPTIONS)
      .flat()
      .map((o) => (o.startsWith('gear.') ? 'gear' : o));
    expect(unitOptions.filter((o) => !declared.has(o))).toEqual([]);
    for (const [key, slots] of Object.entries(NAME_SLOTS)) {
      for (const s of slots) expect(catalog.option(key, s.option), `${key} ${s.option}`).toBeDefined();
    }
  });

  it('every prayer trouble a phrase names is a /nethack pray trouble key (parseTroubles accepts it)', () => {
    const named = [...new Set(lexiconTroubles())];
    expect(named.filter((t) => !(TROUBLE_KEYS as readonly string[]).includes(t))).toEqual([]);
    expect(parseTroubles(named.join(', '))).toEqual(named);
  });

  it('every corpse a question can name is a monster /nethack corpse knows, in each version that has it', () => {
    const corpses = nameLists().nhFood.filter((e) => corpseMonsterName(e.ref) !== null);
    expect(corpses.length).toBeGreaterThan(300);
    for (const v of NETHACK_VERSIONS) {
      const names = corpseNames(v);
      for (const e of corpses) {
        let food: ReturnType<typeof foodFor>;
        try {
          food = foodFor(e.ref.name, v);
        } catch {
          continue; // not a corpse of this version (the command says so itself)
        }
        const picked = resolveName(corpseMonsterName(e.ref)!, names, 'corpse');
        expect(picked.monster.pm, `${v} ${e.ref.name}`).toBe(food.monster!.pm);
      }
    }
  });

  it('the catalog is read from the registry: every leaf with its declared options, hide excluded', () => {
    const forecast = catalog.leaf('nethack forecast');
    expect(forecast.path).toEqual(['nethack', 'forecast']);
    expect(forecast.options[0]).toMatchObject({ name: 'nutrition', required: true, kind: 'integer' });
    expect(forecast.options.some((o) => o.name === 'hide')).toBe(false);
    const leaf = registry.get('nethack')!.leaf({ subcommand: 'forecast' })!;
    expect(forecast.options.map((o) => o.name).sort()).toEqual(
      Object.keys(leaf.declared)
        .filter((n) => n !== 'hide')
        .sort(),
    );
    expect(catalog.leaves.has('nethack pet food')).toBe(true);
    expect(catalog.leaves.has('ask')).toBe(false);
  });
});

describe('every corpus reading is a line its command accepts', () => {
  it('coerces and validates (zod) once the values a question left out are filled', () => {
    const rows = loadCorpus('test/fixtures/ask/corpus.jsonl');
    for (const row of rows) {
      for (const reading of parseQuestion(row.q, catalog).readings) {
        for (const [i, line] of reading.lines.entries()) {
          const p = parseCommandLine(line, registry);
          const leaf = registry.get(p.commandName)!.leaf(p)!;
          const filled = { ...p.options };
          for (const m of reading.calls[i]!.missing) {
            const o = catalog.option(reading.calls[i]!.key, m.option)!;
            filled[m.option] = o.example ?? o.choices?.[0] ?? (o.kind === 'string' ? 'food ration' : (o.min ?? 1));
          }
          const parsed = leaf.schema.safeParse(coerceOptions(leaf.options, filled));
          expect(parsed.success, `${row.q} -> ${line}`).toBe(true);
        }
      }
    }
  });
});

describe('tokens', () => {
  it('reads numbers with signs, separators, k, versions and glued labels', () => {
    const t = (s: string) =>
      tokenize(s).map((x) => (x.version ? `v${x.version}` : x.num !== undefined ? x.num : x.text));
    expect(t('at 1,600 nutrition -20')).toEqual(['at', 1600, 'nutrition', -20]);
    expect(t('+2 ring, 6k, 1.5k')).toEqual([2, 'ring', 6000, 1500]);
    expect(t('nethack 3.4.3 crawl 0.14 5.0')).toEqual(['nethack', 'v3.4.3', 'crawl', 'v0.14', 'v5.0']);
    expect(t('lvl3 T:4321 2x 3rd')).toEqual(['lvl', 3, 't', 4321, 2, 'x', 3]);
    expect(t("K-ration Trog's")).toEqual(['k', 'ration', 'trogs']);
    expect(t('skill 12.5')).toEqual(['skill', 12.5]);
  });

  it('reads a strength past 18 whole after its label ("str 18/50", "St:18/**"), and only there', () => {
    const t = (s: string) => tokenize(s).map((x) => x.text);
    expect(t('str 18/50 dex 14')).toEqual(['str', '18/50', 'dex', '14']);
    expect(t('St:18/**')).toEqual(['st', '18/**']);
    expect(t('hp 18/40')).toEqual(['hp', '18', '40']);
  });
});

describe('names go through the shared resolver', () => {
  it('a typo of one name is read as it; a loose prefix comes back with its candidates', () => {
    const pets = nameLists().pet;
    const kitten = lookupName('kiten', pets);
    expect(kitten).toMatchObject({ kind: 'found', corrected: true });
    expect(kitten.kind === 'found' && kitten.item.name).toBe('kitten');
    const ration = lookupName('ration', nameLists().nhFood);
    expect(ration.kind).toBe('ambiguous');
    expect(ration.kind === 'ambiguous' && ration.candidates.map((c) => c.name)).toEqual(
      expect.arrayContaining(['food ration', 'cram ration']),
    );
  });

  it('a different first letter is no typo ("wearing" is not "healing")', () => {
    expect(lookupName('wearing', nameLists().nhSpell).kind).not.toBe('found');
    expect(lookupName('healign', nameLists().nhSpell)).toMatchObject({ kind: 'found' });
  });

  it('an ambiguous food name leaves the option missing, with the close names', () => {
    const r = parseQuestion('will i choke on a ration at 1800', catalog).readings[0]!;
    expect(r.lines[0]).toBe('/nethack meal nutrition:1800');
    expect(r.missing[0]).toMatchObject({ option: 'food' });
    expect(r.missing[0]!.candidates).toEqual(expect.arrayContaining(['food ration', 'cram ration', 'tripe ration']));
  });
});

describe('the NetHack bottom line', () => {
  const line = (word: string) => `Dlvl:3 $:120 HP:24(30) Pw:7(7) AC:4 Xp:4/120 T:4321 ${word}`;

  it('assumes the band value it says, and that value shows the same status (src/eat.c newuhs())', () => {
    const words: Record<string, string> = {
      Satiated: 'Satiated',
      'Not Hungry': '',
      Hungry: 'Hungry',
      Weak: 'Weak',
      Fainting: 'Fainting',
    };
    for (const status of NETHACK_STATUSES) {
      const b = findBottomLine(line(words[status]!))!;
      expect(b.status).toBe(status);
      expect(statusFor(b.assumedNutrition)).toBe(status);
      const band = STATUS_BANDS[status];
      expect(b.assumedNutrition).toBe(band.max ?? band.min);
      // One more (or less, for Satiated) would be another status: the extreme of the band.
      expect(statusFor(band.max === null ? b.assumedNutrition - 1 : b.assumedNutrition + 1)).not.toBe(status);
      expect(b.assumption).toContain(String(b.assumedNutrition));
      expect(b.turn).toBe(4321);
    }
  });

  it('reads encumbrance and "Fainted"; ignores ordinary text', () => {
    expect(findBottomLine(line('Fainted Overtaxed'))).toMatchObject({ status: 'Fainting', encumbrance: 'Overtaxed' });
    expect(findBottomLine('how long until hungry at 900 on T:4321')).toBeNull();
  });
});

describe('reading', () => {
  it('is deterministic: the same text gives the same readings', () => {
    const q = 'turns until weak with 2 rings of regen from 900';
    expect(JSON.stringify(parseQuestion(q, catalog))).toBe(JSON.stringify(parseQuestion(q, catalog)));
  });

  it('reads only registered commands: without /crawl, a Crawl question reads as nothing', () => {
    const noCrawl = catalogFrom(commands.filter((c) => c.definition.name === 'nethack'));
    expect(parseQuestion('hunger rate of a troll in crawl', noCrawl).readings).toEqual([]);
    expect(parseQuestion('hunger rate of a troll in crawl', catalog).readings[0]!.lines).toEqual([
      '/crawl rate species:Troll',
    ]);
  });

  it('numbers take the unit written next to them, in either order', () => {
    const units = (q: string) => analyze(q).numbers.map((n) => `${n.value}:${n.unit}`);
    expect(units('con 18 int 17')).toEqual(['18:con', '17:int']);
    expect(units('18 con, 900 nutrition')).toEqual(['18:con', '900:value']);
    expect(units('at 1200 turn 500 after 100 turns')).toEqual(['1200:at', '500:turn', '100:after']);
    expect(units('a 60 turn old corpse')).toEqual(['60:age']);
    expect(units('hp 5/40, xl 8')).toEqual(['5:hp', '40:maxHp', '8:xl']);
    expect(units('3 hp out of 30')).toEqual(['3:hp', '30:maxHp']);
    expect(units('HP:5(40)')).toEqual(['5:hp', '40:maxHp']);
    expect(units('prayed at T:3000 now T:4000')).toEqual(['3000:prayedAt', '4000:turn']);
    expect(units('800 turns since my last prayer')).toEqual(['800:age']);
  });

  it('a word of the vocabulary names a thing only by its own name ("hunger" is no ring of hunger)', () => {
    const names = (q: string) => analyze(q).names.flatMap((n) => n.refs.map((r) => r.name));
    expect(names("my little dog's hunger")).not.toContain('ring of hunger');
    expect(names('will my dog eat a ring of hunger')).toContain('ring of hunger');
    expect(names('will my dog eat a dagger')).toContain('dagger');
  });

  it('ring counts and enchantments: "two +1 protection rings", "rings of regen", "sustenance 2"', () => {
    expect(analyze('two +1 protection rings').rings).toMatchObject([{ type: 'protection', count: 2, enchantment: 1 }]);
    expect(analyze('with rings of regen').rings).toMatchObject([{ type: 'regeneration', count: 2 }]);
    expect(analyze('kobold with sustenance 2').rings).toMatchObject([{ property: 'sustain', count: 2 }]);
    expect(analyze('turn 1 regen').rings).toMatchObject([{ count: 1 }]);
  });
});

describe('prayers and corpses', () => {
  const read = (q: string) => parseQuestion(q, catalog).readings[0]!;

  it('a prayer needs when you last prayed; the edit line asks for it', () => {
    const r = read('is it safe to pray at 40 nutrition');
    expect(r.lines).toEqual(['/nethack pray nutrition:40']);
    expect(r.missing.map((m) => m.option)).toEqual(['turns_since']);
    expect(read('pray, never prayed, turn 900').missing).toEqual([]);
  });

  it('the turn of the last prayer and the current turn give turns_since; a later last prayer is left out', () => {
    expect(read('can I pray, last prayed on turn 3200, now turn 4000').lines).toEqual([
      '/nethack pray turns_since:800 turn:4000',
    ]);
    const wrong = read('can I pray, last prayed on turn 5000, now turn 4000');
    expect(wrong.lines).toEqual(['/nethack pray turn:4000']);
    expect(wrong.notes.join(' ')).toContain('after the current turn');
    expect(read('can I pray, last prayed on turn 5000').notes.join(' ')).toContain('current turn');
  });

  it('what prayer does to nutrition is /nethack drain; whether it is safe is /nethack pray', () => {
    expect(read('how much nutrition does praying give at 40').lines).toEqual([
      '/nethack drain action:pray nutrition:40',
    ]);
    expect(read('is it safe to pray to fix my hunger at 40').lines[0]).toMatch(/^\/nethack pray /);
  });

  it('a pasted bottom line: any nutrition of its status gives the same prayer (src/pray.c reads u.uhs)', () => {
    const r = read('can I pray? prayed 1000 turns ago. Dlvl:5 $:33 HP:2(30) Pw:0(8) AC:7 Xp:5/80 T:9000 Weak');
    expect(r.lines).toEqual(['/nethack pray nutrition:50 turns_since:1000 turn:9000 level:5 hp:2 max_hp:30']);
    for (const status of ['Hungry', 'Weak', 'Fainting'] as const) {
      const b = findBottomLine(`Dlvl:5 $:33 HP:20(30) Pw:0(8) AC:7 Xp:5/80 T:9000 ${status}`)!;
      const band = STATUS_BANDS[status];
      const troubles = (nutrition: number) =>
        prayerSafety({ version: '3.6.7', nutrition, turnsSincePrayer: 1000 }).troubles.map((t) => t.key);
      const assumed = troubles(b.assumedNutrition);
      for (let n = band.min ?? -200; n <= (band.max ?? 2500); n++)
        expect(troubles(n), `${status} ${n}`).toEqual(assumed);
    }
  });

  it('a corpse with a nutrition value is a meal (choking); without one, whether it is safe', () => {
    expect(read('eat a cockatrice corpse at 800').lines).toEqual([
      '/nethack meal food:"cockatrice corpse" nutrition:800',
    ]);
    expect(read('is a 60 turn old jackal corpse safe to eat').lines).toEqual(['/nethack corpse name:jackal age:60']);
    expect(read('how much does a lichen corpse give').lines).toEqual(['/nethack food name:"lichen corpse"']);
  });

  it("a polymorphed form is the meal's form, not its food", () => {
    expect(read('eat a food ration at 1500 while polymorphed into a gnome lord').lines).toEqual([
      '/nethack meal food:"food ration" nutrition:1500 form:"gnome lord"',
    ]);
  });
});
