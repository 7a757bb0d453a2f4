// Import a DCSS 0.13-0.15 character from its character dump (chardump.cc dump_char(): the morgue
// file at death, or the in-game dump command). Sections follow the default dump_order
// (initfile.cc): header, hiscore, stats (output.cc dump_overview_screen()), misc (location,
// religion, burden, hunger, transform, visits, gold), inventory, skills, ...
// A dump written at death (par.se set) uses the past tense ("You were hungry."), a live one the
// present ("You are hungry.").
import { uniqueCitations, type Citation } from '../engine/cite.ts';
import { findSpecies, resolveHero, type CrawlHeroInput, type CrawlForm } from '../engine/crawl/hero.ts';
import { HUNGER_STATES, type HungerStateName } from '../engine/crawl/satiation.ts';
import { parseCrawlVersion, PROFILES, type CrawlVersion } from '../engine/crawl/versions.ts';
import { SPECIES } from '../engine/crawl/data.ts';
import { UserError } from '../errors.ts';
import { crawlHungerAssumption, malformed, span, splitLines, unrecognized, type Line } from './common.ts';
import { crawlSource } from './sources.ts';
import type { Assumption, CrawlDumpImport, CrawlHeroDraft, CrawlInventoryFood, CrawlRing, ReadField } from './types.ts';
import { foodItems } from '../engine/crawl/food.ts';

const HEADER = new RegExp(
  String.raw`^ ?(?:Dungeon Crawl Stone Soup|Crawl|[\w ]+ DCSS) version (\S+) ` +
    String.raw`\((?:console|tiles|webtiles)\) character file\.$`,
);
const TITLE = /^(?<name>.+?)(?: the (?<title>.+?))? \((?<sj>[^()]+)\)\s+Turns: (?<turns>\d+), Time: [\d:, ]+$/;

/** chardump.cc hunger_names[] and thirst_names[] (vampires), index = hunger_state_t. */
const HUNGER_NAMES = [
  'starving',
  'near starving',
  'very hungry',
  'hungry',
  'not hungry',
  'full',
  'very full',
  'completely stuffed',
];
const THIRST_NAMES = [
  'bloodless',
  'near bloodless',
  'very thirsty',
  'thirsty',
  'not thirsty',
  'full',
  'very full',
  'almost alive',
];

/** species.cc Species_Abbrev_List[] (0.13-0.15), for titles shortened to "(MiBe)". */
const SPECIES_ABBREV: Record<string, string> = {
  Hu: 'Human',
  HE: 'High Elf',
  DE: 'Deep Elf',
  SE: 'Sludge Elf',
  Ha: 'Halfling',
  HO: 'Hill Orc',
  Ko: 'Kobold',
  Mu: 'Mummy',
  Na: 'Naga',
  Og: 'Ogre',
  Tr: 'Troll',
  Dr: 'Draconian',
  Ce: 'Centaur',
  Dg: 'Demigod',
  Sp: 'Spriggan',
  Mi: 'Minotaur',
  Ds: 'Demonspawn',
  Gh: 'Ghoul',
  Te: 'Tengu',
  Mf: 'Merfolk',
  Vp: 'Vampire',
  DD: 'Deep Dwarf',
  Fe: 'Felid',
  Op: 'Octopode',
  Dj: 'Djinni',
  LO: 'Lava Orc',
  Gr: 'Gargoyle',
};

/** Mutations the hunger engine uses, by their short_desc (mutation-data.h). */
const MUTATIONS = [
  'carnivore',
  'herbivore',
  'saprovore',
  'fast metabolism',
  'slow metabolism',
  'gourmand',
  'regeneration',
  'slow healing',
] as const;

const FORMS: { re: RegExp; form: CrawlForm }[] = [
  { re: /bat-form\.$/, form: 'bat' },
  { re: /in lich-form\.$/, form: 'lich' },
  { re: /an animated tree\.$/, form: 'tree' },
  { re: /an? sentient fungus\.$/, form: 'fungus' },
  { re: /a barely coherent strand of gas\.$/, form: 'wisp' },
  { re: /an acidic jelly\.$/, form: 'jelly' },
  { re: /(?:spider-form|a stone statue|crystalline ice)\.$|blades\.$|temporary /, form: 'other' },
  { re: /(?:fearsome dragon!|filthy swine\.|a porcupine\.)$/, form: 'other' },
];

export function looksLikeCrawlDump(lines: readonly Line[]): boolean {
  return lines.some((l) => HEADER.test(l.clean));
}

export function importCrawlDump(text: string, opts: { version?: CrawlVersion } = {}): CrawlDumpImport {
  const lines = splitLines(text);
  const headerLine = lines.find((l) => HEADER.test(l.clean));
  if (!headerLine) throw unrecognized('no DCSS dump header ("... version X (console) character file.").');
  const version = readVersion(headerLine, opts.version);
  const notes: string[] = [];
  const assumptions: Assumption[] = [];
  const c = (key: Parameters<typeof crawlSource>[1], note?: string) => crawlSource(version, key, note);

  const fields: CrawlDumpImport['fields'] = {
    versionText: {
      value: HEADER.exec(headerLine.clean)![1]!,
      from: span(headerLine),
      citation: c('header', 'Version::Long'),
    },
    species: undefined as unknown as ReadField<string>,
    mutations: [],
    jewellery: [],
  };
  const inventoryFoods: CrawlInventoryFood[] = [];
  readTitle(lines, version, fields, notes);
  readStats(lines, version, fields);
  const mutationLine = readMutations(lines, version, fields);
  readMisc(lines, version, fields);
  readInventory(lines, version, fields, notes, inventoryFoods);

  const hero = buildDraft(version, fields, mutationLine, assumptions, notes);
  readEnding(lines, hero, notes);
  const state = fields.hungerState?.value;
  const hungerCites = [c('hunger'), c('hungerNames')];
  let hunger: ReturnType<typeof crawlHungerAssumption>;
  if (state) hunger = crawlHungerAssumption(version, state, hungerCites);
  else {
    hunger = crawlHungerAssumption(version, 'Satiated', hungerCites);
    hunger = {
      ...hunger,
      reason: `No hunger line ("You are/were ..."): the dump order leaves out "misc" or "hunger". ${hunger.reason}`,
    };
  }
  hero.value = hunger.assumed;
  assumptions.push({ field: 'value', value: hunger.assumed, reason: hunger.reason, citations: hunger.citations });
  validate(version, hero);

  return {
    game: 'crawl',
    kind: 'crawl-dump',
    version,
    fields,
    inventoryFoods,
    hunger,
    hero,
    assumptions,
    unread: [],
    notes,
    citations: uniqueCitations(allCitations(fields, hunger.citations)),
  };
}

function readVersion(l: Line, hint: CrawlVersion | undefined): CrawlVersion {
  const text = HEADER.exec(l.clean)![1]!;
  const parsed = parseCrawlVersion(text);
  if (parsed?.kind !== 'supported') {
    const why = parsed?.kind === 'noHunger' ? ' Food and hunger were removed in 0.26.' : '';
    throw new UserError(
      `This dump is from Crawl ${text}; I read 0.13, 0.14 and 0.15 dumps.${why}`,
      'Hunger rules exist here for 0.13-0.15 only.',
      'unsupported_version',
    );
  }
  if (hint && hint !== parsed.version)
    throw malformed(`This dump says Crawl ${text}, not ${hint}.`, `Pick version ${parsed.version}.`);
  return parsed.version;
}

function speciesNames(version: CrawlVersion): string[] {
  return SPECIES[version].list.map((s) => s.name);
}

/** "(Species Job)", with the coloured draconians ("Red Draconian") and the "(MiBe)" short form. */
function splitSpeciesJob(
  version: CrawlVersion,
  sj: string,
): { species: string; job: string | null; note: string | null } | null {
  const names = [...speciesNames(version)].sort((a, b) => b.length - a.length);
  for (const n of names) {
    if (sj.startsWith(`${n} `)) return { species: n, job: sj.slice(n.length + 1), note: null };
  }
  const drac = /^(Red|White|Green|Yellow|Grey|Black|Purple|Mottled|Pale) Draconian (.+)$/.exec(sj);
  if (drac)
    return {
      species: 'Draconian',
      job: drac[2]!,
      note: `${drac[1]} Draconian: the hunger rules are those of every Draconian.`,
    };
  const abbr = /^([A-Z][A-Za-z])([A-Z][a-z])$/.exec(sj);
  if (abbr && SPECIES_ABBREV[abbr[1]!])
    return {
      species: SPECIES_ABBREV[abbr[1]!]!,
      job: null,
      note: `The title was shortened to "(${sj})"; the job is not read.`,
    };
  return null;
}

function readTitle(lines: readonly Line[], version: CrawlVersion, f: CrawlDumpImport['fields'], notes: string[]) {
  const l = lines.find((x) => TITLE.test(x.clean));
  if (!l)
    throw malformed(
      'This DCSS dump has no character line ("Name the Title (Species Job)   Turns: n, Time: ...").',
      'Paste the whole dump, including the lines after the header.',
    );
  const g = TITLE.exec(l.clean)!.groups!;
  const cite = crawlSource(version, 'title');
  const sj = splitSpeciesJob(version, g.sj!);
  if (!sj) {
    findSpecies(version, g.sj!.split(' ')[0]!); // throws the engine's UserError for an unknown species
    throw malformed(`"${g.sj}" is not a species and background I know in Crawl ${version}.`);
  }
  if (sj.note) notes.push(sj.note);
  f.name = { value: g.name!, from: span(l), citation: cite };
  f.species = { value: sj.species, from: span(l), citation: cite };
  if (sj.job) f.job = { value: sj.job, from: span(l), citation: cite };
  f.turn = { value: Number(g.turns), from: span(l), citation: crawlSource(version, 'title', 'you.num_turns') };
}

function readStats(lines: readonly Line[], version: CrawlVersion, f: CrawlDumpImport['fields']) {
  for (const l of lines) {
    const xl = /\sXL:\s*(\d+)/.exec(l.clean);
    if (xl && !f.xl)
      f.xl = { value: Number(xl[1]), from: span(l), citation: crawlSource(version, 'stats', '"XL: %d"') };
    const int = /^MP .*?\sInt\s+(\d+)/.exec(l.clean);
    if (int && !f.int)
      f.int = { value: Number(int[1]), from: span(l), citation: crawlSource(version, 'stats', '"Int %2d"') };
  }
}

/** Reads the "A:" line; false when the dump has none. */
function readMutations(lines: readonly Line[], version: CrawlVersion, f: CrawlDumpImport['fields']): boolean {
  const i = lines.findIndex((l) => /^A: /.test(l.clean));
  if (i < 0) return false;
  // linebreak_string() wraps at 80 columns: continuation lines run until the next "x: " line.
  const group: Line[] = [lines[i]!];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j]!;
    if (!l.clean.trim() || /^.: /.test(l.clean)) break;
    group.push(l);
  }
  const text = group
    .map((l) => l.clean)
    .join(' ')
    .replace(/^A: /, '');
  const cite = crawlSource(version, 'mutations', 'short_desc and level; "(...)" when the form suppresses it');
  for (const raw of text.split(', ')) {
    const item = raw.trim();
    const m = /^(\()?([a-z ]+?)(?: (\d))?\)?$/.exec(item);
    if (!m) continue;
    const name = m[2]!;
    if (!(MUTATIONS as readonly string[]).includes(name)) continue;
    const where = group.find((l) => l.clean.includes(name)) ?? group[0]!;
    f.mutations.push({
      value: { name, level: m[3] ? Number(m[3]) : 1, suppressed: Boolean(m[1]) },
      from: span(where),
      citation: cite,
    });
  }
  return true;
}

function readMisc(lines: readonly Line[], version: CrawlVersion, f: CrawlDumpImport['fields']) {
  for (const l of lines) {
    const t = l.clean;
    let m: RegExpExecArray | null;
    if ((m = /^You (?:are|were) ([a-z ]+)\.$/.exec(t))) {
      const word = m[1]!;
      const idx = HUNGER_NAMES.indexOf(word);
      const vidx = THIRST_NAMES.indexOf(word);
      const at = idx >= 0 ? idx : vidx;
      if (at >= 0 && !f.hungerState) {
        f.hungerState = {
          value: HUNGER_STATES[at] as HungerStateName,
          from: span(l),
          citation: crawlSource(version, 'hunger', `hunger_level(): "${word}"`),
        };
        continue;
      }
      if (word === 'encumbered')
        f.burden = { value: 'burdened', from: span(l), citation: crawlSource(version, 'burden', 'BS_ENCUMBERED') };
    }
    if (/^You (?:are|were) overloaded with stuff\.$/.test(t))
      f.burden = { value: 'overloaded', from: span(l), citation: crawlSource(version, 'burden', 'BS_OVERLOADED') };
    if (/^You (?:are|were) /.test(t) || /^Your .* (?:are|were) blades\.$/.test(t) || /temporary /.test(t)) {
      const form = FORMS.find((x) => x.re.test(t));
      if (form && !f.form) f.form = { value: form.form, from: span(l), citation: crawlSource(version, 'transform') };
    }
  }
}

const EQUIPPED = /^(?<item>.+?) \((?:(?<hand>left|right) \w+|on tentacle|around (?:neck|mantle)|worn|melded)\)$/;

/** " d - 3 bread rations": the count and the food's name as foodItems() spells it (plurals read singular). */
function readComestible(l: Line, text: string, version: CrawlVersion): CrawlInventoryFood {
  const m = /^(\d+|an?|the) (.+?)(?: \{.*\})?(?: \(.*\))?$/.exec(text);
  const count = m && /^\d+$/.test(m[1]!) ? Number(m[1]) : 1;
  // itemname.cc: "piece of ambrosia"; chunks are "[rotting ]chunk of <monster> flesh".
  const what = (m?.[2] ?? text).toLowerCase().replace(/^pieces? of /, '');
  const chunk = /\bchunks? of\b/.test(what);
  const names = foodItems(version).map((f) => f.name.toLowerCase());
  const forms = [what, what.replace(/ies$/, 'y'), what.replace(/es$/, ''), what.replace(/s$/, '')];
  const name = chunk ? null : (forms.find((x) => names.includes(x)) ?? null);
  const citation = crawlSource(version, 'inventory', 'Comestibles');
  const spelled = name && foodItems(version).find((f) => f.name.toLowerCase() === name)!.name;
  return { text, count, name: spelled, chunk, from: span(l), citation };
}

function readInventory(
  lines: readonly Line[],
  version: CrawlVersion,
  f: CrawlDumpImport['fields'],
  notes: string[],
  foods: CrawlInventoryFood[],
) {
  const start = lines.findIndex((l) => l.clean === 'Inventory:');
  if (start < 0) return;
  let klass = '';
  for (let j = start + 1; j < lines.length; j++) {
    const l = lines[j]!;
    const t = l.clean;
    if (!t) continue;
    if (/^ {1,2}Skills:|^ {3}Skills:/.test(t) || /^[A-Z][a-z].*:$/.test(t)) break;
    if (!t.startsWith(' ')) {
      klass = t;
      continue;
    }
    const item = /^ (\w) - (.+)$/.exec(t);
    if (!item) continue;
    if (klass === 'Comestibles') {
      foods.push(readComestible(l, item[2]!, version));
      continue;
    }
    const eq = EQUIPPED.exec(item[2]!);
    if (!eq) continue;
    const name = eq.groups!.item!.replace(/^(?:an?|the) /, '');
    const worn = /\((?:left|right) \w+\)$|\(on tentacle\)$|\(around (?:neck|mantle)\)$/.test(item[2]!);
    if (klass === 'Jewellery' && worn) {
      const slot: CrawlRing['slot'] = /around/.test(item[2]!)
        ? 'amulet'
        : eq.groups!.hand
          ? (eq.groups!.hand as 'left' | 'right')
          : 'tentacle';
      const artefact = /^the /.test(eq.groups!.item!) || /\{.*\}/.test(name);
      let effect: CrawlRing['effect'] = null;
      if (!artefact) {
        if (/^ring of sustenance\b/.test(name)) effect = 'sustenance';
        else if (/^ring of hunger\b/.test(name)) effect = 'hunger';
        else if (/^(?:[+-]\d+ )?ring of regeneration\b/.test(name)) effect = 'regeneration';
        else if (/^amulet of the gourmand\b/.test(name)) effect = 'gourmand';
      } else
        notes.push(
          `Line ${l.line}: "${name}" is an artefact; its hunger properties are not read (the dump does not show ` +
            `their values).`,
        );
      f.jewellery.push({
        label: name,
        slot,
        effect,
        artefact,
        from: span(l),
        citation: crawlSource(
          version,
          'equipMark',
          slot === 'amulet' ? '" (around neck)"' : '" (left hand)" / " (right hand)"',
        ),
      });
    } else if (klass === 'Armour' && /\(worn\)$/.test(item[2]!) && /troll (?:leather armour|hide)/.test(name)) {
      f.trollLeather = { value: name, from: span(l), citation: crawlSource(version, 'equipMark', '" (worn)"') };
    }
  }
}

/** A mutation's level for the stored hero; one the current form suppresses is left to the species default. */
function level(f: CrawlDumpImport['fields'], name: string): number | undefined {
  const m = f.mutations.find((x) => x.value.name === name);
  return m && !m.value.suppressed ? m.value.level : undefined;
}

function buildDraft(
  version: CrawlVersion,
  f: CrawlDumpImport['fields'],
  mutationLine: boolean,
  assumptions: Assumption[],
  notes: string[],
): CrawlHeroDraft {
  const rate: Partial<CrawlHeroInput> = {};
  const set = <K extends keyof CrawlHeroInput>(k: K, v: CrawlHeroInput[K] | undefined) => {
    if (v !== undefined) rate[k] = v;
  };
  const fast = level(f, 'fast metabolism');
  const slow = level(f, 'slow metabolism');
  if (fast !== undefined || slow !== undefined) set('metabolism', (fast ?? 0) - (slow ?? 0));
  set('carnivore', level(f, 'carnivore'));
  set('herbivore', level(f, 'herbivore'));
  set('saprovore', level(f, 'saprovore'));
  set('slowHealing', level(f, 'slow healing'));
  const count = (e: CrawlRing['effect']) => f.jewellery.filter((r) => r.effect === e).length;
  if (count('sustenance')) rate.sustenanceRings = count('sustenance');
  if (count('hunger')) rate.hungerRings = count('hunger');
  if (count('regeneration')) rate.regenerationRings = count('regeneration');
  if (f.trollLeather) rate.trollLeather = true;
  if (f.burden) rate.burden = f.burden.value;
  if (f.form) rate.form = f.form.value;
  if (f.xl) rate.xl = f.xl.value;
  if (f.mutations.some((m) => m.value.suppressed))
    notes.push(
      'Some mutations are shown in parentheses: the current form suppresses them while it lasts; the hero keeps ' +
        "the species' levels for them.",
    );
  if (!mutationLine) {
    assumptions.push({
      field: 'rate',
      value: 'species innate mutations',
      reason: 'No "A:" line: only the species\' innate mutations are assumed.',
      citations: [crawlSource(version, 'mutations')],
    });
  }
  return {
    game: 'crawl',
    version,
    name: f.name?.value ?? null,
    species: f.species.value,
    job: f.job?.value ?? null,
    xl: f.xl?.value ?? null,
    int: f.int?.value ?? null,
    value: 0,
    turn: f.turn?.value ?? 0,
    rate,
    gourmandAmulet: f.jewellery.some((r) => r.effect === 'gourmand'),
    alive: true,
  };
}

/** A morgue file (past tense): the game is over; starvation (hiscores.cc "Starved to death") kills the hero. */
function readEnding(lines: readonly Line[], hero: CrawlHeroDraft, notes: string[]) {
  if (lines.some((l) => /^\s*Starved to death/.test(l.clean))) {
    hero.alive = false;
    notes.push('The character starved to death (hiscores.cc "Starved to death").');
  } else if (lines.some((l) => /^You were (?:on|in) /.test(l.clean) || /^You escaped\.$/.test(l.clean))) {
    notes.push('This is a morgue file: the game has ended; the draft is the character as it was then.');
  }
}

/** The draft must be a character the engine accepts (species rules, innate mutations). */
function validate(version: CrawlVersion, hero: CrawlHeroDraft) {
  try {
    resolveHero(version, { ...hero.rate, species: hero.species, hunger: hero.value });
  } catch (err) {
    if (err instanceof UserError)
      throw malformed(`This dump describes a character the ${version} rules do not allow: ${err.message}`);
    throw err;
  }
  if (!PROFILES[version].has.burden && hero.rate.burden)
    throw malformed(`Crawl ${version} has no burden, but the dump mentions it.`);
}

function allCitations(f: CrawlDumpImport['fields'], extra: Citation[]): Citation[] {
  const list: Citation[] = [f.versionText.citation, f.species.citation];
  const push = (x: { citation: Citation } | undefined) => x && list.push(x.citation);
  push(f.turn);
  push(f.xl);
  push(f.int);
  push(f.hungerState);
  push(f.burden);
  push(f.trollLeather);
  push(f.form);
  f.mutations.forEach(push);
  f.jewellery.forEach(push);
  return [...list, ...extra];
}
