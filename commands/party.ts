// /party: the shared heroes of this channel's members, with their status and next milestone.
// A bot without privileged intents gets no member list, so "this channel's members" are the users
// who shared a hero and used /hero share, /hero show or /party here (src/heroes/party.ts); each is
// checked against their own record, and only heroes still shared are listed.
import { UserError } from '../src/errors.ts';
import { COLORS, compact, field } from '../src/kit/render.ts';
import { defineCommand } from '../src/pipeline/types.ts';
import { notedIn, partyMembers } from '../src/heroes/party.ts';
import { HeroRepo } from '../src/heroes/repo.ts';
import type { Hero, UserHeroes } from '../src/heroes/schema.ts';
import { heroStatus } from './hero/common.ts';
import { PARTY_RULE, notePresenceSafely } from './hero/shared.ts';

/** At most this many members are read per /party (newest noted first). */
const MAX_READ = 50;
const MAX_LISTED = 25;

interface Entry {
  userId: string;
  hero: Hero;
  state: string;
  next: string | null;
}

export const partyCommand = defineCommand({
  name: 'party',
  description: "Shared heroes of this channel's members: status and next milestone",
  example: '/party',
  access: 'read',
  options: {},
  async run(args, ctx) {
    if (!ctx.channelId)
      throw new UserError('/party lists the heroes shared in a channel; use it in one.', undefined, 'no_channel');
    const repo = new HeroRepo(ctx.services.store);
    const own = await repo.read(ctx.user.id).catch(() => null);
    await notePresenceSafely(ctx, own);
    const ids = (await partyMembers(ctx.services.store, ctx.channelId)).slice(0, MAX_READ);
    const records = await Promise.all(ids.map((id) => readQuietly(repo, id)));
    const entries: Entry[] = [];
    for (const [i, record] of records.entries()) {
      if (!record || !notedIn(record, ctx.channelId)) continue;
      for (const hero of record.heroes.filter((h) => h.shared)) {
        if (entries.length >= MAX_LISTED) break;
        entries.push({ userId: ids[i]!, hero, ...(await heroStatus(hero)) });
      }
    }
    return partyReply(entries, args.hide);
  },
});

/** A record that cannot be read is left out (never an error about someone else's data). */
async function readQuietly(repo: HeroRepo, userId: string): Promise<UserHeroes | null> {
  try {
    return await repo.read(userId);
  } catch {
    return null;
  }
}

function line(e: Entry): string {
  const game = `${e.hero.game === 'nethack' ? 'NetHack' : 'Crawl'} ${e.hero.version}`;
  const who = e.hero.game === 'nethack' ? `${e.hero.nethack.race} ${e.hero.nethack.role}` : e.hero.crawl.species;
  return `**${e.hero.name}** (<@${e.userId}>, ${who}, ${game}): ${e.state}${e.next ? `; ${e.next}` : ''}`;
}

function partyReply(entries: Entry[], hide?: boolean) {
  const people = new Set(entries.map((e) => e.userId)).size;
  const title = entries.length
    ? `${entries.length} shared hero${entries.length === 1 ? '' : 'es'} here, ` +
      `of ${people} ${people === 1 ? 'person' : 'people'}`
    : 'No shared heroes in this channel yet';
  const footer = { text: PARTY_RULE };
  const lines = entries.length ? entries.map(line) : ['Share yours with `/hero share state:on`.'];
  return {
    embeds: [compact({ title, color: COLORS.info, lines: lines.slice(0, 4), footer })],
    details: [
      {
        title,
        color: COLORS.info,
        description: PARTY_RULE,
        fields: entries.map((e) => field(e.hero.name, line(e))).slice(0, 25),
        footer,
      },
    ],
    result: {
      heroes: entries.map((e) => ({
        userId: e.userId,
        hero: { id: e.hero.id, name: e.hero.name, game: e.hero.game, version: e.hero.version },
        state: e.state,
        next: e.next,
      })),
      rule: PARTY_RULE,
    },
    ephemeral: hide,
  };
}
