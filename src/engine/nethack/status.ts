// Hunger status for a nutrition value, and what that status does.
// NetHack 3.6.7 src/eat.c newuhs() (line 2928) and src/attrib.c exerper() (line 447);
// 3.4.3 and 5.0 differences from the same functions in those versions.
import { nethackCite, type Citation, type NethackVersion } from '../cite.ts';

export const NETHACK_STATUSES = ['Satiated', 'Not Hungry', 'Hungry', 'Weak', 'Fainting'] as const;
export type NethackStatus = (typeof NETHACK_STATUSES)[number];

/** The code's enum names (include/hack.h): SATIATED=0 ... FAINTING=4. */
export const STATUS_CODE: Record<NethackStatus, 'SATIATED' | 'NOT_HUNGRY' | 'HUNGRY' | 'WEAK' | 'FAINTING'> = {
  Satiated: 'SATIATED',
  'Not Hungry': 'NOT_HUNGRY',
  Hungry: 'HUNGRY',
  Weak: 'WEAK',
  Fainting: 'FAINTING',
};

/** Inclusive nutrition ranges of each status (null: unbounded). Identical in 3.4.3, 3.6.7 and 5.0. */
export const STATUS_BANDS: Record<NethackStatus, { min: number | null; max: number | null }> = {
  Satiated: { min: 1001, max: null },
  'Not Hungry': { min: 151, max: 1000 },
  Hungry: { min: 51, max: 150 },
  Weak: { min: 1, max: 50 },
  Fainting: { min: null, max: 0 },
};

/** src/eat.c newuhs(): h > 1000 SATIATED, > 150 NOT_HUNGRY, > 50 HUNGRY, > 0 WEAK, else FAINTING. */
export function statusFor(nutrition: number): NethackStatus {
  if (nutrition > 1000) return 'Satiated';
  if (nutrition > 150) return 'Not Hungry';
  if (nutrition > 50) return 'Hungry';
  if (nutrition > 0) return 'Weak';
  return 'Fainting';
}

/** The wiki's Nutrition table (seed 000): 2000+ Oversatiated, 1000-1999 Satiated, 150-999, 50-149, 0-49, < 0. */
export function wikiStatusFor(nutrition: number): string {
  if (nutrition >= 2000) return 'Oversatiated';
  if (nutrition >= 1000) return 'Satiated';
  if (nutrition >= 150) return 'Not Hungry';
  if (nutrition >= 50) return 'Hungry';
  if (nutrition >= 0) return 'Weak';
  return 'Fainting';
}

/**
 * Starvation limit: death when nutrition < -(100 + 10 x Con) (strict) in 3.6.1+ and 5.0;
 * -(200 + 20 x Con) in 3.4.3 (src/eat.c newuhs(), the comment there explains the halving).
 */
export function starvationLimit(con: number, version: NethackVersion): number {
  return version === '3.4.3' ? -(200 + 20 * con) : -(100 + 10 * con);
}

/**
 * newuhs()'s rounded tenth of nutrition used by the faint roll and faint length.
 * 3.6.7/5.0: sgn(h) * ((|h| + 5) / 10), rounding half away from zero; 3.4.3: h / 10 (C truncation).
 */
export function faintDivisor(nutrition: number, version: NethackVersion): number {
  if (version === '3.4.3') return Math.trunc(nutrition / 10);
  return Math.sign(nutrition) * Math.trunc((Math.abs(nutrition) + 5) / 10);
}

export interface FaintFacts {
  /** newuhs(): entering FAINTING from a better status always faints. */
  faintsOnEntry: true;
  /** Chance per hunger update while already Fainting: rn2(20 - d) >= 19. */
  chancePerUpdate: number;
  /** Helpless turns of one faint: 10 - d. */
  faintTurns: number;
}

export interface StatusResult {
  game: 'nethack';
  version: NethackVersion;
  nutrition: number;
  status: NethackStatus;
  statusCode: (typeof STATUS_CODE)[NethackStatus];
  /** Text on the bottom line (hu_stat[]); empty for Not Hungry. */
  statusLine: string;
  band: { min: number | null; max: number | null };
  effects: string[];
  /** src/attrib.c exerper(): what happens every 10 turns (moves % 10 == 0) in this band. */
  exercise: string[];
  faint: FaintFacts | null;
  /** Present when `con` was given. */
  starvation: { con: number; limit: number; diesBelow: number; starvesNow: boolean; nutritionToSpare: number } | null;
  /** Nutrition still to lose before the next worse status (null for Fainting). */
  untilNextWorse: { status: NethackStatus; nutritionToLose: number } | null;
  wiki: { status: string; differs: boolean; note: string | null };
  citations: Citation[];
}

const STATUS_LINE: Record<NethackStatus, string> = {
  Satiated: 'Satiated',
  'Not Hungry': '',
  Hungry: 'Hungry',
  Weak: 'Weak',
  Fainting: 'Fainting',
};

export function nethackStatus(input: { nutrition: number; con?: number; version?: NethackVersion }): StatusResult {
  const version = input.version ?? '3.6.7';
  const n = input.nutrition;
  const status = statusFor(n);
  const v = { version };
  const citations: Citation[] = [
    nethackCite('src/eat.c', 'newuhs()', { ...v, line: version === '3.6.7' ? 2928 : undefined, note: 'status bands' }),
  ];
  const effects: string[] = [];
  const exercise: string[] = [];

  // src/attrib.c exerper(): hunger checks when moves % 10 == 0.
  citations.push(
    nethackCite('src/attrib.c', 'exerper()', {
      ...v,
      line: version === '3.6.7' ? 447 : undefined,
      note: 'exercise every 10 turns',
    }),
  );
  switch (status) {
    case 'Satiated':
      exercise.push('abuses Dexterity', 'Monks also abuse Wisdom');
      effects.push(
        'Eating a meal now can choke you: a meal started above 1000 chokes on the bite that reaches 2000 (src/eat.c bite(), lesshungry()).',
        'Praying does not count hunger as a trouble.',
      );
      break;
    case 'Not Hungry':
      exercise.push('exercises Constitution');
      effects.push('No penalties. Meals started here can never choke you, even past 2000.');
      break;
    case 'Hungry':
      exercise.push('nothing');
      effects.push(
        'Message on arrival: "You are beginning to feel hungry." (or "You feel hungry." below 145); stops multi-turn actions except eating.',
        'Minor prayer trouble (TROUBLE_HUNGRY): fixed only when it is your worst trouble and the prayer goes very well.',
        'Shopkeepers charge double for food.',
      );
      break;
    case 'Weak':
      exercise.push('abuses Strength', 'Monks exercise Wisdom (fasting)');
      effects.push(
        version === '3.4.3'
          ? 'Lose 1 point of Strength on arrival (losestr(1)); regained when you stop being Weak.'
          : 'Strength is 1 lower while Weak (ATEMP(A_STR) = -1, ignores sustain ability); restored when you recover.',
        'Message on arrival: "You are beginning to feel weak." (or "You feel weak." below 45; Wizards, Valkyries and elves: "<X> needs food, badly!").',
        'Major prayer trouble (TROUBLE_STARVING): a successful prayer sets nutrition to 900.',
        'Shopkeepers charge triple for food.',
      );
      citations.push(nethackCite('src/pray.c', 'in_trouble()', { ...v, note: 'hunger as prayer trouble' }));
      break;
    case 'Fainting':
      exercise.push('abuses Constitution');
      effects.push(
        'You faint at once when you first reach 0 or below, then again at random on later hunger updates; each faint leaves you helpless (and deaf).',
        'Major prayer trouble (TROUBLE_STARVING): a successful prayer sets nutrition to 900.',
        'You starve when nutrition drops below the starvation limit on an update where you did not faint.',
      );
      citations.push(nethackCite('src/pray.c', 'in_trouble()', { ...v, note: 'hunger as prayer trouble' }));
      break;
  }

  let faint: FaintFacts | null = null;
  if (status === 'Fainting') {
    const d = faintDivisor(n, version);
    const sides = 20 - d; // rn2(20 - d) >= 19: (sides - 19) winning faces
    faint = { faintsOnEntry: true, chancePerUpdate: (sides - 19) / sides, faintTurns: 10 - d };
  }

  let starvation: StatusResult['starvation'] = null;
  if (input.con !== undefined) {
    const limit = starvationLimit(input.con, version);
    starvation = { con: input.con, limit, diesBelow: limit, starvesNow: n < limit, nutritionToSpare: n - limit };
  }

  const order = NETHACK_STATUSES;
  const idx = order.indexOf(status);
  const nextWorse = order[idx + 1];
  const untilNextWorse = nextWorse
    ? { status: nextWorse, nutritionToLose: n - (STATUS_BANDS[nextWorse].max ?? 0) }
    : null;

  const wikiStatus = wikiStatusFor(n);
  const differs = wikiStatus !== status;
  const note = differs
    ? wikiStatus === 'Oversatiated'
      ? `The wiki's table calls ${n} "Oversatiated"; the code has no such status (2000 is only where choking starts). It is ${status}.`
      : `The wiki's table puts ${n} in ${wikiStatus}; the code (h > 1000, > 150, > 50, > 0) puts it in ${status}.`
    : null;

  return {
    game: 'nethack',
    version,
    nutrition: n,
    status,
    statusCode: STATUS_CODE[status],
    statusLine: STATUS_LINE[status],
    band: STATUS_BANDS[status],
    effects,
    exercise,
    faint,
    starvation,
    untilNextWorse,
    wiki: { status: wikiStatus, differs, note },
    citations,
  };
}
