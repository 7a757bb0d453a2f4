// Import a NetHack hero from a dumplog: the file dump_everything() (src/end.c, 3.6.7 and 5.0;
// 3.4.3 has no DUMPLOG) writes when a game ends. It prints, in order: the version, the game's
// dates, "name, alignment gender race role", the map, the two status lines, the last messages,
// the inventory (everything identified first, really_done()), the enlightenment (background,
// basics, characteristics, status, attributes), then vanquished/genocided/conduct/overview
// (5.0 also game log, spells, skills). Menus go through dump_add_menu(): headers " Name", items
// "  x - text"; enlightenment lines go through enlght_line(): " You ....".
import { UserError } from '../errors.ts';
import { uniqueCitations, type Citation, type NethackVersion } from '../engine/cite.ts';
import { AMULETS, MONSTERS } from '../engine/nethack/data.ts';
import { foodFor } from '../engine/nethack/foods.ts';
import { ENCUMBRANCES, parseRing, type Encumbrance } from '../engine/nethack/burn.ts';
import { malformed, nethackHungerAssumption, span, splitLines, unrecognized, type Line } from './common.ts';
import { DEFAULT_CON, type NethackImportOptions } from './nethackBottomLine.ts';
import { findStatusLines, readStatusLines } from './nethackStatus.ts';
import { ROLE_NAMES } from './ranks.ts';
import { nhSource } from './sources.ts';
import type {
  Alignment,
  Assumption,
  BottomLineHunger,
  DumplogConduct,
  InventoryFood,
  NethackDumplogImport,
  NethackHeroDraft,
  ReadField,
  SourceSpan,
} from './types.ts';

type Race = NonNullable<NethackHeroDraft['race']>;
type Fields = NethackDumplogImport['fields'];

const RACE_ADJ: Record<string, Race> = {
  human: 'human',
  elven: 'elf',
  dwarven: 'dwarf',
  gnomish: 'gnome',
  orcish: 'orc',
};
const VERSION_LINE = /NetHack(?: [\w-]+)* Version (\d+)\.(\d+)\.(\d+)/;
const IDENTITY = new RegExp(
  '^(?<name>.+), (?<al>lawful|neutral|chaotic) (?<gender>male|female) ' +
    '(?<race>human|elven|dwarven|gnomish|orcish) (?<role>[A-Z][a-z]+)$',
);

/** Does this text look like a dumplog (the identity line plus an enlightenment section)? */
export function looksLikeDumplog(lines: readonly Line[]): boolean {
  const identity = lines.some((l) => IDENTITY.test(l.clean));
  const section = lines.some((l) =>
    /^(Final )?Attributes:$|^Voluntary challenges:$|^[A-Z].* the [A-Z][a-z]+'s attributes:$/.test(l.clean),
  );
  return identity && section;
}

export function importNethackDumplog(text: string, opts: NethackImportOptions = {}): NethackDumplogImport {
  const lines = splitLines(text);
  if (!looksLikeDumplog(lines))
    throw unrecognized('no dumplog identity line ("name, alignment gender race role") with an attributes section.');
  const used = new Set<number>();
  const notes: string[] = [];
  const assumptions: Assumption[] = [];
  const { version, versionText } = readVersion(lines, opts.version, assumptions, notes, used);

  const fields: Fields = { characteristics: [], attributeLines: [], conducts: [], conductSection: false, rings: [] };
  readIdentity(lines, version, fields, used);
  const inv = readInventory(lines, version, fields, used, notes);
  readEnlightenment(lines, version, fields, used);
  readConducts(lines, version, fields, used);
  const status = findStatusLines(lines);
  if (status) {
    const read = readStatusLines(status.line1, status.rest, version);
    fields.statusLines = read.fields;
    for (const l of read.used) used.add(l.line);
  }
  if (!fields.role || !fields.race) throw malformed('The dumplog identity line is incomplete.');

  const draft = buildDraft(version, fields, inv.yendor, assumptions, notes);
  const hungerStatus = fields.hungerStatus?.value ?? fields.statusLines?.hunger.value ?? 'Not Hungry';
  let hunger = nethackHungerAssumption(version, hungerStatus, draft.con);
  if (fields.exactNutrition) {
    hunger = {
      ...hunger,
      assumed: fields.exactNutrition.value,
      rule: 'exact',
      reason: `The dumplog prints u.uhunger (wizard mode): ${fields.exactNutrition.value}.`,
    };
  } else {
    assumptions.push({ field: 'nutrition', value: hunger.assumed, reason: hunger.reason, citations: hunger.citations });
  }
  draft.nutrition = hunger.assumed;
  if (hungerStatus === 'Starved') draft.alive = false;
  checkAgreement(fields, notes);

  const unread: SourceSpan[] = [];
  return {
    game: 'nethack',
    kind: 'nethack-dumplog',
    version,
    versionText,
    fields,
    inventoryFoods: inv.foods,
    hunger,
    hero: draft,
    assumptions,
    unread,
    notes,
    citations: uniqueCitations(allCitations(fields, versionText, hunger.citations)),
  };
}

// ---------------------------------------------------------------------------------------------
// Sections

function readVersion(
  lines: readonly Line[],
  hint: NethackVersion | undefined,
  assumptions: Assumption[],
  notes: string[],
  used: Set<number>,
) {
  const l = lines.find((x) => VERSION_LINE.test(x.clean));
  if (!l) {
    const version = hint ?? '3.6.7';
    assumptions.push({
      field: 'version',
      value: version,
      reason: hint
        ? 'No version line; the version you gave is used.'
        : 'No version line (getversionstring()); 3.6.7 is used.',
      citations: [nhSource(version, 'dumpVersion')],
    });
    return { version, versionText: null };
  }
  used.add(l.line);
  const m = VERSION_LINE.exec(l.clean)!;
  const [maj, min, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let version: NethackVersion;
  if (maj === 3 && min === 6) {
    version = '3.6.7';
    if (patch !== 7)
      notes.push(`Written by NetHack 3.6.${patch}; the 3.6.7 rules are used (the hunger code is the same from 3.6.1).`);
  } else if (maj === 5 && min === 0) version = '5.0';
  else {
    throw new UserError(
      `This dumplog is from NetHack ${maj}.${min}.${patch}; I read dumplogs of 3.6 and 5.0 only (3.4.3 has none).`,
      'For 3.4.3, paste the two status lines instead.',
      'unsupported_version',
    );
  }
  if (hint && hint !== version)
    throw malformed(`This dumplog says NetHack ${maj}.${min}.${patch}, not ${hint}.`, `Pick version ${version}.`);
  const versionText: ReadField<string> = {
    value: m[0],
    from: span(l),
    citation: nhSource(version, 'dumpVersion', 'getversionstring()'),
  };
  return { version, versionText };
}

function readIdentity(lines: readonly Line[], version: NethackVersion, f: Fields, used: Set<number>) {
  const l = lines.find((x) => IDENTITY.test(x.clean))!;
  used.add(l.line);
  const g = IDENTITY.exec(l.clean)!.groups!;
  const c = nhSource(version, 'dumpIdentity', 'plname, aligns[].adj, genders[].adj, urace.adj, role name');
  const role = ROLE_NAMES[g.role!];
  if (!role) throw malformed(`"${g.role}" is not a NetHack role.`);
  f.name = { value: g.name!, from: span(l), citation: c };
  f.alignment = { value: g.al as Alignment, from: span(l), citation: c };
  f.gender = { value: g.gender as 'male' | 'female', from: span(l), citation: c };
  f.race = { value: RACE_ADJ[g.race!]!, from: span(l), citation: c };
  f.role = { value: role, from: span(l), citation: c };
}

/** The lines of a section: after the header, until the first line that does not start with a space. */
function section(lines: readonly Line[], header: RegExp): Line[] {
  const i = lines.findIndex((l) => header.test(l.clean));
  if (i < 0) return [];
  const out: Line[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j]!;
    if (!l.clean.startsWith(' ')) break;
    out.push(l);
  }
  return out;
}

const ITEM = /^ {2}(\S) - (.+)$/;

function readInventory(lines: readonly Line[], version: NethackVersion, f: Fields, used: Set<number>, notes: string[]) {
  const items = section(lines, /^Inventory:$/);
  const foods: InventoryFood[] = [];
  let yendor = false;
  let klass = '';
  for (const l of items) {
    const m = ITEM.exec(l.clean);
    if (!m) {
      klass = l.clean.trim().replace(/\s+\('.'\)$/, '');
      used.add(l.line);
      continue;
    }
    const text = m[2]!;
    const worn = /^(.*) \(on (left|right) (\w+)\)$/.exec(text);
    if (worn) {
      const ring = ringLabel(worn[1]!);
      if (!ring) notes.push(`Line ${l.line}: "${worn[1]}" is worn on a hand but is not a ring I know.`);
      else
        f.rings.push({
          label: ring,
          slot: worn[2] as 'left' | 'right',
          from: span(l),
          citation: nhSource(version, 'ringWorn', '" (on left hand)" / " (on right hand)"'),
        });
      used.add(l.line);
    }
    if (klass === 'Amulets') {
      const name = amuletName(text);
      if (name === 'Amulet of Yendor') yendor = true;
      if (/ \(being worn\)$/.test(text) && name) {
        f.amulet = {
          label: name,
          slot: 'amulet',
          from: span(l),
          citation: nhSource(version, 'amuletWorn', '" (being worn)"'),
        };
      }
      used.add(l.line);
    }
    if (klass === 'Comestibles') {
      foods.push(readFood(text, l, version));
      used.add(l.line);
    }
  }
  return { foods, yendor };
}

const ARTICLE = /^(?:a|an|the) /;
const BUC = /^(blessed|uncursed|cursed) /;

function stripDoname(text: string): { rest: string; count: number; buc: InventoryFood['buc']; partlyEaten: boolean } {
  let rest = text.replace(
    / \((?:weapon in hands?|alternate weapon; not wielded|in quiver|wielded in other hands?|lit)\)$/,
    '',
  );
  rest = rest.replace(/ (?:named|called) .*$/, '');
  let count = 1;
  const n = /^(\d+) /.exec(rest);
  if (n) {
    count = Number(n[1]);
    rest = rest.slice(n[0].length);
  } else rest = rest.replace(ARTICLE, '');
  let buc: InventoryFood['buc'] = null;
  const b = BUC.exec(rest);
  if (b) {
    buc = b[1] as InventoryFood['buc'];
    rest = rest.slice(b[0].length);
  }
  rest = rest.replace(/^greased /, '');
  const partlyEaten = rest.startsWith('partly eaten ');
  if (partlyEaten) rest = rest.slice('partly eaten '.length);
  return { rest, count, buc, partlyEaten };
}

/** doname() of a worn ring, as parseRing() wants it: "+2 ring of protection" -> "ring of protection +2". */
function ringLabel(doname: string): string | null {
  const { rest } = stripDoname(doname);
  const ring = parseRing(rest.replace(/^(?:thoroughly |very )?(?:rusty|corroded|burnt|rotten) /, ''));
  return ring ? ring.label : null;
}

function amuletName(text: string): string | null {
  const { rest } = stripDoname(text.replace(/ \(being worn\)$/, ''));
  if (/^cheap plastic imitation of the Amulet of Yendor$/i.test(rest))
    return 'cheap plastic imitation of the Amulet of Yendor';
  if (/^Amulet of Yendor$/.test(rest)) return 'Amulet of Yendor';
  const known = AMULETS.find((a) => a.name.toLowerCase() === rest.toLowerCase());
  if (known) return known.name;
  return /^amulet (?:of|versus) /.test(rest) ? rest : null; // 5.0 adds amulets of flying and guarding
}

function singular(text: string, count: number): string {
  if (count === 1) return text;
  // makeplural() adds "s" to the word before " of " ("sprigs of wolfsbane", "tins of newt meat").
  const of = /^(.*?)s of (.+)$/.exec(text);
  if (of) return `${of[1]} of ${of[2]}`;
  if (text.endsWith('leaves')) return `${text.slice(0, -6)}leaf`;
  return text.replace(/s$/, '');
}

function readFood(text: string, l: Line, version: NethackVersion): InventoryFood {
  const d = stripDoname(text);
  const one = singular(d.rest, d.count);
  let name: string | null = null;
  try {
    name = foodFor(one, version).name;
  } catch {
    name = null;
  }
  return { text, count: d.count, name, partlyEaten: d.partlyEaten, buc: d.buc, from: span(l) };
}

// ---------------------------------------------------------------------------------------------
// Enlightenment (cmd.c in 3.6.7, insight.c in 5.0): final = past tense, ^X = present tense.

const ATTR_NAMES = ['strength', 'dexterity', 'constitution', 'intelligence', 'wisdom', 'charisma'] as const;
const HUNGER_PHRASES: Record<string, BottomLineHunger> = {
  satiated: 'Satiated',
  'not hungry': 'Not Hungry',
  hungry: 'Hungry',
  'weak from severe hunger': 'Weak',
  'fainting due to starvation': 'Fainting',
  'fainted due to starvation': 'Fainted',
  starved: 'Starved',
};

const HUNGER_LINE = new RegExp(
  '^You (?:are|were) (satiated|not hungry|hungry|weak from severe hunger|' +
    String.raw`fainting due to starvation|fainted due to starvation|starved)(?: <(-?\d+)>)?\.$`,
);

function readEnlightenment(lines: readonly Line[], version: NethackVersion, f: Fields, used: Set<number>) {
  const start = lines.findIndex((l) => /^[A-Z].* the [A-Z][a-z]+'s attributes:$/.test(l.clean));
  const end = lines.findIndex(
    (l, i) =>
      i > start && /^Voluntary challenges:$|^Vanquished creatures:$|^Major events:$|^Dungeon overview:$/.test(l.clean),
  );
  const body = start < 0 ? [] : lines.slice(start + 1, end < 0 ? undefined : end);
  let inAttributes = false;
  for (const l of body) {
    const t = l.clean;
    if (!t) {
      inAttributes = false;
      continue;
    }
    if (/^(Final |Current )?(Attributes|Status):$/.test(t)) {
      inAttributes = true;
      used.add(l.line);
      continue;
    }
    if (/^\S/.test(t)) {
      inAttributes = false;
      continue;
    }
    const s = t.trim();
    let m: RegExpExecArray | null;
    if ((m = /^You (?:are|were) (?:actually )?an? (.+?), (?:a )?level (\d+) /.exec(s))) {
      f.xl = {
        value: Number(m[2]),
        from: span(l),
        citation: nhSource(version, 'background', 'rank, level, gender, race, role'),
      };
    } else if ((m = /^You entered the dungeon (\d+) turns? ago\.$/.exec(s))) {
      f.turn = { value: Number(m[1]), from: span(l), citation: nhSource(version, 'turns', 'moves') };
    } else if (/^You (?:have|had) just started your adventure\.$/.test(s)) {
      f.turn = { value: 1, from: span(l), citation: nhSource(version, 'adventureStart', 'moves == 1') };
    } else if (
      (m = /^Your (strength|dexterity|constitution|intelligence|wisdom|charisma) (?:is|was) (\S+)(?: \(.*\))?\.$/.exec(
        s,
      ))
    ) {
      f.characteristics.push({
        value: { attribute: m[1]!, value: m[2]! },
        from: span(l),
        citation: nhSource(version, 'characteristics'),
      });
    } else if ((m = HUNGER_LINE.exec(s))) {
      f.hungerStatus = {
        value: HUNGER_PHRASES[m[1]!]!,
        from: span(l),
        citation: nhSource(version, 'statusHunger', 'hu_stat[u.uhs], lowercased'),
      };
      if (m[2] !== undefined)
        f.exactNutrition = {
          value: Number(m[2]),
          from: span(l),
          citation: nhSource(version, 'statusHunger', 'wizard mode: u.uhunger'),
        };
    } else if (
      (m = /^You (?:are|were) (burdened|stressed|strained|overtaxed|overloaded)(?: <\d+>)?; movement/.exec(s))
    ) {
      const enc = ENCUMBRANCES.find((e) => e.toLowerCase() === m![1]) as Encumbrance;
      f.encumbrance = {
        value: enc,
        from: span(l),
        citation: nhSource(version, 'statusEncumbrance', 'enc_stat[cap], lowercased'),
      };
    } else if (/^You (?:are|were) unencumbered(?: <\d+>)?\.$/.test(s)) {
      f.encumbrance = {
        value: 'Unencumbered',
        from: span(l),
        citation: nhSource(version, 'statusEncumbrance', '"unencumbered" (last resort entry)'),
      };
    } else if ((m = /^You (?:are|were) polymorphed into (?:an? )?(.+?)(?: in .+ form)?(?: \(\d+\))?\.$/.exec(s))) {
      f.polymorphedInto = { value: m[1]!, from: span(l), citation: nhSource(version, 'polymorphed') };
    }
    if (inAttributes)
      f.attributeLines.push({
        value: presentTense(s),
        from: span(l),
        citation: nhSource(version, 'enlLine', 'final: past tense'),
      });
    used.add(l.line);
  }
  const byName = new Map(f.characteristics.map((c) => [c.value.attribute, c]));
  if (ATTR_NAMES.every((a) => byName.has(a))) {
    const v = (a: string) => byName.get(a)!.value.value;
    const st = v('strength');
    const num = (a: string) => Number(v(a));
    const first = byName.get('strength')!;
    f.attributes = {
      value: {
        str: st,
        strValue: strengthNumber(st),
        dex: num('dexterity'),
        con: num('constitution'),
        int: num('intelligence'),
        wis: num('wisdom'),
        cha: num('charisma'),
      },
      from: first.from,
      citation: nhSource(version, 'characteristics', 'attrval(): 18/xx, 18/100 for 18/**'),
    };
  }
}

function strengthNumber(st: string): number {
  const m = /^18\/(\d+)$/.exec(st);
  if (m) return 18 + Number(m[1]);
  const n = Number(st);
  return n > 18 ? 100 + n : n;
}

/** enl_msg() past forms back to the present ones, so callers match one wording. */
export function presentTense(s: string): string {
  return s
    .replace(/^You were /, 'You are ')
    .replace(/^You had /, 'You have ')
    .replace(/^You could /, 'You can ')
    .replace(/^You regenerated/, 'You regenerate')
    .replace(/^You hungered /, 'You hunger ')
    .replace(/^You caused /, 'You cause ')
    .replace(/^You aggravated /, 'You aggravate ')
    .replace(/^Your life would have been saved/, 'Your life will be saved');
}

function readConducts(lines: readonly Line[], version: NethackVersion, f: Fields, used: Set<number>) {
  const i = lines.findIndex((l) => l.clean === 'Voluntary challenges:');
  if (i < 0) return;
  f.conductSection = true;
  used.add(lines[i]!.line);
  for (let j = i + 1; j < lines.length && lines[j]!.clean.startsWith(' '); j++) {
    const l = lines[j]!;
    const s = l.clean.trim();
    let which: DumplogConduct | null = null;
    if (/^You (?:have gone|went) without food\.$/.test(s)) which = 'foodless';
    else if (/^You (?:have )?followed a strict vegan diet\.$/.test(s)) which = 'vegan';
    else if (/^You (?:have been|were) vegetarian\.$/.test(s)) which = 'vegetarian';
    if (which) {
      const key = which === 'foodless' ? 'conductFoodless' : which === 'vegan' ? 'conductVegan' : 'conductVegetarian';
      f.conducts.push({ value: which, from: span(l), citation: nhSource(version, key) });
    }
    used.add(l.line);
  }
}

// ---------------------------------------------------------------------------------------------
// The draft hero

function buildDraft(
  version: NethackVersion,
  f: Fields,
  yendor: boolean,
  assumptions: Assumption[],
  notes: string[],
): NethackHeroDraft {
  const left = f.rings.find((r) => r.slot === 'left')?.label ?? null;
  const right = f.rings.find((r) => r.slot === 'right')?.label ?? null;
  const con = f.attributes?.value.con ?? f.statusLines?.attributes?.value.con;
  if (con === undefined) {
    assumptions.push({
      field: 'con',
      value: DEFAULT_CON,
      reason: `No Constitution found; ${DEFAULT_CON} is used (it only sets the starvation limit).`,
      citations: [nhSource(version, 'characteristics')],
    });
  }
  let turn = f.turn?.value ?? f.statusLines?.turn?.value;
  if (turn === undefined) {
    turn = 1;
    assumptions.push({
      field: 'turn',
      value: 1,
      reason: 'No turn found (neither "You entered the dungeon N turns ago." nor T:); turn 1 is used.',
      citations: [nhSource(version, 'turns')],
    });
  }
  const intrinsics = intrinsicsFrom(version, f, left, right, assumptions, notes);
  const conducts = conductState(f);
  if (!conducts) notes.push('No "Voluntary challenges" section: conducts are not known.');
  return {
    game: 'nethack',
    version,
    name: f.name?.value ?? null,
    role: f.role?.value ?? null,
    race: f.race?.value ?? null,
    gender: f.gender?.value ?? null,
    alignment: f.alignment?.value ?? null,
    con: con ?? DEFAULT_CON,
    int: f.attributes?.value.int ?? f.statusLines?.attributes?.value.int ?? null,
    xl: f.xl?.value ?? null,
    nutrition: 0,
    turn,
    leftRing: left,
    rightRing: right,
    amulet: f.amulet?.label ?? null,
    yendor,
    intrinsics,
    encumbrance: f.encumbrance?.value ?? f.statusLines?.encumbrance.value ?? 'Unencumbered',
    conducts,
    alive: !f.attributeLines.some((a) => a.value === 'You are dead.'),
  };
}

/**
 * Hunger-relevant attribute lines -> hero intrinsics. A property a worn ring already gives is
 * not added again (the ring slot carries it); otherwise its source is not printed (from_what()
 * is wizard-mode only), so the costly source is assumed and said.
 */
function intrinsicsFrom(
  version: NethackVersion,
  f: Fields,
  left: string | null,
  right: string | null,
  assumptions: Assumption[],
  notes: string[],
): NethackHeroDraft['intrinsics'] {
  const has = (line: string) => f.attributeLines.some((a) => a.value.startsWith(line));
  const ringGives = (prop: string) => [left, right].some((r) => r !== null && parseRing(r)?.property === prop);
  const out: NethackHeroDraft['intrinsics'] = [];
  const polyForm = f.polymorphedInto?.value;
  const form = polyForm ? MONSTERS.find((m) => m.name.toLowerCase() === polyForm.toLowerCase()) : undefined;
  const check = (
    line: string,
    prop: string,
    intrinsic: NethackHeroDraft['intrinsics'][number],
    key: Parameters<typeof nhSource>[1],
    why: string,
  ) => {
    if (!has(line) || ringGives(prop)) return;
    out.push(intrinsic);
    assumptions.push({ field: 'intrinsics', value: intrinsic, reason: why, citations: [nhSource(version, key)] });
  };
  check(
    'You regenerate',
    'REGENERATION',
    'regeneration',
    'regenerate',
    '"You regenerate" with no worn ring of regeneration: the source is not printed; an intrinsic (which costs ' +
      'nutrition) is assumed. Regeneration from an artifact or a form is free.',
  );
  check(
    'You have slower digestion',
    'SLOW_DIGESTION',
    'slow digestion',
    'slowDigestion',
    '"Slower digestion" with no worn ring of slow digestion: counted as Slow digestion from another source.',
  );
  check(
    'You hunger rapidly',
    'HUNGER',
    'hunger',
    'hungerRapidly',
    '"You hunger rapidly" with no worn ring of hunger: the Hunger property from another source.',
  );
  check(
    'You cause conflict',
    'CONFLICT',
    'conflict',
    'conflict',
    '"You cause conflict" with no worn ring of conflict: assumed to cost nutrition (conflict from a carried ' +
      'artifact does not).',
  );
  if (has('You can survive without air')) {
    out.push('breathless');
    assumptions.push({
      field: 'intrinsics',
      value: 'breathless',
      reason: '"You can survive without air": choking is always survived.',
      citations: [nhSource(version, 'breathless')],
    });
  }
  if (form?.inediate) {
    out.push('inediate form');
    notes.push(
      `Polymorphed into a ${form.name}: neither carnivore, herbivore nor metallivore, so no base burn (eat.c ` +
        `gethungry()).`,
    );
  }
  return out;
}

/** show_conduct() prints only the strongest kept food conduct (an if / else-if chain). */
function conductState(f: Fields): NethackHeroDraft['conducts'] {
  if (!f.conductSection) return null;
  const kept = new Set(f.conducts.map((c) => c.value));
  const foodless = kept.has('foodless');
  const vegan = foodless || kept.has('vegan');
  return { foodless, vegan, vegetarian: vegan || kept.has('vegetarian') };
}

function checkAgreement(f: Fields, notes: string[]) {
  const a = f.hungerStatus?.value;
  const b = f.statusLines?.hunger.value;
  if (a && b && a !== b)
    notes.push(`The status line shows ${b} but the final status says ${a}; the final status is used.`);
  const t1 = f.turn?.value;
  const t2 = f.statusLines?.turn?.value;
  if (t1 !== undefined && t2 !== undefined && t1 !== t2)
    notes.push(`The status line shows T:${t2} but the background says ${t1} turns; the background is used.`);
}

function allCitations(f: Fields, versionText: ReadField<string> | null, extra: Citation[]): Citation[] {
  const list: Citation[] = [];
  if (versionText) list.push(versionText.citation);
  const push = (x: { citation: Citation } | undefined) => x && list.push(x.citation);
  push(f.name);
  push(f.role);
  push(f.xl);
  push(f.turn);
  push(f.attributes);
  push(f.hungerStatus);
  push(f.encumbrance);
  push(f.polymorphedInto);
  push(f.amulet);
  f.rings.forEach(push);
  f.conducts.forEach(push);
  return [...list, ...extra];
}
