// /hero new, show, list, switch, rename, delete (with a confirmation button), export, log, undo.
import { randomBytes } from 'node:crypto';
import { UserError } from '../../src/errors.ts';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, text, user } from '../../src/pipeline/options.ts';
import { COLORS, compact, fmt } from '../../src/kit/render.ts';
import { statusFor } from '../../src/engine/nethack/status.ts';
import { roleChoices, toChoices } from '../../src/kit/choices.ts';
import { defineSubcommand, type AutocompleteFn, type HandlerContext, type Reply } from '../../src/pipeline/types.ts';
import { CRAWL_VERSIONS, NETHACK_VERSIONS } from '../../src/engine/cite.ts';
import { activeHero, emptyRecord, replaceHero } from '../../src/heroes/repo.ts';
import {
  CrawlStateSchema,
  HERO_NAME_MAX,
  MAX_HEROES_PER_USER,
  MAX_LOG_EVENTS,
  NethackStateSchema,
  type Hero,
} from '../../src/heroes/schema.ts';
import { crawlSpeciesNames, resolveCrawlSpecies } from '../../src/heroes/crawl.ts';
import { INITIAL_ALIGNMENT_RECORD, NETHACK_RACES, resolveRole } from '../../src/heroes/nethack.ts';
import { ALL_KEPT } from '../../src/heroes/conducts.ts';
import { coreOf, heroReply, heroTitle, heroValue, repoFor, withEvent } from './common.ts';
import { notePresenceSafely, showShared } from './shared.ts';
import { importNonceKey } from '../../src/heroes/import.ts';
import { forgetPresence } from '../../src/heroes/party.ts';
import { forgetSettings, userSettingsKey } from '../../src/settings/settings.ts';

/** A new hero's name: short, and nothing that Markdown or mentions would read. */
export const newHeroName = text('Hero name', {
  maxLength: HERO_NAME_MAX,
  pattern: {
    regex: /^[^`@#:*_~|<>]+$/,
    message: 'cannot contain Markdown or mention characters (` @ # : * _ ~ | < >)',
  },
});

/** Autocomplete over the caller's own heroes. */
export const heroNameAutocomplete: AutocompleteFn = async (focused, _partial, ctx) => {
  const record = await repoFor(ctx)
    .read(ctx.user.id)
    .catch(() => null);
  return toChoices(
    focused.value,
    (record?.heroes ?? []).map((h) => ({
      name: h.name,
      label: `${h.name} (${h.game === 'nethack' ? 'NetHack' : 'Crawl'} ${h.version})`,
    })),
  );
};

/** Which of the caller's heroes a command acts on. */
export const heroName = text('Which of your heroes (default: the active one)', {
  autocomplete: true,
  maxLength: HERO_NAME_MAX,
});

const VERSION_CHOICES = [...NETHACK_VERSIONS, ...CRAWL_VERSIONS] as const;
/** Both games: NetHack caps it at 25, Crawl at 99. */
export const heroInt = integer('Intelligence', { min: 1, max: 99, example: 16 });

export const newSubcommand = defineSubcommand({
  name: 'new',
  description: 'Create a hero (NetHack 3.6.7, or your /settings version) and make it active',
  example: '/hero new name:Valk',
  access: 'write',
  options: {
    name: newHeroName.required(),
    game: choice('nethack (default) or crawl', ['nethack', 'crawl']),
    version: choice('Game version (3.6.7, 0.13, ...)', VERSION_CHOICES),
    role: kinds.role.describe('NetHack role (default Valkyrie)'),
    race: choice('NetHack race (default human)', NETHACK_RACES),
    species: kinds.species.describe('Crawl species (default Human)'),
    nutrition: kinds.nutrition.describe('Starting nutrition/satiation'),
    turn: kinds.heroTurn,
    con: kinds.con.describe('Constitution (NetHack)'),
    int: heroInt,
  },
  autocomplete(focused) {
    if (focused.name === 'role') return roleChoices(focused.value);
    if (focused.name === 'species')
      return toChoices(
        focused.value,
        crawlSpeciesNames('0.13').map((s) => ({ name: s })),
      );
    return [];
  },
  async run(args, ctx) {
    const game =
      args.game ??
      (args.version && (CRAWL_VERSIONS as readonly string[]).includes(args.version)
        ? 'crawl'
        : args.species
          ? 'crawl'
          : 'nethack');
    const id = randomBytes(5).toString('hex');
    const base = { id, name: args.name, createdAt: new Date().toISOString(), shared: false };
    let core: Hero;
    if (game === 'nethack') {
      if (args.version && !(NETHACK_VERSIONS as readonly string[]).includes(args.version)) {
        throw new UserError(
          `NetHack heroes use version ${NETHACK_VERSIONS.join(', ')}, not ${args.version}.`,
          undefined,
          'bad_version',
        );
      }
      if (args.species)
        throw new UserError(
          '`species` is for Crawl heroes; NetHack heroes have a role and race.',
          'Add `game:crawl` for a Crawl hero.',
          'wrong_game',
        );
      // src/u_init.c u_init() -> init_uhunger(): every game starts at 900 nutrition, moves = 1.
      // A hero met at turn 1 is at the game's start: every conduct kept, the role's initial alignment.
      const turn = Math.max(1, args.turn ?? 1);
      const role = args.role ? resolveRole(args.role) : 'Valkyrie';
      const start = turn === 1;
      const nethack = NethackStateSchema.parse({
        role,
        race: args.race,
        con: args.con,
        int: args.int,
        nutrition: args.nutrition ?? 900,
        turn,
        ...(start
          ? {
              conducts: ALL_KEPT,
              alignmentRecord: INITIAL_ALIGNMENT_RECORD[role as keyof typeof INITIAL_ALIGNMENT_RECORD],
              prayer: { steps: [], history: [], known: true },
            }
          : {}),
      });
      const version = (args.version ??
        ctx.settings.effective.nethackVersion.value) as (typeof NETHACK_VERSIONS)[number];
      core = { ...base, game: 'nethack', version, nethack, log: [], undo: [], pending: null } as unknown as Hero;
    } else {
      if (args.version && !(CRAWL_VERSIONS as readonly string[]).includes(args.version)) {
        throw new UserError(
          `Crawl heroes use version ${CRAWL_VERSIONS.join(', ')}, not ${args.version}.`,
          undefined,
          'bad_version',
        );
      }
      if (args.role || args.race || args.con)
        throw new UserError(
          '`role`, `race` and `con` are for NetHack heroes; Crawl heroes have a species.',
          undefined,
          'wrong_game',
        );
      const version = (args.version ?? ctx.settings.effective.crawlVersion.value) as (typeof CRAWL_VERSIONS)[number];
      const crawl = CrawlStateSchema.parse({
        species: args.species ? resolveCrawlSpecies(version, args.species) : 'Human',
        value: args.nutrition ?? startingSatiation(version),
        turn: args.turn ?? 0,
        int: args.int,
      });
      core = { ...base, game: 'crawl', version, crawl, log: [], undo: [], pending: null } as unknown as Hero;
    }
    const hero = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
      const rec = record ?? emptyRecord(ctx.user.id, now);
      if (rec.heroes.length >= MAX_HEROES_PER_USER) {
        throw new UserError(
          `You already have ${MAX_HEROES_PER_USER} heroes, the most one user can keep.`,
          'Delete one with `/hero delete hero:<name>` first.',
          'too_many_heroes',
        );
      }
      if (rec.heroes.some((h) => h.name.toLowerCase() === args.name.toLowerCase())) {
        throw new UserError(
          `You already have a hero called ${args.name}.`,
          'Pick another name, or `/hero switch` to it.',
          'duplicate_hero',
        );
      }
      const created = withEvent(
        { ...core, log: [], undo: [] },
        coreOf(core),
        'new',
        `Created at nutrition ${heroValue(core).nutrition}, turn ${heroValue(core).turn}.`,
        now,
      );
      const withoutUndo = { ...created, undo: [] }; // nothing to undo before creation
      return {
        record: { ...rec, heroes: [...rec.heroes, withoutUndo], activeId: withoutUndo.id },
        result: withoutUndo,
      };
    });
    return heroReply(hero, { headline: `Created, now your active hero.`, ephemeral: args.hide });
  },
});

/** Crawl: every character starts at HUNGER_DEFAULT (food.h; 0.13/0.14/0.15 alike). */
function startingSatiation(_version: '0.13' | '0.14' | '0.15'): number {
  return 6000;
}

export const showSubcommand = defineSubcommand({
  name: 'show',
  description: 'Your hero (or a shared one): status, burn, forecast, chart',
  example: '/hero show',
  access: 'read',
  options: {
    hero: heroName,
    chart: boolean('Attach the PNG chart (default on, or your /settings)').default(true).fromSetting('chart'),
    user: user('Someone else: their shared hero, read-only'),
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    if (args.user && args.user !== ctx.user.id) return showShared(ctx, args.user, args);
    const record = await repoFor(ctx).read(ctx.user.id);
    const hero = activeHero(record, args.hero);
    await notePresenceSafely(ctx, record);
    return heroReply(hero, { chart: args.chart, ephemeral: args.hide });
  },
});

export const listSubcommand = defineSubcommand({
  name: 'list',
  description: 'All your heroes',
  example: '/hero list',
  access: 'read',
  options: {},
  async run(args, ctx) {
    const record = await repoFor(ctx).read(ctx.user.id);
    const heroes = record?.heroes ?? [];
    const active = heroes.find((h) => h.id === record?.activeId);
    const title = heroes.length
      ? `You have ${heroes.length} hero${heroes.length === 1 ? '' : 'es'}${active ? `; ${active.name} is active` : ''}`
      : 'You have no heroes yet';
    const lines = heroes.length
      ? heroes.map((h) => listLine(h, h.id === record?.activeId))
      : ['Create one with `/hero new name:<name>`.'];
    return {
      embeds: [
        compact({
          title,
          color: COLORS.info,
          lines,
          footer: { text: `at most ${MAX_HEROES_PER_USER} heroes per user` },
        }),
      ],
      result: {
        activeId: record?.activeId ?? null,
        heroes: heroes.map((h) => ({
          id: h.id,
          name: h.name,
          game: h.game,
          version: h.version,
          ...heroValue(h),
          active: h.id === record?.activeId,
        })),
      },
      ephemeral: args.hide,
    };
  },
});

/** "▶ **Valk** — NetHack 3.6.7, nutrition 900 (Not Hungry), turn 1" */
function listLine(h: Hero, active: boolean): string {
  const v = heroValue(h);
  const game = `${h.game === 'nethack' ? 'NetHack' : 'Crawl'} ${h.version}`;
  const state =
    h.game === 'nethack'
      ? `nutrition ${fmt(v.nutrition)} (${h.nethack.alive ? statusFor(h.nethack.nutrition) : (h.nethack.death ?? 'starved')})`
      : h.crawl.alive
        ? `satiation ${fmt(v.nutrition)}`
        : 'starved';
  return `${active ? '▶' : '•'} **${h.name}** — ${game}, ${state}, turn ${fmt(v.turn)}`;
}

export const switchSubcommand = defineSubcommand({
  name: 'switch',
  description: 'Make another of your heroes the active one',
  example: '/hero switch name:Valk',
  access: 'write',
  options: { name: text('Hero name', { autocomplete: true, maxLength: HERO_NAME_MAX }).required() },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = await repoFor(ctx).mutate(ctx.user.id, (record) => {
      const h = activeHero(record, args.name);
      return { record: { ...record!, activeId: h.id }, result: h };
    });
    return heroReply(hero, { headline: `Now your active hero.`, ephemeral: args.hide });
  },
});

export const renameSubcommand = defineSubcommand({
  name: 'rename',
  description: 'Rename a hero',
  example: '/hero rename name:Brunhilde',
  access: 'write',
  options: { name: newHeroName.describe('New name').required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
      const h = activeHero(record, args.hero);
      if (record!.heroes.some((o) => o.id !== h.id && o.name.toLowerCase() === args.name.toLowerCase())) {
        throw new UserError(`You already have a hero called ${args.name}.`, undefined, 'duplicate_hero');
      }
      const renamed = withEvent(
        h,
        { ...coreOf(h), name: args.name },
        'rename',
        `Renamed from ${h.name} to ${args.name}.`,
        now,
      );
      return { record: replaceHero(record!, renamed), result: renamed };
    });
    return heroReply(hero, { headline: hero.log.at(-1)?.summary ?? 'Renamed.', ephemeral: args.hide });
  },
});

// ---- delete, with a confirmation button ----------------------------------------------------

const DELETE_CONFIRM_MS = 15 * 60 * 1000;
/** The one-use nonce of a delete confirmation, kept in the store so any process can check it. */
const deleteNonceKey = (userId: string, nonce: string) => `hungerbot:confirm:delete:${userId}:${nonce}`;

/** customId: hero:delete:<userId>:<heroId|all>:<nonce>. The user id makes the button theirs only. */
async function deleteButtons(ctx: HandlerContext, target: string): Promise<Reply['buttons']> {
  const nonce = randomBytes(8).toString('hex');
  await ctx.services.store.setIfAbsent(deleteNonceKey(ctx.user.id, nonce), DELETE_CONFIRM_MS);
  return [
    {
      customId: `hero:delete:${ctx.user.id}:${target}:${nonce}`,
      label: target === 'all' ? 'Delete everything' : 'Delete for good',
      style: 'danger',
    },
    { customId: `hero:cancel:${ctx.user.id}:${nonce}`, label: 'Keep it', style: 'secondary' },
  ];
}

export const deleteSubcommand = defineSubcommand({
  name: 'delete',
  description: 'Delete a hero for good (asks to confirm)',
  example: '/hero delete hero:Valk',
  access: 'write',
  options: { hero: heroName, everything: boolean('Delete all your stored data').default(false) },
  privateReply: true,
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    if (args.everything) {
      // No read: a record that cannot be read at all can still be deleted this way.
      return {
        embeds: [
          {
            title: 'Delete all your hungerbot data for good? Confirm below',
            description:
              'Every hero, log and undo history, your /settings and your /party listings will be removed for good.',
            color: COLORS.warning,
          },
        ],
        result: { confirm: 'delete-all', pending: true },
        buttons: await deleteButtons(ctx, 'all'),
        ephemeral: true,
      };
    }
    const hero = activeHero(await repoFor(ctx).read(ctx.user.id), args.hero);
    return {
      embeds: [
        {
          title: `Delete ${hero.name} for good? Confirm below`,
          description: `${heroTitle(hero)} and its log will be removed for good. This cannot be undone.`,
          color: COLORS.warning,
        },
      ],
      result: { confirm: 'delete', pending: true, hero: { id: hero.id, name: hero.name } },
      buttons: await deleteButtons(ctx, hero.id),
      ephemeral: true,
    };
  },
});

export async function onDeleteButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, target, nonce] = parts;
  if (userId !== ctx.user.id)
    throw new UserError('Only the owner of these heroes can press that.', undefined, 'not_yours');
  // One use, and only a confirmation this bot showed: the nonce must still be in the store.
  if (!nonce || !(await ctx.services.store.consume(deleteNonceKey(ctx.user.id, nonce)))) {
    throw new UserError(
      'That confirmation is no longer valid (already used, cancelled or expired).',
      'Run `/hero delete` again.',
      'stale_button',
    );
  }
  // Everything: the channels the record was noted in (for /party) are read first, to clean up.
  const channels = target === 'all' ? await noteChannels(ctx) : [];
  const removed = await repoFor(ctx).mutate(
    ctx.user.id,
    (record) => {
      if (target === 'all') return { record: null, result: 'all' };
      if (!record) throw new UserError('That hero is already gone.', undefined, 'no_hero');
      const h = record.heroes.find((x) => x.id === target);
      if (!h) throw new UserError('That hero is already gone.', undefined, 'no_hero');
      const heroes = record.heroes.filter((x) => x.id !== target);
      const next = heroes.length
        ? { ...record, heroes, activeId: record.activeId === target ? heroes[0]!.id : record.activeId }
        : null;
      return { record: next, result: h.name };
    },
    { allowCorrupt: target === 'all' },
  );
  if (removed === 'all') {
    await forgetSettings(ctx.services.store, userSettingsKey(ctx.user.id));
    await forgetPresence(ctx.services.store, ctx.user.id, channels);
  }
  const text =
    removed === 'all'
      ? 'All your stored heroes, logs, settings and party listings are deleted.'
      : `${removed} is deleted.`;
  return {
    embeds: [{ title: 'Deleted', description: text, color: COLORS.ok }],
    result: { deleted: removed },
    ephemeral: true,
  };
}

/** The channels a record lists for /party (none when it cannot be read). */
async function noteChannels(ctx: HandlerContext): Promise<string[]> {
  try {
    return ((await repoFor(ctx).read(ctx.user.id))?.channels ?? []).map((c) => c.channelId);
  } catch {
    return [];
  }
}

export async function onCancelButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, nonce] = parts;
  if (userId !== ctx.user.id) {
    throw new UserError('Only the owner of these heroes can press that.', undefined, 'not_yours');
  }
  // A cancelled delete can no longer be confirmed; nor can a meal or prayer waiting on the hero.
  if (nonce) {
    await ctx.services.store.consume(deleteNonceKey(ctx.user.id, nonce));
    await ctx.services.store.consume(importNonceKey(ctx.user.id, nonce));
    await repoFor(ctx).mutate(ctx.user.id, (record) => {
      const waiting = record?.heroes.find((h) => h.pending?.nonce === nonce);
      if (!record || !waiting) return { result: null };
      return { record: replaceHero(record, { ...waiting, pending: null }), result: null };
    });
  }
  return {
    embeds: [{ title: 'Nothing was changed', color: COLORS.info }],
    result: { cancelled: true },
    ephemeral: true,
  };
}

// ---- export, log, undo -------------------------------------------------------------------

export const exportSubcommand = defineSubcommand({
  name: 'export',
  description: 'Download all your stored data as JSON',
  example: '/hero export',
  access: 'read',
  options: {},
  privateReply: true,
  async run(_args, ctx) {
    const stored = await repoFor(ctx).raw(ctx.user.id);
    const record = stored.state === 'readable' ? stored.value : null;
    // A record that cannot be read is handed back as the exact text stored, for recovery.
    const unreadable = stored.state === 'unreadable' ? { reason: stored.reason, text: stored.text } : undefined;
    const exportedAt = new Date().toISOString();
    const settings = await rawSettings(ctx);
    const file = { exportedAt, userId: ctx.user.id, record, settings, ...(unreadable ? { unreadable } : {}) };
    const data = Buffer.from(JSON.stringify(file, null, 2));
    const nothing = stored.state === 'absent' && settings === null;
    const description = nothing
      ? 'You have no stored data.'
      : unreadable
        ? `Your stored record cannot be read (${unreadable.reason}). Its exact stored text is in the attached ` +
          'file; `/hero delete everything:true` removes it.'
        : 'Everything stored for you is in the attached JSON file.';
    return {
      embeds: [
        {
          title: nothing
            ? 'You have no stored hero data'
            : `Your hungerbot data: ${fmt(data.length)} bytes of JSON, attached`,
          description,
          color: unreadable ? COLORS.warning : COLORS.info,
        },
      ],
      result: { userId: ctx.user.id, bytes: data.length, record, settings, ...(unreadable ? { unreadable } : {}) },
      files: [
        {
          name: `hungerbot-${ctx.user.id}.json`,
          data,
          contentType: 'application/json',
          description: 'Your stored heroes',
        },
      ],
      ephemeral: true,
    };
  },
});

/** The user's /settings record as stored (its exact text when it cannot be read), or null. */
async function rawSettings(ctx: HandlerContext): Promise<unknown> {
  const stored = await ctx.services.store.inspect(userSettingsKey(ctx.user.id));
  if (stored.state === 'absent') return null;
  if (stored.state === 'unreadable') return { unreadable: { reason: stored.reason, text: stored.raw } };
  return stored.value;
}

export const logSubcommand = defineSubcommand({
  name: 'log',
  description: "Your hero's recent events",
  example: '/hero log',
  access: 'read',
  options: { hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = activeHero(await repoFor(ctx).read(ctx.user.id), args.hero);
    const events = hero.log.slice(-20).reverse();
    const row = (e: Hero['log'][number]) => `\`T${e.turn}\` ${e.summary} → ${fmt(e.nutrition)}`;
    const last = hero.log[hero.log.length - 1];
    const count = `${hero.log.length} event${hero.log.length === 1 ? '' : 's'}`;
    const title = last
      ? `${hero.name}: ${count}, last at turn ${fmt(last.turn)}: ${last.summary.replace(/\.$/, '')}`
      : `${hero.name}: no events yet`;
    const footer = {
      text: `${hero.log.length} events stored (at most ${MAX_LOG_EVENTS}); /hero undo reverts the newest`,
    };
    return {
      embeds: [compact({ title, color: COLORS.info, lines: events.slice(0, 5).map(row), footer })],
      details: [
        {
          title,
          color: COLORS.info,
          description: events.length ? events.map(row).join('\n') : 'No events yet.',
          footer,
        },
      ],
      result: { hero: { id: hero.id, name: hero.name }, events: hero.log },
      ephemeral: args.hide,
    };
  },
});

export const undoSubcommand = defineSubcommand({
  name: 'undo',
  description: "Revert your hero's last event",
  example: '/hero undo',
  access: 'write',
  options: { hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    return undoLast(ctx, args.hero, args.hide);
  },
});

/** Revert the hero's newest event (the command, and the Undo button under a dead hero's reply). */
export async function undoLast(ctx: HandlerContext, heroName: string | undefined, hide?: boolean): Promise<Reply> {
  const { hero, undone } = await repoFor(ctx).mutate(ctx.user.id, (record) => {
    const h = activeHero(record, heroName);
    const last = h.undo[h.undo.length - 1];
    if (!last) throw new UserError(`${h.name} has nothing to undo.`, undefined, 'nothing_to_undo');
    const restored: Hero = {
      ...(last.before as Hero),
      log: h.log.slice(0, -1),
      undo: h.undo.slice(0, -1),
      pending: null,
    } as Hero;
    return { record: replaceHero(record!, restored), result: { hero: restored, undone: last.event } };
  });
  return heroReply(hero, { headline: `Undid: ${undone.summary}`, ephemeral: hide, extra: { undone } });
}

/** Button: hero:undo:<heroId>, under a dead hero's reply; acts on the presser's own hero only. */
export async function onUndoButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [heroId] = parts;
  const record = await repoFor(ctx).read(ctx.user.id);
  if (!record?.heroes.some((h) => h.id === heroId))
    throw new UserError('Only the owner of this hero can undo.', undefined, 'not_yours');
  return undoLast(ctx, heroId);
}
