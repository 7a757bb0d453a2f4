// Small helpers every command uses to turn a typed result into an embed. Limits are
// enforced later, once, by truncateEmbeds() in embed.ts.
import { ERROR_COLOR } from '../pipeline/embed.ts';
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { citationText, citationUrl, uniqueCitations, type Citation } from '../engine/cite.ts';

export const COLORS = {
  satiated: 0x3498db,
  ok: 0x2ecc71,
  hungry: 0xf1c40f,
  weak: 0xe67e22,
  fainting: 0xe74c3c,
  dead: 0x2c2f33,
  info: 0x5865f2,
  error: ERROR_COLOR,
  warning: 0xfee75c,
} as const;

export function field(name: string, value: string, inline = false): APIEmbedField {
  return { name, value: value || '—', inline };
}

/** One linked citation: [`src/eat.c:2790 gethungry()`](url) — note. */
export function citationLine(c: Citation): string {
  return `[\`${citationText(c)}\`](${citationUrl(c)})${c.note ? ` — ${c.note}` : ''}`;
}

/** "src/eat.c newuhs()" lines, linked to the pinned tag, for a Sources field (the Details embed lists all). */
export function citationLines(citations: readonly Citation[], max = 8): string {
  const list = uniqueCitations(citations);
  const lines = list.slice(0, max).map(citationLine);
  if (list.length > max) lines.push(`…and ${list.length - max} more`);
  return lines.join('\n');
}

export function sourcesField(citations: readonly Citation[], max?: number): APIEmbedField {
  return field('Source', citationLines(citations, max));
}

/** Every citation of an answer, as the last embed of its Details (one line each, all of them). */
export function sourcesEmbed(citations: readonly Citation[], color: number = COLORS.info): APIEmbed {
  const list = uniqueCitations(citations);
  return { title: `Sources (${list.length})`, color, description: list.map(citationLine).join('\n') || '—' };
}

/** A compact answer: the title is the answer; each present line is one fact that changes a decision. */
export function compact(e: {
  title: string;
  color: number;
  lines: (string | null | undefined | false)[];
  footer: { text: string };
}): APIEmbed {
  const lines = e.lines.filter((l): l is string => typeof l === 'string' && l.length > 0);
  return {
    title: e.title,
    color: e.color,
    ...(lines.length ? { description: lines.join('\n') } : {}),
    footer: e.footer,
  };
}

/** "1 turn", "531 turns". */
export function turns(n: number): string {
  return plural(n, 'turn');
}

/** First letter upper case ("berserk end" -> "Berserk end"). */
export function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** Footer naming the game version every answer used. */
export function versionFooter(
  game: 'NetHack' | 'Crawl',
  version: string,
  ref: string,
  extra?: string,
): { text: string } {
  return { text: `${game} ${version} (${ref})${extra ? ` · ${extra}` : ''}` };
}

export function embed(e: APIEmbed): APIEmbed {
  return e;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  const text = Number.isSafeInteger(n) && !Object.is(n, -0) ? groupThousands(n) : n.toLocaleString('en-US');
  return `${text} ${n === 1 || n === -1 ? one : many}`;
}

/**
 * Built once (toLocaleString with options builds a new ICU formatter on every call, about 20 us), on
 * first use: the first formatter pages in ICU's data (about 7 MB resident), which an idle bot never needs.
 */
let integerFormat: Intl.NumberFormat | undefined;
let decimalFormat: Intl.NumberFormat | undefined;

export function fmt(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return groupThousands(n);
  if (Number.isInteger(n)) return (integerFormat ??= new Intl.NumberFormat('en-US')).format(n);
  return (decimalFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })).format(n);
}

/** The en-US integer format's text for a safe integer (-1,234,567), without a call into ICU (a microsecond each). */
function groupThousands(n: number): string {
  const digits = String(n < 0 ? -n : n);
  if (digits.length <= 3) return n < 0 ? `-${digits}` : digits;
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
