// Nutrition drains outside the per-turn burn: morehungry() callers (src/eat.c morehungry(): H -= n,
// then newuhs(TRUE)). Unlike gethungry(), none of them is stopped by Slow digestion or prayer.
import { UserError } from '../../errors.ts';
import type { Citation, NethackVersion } from '../cite.ts';
import { statusFor, type NethackStatus } from './status.ts';
import { spellLevels } from './spells.ts';
import { resolveName } from '../../names.ts';
import { cite } from './sources.ts';

export interface Amount {
  min: number;
  max: number;
  mean: number;
  /** Set when the amount is fixed. */
  exact: number | null;
  /** How the game rolls it, e.g. "rnd(25)". */
  roll: string;
}

const fixed = (n: number, roll = String(n)): Amount => ({ min: n, max: n, mean: n, exact: n, roll });
const uniform = (lo: number, hi: number, roll: string): Amount => ({
  min: lo,
  max: hi,
  mean: (lo + hi) / 2,
  exact: lo === hi ? lo : null,
  roll,
});

export interface DrainResult {
  game: 'nethack';
  version: NethackVersion;
  action: DrainAction;
  label: string;
  /** Nutrition lost (0 when refused). */
  amount: Amount;
  nutritionBefore: number | null;
  /** Nutrition after, as a range when random (null when no nutrition was given). */
  nutritionAfter: { min: number; max: number; status: NethackStatus | null } | null;
  refused: string | null;
  conditions: string[];
  notes: string[];
  /** Extra facts for the spell action. */
  spell?: SpellHunger;
  citations: Citation[];
}

export const DRAIN_ACTIONS = [
  'spell',
  'jump',
  'teleport',
  'vomiting',
  'choke',
  'fountain',
  'fountain-curse',
  'sink',
  'famine',
  'lay-egg',
] as const;
export type DrainAction = (typeof DRAIN_ACTIONS)[number];

export const DRAIN_LABELS: Record<DrainAction, string> = {
  spell: 'Casting a spell',
  jump: 'Jumping',
  teleport: 'Teleporting at will (^T)',
  vomiting: 'End of the Vomiting countdown',
  choke: 'Surviving a choke (vomit)',
  fountain: 'Foul fountain water',
  'fountain-curse': 'Fountain that curses items',
  sink: 'Quaffing sewage from a sink',
  famine: "Famine's touch (AD_FAMN)",
  'lay-egg': 'Laying an egg (#sit)',
};

export interface SpellHunger {
  spell: string | null;
  level: number;
  /** Pw cost, 5 x level (Amulet drain not included). */
  energy: number;
  /** 2 x energy before the Wizard's Intelligence reduction. */
  baseHunger: number;
  /** After the Int reduction, before the H - 3 cap. */
  afterInt: number;
  intReduction: string;
  capped: boolean;
  failedCastCostsSame: true;
}

export interface DrainInput {
  version: NethackVersion;
  action: DrainAction;
  nutrition?: number;
  // spell
  spell?: string;
  level?: number;
  role?: string;
  int?: number;
  /** Carrying the Amulet of Yendor. */
  amulet?: boolean;
  // jump / teleport / sink
  str?: number;
  con?: number;
  encumbrance?: string;
  /**
   * Jumping by the spell: no nutrition, Str or encumbrance check. Jumping boots are NOT magic:
   * #jump is jump(0) (src/apply.c dojump(), 3.6.7:1517); only SPE_JUMPING passes a skill level.
   */
  magic?: boolean;
}

/**
 * Hunger of one spell cast (src/spell.c spelleffects(); 5.0 spelleffects_check()): energy = 5 x
 * level, hunger = 2 x energy; Wizards by Int: 17+ none, 16 a quarter, 15 a half; capped at H - 3;
 * detect food free; paid before the success roll (failed casts cost the same).
 */
export function spellHunger(input: {
  version: NethackVersion;
  level?: number;
  spell?: string;
  role?: string;
  int?: number;
  nutrition?: number;
  amulet?: boolean;
}): DrainResult {
  const v = input.version;
  const levels = spellLevels(v);
  const typed = input.spell
    ? input.spell
        .toLowerCase()
        .replace(/^spell of /, '')
        .replace(/ spellbook$/, '')
    : null;
  const name =
    typed === null
      ? null
      : typed in levels
        ? typed
        : resolveName(
            typed,
            Object.keys(levels).map((n) => ({ name: n })),
            'spell',
            { code: 'unknown_spell' },
          ).name;
  const level = name ? levels[name] : input.level;
  if (level === undefined || !Number.isInteger(level) || level < 1 || level > 7)
    throw new UserError(
      name ? `Unknown spell "${input.spell}" in ${v}.` : 'Spell level must be a whole number from 1 to 7.',
      name ? 'Check the spell for this version.' : 'For example `level:3`.',
      'invalid_option',
    );
  const detectFood = name === 'detect food';
  const energy = 5 * level;
  const wizard = (input.role ?? '').toLowerCase() === 'wizard';
  const intell = wizard ? (input.int ?? 18) : 10;
  const h = input.nutrition;
  const citations = [
    cite(v, 'spellHunger', 'hunger = 2 x energy, Wizard Int reduction'),
    cite(v, 'spellCap', 'never below 3'),
    cite(v, 'spellTooHungry', 'refused at H <= 10'),
  ];
  const notes: string[] = [
    'Paid before the success roll: a failed cast costs the same hunger (a failure costs only energy / 2 Pw).',
  ];
  const reduce = (hungr: number) =>
    intell >= 17 ? 0 : intell === 16 ? Math.trunc(hungr / 4) : intell === 15 ? Math.trunc(hungr / 2) : hungr;
  const intReduction = !wizard
    ? 'not a Wizard: full cost'
    : intell >= 17
      ? 'Wizard, Int 17+: no hunger'
      : intell === 16
        ? 'Wizard, Int 16: a quarter'
        : intell === 15
          ? 'Wizard, Int 15: a half'
          : 'Wizard, Int 14 or less: full cost';
  let refused: string | null = null;
  if (h !== undefined && h <= 10 && !detectFood)
    refused = 'You are too hungry to cast that spell (nutrition 10 or less).';
  const cap = (x: number) => (h !== undefined && x > h - 3 ? h - 3 : x);
  let amount: Amount;
  let capped = false;
  const base = 2 * energy;
  const afterInt = detectFood ? 0 : reduce(base);
  if (refused) amount = fixed(0);
  else if (detectFood) {
    amount = fixed(0);
    notes.push('Detect food costs no hunger.');
  } else if (v === '3.4.3' && input.amulet) {
    // 3.4.3: energy += rnd(2 x energy): the hunger uses the raised energy.
    const values: number[] = [];
    for (let e = energy + 1; e <= 3 * energy; e++) values.push(cap(reduce(2 * e)));
    capped = values.some((x, i) => x !== reduce(2 * (energy + 1 + i)));
    amount = {
      min: Math.min(...values),
      max: Math.max(...values),
      mean: values.reduce((a, x) => a + x, 0) / values.length,
      exact: null,
      roll: `2 x (${energy} + rnd(${2 * energy}))`,
    };
    notes.push('3.4.3: carrying the Amulet adds rnd(2 x energy) to the energy, which raises the hunger too.');
    citations.push(cite(v, 'spellAmulet'));
  } else {
    const n = cap(afterInt);
    capped = n !== afterInt;
    amount = fixed(n, capped ? `min(${afterInt}, H - 3)` : String(n));
    if (input.amulet) {
      notes.push('Carrying the Amulet drains rnd(2 x energy) extra Pw directly (3.6.1+), with no extra hunger.');
      citations.push(cite(v, 'spellAmulet'));
    }
  }
  if (capped)
    notes.push('Capped so the cast leaves you at 3 nutrition: you must eat before casting anything but detect food.');
  return {
    game: 'nethack',
    version: v,
    action: 'spell',
    label: name ? `Casting ${name} (level ${level})` : `Casting a level ${level} spell`,
    amount,
    nutritionBefore: h ?? null,
    nutritionAfter: h === undefined ? null : after(h, amount),
    refused,
    conditions: [
      'Refused at nutrition 10 or less (except detect food), Str < 4, Overtaxed, or not enough Pw (then nothing is paid).',
    ],
    notes,
    spell: {
      spell: name,
      level,
      energy,
      baseHunger: detectFood ? 0 : base,
      afterInt,
      intReduction,
      capped,
      failedCastCostsSame: true,
    },
    citations,
  };
}

function after(h: number, a: Amount): { min: number; max: number; status: NethackStatus | null } {
  const min = h - a.max;
  const max = h - a.min;
  return { min, max, status: statusFor(min) === statusFor(max) ? statusFor(min) : null };
}

export function drain(input: DrainInput): DrainResult {
  const v = input.version;
  if (input.action === 'spell') return spellHunger(input);
  const h = input.nutrition;
  const mk = (
    amount: Amount,
    conditions: string[],
    notes: string[],
    citations: Citation[],
    refused: string | null = null,
  ): DrainResult => ({
    game: 'nethack',
    version: v,
    action: input.action,
    label: DRAIN_LABELS[input.action],
    amount: refused ? fixed(0) : amount,
    nutritionBefore: h ?? null,
    nutritionAfter: h === undefined ? null : after(h, refused ? fixed(0) : amount),
    refused,
    conditions,
    notes,
    citations: [...citations, cite(v, 'morehungry', 'H -= n, then newuhs()')],
  });
  switch (input.action) {
    case 'jump': {
      // src/apply.c jump() (3.6.7:1723-1727, 3.4.3:1258-1261, 5.0:2044-2047): a non-magic jump is
      // refused when near_capacity() > UNENCUMBERED ("You are carrying too much to jump!"), checked
      // before "You lack the strength to jump!" (u.uhunger <= 100 || ACURR(A_STR) < 6).
      const burdened = input.encumbrance !== undefined && !/^unencumbered$/i.test(input.encumbrance.trim());
      const refused = input.magic
        ? null
        : burdened
          ? 'You are carrying too much to jump (Burdened or worse).'
          : h !== undefined && h <= 100
            ? 'You lack the strength to jump (nutrition 100 or less).'
            : input.str !== undefined && input.str < 6
              ? 'You lack the strength to jump (Str < 6).'
              : null;
      return mk(
        uniform(1, 25, 'rnd(25)'),
        [
          'Any jump that happens costs rnd(25): intrinsic, Knight, jumping boots or the spell.',
          'Non-magic jumps (everything but the spell, jumping boots included) need nutrition > 100, Str >= 6 and Unencumbered.',
        ],
        [
          'The jumping spell also pays its own spell hunger (level 1: 10).',
          ...(v === '5.0' ? ['5.0: jumping in place to escape a trap costs rnd(10).'] : []),
        ],
        [cite(v, 'jump', 'morehungry(rnd(25))'), ...(v === '3.6.7' ? [cite(v, 'jumpRefused')] : [])],
        refused,
      );
    }
    case 'teleport': {
      const needH = v === '3.4.3' ? 100 : 10;
      const refused =
        h !== undefined && h <= needH ? `You lack the strength to teleport (nutrition ${needH} or less).` : null;
      return mk(
        fixed(100),
        v === '3.4.3'
          ? [
              'Teleport at will needs nutrition > 100, Str >= 6 and Pw > 19 (pays 19 Pw).',
              'Paid after a successful teleport; a teleport trap costs nothing.',
            ]
          : [
              'Teleport at will needs nutrition > 10, Str >= 4 and Pw >= 30 (pays 30 Pw, 5 x level of teleport away).',
              'Paid after a successful teleport; a teleport trap costs nothing.',
            ],
        [
          'If ^T casts teleport away instead (no intrinsic, or level too low), only the spell costs are paid.',
          'Refused because a leashed pet cannot follow ("You shudder for a moment."): the Pw is spent, the 100 nutrition is not.',
        ],
        [cite(v, 'teleport', 'morehungry(100)')],
        refused,
      );
    }
    case 'vomiting':
      return mk(
        fixed(20),
        [
          'When the Vomiting countdown ends, if your form can vomit (not rats or mice other than rock moles and woodchucks).',
        ],
        [
          'Sources: rotten tin (10-24 turns), tripe ration for non-orcs that are not carnivorous non-humanoids (1 in 2, not Cavemen), clove of garlic in an undead form, a stale egg (older than 400 turns).',
          'vomit() itself changes no nutrition; it cures food poisoning and leaves you helpless 2 turns.',
        ],
        [cite(v, 'vomitingCountdown', 'morehungry(20)'), cite(v, 'vomit')],
      );
    case 'choke':
      return mk(
        v === '5.0' ? { min: 0, max: 1000, mean: 1000, exact: null, roll: 'Hunger ? H - 60 : 1000' } : fixed(1000),
        [
          'Only when a choke is survived: Breathless, or (not Strangled and 1 in 20)' +
            (v === '5.0' ? ', or Hunger (5.0: leaves you at 60).' : '.'),
        ],
        ['Then vomit(): 2 helpless turns.'],
        [cite(v, 'chokeVomit', 'morehungry(1000)'), cite(v, 'chokeSurvive')],
      );
    case 'fountain':
      return mk(
        uniform(11, 30, 'rn1(20, 11)'),
        [
          'Quaffing from a fountain with fate = rnd(30) = 20 ("The water is foul! You gag and vomit."), unless a magic fountain with Luck >= 0 and fate >= 10.',
        ],
        ['Then vomit().'],
        [cite(v, 'fountainFoul'), cite(v, 'fountain')],
      );
    case 'fountain-curse':
      return mk(
        uniform(11, 30, 'rn1(20, 11)'),
        ['Quaffing from a fountain with fate = 24 (curse items).'],
        ['No vomiting.'],
        [cite(v, 'fountainCurse')],
      );
    case 'sink': {
      const con = input.con ?? 18;
      return mk(
        uniform(11, 40 - con, 'rn1(30 - Con, 11)'),
        ['Quaffing from a sink when rn2(20) = 9 ("this tastes like sewage").', `Uses your Con (${con}).`],
        ['Then vomit().'],
        [cite(v, 'sink')],
      );
    }
    case 'famine':
      return mk(
        uniform(40, 79, 'rn1(40, 40)'),
        ["Famine's touch (AD_FAMN); nothing while you are fainted."],
        ['Also abuses Con.'],
        [cite(v, 'famine')],
        h !== undefined && h <= 0 ? null : null,
      );
    case 'lay-egg': {
      const refused = h !== undefined && h < 80 ? 'Not enough nutrition to lay an egg (needs 80).' : null;
      return mk(
        fixed(80, 'objects[EGG].oc_nutrition'),
        ['#sit in a female egg-laying form.'],
        [],
        [cite(v, 'layEgg')],
        refused,
      );
    }
  }
}
