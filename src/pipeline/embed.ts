// One truncation helper every reply passes through, so no embed can break Discord's limits.
import type { APIEmbed } from 'discord-api-types/v10';
import {
  EMBED_AUTHOR_MAX,
  EMBED_DESCRIPTION_MAX,
  EMBED_FIELD_NAME_MAX,
  EMBED_FIELD_VALUE_MAX,
  EMBED_FIELDS_MAX,
  EMBED_FOOTER_MAX,
  EMBED_TITLE_MAX,
  MESSAGE_EMBED_TOTAL_MAX,
  MESSAGE_EMBEDS_MAX,
} from './limits.ts';

/** The colour of every error reply (Discord's red); the command kit's palette reuses it. */
export const ERROR_COLOR = 0xed4245;

const ELLIPSIS = '…';

/**
 * Replace lone UTF-16 surrogates (which Discord rejects and JSON cannot carry) with U+FFFD. Every
 * string of every reply passes here: the engine's own check is several times faster than a regex.
 */
export function wellFormed(text: string): string {
  const t = text as WellFormedString;
  return t.isWellFormed() ? text : t.toWellFormed();
}

/** ES2024's String methods: Node.js 20 has them, the project's TypeScript lib (ES2023) not yet. */
type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * At most `max` UTF-16 units, ending in `ellipsis` when shortened. The text is made well formed
 * first and never cut inside a surrogate pair, so no reply carries half a character.
 */
export function truncate(text: string, max: number, ellipsis = ELLIPSIS): string {
  const clean = wellFormed(text);
  if (clean.length <= max) return clean;
  const tail = max >= ellipsis.length ? ellipsis : '';
  let cut = Math.max(0, max - tail.length);
  const last = clean.charCodeAt(cut - 1);
  if (cut > 0 && last >= 0xd800 && last <= 0xdbff) cut--;
  return clean.slice(0, cut) + tail;
}

function embedLength(e: APIEmbed): number {
  let n =
    (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0) + (e.author?.name.length ?? 0);
  for (const f of e.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

function truncateOne(e: APIEmbed): APIEmbed {
  const out: APIEmbed = { ...e };
  if (out.title !== undefined) out.title = truncate(out.title, EMBED_TITLE_MAX);
  if (out.description !== undefined) out.description = truncate(out.description, EMBED_DESCRIPTION_MAX);
  // Discord refuses empty parts: an empty title or description is dropped, an empty footer too.
  if (!out.title) delete out.title;
  if (!out.description) delete out.description;
  if (out.footer) out.footer = { ...out.footer, text: truncate(out.footer.text || '\u200b', EMBED_FOOTER_MAX) };
  if (out.author) out.author = { ...out.author, name: truncate(out.author.name || '\u200b', EMBED_AUTHOR_MAX) };
  if (out.fields) {
    out.fields = out.fields.slice(0, EMBED_FIELDS_MAX).map((f) => ({
      ...f,
      name: truncate(f.name || '\u200b', EMBED_FIELD_NAME_MAX),
      value: truncate(f.value || '\u200b', EMBED_FIELD_VALUE_MAX),
    }));
  }
  return out;
}

/**
 * Enforce every embed limit: per-part lengths, 25 fields, 10 embeds, and 6000 characters
 * across the whole message (dropping trailing fields, then shortening the description).
 */
export function truncateEmbeds(embeds: readonly APIEmbed[]): APIEmbed[] {
  const list = embeds.slice(0, MESSAGE_EMBEDS_MAX).map(truncateOne);
  let total = list.reduce((n, e) => n + embedLength(e), 0);
  for (let i = list.length - 1; i >= 0 && total > MESSAGE_EMBED_TOTAL_MAX; i--) {
    const e = list[i]!;
    while (e.fields && e.fields.length > 0 && total > MESSAGE_EMBED_TOTAL_MAX) {
      const f = e.fields.pop()!;
      total -= f.name.length + f.value.length;
    }
    if (total > MESSAGE_EMBED_TOTAL_MAX && e.description) {
      const keep = Math.max(0, e.description.length - (total - MESSAGE_EMBED_TOTAL_MAX));
      total -= e.description.length;
      e.description = truncate(e.description, keep);
      total += e.description.length;
      if (!e.description) delete e.description;
    }
    if (total > MESSAGE_EMBED_TOTAL_MAX && i > 0) {
      total -= embedLength(e);
      list.splice(i, 1);
    }
  }
  return list;
}

export function messageLength(embeds: readonly APIEmbed[]): number {
  return embeds.reduce((n, e) => n + embedLength(e), 0);
}
