// Small helpers every command uses to turn a typed result into an embed. Limits are
// enforced later, once, by truncateEmbeds() in embed.ts.
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
  error: 0xed4245,
  warning: 0xfee75c,
} as const;

export function field(name: string, value: string, inline = false): APIEmbedField {
  return { name, value: value || '—', inline };
}

/** "src/eat.c newuhs()" lines, linked to the pinned tag, for a Sources field. */
export function citationLines(citations: readonly Citation[], max = 8): string {
  const list = uniqueCitations(citations);
  const lines = list.slice(0, max).map((c) => `[\`${citationText(c)}\`](${citationUrl(c)})${c.note ? ` — ${c.note}` : ''}`);
  if (list.length > max) lines.push(`…and ${list.length - max} more (see \`--json\`)`);
  return lines.join('\n');
}

export function sourcesField(citations: readonly Citation[], max?: number): APIEmbedField {
  return field('Source', citationLines(citations, max));
}

/** Footer naming the game version every answer used. */
export function versionFooter(game: 'NetHack' | 'Crawl', version: string, ref: string, extra?: string): { text: string } {
  return { text: `${game} ${version} (${ref})${extra ? ` · ${extra}` : ''}` };
}

export function embed(e: APIEmbed): APIEmbed {
  return e;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 || n === -1 ? one : many}`;
}

export function fmt(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
