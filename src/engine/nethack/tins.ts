// Tins, exactly: what comes out of one (src/eat.c tin_variety(), consume_tin(); 3.4.3
// opentin()), what it does to the conducts (eating_conducts(), maybe_cannibal()), and how long
// opening takes with each tool (start_tin(), opentin()), as exact distributions per version.
import { nethackCite, type Citation, type NethackVersion } from '../cite.ts';
import type { MonsterEntry } from './data.ts';
import { TIN_ORDER_343, TIN_VARIETIES, tinIsGreasy, type MeatVariety, type TinVarietyKey } from './foods.ts';

type Buc = 'blessed' | 'uncursed' | 'cursed';

/** src/eat.c lines per version. */
const L = {
  setTinVariety: { '3.6.7': 1270, '3.4.3': undefined, '5.0': 1481 },
  tinVariety: { '3.6.7': 1278, '3.4.3': 1047, '5.0': 1489 },
  cursedRotten: { '3.6.7': 1287, '3.4.3': 1045, '5.0': 1498 },
  homemadeRot: { '3.6.7': 1295, '3.4.3': 1052, '5.0': 1507 },
  lizardsDontRot: { '3.6.7': 1298, '3.4.3': 1048, '5.0': 1510 },
  explode: { '3.6.7': 1311, '3.4.3': 1032, '5.0': 1537 },
  vomit: { '3.6.7': 1375, '3.4.3': 1090, '5.0': 1618 },
  homemadeCap: { '5.0': 1625 },
  spinach: { '3.6.7': 1422, '3.4.3': 1121, '5.0': 1687 },
  opentin: { '3.6.7': 1444, '3.4.3': 1025, '5.0': 1710 },
  startTin: { '3.6.7': 1457, '3.4.3': 1133, '5.0': 1723 },
  blessedTin: { '3.6.7': 1475, '3.4.3': 1144, '5.0': 1740 },
  tinOpener: { '3.6.7': 1484, '3.4.3': 1149, '5.0': 1750 },
  dagger: { '3.6.7': 1494, '3.4.3': 1158, '5.0': 1760 },
  pick: { '3.6.7': 1496, '3.4.3': 1160, '5.0': 1762 },
  bareHands: { '3.6.7': 1518, '3.4.3': 1182, '5.0': 1784 },
  eatingConducts: { '3.6.7': 484, '3.4.3': 1079, '5.0': 576 },
  maybeCannibal: { '3.6.7': 642, '3.4.3': 442, '5.0': 758 },
} as const;
type LineKey = keyof typeof L;
const eatCite = (v: NethackVersion, key: LineKey, symbol: string, note: string): Citation =>
  nethackCite('src/eat.c', symbol, { version: v, line: (L[key] as Partial<Record<NethackVersion, number>>)[v], note });

/** One way a tin can turn out when opened. */
export interface TinOutcome {
  /** The variety consume_tin() uses; `exploded` for a booby-trapped cursed tin. */
  variety: TinVarietyKey | 'exploded';
  /** Nutrition it gives; for uncursed/cursed spinach a uniform range. */
  nutrition: number | [number, number];
  probability: number;
  vomiting: boolean;
  greasy: boolean;
}

export interface TinContents {
  outcomes: TinOutcome[];
  /** The variety was rolled (unknown tin, or 3.4.3 where opening rolls it). */
  varietyRandom: boolean;
  notes: string[];
  citations: Citation[];
}

const NONROT_343 = new Set(['PM_LIZARD', 'PM_LICHEN']);
/** src/eat.c nonrotting_corpse() (3.6.7: lizard, lichen, Riders; 5.0 adds the acid blob); 3.4.3 tests lizard and lichen. */
const nonrotting = (m: MonsterEntry | undefined, v: NethackVersion) =>
  !!m && (v === '3.4.3' ? NONROT_343.has(m.pm) : m.nonrottingCorpse);

const nutOf = (key: MeatVariety) => TIN_VARIETIES.find((t) => t.key === key)!.nutrition;

function add(list: TinOutcome[], o: TinOutcome) {
  const same = list.find((x) => x.variety === o.variety && JSON.stringify(x.nutrition) === JSON.stringify(o.nutrition));
  if (same) same.probability += o.probability;
  else list.push({ ...o });
}

/**
 * What opening the tin gives, as exact outcomes. `variety` is the stored variety (3.6.7/5.0:
 * spe = -(r + 1), set when the tin was made) or undefined for a tin of unknown variety (made by
 * set_tin_variety(RANDOM_TIN): rn2(TTSZ - 1), rotten becomes homemade for nonrotting corpses).
 * In 3.4.3 only homemade is stored (spe == -1): other varieties are rolled when it opens.
 */
export function tinContents(
  v: NethackVersion,
  kind: TinVarietyKey | 'random',
  monster: MonsterEntry | undefined,
  buc: Buc,
): TinContents {
  const notes: string[] = [];
  const citations: Citation[] = [];
  const outcomes: TinOutcome[] = [];
  if (kind === 'spinach') {
    const nutrition: TinOutcome['nutrition'] =
      v === '3.4.3' || buc === 'blessed' ? 600 : buc === 'uncursed' ? [401, 600] : [201, 600];
    citations.push(
      eatCite(
        v,
        'spinach',
        v === '3.4.3' ? 'opentin()' : 'consume_tin()',
        v === '3.4.3' ? 'spinach: 600' : 'spinach: 600 blessed, 400 + rnd(200), cursed 200 + rnd(400)',
      ),
    );
    return {
      outcomes: [{ variety: 'spinach', nutrition, probability: 1, vomiting: false, greasy: false }],
      varietyRandom: false,
      notes,
      citations,
    };
  }
  if (kind === 'empty')
    return {
      outcomes: [{ variety: 'empty', nutrition: 0, probability: 1, vomiting: false, greasy: false }],
      varietyRandom: false,
      notes: ['"It turns out to be empty."'],
      citations,
    };
  const nonrot = nonrotting(monster, v);
  // The stored (or rolled) variety before the opening rules, with its probability.
  const start: [MeatVariety, number][] = [];
  const varietyRandom = kind === 'random' || (v === '3.4.3' && kind !== 'homemade' && kind !== 'rotten');
  if (v === '3.4.3') {
    // 3.4.3 opentin(): cursed -> rotten; spe == -1 -> homemade; else rn2(TTSZ-1) at opening.
    if (buc === 'cursed') start.push(['rotten', 1]);
    else if (kind === 'homemade') start.push(['homemade', 1]);
    else if (kind === 'random' || kind === 'rotten') for (const k of TIN_ORDER_343) start.push([k, 1 / 15]);
    else {
      start.push([kind, 1]);
      notes.push(
        `3.4.3 does not store a variety: opentin() rolls rn2(TTSZ-1) when the tin opens (each variety 1 in 15). This assumes the roll gave ${kind}.`,
      );
    }
    citations.push(eatCite(v, 'tinVariety', 'opentin()', 'cursed rotten; homemade; else rn2(TTSZ-1)'));
  } else if (kind === 'random') {
    // set_tin_variety(RANDOM_TIN) when the tin was made
    for (const t of TIN_VARIETIES) start.push([t.key === 'rotten' && nonrot ? 'homemade' : t.key, 1 / 15]);
    citations.push(
      eatCite(
        v,
        'setTinVariety',
        'set_tin_variety()',
        'a random tin: rn2(TTSZ - 1), rotten -> homemade for nonrotting corpses',
      ),
    );
  } else start.push([kind, 1]);
  if (v !== '3.4.3')
    citations.push(
      eatCite(
        v,
        'tinVariety',
        'tin_variety()',
        'cursed rotten; homemade 1 in 7 rotten unless blessed; nonrotting corpses never rotten',
      ),
    );
  for (const [k0, p0] of start) {
    for (const [r, p] of openingRolls(v, k0, buc, nonrot, kind === 'homemade')) {
      const q = p0 * p;
      // consume_tin() (3.6.7/5.0): cursed && r != HOMEMADE_TIN && !rn2(8) explodes;
      // 3.4.3 opentin(): cursed && spe != -1 (not homemade) && !rn2(8), before the variety.
      const canExplode = buc === 'cursed' && (v === '3.4.3' ? kind !== 'homemade' : r !== 'homemade');
      const pBoom = canExplode ? 1 / 8 : 0;
      if (pBoom)
        add(outcomes, { variety: 'exploded', nutrition: 0, probability: q * pBoom, vomiting: false, greasy: false });
      let nut = r === 'rotten' ? 0 : nutOf(r);
      if (v === '5.0' && r === 'homemade' && monster && nut > monster.cnutrit) nut = monster.cnutrit; // consume_tin(): homemade <= corpse
      add(outcomes, {
        variety: r,
        nutrition: nut,
        probability: q * (1 - pBoom),
        vomiting: r === 'rotten',
        greasy: r !== 'rotten' && tinIsGreasy(r, v),
      });
    }
  }
  if (buc === 'cursed')
    citations.push(
      eatCite(
        v,
        'explode',
        v === '3.4.3' ? 'opentin()' : 'consume_tin()',
        'cursed tins explode 1 time in 8 (not homemade)',
      ),
    );
  if (outcomes.some((o) => o.vomiting))
    citations.push(
      eatCite(v, 'vomit', v === '3.4.3' ? 'opentin()' : 'consume_tin()', 'rotten: vomiting, no nutrition'),
    );
  if (v === '5.0' && monster && outcomes.some((o) => o.variety === 'homemade'))
    citations.push(eatCite(v, 'homemadeCap', 'consume_tin()', 'homemade: at most the corpse nutrition'));
  if (nonrot) {
    notes.push(
      v === '3.4.3'
        ? `A ${monster!.name} tin is never rotten from a curse or the variety roll (opentin() makes it homemade), but a non-blessed homemade one still goes rotten 1 time in 7: 3.4.3 tests the lizard before that roll.`
        : `A ${monster!.name} tin never rots: tin_variety() turns rotten into homemade after every roll (cursed included).`,
    );
    citations.push(eatCite(v, 'lizardsDontRot', v === '3.4.3' ? 'opentin()' : 'tin_variety()', "lizards don't rot"));
  }
  outcomes.sort((a, b) => b.probability - a.probability);
  return { outcomes, varietyRandom, notes, citations };
}

/** From the stored/rolled variety to the one consume_tin() uses: cursed, homemade rot, nonrotting. */
function openingRolls(
  v: NethackVersion,
  k0: MeatVariety,
  buc: Buc,
  nonrot: boolean,
  storedHomemade: boolean,
): [MeatVariety, number][] {
  if (v === '3.4.3') {
    // if (r == ROTTEN && lizard/lichen) r = HOMEMADE; else if (spe == -1 && !blessed && !rn2(7)) r = ROTTEN
    if (k0 === 'rotten' && nonrot) return [['homemade', 1]];
    if (storedHomemade && buc !== 'cursed' && buc !== 'blessed')
      return [
        ['homemade', 6 / 7],
        ['rotten', 1 / 7],
      ];
    return [[k0, 1]];
  }
  const r = buc === 'cursed' ? 'rotten' : k0;
  const rolls: [MeatVariety, number][] =
    r === 'homemade' && buc !== 'blessed'
      ? [
          ['homemade', 6 / 7],
          ['rotten', 1 / 7],
        ]
      : [[r, 1]];
  return rolls.map(([x, p]) => [x === 'rotten' && nonrot ? 'homemade' : x, p]);
}

// ---------------------------------------------------------------------------------------------
// Conducts

export interface TinConduct {
  /** Breaks vegan / vegetarian conduct (eating_conducts()); spinach breaks neither. */
  breaksVegan: boolean;
  breaksVegetarian: boolean;
  /** maybe_cannibal(): your own race, unless a Caveman/Cave dweller or an orc. */
  cannibalism: boolean;
  /** Dogs and cats: "You feel that eating the <pet> was a bad idea." (aggravate monster). */
  domesticPet: boolean;
  citations: Citation[];
}

export type HeroRace = 'human' | 'elf' | 'dwarf' | 'gnome' | 'orc';

/** Conducts and cannibalism for eating a monster (corpse or tin): cprefx() and eating_conducts(). */
export function eatingConduct(
  v: NethackVersion,
  monster: MonsterEntry | undefined,
  race: HeroRace,
  role: string | null,
): TinConduct {
  const citations: Citation[] = [
    eatCite(
      v,
      'eatingConducts',
      v === '3.4.3' ? 'opentin()' : 'eating_conducts()',
      'vegan() / vegetarian() of the monster',
    ),
  ];
  if (!monster)
    return { breaksVegan: false, breaksVegetarian: false, cannibalism: false, domesticPet: false, citations: [] };
  // CANNIBAL_ALLOWED(): Role_if(PM_CAVEMAN) (5.0 PM_CAVE_DWELLER) || Race_if(PM_ORC)
  const r = (role ?? '').toLowerCase();
  const allowed = r === 'caveman' || r === 'cavewoman' || r === 'cave dweller' || race === 'orc';
  const yourRace =
    race === 'human'
      ? monster.human
      : race === 'elf'
        ? monster.elf
        : race === 'dwarf'
          ? monster.dwarf
          : race === 'gnome'
            ? monster.gnome
            : monster.orc;
  const cannibalism = !allowed && yourRace;
  citations.push(eatCite(v, 'maybeCannibal', 'maybe_cannibal()', 'your own race, unless Caveman or orc'));
  const pets = ['PM_LITTLE_DOG', 'PM_DOG', 'PM_LARGE_DOG', 'PM_KITTEN', 'PM_HOUSECAT', 'PM_LARGE_CAT'];
  return {
    breaksVegan: !monster.vegan,
    breaksVegetarian: !monster.vegetarian,
    cannibalism,
    domesticPet: pets.includes(monster.pm) && !allowed,
    citations,
  };
}

// ---------------------------------------------------------------------------------------------
// Opening time

export const TIN_TOOLS = [
  'tin opener',
  'blessed tin opener',
  'cursed tin opener',
  'dagger',
  'silver dagger',
  'elven dagger',
  'orcish dagger',
  'athame',
  'knife',
  'stiletto',
  'crysknife',
  'pick-axe',
  'axe',
  'bare hands',
] as const;
export type TinTool = (typeof TIN_TOOLS)[number];

export interface TinOpening {
  /** The tool, "metallivore", or "any" when a blessed tin makes the tool irrelevant. */
  tool: string;
  /** P(opens after k occupation turns): k = 0 opens on the same action. */
  distribution: { turns: number; probability: number }[];
  /** reqtime over 50: "You give up your attempt to open the tin." after 51 turns. */
  giveUpChance: number;
  /** Why this tool does what it does. */
  rule: string;
  citation: Citation;
}

/** src/attrib.c acurrstr(): the Str that start_tin() adds (3..25; 18/01-18/31 -> 19 ...). */
export function acurrstr(str: number): number {
  if (str <= 18) return Math.max(str, 3);
  if (str <= 121) return 19 + Math.floor(str / 50);
  return Math.min(str, 125) - 100;
}

/** "18/50" -> 68, "18/**" -> 118, "19" -> 119, "16" -> 16 (the internal ACURR(A_STR) scale). */
export function parseStrength(text: string): number | null {
  const t = text.trim();
  const m = t.match(/^18\/(\*\*|\d{1,3})$/);
  if (m) {
    const x = m[1] === '**' ? 100 : Number(m[1]);
    return x >= 1 && x <= 100 ? 18 + x : null;
  }
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  if (n < 3 || n > 25) return null;
  return n <= 18 ? n : 100 + n;
}

/** opentin(): reqtime k opens after k turns when k <= 50; otherwise the hero gives up at turn 51. */
function occupation(reqtimes: [number, number][]): { distribution: TinOpening['distribution']; giveUpChance: number } {
  const dist = new Map<number, number>();
  let giveUp = 0;
  for (const [k, p] of reqtimes) {
    if (k > 50) giveUp += p;
    else dist.set(k, (dist.get(k) ?? 0) + p);
  }
  return {
    distribution: [...dist].sort((a, b) => a[0] - b[0]).map(([turns, probability]) => ({ turns, probability })),
    giveUpChance: giveUp,
  };
}

/**
 * How long opening a tin takes (start_tin()): blessed tins, then the wielded tool, else bare
 * hands 10 + rn2(1 + 500 / (Dex + acurrstr())). `strength` is ACURR(A_STR) (18/50 = 68).
 */
export function tinOpening(
  v: NethackVersion,
  tool: TinTool,
  opts: { blessedTin?: boolean; dex?: number; strength?: number; metallivore?: boolean } = {},
): TinOpening | null {
  const c = (key: LineKey, note: string) => eatCite(v, key, 'start_tin()', note);
  const mk = (t: TinOpening['tool'], reqtimes: [number, number][], rule: string, citation: Citation): TinOpening => ({
    tool: t,
    ...occupation(reqtimes),
    rule,
    citation,
  });
  const uniform = (n: number): [number, number][] => Array.from({ length: n }, (_, k) => [k, 1 / n]);
  if (opts.metallivore)
    return mk(
      'metallivore',
      [[v === '3.4.3' ? 1 : 0, 1]],
      'a metallivorous form bites right into the metal tin',
      c('startTin', 'metallivorous'),
    );
  if (opts.blessedTin) {
    if (v === '3.4.3')
      return mk(tool, [[1, 1]], 'a blessed tin opens like magic (one turn)', c('blessedTin', 'blessed tin: 1'));
    if (tool === 'blessed tin opener')
      return mk(
        tool,
        [[0, 1]],
        'a blessed tin with a wielded blessed tin opener opens at once',
        c('blessedTin', 'blessed tin + blessed opener: 0'),
      );
    return mk(tool, uniform(2), 'a blessed tin: rn2(2), at once or one turn', c('blessedTin', 'blessed tin: rn2(2)'));
  }
  if (tool === 'tin opener' || tool === 'blessed tin opener' || tool === 'cursed tin opener') {
    if (v === '3.4.3') return mk(tool, [[1, 1]], 'a wielded tin opener: one turn', c('tinOpener', 'tin opener: 1'));
    const n = tool === 'cursed tin opener' ? 3 : tool === 'tin opener' ? 2 : 1;
    return mk(tool, uniform(n), `a wielded ${tool}: rn2(${n})`, c('tinOpener', 'rn2(cursed ? 3 : !blessed ? 2 : 1)'));
  }
  const blades343 = ['dagger', 'silver dagger', 'elven dagger', 'orcish dagger', 'athame', 'crysknife'];
  const blades = v === '3.4.3' ? blades343 : [...blades343, 'knife', 'stiletto'];
  if (blades.includes(tool))
    return mk(tool, [[3, 1]], `a wielded ${tool}: 3 turns`, c('dagger', 'daggers and knives: 3'));
  if (tool === 'pick-axe' || tool === 'axe')
    return mk(tool, [[6, 1]], `a wielded ${tool}: 6 turns`, c('pick', 'pick-axe, axe: 6'));
  // bare hands (or any other wielded object)
  if (opts.dex === undefined || opts.strength === undefined) return null;
  const span = 1 + Math.floor(500 / (opts.dex + acurrstr(opts.strength)));
  const why = tool === 'bare hands' ? 'bare hands' : `${tool} (not a tin-opening tool in ${v}: bare hands)`;
  return mk(
    tool,
    Array.from({ length: span }, (_, k) => [10 + k, 1 / span] as [number, number]),
    `${why}: 10 + rn2(1 + 500 / (Dex ${opts.dex} + Str ${acurrstr(opts.strength)})) = 10 to ${9 + span}`,
    c('bareHands', 'rn1(1 + 500 / (Dex + Str), 10)'),
  );
}

/** Opening times for every tool (bare hands only when Dex and Str are known). */
export function tinOpenings(
  v: NethackVersion,
  opts: { blessedTin?: boolean; dex?: number; strength?: number; metallivore?: boolean } = {},
): TinOpening[] {
  if (opts.metallivore || opts.blessedTin) {
    const one = tinOpening(v, 'bare hands', { ...opts, dex: opts.dex ?? 10, strength: opts.strength ?? 10 });
    const withOpener =
      opts.blessedTin && v !== '3.4.3' && !opts.metallivore ? tinOpening(v, 'blessed tin opener', opts) : null;
    return [...(withOpener ? [withOpener] : []), { ...one!, tool: opts.metallivore ? 'metallivore' : 'any' }];
  }
  return TIN_TOOLS.map((t) => tinOpening(v, t, opts)).filter((x): x is TinOpening => x !== null);
}
