// A pasted NetHack bottom line ("Dlvl:3 $:120 HP:24(30) Pw:7(7) AC:4 Xp:4/120 T:4321 Hungry").
// It shows the hunger status, not the number, so a reading assumes one value of the status's
// band and says which: the highest (the most turns this status can leave you), or for
// Satiated, which has no top, the lowest.
import { STATUS_BANDS, type NethackStatus } from '../engine/nethack/status.ts';
import { ENCUMBRANCES, type Encumbrance } from '../engine/nethack/burn.ts';

export interface BottomLine {
  /** The line as found in the text. */
  text: string;
  status: NethackStatus;
  /** The word shown ("Hungry", "Fainted"), or null for Not Hungry (nothing shown). */
  shown: string | null;
  turn: number | null;
  /** HP:<hp>(<max>) and Xp:<level> (Exp:<level> with showexp off); null when not shown (HD when polymorphed). */
  hp: number | null;
  maxHp: number | null;
  level: number | null;
  encumbrance: Encumbrance | null;
  assumedNutrition: number;
  assumption: string;
}

// The words of src/eat.c:75 hu_stat[] and src/botl.c:13 enc_stat[] (NetHack-3.6.7_Released; the same
// words in 3.4.3 and 5.0). "Starved" is left out: a dead hero has no forecast.
const HUNGER_WORDS: Record<string, NethackStatus> = {
  satiated: 'Satiated',
  hungry: 'Hungry',
  weak: 'Weak',
  fainting: 'Fainting',
  fainted: 'Fainting',
};

const LOOKS_LIKE_BOTTOM_LINE =
  /\b(?:dlvl|dlev|home|end game|astral plane)\s*:\s*-?\d+|\bhp\s*:\s*-?\d+\s*\(\s*\d+\s*\)[^\n]*\bt\s*:\s*\d+/i;

// The bottom line's fields, so the words around them can be read as a question of their own.
const FIELDS = new RegExp(
  [
    String.raw`\b(?:dlvl|dlev|home|end game|astral plane)\s*:\s*-?\d+`,
    String.raw`\$\s*:\s*\d+`,
    String.raw`\b(?:hp|pw)\s*:\s*-?\d+\s*\(\s*\d+\s*\)`,
    String.raw`\bac\s*:\s*-?\d+`,
    String.raw`\b(?:xp|exp|hd)\s*:\s*\d+(?:\/\d+)?`,
    String.raw`\bt\s*:\s*\d+`,
  ].join('|'),
  'gi',
);

/** The text with the bottom line's fields taken out ("can I pray? Dlvl:3 ... T:900 Weak" -> "can I pray? Weak"). */
export function withoutBottomLineFields(text: string): string {
  return text.replace(FIELDS, ' ');
}

export function findBottomLine(text: string): BottomLine | null {
  const line = text.split(/\r?\n/).find((l) => LOOKS_LIKE_BOTTOM_LINE.test(l));
  if (!line) return null;
  const words: string[] = line.toLowerCase().match(/[a-z]+/g) ?? [];
  const shownWord = words.find((w) => w in HUNGER_WORDS) ?? null;
  const status: NethackStatus = shownWord ? HUNGER_WORDS[shownWord]! : 'Not Hungry';
  const turnMatch = /\bT\s*:\s*(\d+)/i.exec(line);
  const enc = ENCUMBRANCES.find((e) => e !== 'Unencumbered' && words.includes(e.toLowerCase())) ?? null;
  const { value, assumption } = assumedValue(status, shownWord);
  const hp = /\bhp\s*:\s*(-?\d+)\s*\(\s*(\d+)\s*\)/i.exec(line);
  const xp = /\b(?:xp|exp)\s*:\s*(\d+)/i.exec(line);
  return {
    text: line.trim(),
    status,
    shown: shownWord ? shownWord[0]!.toUpperCase() + shownWord.slice(1) : null,
    turn: turnMatch ? Number(turnMatch[1]) : null,
    hp: hp ? Number(hp[1]) : null,
    maxHp: hp ? Number(hp[2]) : null,
    level: xp ? Number(xp[1]) : null,
    encumbrance: enc,
    assumedNutrition: value,
    assumption,
  };
}

function assumedValue(status: NethackStatus, shown: string | null): { value: number; assumption: string } {
  const band = STATUS_BANDS[status];
  const shows = shown ? `shows \`${shown[0]!.toUpperCase()}${shown.slice(1)}\`` : 'shows no hunger status (Not Hungry)';
  const range =
    band.min === null
      ? `${band.max} and below`
      : band.max === null
        ? `${band.min} and above`
        : `${band.min} to ${band.max}`;
  if (band.max === null) {
    return {
      value: band.min!,
      assumption:
        `The bottom line ${shows}, which is nutrition ${range}; ` +
        `assumed ${band.min}, the lowest, so the turns below are the fewest you can have.`,
    };
  }
  return {
    value: band.max,
    assumption:
      `The bottom line ${shows}, which is nutrition ${range}; ` +
      `assumed ${band.max}, the highest, so the turns below are the most you can have.`,
  };
}
