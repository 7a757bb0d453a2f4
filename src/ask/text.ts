// Question text -> tokens. Lower case, accents and apostrophes dropped, numbers read with
// their sign, thousands separators and "k" ("1,600", "-20", "+2", "6k"), version numbers kept
// whole ("3.4.3", "0.14"), glued forms split ("lvl3", "t:4321", "2x", "3rd").

export interface Token {
  /** The word as matched (lower case, no apostrophes); for numbers, the digits as written ("18/50" too). */
  text: string;
  /** Set for numbers: the value. */
  num?: number;
  /** The number was written with a sign ("+2", "-20"). */
  signed?: boolean;
  /** The number was an ordinal ("3rd"). */
  ordinal?: boolean;
  /** Dotted numbers that read as a game version ("3.4.3", "5.0", "0.14"). */
  version?: string;
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  single: 1,
  both: 2,
  pair: 2,
  double: 2,
  twin: 2,
  triple: 3,
};

export function numberWord(word: string): number | undefined {
  return NUMBER_WORDS[word];
}

export function normalizeQuestion(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/(\w)'(\w)/g, '$1$2');
}

// One piece of text: a strength past 18 after its label ("str 18/50", "St:18/**"), a dotted number, a
// number (sign, separators, k), or a word of letters/digits.
const STRENGTH = String.raw`(?<=\b(?:st|str|strength)\s*[:=]?\s*)(18\/(?:\d\d|\*\*))`;
const DOTTED = String.raw`(\d+\.\d+(?:\.\d+)?k?)(?![a-z])`;
const NUMBER = String.raw`([+-]?\d[\d,]*k?)(?![a-z0-9])`;
const PIECE = new RegExp([STRENGTH, DOTTED, NUMBER, '([a-z0-9]+)'].join('|'), 'g');
const VERSION = /^(?:3\.4\.3|3\.6(?:\.\d)?|3\.4|5\.0|0\.\d{1,2}(?:\.\d+)?)$/;

export function tokenize(question: string): Token[] {
  const text = normalizeQuestion(question);
  const out: Token[] = [];
  for (const m of text.matchAll(PIECE)) {
    const [whole, strength, dotted, num, word] = m;
    const before = m.index === 0 ? ' ' : text[m.index - 1]!;
    if (strength) out.push({ text: strength, num: 18 });
    else if (dotted) out.push(dottedToken(dotted));
    else if (num) out.push(...numberTokens(num, before));
    else if (word) out.push(...wordTokens(word));
    else out.push({ text: whole });
  }
  return out;
}

function dottedToken(t: string): Token {
  if (t.endsWith('k')) return { text: t, num: Math.round(Number(t.slice(0, -1)) * 1000) };
  if (VERSION.test(t)) return { text: t, version: t, num: Number(t) };
  return { text: t, num: Number(t) };
}

function numberTokens(raw: string, before: string): Token[] {
  let t = raw;
  // A sign only counts at the start of a word ("nutrition -20", "+2"), not in "k-ration".
  const hasSign = /^[+-]/.test(t);
  if (hasSign && /[a-z0-9]/.test(before)) t = t.slice(1);
  const k = t.endsWith('k');
  const digits = t.replace(/k$/, '').replace(/,/g, '');
  const value = Number(digits) * (k ? 1000 : 1);
  return [{ text: t, num: value, ...(/^[+-]/.test(t) ? { signed: true } : {}) }];
}

function wordTokens(w: string): Token[] {
  // "3rd", "2nd": ordinals; "2x", "900n": a number and a word; "lvl3", "t4321", "x2": a word and a number.
  const ord = /^(\d+)(st|nd|rd|th)$/.exec(w);
  if (ord) return [{ text: ord[1]!, num: Number(ord[1]), ordinal: true }];
  const numWord = /^(\d+)([a-z]+)$/.exec(w);
  if (numWord) return [{ text: numWord[1]!, num: Number(numWord[1]) }, { text: numWord[2]! }];
  const wordNum = /^([a-z]+)(\d+)$/.exec(w);
  if (wordNum) return [{ text: wordNum[1]! }, { text: wordNum[2]!, num: Number(wordNum[2]) }];
  if (/^\d+$/.test(w)) return [{ text: w, num: Number(w) }];
  return [{ text: w }];
}

/** Singular forms a plural word may stand for ("rings" -> "ring", "jellies" -> "jelly"). */
export function singulars(word: string): string[] {
  const out: string[] = [];
  if (word.length > 4 && word.endsWith('ies')) out.push(word.slice(0, -3) + 'y');
  if (word.length > 4 && /(?:ch|sh|s|x|o)es$/.test(word)) out.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  if (word.endsWith('ves') && word.length > 4) out.push(word.slice(0, -3) + 'f', word.slice(0, -3) + 'fe');
  return out;
}

/** Edit distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}
