// Someone else's shared hero, read-only (/hero show user:@x), and noting a user in a channel's
// party. A hero not shared is never shown to anyone else, and asking for one reveals nothing:
// the same private "not shared" whether the user has no record, no heroes, or only unshared ones.
import { UserError } from '../../src/errors.ts';
import type { HandlerContext, Reply } from '../../src/pipeline/types.ts';
import { notePresence } from '../../src/heroes/party.ts';
import { HeroRepo } from '../../src/heroes/repo.ts';
import type { Hero, UserHeroes } from '../../src/heroes/schema.ts';
import { heroReply } from './common.ts';

/** How /party finds people (there is no member list for a bot without privileged intents). */
export const PARTY_RULE =
  '/party lists shared heroes of people who used /hero share, /hero show or /party in this channel ' +
  "(bots can't see member lists).";

/** Note the user in this channel's party; a failure there never fails the command (it is logged). */
export async function notePresenceSafely(ctx: HandlerContext, record: UserHeroes | null, force = false): Promise<void> {
  if (!ctx.channelId) return;
  try {
    await notePresence(
      ctx.services.store,
      ctx.user.id,
      { channelId: ctx.channelId, guildId: ctx.guildId },
      { record, force },
    );
  } catch (err) {
    ctx.services.logger.warn({ err, userId: ctx.user.id }, 'could not note party presence');
  }
}

/** The same answer for every hero that may not be shown: it says nothing about what exists. */
function notShared(userId: string): UserError {
  return new UserError(
    `<@${userId}> has no hero shared with others.`,
    'They can share one with `/hero share state:on`.',
    'not_shared',
  );
}

/** Someone else's shared hero (their active one if shared, else their first shared), read-only. */
export async function showShared(
  ctx: HandlerContext,
  ownerId: string,
  args: { hero?: string; chart: boolean; hide?: boolean },
): Promise<Reply> {
  let record: UserHeroes | null = null;
  try {
    record = await new HeroRepo(ctx.services.store).read(ownerId);
  } catch (err) {
    if (err instanceof UserError) throw notShared(ownerId); // a broken record is private too
    throw err;
  }
  const shared = (record?.heroes ?? []).filter((h) => h.shared);
  const wanted = args.hero?.trim().toLowerCase();
  const pick = (list: Hero[]) =>
    wanted
      ? (list.find((h) => h.id === wanted || h.name.toLowerCase() === wanted) ??
        list.find((h) => h.name.toLowerCase().startsWith(wanted)))
      : (list.find((h) => h.id === record?.activeId) ?? list[0]);
  const hero = pick(shared);
  if (!hero) throw notShared(ownerId);
  return heroReply(hero, { chart: args.chart, ephemeral: args.hide, sharedBy: ownerId });
}
