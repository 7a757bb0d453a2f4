// Who is in "this channel's party". Discord gives a bot without privileged intents no member
// list, so the party of a channel is the users who shared a hero and used /hero share, /hero show
// or /party there. Each channel keeps an index of such users (hungerbot:party:<channel>), and
// each user's record lists the channels it was noted in; /party trusts a user only when both
// agree and a hero is still shared, so a stale index entry reveals nothing.
import { z } from 'zod';
import type { Store } from '../store/store.ts';
import { HeroRepo } from './repo.ts';
import { MAX_CHANNELS, type UserHeroes } from './schema.ts';

export const partyKey = (channelId: string) => `hungerbot:party:${channelId}`;
export const MAX_PARTY = 200;
/** A user is noted again in a channel at most once a day (the record's channel list says when). */
export const PRESENCE_REFRESH_MS = 24 * 3600 * 1000;

const PartySchema = z.object({
  schemaVersion: z.literal(1),
  channelId: z.string(),
  guildId: z.string().nullable(),
  /** userId -> when last noted here. */
  members: z.record(z.string(), z.string()),
});
type Party = z.infer<typeof PartySchema>;

export interface Where {
  channelId: string;
  guildId?: string;
}

/** Users noted in the channel, newest first (the index only: /party checks each record). */
export async function partyMembers(store: Store, channelId: string): Promise<string[]> {
  const parsed = PartySchema.safeParse(await store.get(partyKey(channelId)).catch(() => undefined));
  if (!parsed.success) return [];
  return Object.entries(parsed.data.members)
    .sort((a, b) => b[1].localeCompare(a[1]))
    .map(([id]) => id);
}

/** Did this record note the channel (the user's own side of the index)? */
export function notedIn(record: UserHeroes | null, channelId: string): boolean {
  return !!record?.channels.some((c) => c.channelId === channelId);
}

/**
 * Note the user in the channel: in their record (bounded, newest last) and in the channel's index.
 * Only for a user with a shared hero; at most once a day per channel unless `force`.
 */
export async function notePresence(
  store: Store,
  userId: string,
  where: Where,
  opts: { record?: UserHeroes | null; force?: boolean; now?: string } = {},
): Promise<boolean> {
  const now = opts.now ?? new Date().toISOString();
  const repo = new HeroRepo(store, () => now);
  const record = opts.record === undefined ? await repo.read(userId) : opts.record;
  if (!record?.heroes.some((h) => h.shared)) return false;
  const seen = record.channels.find((c) => c.channelId === where.channelId);
  if (!opts.force && seen && Date.parse(now) - Date.parse(seen.at) < PRESENCE_REFRESH_MS) return false;
  await repo.mutate(userId, (current) => {
    if (!current) return { result: null };
    const others = current.channels.filter((c) => c.channelId !== where.channelId);
    const entry = { channelId: where.channelId, guildId: where.guildId ?? null, at: now };
    return { record: { ...current, channels: [...others, entry].slice(-MAX_CHANNELS) }, result: null };
  });
  await store.update(
    partyKey(where.channelId),
    (current) => {
      const parsed = PartySchema.safeParse(current);
      const party: Party = parsed.success
        ? parsed.data
        : { schemaVersion: 1, channelId: where.channelId, guildId: where.guildId ?? null, members: {} };
      const members = Object.entries({ ...party.members, [userId]: now })
        .sort((a, b) => b[1].localeCompare(a[1]))
        .slice(0, MAX_PARTY);
      return { value: { ...party, members: Object.fromEntries(members) }, result: null };
    },
    { acceptUnreadable: true },
  );
  return true;
}

/** Remove the user from the channels their record lists (deleting all their data). */
export async function forgetPresence(store: Store, userId: string, channelIds: readonly string[]): Promise<void> {
  for (const channelId of channelIds) {
    await store.update(
      partyKey(channelId),
      (current) => {
        const parsed = PartySchema.safeParse(current);
        if (!parsed.success || !(userId in parsed.data.members)) return { keep: true as const, result: null };
        const members = { ...parsed.data.members };
        delete members[userId];
        if (!Object.keys(members).length) return { delete: true as const, result: null };
        return { value: { ...parsed.data, members }, result: null };
      },
      { acceptUnreadable: true },
    );
  }
}
