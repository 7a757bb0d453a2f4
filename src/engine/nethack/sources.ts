// Where each hunger rule lives in each NetHack version's source, with line numbers at the
// pinned refs in cite.ts (3.6.7: tag NetHack-3.6.7_Released; 3.4.3: Vanilla-NetHack commit ad815fc;
// 5.0: upstream commit 16ff5911). Line numbers were read from those exact trees.
import { nethackCite, type Citation, type NethackVersion } from '../cite.ts';

interface Where {
  file: string;
  symbol: string;
  /** Line per version; a missing version falls back to the function without a line. */
  lines: Partial<Record<NethackVersion, number>>;
  /** The symbol differs by version (e.g. 5.0 split spelleffects()). */
  symbols?: Partial<Record<NethackVersion, string>>;
}

const W = (file: string, symbol: string, lines: Where['lines'], symbols?: Where['symbols']): Where => ({
  file,
  symbol,
  lines,
  symbols,
});

/** Named rules. Lines point at the statement when that helps, else at the function. */
export const RULES = {
  gethungry: W('src/eat.c', 'gethungry()', { '3.6.7': 2790, '3.4.3': 2126, '5.0': 3163 }),
  baseBurn: W('src/eat.c', 'gethungry()', { '3.6.7': 2799, '3.4.3': 2130, '5.0': 3174 }),
  oddTurns: W('src/eat.c', 'gethungry()', { '3.6.7': 2806, '3.4.3': 2135, '5.0': 3192 }),
  evenTurns: W('src/eat.c', 'gethungry()', { '3.6.7': 2813, '3.4.3': 2141, '5.0': 3199 }),
  accessoryTurns: W('src/eat.c', 'gethungry()', { '3.6.7': 2821, '3.4.3': 2147, '5.0': 3223 }),
  accessoryRandom: W('src/eat.c', 'gethungry()', { '5.0': 3191 }),
  newuhs: W('src/eat.c', 'newuhs()', { '3.6.7': 2928, '3.4.3': 2266, '5.0': 3362 }),
  faintRoll: W('src/eat.c', 'newuhs()', { '3.6.7': 2983, '3.4.3': 2317, '5.0': 3416 }),
  starvation: W('src/eat.c', 'newuhs()', { '3.6.7': 3004, '3.4.3': 2329, '5.0': 3437 }),
  moveloop: W('src/allmain.c', 'moveloop()', { '3.6.7': 281, '3.4.3': 259, '5.0': 354 }, { '5.0': 'moveloop_core()' }),
  helplessCount: W(
    'src/allmain.c',
    'moveloop()',
    { '3.6.7': 310, '3.4.3': 283, '5.0': 380 },
    { '5.0': 'moveloop_core()' },
  ),
  overexertion: W('src/hack.c', 'overexertion()', { '3.6.7': 1978, '5.0': 3051 }),
  domoveMelee: W('src/hack.c', 'domove()', { '3.4.3': 1078 }),
  attackCapacity: W('src/uhitm.c', 'attack()', { '3.6.7': 406 }),
  checkCapacity: W('src/hack.c', 'check_capacity()', { '3.6.7': 3131, '3.4.3': 2255, '5.0': 4399 }),
  morehungry: W('src/eat.c', 'morehungry()', { '3.6.7': 2847, '3.4.3': 2170, '5.0': 3281 }),
  lesshungry: W('src/eat.c', 'lesshungry()', { '3.6.7': 2856, '3.4.3': 2179, '5.0': 3289 }),
  lesshungryChoke: W('src/eat.c', 'lesshungry()', { '3.6.7': 2864, '3.4.3': 2188, '5.0': 3296 }),
  lesshungryWarn: W('src/eat.c', 'lesshungry()', { '3.6.7': 2878, '3.4.3': 2201, '5.0': 3310 }),
  continuePrompt: W('src/eat.c', 'lesshungry()', { '3.6.7': 2889, '3.4.3': 2211, '5.0': 3320 }),
  choke: W('src/eat.c', 'choke()', { '3.6.7': 238, '3.4.3': 226, '5.0': 245 }),
  chokeSurvive: W('src/eat.c', 'choke()', { '3.6.7': 252, '3.4.3': 240, '5.0': 258 }),
  chokeVomit: W('src/eat.c', 'choke()', { '3.6.7': 259, '3.4.3': 247, '5.0': 265 }),
  bite: W('src/eat.c', 'bite()', { '3.6.7': 2763, '3.4.3': 2099, '5.0': 3133 }),
  doeat: W('src/eat.c', 'doeat()', { '3.6.7': 2445, '3.4.3': 1868, '5.0': 2817 }),
  doeatStrangled: W('src/eat.c', 'doeat()', { '3.6.7': 2452, '3.4.3': 1874, '5.0': 2825 }),
  doeatRot: W('src/eat.c', 'doeat()', { '3.6.7': 2674, '3.4.3': 2050, '5.0': 3027 }),
  doeatReqtime: W('src/eat.c', 'doeat()', { '3.6.7': 2700, '3.4.3': 2071, '5.0': 3056 }),
  doeatNmod: W('src/eat.c', 'doeat()', { '3.6.7': 2711, '3.4.3': 2082, '5.0': 3069 }),
  doeatCanchoke: W('src/eat.c', 'doeat()', { '3.6.7': 2719, '3.4.3': 2089, '5.0': 3077 }),
  startEating: W('src/eat.c', 'start_eating()', { '3.6.7': 1728, '3.4.3': 1338, '5.0': 2022 }),
  eatfood: W('src/eat.c', 'eatfood()', { '3.6.7': 430, '3.4.3': 398, '5.0': 519 }),
  doneEating: W('src/eat.c', 'done_eating()', { '3.6.7': 453, '3.4.3': 418, '5.0': 544 }),
  consumeOeaten: W('src/eat.c', 'consume_oeaten()', { '3.6.7': 3242, '3.4.3': 2518, '5.0': 3808 }),
  objNutrition: W('src/eat.c', 'obj_nutrition()', { '3.6.7': 316, '5.0': 325 }),
  adjVictual: W('src/eat.c', 'adj_victual_nutrition()', { '5.0': 338 }),
  eatcorpse: W('src/eat.c', 'eatcorpse()', { '3.6.7': 1589, '3.4.3': 1236, '5.0': 1855 }),
  rottenfood: W('src/eat.c', 'rottenfood()', { '3.6.7': 1547, '3.4.3': 1200, '5.0': 1813 }),
  consumeTin: W('src/eat.c', 'consume_tin()', { '3.6.7': 1303, '5.0': 1528 }, { '3.4.3': 'opentin()' }),
  tinVariety: W('src/eat.c', 'tin_variety()', { '3.6.7': 1278, '5.0': 1489 }, { '3.4.3': 'opentin()' }),
  tintxts: W('src/eat.c', 'tintxts[]', { '3.6.7': 133, '3.4.3': 132, '5.0': 143 }),
  startTin: W('src/eat.c', 'start_tin()', { '3.6.7': 1457, '3.4.3': 1133, '5.0': 1723 }),
  rounddiv: W('src/hacklib.c', 'rounddiv()', { '3.6.7': 570, '3.4.3': 272 }),
  initUhunger: W('src/eat.c', 'init_uhunger()', { '3.6.7': 116, '3.4.3': 126, '5.0': 126 }),
  vomit: W('src/eat.c', 'vomit()', { '3.6.7': 3193, '3.4.3': 2489, '5.0': 3736 }),
  spellHunger: W(
    'src/spell.c',
    'spelleffects()',
    { '3.6.7': 966, '3.4.3': 761, '5.0': 1321 },
    { '5.0': 'spelleffects_check()' },
  ),
  spellTooHungry: W(
    'src/spell.c',
    'spelleffects()',
    { '3.6.7': 932, '3.4.3': 739, '5.0': 1271 },
    { '5.0': 'spelleffects_check()' },
  ),
  spellCap: W(
    'src/spell.c',
    'spelleffects()',
    { '3.6.7': 1011, '3.4.3': 792, '5.0': 1365 },
    { '5.0': 'spelleffects_check()' },
  ),
  spellAmulet: W(
    'src/spell.c',
    'spelleffects()',
    { '3.6.7': 948, '3.4.3': 753, '5.0': 1290 },
    { '5.0': 'spelleffects_check()' },
  ),
  jump: W('src/apply.c', 'jump()', { '3.6.7': 1821, '3.4.3': 1363, '5.0': 2161 }),
  jumpRefused: W('src/apply.c', 'jump()', { '3.6.7': 1726 }),
  teleport: W('src/teleport.c', 'dotele()', { '3.6.7': 777, '3.4.3': 558, '5.0': 1160 }),
  vomitingCountdown: W('src/timeout.c', 'vomiting_dialogue()', { '3.6.7': 213, '3.4.3': 63, '5.0': 245 }),
  fountain: W('src/fountain.c', 'drinkfountain()', { '3.6.7': 226 }),
  fountainFoul: W('src/fountain.c', 'drinkfountain()', { '3.6.7': 275 }),
  fountainCurse: W('src/fountain.c', 'drinkfountain()', { '3.6.7': 300 }),
  sink: W('src/fountain.c', 'drinksink()', { '3.6.7': 598 }),
  famine: W('src/mhitu.c', 'hitmu()', { '3.6.7': 1633 }),
  layEgg: W('src/sit.c', 'dosit()', { '3.6.7': 323 }),
  booze: W('src/potion.c', 'peffects()', { '3.6.7': 704, '3.4.3': 506, '5.0': 784 }, { '5.0': 'peffect_booze()' }),
  fruitJuice: W(
    'src/potion.c',
    'peffects()',
    { '3.6.7': 768, '3.4.3': 570, '5.0': 857 },
    { '5.0': 'peffect_see_invisible()' },
  ),
  newman: W('src/polyself.c', 'newman()', { '3.6.7': 346, '3.4.3': 189, '5.0': 414 }),
  savelife: W('src/end.c', 'savelife()', { '3.6.7': 867, '3.4.3': 412, '5.0': 704 }),
  savelifeHunger: W('src/end.c', 'savelife()', { '3.6.7': 877, '3.4.3': 417, '5.0': 719 }),
  doneLifesave: W('src/end.c', 'done()', { '3.6.7': 1168, '3.4.3': 573, '5.0': 1081 }),
  brainless: W('src/eat.c', 'eat_brains()', { '3.6.7': 585 }),
  inTrouble: W('src/pray.c', 'in_trouble()', { '3.6.7': 183, '3.4.3': 120, '5.0': 198 }),
  fixTrouble: W('src/pray.c', 'fix_worst_trouble()', { '3.6.7': 365, '3.4.3': 303, '5.0': 404 }),
  canPray: W('src/pray.c', 'can_pray()', { '3.6.7': 1819, '3.4.3': 1530, '5.0': 2151 }),
  dopray: W('src/pray.c', 'dopray()', { '3.6.7': 1844, '3.4.3': 1554, '5.0': 2199 }),
  pleased: W('src/pray.c', 'pleased()', { '3.6.7': 923, '3.4.3': 787, '5.0': 1071 }),
} satisfies Record<string, Where>;

export type RuleKey = keyof typeof RULES;

/** A citation for a named rule in the given version. */
export function cite(version: NethackVersion, key: RuleKey, note?: string): Citation {
  const w: Where = RULES[key];
  const symbol = w.symbols?.[version] ?? w.symbol;
  return nethackCite(w.file, symbol, { version, line: w.lines[version], note });
}
