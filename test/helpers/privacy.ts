// Who could see what: replays the responses one interaction received (the initial callback, then
// edits of @original, its deletion and follow-ups) and reports every piece of private content
// (errors, confirmations, exports) that was ever visible to the channel.
import type { FakeDiscord, RecordedRequest } from './fakeDiscord.ts';

export interface MessageBody {
  embeds?: { title?: string; description?: string }[];
  components?: { components?: { custom_id?: string }[] }[];
  attachments?: { filename?: string }[];
  flags?: number;
}

export type ResponseEvent =
  | { kind: 'initial'; type: number; data?: MessageBody }
  | { kind: 'edit'; data: MessageBody }
  | { kind: 'delete' }
  | { kind: 'followup'; data: MessageBody };

const EPHEMERAL = 64;
const PRIVATE_TITLES = [
  /^That didn't work$/,
  /^Storage is/,
  /^Something went wrong$/,
  /^Delete /,
  /would choke/,
  /^Your hungerbot data$/,
  /^Deleted$/,
  /^Nothing was changed$/,
];

/** Why a message body is private content, or null when it may be public. */
export function privateContent(body: MessageBody | undefined): string | null {
  if (!body) return null;
  for (const e of body.embeds ?? []) {
    const hit = PRIVATE_TITLES.find((re) => re.test(e.title ?? ''));
    if (hit) return `embed "${e.title}"`;
  }
  for (const row of body.components ?? []) {
    for (const c of row.components ?? [])
      if (/^hero:(delete|eat|cancel):/.test(c.custom_id ?? '')) return `button ${c.custom_id}`;
  }
  for (const a of body.attachments ?? [])
    if (/^hungerbot-.*\.json$/.test(a.filename ?? '')) return `export ${a.filename}`;
  return null;
}

/**
 * Private content the channel could see. `messagePrivate` is the visibility of the message a
 * button was on (component interactions only).
 */
export function publicLeaks(events: ResponseEvent[], messagePrivate = false): string[] {
  const leaks: string[] = [];
  let originalPublic: boolean | null = null; // null: no original message yet
  for (const ev of events) {
    if (ev.kind === 'initial') {
      const flags = ev.data?.flags ?? 0;
      if (ev.type === 4) originalPublic = (flags & EPHEMERAL) === 0;
      else if (ev.type === 5) originalPublic = (flags & EPHEMERAL) === 0;
      else if (ev.type === 6 || ev.type === 7) originalPublic = !messagePrivate;
      if ((ev.type === 4 || ev.type === 7) && originalPublic) {
        const why = privateContent(ev.data);
        if (why) leaks.push(`initial ${ev.type}: ${why}`);
      }
    } else if (ev.kind === 'edit') {
      const why = privateContent(ev.data);
      if (why && originalPublic) leaks.push(`edit of a public message: ${why}`);
    } else if (ev.kind === 'delete') {
      originalPublic = null;
    } else {
      const why = privateContent(ev.data);
      if (why && ((ev.data.flags ?? 0) & EPHEMERAL) === 0) leaks.push(`public follow-up: ${why}`);
    }
  }
  return leaks;
}

/** The JSON of a recorded request (multipart: its payload_json). */
export function jsonOf(r: RecordedRequest): Record<string, unknown> {
  const b = r.body as Record<string, unknown> | undefined;
  if (b && 'payload_json' in b) return b.payload_json as Record<string, unknown>;
  return b ?? {};
}

/** Everything the bot sent Discord for one interaction, through the gateway's REST calls. */
export function gatewayEvents(discord: FakeDiscord, id: string, token: string): ResponseEvent[] {
  const events: ResponseEvent[] = [];
  for (const r of discord.requests) {
    if (r.method === 'POST' && r.path === `/interactions/${id}/${token}/callback`) {
      const j = jsonOf(r) as { type: number; data?: MessageBody };
      events.push({ kind: 'initial', type: j.type, data: j.data });
    } else events.push(...webhookEvent(r, token));
  }
  return events;
}

/** The webhook calls (edits, deletions, follow-ups) of an interaction token. */
export function webhookEvent(r: RecordedRequest, token: string): ResponseEvent[] {
  const base = new RegExp(`^/webhooks/\\d+/${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  if (!base.test(r.path)) return [];
  const rest = r.path.replace(base, '');
  if (rest === '/messages/@original' && r.method === 'PATCH') return [{ kind: 'edit', data: jsonOf(r) as MessageBody }];
  if (rest === '/messages/@original' && r.method === 'DELETE') return [{ kind: 'delete' }];
  if (rest === '' && r.method === 'POST') return [{ kind: 'followup', data: jsonOf(r) as MessageBody }];
  return [];
}

/** The final answer of an interaction (the last edit or follow-up, else the initial message). */
export function finalMessage(events: ResponseEvent[]): { data: MessageBody | undefined; private: boolean } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const ev = events[i]!;
    if (ev.kind === 'followup') return { data: ev.data, private: ((ev.data.flags ?? 0) & EPHEMERAL) !== 0 };
    if (ev.kind === 'edit') {
      const initial = events.find((e) => e.kind === 'initial') as
        | Extract<ResponseEvent, { kind: 'initial' }>
        | undefined;
      return { data: ev.data, private: ((initial?.data?.flags ?? 0) & EPHEMERAL) !== 0 };
    }
    if (ev.kind === 'initial' && (ev.type === 4 || ev.type === 7))
      return { data: ev.data, private: ((ev.data?.flags ?? 0) & EPHEMERAL) !== 0 };
  }
  return null;
}
