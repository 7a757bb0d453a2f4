// Where each line an import reads is printed, per game version, with line numbers read from the
// pinned trees (NetHack 3.6.7: tag NetHack-3.6.7_Released; 3.4.3: commit ad815fc; 5.0: commit
// 16ff5911; Crawl: tags 0.13.2, 0.14.2, 0.15.2).
import { crawlCite, nethackCite, type Citation, type CrawlVersion, type NethackVersion } from '../engine/cite.ts';

interface Where {
  file: string;
  symbol: string;
  line?: number;
}

type PerVersion = Partial<Record<NethackVersion, Where>>;

const w = (file: string, symbol: string, line?: number): Where => ({ file, symbol, line });

/** NetHack lines. A missing version means that version does not print it. */
const NETHACK: Record<string, PerVersion> = {
  statusLine1: {
    '3.6.7': w('src/botl.c', 'do_statusline1()', 49),
    '3.4.3': w('src/botl.c', 'bot1()', 169),
    '5.0': w('src/botl.c', 'do_statusline1()', 48),
  },
  attributes: {
    '3.6.7': w('src/botl.c', 'do_statusline1()', 82),
    '3.4.3': w('src/botl.c', 'bot1()', 200),
    '5.0': w('src/botl.c', 'do_statusline1()', 85),
  },
  strength: {
    '3.6.7': w('src/botl.c', 'get_strength_str()', 23),
    '3.4.3': w('src/botl.c', 'bot1()', 200),
    '5.0': w('src/botl.c', 'get_strength_str()', 21),
  },
  alignment: {
    '3.6.7': w('src/botl.c', 'do_statusline1()', 88),
    '3.4.3': w('src/botl.c', 'bot1()', 212),
    '5.0': w('src/botl.c', 'do_statusline1()', 90),
  },
  rankTitle: {
    '3.6.7': w('src/role.c', 'roles[].rank', 28),
    '3.4.3': w('src/role.c', 'roles[].rank'),
    '5.0': w('src/role.c', 'roles[].rank', 31),
  },
  statusLine2: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 98),
    '3.4.3': w('src/botl.c', 'bot2()', 246),
    '5.0': w('src/botl.c', 'do_statusline2()', 101),
  },
  dlvl: {
    '3.6.7': w('src/botl.c', 'describe_level()', 403),
    '3.4.3': w('src/botl.c', 'describe_level()', 239),
    '5.0': w('src/botl.c', 'describe_level()', 463),
  },
  gold: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 123),
    '3.4.3': w('src/botl.c', 'bot2()', 258),
    '5.0': w('src/botl.c', 'do_statusline2()', 130),
  },
  health: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 136),
    '3.4.3': w('src/botl.c', 'bot2()', 258),
    '5.0': w('src/botl.c', 'do_statusline2()', 143),
  },
  experience: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 143),
    '3.4.3': w('src/botl.c', 'bot2()', 267),
    '5.0': w('src/botl.c', 'do_statusline2()', 149),
  },
  time: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 152),
    '3.4.3': w('src/botl.c', 'bot2()', 277),
    '5.0': w('src/botl.c', 'do_statusline2()', 159),
  },
  hunger: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 179),
    '3.4.3': w('src/botl.c', 'bot2()', 278),
    '5.0': w('src/botl.c', 'do_statusline2()', 186),
  },
  huStat: {
    '3.6.7': w('src/eat.c', 'hu_stat[]', 75),
    '3.4.3': w('src/eat.c', 'hu_stat[]', 81),
    '5.0': w('src/eat.c', 'hu_stat[]', 70),
  },
  encumbrance: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 181),
    '3.4.3': w('src/botl.c', 'bot2()', 293),
    '5.0': w('src/botl.c', 'do_statusline2()', 188),
  },
  encStat: {
    '3.6.7': w('src/botl.c', 'enc_stat[]', 13),
    '3.4.3': w('src/botl.c', 'enc_stat[]'),
    '5.0': w('src/botl.c', 'enc_stat[]', 11),
  },
  conditions: {
    '3.6.7': w('src/botl.c', 'do_statusline2()', 167),
    '3.4.3': w('src/botl.c', 'bot2()', 282),
    '5.0': w('src/botl.c', 'do_statusline2()', 173),
  },
  conditionTable: { '3.6.7': w('win/tty/wintty.c', 'conditions[]', 3666), '5.0': w('src/botl.c', 'conditions[]', 781) },
  encShrink: { '3.6.7': w('win/tty/wintty.c', 'encvals[]', 3685), '5.0': w('win/tty/wintty.c', 'encvals[]', 4269) },
  statusVersion: { '5.0': w('src/botl.c', 'do_statusline2()', 210) },
  // dumplog (3.6.7 and 5.0 only: 3.4.3 has no DUMPLOG)
  dumpEverything: {
    '3.6.7': w('src/end.c', 'dump_everything()', 723),
    '5.0': w('src/end.c', 'dump_everything()', 542),
  },
  dumpVersion: { '3.6.7': w('src/end.c', 'dump_everything()', 740), '5.0': w('src/end.c', 'dump_everything()', 559) },
  dumpIdentity: { '3.6.7': w('src/end.c', 'dump_everything()', 756), '5.0': w('src/end.c', 'dump_everything()', 575) },
  dumpStatus: { '3.6.7': w('src/end.c', 'dump_everything()', 765), '5.0': w('src/end.c', 'dump_everything()', 585) },
  dumpInventory: { '3.6.7': w('src/end.c', 'dump_everything()', 771), '5.0': w('src/end.c', 'dump_everything()', 591) },
  dumpMenuLine: {
    '3.6.7': w('src/windows.c', 'dump_add_menu()', 1341),
    '5.0': w('src/windows.c', 'dump_add_menu()', 1342),
  },
  ringWorn: {
    '3.6.7': w('src/objnam.c', 'doname_base()', 1155),
    '3.4.3': w('src/objnam.c', 'doname()', 700),
    '5.0': w('src/objnam.c', 'doname_base()', 1497),
  },
  amuletWorn: {
    '3.6.7': w('src/objnam.c', 'doname_base()', 1076),
    '3.4.3': w('src/objnam.c', 'doname()', 630),
    '5.0': w('src/objnam.c', 'doname_base()', 1385),
  },
  background: {
    '3.6.7': w('src/cmd.c', 'background_enlightenment()', 1880),
    '5.0': w('src/insight.c', 'background_enlightenment()', 524),
  },
  turns: {
    '3.6.7': w('src/cmd.c', 'background_enlightenment()', 1987),
    '5.0': w('src/insight.c', 'background_enlightenment()', 638),
  },
  adventureStart: {
    '3.6.7': w('src/cmd.c', 'background_enlightenment()', 1984),
    '5.0': w('src/insight.c', 'background_enlightenment()', 635),
  },
  characteristics: {
    '3.6.7': w('src/cmd.c', 'one_characteristic()', 2178),
    '5.0': w('src/insight.c', 'one_characteristic()', 846),
  },
  statusHunger: {
    '3.6.7': w('src/cmd.c', 'status_enlightenment()', 2503),
    '5.0': w('src/insight.c', 'status_enlightenment()', 1195),
  },
  statusEncumbrance: {
    '3.6.7': w('src/cmd.c', 'status_enlightenment()', 2536),
    '5.0': w('src/insight.c', 'status_enlightenment()', 1236),
  },
  attributesSection: {
    '3.6.7': w('src/cmd.c', 'attributes_enlightenment()', 2624),
    '5.0': w('src/insight.c', 'attributes_enlightenment()', 1500),
  },
  regenerate: {
    '3.6.7': w('src/cmd.c', 'attributes_enlightenment()', 2840),
    '5.0': w('src/insight.c', 'attributes_enlightenment()', 1769),
  },
  slowDigestion: {
    '3.6.7': w('src/cmd.c', 'attributes_enlightenment()', 2842),
    '5.0': w('src/insight.c', 'attributes_enlightenment()', 1771),
  },
  hungerRapidly: {
    '3.6.7': w('src/cmd.c', 'status_enlightenment()', 2500),
    '5.0': w('src/insight.c', 'status_enlightenment()', 1192),
  },
  conflict: {
    '3.6.7': w('src/cmd.c', 'attributes_enlightenment()', 2768),
    '5.0': w('src/insight.c', 'attributes_enlightenment()', 1680),
  },
  breathless: {
    '3.6.7': w('src/cmd.c', 'attributes_enlightenment()', 2832),
    '5.0': w('src/insight.c', 'attributes_enlightenment()', 1761),
  },
  lifesaved: {
    '3.6.7': w('src/cmd.c', 'attributes_enlightenment()', 2938),
    '5.0': w('src/insight.c', 'attributes_enlightenment()', 1906),
  },
  polymorphed: {
    '3.6.7': w('src/cmd.c', 'attributes_enlightenment()', 2907),
    '5.0': w('src/insight.c', 'attributes_enlightenment()', 1867),
  },
  enlLine: { '3.6.7': w('src/cmd.c', 'enlght_line()', 1648), '5.0': w('src/insight.c', 'enlght_line()', 127) },
  conductSection: {
    '3.6.7': w('src/cmd.c', 'show_conduct()', 3255),
    '5.0': w('src/insight.c', 'show_conduct()', 2096),
  },
  conductFoodless: {
    '3.6.7': w('src/cmd.c', 'show_conduct()', 3263),
    '5.0': w('src/insight.c', 'show_conduct()', 2127),
  },
  conductVegan: { '3.6.7': w('src/cmd.c', 'show_conduct()', 3266), '5.0': w('src/insight.c', 'show_conduct()', 2130) },
  conductVegetarian: {
    '3.6.7': w('src/cmd.c', 'show_conduct()', 3268),
    '5.0': w('src/insight.c', 'show_conduct()', 2132),
  },
  newuhs: {
    '3.6.7': w('src/eat.c', 'newuhs()', 2928),
    '3.4.3': w('src/eat.c', 'newuhs()', 2266),
    '5.0': w('src/eat.c', 'newuhs()', 3362),
  },
  endIdentify: { '3.6.7': w('src/end.c', 'really_done()', 1323), '5.0': w('src/end.c', 'really_done()', 1259) },
};

export type NethackSourceKey = keyof typeof NETHACK;

/** A citation for a printed line; falls back to 3.6.7's location when the version lacks it. */
export function nhSource(version: NethackVersion, key: NethackSourceKey, note?: string): Citation {
  const table = NETHACK[key]!;
  const at = table[version] ?? table['3.6.7'] ?? Object.values(table)[0]!;
  const v = table[version] ? version : table['3.6.7'] ? '3.6.7' : (Object.keys(table)[0] as NethackVersion);
  return nethackCite(at.file, at.symbol, { version: v, line: at.line, note });
}

/** Crawl chardump lines (crawl-ref/source/...), per version. */
const CRAWL: Record<string, Partial<Record<CrawlVersion, Where>>> = {
  header: {
    '0.13': w('chardump.cc', '_sdump_header()', 192),
    '0.14': w('chardump.cc', '_sdump_header()', 193),
    '0.15': w('chardump.cc', '_sdump_header()', 192),
  },
  title: {
    '0.13': w('output.cc', '_overview_screen_title()', 1863),
    '0.14': w('output.cc', '_overview_screen_title()', 1930),
    '0.15': w('output.cc', '_overview_screen_title()', 2033),
  },
  stats: {
    '0.13': w('output.cc', '_get_overview_stats()', 1966),
    '0.14': w('output.cc', '_get_overview_stats()', 2033),
    '0.15': w('output.cc', '_get_overview_stats()', 2141),
  },
  mutations: {
    '0.13': w('output.cc', '_status_mut_abilities()', 2410),
    '0.14': w('output.cc', '_status_mut_abilities()', 2475),
    '0.15': w('output.cc', '_status_mut_abilities()', 2544),
  },
  hunger: {
    '0.13': w('chardump.cc', '_sdump_hunger()', 237),
    '0.14': w('chardump.cc', '_sdump_hunger()', 238),
    '0.15': w('chardump.cc', '_sdump_hunger()', 220),
  },
  hungerNames: {
    '0.13': w('chardump.cc', 'hunger_names[]', 1311),
    '0.14': w('chardump.cc', 'hunger_names[]', 1330),
    '0.15': w('chardump.cc', 'hunger_names[]', 1326),
  },
  burden: { '0.13': w('chardump.cc', '_sdump_burden()', 220), '0.14': w('chardump.cc', '_sdump_burden()', 221) },
  inventory: {
    '0.13': w('chardump.cc', '_sdump_inventory()', 761),
    '0.14': w('chardump.cc', '_sdump_inventory()', 764),
    '0.15': w('chardump.cc', '_sdump_inventory()', 755),
  },
  equipMark: {
    '0.13': w('itemname.cc', 'item_def::name()', 206),
    '0.14': w('itemname.cc', 'item_def::name()', 215),
    '0.15': w('itemname.cc', 'item_def::name()', 219),
  },
  jewelleryName: {
    '0.13': w('itemname.cc', 'jewellery_type_name()', 717),
    '0.14': w('itemname.cc', 'jewellery_type_name()', 726),
    '0.15': w('itemname.cc', 'jewellery_type_name()', 737),
  },
  transform: {
    '0.13': w('chardump.cc', '_sdump_transform()', 248),
    '0.14': w('chardump.cc', '_sdump_transform()', 249),
    '0.15': w('chardump.cc', '_sdump_transform()', 231),
  },
  endIdentify: {
    '0.13': w('ouch.cc', '_end_game()', 1392),
    '0.14': w('ouch.cc', '_end_game()', 1346),
    '0.15': w('end.cc', 'end_game()', 234),
  },
};

export type CrawlSourceKey = keyof typeof CRAWL;

/** A citation for a chardump line; a version that does not print it falls back to 0.13's. */
export function crawlSource(version: CrawlVersion, key: CrawlSourceKey, note?: string): Citation {
  const table = CRAWL[key]!;
  const v = table[version] ? version : '0.13';
  const at = table[v]!;
  return crawlCite(v, at.file, at.symbol, { line: at.line, note });
}
