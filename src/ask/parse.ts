// Question text -> readings: each reading is one or more command lines the registered commands
// accept, plus what is missing and what was assumed. Deterministic: no network, no model; the
// same text always gives the same readings.
import { analyze, type Analysis } from './analyze.ts';
import { findBottomLine, withoutBottomLineFields, type BottomLine } from './bottomLine.ts';
import type { AskValue, Catalog } from './catalog.ts';
import { fill, type LeafCall, type Missing } from './fill.ts';
import { decide, type Game } from './intent.ts';

export interface Reading {
  calls: LeafCall[];
  /** One command line per call. */
  lines: string[];
  missing: Missing[];
  notes: string[];
}

export interface ParseOutcome {
  question: string;
  game: Game | null;
  /** Best first; two when the question reads two ways; none when it reads as nothing. */
  readings: Reading[];
  bottomLine: BottomLine | null;
  /** Words that were read as nothing. */
  unknown: string[];
}

export function parseQuestion(question: string, cat: Catalog): ParseOutcome {
  const bottom = findBottomLine(question);
  if (bottom && cat.leaves.has('nethack pray') && analyze(question).cues.has('pray')) {
    const rest = analyze(withoutBottomLineFields(question));
    return { question, game: 'nethack', readings: [prayerReading(bottom, rest, cat)], bottomLine: bottom, unknown: [] };
  }
  if (bottom && cat.leaves.has('nethack status') && cat.leaves.has('nethack forecast')) {
    const rest = analyze(question);
    return {
      question,
      game: 'nethack',
      readings: [bottomLineReading(bottom, rest, cat)],
      bottomLine: bottom,
      unknown: [],
    };
  }
  const a = analyze(question);
  const intent = decide(a);
  // Only commands that are registered (a registry without /crawl reads nothing as Crawl).
  const leaves = intent?.leaves.filter((key) => cat.leaves.has(key)) ?? [];
  if (!intent || leaves.length === 0)
    return { question, game: null, readings: [], bottomLine: null, unknown: a.unknown };
  const readings = leaves.map((key) => readingOf([fill(key, a, cat, intent.preset)], cat));
  return { question, game: intent.game, readings, bottomLine: null, unknown: a.unknown };
}

/** The reading of one or more filled calls (lines, missing, notes gathered). */
export function readingOf(calls: LeafCall[], cat: Catalog, extraNotes: string[] = []): Reading {
  return {
    calls,
    lines: calls.map((c) => cat.formatLine(c.key, c.options)),
    missing: calls.flatMap((c) => c.missing),
    notes: [...extraNotes, ...new Set(calls.flatMap((c) => c.notes))],
  };
}

/** A bottom line reads as its status and the forecast from the value assumed for it. */
function bottomLineReading(b: BottomLine, rest: Analysis, cat: Catalog): Reading {
  const shared: Record<string, AskValue> = { nutrition: b.assumedNutrition };
  if (rest.nethackVersion) shared.version = rest.nethackVersion;
  const forecast: Record<string, AskValue> = { ...shared };
  if (b.turn !== null && b.turn >= 1) forecast.turn = b.turn;
  if (b.encumbrance) forecast.encumbrance = b.encumbrance;
  const call = (key: string, options: Record<string, AskValue>): LeafCall => ({
    key,
    options: Object.fromEntries(Object.entries(options).filter(([k, v]) => cat.accepts(key, k, v))),
    missing: [],
    notes: [],
  });
  return readingOf([call('nethack status', shared), call('nethack forecast', forecast)], cat, [b.assumption]);
}

/**
 * "can I pray?" with a bottom line: its hunger status is the hunger trouble (src/pray.c in_trouble()
 * reads u.uhs, so any value of the band gives the same answer), its HP and Xp the low-HP trouble
 * and the level. Its turn is the current turn, used when the question says when you last prayed
 * (a turn alone would mean never prayed).
 */
function prayerReading(b: BottomLine, rest: Analysis, cat: Catalog): Reading {
  const preset: Record<string, AskValue> = { nutrition: b.assumedNutrition };
  if (b.hp !== null && b.maxHp !== null) Object.assign(preset, { hp: Math.max(0, b.hp), max_hp: b.maxHp });
  if (b.level !== null) preset.level = b.level;
  const lastPrayer = rest.numbers.some((n) => n.unit === 'prayedAt' || n.unit === 'age' || n.unit === 'timeout');
  if (b.turn !== null && (lastPrayer || rest.cues.has('neverPrayed'))) preset.turn = b.turn;
  const usable = Object.fromEntries(Object.entries(preset).filter(([k, v]) => cat.accepts('nethack pray', k, v)));
  const shown = b.shown ? `shows \`${b.shown}\`` : 'shows no hunger status (Not Hungry)';
  const note =
    `The bottom line ${shown}: read as nutrition ${b.assumedNutrition}; ` +
    'prayer looks only at the hunger status (u.uhs), so any nutrition of that status gives this answer.';
  return readingOf([fill('nethack pray', rest, cat, usable)], cat, [note]);
}
