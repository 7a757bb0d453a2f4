// Shared pieces of the import parsers: line splitting, typed errors, and the rule that turns a
// hunger status (a band) into one value.
//
// The rule (documented in docs/json/import.md): a status line or dump gives a band, never a
// value. The draft hero gets the band's LOWEST value, so every forecast milestone (Hungry, Weak,
// Fainting, starvation) comes no later than predicted: the forecast is conservative. A band with
// no lowest value (NetHack Fainting/Fainted; a starved hero) gets its highest value instead, and
// the result says that then the forecast can be late. Meal advice must not use the lowest value
// for choking: a Satiated hero may be anywhere above 1000, so the band's top (unbounded) is what
// a choke check has to assume; the result carries the band for that.
import { UserError } from '../errors.ts';
import type { Citation, NethackVersion } from '../engine/cite.ts';
import { STATUS_BANDS, starvationLimit } from '../engine/nethack/status.ts';
import { stateAt, HUNGER_STATES, type HungerStateName } from '../engine/crawl/satiation.ts';
import { cc } from '../engine/crawl/data.ts';
import type { CrawlVersion } from '../engine/crawl/versions.ts';
import { nhSource } from './sources.ts';
import type { BottomLineHunger, HungerAssumption, SourceSpan } from './types.ts';

/** The most text an import reads (a long dumplog is about 40 kB; Discord attachments can be more). */
export const MAX_IMPORT_CHARS = 400_000;

export interface Line extends SourceSpan {
  /** The line without trailing spaces or carriage return. */
  clean: string;
}

/** Split pasted text into numbered lines (1-based); tabs become spaces, CRs are dropped. */
export function splitLines(text: string): Line[] {
  if (text.length > MAX_IMPORT_CHARS) {
    throw new UserError(
      `That text is ${text.length.toLocaleString('en-US')} characters; imports read at most ` +
        `${MAX_IMPORT_CHARS.toLocaleString('en-US')}.`,
      'Paste the status lines, or the dump file itself (not several dumps at once).',
      'import_too_long',
    );
  }
  return text.split('\n').map((raw, i) => {
    const clean = raw.replace(/\r$/, '').replace(/\t/g, ' ').replace(/\s+$/, '');
    return { line: i + 1, text: clean, clean };
  });
}

export function unrecognized(what: string): UserError {
  return new UserError(
    `I can't tell what this is: ${what}`,
    'Paste the two NetHack status lines (the one starting with `Dlvl:`), a NetHack 3.6/5.0 dumplog, or a DCSS ' +
      '0.13-0.15 character dump.',
    'unrecognized_import',
  );
}

export function malformed(what: string, hint?: string): UserError {
  return new UserError(what, hint ?? 'Paste the text exactly as the game printed it.', 'malformed_import');
}

export const span = (l: SourceSpan): SourceSpan => ({ line: l.line, text: l.text });

const mid = (a: number, b: number) => Math.floor((a + b) / 2);

/**
 * The nutrition a NetHack draft hero gets for a hunger status (see the rule at the top).
 * `con` decides the starvation limit for a starved hero.
 */
export function nethackHungerAssumption(
  version: NethackVersion,
  status: BottomLineHunger,
  con: number,
): HungerAssumption<BottomLineHunger> {
  const citations: Citation[] = [
    nhSource(version, 'newuhs', 'h > 1000 Satiated, > 150 Not Hungry, > 50 Hungry, > 0 Weak, else Fainting'),
  ];
  if (status === 'Starved') {
    const limit = starvationLimit(con, version);
    return {
      status,
      band: { min: null, max: limit - 1 },
      assumed: limit - 1,
      rule: 'band-maximum',
      reason:
        `Starved: the hero died below the starvation limit ${limit} (Con ${con}); the highest such value ` + `is used.`,
      alternatives: { lowest: null, middle: null, highest: limit - 1 },
      citations,
    };
  }
  const band = status === 'Fainted' ? STATUS_BANDS.Fainting : STATUS_BANDS[status];
  if (band.min === null) {
    const top = band.max!;
    return {
      status,
      band: { ...band },
      assumed: top,
      rule: 'band-maximum',
      reason:
        `${status} covers every nutrition of ${top} or less, with no lowest value: the band's top ${top} is used, ` +
        `so the forecast may be late (the hero may already be nearer starvation, limit ` +
        `${starvationLimit(con, version)} at Con ${con}).`,
      alternatives: { lowest: null, middle: null, highest: top },
      citations,
    };
  }
  const min = band.min;
  const max = band.max;
  return {
    status,
    band: { ...band },
    assumed: min,
    rule: 'band-minimum',
    reason:
      `${status} covers nutrition ${min}${max === null ? ' and more' : ` to ${max}`}; the lowest, ${min}, is ` +
      `used so every ` +
      'forecast milestone comes no later than predicted.' +
      (status === 'Satiated'
        ? ' Choking risk is not judged from this value: a Satiated hero may be far above 1000.'
        : ''),
    alternatives: { lowest: min, middle: max === null ? null : mid(min, max), highest: max },
    citations,
  };
}

/** The same rule for a Crawl hunger state (food.cc hunger thresholds, via satiation.ts). */
export function crawlHungerAssumption(
  version: CrawlVersion,
  state: HungerStateName,
  citations: Citation[],
): HungerAssumption<HungerStateName> {
  const index = HUNGER_STATES.indexOf(state);
  const band = stateAt(version, index).band;
  return {
    status: state,
    band: { min: band.min, max: band.max },
    assumed: band.min,
    rule: 'band-minimum',
    reason:
      `${state} covers satiation ${band.min} to ${band.max} in ${version}; the lowest, ${band.min}, is used so ` +
      `every forecast ` +
      'milestone comes no later than predicted.',
    alternatives: { lowest: band.min, middle: mid(band.min, band.max), highest: band.max },
    citations: [
      ...citations,
      cc(version, 'thresholds', 'state thresholds'),
      cc(version, 'stateWalk', 'state = first threshold >= value'),
    ],
  };
}
