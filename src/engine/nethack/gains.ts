// Nutrition gains that are not meals: potions, prayer, polymorph into a new you, life saving.
import type { Citation, NethackVersion } from '../cite.ts';
import { statusFor, type NethackStatus } from './status.ts';
import { cite } from './sources.ts';
import type { Buc } from './meal.ts';

const bcsign = (buc: Buc) => (buc === 'blessed' ? 1 : buc === 'cursed' ? -1 : 0);

export interface GainResult {
  game: 'nethack';
  version: NethackVersion;
  source: string;
  nutritionBefore: number | null;
  /** Gain (or the value nutrition is set to, when `setsTo`). */
  gain: { min: number; max: number; exact: number | null; roll: string } | null;
  setsTo: { min: number; max: number; exact: number | null; roll: string } | null;
  nutritionAfter: { min: number; max: number; status: NethackStatus | null } | null;
  canChoke: false;
  notes: string[];
  citations: Citation[];
}

function result(
  v: NethackVersion,
  source: string,
  h: number | undefined,
  gain: GainResult['gain'],
  setsTo: GainResult['setsTo'],
  notes: string[],
  citations: Citation[],
): GainResult {
  let nutritionAfter: GainResult['nutritionAfter'] = null;
  if (h !== undefined) {
    const min = setsTo ? setsTo.min : h + (gain?.min ?? 0);
    const max = setsTo ? setsTo.max : h + (gain?.max ?? 0);
    nutritionAfter = { min, max, status: statusFor(min) === statusFor(max) ? statusFor(min) : null };
  }
  return {
    game: 'nethack',
    version: v,
    source,
    nutritionBefore: h ?? null,
    gain,
    setsTo,
    nutritionAfter,
    canChoke: false,
    notes,
    citations,
  };
}

/** src/potion.c peffects(): fruit juice (diluted ? 5 : 10) x (2 + bcsign); added directly, never chokes. */
export function fruitJuice(version: NethackVersion, buc: Buc, diluted: boolean, nutrition?: number): GainResult {
  const n = (diluted ? 5 : 10) * (2 + bcsign(buc));
  return result(
    version,
    `${buc}${diluted ? ' diluted' : ''} potion of fruit juice`,
    nutrition,
    { min: n, max: n, exact: n, roll: `${diluted ? 5 : 10} x (2 + bcsign)` },
    null,
    ['Added straight to nutrition, then newuhs(): no choking and no 1500 warning.'],
    [cite(version, 'fruitJuice')],
  );
}

/** src/potion.c peffects(): booze 10 x (2 + bcsign), dilution does not change it. */
export function booze(version: NethackVersion, buc: Buc, diluted: boolean, nutrition?: number): GainResult {
  const n = 10 * (2 + bcsign(buc));
  const notes = ['Added straight to nutrition: no choking. Dilution does not change the nutrition.'];
  if (buc !== 'blessed')
    notes.push(
      version === '5.0' ? 'Not blessed: confusion d(2 + hunger status, 8).' : 'Not blessed: confusion d(3, 8).',
    );
  if (buc === 'cursed') notes.push('Cursed: you pass out for rnd(15) turns.');
  return result(
    version,
    `${buc}${diluted ? ' diluted' : ''} potion of booze`,
    nutrition,
    { min: n, max: n, exact: n, roll: '10 x (2 + bcsign)' },
    null,
    notes,
    [cite(version, 'booze')],
  );
}

/** src/polyself.c newman(): "You feel like a new <race>!" sets nutrition to rn1(500, 500). */
export function newman(version: NethackVersion, nutrition?: number): GainResult {
  return result(
    version,
    'polymorph into a new you (newman())',
    nutrition,
    null,
    { min: 500, max: 999, exact: null, roll: 'rn1(500, 500)' },
    ['Only the "new you" result sets nutrition; polymorphing into a monster does not change it.'],
    [cite(version, 'newman')],
  );
}

export interface PrayerInput {
  version: NethackVersion;
  nutrition: number;
  /** Current prayer timeout (u.ublesscnt), if known. */
  prayerTimeout?: number;
  luck?: number;
  /** Praying on a co-aligned altar. */
  onAltar?: boolean;
}

export interface PrayerResult {
  game: 'nethack';
  version: NethackVersion;
  nutrition: number;
  status: NethackStatus;
  trouble: 'major' | 'minor' | 'none';
  troubleName: 'TROUBLE_STARVING' | 'TROUBLE_HUNGRY' | null;
  /** Prayer timeout must be at most this for the prayer to be safe. */
  timeoutLimit: number;
  /** Given the timeout and luck: is it safe (p_type >= 2)? null when unknown. */
  safe: boolean | null;
  /** What fixing sets nutrition to (init_uhunger()). */
  fixSetsTo: number;
  /** When it is fixed, counted from the #pray at moves T: end of turn T + 3. */
  fixedAfterTurns: number;
  /** Turns with no burn while praying (invulnerable, p_type 3). */
  burnFreeTurns: number;
  howFixed: string;
  notes: string[];
  citations: Citation[];
}

/** src/pray.c in_trouble(), can_pray(), pleased(), fix_worst_trouble(). */
export function prayerFix(input: PrayerInput): PrayerResult {
  const v = input.version;
  const h = input.nutrition;
  const status = statusFor(h);
  const trouble = h <= 50 ? 'major' : h <= 150 ? 'minor' : 'none';
  const timeoutLimit = trouble === 'major' ? 200 : trouble === 'minor' ? 100 : 0;
  let safe: boolean | null = null;
  if (input.prayerTimeout !== undefined) safe = input.prayerTimeout <= timeoutLimit && (input.luck ?? 0) >= 0;
  const howFixed =
    trouble === 'major'
      ? 'Weak or Fainting is major trouble (TROUBLE_STARVING): a successful prayer fixes it if it is your worst trouble (stoned, slimed, strangled, lava and sickness come first), and pleased() actions 2+ fix every major trouble.'
      : trouble === 'minor'
        ? 'Hungry is minor trouble (TROUBLE_HUNGRY): fixed only when it is your worst trouble and the god is pleased enough (action 3, needing Luck > 0 off an altar), or by action 4-5 (a co-aligned altar).'
        : 'Not hungry: hunger is no trouble. The "golden glow" boon still sets nutrition to 900 if it is below 900.';
  const notes = [
    'Praying takes 3 turns (nomul(-3)); with a safe prayer you are invulnerable and nothing burns on those turns; the fix happens when the prayer ends.',
    'Fixing hunger calls init_uhunger(): nutrition 900, Not Hungry, Weak Str penalty removed.',
  ];
  if (v === '5.0') notes.push('5.0: after turn 100,000 the new prayer timeout grows by (moves - 100000) / 100.');
  return {
    game: 'nethack',
    version: v,
    nutrition: h,
    status,
    trouble,
    troubleName: trouble === 'major' ? 'TROUBLE_STARVING' : trouble === 'minor' ? 'TROUBLE_HUNGRY' : null,
    timeoutLimit,
    safe,
    fixSetsTo: 900,
    fixedAfterTurns: 3,
    burnFreeTurns: 3,
    howFixed,
    notes,
    citations: [
      cite(v, 'inTrouble', 'Weak+ major, Hungry minor'),
      cite(v, 'canPray', 'timeout limits 200/100/0'),
      cite(v, 'pleased', 'which troubles get fixed'),
      cite(v, 'fixTrouble', 'init_uhunger(): 900'),
      cite(v, 'dopray', '3 turns, invulnerable'),
      cite(v, 'initUhunger'),
    ],
  };
}

export const DEATH_CAUSES = [
  'died',
  'choking',
  'poisoning',
  'starvation',
  'drowning',
  'burning',
  'dissolved',
  'crushing',
  'stoning',
  'slimed',
  'genocide',
  'brainlessness',
  'moloch',
  'trickery',
  'escaped',
] as const;
export type DeathCause = (typeof DEATH_CAUSES)[number];

export interface LifesaveInput {
  version: NethackVersion;
  nutrition: number;
  cause?: DeathCause;
  con?: number;
  level?: number;
  maxHp?: number;
  /** Sustain ability (Fixed_abil): no Con loss. */
  sustainAbility?: boolean;
}

export interface LifesaveResult {
  game: 'nethack';
  version: NethackVersion;
  cause: DeathCause;
  saved: boolean;
  /** Saved, then killed again at once. */
  diesAnyway: boolean;
  why: string;
  nutritionBefore: number;
  nutritionAfter: number | null;
  /** Con lost with the amulet (0 with sustain ability). */
  conLoss: number;
  hp: { maxHpAfter: number | null; hpAfter: number | null; rule: string };
  otherEffects: string[];
  vomitMessageOnly: boolean;
  wiki: string[];
  citations: Citation[];
}

/** src/end.c done() and savelife(): what an amulet of life saving does. */
export function lifesave(input: LifesaveInput): LifesaveResult {
  const v = input.version;
  const cause = input.cause ?? 'died';
  const h = input.nutrition;
  const citations = [
    cite(v, 'doneLifesave', 'how <= GENOCIDED'),
    cite(v, 'savelife', 'what is restored'),
    cite(v, 'savelifeHunger', 'nutrition'),
  ];
  let saved = true;
  let diesAnyway = false;
  let why = 'Life saving works for every death up to GENOCIDED (done(): how <= GENOCIDED).';
  if (cause === 'trickery' || cause === 'escaped') {
    saved = false;
    why =
      cause === 'trickery'
        ? 'Trickery (TRICKED) is past GENOCIDED: life saving is ignored.'
        : 'Level teleporting to a negative level ends the game as ESCAPED: life saving does not apply.';
  } else if (cause === 'genocide') {
    diesAnyway = true;
    why = 'Self-genocide: saved, then "Unfortunately you are still genocided..." and you die.';
  } else if (cause === 'brainlessness') {
    diesAnyway = true;
    why = 'Brainlessness: the amulet is used up, then "Unfortunately your brain is still gone." and you die again.';
    citations.push(cite(v, 'brainless'));
  } else if (cause === 'moloch') {
    diesAnyway = true;
    why = 'Offering the Amulet to Moloch: saved, then "Moloch snarls and tries again..." and the game ends.';
  }
  // savelife(): 3.6.2+ and 5.0: if (H < 500 || CHOKING) H = 900; 3.4.3: H < 500 -> 500, CHOKING -> 900.
  let nutritionAfter: number | null = null;
  if (saved) {
    if (v === '3.4.3') nutritionAfter = cause === 'choking' ? 900 : h < 500 ? 500 : h;
    else nutritionAfter = h < 500 || cause === 'choking' ? 900 : h;
  }
  const conLoss = saved && !input.sustainAbility ? 1 : 0;
  const con = input.con;
  const lvl = input.level;
  const mhp = input.maxHp;
  let hp: LifesaveResult['hp'];
  if (v === '3.4.3') hp = { maxHpAfter: mhp ?? null, hpAfter: mhp ?? null, rule: 'HP set to max HP.' };
  else if (v === '3.6.7') {
    const maxAfter = mhp !== undefined && lvl !== undefined ? Math.max(mhp, Math.max(2 * lvl, 10)) : null;
    hp = {
      maxHpAfter: maxAfter,
      hpAfter: maxAfter,
      rule: 'Max HP raised to at least max(2 x level, 10); HP set to max HP.',
    };
  } else {
    const maxAfter = mhp !== undefined && lvl !== undefined ? Math.max(mhp, Math.max(lvl, 10)) : null;
    const conAfter = con !== undefined ? con - conLoss : undefined;
    const hpAfter =
      maxAfter !== null && conAfter !== undefined ? Math.min(maxAfter, 50 + 10 * Math.trunc(conAfter / 2)) : null;
    hp = {
      maxHpAfter: maxAfter,
      hpAfter,
      rule: 'Max HP raised to at least max(level, 10); HP set to min(max HP, 50 + 10 x (Con / 2)), Con after the loss.',
    };
  }
  const otherEffects = [
    'Sickness that would kill you next turn is cured.',
    'Freed from lava; expelled if engulfed; released if held.',
    'Unchanging is removed; you cannot act for the rest of the turn.',
  ];
  const wiki: string[] = [];
  if (v !== '3.4.3' && h < 500 && cause !== 'choking')
    wiki.push(
      `The wiki says nutrition is set to a minimum of 500; since 3.6.2 the code sets it to 900 when it is below 500 (${h} -> 900).`,
    );
  if (cause === 'choking')
    wiki.push(
      'The wiki says you vomit when saved from choking; the code only prints "You vomit ..." — no vomit() and no -1000.',
    );
  if (v === '3.4.3' && h < 500 && cause !== 'choking') wiki.push('3.4.3 matches the wiki: below 500 becomes 500.');
  return {
    game: 'nethack',
    version: v,
    cause,
    saved,
    diesAnyway,
    why,
    nutritionBefore: h,
    nutritionAfter,
    conLoss,
    hp,
    otherEffects: saved ? otherEffects : [],
    vomitMessageOnly: cause === 'choking',
    wiki,
    citations,
  };
}
