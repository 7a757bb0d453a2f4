// Typed results of the import parsers: what was read (with the pasted line it came from and the
// game code that prints it), what had to be assumed, and a draft hero for the /hero wiring.
// Pure TypeScript: no Discord import. The command layer shows these and asks for confirmation.
import type { Citation, CrawlVersion, NethackVersion } from '../engine/cite.ts';
import type { Encumbrance } from '../engine/nethack/burn.ts';
import type { NethackStatus } from '../engine/nethack/status.ts';
import type { CrawlForm, CrawlHeroInput } from '../engine/crawl/hero.ts';
import type { HungerStateName } from '../engine/crawl/satiation.ts';
import type { NethackIntrinsic } from '../engine/nethack/intrinsics.ts';

/** Where a value came from in the pasted text (1-based line number, the line as pasted). */
export interface SourceSpan {
  line: number;
  text: string;
}

/** One value read from the text, with the line it came from and the code that prints it. */
export interface ReadField<T> {
  value: T;
  from: SourceSpan;
  citation: Citation;
}

/** Something the text does not say that the import had to decide. */
export interface Assumption {
  /** Draft field it sets, e.g. "nutrition", "turn", "con". */
  field: string;
  value: unknown;
  reason: string;
  citations: Citation[];
}

export type ImportKind = 'nethack-bottom-line' | 'nethack-dumplog' | 'crawl-dump';

/** How the hunger status maps to a nutrition value (NetHack) or satiation value (Crawl). */
export interface HungerAssumption<S extends string> {
  /** The status the text shows. */
  status: S;
  /** Inclusive band of values that give this status (null: unbounded on that side). */
  band: { min: number | null; max: number | null };
  /** Value the draft hero gets. */
  assumed: number;
  /** Which rule chose it: the band's lowest value, or its top when it has no lowest. */
  rule: 'band-minimum' | 'band-maximum' | 'exact';
  reason: string;
  /** Other values a user may prefer, for the confirmation step. */
  alternatives: { lowest: number | null; middle: number | null; highest: number | null };
  citations: Citation[];
}

// ---------------------------------------------------------------------------------------------
// NetHack

export const NETHACK_CONDITIONS = [
  'Stone',
  'Slime',
  'Strngl',
  'FoodPois',
  'TermIll',
  'Blind',
  'Deaf',
  'Stun',
  'Conf',
  'Hallu',
  'Lev',
  'Fly',
  'Ride',
  // 5.0 (src/botl.c conditions[]), mostly opt-in
  'Bare',
  'Busy',
  'Iron',
  'Glow',
  'Grab',
  'Held',
  'Icy',
  'InLava',
  'Parlyz',
  'Zzz',
  'Slip',
  'Submrg',
  'Teth',
  'Trap',
  'Out',
  'WLegs',
  'UHold',
] as const;
export type NethackCondition = (typeof NETHACK_CONDITIONS)[number];

/** hu_stat[] (src/eat.c): the five statuses plus FAINTED and STARVED. */
export type BottomLineHunger = NethackStatus | 'Fainted' | 'Starved';

export type BottomLineLayout = '3.4.3/3.6' | '5.0';

export interface NethackAttributes {
  /** Strength as printed: "16", "18/50", "18/**", "19". */
  str: string;
  /** The game's internal value (STR18(x) = 18 + x, 18/** = 118, 19..25 = 119..125). */
  strValue: number;
  dex: number;
  con: number;
  int: number;
  wis: number;
  cha: number;
}

export type Alignment = 'lawful' | 'neutral' | 'chaotic';

export interface DungeonLevel {
  kind: 'dlvl' | 'home' | 'tutorial' | 'endgame' | 'knox';
  /** depth() for Dlvl/Tutorial, dunlev() for Home, null when the text has no number. */
  depth: number | null;
  text: string;
}

export interface NethackStatusFields {
  name?: ReadField<string>;
  /** Rank title, or the monster name when polymorphed. */
  title?: ReadField<string>;
  /** Role the rank title belongs to (src/role.c roles[].rank). */
  role?: ReadField<string>;
  /** Polymorphed: the title is a monster name, not a rank. */
  polymorphedInto?: ReadField<string>;
  attributes?: ReadField<NethackAttributes>;
  alignment?: ReadField<Alignment>;
  score?: ReadField<number>;
  dungeonLevel?: ReadField<DungeonLevel>;
  gold?: ReadField<number>;
  hp?: ReadField<{ current: number; max: number }>;
  pw?: ReadField<{ current: number; max: number }>;
  ac?: ReadField<number>;
  level?: ReadField<{ kind: 'Xp' | 'Exp' | 'HD'; level: number; exp: number | null }>;
  turn?: ReadField<number>;
  /** Absent hunger word means NOT_HUNGRY (botl.c prints hu_stat only when u.uhs != NOT_HUNGRY). */
  hunger: ReadField<BottomLineHunger>;
  encumbrance: ReadField<Encumbrance>;
  conditions: ReadField<NethackCondition>[];
  /** 5.0 status_version(): the game's version on the status line. */
  versionText?: ReadField<string>;
}

/** A NetHack hero as the /hero records want it; every value is read or listed in assumptions. */
export interface NethackHeroDraft {
  game: 'nethack';
  version: NethackVersion;
  name: string | null;
  role: string | null;
  race: 'human' | 'elf' | 'dwarf' | 'gnome' | 'orc' | null;
  gender: 'male' | 'female' | null;
  alignment: Alignment | null;
  con: number;
  int: number | null;
  xl: number | null;
  nutrition: number;
  turn: number;
  /** Ring labels parseRing() accepts, e.g. "ring of protection +2". */
  leftRing: string | null;
  rightRing: string | null;
  amulet: string | null;
  /** Carrying the real Amulet of Yendor (inventory). */
  yendor: boolean;
  intrinsics: NethackIntrinsic[];
  encumbrance: Encumbrance;
  /** Still kept (true) or broken (false); null: the text does not say. */
  conducts: { foodless: boolean; vegan: boolean; vegetarian: boolean } | null;
  alive: boolean;
}

interface ImportBase {
  game: 'nethack' | 'crawl';
  kind: ImportKind;
  assumptions: Assumption[];
  /** Non-empty lines or tokens the parser did not understand (kept for the user to check). */
  unread: SourceSpan[];
  notes: string[];
  citations: Citation[];
}

export interface NethackBottomLineImport extends ImportBase {
  game: 'nethack';
  kind: 'nethack-bottom-line';
  version: NethackVersion;
  versionFrom: 'hint' | 'layout' | 'default';
  layout: BottomLineLayout | 'either';
  /** Why the layout was recognised (tokens only one layout prints). */
  layoutEvidence: string[];
  fields: NethackStatusFields;
  hunger: HungerAssumption<BottomLineHunger>;
  hero: NethackHeroDraft;
}

export interface InventoryFood {
  /** As printed, without letter and BUC: "2 food rations". */
  text: string;
  count: number;
  /** Canonical food name (foods.ts) when recognised, else null. */
  name: string | null;
  partlyEaten: boolean;
  buc: 'blessed' | 'uncursed' | 'cursed' | null;
  from: SourceSpan;
}

export interface WornAccessory {
  /** Ring label for parseRing(), or the amulet's name. */
  label: string;
  slot: 'left' | 'right' | 'amulet';
  from: SourceSpan;
  citation: Citation;
}

export type DumplogConduct = 'foodless' | 'vegan' | 'vegetarian';

export interface NethackDumplogImport extends ImportBase {
  game: 'nethack';
  kind: 'nethack-dumplog';
  version: NethackVersion;
  versionText: ReadField<string> | null;
  fields: {
    name?: ReadField<string>;
    alignment?: ReadField<Alignment>;
    gender?: ReadField<'male' | 'female'>;
    race?: ReadField<'human' | 'elf' | 'dwarf' | 'gnome' | 'orc'>;
    role?: ReadField<string>;
    xl?: ReadField<number>;
    turn?: ReadField<number>;
    attributes?: ReadField<NethackAttributes>;
    /** "Final Characteristics" values (base/peak/limit text kept as printed). */
    characteristics: ReadField<{ attribute: string; value: string }>[];
    /** From the "Final Status" section. */
    hungerStatus?: ReadField<BottomLineHunger>;
    /** 5.0 wizard mode prints u.uhunger: "not hungry <900>". */
    exactNutrition?: ReadField<number>;
    encumbrance?: ReadField<Encumbrance>;
    polymorphedInto?: ReadField<string>;
    /** "You were telepathic." etc.: every attribute line, normalised to present tense. */
    /** Lines of the Status and Attributes sections, in the present tense ("You are telepathic."). */
    attributeLines: ReadField<string>[];
    conducts: ReadField<DumplogConduct>[];
    /** Whether the "Voluntary challenges" section was found (conducts are only known then). */
    conductSection: boolean;
    rings: WornAccessory[];
    amulet?: WornAccessory;
    /** The final status lines, parsed as a bottom line. */
    statusLines?: NethackStatusFields;
  };
  inventoryFoods: InventoryFood[];
  hunger: HungerAssumption<BottomLineHunger>;
  hero: NethackHeroDraft;
}

// ---------------------------------------------------------------------------------------------
// Crawl

export interface CrawlRing {
  label: string;
  slot: 'left' | 'right' | 'tentacle' | 'amulet';
  /** Jewellery base type when it is one the hunger engine counts. */
  effect: 'sustenance' | 'hunger' | 'regeneration' | 'gourmand' | null;
  artefact: boolean;
  from: SourceSpan;
  citation: Citation;
}

export interface CrawlHeroDraft {
  game: 'crawl';
  version: CrawlVersion;
  name: string | null;
  species: string;
  job: string | null;
  xl: number | null;
  int: number | null;
  /** Satiation (you.hunger). */
  value: number;
  turn: number;
  /** Options for the Crawl rate engine (CrawlHeroInput fields). */
  rate: Partial<CrawlHeroInput>;
  /** Wearing an amulet of the gourmand (for chunk advice). */
  gourmandAmulet: boolean;
  alive: boolean;
}

export interface CrawlDumpImport extends ImportBase {
  game: 'crawl';
  kind: 'crawl-dump';
  version: CrawlVersion;
  fields: {
    versionText: ReadField<string>;
    name?: ReadField<string>;
    species: ReadField<string>;
    job?: ReadField<string>;
    turn?: ReadField<number>;
    xl?: ReadField<number>;
    int?: ReadField<number>;
    hungerState?: ReadField<HungerStateName>;
    burden?: ReadField<'burdened' | 'overloaded'>;
    mutations: ReadField<{ name: string; level: number; suppressed: boolean }>[];
    jewellery: CrawlRing[];
    trollLeather?: ReadField<string>;
    form?: ReadField<CrawlForm>;
  };
  /** Comestibles in the inventory: permanent foods by name; chunks are listed with `name: null`
   * (their kind is not part of the item name the dump prints). */
  inventoryFoods: CrawlInventoryFood[];
  hunger: HungerAssumption<HungerStateName>;
  hero: CrawlHeroDraft;
}

export interface CrawlInventoryFood {
  /** As printed, without the letter: "3 bread rations". */
  text: string;
  count: number;
  /** The Crawl food name (food.ts foodItems()) when recognised, else null. */
  name: string | null;
  chunk: boolean;
  from: SourceSpan;
  citation: Citation;
}

export type ImportResult = NethackBottomLineImport | NethackDumplogImport | CrawlDumpImport;
