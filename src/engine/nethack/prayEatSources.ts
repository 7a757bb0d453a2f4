// Line numbers of the prayer and corpse rules, read from the pinned trees: 3.6.7 tag
// NetHack-3.6.7_Released (ed600d9f), 3.4.3 Vanilla-NetHack/NetHack-3.4.3 ad815fc, 5.0
// nethackathon/nethackathon-nethack 16ff5911. A version missing from `lines` has no such rule.
import { nethackCite, type Citation, type NethackVersion } from '../cite.ts';

interface Where {
  file: string;
  symbol: string;
  lines: Partial<Record<NethackVersion, number>>;
}

const W = (file: string, symbol: string, lines: Where['lines']): Where => ({ file, symbol, lines });
const PRAY = 'src/pray.c';
const EAT = 'src/eat.c';

export const PRAY_EAT_RULES = {
  // src/rnd.c
  rnz: W('src/rnd.c', 'rnz()', { '3.6.7': 219, '3.4.3': 126, '5.0': 214 }),
  rne: W('src/rnd.c', 'rne()', { '3.6.7': 201, '3.4.3': 110, '5.0': 196 }),
  rnl: W('src/rnd.c', 'rnl()', { '3.6.7': 151, '3.4.3': 54, '5.0': 143 }),
  // timeout bookkeeping
  startTimeout: W('src/u_init.c', 'u_init()', { '3.6.7': 644, '3.4.3': 581, '5.0': 1005 }),
  decrement: W('src/allmain.c', 'moveloop()', { '3.6.7': 185, '3.4.3': 143, '5.0': 277 }),
  // src/pray.c
  inTrouble: W(PRAY, 'in_trouble()', { '3.6.7': 183, '3.4.3': 120, '5.0': 198 }),
  starving: W(PRAY, 'in_trouble()', { '3.6.7': 201, '3.4.3': 143, '5.0': 216 }),
  hungry: W(PRAY, 'in_trouble()', { '3.6.7': 260, '3.4.3': 197, '5.0': 275 }),
  lowHp: W(PRAY, 'critically_low_hp()', { '3.6.7': 114, '3.4.3': 145, '5.0': 129 }),
  fixHunger: W(PRAY, 'fix_worst_trouble()', { '3.6.7': 370, '3.4.3': 308, '5.0': 410 }),
  canPray: W(PRAY, 'can_pray()', { '3.6.7': 1819, '3.4.3': 1530, '5.0': 2151 }),
  demonRepugnant: W(PRAY, 'can_pray()', { '3.6.7': 1802, '3.4.3': 1514, '5.0': 2131 }),
  naughty: W(PRAY, 'can_pray()', { '3.6.7': 1824, '3.4.3': 1535, '5.0': 2156 }),
  crossAltar: W(PRAY, 'can_pray()', { '3.6.7': 1827, '3.4.3': 1538, '5.0': 2159 }),
  undeadPrayer: W(PRAY, 'can_pray()', { '3.6.7': 1832, '3.4.3': 1543, '5.0': 2164 }),
  molochAltar: W(PRAY, 'can_pray()', { '5.0': 2150 }),
  invulnerable: W(PRAY, 'dopray()', { '3.6.7': 1877, '3.4.3': 1590, '5.0': 2269 }),
  prayerDone: W(PRAY, 'prayer_done()', { '3.6.7': 1884, '3.4.3': 1597, '5.0': 2276 }),
  inGehennom: W(PRAY, 'prayer_done()', { '3.6.7': 1903, '3.4.3': 1615, '5.0': 2308 }),
  tooSoon: W(PRAY, 'prayer_done()', { '3.6.7': 1914, '3.4.3': 1626, '5.0': 2319 }),
  godsUpset: W(PRAY, 'gods_upset()', { '3.6.7': 1291, '3.4.3': 1087, '5.0': 1439 }),
  angrygods: W(PRAY, 'angrygods()', { '3.6.7': 692, '3.4.3': 570, '5.0': 725 }),
  maxanger: W(PRAY, 'angrygods()', { '3.6.7': 682, '3.4.3': 563, '5.0': 715 }),
  angryTimeout: W(PRAY, 'angrygods()', { '3.6.7': 741, '3.4.3': 614, '5.0': 780 }),
  pleased: W(PRAY, 'pleased()', { '3.6.7': 923, '3.4.3': 787, '5.0': 1071 }),
  action: W(PRAY, 'pleased()', { '3.6.7': 979, '3.4.3': 824, '5.0': 1126 }),
  strident: W(PRAY, 'pleased()', { '3.6.7': 982, '3.4.3': 827, '5.0': 1129 }),
  patOnHead: W(PRAY, 'pleased()', { '3.6.7': 1015, '3.4.3': 850, '5.0': 1167 }),
  goldenGlow: W(PRAY, 'pleased()', { '3.6.7': 1111, '3.4.3': 930, '5.0': 1270 }),
  newTimeout: W(PRAY, 'pleased()', { '3.6.7': 1220, '3.4.3': 1018, '5.0': 1356 }),
  kickOnButt: W(PRAY, 'pleased()', { '3.6.7': 1225, '3.4.3': 1023, '5.0': 1361 }),
  lateGame: W(PRAY, 'pleased()', { '5.0': 1371 }),
  // src/eat.c
  cannibalAllowed: W(EAT, 'CANNIBAL_ALLOWED()', { '3.6.7': 45, '3.4.3': 61, '5.0': 51 }),
  maybeCannibal: W(EAT, 'maybe_cannibal()', { '3.6.7': 670, '3.4.3': 453, '5.0': 784 }),
  cprefx: W(EAT, 'cprefx()', { '3.6.7': 677, '3.4.3': 460, '5.0': 791 }),
  petrify: W(EAT, 'cprefx()', { '3.6.7': 687, '3.4.3': 470, '5.0': 805 }),
  domestic: W(EAT, 'cprefx()', { '3.6.7': 704, '3.4.3': 486, '5.0': 822 }),
  lizardCure: W(EAT, 'cprefx()', { '3.6.7': 708, '3.4.3': 490, '5.0': 827 }),
  rider: W(EAT, 'cprefx()', { '3.6.7': 715, '3.4.3': 497, '5.0': 834 }),
  slime: W(EAT, 'cprefx()', { '3.6.7': 730, '3.4.3': 510, '5.0': 851 }),
  acidCure: W(EAT, 'cprefx()', { '3.6.7': 738, '3.4.3': 519, '5.0': 860 }),
  intrinsicPossible: W(EAT, 'intrinsic_possible()', { '3.6.7': 768, '3.4.3': 548, '5.0': 890 }),
  givitChance: W(EAT, 'givit()', { '3.6.7': 862, '3.4.3': 676 }),
  shouldGivit: W(EAT, 'should_givit()', { '5.0': 988 }),
  tempGivit: W(EAT, 'temp_givit()', { '5.0': 996 }),
  cpostfx: W(EAT, 'cpostfx()', { '3.6.7': 945, '3.4.3': 784, '5.0': 1129 }),
  newt: W(EAT, 'cpostfx()', { '3.6.7': 958, '3.4.3': 795, '5.0': 1311 }),
  wraith: W(EAT, 'cpostfx()', { '3.6.7': 976, '3.4.3': 811, '5.0': 1142 }),
  were: W(EAT, 'cpostfx()', { '3.6.7': 978, '3.4.3': 813, '5.0': 1144 }),
  nurse: W(EAT, 'cpostfx()', { '3.6.7': 987, '3.4.3': 825, '5.0': 1153 }),
  stalker: W(EAT, 'cpostfx()', { '3.6.7': 996, '3.4.3': 830, '5.0': 1162 }),
  bat: W(EAT, 'cpostfx()', { '3.6.7': 1013, '3.4.3': 846, '5.0': 1181 }),
  mimic: W(EAT, 'cpostfx()', { '3.6.7': 1022, '3.4.3': 855, '5.0': 1192 }),
  quantum: W(EAT, 'cpostfx()', { '3.6.7': 1052, '3.4.3': 882, '5.0': 1227 }),
  lizardPost: W(EAT, 'cpostfx()', { '3.6.7': 1062, '3.4.3': 892, '5.0': 1237 }),
  chameleon: W(EAT, 'cpostfx()', { '3.6.7': 1068, '3.4.3': 896, '5.0': 1244 }),
  displacer: W(EAT, 'cpostfx()', { '5.0': 1265 }),
  disenchanter: W(EAT, 'cpostfx()', { '3.6.7': 1078, '5.0': 1270 }),
  mindFlayer: W(EAT, 'cpostfx()', { '3.6.7': 1084, '3.4.3': 904, '5.0': 1281 }),
  hallucinate: W(EAT, 'cpostfx()', { '3.6.7': 1109, '3.4.3': 923, '5.0': 1305 }),
  giantStrength: W(EAT, 'cpostfx()', { '3.6.7': 1142, '3.4.3': 926, '5.0': 1369 }),
  pickOne: W(EAT, 'cpostfx()', { '3.6.7': 1136, '3.4.3': 960, '5.0': 1363 }),
  vegetarianGuilt: W(EAT, 'violated_vegetarian()', { '3.6.7': 1163, '3.4.3': 991, '5.0': 1380 }),
  rottenfood: W(EAT, 'rottenfood()', { '3.6.7': 1547, '3.4.3': 1200, '5.0': 1813 }),
  eatcorpse: W(EAT, 'eatcorpse()', { '3.6.7': 1589, '3.4.3': 1236, '5.0': 1855 }),
  rotted: W(EAT, 'eatcorpse()', { '3.6.7': 1609, '3.4.3': 1253, '5.0': 1887 }),
  tainted: W(EAT, 'eatcorpse()', { '3.6.7': 1616, '3.4.3': 1258, '5.0': 1895 }),
  sickTime: W(EAT, 'eatcorpse()', { '3.6.7': 1630, '3.4.3': 1270, '5.0': 1909 }),
  acidic: W(EAT, 'eatcorpse()', { '3.6.7': 1644, '3.4.3': 1285, '5.0': 1923 }),
  poisonous: W(EAT, 'eatcorpse()', { '3.6.7': 1649, '3.4.3': 1289, '5.0': 1928 }),
  mildlySick: W(EAT, 'eatcorpse()', { '3.6.7': 1659, '3.4.3': 1297, '5.0': 1939 }),
  rottenRoll: W(EAT, 'eatcorpse()', { '3.6.7': 1668, '3.4.3': 1308, '5.0': 1949 }),
  nonrotting: W(EAT, 'nonrotting_corpse()', { '3.6.7': 52, '5.0': 58 }),
} satisfies Record<string, Where>;

export type PrayEatRule = keyof typeof PRAY_EAT_RULES;

/** A citation for a prayer or corpse rule in the given version (no line where the rule is absent). */
export function pe(version: NethackVersion, key: PrayEatRule, note?: string): Citation {
  const w: Where = PRAY_EAT_RULES[key];
  return nethackCite(w.file, w.symbol, { version, line: w.lines[version], note });
}
